"""Text in any script a font covers prints (Cyrillic, Greek, Japanese, Arabic, Hebrew), Arabic joined and bold
CJK heavier; text no font covers is refused at check time with its file:line:col, never printed as empty
boxes. The SVG keeps logical order and gives right-to-left lines their direction, read back by chromium."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from PIL import Image
from support.cli import run_pnp

from pnp.printing import fonts, glyphs
from pnp.printing.canvas import Drawing
from pnp.printing.render import write_drawing
from pnp.printing.svg import svg_page

REGIONAL = Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml"
# the regional map's names, each put into another script
NAMES = {
    '"Kyiv"': "Київ",  # Cyrillic
    '"Vienna"': "Βιέννη",  # Greek
    '"Berlin"': "ベルリン",  # Japanese
    '"Rome"': "روما",  # Arabic
    '"Bern"': "ברן",  # Hebrew
}
# each name as the PDF draws it, left to right: right-to-left words turned, Arabic letters joined (alef in its
# final form, meem in its initial form; waw and reh join nothing on their left)
DRAWN = {**{name: name for name in NAMES.values()}, "ברן": "ןרב", "روما": "\ufe8e\ufee3\u0648\u0631"}
FALLBACKS = ("NotoSans-", "NotoSansArabic-", "NotoSansHebrew-", "DroidSansFallback")


def _map(tmp: Path, replacements: dict[str, str]) -> Path:
    text = REGIONAL.read_text(encoding="utf-8")
    for old, new in replacements.items():
        assert old in text
        text = text.replace(old, f'"{new}"')
    path = tmp / "scripts.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Take Off kit of the regional map with its names in five scripts, built once (in this process)."""
    tmp = tmp_path_factory.mktemp("scripts")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp)
        code, _, err = run_pnp(["build", "take-off", "--map", str(_map(tmp, NAMES)), "--out", "kits"], patch)
    assert code == 0, err
    return tmp / "kits" / "take-off"


@pytest.mark.parametrize("name", ["map.pdf", "cards.pdf"])
def test_names_in_every_script_read_back_from_the_pdf(kit, name):
    with pdfplumber.open(kit / name) as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    for written in NAMES.values():
        assert DRAWN[written] in text, written
    assert "Prague" in text  # the kit's own face still draws Latin text


@pytest.mark.parametrize("name", ["map.pdf", "cards.pdf"])
def test_the_fallback_faces_are_embedded(kit, name):
    embedded = set()
    for page in pypdf.PdfReader(kit / name).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]  # the TrueType program is in the file
            embedded.add(str(font["/BaseFont"]).split("+")[-1])
    assert all(any(face.startswith(prefix) for face in embedded) for prefix in FALLBACKS), embedded


def test_latin_text_stays_in_the_kits_own_face():
    assert fonts.runs("Yaoundé, Bogotá", bold=True) == [("VeraBd", "Yaoundé, Bogotá")]
    assert [face for face, _ in fonts.runs("Київ 東京 Kyiv")] == ["NotoSans", "DroidSansFallback", "Vera"]


def test_width_measures_each_run_in_its_face():
    # one missing glyph (Vera's box) would make every Cyrillic letter as wide as each other; Noto's are not
    assert fonts.text_width("Ш", 10) > fonts.text_width("г", 10) > 0


def test_the_svg_names_the_fallback_families_and_keeps_the_logical_order():
    picture = svg_page(50, 20, lambda canvas: canvas.text(5, 10, "روما Київ"))
    assert "روما Київ</text>" in picture  # a browser orders right-to-left text itself
    assert all(family in picture for family in ("Noto Sans Arabic", "Noto Sans Hebrew", "Droid Sans Fallback"))


@pytest.mark.parametrize("char", ["\ue000", "\u0378"], ids=["private-use", "unassigned"])
def test_a_character_no_font_prints_is_one_line_with_its_place(cli, tmp_path, char):
    path = _map(tmp_path, {'"Minsk"': f"Min{char}sk"})
    line = 1 + next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines()) if char in text)
    column = 1 + path.read_text(encoding="utf-8").splitlines()[line - 1].index(f'"Min{char}')
    for args in (("map", "check", path.name), ("build", "take-off", "--map", path.name, "--out", "kits")):
        code, out, err = cli(*args)
        assert code == 1, out
        message = err.strip()
        assert "\n" not in message and "Traceback" not in message
        assert f"scripts.yaml:{line}:{column}:" in message and f"U+{ord(char):04X}" in message, message
        assert "cities[2].name" in message
    assert not (tmp_path / "kits").exists()  # nothing printed


def test_every_string_in_a_file_is_looked_at_keys_and_all():
    text = 'title: Κ\ncities:\n  - {name: ok}\n  - name: "a\ue001"\n\ue002: 1\n'
    found = glyphs.findings("f.yaml", text)
    assert [f.where for f in found] == ["f.yaml:4:11", "f.yaml:5:1"]
    assert found[0].path == "cities[1].name"


def _ink(folder: Path, text: str, bold: bool = False) -> tuple[int, int]:
    """``text`` printed at 24 pt and read back by pdftoppm at 200 dpi: how many runs of inked columns it makes
    (letters joined into one stroke make one), and how many pixels are dark."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian's poppler-utils) is not installed")
    write_drawing(Drawing(60, 20, lambda canvas: canvas.text(5, 14, text, size=24, bold=bold)), folder / "word.pdf")
    png = subprocess.run(
        ["pdftoppm", "-r", "200", "-gray", "-png", str(folder / "word.pdf")],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout
    image = Image.open(io.BytesIO(png)).convert("L").point(lambda v: 255 if v < 128 else 0)
    inked = [any(image.getpixel((x, y)) for y in range(image.height)) for x in range(image.width)]
    runs = sum(1 for x, ink in enumerate(inked) if ink and (x == 0 or not inked[x - 1]))
    return runs, image.histogram()[255]


@pytest.mark.parametrize(("word", "strokes"), [("سلم", 1), ("لبن", 1), ("سلام", 2)])
def test_arabic_letters_print_joined(tmp_path, word, strokes):
    # seen, lam, meem (and lam, beh, noon) join on both sides: one stroke; alef joins nothing after it: two
    assert _ink(tmp_path, word)[0] == strokes


def test_arabic_is_drawn_in_its_joined_forms_and_measured_so():
    assert fonts.drawn("روما") == (("NotoSansArabic", DRAWN["روما"]),)
    # a mixed line: Latin first in the drawing as the right-to-left base puts it, each Arabic word joined
    assert [piece for _, piece in fonts.drawn("مدينة روما Kyiv")] == ["Kyiv ", DRAWN["روما"], " ", "ﺔﻨﻳﺪﻣ"]
    joined = fonts.text_width("سلم", 10)
    assert joined == pytest.approx(sum(fonts.text_width(form, 10) for form in "ﺳﻠﻢ"))  # its forms' advances


def test_bold_cjk_text_is_heavier_though_no_bold_cjk_face_is_installed(tmp_path):
    regular, bold = _ink(tmp_path, "東京")[1], _ink(tmp_path, "東京", bold=True)[1]
    assert bold > 1.2 * regular
    content = _content(tmp_path / "word.pdf")
    assert " 2 Tr " in content  # filled and outlined
    write_drawing(Drawing(60, 20, lambda canvas: canvas.text(5, 14, "Tokyo", size=24, bold=True)), tmp_path / "l.pdf")
    assert " Tr " not in _content(tmp_path / "l.pdf")  # Latin bold has its own face: drawn as it is
    picture = svg_page(60, 20, lambda canvas: canvas.text(5, 14, "東京", bold=True))
    assert 'font-weight="bold"' in picture  # a browser emboldens a face that has no bold itself


def _content(path: Path) -> str:
    return pypdf.PdfReader(path).pages[0].get_contents().get_data().decode("latin-1")


def test_the_svg_gives_right_to_left_text_its_base_direction_and_keeps_its_anchor():
    picture = svg_page(80, 20, lambda canvas: canvas.text(70, 10, "روما 12", anchor="end"))
    # logical order, ordered and joined by the browser; its start is its right end, so "end" becomes "start"
    assert '<text direction="rtl" ' in picture and ">روما 12</text>" in picture and "text-anchor" not in picture
    latin = svg_page(80, 20, lambda canvas: canvas.text(70, 10, "Kyiv روما", anchor="end"))
    assert "direction" not in latin and 'text-anchor="end"' in latin


def test_a_browser_places_right_to_left_svg_text_where_the_pdf_does(browser):
    def draw(canvas):
        canvas.text(10, 10, "روما Kyiv", size=20)
        canvas.text(110, 25, "روما", size=20, anchor="end")
        canvas.text(60, 40, "روما", size=20, anchor="middle")

    page = browser.new_page()
    try:
        page.set_content(f"<body style='margin:0'>{svg_page(120, 50, draw)}</body>")
        script = "() => [...document.querySelectorAll('text')].map(t => [t.getBBox().x, t.getBBox().width])"
        boxes = page.evaluate(script)
        # the first line reads from the right, as in the PDF: its Latin word (from index 5) is at its left end
        script = "() => [5, 0].map(i => document.querySelector('text').getExtentOfChar(i).x)"
        latin, arabic = page.evaluate(script)
    finally:
        page.close()
    (first, _), (second, width), (third, across) = boxes
    assert latin < arabic
    assert first == pytest.approx(10, abs=0.5)  # starts at its x, right-to-left or not
    assert second + width == pytest.approx(110, abs=0.5)
    assert third + across / 2 == pytest.approx(60, abs=0.5)
