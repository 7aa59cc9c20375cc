"""Page boxes, read back from every kit on A4 and Letter: each page has a TrimBox inside its BleedBox inside its
MediaBox (pypdf); a card or token sheet's TrimBox is its grid's outer cut lines, found from its crop marks
(PDFium), and its BleedBox the bleed printed round them; a board's or tile's TrimBox is its visible area."""

from __future__ import annotations

from dataclasses import replace

import pypdf
import pytest
from support.pdf import read
from support.pdfium import Shape, page_shapes, shapes

from pnp.printing.marks import HAIRLINE, MARK_LENGTH
from pnp.printing.paper import MARGIN
from pnp.printing.render import PrintSettings, render_kit

MM = 72 / 25.4
BOXES = ("/MediaBox", "/BleedBox", "/TrimBox")


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit_files(request, printed_kits):
    """Every PDF of every kit on one paper (printed once for the session)."""
    return printed_kits.pdfs(request.param)


def boxes(page) -> dict[str, tuple[float, ...]]:
    """A page's boxes in mm (left, bottom, right, top), as written (no box stands in for a missing one)."""
    return {name: tuple(float(v) / MM for v in page[name]) for name in BOXES if name in page}


def inside(inner, outer, tolerance=0.001) -> bool:
    return all(i >= o - tolerance for i, o in zip(inner[:2], outer[:2])) and all(
        i <= o + tolerance for i, o in zip(inner[2:], outer[2:])
    )


def mark_lines(page: tuple[Shape, ...], height: float) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y (from the bottom, mm) of every horizontal crop mark or tick: black
    hairlines no longer than a mark, on a page ``height`` points tall."""
    xs, ys = [], []
    for shape in page:
        hairline = shape.stroke == (0, 0, 0) and abs(shape.line / MM - HAIRLINE) <= 0.001
        if len(shape.points) != 2 or shape.curved or not hairline:
            continue
        line = shape.box
        if line.x0 == line.x1 and line.bottom - line.top <= MARK_LENGTH * MM + 0.01:
            xs.append(line.x0 / MM)
        elif line.top == line.bottom and line.x1 - line.x0 <= MARK_LENGTH * MM + 0.01:
            ys.append((height - line.top) / MM)
    return xs, ys


def test_every_page_has_a_trim_box_inside_its_bleed_box_inside_its_media_box(kit_files):
    pages = 0
    for path in kit_files:
        for number, page in enumerate(read(path).pages, 1):
            found = boxes(page)
            assert set(found) == set(BOXES), f"{path.name} page {number}: {sorted(found)}"
            assert inside(found["/TrimBox"], found["/BleedBox"]), f"{path.name} page {number}"
            assert inside(found["/BleedBox"], found["/MediaBox"]), f"{path.name} page {number}"
            pages += 1
    assert pages > 100


def test_a_card_or_token_sheets_trim_box_is_its_grids_outer_cut_lines(kit_files):
    checked = 0
    for path in (p for p in kit_files if p.name in ("cards.pdf", "tokens.pdf")):
        step = 2 if path.name == "cards.pdf" else 1  # backs follow the fronts
        for number, (page, drawn) in enumerate(zip(read(path).pages[::step], shapes(path)[::step])):
            xs, ys = mark_lines(drawn, float(page.mediabox.height))
            assert xs and ys, f"{path} page {number}: no crop marks found"
            left, bottom, right, top = boxes(page)["/TrimBox"]
            assert (left, right, bottom, top) == pytest.approx((min(xs), max(xs), min(ys), max(ys)), abs=0.01)
            bleed = boxes(page)["/BleedBox"]
            assert bleed[0] < left and bleed[1] < bottom and bleed[2] > right and bleed[3] > top  # 3 mm asked
            checked += 1
    assert checked >= 20


def test_a_back_pages_boxes_mirror_its_fronts_and_follow_the_back_offset(printed_kits, tmp_path):
    whole = printed_kits.kit("aloft")
    kit = replace(whole, documents=tuple(d for d in whole.documents if d.name == "cards"))
    for offset in ((0.0, 0.0), (2.0, -1.5)):
        written = render_kit(kit, PrintSettings(back_offset=offset), tmp_path)
        front, back = pypdf.PdfReader(next(f.path for f in written if f.path.name == "cards.pdf")).pages[:2]
        width = boxes(front)["/MediaBox"][2]
        for name in ("/TrimBox", "/BleedBox"):
            f, b = boxes(front)[name], boxes(back)[name]
            expected = (width - f[2] + offset[0], f[1] - offset[1], width - f[0] + offset[0], f[3] - offset[1])
            assert b == pytest.approx(expected, abs=1e-3)


def test_a_board_or_tile_is_cut_at_its_visible_area_with_no_bleed(kit_files):
    tiles = 0
    for path in (p for p in kit_files if p.name in ("board.pdf", "field-mat.pdf", "map.pdf")):
        pages = read(path).pages
        for number, page in enumerate(pages, 1):
            found = boxes(page)
            if len(pages) > 1 and number == 1:  # a tiled board's overview: a guide, not cut
                assert found["/TrimBox"] == found["/MediaBox"], f"{path} page {number}"
                continue
            assert found["/TrimBox"] == found["/BleedBox"], f"{path} page {number}"
            left, bottom, right, top = found["/TrimBox"]
            width, height = found["/MediaBox"][2:]
            assert min(left, bottom, width - right, height - top) >= MARGIN - 0.001
        if len(pages) > 1:  # the first tile's frame: a grey hairline just inside its visible area's edge
            (tile,) = page_shapes(path, 1)
            frames = [s.box for s in tile if s.rectangle and _grey(s.stroke) and s.box.size[0] / MM > 50]
            frame, height = frames[-1], float(pages[1].mediabox.height)
            drawn = (frame.x0, height - frame.bottom, frame.x1, height - frame.top)
            half = HAIRLINE / 2
            grown = (drawn[0] / MM - half, drawn[1] / MM - half, drawn[2] / MM + half, drawn[3] / MM + half)
            assert grown == pytest.approx(boxes(pages[1])["/TrimBox"], abs=0.01)
            tiles += 1
    assert tiles == 3  # Aloft's board, Air King's field mat, Take Off's map


def _grey(colour: tuple[int, int, int] | None) -> bool:
    return colour is not None and all(abs(c - 0x80) <= 2 for c in colour)
