"""A variant's language and texts as a translator meets them: where each error points, what the kit prints in the
variant's language, and what ``check`` says is left to translate.

Each test writes its variant into the test's folder and reads back the one-line errors, the check's output or
the printed PDF.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from support.pdfium import glyph_styles, plain_texts, printed_pages, text_page
from support.printing import MM, outlines

import pnp.texts
from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.paper import Rect
from pnp.printing.parts import Deck
from pnp.printing.render import write_drawing
from pnp.texts import english
from pnp.variants.findings import overflow_findings
from pnp.variants.game import read_variant, with_variant

CSV_DECK = """type,title,count,text
extra,Rückenwind,3,Ein Zug mehr.
diagonal,Seitenwind,2,Ein Flugzeug schräg.
storm,Gewitter,7,Auf ein leeres Feld.
clear,Aufklaren,1,Ein Gewitter weg.
hold,Warteschleife,4,Auf ein Flugzeug.
pass,Kreuzung,2,Zwei tauschen.
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def overflowing_key(game: str, folder: Path) -> str:
    """A catalogue key of ``game`` written with a dot (most are) whose text, made very long, is too long for its box."""
    entries = english(game)
    for key, entry in entries.items():
        if "." in key and "{" not in entry.text and not key.startswith("print."):
            probe = write(folder, "probe.yaml", f"game: {game}\ntexts:\n  {key}: {'W' * 150}\n")
            if overflow_findings(probe, game):
                return key
    raise AssertionError(f"{game}: no text found too long for its box")


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_text_too_long_is_reported_at_its_own_entry_in_every_game(cli, tmp_path, game):
    key = overflowing_key(game, tmp_path)
    others = [other for other in english(game) if other != key and not other.startswith("print.")][:2]
    entries = "".join(f"  {other}: {english(game)[other].text!r}\n" for other in others)
    write(tmp_path, "long.yaml", f"game: {game}\ntexts:\n{entries}  {key}: {'W' * 150}\n")
    code, _, err = cli("variant", "check", "long.yaml")
    lines = err.splitlines()
    where = f"long.yaml:5:{len(key) + 5}: error: texts.{key}: too long for the "
    assert code == 1 and lines and all(line.startswith(where) for line in lines[:50]), err


def test_a_text_or_an_art_box_refused_is_reported_at_its_own_entry(cli, tmp_path):
    write(tmp_path, "texts.yaml", "game: air-king\ntexts:\n  back.event: Ereignis\n  back.feld: Feld\n")
    code, _, err = cli("variant", "check", "texts.yaml")
    assert (code, err) == (1, "texts.yaml:4:14: error: texts.back.feld: no such text: did you mean 'back.field'?\n")
    write(tmp_path, "storm.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>')
    write(tmp_path, "art.yaml", "game: air-king\nart:\n  event:storm: storm.svg\n  event:clear: clear.png\n")
    code, _, err = cli("variant", "check", "art.yaml")
    message = "art.event:clear: 'clear.png': no such file (files are named relative to the variant)"
    assert (code, err) == (1, f"art.yaml:4:16: error: {message}\n")


def test_the_toolkits_words_follow_the_variants_language_where_pnp_ships_it_for_the_toolkit(cli, tmp_path):
    """pnp ships French for the toolkit (footers, calibration sheet, rules sheet headings): an Aloft variant in French
    printed the toolkit's words in English, when pnp shipped no French for Aloft."""
    write(tmp_path, "fr.yaml", "game: aloft\nlanguage: fr\ntexts:\n  title: Dans les airs\n")
    code, _, err = cli("build", "aloft", "--variant", "fr.yaml", "-o", "out")
    assert code == 0, err
    printed = {name: " ".join(plain_texts(tmp_path / "out" / "aloft" / f"{name}.pdf")) for name in ("board", "rules")}
    calibration = plain_texts(tmp_path / "out" / "aloft" / "calibration.pdf")
    assert "feuille d'étalonnage pnp" in calibration[0] and "étalonnage, recto" in calibration[0]
    assert "vue d'ensemble" in printed["board"] and "overview" not in printed["board"]
    assert "Dans les airs : règles" in printed["rules"] and "Dans les airs: rules" not in printed["rules"]


def test_a_language_tag_is_read_without_case_and_a_regional_one_falls_back_to_its_language(cli, tmp_path):
    """'language: FR' was refused as not a language tag, and 'fr-CA' as a language pnp does not ship."""
    write(tmp_path, "upper.yaml", "game: air-king\nlanguage: FR\n")
    assert cli("variant", "check", "upper.yaml") == (0, "upper.yaml: a valid Air King variant (0 warnings)\n", "")
    assert read_variant(tmp_path / "upper.yaml").language == "fr"
    write(tmp_path, "quebec.yaml", "game: air-king\nlanguage: fr-ca\n")
    note = "note: language: pnp ships no 'fr-CA' for Air King: what 'texts' leaves out prints in pnp's 'fr'"
    out = f"quebec.yaml:2:11: {note}\nquebec.yaml: a valid Air King variant (0 warnings)\n"
    assert cli("variant", "check", "quebec.yaml") == (0, out, "")
    for args in (("--variant", "quebec.yaml"), ("--lang", "FR-ca")):
        code, _, err = cli("build", "air-king", *args, "-o", "out")
        assert code == 0, err
        assert plain_texts(tmp_path / "out" / "air-king" / "rules.pdf")[0].startswith("Air King : règles")


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_variant_giving_every_text_gets_no_warning_about_english(cli, tmp_path, game):
    """'what texts leaves out prints in English' was said even when texts left nothing out."""
    texts = {key: entry.text for key, entry in english(game).items()}
    write(tmp_path, "full.yaml", yaml.safe_dump({"game": game, "language": "de", "texts": texts}, allow_unicode=True))
    code, out, err = cli("variant", "check", "full.yaml")
    assert (code, err) == (0, "") and out.endswith(" variant (0 warnings)\n") and out.count("\n") == 1, out


def test_the_warning_about_english_counts_the_texts_left_out_and_names_the_first(cli, tmp_path, take_off_untranslated):
    """It never said which: now how many, the first three and how many more, leaving out those pnp ships in the
    language for the toolkit (French) and the words of the variant's own CSV deck."""
    texts = "texts:\n  back.brand: LUFTKÖNIG\n  back.event: Ereignis\n"
    write(tmp_path, "de.yaml", "game: air-king\nlanguage: de\n" + texts)
    left = len(english("air-king")) - 2
    warning = (
        f"de.yaml:2:11: warning: language: {left} texts print in English: pnp ships no 'de' for Air King and 'texts' "
        f"leaves them out: print.footer.page, print.page.sheet, print.page.fronts and {left - 3} more\n"
    )
    assert cli("variant", "check", "de.yaml") == (0, warning + "de.yaml: a valid Air King variant (1 warning)\n", "")
    write(tmp_path, "deck.csv", CSV_DECK)
    write(tmp_path, "deck.yaml", "game: air-king\nlanguage: de\ndeck: deck.csv\ntexts: {back.brand: LUFTKÖNIG}\n")
    own = 2 * 6  # each kind of event card's title and text
    assert f": language: {len(english('air-king')) - 1 - own} texts print" in cli("variant", "check", "deck.yaml")[1]
    write(tmp_path, "fr.yaml", "game: take-off\nlanguage: fr\ntexts: {document.map: carte}\n")
    out = cli("variant", "check", "fr.yaml")[1]
    toolkit = Path(pnp.texts.__file__).parent / "catalogues" / "fr" / "toolkit.yaml"  # pnp's French for the toolkit
    french = set(english("take-off")) & set(yaml.safe_load(toolkit.read_text(encoding="utf-8")))
    assert f": language: {len(english('take-off')) - 1 - len(french)} texts print in English: " in out
    assert "leaves them out: document.cards, document.jets-and-dice, document.rules and " in out


def test_build_and_preview_report_a_text_too_long_where_the_variant_writes_it(cli, tmp_path):
    """They said 'pnp: error: event card ..., text: ...' with no place, where check gave deck.csv's row and column."""
    long = "Ein Gewitter weg vom Luftverkehrsüberwachungsbehördenzuständigkeitsbereichsgrenzenfeld."
    write(tmp_path, "deck.csv", CSV_DECK.replace("Ein Gewitter weg.", long))
    write(tmp_path, "deck.yaml", "game: air-king\ndeck: deck.csv\n")
    found = "Air King event card 'Aufklaren', text: the text needs "
    code, out, err = cli("variant", "check", "deck.yaml")
    assert (code, out) == (1, "") and err.startswith(f"deck.csv:5:4: error: {found}") and err.count("\n") == 1, err
    line = err.replace("error: ", "")
    for command in (("build", "air-king", "--variant", "deck.yaml", "-o", "out"), ("variant", "preview", "deck.yaml")):
        assert cli(*command, "-o", "out.pdf" if "preview" in command else "out") == (1, "", f"pnp: error: {line}")
    write(tmp_path, "sub.yaml", "game: air-king\ntexts:\n  back.event: EVENT\n  card.event.sub: " + "W" * 40 + "\n")
    for command in (("build", "air-king", "--variant", "sub.yaml"), ("variant", "preview", "sub.yaml")):
        code, out, err = cli(*command, "-o", "out.svg" if "preview" in command else "out")
        sub = "pnp: error: sub.yaml:4:19: texts.card.event.sub: too long for the Air King event card "
        assert (code, out) == (1, "") and err.startswith(sub) and err.count("\n") == 1, err


def test_a_text_with_a_placeholder_too_long_is_reported_once_at_its_entry(cli, tmp_path):
    """A truck card's title (with the truck's number in it) too long said 'long.yaml: error: Aloft truck card 1, title:
    ...' four times, once per card, with no line."""
    write(tmp_path, "long.yaml", "game: aloft\ntexts:\n  card.truck: 'Der allerlängste Lastwagen Nummer {number}'\n")
    code, out, err = cli("variant", "check", "long.yaml")
    where = "long.yaml:3:15: error: texts.card.truck: too long for the Aloft truck card 1 and 3 more: the text needs "
    assert (code, out) == (1, "") and err.startswith(where) and err.count("\n") == 1, err


def test_a_card_text_too_long_for_the_player_aid_is_reported_at_its_csv_cell(cli, tmp_path):
    """A CSV deck's text the player aid could not hold said 'deck.yaml: error: Air King: player aid, text: ...',
    without its row and column."""
    long = (
        '"'
        + " ".join(["Ein Zug mehr, auf einem freien Feld, für ein Flugzeug, das noch nicht gelandet ist."] * 30)
        + '"'
    )
    write(tmp_path, "deck.csv", CSV_DECK.replace("Ein Zug mehr.", long))
    write(tmp_path, "deck.yaml", "game: air-king\ndeck: deck.csv\n")
    code, out, err = cli("variant", "check", "deck.yaml")
    assert (code, out) == (1, "") and err.startswith("deck.csv:2:4: error: Air King: player aid, text: the text needs ")
    assert err.count("\n") == 1, err


DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
NOTO = Path("/usr/share/fonts/truetype/noto")


@pytest.mark.skipif(not (NOTO / "NotoMusic-Regular.ttf").is_file(), reason="Noto fonts (fonts-noto-core) not installed")
def test_a_font_without_the_letters_the_kit_prints_is_a_warning_at_its_role(cli, tmp_path):
    """A music font chosen for the titles passed as valid, and the kit printed every title in pnp's own faces."""
    for font in ("NotoMusic-Regular.ttf", "NotoSans-Regular.ttf"):
        shutil.copy(NOTO / font, tmp_path)
    write(tmp_path, "v.yaml", "game: aloft\nfonts: {titles: NotoMusic-Regular.ttf, body: NotoSans-Regular.ttf}\n")
    code, out, err = cli("variant", "check", "v.yaml")
    lines = out.splitlines()
    assert err == "" and code == 0 and len(lines) == 2 and lines[1] == "v.yaml: a valid Aloft variant (1 warning)", out
    assert re.fullmatch(
        r"v\.yaml:2:17: warning: fonts\.titles: NotoMusic-Regular\.ttf has 0 of the \d+ letters .*", lines[0]
    )


@pytest.mark.skipif(not (DEJAVU / "DejaVuSerif.ttf").is_file(), reason="DejaVu fonts (fonts-dejavu-core) not installed")
def test_the_preview_prints_in_the_variants_fonts(cli, tmp_path):
    """The preview was drawn in pnp's own fonts (Vera and the system's fallbacks): a symbol that only the
    variant's symbols font has printed as a box, where the build printed it."""
    for name in ("DejaVuSerif.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans.ttf"):
        (tmp_path / name).write_bytes((DEJAVU / name).read_bytes())
    write(tmp_path, "deck.csv", CSV_DECK.replace("Zwei tauschen.", "Zwei tauschen ✈."))
    fonts = "fonts:\n  body: DejaVuSerif.ttf\n  titles: DejaVuSans-Bold.ttf\n  symbols: DejaVuSans.ttf\n"
    write(tmp_path, "fonts.yaml", "game: air-king\ndeck: deck.csv\n" + fonts)
    assert cli("variant", "preview", "fonts.yaml", "-o", "p.pdf")[0] == 0
    glyphs, styles = text_page(tmp_path / "p.pdf").glyphs, glyph_styles(tmp_path / "p.pdf")[0]
    drawn = {font for glyph, (font, _) in zip(glyphs, styles, strict=True) if glyph.text == "✈"}
    assert drawn == {"DejaVuSans"}
    assert {font for font, _ in styles} == {"DejaVuSerif", "DejaVuSans-Bold", "DejaVuSans"}
    assert cli("variant", "preview", "fonts.yaml", "-o", "p.svg")[0] == 0
    svg = (tmp_path / "p.svg").read_text(encoding="utf-8")
    assert "font-family: pnp-body; src: url(data:font/truetype;base64," in svg


def grey(pdf: Path, box: Rect, dpi: int = 254) -> bytes:
    """The pixels of ``box`` (mm from the top-left of the PDF's first page) rendered in grey by pdftoppm."""
    x, y, w, h = (str(round(side * dpi / 25.4)) for side in (box.x, box.y, box.w, box.h))
    args = ["pdftoppm", "-gray", "-r", str(dpi), "-f", "1", "-l", "1", "-x", x, "-y", y, "-W", w, "-H", h, str(pdf)]
    return subprocess.run(args, check=True, capture_output=True).stdout.split(b"\n", 3)[3]  # after the PGM header


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler's pdftoppm not installed")
def test_each_card_of_the_preview_shows_whole(cli, tmp_path):
    """A card's colour runs on into its bleed: in the preview it ran over its neighbour, and 'Flugbewegungs-
    berechtigungsschein extra' showed as '…extr'. Each card in the preview now looks as the card alone does."""
    write(tmp_path, "deck.csv", CSV_DECK.replace("Rückenwind", "Flugbewegungsberechtigungsschein extra"))
    write(tmp_path, "deck.yaml", "game: air-king\ndeck: deck.csv\n")
    assert cli("variant", "preview", "deck.yaml", "-o", "p.pdf")[0] == 0
    kit = REGISTRY["air-king"].kit(with_variant(KitRequest(), read_variant(tmp_path / "deck.yaml")))
    decks = [part for document in kit.documents for part in document.parts if isinstance(part, Deck)]
    card, size = next((card, deck.size) for deck in decks for card in deck.cards if card.name == "extra 1")

    def alone(canvas: Canvas) -> None:
        canvas.rect(0, 0, size.width, size.height, fill=card.front.background, stroke=None)
        card.front.draw(canvas)

    write_drawing(Drawing(size.width, size.height, alone), tmp_path / "alone.pdf")
    page = printed_pages(tmp_path / "p.pdf")[0]
    title = page.glyphs["".join(glyph.text for glyph in page.glyphs).index("Flugbewegungs")]
    x, y = title.origin[0] * MM, page.height * MM - title.origin[1] * MM
    shown = next(b for b in outlines(page, "#999999") if b.x < x < b.x + b.w and b.y < y < b.y + b.h)
    inside = 0.5  # mm off each edge: the preview's outline aside
    crop = Rect(inside, inside, size.width - 2 * inside, size.height - 2 * inside)
    preview = grey(tmp_path / "p.pdf", Rect(shown.x + crop.x, shown.y + crop.y, crop.w, crop.h))
    expected = grey(tmp_path / "alone.pdf", crop)
    assert len(preview) == len(expected)
    differing = sum(abs(a - b) > 48 for a, b in zip(preview, expected))
    assert differing < len(expected) / 1000, f"{differing} of {len(expected)} pixels differ from the card alone"


def test_a_csv_deck_not_in_utf8_names_its_first_bad_byte_where_it_is(cli, tmp_path):
    """It said 'latin1.csv:1:1: not UTF-8 text' without the byte's line and column, which a YAML file's gets."""
    (tmp_path / "deck.csv").write_bytes(CSV_DECK.encode("latin-1"))
    write(tmp_path, "deck.yaml", "game: air-king\ndeck: deck.csv\n")
    why = "not UTF-8 text: byte 0xFC here (Latin-1 or Windows-1252?); save the file as UTF-8"
    assert cli("variant", "check", "deck.yaml") == (1, "", f"deck.csv:2:8: error: {why}\n")


@pytest.mark.parametrize(("separator", "words"), [(";", "';'"), ("\t", "tabs")])
def test_a_csv_deck_separated_otherwise_than_by_commas_is_said_to_be(cli, tmp_path, separator, words):
    """A spreadsheet in German saves 'CSV' with semicolons: it said "unknown column 'type;title;count;text'"."""
    write(tmp_path, "deck.csv", CSV_DECK.replace(",", separator))
    write(tmp_path, "deck.yaml", "game: air-king\ndeck: deck.csv\n")
    header = "type;title;count;text" if separator == ";" else "type\\ttitle\\tcount\\ttext"
    why = f"the file seems to use {words} between cells, and pnp reads comma-separated CSV (save it with commas)"
    assert cli("variant", "check", "deck.yaml") == (1, "", f"deck.csv:1:1: error: '{header}' is one column: {why}\n")


def test_a_misspelt_font_role_is_an_unknown_key(cli, tmp_path):
    """'titel:' under 'fonts:' was called an unknown value, though it is a key."""
    write(tmp_path, "font.yaml", "game: aloft\nfonts:\n  body: a.ttf\n  titel: a.ttf\n")
    line = (
        "font.yaml:4:3: error: fonts.titel: unknown key 'titel': did you mean 'titles'? (known: titles, body, symbols)"
    )
    assert cli("variant", "check", "font.yaml") == (1, "", line + "\n")


def test_take_offs_title_is_said_to_be_its_maps(cli, tmp_path):
    """'texts: title:' for Take Off! got "no such text: did you mean 'die.title'?": its title is the map's."""
    write(tmp_path, "title.yaml", "game: take-off\nlanguage: fr\ntexts:\n  title: Décollage !\n")
    custom = "set 'title' in a custom map ('pnp map new take-off -o FILE', then '--map FILE')"
    line = f"title.yaml:4:10: error: texts.title: no such text: Take Off! World Edition's title is its map's: {custom}"
    assert cli("variant", "check", "title.yaml") == (1, "", line + "\n")


CALIBRATION = (
    "Die Lineale müssen 100 mm und 4 Zoll messen, das Quadrat 100 mm je Seite; sonst die Skalierung des Druckers "
    "korrigieren."
)


def test_a_calibration_text_too_long_for_its_line_wraps_and_one_too_long_for_the_sheet_is_reported(cli, tmp_path):
    """A German line printed shrunk and cut short ("…korrigie"), with no word from check or build."""
    write(tmp_path, "de.yaml", f"game: aloft\nlanguage: de\ntexts:\n  print.calibration.front2: '{CALIBRATION}'\n")
    code, _, err = cli("build", "aloft", "--variant", "de.yaml", "-o", "out")
    assert code == 0, err
    front = " ".join(plain_texts(tmp_path / "out" / "aloft" / "calibration.pdf")[0].split())
    assert CALIBRATION in front and "…" not in front
    write(
        tmp_path, "long.yaml", f"game: aloft\nlanguage: de\ntexts:\n  print.calibration.front2: '{CALIBRATION * 6}'\n"
    )
    code, out, err = cli("variant", "check", "long.yaml")
    found = [line for line in (out + err).splitlines() if ": error: " in line]
    assert code == 1 and len(found) == 1, out + err
    assert found[0].startswith(
        "long.yaml:4:29: error: texts.print.calibration.front2: too long for the Aloft calibration"
    )
    code, _, err = cli("build", "aloft", "--variant", "long.yaml", "-o", "out")
    assert code == 1 and "long.yaml:4:29: texts.print.calibration.front2: too long" in err


def test_a_list_is_joined_as_the_variants_language_joins_one(tmp_path):
    """Every item of a list but the last was joined by ", " whatever the language: '1, 1 and 1を振る'."""
    from pnp.referee import session
    from pnp.referee.inputs import legal_inputs

    texts = "texts:\n  described.comma: '{first}、{second}'\n  described.and: '{first}と{last}'\n"
    write(tmp_path, "ja.yaml", f"game: hauling-astronauts\n{texts}")
    current = session.new(tmp_path / "g.pnp", "hauling-astronauts", ["ann", "bob"], [], 1, None, tmp_path / "ja.yaml")
    labels = [offer.label for offer in legal_inputs(current, "ann")]  # "choose Tortoise for strip 1, Drifter for 2…"
    assert labels and all(re.fullmatch(r"choose [^,]+、[^,]+と[^,]+", label) for label in labels), labels[:3]


def test_the_texts_left_in_english_are_listed_whole_to_translate_and_paste_in(cli, tmp_path):
    """check named three of the texts a translation had left and "81 more": a translator had to diff the template by
    hand. --untranslated prints them all as a 'texts:' block; pasted in, translated, nothing is left in English."""
    write(tmp_path, "de.yaml", "game: air-king\nlanguage: de\ntexts:\n  title: Luftkönig\n")
    code, out, err = cli("variant", "check", "de.yaml", "--untranslated")
    assert code == 0 and err == ""
    left = yaml.safe_load(out)["texts"]
    assert "title" not in left and len(left) > 100 and all(isinstance(text, str) for text in left.values())
    warning = cli("variant", "check", "de.yaml")[1]
    assert f"language: {len(left)} texts print in English" in warning
    translated = {"title": "Luftkönig"} | {key: f"«{text}»" for key, text in left.items()}  # placeholders kept
    write(tmp_path, "de.yaml", yaml.safe_dump({"game": "air-king", "language": "de", "texts": translated}))
    assert cli("variant", "check", "de.yaml", "--untranslated") == (0, "texts:\n", "")
    assert "print in English" not in cli("variant", "check", "de.yaml")[1]


def test_a_word_of_the_table_page_is_refused_as_pnps_own_not_as_a_misspelling(cli, tmp_path):
    """'texts: {table.turn.yours: Du bist dran}' was refused with "did you mean 'rules.turn.order'?"."""
    write(tmp_path, "de.yaml", "game: air-king\nlanguage: de\ntexts:\n  table.turn.yours: Du bist dran\n")
    code, out, err = cli("variant", "check", "de.yaml")
    assert code == 1 and err.startswith("de.yaml:4:21: error: texts.table.turn.yours: no such text: ") and not out
    assert "a word of the table's pages, pnp's own for every game" in err and "did you mean" not in err
