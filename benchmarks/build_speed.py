"""Pages per second: the print toolkit against a bare reportlab loop drawing comparable card sheets.

Both sides draw the same poker cards (a bled background, a frame, a title,
three icons and a line of rules text) eight to a page, with crop marks and a
footer, into an A4 PDF with the same embedded font. The toolkit adds its
imposition, clipping, named groups and footer fitting on top.

``command_seconds`` times a whole ``pnp build`` as a user runs it (a fresh process: start-up, imports,
the kit and its files), which benchmarks/run sets beside the same bare per-page time; ``first_build_cpu``
sets a first build's CPU time beside that of an older pnp (``checkout``) in the same run.

    python benchmarks/build_speed.py [--pages 40] [--repeat 5]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas as RlCanvas

import pnp
from pnp.printing import fonts
from pnp.printing.canvas import Canvas
from pnp.printing.parts import Card, Deck, Face, Kit, KitDocument
from pnp.printing.render import PrintSettings, render_kit
from pnp.printing.sizes import POKER

PER_PAGE = 8  # poker cards per A4 page with 3 mm bleed (two columns of four, turned)
COLOURS = ("#cc3333", "#33aa55", "#3366cc", "#ddaa22")


def card_front(number: int) -> Face:
    """A card with a handful of shapes and two lines of text, as a game would draw it."""

    def draw(c: Canvas) -> None:
        c.rect(3, 3, POKER.width - 6, POKER.height - 6, stroke="#222222", width=0.4, radius=2)
        c.text(POKER.width / 2, 12, f"Card {number}", size=11, anchor="middle", bold=True)
        for i, colour in enumerate(COLOURS[:3]):
            c.circle(15 + i * 16, 40, 6, fill=colour, stroke="#000000", width=0.3)
        c.polygon([(10, 60), (53, 60), (31, 75)], fill=COLOURS[3], stroke="#000000")
        c.text(POKER.width / 2, 82, "Play when a balloon lands.", size=6, anchor="middle")

    return Face(draw, background="#f4efe0")


def toolkit(pages: int, out: Path) -> float:
    deck = Deck("cards", POKER, tuple(Card(f"Card {i}", card_front(i)) for i in range(pages * PER_PAGE)))
    kit = Kit("bench", "Benchmark", (KitDocument("cards", (deck,)),), footer="seed 1")
    start = time.perf_counter()
    render_kit(kit, PrintSettings(), out)
    return time.perf_counter() - start


def bare(pages: int, out: Path) -> float:
    """The same sheets drawn straight onto a reportlab canvas (fixed positions, no toolkit)."""
    fonts.register()
    rl_config.useA85 = 0  # streams deflated only, as the toolkit writes them
    start = time.perf_counter()
    # types-reportlab says initialFontName is a float; it is a name
    c = RlCanvas(str(out / "bare.pdf"), initialFontName=fonts.REGULAR, invariant=1, pageCompression=1)  # type: ignore[arg-type]
    w, h = POKER.height * mm, POKER.width * mm  # turned a quarter
    for page in range(pages):
        for slot in range(PER_PAGE):
            col, row = slot % 2, slot // 2
            x, y = (12 + col * (POKER.height + 6)) * mm, (20 + row * (POKER.width + 5)) * mm
            c.saveState()
            p = c.beginPath()
            p.rect(x - 3 * mm, y - 3 * mm, w + 6 * mm, h + 6 * mm)
            c.clipPath(p, stroke=0, fill=0)
            c.setFillColorRGB(0.96, 0.94, 0.88)
            c.rect(x - 3 * mm, y - 3 * mm, w + 6 * mm, h + 6 * mm, stroke=0, fill=1)
            c.translate(x, y)
            c.rotate(90)
            c.translate(0, -h)
            c.setStrokeColorRGB(0.13, 0.13, 0.13)
            c.setLineWidth(0.4 * mm)
            c.roundRect(3 * mm, 3 * mm, (POKER.width - 6) * mm, (POKER.height - 6) * mm, 2 * mm, stroke=1, fill=0)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(fonts.BOLD, 11)
            c.drawCentredString(POKER.width / 2 * mm, (POKER.height - 12) * mm, f"Card {page * PER_PAGE + slot}")
            c.setLineWidth(0.3 * mm)
            for i in range(3):
                c.setFillColorRGB(0.2, 0.4, 0.8)
                c.circle((15 + i * 16) * mm, (POKER.height - 40) * mm, 6 * mm, stroke=1, fill=1)
            p = c.beginPath()
            p.moveTo(10 * mm, (POKER.height - 60) * mm)
            p.lineTo(53 * mm, (POKER.height - 60) * mm)
            p.lineTo(31 * mm, (POKER.height - 75) * mm)
            p.close()
            c.setFillColorRGB(0.87, 0.67, 0.13)
            c.drawPath(p, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(fonts.REGULAR, 6)
            c.drawCentredString(POKER.width / 2 * mm, (POKER.height - 82) * mm, "Play when a balloon lands.")
            c.restoreState()
        c.setLineWidth(0.15 * mm)
        for i in range(12):  # crop marks
            c.line((10 + i * 15) * mm, 5 * mm, (10 + i * 15) * mm, 8 * mm)
            c.line(5 * mm, (10 + i * 20) * mm, 8 * mm, (10 + i * 20) * mm)
        c.setFont(fonts.REGULAR, 6)
        c.drawString(5 * mm, 6 * mm, f"Benchmark · cards · page {page + 1}/{pages} · seed 1")
        c.showPage()
    c.save()
    return time.perf_counter() - start


def command_seconds(game: str, out: Path, runs: int, cache: Path | None) -> tuple[float, int]:
    """The fastest of ``runs`` runs of ``python -m pnp build GAME`` and the pages it writes.

    ``cache`` is the folder for pnp's kept results (pnp.cache): the first run fills it, the rest read it.
    None gives every run an empty one, as on a first build.
    """
    best, pages = float("inf"), 0
    for run in range(runs):
        folder = cache if cache is not None else out / f"empty-cache-{run}"
        env = {**os.environ, "PNP_CACHE_DIR": str(folder), "PYTHONPATH": str(Path(pnp.__file__).parent.parent)}
        command = [sys.executable, "-m", "pnp", "build", game, "--out", str(out / "build"), "--json"]
        start = time.perf_counter()
        done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
        best = min(best, time.perf_counter() - start)
        pages = sum(f["pages"] for f in json.loads(done.stdout)["files"])
    return best, pages


def first_build_cpu(game: str, out: Path, runs: int, root: Path, old: Path) -> tuple[float, float]:
    """The least CPU time (user and system) of ``runs`` first builds (an empty pnp.cache folder each time) of
    ``game`` by the pnp at ``root`` and by the one at ``old``, the two taking turns: (now, old).

    Both are compiled first, as an installed package is (pip writes bytecode): with PYTHONDONTWRITEBYTECODE
    set, each run would otherwise compile every module it imports, and the larger source would pay for that.
    """
    for tree in (root, old):
        compileall.compile_dir(tree / "pnp", quiet=1)
    best = {root: float("inf"), old: float("inf")}
    for run in range(runs):
        for tree in (old, root):
            env = {**os.environ, "PNP_CACHE_DIR": str(out / f"first-{run}-{tree.name}"), "PYTHONPATH": str(tree)}
            command = [sys.executable, "-m", "pnp", "build", game, "--out", str(out / f"first-{tree.name}")]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(command, check=True, capture_output=True, cwd=tree, env=env)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            best[tree] = min(best[tree], used)
    return best[root], best[old]


def checkout(commit: str, into: Path) -> Path | None:
    """pnp's source at ``commit`` (from the git repository this file is in), or None without git or that commit."""
    repo = Path(__file__).resolve().parent.parent
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", commit], capture_output=True, check=False)
    if archive.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=40, help="card pages to draw on each side")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the fastest counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        bare(2, out)
        toolkit(2, out)  # warm up: font loading, imports
        runs = [(bare(args.pages, out), toolkit(args.pages, out)) for _ in range(args.repeat)]  # interleaved
        t_bare, t_kit = min(r[0] for r in runs), min(r[1] for r in runs)
    # the toolkit time also covers its two-page calibration sheet; only card pages are counted for either
    print(f"bare reportlab: {args.pages / t_bare:7.1f} pages/s")
    print(f"pnp toolkit:    {args.pages / t_kit:7.1f} pages/s")
    print(f"toolkit / bare time per page: {t_kit / t_bare:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
