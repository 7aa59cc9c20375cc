"""A kit drawn in its own fonts by role (titles, body, symbols): embedded in the PDF, named and embedded in the
SVG, measured for fitting in the same faces; a font file that cannot be used is one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.pdfium import font_names, glyph_styles

from pnp.errors import PnpError
from pnp.games.spec import KitRequest
from pnp.printing import fit, fonts, glyphs
from pnp.printing.canvas import Drawing
from pnp.printing.render import PrintSettings, render_kit, write_drawing

FONTS = Path("/usr/share/fonts/truetype/dejavu")
SERIF, SANS_BOLD = FONTS / "DejaVuSerif.ttf", FONTS / "DejaVuSans-Bold.ttf"
NOTO = Path("/usr/share/fonts/truetype/noto")  # Debian's fonts-noto-core, as .ci/run has it
NOTO_SANS, NOTO_SERIF = NOTO / "NotoSans-Regular.ttf", NOTO / "NotoSerif-Regular.ttf"
needs_dejavu = pytest.mark.skipif(
    not (SERIF.is_file() and SANS_BOLD.is_file()), reason="DejaVu fonts (Debian fonts-dejavu-core) not installed"
)


@needs_dejavu
def test_a_kit_built_with_its_own_fonts_embeds_them_by_role(tmp_path):
    from pnp.games.air_king import components

    kit = components.kit(KitRequest(fonts={"body": SERIF, "titles": SANS_BOLD}))
    render_kit(kit, PrintSettings(formats=("pdf", "svg")), tmp_path)
    names = font_names(tmp_path / "air-king" / "cards.pdf")
    assert {"DejaVuSerif", "DejaVuSans-Bold"} <= names
    assert not names & {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}  # Vera only where a role is not chosen
    svg = (tmp_path / "air-king" / "svg" / "cards-01.svg").read_text()
    assert "font-family: pnp-body; src: url(data:font/truetype;base64," in svg
    assert "font-family=\"pnp-body, 'DejaVu Serif'," in svg and "font-family=\"pnp-titles, 'DejaVu Sans'," in svg


def test_a_kit_without_fonts_keeps_vera(tmp_path):
    from pnp.games.air_king import components

    kit = components.kit(KitRequest())
    assert kit.faces == fonts.DEFAULT
    card = kit.documents[0].parts[0].cards[0]  # type: ignore[union-attr]
    write_drawing(Drawing(63.5, 88.9, card.front.draw), tmp_path / "card.pdf")
    assert font_names(tmp_path / "card.pdf") <= {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}


@needs_dejavu
def test_text_is_fitted_in_the_faces_it_is_drawn_in():
    serif = fonts.chosen({"body": SERIF})
    text = "Make one more aircraft move this turn"
    assert fonts.text_width(text, 8, faces=serif) > fonts.text_width(text, 8) + 0.5  # DejaVu Serif is wider
    room = fonts.text_width(text, 8) + 0.1  # Vera fits at 8 pt; the serif face must shrink
    assert fit.fit_line(text, room, 8, part="card", field="text") == 8
    assert fit.fit_line(text, room, 8, part="card", field="text", faces=serif) < 8


@needs_dejavu
def test_a_symbols_face_is_tried_before_the_fallbacks_and_vera_still_covers_latin():
    faces = fonts.chosen({"symbols": SERIF, "body": SANS_BOLD})
    assert [name for name, _ in fonts.runs("A", faces=faces)] == [faces.body]
    assert glyphs.unprintable("Zürich", faces) == ""
    assert glyphs.unprintable("Min\ue000sk", faces) == "\ue000"  # no font has it: check still refuses it


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"headings": SERIF}, r"^font role 'headings': unknown \(known: titles, body, symbols\)$"),
        ({"body": Path("/nonexistent/Font.ttf")}, r"^/nonexistent/Font.ttf: no such font file$"),
    ],
)
def test_a_font_that_cannot_be_used_is_one_line(files, message):
    with pytest.raises(PnpError, match=message):
        fonts.chosen(files)


def test_a_file_that_is_not_a_font_is_one_line(tmp_path):
    path = tmp_path / "notes.ttf"
    path.write_text("not a font at all")
    with pytest.raises(PnpError) as caught:
        fonts.chosen({"titles": path})
    assert str(caught.value).startswith(f"{path}: not a TrueType or OpenType font (")
    assert "\n" not in str(caught.value)


# fonts a variant cannot use: each file's name, its bytes, and why it is refused
UNUSABLE = {
    "PostScript outlines": (
        "Cff.otf",
        lambda: b"OTTO" + bytes(64),  # the sfnt version of CFF outlines
        "an OpenType font with PostScript (CFF) outlines cannot be embedded; use a TrueType (.ttf) version of it",
    ),
    "cut short": (
        "Cut.ttf",
        lambda: NOTO_SANS.read_bytes()[:5000],  # a download stopped early
        "not a readable font: it is cut short (its tables run past its end)",
    ),
}


@pytest.mark.parametrize("font", UNUSABLE.values(), ids=UNUSABLE)
@pytest.mark.parametrize("command", ["check", "build"])
def test_a_font_a_variant_cannot_use_is_refused_at_its_line(cli, tmp_path, command, font):
    name, contents, why = font
    (tmp_path / name).write_bytes(contents())
    (tmp_path / "v.yaml").write_text(f"game: aloft\nfonts:\n  body: {name}\n")
    args = ("variant", "check", "v.yaml") if command == "check" else ("build", "aloft", "--variant", "v.yaml")
    code, _, err = cli(*args)
    assert code == 1 and err.count("\n") == 1, err
    assert re.search(rf"v\.yaml:3:9: (error: )?fonts\.body: '{name}': {re.escape(why)}$", err.strip()), err


def test_an_otf_file_with_truetype_outlines_is_embedded(cli, tmp_path):
    (tmp_path / "Sans.otf").write_bytes(NOTO_SANS.read_bytes())  # OpenType with TrueType outlines, as many .otf are
    (tmp_path / "v.yaml").write_text("game: aloft\nfonts:\n  body: Sans.otf\n")
    code, _, err = cli("build", "aloft", "--variant", "v.yaml", "-o", "out")
    assert code == 0, err
    assert "NotoSans-Regular" in font_names(tmp_path / "out" / "aloft" / "cards.pdf")
    (tmp_path / "Sans.otf").write_text("not a font")
    code, _, err = cli("variant", "check", "v.yaml")
    assert code == 1 and "fonts.body: 'Sans.otf' is not an OTF file (its first bytes say otherwise)" in err, err


def test_a_font_missing_a_table_is_one_line(tmp_path):
    font = NOTO_SANS.read_bytes()
    path = tmp_path / "NoMetrics.ttf"
    path.write_bytes(font.replace(b"hhea", b"xxxx", 1))  # the directory's entry: the table reportlab needs is gone
    with pytest.raises(PnpError, match=rf"^{re.escape(str(path))}: not a readable font: its tables are damaged$"):
        fonts.chosen({"body": path})


def test_bold_text_falls_back_to_a_bold_face_before_a_symbols_face_of_one_weight(tmp_path):
    from pnp.printing.pdf import PdfWriter

    faces = fonts.chosen({"symbols": NOTO_SERIF})  # one weight, with Greek and Cyrillic
    writer = PdfWriter(tmp_path / "title.pdf", "title", faces=faces)
    writer.page(80, 20, lambda canvas: canvas.text(5, 10, "Гроза Διαγώνια", bold=True))
    writer.page(80, 20, lambda canvas: canvas.text(5, 10, "Гроза Διαγώνια"))
    writer.close()
    bold, regular = glyph_styles(tmp_path / "title.pdf")
    assert {font for font, _ in bold} == {"NotoSans-Bold"}  # Noto Sans Bold has them: the title stays bold
    assert {font for font, _ in regular} == {"NotoSerif-Regular"}  # regular text still tries the symbols face first
