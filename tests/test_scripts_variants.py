"""A variant's own fonts count: its text in a script they cover passes `variant check` and prints shaped (Hindi
in Noto Sans Devanagari), text nothing covers is one located line, and `pnp export` draws in those fonts too."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from support.pdfium import font_names, glyph_styles, text_pages

NOTO = Path("/usr/share/fonts/truetype/noto")
DEVANAGARI = {"body": NOTO / "NotoSansDevanagari-Regular.ttf", "titles": NOTO / "NotoSansDevanagari-Bold.ttf"}
SERIF = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
needs = pytest.mark.skipif(
    not all(path.is_file() for path in (*DEVANAGARI.values(), SERIF)),
    reason="Noto Sans Devanagari and DejaVu Serif (Debian fonts-noto-core, fonts-dejavu-core) not installed",
)
pytestmark = needs

STORM, STORM_TEXT = "तूफ़ान", "इस कार्ड को किसी खाली जगह पर रखें।"
HINDI = f'game: air-king\ntexts: {{data.event.storm.title: "{STORM}", data.event.storm.text: "{STORM_TEXT}"}}\n'


def _variant(folder: Path, text: str, fonts: dict[str, Path]) -> None:
    for path in fonts.values():
        shutil.copy(path, folder / path.name)
    named = ", ".join(f"{role}: {path.name}" for role, path in fonts.items())
    (folder / "v.yaml").write_text(text + (f"fonts: {{{named}}}\n" if fonts else ""), encoding="utf-8")


def test_text_in_a_script_only_the_variants_font_covers_passes_check_and_prints_shaped(cli, tmp_path):
    _variant(tmp_path, HINDI, DEVANAGARI)
    code, _, err = cli("variant", "check", "v.yaml")
    assert code == 0, err
    code, _, err = cli("build", "air-king", "--variant", "v.yaml", "-o", "out")
    assert code == 0, err
    path = tmp_path / "out" / "air-king" / "cards.pdf"
    fonts = [font for page in glyph_styles(path) for font, _ in page]
    glyphs = [glyph.text for page in text_pages(path) for glyph in page.glyphs]
    in_devanagari = "".join(text for text, font in zip(glyphs, fonts, strict=True) if "Devanagari" in font)
    drawn = unicodedata.normalize("NFD", in_devanagari)  # फ़ reads back as one letter
    assert STORM in drawn
    # shaped: the vowel sign i of "कि" is drawn before its consonant, as Hindi is written, in a form of its own
    # that no character maps to (read back as a private-use character); unshaped, it would follow it
    assert re.search("[\ue000-\uf8ff]कसी", drawn) and "किसी" not in drawn


def test_text_no_chosen_or_fallback_font_covers_is_one_line_naming_text_file_and_line(cli, tmp_path):
    _variant(tmp_path, HINDI, {})
    code, _, err = cli("variant", "check", "v.yaml")
    assert code == 1
    first = err.strip().splitlines()[0]
    assert first.startswith("v.yaml:2:") and f"'{STORM}' has characters no font prints" in first, err
    assert "U+0924 DEVANAGARI LETTER TA" in first and "Traceback" not in err
    # a font for regular text only: bold titles would still print boxes, so check still refuses them
    _variant(tmp_path, HINDI, {"body": DEVANAGARI["body"]})
    code, _, err = cli("variant", "check", "v.yaml")
    assert code == 1 and f"'{STORM}' has characters no font prints" in err


def test_export_draws_in_the_variants_fonts(cli, tmp_path):
    (tmp_path / "plain").mkdir()
    (tmp_path / "serif").mkdir()
    _variant(tmp_path / "plain", "game: air-king\n", {})
    _variant(tmp_path / "serif", "game: air-king\n", {"body": SERIF, "titles": SERIF})
    for name in ("plain", "serif"):
        code, _, err = cli("export", "air-king", "--png", "--dpi", "60", "--variant", f"{name}/v.yaml", "-o", name)
        assert code == 0, err
    plain = sorted((tmp_path / "plain" / "air-king" / "png").rglob("*-front.png"))
    serif = sorted((tmp_path / "serif" / "air-king" / "png").rglob("*-front.png"))
    assert [p.name for p in plain] == [p.name for p in serif] and plain
    with Image.open(plain[0]) as a, Image.open(serif[0]) as b:
        assert ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is not None  # its text differs
    code, _, err = cli("build", "air-king", "--variant", "serif/v.yaml", "--press", "drivethru", "-o", "press")
    assert code == 0, err
    (deck,) = sorted((tmp_path / "press" / "air-king" / "press-drivethru").glob("*.pdf"))[:1]
    names = font_names(deck)
    assert "DejaVuSerif" in names and "BitstreamVeraSans-Roman" not in names
