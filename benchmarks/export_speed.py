"""PNG export speed: `pnp export --png` faces per second beside pdftoppm rasterising the same faces' PDF."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from pnp.export.faces import components, face_drawing
from pnp.export.png import export_png, face_count
from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.pdf import PdfWriter

GAME, DPI, BLEED = "aloft", 300, 3.0


def _best(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def rows(work: Path, repeat: int) -> list[tuple[str, str, str, str]]:
    """One row: our pages (faces) per second, drawing included, beside pdftoppm's on a ready PDF."""
    kit = REGISTRY[GAME].kit(KitRequest())
    pages = face_count(kit)
    ours = pages / _best(lambda: export_png(kit, work / "export", DPI, BLEED), repeat)
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        return [(f"export {GAME} --png --dpi {DPI}", f"{ours:.1f} pages/s", "pdftoppm not installed", "")]
    pdf = work / "faces.pdf"
    writer = PdfWriter(pdf, "faces")
    for component in components(kit):
        for item in component.items:
            for face in (item.front, item.back):
                if face is not None:
                    drawing = face_drawing(component, face, BLEED)
                    writer.page(drawing.width, drawing.height, drawing.draw)
    writer.close()
    command = [pdftoppm, "-png", "-r", str(DPI), str(pdf), str(work / "page")]
    baseline = pages / _best(lambda: subprocess.run(command, check=True, capture_output=True), repeat)
    return [
        (
            f"export {GAME} --png --dpi {DPI}",
            f"{ours:.1f} pages/s",
            f"{baseline:.1f} pages/s pdftoppm -png",
            f"{baseline / ours:.2f}x the time per page (target <= 1x)",
        )
    ]
