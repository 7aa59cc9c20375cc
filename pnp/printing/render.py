"""Writing a kit to disk: the API ``pnp build`` calls.

``render_kit`` plans every document, then draws each page once per format:
one PDF per document (``<out>/<game>/<document>.pdf``), one SVG per page
(``<out>/<game>/svg/<document>-NN.svg``), and a calibration sheet beside them. With a cutting
machine, each page it cuts also gets its cut lines as ``<out>/<game>/<document>-cut-NN.svg``.
Each file is written whole or not at all (see ``pnp.files``), and a kit's files replace the last build's only
once all are drawn (what the last build wrote that this one does not is removed: another layout's pages).
``drawing_to_screen_svg`` gives a state picture for a screen (``pnp ref show --svg``, the table page).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.errors import PnpError
from pnp.files import file_name, make_dir, write_atomic
from pnp.printing.calibration import calibration_pages
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.cutting import registration_marks
from pnp.printing.fit import Overflow
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.footer import SEPARATOR, draw_footer
from pnp.printing.inksaver import InkSaver
from pnp.printing.pages import Page
from pnp.printing.parts import Kit
from pnp.printing.plan import PlannedDocument, in_print_order, plan_document
from pnp.printing.settings import PrintSettings

__all__ = [
    "PrintSettings",
    "WrittenFile",
    "count_pages",
    "drawing_to_screen_svg",
    "drawing_to_svg",
    "pages_in",
    "plan_kit",
    "render_kit",
    "write_drawing",
]

Progress = Callable[[int, int], None]  # (done, total): steps done so far, of all there are (pnp build, pnp export)


@dataclass(frozen=True)
class WrittenFile:
    """One file written: its path, format, pages, sheets of paper and the components on it (name -> count).

    A double-sided document takes one sheet per two pages; an SVG page counts the sheet it starts (0 for a back).
    A cut file (format ``cut``) is one page's cut lines for a cutting machine and counts no sheet.
    ``double_sided``: a PDF to print on both sides of the paper (flipped on the long edge).
    """

    path: Path
    format: str
    pages: int
    components: dict[str, int]
    sheets: int
    double_sided: bool = False


def plan_kit(kit: Kit, settings: PrintSettings) -> list[PlannedDocument]:
    """Every document of ``kit`` laid out on pages, then the calibration sheet; nothing is drawn."""
    documents = [plan_document(kit, doc, settings) for doc in kit.documents]
    return [*documents, in_print_order("calibration", calibration_pages(settings, kit.texts), kit.texts)]


def pages_in(documents: list[PlannedDocument]) -> int:
    """How many pages ``render_kit`` draws for a plan (the calibration sheet included)."""
    return sum(len(doc.pages) for doc in documents)


def count_pages(kit: Kit, settings: PrintSettings) -> int:
    """How many pages ``render_kit`` will draw (the calibration sheet included); nothing is drawn."""
    return pages_in(plan_kit(kit, settings))


def render_kit(
    kit: Kit,
    settings: PrintSettings,
    out_dir: Path,
    progress: Progress | None = None,
    documents: list[PlannedDocument] | None = None,
) -> list[WrittenFile]:
    """Write every document of ``kit`` and a calibration sheet into ``out_dir/<game>/``.

    ``documents`` is ``plan_kit``'s plan of the same kit and settings, where the caller already made it.
    A text too long for its box even at the smallest size stops it with one line naming the game first. The
    files are drawn in a folder of their own beside the kit's and moved into it once all are drawn, so a build
    that stops (a text too long, Ctrl-C) leaves the kit there as it was, never a mix of two builds.
    """
    folder = Path(out_dir) / file_name(kit.game)
    staging = _staging(Path(out_dir), folder.name)
    try:
        drawn = _render(kit, settings, staging, progress, documents)
        written = [_moved(file, staging, folder) for file in drawn]
        _remove_stale(folder, {file.path for file in written})
        return written
    except Overflow as exc:
        raise exc.of_kit(kit.title) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _staging(out_dir: Path, name: str) -> Path:
    """A new hidden folder in ``out_dir`` to draw the kit ``name`` in."""
    make_dir(out_dir)
    try:
        return Path(tempfile.mkdtemp(prefix=f".{name}-building-", dir=out_dir))
    except OSError as error:
        raise PnpError(f"{out_dir}: cannot write: {error.strerror or error}") from None


def _moved(file: WrittenFile, staging: Path, folder: Path) -> WrittenFile:
    """``file``, drawn in ``staging``, moved to its place in the kit's ``folder``."""
    path = folder / file.path.relative_to(staging)
    make_dir(path.parent)
    try:
        os.replace(file.path, path)
    except OSError as error:
        raise PnpError(f"{path}: cannot write: {error.strerror or error}") from None
    return replace(file, path=path)


# The files a build writes in a kit's folder (a print shop's faces go to a folder of their own, left alone).
_BUILT = ("*.pdf", "*-cut-[0-9]*.svg", "svg/*.svg")


def _remove_stale(folder: Path, written: set[Path]) -> None:
    """Remove the files an earlier build wrote in the kit's ``folder`` that this one did not (``written``): the cut
    files and SVG pages of another layout, which would be printed or cut beside this one's."""
    for pattern in _BUILT:
        for path in folder.glob(pattern):
            if path not in written:
                path.unlink(missing_ok=True)
    with suppress(OSError):  # an svg folder with nothing left in it goes too
        (folder / "svg").rmdir()


def _render(
    kit: Kit,
    settings: PrintSettings,
    folder: Path,
    progress: Progress | None,
    documents: list[PlannedDocument] | None,
) -> list[WrittenFile]:
    if documents is None:
        documents = plan_kit(kit, settings)
    total = pages_in(documents)
    make_dir(folder / "svg" if "svg" in settings.formats else folder)
    written: list[WrittenFile] = []
    done = 0
    for doc in documents:
        stem = file_name(doc.name)
        pdf = None
        if "pdf" in settings.formats:
            pdf = _PdfFile(folder / f"{stem}.pdf", f"{kit.title}: {doc.name}", doc.duplex, kit.faces)
        digits = max(2, len(str(len(doc.pages))))
        for number, page in enumerate(doc.pages, 1):
            draw = _page_drawer(page, _footer(kit, doc, number), settings.ink_saver)
            if pdf is not None:
                pdf.add(page, draw)
            if "svg" in settings.formats:
                path = folder / "svg" / f"{stem}-{number:0{digits}d}.svg"
                write_atomic(path, _svg(page.frame.width, page.frame.height, draw, kit.faces), sync=False)
                written.append(WrittenFile(path, "svg", 1, dict(page.components), int(doc.starts_sheet(number - 1))))
            done += 1
            if progress is not None:
                progress(done, total)
        if pdf is not None:
            written.append(pdf.close(doc))
        if settings.cut_marks is not None:
            written += _cut_files(folder, stem, doc, digits)
    return written


def _cut_files(folder: Path, stem: str, doc: PlannedDocument, digits: int) -> list[WrittenFile]:
    """A cut file beside the PDF for each page a cutting machine cuts: ``<document>-cut-NN.svg``, NN its page."""
    from pnp.printing.cutting import cut_file

    written = []
    for number, page in enumerate(doc.pages, 1):
        if page.cuts:
            path = folder / f"{stem}-cut-{number:0{digits}d}.svg"
            write_atomic(path, cut_file(page.frame.width, page.frame.height, page.cuts), sync=False)
            written.append(WrittenFile(path, "cut", 1, dict(page.components), 0))
    return written


def _footer(kit: Kit, doc: PlannedDocument, number: int) -> str:
    """Game · document · what is on the page · page n/N · seed or data version."""
    page = doc.pages[number - 1]
    name = kit.texts.get(f"document.{doc.name}", doc.name)
    if re.match(rf"{re.escape(name.replace('-', ' '))}\b", page.label):  # "board overview", "plateau, vue…": once
        name = ""
    numbering = kit.texts("print.footer.page", number=number, total=len(doc.pages))
    parts = (kit.title, name, page.label, numbering, kit.footer)
    return SEPARATOR.join(part for part in parts if part)


def drawing_to_svg(drawing: Drawing) -> str:
    """A standalone SVG of one drawing at its size in millimetres."""
    return _svg(drawing.width, drawing.height, drawing.draw)


def drawing_to_screen_svg(drawing: Drawing, kept_apart: bool = False) -> str:
    """A standalone SVG of one drawing for a screen: its viewBox in millimetres, 100 % of its container's width.

    ``kept_apart``: each kept drawing in it (see :mod:`pnp.printing.svg`) is a marker naming its digest, for a
    page that fetches it once (:func:`pnp.printing.svg.kept_drawing`) rather than with every picture.
    The drawing's focus, its seats', its places and its grids go with it (``data-focus``, ``data-seats``,
    ``data-places``, ``data-grids``) for a phone to open on.
    """
    from pnp.printing.svg import screen_svg

    return screen_svg(
        drawing.width,
        drawing.height,
        drawing.draw,
        kept_apart,
        drawing.focus,
        drawing.seats,
        drawing.places,
        drawing.grids,
    )


def write_drawing(drawing: Drawing, path: Path, faces: Faces = DEFAULT) -> None:
    """Write one drawing as ``.svg`` or ``.pdf`` (chosen by the suffix), its text in ``faces``; a PDF page is the
    drawing's size."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        write_atomic(path, _svg(drawing.width, drawing.height, drawing.draw, faces), sync=False)
    elif suffix == ".pdf":
        from pnp.printing.pdf import PdfWriter

        writer = PdfWriter(path, path.stem, faces=faces)
        writer.page(drawing.width, drawing.height, drawing.draw)
        writer.close()
    else:
        raise PnpError(f"{path}: unknown picture format '{suffix or '(none)'}' (known: .pdf, .svg)")


def _page_drawer(page: Page, footer: str, ink_saver: bool) -> Callable[[Canvas], None]:
    def draw(canvas: Canvas) -> None:
        target = InkSaver(canvas) if ink_saver else canvas
        page.draw(target)
        draw_footer(target, page.frame, footer, page.tile, page.footer_strips)
        if page.cuts:
            registration_marks(canvas, page.frame)  # full black whatever the ink saver does

    return draw


class _PdfFile:
    """One document's PDF, written page by page."""

    def __init__(self, path: Path, title: str, duplex: bool, faces: Faces) -> None:
        from pnp.printing.pdf import PdfWriter

        self.path = path
        self._writer = PdfWriter(path, title, duplex, faces)

    def add(self, page: Page, draw: Callable[[Canvas], None]) -> None:
        self._writer.page(page.frame.width, page.frame.height, draw, page.trim, page.bleed)

    def close(self, doc: PlannedDocument) -> WrittenFile:
        self._writer.close()
        components: Counter[str] = Counter()
        for page in doc.pages:
            components.update(page.components)
        sheets = sum(map(doc.starts_sheet, range(len(doc.pages))))
        return WrittenFile(self.path, "pdf", len(doc.pages), dict(components), sheets, doc.duplex)


def _svg(width: float, height: float, draw: Callable[[Canvas], None], faces: Faces = DEFAULT) -> str:
    from pnp.printing.svg import svg_page

    return svg_page(width, height, draw, faces)
