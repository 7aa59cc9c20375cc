"""Boards and sheets, read back from the PDF: one page at 100 %, or an overview and overlapping tiles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.pdfium import printed_pages
from support.printing import BOARD_EDGE, MM, Box, board, curves, kit, page_size, page_text, sheet, stroked

from pnp.errors import PnpError
from pnp.printing.marks import HAIRLINE
from pnp.printing.render import PrintSettings, render_kit
from pnp.printing.tiling import OVERLAP, row_name, spans


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
    tiles = {}
    for index, page in enumerate(pages[1:]):
        label = f"{row_name(index // cols)}{index % cols + 1}"
        assert f"tile {label}" in page_text(page)
        assert (page_size(page)[0] > page_size(page)[1]) == landscape
        tiles[label] = tile_windows(page)
    windows = {label: window for label, (window, _) in tiles.items()}
    for r in range(rows):
        for c in range(cols):
            here = windows[f"{row_name(r)}{c + 1}"]
            if c + 1 < cols:
                right = windows[f"{row_name(r)}{c + 2}"]
                assert here.right - right.x == pytest.approx(OVERLAP, abs=0.01) and right.y == pytest.approx(
                    here.y, abs=0.01
                )
            if r + 1 < rows:
                below = windows[f"{row_name(r + 1)}{c + 1}"]
                assert here.bottom - below.y == pytest.approx(OVERLAP, abs=0.01) and below.x == pytest.approx(
                    here.x, abs=0.01
                )
    for x in range(0, width + 1, 5):
        for y in range(0, height + 1, 5):
            assert any(
                w.x - 0.01 <= x <= w.right + 0.01 and w.y - 0.01 <= y <= w.bottom + 0.01 for w in windows.values()
            )
    for label, (_, crosses) in tiles.items():
        assert crosses, f"tile {label} has no registration marks"
        for point in crosses:
            others = [other for other, (_, cs) in tiles.items() if other != label and any(_near(point, p) for p in cs)]
            assert others, f"a crosshair on {label} at {point} appears on no neighbour"


def _near(a, b) -> bool:
    return abs(a[0] - b[0]) < 0.01 and abs(a[1] - b[1]) < 0.01


def test_the_overview_shows_the_whole_board_scaled_with_every_tile_label(tmp_path):
    written = render(tmp_path, [board(500, 380)])
    overview = printed_pages(written.path)[0]
    edge = stroked(overview, BOARD_EDGE)[BOARD_EDGE]
    text = page_text(overview)
    width, height = page_size(overview)
    assert edge.w / edge.h == pytest.approx(500 / 380, rel=1e-3)
    assert edge.x >= 5 and edge.right <= width - 5 and edge.y >= 5 and edge.bottom <= height - 9
    assert all(label in text for label in ("A1", "A2", "B1", "B2"))


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
    assert "\n" not in message and "poster" in message and "300x300 mm" in message and "LETTER" in message


@settings(max_examples=200, deadline=None)
@given(length=st.floats(1, 3000), window=st.floats(30, 300))
def test_spans_cover_the_length_and_overlap_by_exactly_the_overlap(length, window):
    parts = spans(length, window)
    assert parts[0][0] == 0
    assert parts[-1][0] + parts[-1][1] == pytest.approx(length)
    assert all(size <= window + 1e-9 for _, size in parts)
    for (a, size), (b, _) in zip(parts, parts[1:]):
        assert a + size - b == pytest.approx(OVERLAP)
    if len(parts) > 1:  # no more tiles than needed: one fewer could not cover the length with the overlap
        assert (len(parts) - 1) * (window - OVERLAP) + OVERLAP < length
