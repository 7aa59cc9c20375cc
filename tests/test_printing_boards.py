"""Boards and sheets, read back from the PDF: one page at 100 %, or an overview and overlapping tiles."""

from __future__ import annotations

import math
import re
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.pdf import read
from support.pdfium import printed_pages, shapes
from support.printing import (
    BOARD_EDGE,
    MM,
    Box,
    board,
    box_mm,
    char_box,
    curves,
    kit,
    page_size,
    page_text,
    rects,
    sheet,
    straight,
    stroked,
)

from pnp.errors import PnpError
from pnp.printing.marks import HAIRLINE
from pnp.printing.parts import Board
from pnp.printing.render import PrintSettings, render_kit
from pnp.printing.tiling import OVERLAP, cuts_on, plan_tiles, spans
from pnp.texts import toolkit


def render(tmp_path, parts, paper="a4"):
    files = render_kit(kit(("boards", tuple(parts))), PrintSettings(paper=paper), tmp_path)
    return next(f for f in files if f.path.name == "boards.pdf")


def tile_windows(page) -> tuple[Box, list[tuple[float, float]]]:
    """The tile's window in board mm (from its frame and the board's edge), and its crosshair centres in board mm."""
    edge = stroked(page, BOARD_EDGE)[BOARD_EDGE]
    frame = stroked(page, "#808080")["#808080"]
    half = HAIRLINE / 2
    window = Box(frame.x - half - edge.x, frame.y - half - edge.y, frame.w + HAIRLINE, frame.h + HAIRLINE)
    crosses = [
        ((c.box.x0 + c.box.x1) / 2 * MM - edge.x, (c.box.top + c.box.bottom) / 2 * MM - edge.y)
        for c in curves(page)
        if c.stroke == (0, 0, 0)
    ]
    return window, crosses


@pytest.mark.parametrize(
    "width,height,paper,grid,landscape",
    [
        (500, 380, "a4", (2, 2), True),
        (1000, 150, "letter", (1, 4), True),
        (400, 190, "a4", (1, 2), True),
        (230, 560, "a4", (3, 1), True),
        (195, 600, "a4", (3, 1), False),
    ],
)
def test_tiles_overlap_cover_the_board_and_carry_matching_registration_marks(
    tmp_path, width, height, paper, grid, landscape
):
    written = render(tmp_path, [board(width, height)], paper)
    rows, cols = grid
    assert written.pages == 1 + rows * cols and written.components == {"board": 1}
    pages = printed_pages(written.path)
    assert "overview" in page_text(pages[0])
    tiles = {}  # by (row, column)
    for index, page in enumerate(pages[1:]):
        assert f"tile {index + 1} of {rows * cols}" in page_text(page)  # numbered left to right, row by row
        assert (page_size(page)[0] > page_size(page)[1]) == landscape
        tiles[divmod(index, cols)] = tile_windows(page)
    windows = {place: window for place, (window, _) in tiles.items()}
    for r in range(rows):
        for c in range(cols):
            here = windows[r, c]
            if c + 1 < cols:
                right = windows[r, c + 1]
                assert here.right - right.x == pytest.approx(OVERLAP, abs=0.01) and right.y == pytest.approx(
                    here.y, abs=0.01
                )
            if r + 1 < rows:
                below = windows[r + 1, c]
                assert here.bottom - below.y == pytest.approx(OVERLAP, abs=0.01) and below.x == pytest.approx(
                    here.x, abs=0.01
                )
    for x in range(0, width + 1, 5):
        for y in range(0, height + 1, 5):
            assert any(
                w.x - 0.01 <= x <= w.right + 0.01 and w.y - 0.01 <= y <= w.bottom + 0.01 for w in windows.values()
            )
    for (r, c), (window, crosses) in tiles.items():
        over = [windows[place] for place in tiles if place != (r, c) and place[0] >= r and place[1] >= c]
        for point in crosses:  # on the tile underneath, where a tile laid over it hides it: the board spot it marks
            reach = _reach(point)
            assert _inside(reach, window) and any(_inside(reach, cover) for cover in over), (r, c, point)
            assert not any(any(_near(point, p) for p in cs) for place, (_, cs) in tiles.items() if place != (r, c))
        for dr, dc in ((0, 1), (1, 0)):  # every neighbour laid over it hides two or more of its crosshairs
            if r + dr < rows and c + dc < cols:
                cover = windows[r + dr, c + dc]
                assert sum(_inside(_reach(p), cover) for p in crosses) >= 2, (r, c, dr, dc)


CROSSHAIR_REACH = 3.0 + 0.3  # a crosshair's arm and half its white halo, from its centre


def _reach(point) -> Box:
    return Box(point[0] - CROSSHAIR_REACH, point[1] - CROSSHAIR_REACH, 2 * CROSSHAIR_REACH, 2 * CROSSHAIR_REACH)


def _inside(box: Box, window: Box) -> bool:
    return window.contains(box, tolerance=0.01)


def _near(a, b) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def visible_part(window: Box, index: int, rows: int, cols: int, overlap: float = OVERLAP) -> Box:
    """What of the tile ``index`` (reading order; its window in any unit, ``overlap`` in the same) shows once the
    board is put together: each tile is laid over its left and upper neighbours, so its right and lower
    neighbours hide the strips along its right and bottom sides."""
    r, c = divmod(index, cols)
    right = window.right - (overlap if c + 1 < cols else 0)
    bottom = window.bottom - (overlap if r + 1 < rows else 0)
    return Box(window.x, window.y, right - window.x, bottom - window.y)


def _meets(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


RING = 13  # a crosshair's ring as PDFium gives it: a move and four curves


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game,stem", [("aloft", "board"), ("air-king", "field-mat"), ("take-off", "map")])
def test_no_crosshair_shows_on_a_game_board_once_its_tiles_are_put_together(printed_kits, game, stem, paper):
    """Read back from each tile (its window is its TrimBox): every registration crosshair, its white halo too,
    lies in a strip the next tile is laid over, none on the play area a person sees once the board is glued."""
    path = printed_kits.document(game, stem, paper)
    (board,) = [p for d in printed_kits.kit(game).documents for p in d.parts if isinstance(p, Board)]
    tiling = plan_tiles(board.drawing.width, board.drawing.height, paper)  # a board that grows keeps its grid
    pages = read(path).pages[1:]
    rings = shapes(path, segments=RING, first=1)
    assert len(pages) == len(rings) == len(tiling.tiles)
    found = 0
    for index, (page, drawn) in enumerate(zip(pages, rings)):
        trim, top = page.trimbox, float(page.mediabox.top)  # in points, from the page's bottom left
        window = Box(float(trim.left), top - float(trim.top), float(trim.width), float(trim.height))
        visible = visible_part(window, index, tiling.rows, tiling.cols, OVERLAP / MM)
        for ring in drawn:
            if ring.in_form or ring.fill or ring.stroke is None or max(ring.stroke) > 60:
                continue  # the board's own art, or a crosshair's white halo
            found += 1
            cx, cy = (ring.box.x0 + ring.box.x1) / 2, (ring.box.top + ring.box.bottom) / 2
            reach = CROSSHAIR_REACH / MM
            assert not _meets(Box(cx - reach, cy - reach, 2 * reach, 2 * reach), visible), (
                f"tile {index + 1}: a crosshair at ({cx * MM:.0f}, {cy * MM:.0f}) mm shows on the assembled board"
            )
    seams = tiling.rows * (tiling.cols - 1) + tiling.cols * (tiling.rows - 1)
    assert found == 2 * seams  # two crosshairs on each seam, each printed once: on the tile underneath


def test_a_tile_laid_over_its_neighbours_marks_where_it_is_cut(tmp_path):
    """A tile is cut along its left side when a tile lies left of it, along its top when one lies above: crop marks
    in line with those sides, outside its window, and none in line with the others."""
    written = render(tmp_path, [board(400, 300)])  # 2 x 2 tiles, with room round each
    for index, page in enumerate(printed_pages(written.path)[1:]):
        r, c = divmod(index, 2)
        frame = stroked(page, "#808080")["#808080"]
        window = Box(frame.x - HAIRLINE / 2, frame.y - HAIRLINE / 2, frame.w + HAIRLINE, frame.h + HAIRLINE)
        black = [box_mm(line.box) for line in straight(page) if line.stroke == (0, 0, 0)]
        marks = [line for line in black if not _meets(line.grow(0.01, 0.01, 0.01, 0.01), window)]  # not crosshairs
        upright = {round(m.x, 2) for m in marks if m.w < 0.01}
        across = {round(m.y, 2) for m in marks if m.h < 0.01}
        assert upright == ({round(window.x, 2)} if c else set()), index
        assert across == ({round(window.y, 2)} if r else set()), index
        assert len(marks) == 2 * ((c > 0) + (r > 0))  # beyond both ends of each side it is cut along


def test_the_overview_shows_the_whole_board_scaled_with_every_tile_label(tmp_path):
    written = render(tmp_path, [board(500, 380)])
    overview = printed_pages(written.path)[0]
    edge = stroked(overview, BOARD_EDGE)[BOARD_EDGE]
    text = page_text(overview)
    width, height = page_size(overview)
    assert edge.w / edge.h == pytest.approx(500 / 380, rel=1e-3)
    assert edge.x >= 5 and edge.right <= width - 5 and edge.y >= 5 and edge.bottom <= height - 9 + 0.01
    assert all(f"tile {number}" in text for number in (1, 2, 3, 4))


ASSEMBLY = ("print.board.assemble.cut", "print.board.assemble.lay", "print.board.assemble.join")


@pytest.mark.parametrize("width,height,paper", [(500, 380, "a4"), (230, 560, "a4"), (1000, 150, "letter")])
def test_the_overview_says_how_to_put_the_tiles_together(tmp_path, width, height, paper):
    """Under its title the overview page says, in the toolkit's words, which sides of a tile to cut, which way
    tiles overlap, that the crosshairs go under and the picture runs on, and to tape or glue; beside the lines a
    sketch of the board's corner shows the strips that go under. All between the title and the board."""
    written = render(tmp_path, [board(width, height)], paper)
    overview = printed_pages(written.path)[0]
    printed = "".join(page_text(overview).split())
    words = toolkit()
    steps = [words(key) for key in ASSEMBLY]
    for step in steps:
        assert "".join(step.split()) in printed, step  # broken into lines where the page is narrow
    said = " ".join(steps)
    for what in ("Cut", "left and top", "over its left and upper neighbours", "crosshair", "picture", "tape or glue"):
        assert what in said
    edge = stroked(overview, BOARD_EDGE)[BOARD_EDGE]
    width_mm, _ = page_size(overview)
    title = [char_box(overview, g) for g in overview.glyphs if g.size > 7.5 and not g.text.isspace()]
    lines = [char_box(overview, g) for g in overview.glyphs if 6.5 < g.size < 7.5 and not g.text.isspace()]
    assert title and lines
    title_foot = max(box.bottom for box in title if box.bottom < edge.y)
    for box in lines:
        assert title_foot < box.y and box.bottom < edge.y and 5 <= box.x and box.right <= width_mm - 5
    strips = [box_mm(r.box) for r in rects(overview) if r.fill == (208, 208, 208)]  # the sketch's grey strips
    assert strips and all(title_foot < strip.y and strip.bottom < edge.y for strip in strips)


BOARD_SQUARE = re.compile(r"(?<!\w)[A-Za-z]{1,2}\d{1,2}(?!\w)")  # a square of a board's own grid: B7, a1, AA12


@pytest.mark.parametrize("width,height,paper", [(500, 380, "a4"), (1000, 150, "letter"), (230, 560, "a4")])
def test_tiles_are_named_so_that_none_reads_as_a_square_of_the_board_s_grid(tmp_path, width, height, paper):
    """Take Off!'s map is lettered A-X by 1-9 and Air King's field a-g by 1-5: a tile named by a row letter and a
    column number (B7, A1) was a square of the board too. Tiles are numbered: "tile 3", on the overview and on
    each tile's page, and nothing the toolkit prints there (the board itself prints none here) reads as a square."""
    written = render(tmp_path, [board(width, height)], paper)
    overview, *tiles = printed_pages(written.path)
    for page in (overview, *tiles):
        assert BOARD_SQUARE.findall(page_text(page)) == []
    assert all(f"tile {number}" in page_text(overview) for number in range(1, len(tiles) + 1))
    for number, page in enumerate(tiles, start=1):
        footer = [glyph for glyph in page.glyphs if glyph.size >= 7.9]  # the tile's name, bold at the footer's right
        assert "".join(glyph.text for glyph in footer) == f"tile {number}"


@pytest.mark.parametrize(
    "width,height,landscape", [(150, 100, True), (100, 150, False), (280, 190, True), (195, 270, False)]
)
def test_a_board_that_fits_goes_on_one_page_at_full_size(tmp_path, width, height, landscape):
    written = render(tmp_path, [board(width, height)])
    pages = printed_pages(written.path)
    assert len(pages) == 1
    edge = stroked(pages[0], BOARD_EDGE)[BOARD_EDGE]
    page_w, page_h = page_size(pages[0])
    assert (edge.w, edge.h) == pytest.approx((width, height), abs=0.01)
    assert (page_w > page_h) == landscape
    assert edge.x + edge.w / 2 == pytest.approx(page_w / 2, abs=0.01)


def test_sheets_are_centred_at_full_size_and_too_large_ones_are_refused(tmp_path):
    written = render(tmp_path, [sheet(180, 120), sheet(120, 180, name="tall aid")])
    assert written.components == {"aid": 1, "tall aid": 1}
    pages = printed_pages(written.path)
    sizes = [page_size(p) for p in pages]
    edges = [stroked(p, BOARD_EDGE)[BOARD_EDGE] for p in pages]
    assert sizes == [pytest.approx((297, 210), abs=0.01), pytest.approx((210, 297), abs=0.01)]
    assert [(e.w, e.h) for e in edges] == [pytest.approx((180, 120), abs=0.01), pytest.approx((120, 180), abs=0.01)]
    with pytest.raises(PnpError) as error:
        render(tmp_path, [sheet(300, 300, name="poster")], paper="letter")
    message = str(error.value)
    assert "\n" not in message and "poster" in message and "300x300 mm" in message and "Letter" in message


@settings(max_examples=200, deadline=None)
@given(length=st.floats(1, 3000), window=st.floats(30, 300))
def test_spans_cover_the_length_and_overlap_by_exactly_the_overlap(length, window):
    parts = spans(length, window)
    assert parts[0][0] == 0
    assert parts[-1][0] + parts[-1][1] == pytest.approx(length)
    assert all(size <= window + 1e-9 for _, size in parts)
    for (a, size), (b, _) in pairwise(parts):
        assert a + size - b == pytest.approx(OVERLAP)
    if len(parts) > 1:  # no more tiles than needed: one fewer could not cover the length with the overlap
        assert (len(parts) - 1) * (window - OVERLAP) + OVERLAP < length


def _cuts(sizes: list[float]) -> list[float]:
    """Where each tile after the first starts, from the tiles' sizes along one axis (overlapping by OVERLAP)."""
    return [sum(sizes[:k]) - k * OVERLAP for k in range(1, len(sizes))]


@pytest.mark.parametrize(
    "game,stem,paper,pages,axes",
    [
        ("aloft", "board", "a4", 7, "x"),
        ("aloft", "board", "letter", 7, ""),  # on lines, its first tile would cover under 85 % of its page
        ("take-off", "map", "a4", 15, "y"),
        ("air-king", "field-mat", "a4", 7, ""),  # 7 spaces across 3 tiles, 5 lanes down 2: no tile holds 3
        ("air-king", "field-mat", "letter", 7, ""),
    ],
)
def test_tiles_are_cut_on_the_lines_a_board_welcomes_its_seams_on(printed_kits, game, stem, paper, pages, axes):
    """Read back from each tile's TrimBox: where the tiles laid over their neighbours are cut (the seams once the
    board is glued) lies on a line between the board's cells, along each axis where as many pages allow it."""
    path = printed_kits.document(game, stem, paper)
    (board,) = [p for d in printed_kits.kit(game).documents for p in d.parts if isinstance(p, Board)]
    read_pages = read(path).pages
    assert len(read_pages) == pages  # the overview and as many tiles as before
    trims = [(float(p.trimbox.width) * MM, float(p.trimbox.height) * MM) for p in read_pages[1:]]
    tiling = plan_tiles(board.drawing.width, board.drawing.height, paper)
    widths = [w for w, _ in trims[: tiling.cols]]
    heights = [h for _, h in trims[:: tiling.cols]]
    assert board.seams is not None
    lines = board.seams(sum(widths) - (len(widths) - 1) * OVERLAP, sum(heights) - (len(heights) - 1) * OVERLAP)
    for axis, sizes, welcome in (("x", widths, lines.x), ("y", heights, lines.y)):
        on = [any(abs(cut - line) <= 0.5 for line in welcome) for cut in _cuts(sizes)]
        assert all(on) if axis in axes else not any(on), (axis, _cuts(sizes), welcome)


@pytest.mark.parametrize(
    "length,window,lines,cuts",
    [
        (490.5, 283, [9 + 52.5 * k for k in range(10)], [219]),  # the nearest line to the middle that fits
        (600, 287, [12 + 48 * k for k in range(13)], [204, 396]),
        (686, 287, [14 + 94 * k for k in range(8)], None),  # 3 cells of 94 mm fit no tile with its strip
        (380, 196, [], None),
    ],
)
def test_tiles_are_cut_on_welcome_lines_nearest_equal_tiles(length, window, lines, cuts):
    assert cuts_on(lines, length, window, math.ceil((length - OVERLAP) / (window - OVERLAP))) == cuts
    starts = [start for start, _ in spans(length, window, lines=lines)[1:]]
    assert starts == (cuts or [start for start, _ in spans(length, window)[1:]])


@settings(max_examples=50, deadline=None)
@given(length=st.floats(1, 3000), window=st.floats(30, 300), pitch=st.floats(5, 150), offset=st.floats(0, 50))
def test_tiles_cut_on_welcome_lines_still_fit_cover_and_overlap_by_the_overlap(length, window, pitch, offset):
    lines = [offset + k * pitch for k in range(int(length / pitch) + 1)]
    parts = spans(length, window, lines=lines)
    assert len(parts) == len(spans(length, window))  # never more tiles
    assert parts[0][0] == 0 and parts[-1][0] + parts[-1][1] == pytest.approx(length)
    assert all(0 < size <= window + 1e-9 for _, size in parts)
    for (a, size), (b, _) in pairwise(parts):
        assert a + size - b == pytest.approx(OVERLAP)
