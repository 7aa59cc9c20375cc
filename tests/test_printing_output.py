"""The files render_kit writes: fonts, page sizes, SVG against PDF, manifest, footer, progress, ink saver, errors."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from pypdf import PdfReader
from support.pdfium import Box, PrintedPage, glyph_styles, plain_texts, printed_pages
from support.printing import (
    POKER_NAME,
    board,
    char_box,
    deck,
    kit,
    page_size,
    page_text,
    rects,
    sheet,
    straight,
    tokens,
    word_boxes,
)

from pnp.errors import PnpError
from pnp.printing.canvas import Drawing
from pnp.printing.fit import Overflow
from pnp.printing.parts import POKER, TAROT, CardSize, Sheet
from pnp.printing.render import PrintSettings, WrittenFile, count_pages, drawing_to_svg, render_kit, write_drawing

BASE_14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica", "Helvetica-Bold",
    "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
    "Symbol", "ZapfDingbats",
}  # fmt: skip
SVG = "{http://www.w3.org/2000/svg}"


def full_kit():
    return kit(
        ("cards", (deck(POKER, 11, name="heroes"), tokens("round", 24, 9, backs=True))),
        ("extras", (board(420, 300), sheet(150, 100))),
    )


@pytest.fixture(scope="module")
def both(tmp_path_factory) -> list[WrittenFile]:
    return render_kit(full_kit(), PrintSettings(formats=("pdf", "svg")), tmp_path_factory.mktemp("both"))


def test_every_font_in_every_pdf_is_embedded_and_none_is_base_14(both):
    pdfs = [f for f in both if f.format == "pdf"]
    assert {f.path.name for f in pdfs} == {"cards.pdf", "extras.pdf", "calibration.pdf"}
    seen = set()
    for written in pdfs:
        for page in PdfReader(written.path).pages:
            fonts = page["/Resources"].get_object().get("/Font", {})
            for font in fonts.values():
                font = font.get_object()
                name = str(font["/BaseFont"]).split("+")[-1].lstrip("/")
                assert name not in BASE_14
                assert "/FontFile2" in font["/FontDescriptor"].get_object(), name
                seen.add(name)
    assert seen == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}


def test_pdfs_ask_for_actual_size_and_duplex_files_for_a_long_edge_flip(tmp_path):
    written = render_kit(kit(("cards", (deck(POKER, 3),)), ("extras", (sheet(150, 100),))), PrintSettings(), tmp_path)
    preferences = {f.path.stem: PdfReader(f.path).trailer["/Root"]["/ViewerPreferences"] for f in written}
    assert set(preferences) == {"cards", "extras", "calibration"}
    for prefs in preferences.values():
        assert prefs["/PrintScaling"] == "/None"
    assert preferences["cards"]["/Duplex"] == preferences["calibration"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert "/Duplex" not in preferences["extras"]  # one-sided: the dialog's own choice stands


def test_sheets_of_paper_count_a_double_sided_page_pair_once(both):
    by_name = {f.path.name: f for f in both}
    assert by_name["cards.pdf"].sheets * 2 == by_name["cards.pdf"].pages  # fronts and backs, padded
    assert by_name["extras.pdf"].sheets == by_name["extras.pdf"].pages  # one-sided
    assert (by_name["calibration.pdf"].pages, by_name["calibration.pdf"].sheets) == (2, 1)
    for pdf in (f for f in both if f.format == "pdf"):
        svgs = [f for f in both if f.format == "svg" and f.path.name.startswith(pdf.path.stem + "-")]
        assert sum(f.sheets for f in svgs) == pdf.sheets


@pytest.mark.parametrize("paper,size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_pages_have_the_exact_paper_size(tmp_path, paper, size):
    written = render_kit(kit(("cards", (deck(POKER, 3), board(600, 200)))), PrintSettings(paper=paper), tmp_path)
    for f in written:
        for page in printed_pages(f.path):
            assert sorted(page_size(page)) == pytest.approx(sorted(size), abs=0.01)


def test_svg_pages_parse_and_name_the_same_components_as_the_pdf(both):
    svgs = [f for f in both if f.format == "svg"]
    pdfs = {f.path.stem: f for f in both if f.format == "pdf"}
    for stem, pdf_file in pdfs.items():
        pages = sorted((f for f in svgs if f.path.stem.rsplit("-", 1)[0] == stem), key=lambda f: f.path.name)
        assert len(pages) == pdf_file.pages
        names: Counter[str] = Counter()
        totals: Counter[str] = Counter()
        for svg_file, pdf_page in zip(pages, printed_pages(pdf_file.path)):
            root = ET.parse(svg_file.path).getroot()
            width, _ = page_size(pdf_page)
            assert root.get("width") == f"{width:.1f}".rstrip("0").rstrip(".") + "mm"
            assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
            groups = [g.get("data-name") for g in root.iter(f"{SVG}g") if g.get("data-name")]
            fronts = [g.split(":", 1)[1] for g in groups if re.match(r"(card|token)-front:", g)]
            text = page_text(pdf_page)
            assert all(name in text for name in fronts)  # the same items are on the PDF page
            names.update(fronts)
            totals.update(svg_file.components)
        assert sum(names.values()) == sum(v for k, v in pdf_file.components.items() if k in ("heroes", "tokens"))
        assert totals == Counter(pdf_file.components)
    assert pdfs["cards"].components == {"heroes": 11, "tokens": 9}
    assert pdfs["extras"].components == {"board": 1, "aid": 1}


def test_svg_groups_name_tiles_backs_and_sheets(both):
    groups = Counter()
    for f in both:
        if f.format == "svg":
            for g in ET.parse(f.path).getroot().iter(f"{SVG}g"):
                if g.get("data-name"):
                    groups[g.get("data-name").split(":")[0]] += 1
    assert groups["card-front"] == groups["card-back"] == 11
    assert groups["token-front"] == groups["token-back"] == 9
    assert groups["tile"] >= 2 and groups["overview"] == 1 and groups["sheet"] == 1


def test_count_pages_matches_the_pages_written_and_progress_reaches_it(tmp_path):
    calls = []
    settings = PrintSettings(formats=("pdf", "svg"))
    written = render_kit(full_kit(), settings, tmp_path, progress=lambda done, total: calls.append((done, total)))
    total = count_pages(full_kit(), settings)
    assert total == sum(f.pages for f in written if f.format == "pdf")
    assert total == sum(1 for f in written if f.format == "svg")
    assert calls == [(n, total) for n in range(1, total + 1)]


def test_every_page_has_a_footer_naming_game_document_page_and_seed(both):
    """The document is named once: by the page's own label where it begins with the document's name
    ("calibration front", not "calibration · calibration front")."""
    for f in both:
        if f.format != "pdf":
            continue
        pages = printed_pages(f.path)
        for number, page in enumerate(pages, 1):
            footer = [glyph for glyph in page.glyphs if char_box(page, glyph).y > page_size(page)[1] - 10]
            text = "".join(glyph.text for glyph in footer)
            assert text.startswith(f"Test Game · {f.path.stem} ")
            assert f" · {f.path.stem} · {f.path.stem}" not in text
            assert f"page {number}/{len(pages)} · seed 7" in text
            assert all(char_box(page, glyph).bottom <= page_size(page)[1] - 5 for glyph in footer)


@pytest.mark.parametrize(
    ("language", "board", "calibration", "listed"),
    [
        ("en", "Aloft · board overview · page 1/7", "Aloft · calibration front · page 1/2", "calibration"),
        ("fr", "Aloft · plateau, vue d'ensemble · page 1/7", "Aloft · étalonnage, recto · page 1/2", "étalonnage"),
    ],
)
def test_a_footer_names_the_document_once_in_every_language(cli, tmp_path, language, board, calibration, listed):
    """French footers read "Aloft · plateau · plateau, vue d'ensemble": a label beginning with the document's
    name followed by a comma named it twice. The build's table lists the calibration sheet in the language too (it
    said "calibration" whatever the language)."""
    code, out, err = cli("build", "aloft", "--lang", language, "-o", "out")
    assert code == 0, err
    row = next(line for line in out.splitlines() if "calibration.pdf" in line)
    assert row.split("│")[-2].strip() == listed
    folder = tmp_path / "out" / "aloft"
    assert board in plain_texts(folder / "board.pdf")[0]
    assert calibration in plain_texts(folder / "calibration.pdf")[0]


def test_ink_saver_lightens_fills_and_keeps_text_dark(tmp_path):
    plain = render_kit(kit(("cards", (deck(POKER, 2),))), PrintSettings(), tmp_path / "plain")
    saver = render_kit(kit(("cards", (deck(POKER, 2),))), PrintSettings(ink_saver=True), tmp_path / "saver")
    pages = zip(printed_pages(plain[0].path), printed_pages(saver[0].path), glyph_styles(saver[0].path))
    for page_a, page_b, styles_b in pages:
        fills_a, fills_b = fills(page_a), fills(page_b)
        assert len(fills_a) == len(fills_b) > 0
        for before, after in zip(fills_a, fills_b):
            assert all(y >= x for x, y in zip(before, after))
            assert sum(after) / 3 >= 0.7  # light
        assert any(sum(x) / 3 < 0.5 for x in fills_a)  # there was something dark to lighten
        assert len(styles_b) == len(page_b.glyphs)
        for _, rgb in styles_b:
            color = [v / 255 for v in rgb]
            assert 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] <= 0.36


def test_calibration_has_a_100_mm_ruler_and_square_and_an_offset_registration_grid(tmp_path):
    written = render_kit(kit(("cards", (deck(POKER, 1),))), PrintSettings(back_offset=(1.5, -2.0)), tmp_path)
    calibration = next(f for f in written if f.path.name == "calibration.pdf")
    assert calibration.pages == 2
    front, back = printed_pages(calibration.path)
    mm = 25.4 / 72
    ticks = sorted(line.x0 * mm for line in _scale_ticks(front, 100 / mm, "bottom"))
    assert len(ticks) == 101 and ticks[-1] - ticks[0] == pytest.approx(100, abs=0.01)
    assert all(b - a == pytest.approx(1, abs=0.01) for a, b in itertools.pairwise(ticks))
    square = [r.box for r in rects(front) if r.stroke is not None]
    assert [((r.x1 - r.x0) * mm, (r.bottom - r.top) * mm) for r in square] == [pytest.approx((100, 100), abs=0.01)]
    width = page_size(front)[0]

    def crossings(page, arm):
        horizontal = [
            line
            for line in (shape.box for shape in straight(page))
            if line.top == line.bottom and (line.x1 - line.x0) * mm == pytest.approx(2 * arm)
        ]
        return sorted((round((ln.x0 + ln.x1) / 2 * mm, 2), round(ln.top * mm, 2)) for ln in horizontal)

    crosses = crossings(front, 9.0)
    scales = crossings(back, 6.0)
    assert len(crosses) == len(scales) == 8
    assert scales == sorted((round(width - x + 1.5, 2), round(y - 2.0, 2)) for x, y in crosses)
    assert "1.5" in page_text(back) and "-2" in page_text(back)


def fills(page: PrintedPage) -> list[tuple[float, ...]]:
    """The fill colour (0 to 1) of each filled rectangle of a page, in the order drawn."""
    return [tuple(v / 255 for v in r.fill) for r in rects(page) if r.fill is not None]


def _scale_ticks(page: PrintedPage, length: float, end: str) -> list[Box]:
    """The ticks of the scale whose baseline is ``length`` points long: short upright lines whose ``end`` is on it
    (boxes in points)."""
    lines = [shape.box for shape in straight(page)]
    (baseline,) = [
        line.top for line in lines if line.top == line.bottom and line.x1 - line.x0 == pytest.approx(length, abs=0.01)
    ]
    upright = [line for line in lines if line.x0 == line.x1 and line.bottom - line.top < 13]
    return [line for line in upright if getattr(line, end) == pytest.approx(baseline, abs=0.01)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_has_a_4_inch_scale_ticked_every_eighth_beside_the_ruler(tmp_path, paper):
    written = render_kit(kit(("cards", (deck(POKER, 1),))), PrintSettings(paper=paper), tmp_path)
    front = printed_pages(next(f for f in written if f.path.name == "calibration.pdf").path)[0]
    ticks = sorted(_scale_ticks(front, 4 * 72, "top"), key=lambda line: line.x0)
    assert len(ticks) == 4 * 8 + 1
    xs = [line.x0 for line in ticks]
    assert all(b - a == pytest.approx(72 / 8, abs=0.01) for a, b in itertools.pairwise(xs))
    longest = max(line.bottom - line.top for line in ticks)
    inches = [line.x0 for line in ticks if line.bottom - line.top == longest]
    assert [b - a for a, b in itertools.pairwise(inches)] == [pytest.approx(72, abs=0.01)] * 4
    millimetres = _scale_ticks(front, 100 * 72 / 25.4, "bottom")
    assert min(line.x0 for line in millimetres) == pytest.approx(inches[0], abs=0.01)  # both start at 0
    below = [(text, w) for text, w in word_boxes(front) if ticks[0].top < w.top < ticks[0].bottom + 12]
    numbers = sorted(below, key=lambda word: word[1].x0)
    assert [text for text, _ in numbers if text.isdigit()] == ["0", "1", "2", "3", "4"]
    for (_, word), x in zip((w for w in numbers if w[0].isdigit()), inches):
        assert (word.x0 + word.x1) / 2 == pytest.approx(x, abs=0.5)  # each number under its inch
    assert "inches" in page_text(front)


@pytest.mark.parametrize(
    "settings",
    [
        {"formats": ("pdf", "png")},
        {"formats": ()},
        {"paper": "a5"},
        {"layout": "simplex"},
        {"bleed": -1.0},
        {"bleed": float("nan")},
        {"back_offset": (30.0, 0.0)},
        {"back_offset": (1.0,)},
    ],
)
def test_bad_settings_are_one_line_errors(settings):
    with pytest.raises(PnpError) as error:
        PrintSettings(**settings)
    assert "\n" not in str(error.value) and str(error.value)


def test_a_card_larger_than_the_page_is_a_one_line_error(tmp_path):
    huge = CardSize("poster", 199, 280)  # A4 leaves 200 mm across: no room for a bleed of 1 mm on each side
    with pytest.raises(PnpError) as error:
        render_kit(kit(("cards", (deck(huge, 2, name="posters"),))), PrintSettings(), tmp_path)
    message = str(error.value)
    assert "\n" not in message and "posters" in message and "199x280 mm" in message and "A4" in message
    # what does not fit with bleed may fit without it: a tarot card still fits four to a page
    assert count_pages(kit(("cards", (deck(TAROT, 4, backs="none"),))), PrintSettings(bleed=10)) == 1 + 2


def test_an_unwritable_output_folder_is_a_one_line_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(PnpError) as error:
        render_kit(kit(("cards", (deck(POKER, 1),))), PrintSettings(), blocker)
    assert "\n" not in str(error.value) and str(blocker) in str(error.value)


def test_write_drawing_writes_a_page_of_the_drawings_size(tmp_path):
    drawing = Drawing(120, 80, lambda c: c.text(10, 10, POKER_NAME, size=9))
    write_drawing(drawing, tmp_path / "picture.pdf")
    write_drawing(drawing, tmp_path / "picture.svg")
    pages = printed_pages(tmp_path / "picture.pdf")
    assert page_size(pages[0]) == pytest.approx((120, 80), abs=0.01)
    assert page_text(pages[0]) == POKER_NAME
    root = ET.fromstring(drawing_to_svg(drawing))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("120mm", "80mm", "0 0 120 80")
    assert ET.parse(tmp_path / "picture.svg").getroot().find(f"{SVG}text").text == POKER_NAME
    with pytest.raises(PnpError) as error:
        write_drawing(drawing, tmp_path / "picture.png")
    assert "\n" not in str(error.value) and ".png" in str(error.value)


@pytest.mark.parametrize("stop", [Overflow("aid", "text", "too long"), KeyboardInterrupt()], ids=["overflow", "ctrl-c"])
def test_a_build_that_stops_leaves_the_last_kit_as_it_was(tmp_path, stop):
    """A kit's files replace the last build's only once all are drawn: a second build stopped at its last document
    (a text too long, Ctrl-C) left its first documents beside the last build's others, a kit of two builds."""
    written = render_kit(kit(("cards", (deck(POKER, 3),)), ("extras", (sheet(150, 100),))), PrintSettings(), tmp_path)
    before = {f.path: f.path.read_bytes() for f in written}

    def stopped(c) -> None:
        raise stop

    again = kit(("cards", (deck(POKER, 9),)), ("extras", (Sheet("aid", Drawing(150, 100, stopped)),)))
    with pytest.raises(type(stop)):
        render_kit(again, PrintSettings(), tmp_path)
    assert {path: path.read_bytes() for path in before} == before
    assert sorted(tmp_path.rglob("*")) == sorted({*before, tmp_path / "testgame"}), "a folder drawn in is left"


def test_a_build_removes_the_pages_and_cut_files_the_last_build_wrote_and_it_does_not(tmp_path):
    """A kit built in SVG with cut files, then built again in PDF alone: the old SVG pages and cut files went on
    lying beside the new PDFs (a cutter loading 'the cut files' cut another layout's lines); a print shop's folder
    and the user's own files stay."""
    cards = kit(("cards", (deck(POKER, 9),)), ("extras", (sheet(150, 100),)))
    first = render_kit(cards, PrintSettings(formats=("pdf", "svg"), cut_marks="silhouette"), tmp_path)
    assert {f.format for f in first} == {"pdf", "svg", "cut"}
    folder = tmp_path / "testgame"
    kept = [folder / "press-tgc" / "front-01.png", folder / "notes.txt"]
    for path in kept:
        path.parent.mkdir(exist_ok=True)
        path.write_text("mine")
    second = render_kit(kit(("cards", (deck(POKER, 3),))), PrintSettings(), tmp_path)
    assert sorted(p for p in folder.rglob("*") if p.is_file()) == sorted([*(f.path for f in second), *kept])
    assert not (folder / "svg").exists()
