"""A record marked read-only (chmod 444) is refused by the CLI in one line, never rewritten nor made writable."""

from __future__ import annotations

import sys

import pytest

from pnp.referee import session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def test_play_on_a_read_only_record_is_one_line_and_changes_nothing(cli, tmp_path):
    path = tmp_path / "g.pnp"
    session.new(path, "hauling-astronauts", ["ann", "bob"], [], 0, None).save()
    path.chmod(0o444)
    before = path.read_bytes()
    code, out, err = cli("ref", "play", str(path), "choose", "A", "B", "C")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "read-only" in err and "chmod u+w" in err
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444
    path.chmod(0o644)
    assert cli("ref", "play", str(path), "choose", "A", "B", "C")[0] == 0
