"""A non-editable install carries the built-in YAML and the table page's templates and static files with it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_holds_every_board_and_data_file_and_the_table_page(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("pnp-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("boards", "data"):
        for path in (ROOT / folder).glob("*.yaml"):
            assert f"pnp/_builtin/{folder}/{path.name}" in names
    assert "pnp/games/aloft/rules.py" in names
    page = [path for folder in ("templates", "static") for path in (ROOT / "pnp" / "table" / folder).iterdir()]
    assert any(path.name == "seat.html" for path in page) and any(path.name == "table.js" for path in page)
    for path in page:
        assert f"pnp/table/{path.parent.name}/{path.name}" in names
    assert "pnp/table/app.py" in names
