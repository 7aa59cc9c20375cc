"""Print-and-cut (``--cut-marks``), read back: the marks in the PDF, the cut files against the printed
trims, the keep-out zone left bare, and a layout that stays where the machine cuts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.pdfium import PrintedPage, printed_pages
from support.printing import (
    FRONT_MARK,
    MM,
    Box,
    box_mm,
    char_box,
    curves,
    deck,
    grown,
    intersects,
    kit,
    page_size,
    page_text,
    raster,
    rects,
    straight,
    stroked,
    tokens,
)

from pnp.errors import PnpError
from pnp.printing.cutting import CLEARANCE, CRICUT_AREA, INSET, LENGTH, SQUARE, THICKNESS, CutFrame, frames
from pnp.printing.paper import PageFrame, Rect
from pnp.printing.parts import BRIDGE, MINI, POKER, CardSize
from pnp.printing.plan import plan_document
from pnp.printing.render import PrintSettings, render_kit

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.2  # mm: how far a cut line may be from the printed trim
DARK = re.compile(rb"[\x00-\x7f]")  # a greyscale pixel under 128


def build(tmp_path, parts, **settings):
    """The written files of a one-document kit, by name."""
    files = render_kit(kit(("cards", tuple(parts))), PrintSettings(**settings), tmp_path)
    return {f.path.name: f for f in files}


def cut_lines(path) -> tuple[tuple[str, str], dict[str, Box]]:
    """A cut file's size attributes, and each outline's box (mm) by the name of its group."""
    root = ET.parse(path).getroot()
    boxes = {}
    for group in root.iter(f"{SVG}g"):
        shape = next(iter(group))
        a = {k: float(v) for k, v in shape.attrib.items() if k in ("x", "y", "width", "height", "cx", "cy", "r")}
        if shape.tag == f"{SVG}rect":
            boxes[group.attrib["data-name"]] = Box(a["x"], a["y"], a["width"], a["height"])
        else:
            assert shape.tag == f"{SVG}circle"
            boxes[group.attrib["data-name"]] = Box(a["cx"] - a["r"], a["cy"] - a["r"], 2 * a["r"], 2 * a["r"])
        assert shape.attrib["fill"] == "none"
    return (root.attrib["width"], root.attrib["height"]), boxes


def mark_paths(page: PrintedPage) -> list[tuple[float, ...]]:
    """The points (x1, y1, x2, y2, ... in mm from the top left) of every stroked path as thick as an L's legs."""
    return sorted(
        tuple(v * MM for point in curve.points for v in point)
        for curve in curves(page)
        if curve.stroke is not None and abs(curve.line * MM - THICKNESS) < 0.01
    )


def squares(page: PrintedPage) -> list[tuple[float, ...]]:
    """Filled black rectangles of the registration square's size: (x, y, w, h) in mm."""
    return [
        (box.x, box.y, box.w, box.h)
        for box, fill in ((box_mm(r.box), r.fill) for r in rects(page))
        if fill == (0, 0, 0) and abs(box.w - SQUARE) < 0.01
    ]


def keep_out(frame: PageFrame) -> list[Rect]:
    """Where nothing but the marks may be printed on a Silhouette sheet: the border outside the marks,
    and a square at each marked corner (none for other frames)."""
    if not (isinstance(frame, CutFrame) and frame.machine == "silhouette"):
        return []
    w, h, edge, corner = frame.width, frame.height, INSET + CLEARANCE, LENGTH + CLEARANCE
    return [
        Rect(0, 0, w, edge),
        Rect(0, h - edge, w, edge),
        Rect(0, 0, edge, h),
        Rect(w - edge, 0, edge, h),
        Rect(INSET, INSET, corner, corner),
        Rect(w - INSET - corner, INSET, corner, corner),
        Rect(INSET, h - INSET - corner, corner, corner),
    ]


@pytest.mark.parametrize("paper,ink_saver", [("a4", False), ("letter", False), ("a4", True)])
def test_silhouette_type_1_marks_are_on_every_front_page_and_on_no_back(tmp_path, paper, ink_saver):
    files = build(tmp_path, [deck(POKER, 14)], paper=paper, cut_marks="silhouette", ink_saver=ink_saver)
    pages = printed_pages(files["cards.pdf"].path)
    assert len(pages) == 2 * files["cards.pdf"].sheets
    for number, page in enumerate(pages):
        w, h = page_size(page)
        if number % 2:  # a back: the cutter never reads it
            assert not squares(page) and not mark_paths(page) and page.glyphs  # a back, with its names
            continue
        assert squares(page) == [pytest.approx((INSET, INSET, SQUARE, SQUARE), abs=0.01)]
        half = THICKNESS / 2  # the legs' outer edges lie on the marks' rectangle, INSET from the paper's edges
        right, bottom = w - INSET - half, h - INSET - half
        bottom_left = (INSET + half, h - INSET - LENGTH, INSET + half, bottom, INSET + LENGTH, bottom)
        top_right = (w - INSET - LENGTH, INSET + half, right, INSET + half, right, INSET + LENGTH)
        paths = mark_paths(page)
        assert len(paths) == 2
        assert paths[0] == pytest.approx(bottom_left, abs=0.01) and paths[1] == pytest.approx(top_right, abs=0.01)


@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
@pytest.mark.parametrize(
    "parts,items,duplex",
    [
        ([deck(POKER, 14)], 14, True),
        ([deck(MINI, 11, backs="none")], 11, False),
        ([tokens("round", 25, 30, backs=True)], 30, True),
        ([tokens("square", 19, 20, backs=False)], 20, False),
    ],
    ids=["poker duplex", "mini one-sided", "round tokens", "square tokens"],
)
def test_each_cut_file_outlines_the_printed_trims_of_its_page_within_0_2_mm(tmp_path, machine, parts, items, duplex):
    files = build(tmp_path, parts, cut_marks=machine, paper="letter")
    pdf_file = files["cards.pdf"]
    cut_files = sorted(name for name in files if name.startswith("cards-cut-"))
    assert len(cut_files) == pdf_file.sheets  # one per front page
    seen = 0
    pages = printed_pages(pdf_file.path)
    for name in cut_files:
        number = int(name.removeprefix("cards-cut-").removesuffix(".svg"))
        assert not duplex or number % 2 == 1  # fronts only
        page = pages[number - 1]
        size, outlines = cut_lines(files[name].path)
        w, h = page_size(page)
        assert size == (f"{w:g}mm", f"{h:g}mm") or size == (f"{round(w, 3):g}mm", f"{round(h, 3):g}mm")
        printed = list(stroked(page, FRONT_MARK).values())
        assert len(outlines) == len(printed) > 0
        for box in outlines.values():
            nearest = min(printed, key=lambda p: abs(p.x - box.x) + abs(p.y - box.y))
            for ours, theirs in zip(
                (box.x, box.y, box.right, box.bottom), (nearest.x, nearest.y, nearest.right, nearest.bottom)
            ):
                assert ours == pytest.approx(theirs, abs=TOLERANCE)
        seen += len(outlines)
    assert seen == items


def _columns_meeting(width: int, px: float) -> Callable[[tuple[Box, ...]], set[int]]:
    """The columns of a row of ``width`` pixels (``px`` a mm) whose pixel meets one of the boxes across the page,
    remembered for each set of boxes (a page's rows meet a handful of sets): a pixel meets a box when its row
    and its column do."""

    @cache
    def columns(boxes: tuple[Box, ...]) -> set[int]:
        return {c for c in range(width) if any(intersects(Box(c / px, 0, 1 / px, 1), box) for box in boxes)}

    return columns


def _across(boxes: list[Box], band: Box) -> tuple[Box, ...]:
    """Where across the page the boxes that a row's ``band`` meets lie (their extent down the page left out)."""
    return tuple(Box(b.x, 0, b.w, 1) for b in boxes if intersects(band, Box(0, b.y, 1, b.h)))


def test_nothing_is_printed_in_the_silhouette_keep_out_zone_but_the_marks(tmp_path):
    files = build(
        tmp_path, [deck(POKER, 9, backs="none"), tokens("round", 25, 30, backs=False)], cut_marks="silhouette"
    )
    frame = frames("a4", "silhouette")[0]
    marks = [
        Box(INSET, INSET, SQUARE, SQUARE),
        Box(frame.width - INSET - LENGTH, INSET, LENGTH, LENGTH),
        Box(INSET, frame.height - INSET - LENGTH, LENGTH, LENGTH),
    ]
    dpi = 100
    px = dpi / 25.4
    zones = [grown(Box(r.x, r.y, r.w, r.h), -1 / px) for r in keep_out(frame)]  # a pixel's leeway: the grid
    spared = [grown(mark, 0.5) for mark in marks]
    pdf = files["cards.pdf"]
    for number in range(1, pdf.pages + 1):
        rows = raster(pdf.path, number, dpi=dpi)
        columns = _columns_meeting(len(rows[0]), px)
        inked = 0
        for r, row in enumerate(rows):
            band = Box(0, r / px, 1, 1 / px)  # the row's pixels, down the page
            inked += sum(1 for c in columns(_across(zones, band)) - columns(_across(spared, band)) if row[c] < 250)
        assert inked == 0, f"page {number}: {inked} inked pixels in the keep-out zone"
        assert any(DARK.search(row) for row in rows)  # the page is not blank


def test_cricut_sheets_carry_no_marks_of_ours_and_stay_within_the_print_then_cut_area(tmp_path):
    files = build(tmp_path, [deck(BRIDGE, 12)], cut_marks="cricut")
    area_w, area_h = CRICUT_AREA
    area = Box((210 - area_w) / 2, (297 - area_h) / 2, area_w, area_h)
    pages = printed_pages(files["cards.pdf"].path)
    for page in pages:
        assert not squares(page) and not mark_paths(page)
        shapes = [shape.box for shape in rects(page) + straight(page)]
        for box in [char_box(page, glyph) for glyph in page.glyphs] + [box_mm(shape) for shape in shapes]:
            assert area.x - 0.01 <= box.x and box.right <= area.right + 0.01, box
            assert area.y - 0.01 <= box.y and box.bottom <= area.bottom + 0.01, box
    assert [n for n in files if "-cut-" in n] == [
        "cards-cut-01.svg",
        "cards-cut-03.svg",
    ]  # 6 a page: three across, their side marks ticks in the bleed


def test_cut_marks_change_only_card_and_token_sheets_and_gutterfold_is_refused(cli, tmp_path):
    code, _, err = cli("build", "aloft", "--cut-marks", "silhouette", "-o", "cut", "--json")
    assert code == 0, err
    folder = tmp_path / "cut" / "aloft"
    names = sorted(p.name for p in folder.glob("*-cut-*.svg"))
    # the 27 mm tokens fill one plain page; inside the marks' keep-out they take two
    assert names == [
        "cards-cut-01.svg",
        "cards-cut-03.svg",
        "cards-cut-05.svg",
        "tokens-cut-01.svg",
        "tokens-cut-02.svg",
    ]
    assert not any(
        p.name.startswith(("board-cut", "rules-cut", "player-aids-cut", "calibration-cut")) for p in folder.iterdir()
    )
    code, _, _ = cli("build", "aloft", "-o", "plain")
    plain = tmp_path / "plain" / "aloft"
    assert code == 0 and not list(plain.glob("*-cut-*"))
    for name in ("board.pdf", "rules.pdf", "player-aids.pdf", "calibration.pdf"):  # laid out as without a cutter
        cut_pages, plain_pages = printed_pages(folder / name), printed_pages(plain / name)
        assert [page_size(p) for p in cut_pages] == [page_size(p) for p in plain_pages], name
        assert [page_text(p) for p in cut_pages] == [page_text(p) for p in plain_pages], name
    code, _, err = cli("build", "aloft", "--cut-marks", "silhouette", "--gutterfold")
    assert code == 1 and err.count("\n") == 1 and "gutterfold" in err


SIZES = st.builds(CardSize, st.just("custom"), st.floats(20, 120), st.floats(20, 150))


@given(
    size=SIZES,
    count=st.integers(1, 30),
    bleed=st.sampled_from([0.0, 1.5, 3.0, 5.0]),
    paper=st.sampled_from(["a4", "letter", "a3", "tabloid", "250x320"]),
    machine=st.sampled_from(["silhouette", "cricut"]),
    backs=st.sampled_from(["all", "none"]),
)
def test_every_cut_lies_in_the_machines_area_clear_of_the_marks_and_of_every_other_cut(
    size, count, bleed, paper, machine, backs
):
    settings = PrintSettings(paper=paper, bleed=bleed, cut_marks=machine)
    the_kit = kit(("cards", (deck(size, count, backs=backs),)))
    try:
        pages = plan_document(the_kit, the_kit.documents[0], settings).pages
    except PnpError as error:  # a card too big for the machine's area is refused
        assert "does not fit" in str(error) and size.width > 60 and size.height > 60
        return
    cut = [page for page in pages if page.cuts]
    assert sum(len(page.cuts) for page in cut) == count
    for page in cut:
        frame = page.frame
        assert isinstance(frame, CutFrame) and frame.machine == machine
        trims = [Box(c.trim.x, c.trim.y, c.trim.w, c.trim.h) for c in page.cuts]
        area = frame.printable  # a grid may reach over the footer band, the footer then going beside it
        assert not any(
            intersects(Box(area.x, area.y, area.w, area.h), Box(z.x, z.y, z.w, z.h)) for z in keep_out(frame)
        )
        for i, trim in enumerate(trims):
            assert sorted((trim.w, trim.h)) == pytest.approx(sorted((size.width, size.height)))
            assert area.x <= trim.x + 1e-6 and trim.right <= area.right + 1e-6
            assert area.y <= trim.y + 1e-6 and trim.bottom <= area.bottom + 1e-6
            assert not any(intersects(trim, other) for other in trims[i + 1 :])


def test_a_card_too_big_for_the_cutting_area_is_refused_naming_the_area():
    settings = PrintSettings(cut_marks="cricut")
    the_kit = kit(("cards", (deck(CardSize("big", 180, 200), 2),)))
    with pytest.raises(PnpError, match=r"does not fit on A4 \(cricut's cutting area 171.45x230.95 mm"):
        plan_document(the_kit, the_kit.documents[0], settings)


def test_the_cli_offers_exactly_the_machines_printing_knows():
    """``--cut-marks`` choices are the CLI's own enum (so the CLI loads no printing code): they must not drift."""
    from pnp.cli.build import Cutter
    from pnp.printing.cutting import MACHINES

    assert [cutter.value for cutter in Cutter] == list(MACHINES)
