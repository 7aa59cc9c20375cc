"""Synthetic kits for the print-toolkit tests, and readers for the files they write."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.paper import Rect
from pnp.printing.parts import Board, Card, CardSize, Deck, Face, Kit, KitDocument, Sheet, Token, TokenSheet
from support import pdfium
from support.pdfium import Glyph, PrintedPage, Shape

MM = 25.4 / 72  # millimetres per point
POKER_NAME = "Ace of Balloons"
FRONT_MARK = "#ff00"  # + two hex digits of the item's index: a hairline on the trim of each front
BACK_MARK = "#00ff"  # the same on each back
BOARD_EDGE = "#00ffff"  # a hairline round a test board


def marked_face(index: int, name: str, w: float, h: float, mark: str, background: str) -> Face:
    """A face that outlines its own trim box in a colour telling its item apart, and writes its name."""

    def draw(c: Canvas) -> None:
        c.rect(0, 0, w, h, stroke=f"{mark}{index:02x}", width=0.1)
        c.rect(w * 0.2, h * 0.2, w * 0.3, h * 0.2, fill="#3366cc")
        c.text(w / 2, h / 2, name, size=7, anchor="middle", fill="#000000")

    return Face(draw, background)


def deck(size: CardSize, count: int, backs: str = "all", name: str = "deck") -> Deck:
    """``count`` marked cards; ``backs`` is 'all', 'none' or 'odd' (only odd-numbered cards have one)."""
    cards = []
    for i in range(count):
        card_name = f"{name[0].upper()}{i:02d}"
        front = marked_face(i, card_name, size.width, size.height, FRONT_MARK, "#c0e0c0")
        has_back = backs == "all" or (backs == "odd" and i % 2 == 1)
        back = marked_face(i, card_name, size.width, size.height, BACK_MARK, "#202060") if has_back else None
        cards.append(Card(card_name, front, back))
    return Deck(name, size, tuple(cards))


def tokens(shape: str, diameter: float, count: int, backs: bool, name: str = "tokens") -> TokenSheet:
    items = []
    for i in range(count):
        token_name = f"T{i:02d}"
        front = marked_face(i, token_name, diameter, diameter, FRONT_MARK, "#e0c0c0")
        back = marked_face(i, token_name, diameter, diameter, BACK_MARK, "#606020") if backs else None
        items.append(Token(token_name, front, back))
    return TokenSheet(name, shape, diameter, tuple(items))  # type: ignore[arg-type]


def board_drawing(width: float, height: float) -> Drawing:
    """A board with a hairline on its edge and a grid of lines every 50 mm."""

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill="#d0e8f8")
        for x in range(50, int(width), 50):
            c.line(x, 0, x, height, stroke="#8090a0", width=0.3)
        c.rect(0, 0, width, height, stroke=BOARD_EDGE, width=0.1)

    return Drawing(width, height, draw)


def board(width: float, height: float, name: str = "board") -> Board:
    return Board(name, board_drawing(width, height))


def sheet(width: float, height: float, name: str = "aid") -> Sheet:
    return Sheet(name, board_drawing(width, height))


def kit(*documents: tuple[str, tuple], footer: str = "seed 7") -> Kit:
    return Kit("testgame", "Test Game", tuple(KitDocument(name, parts) for name, parts in documents), footer=footer)


Box = Rect  # a rectangle read back from a PDF, in millimetres from the page's top-left


def box_mm(box: pdfium.Box) -> Box:
    """A box read by PDFium (points) in millimetres."""
    return Box(box.x0 * MM, box.top * MM, (box.x1 - box.x0) * MM, (box.bottom - box.top) * MM)


def hex_colour(rgb: tuple[int, int, int] | None) -> str:
    """A colour read by PDFium as ``#rrggbb`` (empty for none)."""
    return "" if rgb is None else "#" + "".join(f"{c:02x}" for c in rgb)


def rects(page: PrintedPage) -> list[Shape]:
    """The page's rectangles (pdfplumber's ``rects``)."""
    return [shape for shape in page.paths if shape.rectangle]


def straight(page: PrintedPage) -> list[Shape]:
    """The page's straight lines (pdfplumber's ``lines``)."""
    return [shape for shape in page.paths if shape.straight]


def curves(page: PrintedPage) -> list[Shape]:
    """The page's other paths (pdfplumber's ``curves``)."""
    return [shape for shape in page.paths if not shape.rectangle and not shape.straight]


def stroked(page: PrintedPage, prefix: str) -> dict[str, Box]:
    """Stroked rectangles whose colour starts with ``prefix``, by full colour."""
    return {
        hex_colour(r.stroke): box_mm(r.box)
        for r in rects(page)
        if r.stroke is not None and hex_colour(r.stroke).startswith(prefix)
    }


def outlines(page: PrintedPage, color: str) -> list[Box]:
    """Every stroked rectangle of exactly ``color``."""
    return [box_mm(r.box) for r in rects(page) if hex_colour(r.stroke) == color]


def lines(page: PrintedPage, color: str = "#000000", width: float | None = None) -> list[Box]:
    """Straight stroked lines of one colour (and width in mm, if given)."""
    return [
        box_mm(line.box)
        for line in straight(page)
        if hex_colour(line.stroke) == color and (width is None or abs(line.line * MM - width) < 0.01)
    ]


def page_size(page: PrintedPage) -> tuple[float, float]:
    return page.width * MM, page.height * MM


def page_text(page: PrintedPage) -> str:
    """All characters in PDFium's order: each text run whole (names drawn turned too), though the runs of a line
    drawn right to left, such as the names on a back, come out left to right."""
    return "".join(glyph.text for glyph in page.glyphs)


def char_box(page: PrintedPage, glyph: Glyph) -> Box:
    """A character's box in millimetres, as pdfminer measures it."""
    return box_mm(glyph.box(page.height))


def upright(glyph: Glyph) -> bool:
    """Whether a character is not turned a quarter (pdfminer's ``upright``, for text turned but not skewed)."""
    return abs(glyph.direction[0]) > 1e-6


def word_boxes(page: PrintedPage) -> list[tuple[str, pdfium.Box]]:
    """The page's words, parted as pdfplumber's ``extract_words`` parts them (at spaces and at gaps over its
    ``x_tolerance``, 3 pt), each with the box round its characters, in points."""
    found = []
    for word in pdfium.words(page.glyphs, apart=lambda _glyph: 3.0):
        boxes = [glyph.box(page.height) for glyph in word]
        box = pdfium.Box(
            min(b.x0 for b in boxes), min(b.top for b in boxes), max(b.x1 for b in boxes), max(b.bottom for b in boxes)
        )
        found.append(("".join(glyph.text for glyph in word), box))
    return found


def intersects(a: Box, b: Box, tolerance: float = 1e-3) -> bool:
    return (
        a.x < b.right - tolerance
        and b.x < a.right - tolerance
        and a.y < b.bottom - tolerance
        and b.y < a.bottom - tolerance
    )


def grown(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)


def raster(path: Path, page: int, dpi: int = 100) -> list[bytes]:
    """One page rendered in greyscale by pdftoppm: a list of pixel rows (0 black .. 255 white)."""
    assert shutil.which("pdftoppm"), "pdftoppm is needed to look at the printed pages"
    data = subprocess.run(
        ["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), str(path)],
        check=True,
        capture_output=True,
    ).stdout
    # binary PGM: "P5\n<w> <h>\n255\n" then the pixels
    header, rest = data.split(b"\n", 3)[:3], data.split(b"\n", 3)[3]
    width, height = map(int, header[1].split())
    return [rest[r * width : (r + 1) * width] for r in range(height)]


def ink_near_edges(rows: list[bytes], border_px: int) -> int:
    """How many non-white pixels lie within ``border_px`` of the page edge."""
    height, width = len(rows), len(rows[0])
    count = 0
    for r, row in enumerate(rows):
        if r < border_px or r >= height - border_px:
            count += sum(1 for v in row if v < 250)
        else:
            count += sum(1 for v in row[:border_px] + row[width - border_px :] if v < 250)
    return count
