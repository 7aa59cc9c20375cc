"""Every printed string comes from the catalogue: kits built from a transformed catalogue, read back from their PDFs.

The pseudo-locale puts an accent on every vowel (and c, n, s, y, z) of every entry, placeholders aside: a word
read back in plain ASCII letters was printed from somewhere else. What may print so is data, not text: numbers
and codes with digits (a1, 7x5, page numbers, the footer's digest), single letters (airports, columns, the
calibration's X and Y), the unit mm, and the words of each game's own data and map, as its built-in files spell
them (``data_words``: names, such as Take Off!'s cities or Hauling Astronauts' transports), but for those its
catalogue translates (its ``texts`` hook's entries, whose English the kit prints from the catalogue).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.pdfium import plain_texts, text_pages, words

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.loader import ENVELOPE, safe_load
from pnp.printing import fit
from pnp.printing.render import PrintSettings, render_kit
from pnp.texts import catalogue, english
from pnp.texts.catalogue import PLACEHOLDER

pytestmark = registered  # the guide's example game is checked as a registered game too
ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "áçéíñóšúýžÁÇÉÍÑÓŠÚÝŽ")
LETTER_RUNS = re.compile(r"[A-Za-zÀ-ɏ]+")
UNITS = {"mm"}


def _strings(node: object) -> Iterator[str]:
    """Every string value in a YAML document read as plain data."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict | list):
        for value in node.values() if isinstance(node, dict) else node:
            yield from _strings(value)


def data_words(game: str) -> set[str]:
    """The words (runs of letters) of the string values in ``game``'s built-in data and map files, as a variant's
    data and a custom map would change them (Aloft's two-colour balloons named by their colours' letters, BG;
    Hauling Astronauts' companies and transports; Take Off!'s map, insets, cities and countries), but for the values
    its catalogue translates, the English of its ``texts`` hook's entries (Aloft's colour names, Take Off!'s inset
    "Central Europe", whose words the kit prints from the catalogue: "Central African Republic" prints as it is)."""
    spec = REGISTRY[game]
    sources = [spec.variant_data().builtin().source] if spec.variant_data else []
    sources += [spec.maps.load(None).source] if spec.maps else []
    written = (value for source in sources for key, value in safe_load(source.text).items() if key not in ENVELOPE)
    translated = {entry.text for entry in spec.texts(None).values()} if spec.texts else set()
    texts = {text for value in written for text in _strings(value)} - translated
    return {run for text in texts for run in LETTER_RUNS.findall(text)}


# French entries that are the same words in English, kept on purpose: the brand, and words both languages share.
SAME_IN_FRENCH = {
    "title",
    "back.brand",
    "symbol.triangle",
    "print.footer.page",
    "print.page.sheet",
    "print.calibration.mm",
    "rule.secrets",
    "described.comma",
}


def pseudo(text: str) -> str:
    """``text`` with its letters accented, its ``{placeholders}`` kept (a count's forms accented too)."""
    parts = PLACEHOLDER.split(text)  # what is inside each placeholder at odd indexes
    return "".join(
        part.translate(ACCENTS) if i % 2 == 0 else "{" + _forms_accented(part) + "}" for i, part in enumerate(parts)
    )


def _forms_accented(inside: str) -> str:
    """A placeholder's inside with the forms a count chooses between accented (``rows:row|rows``), its name kept."""
    name, colon, forms = inside.partition(":")
    return name + colon + forms.translate(ACCENTS)


def english_words(paths: list[Path]) -> list[str]:
    """The runs of plain ASCII letters (two or more) read back from ``paths``' pages, words with a digit aside
    (numbers and codes: 7x5, c3, a digest)."""
    found = []
    for path in paths:
        for page in text_pages(path):
            for word in words(page.glyphs):
                text = "".join(glyph.text for glyph in word)
                if not any(char.isdigit() for char in text):
                    found += [run for run in LETTER_RUNS.findall(text) if run.isascii() and len(run) > 1]
    return found


def test_pseudo_keeps_placeholders_and_accents_the_rest():
    assert pseudo("Goal {number}: land it") == "Góál {number}: láñd ít"
    assert pseudo("{n} {n:row|rows}") == "{n} {n:rów|rówš}"


def leaks(game: str, folder: Path) -> list[str]:
    """The words of ``game``'s kit built from the pseudo-locale and printed into ``folder`` that are neither
    accented by it nor data."""
    texts = {key: pseudo(entry.text) for key, entry in english(game).items()}
    written = render_kit(REGISTRY[game].kit(KitRequest(texts=texts)), PrintSettings(), folder)
    allowed = UNITS | data_words(game)
    return [w for w in english_words([f.path for f in written]) if w not in allowed]


@pytest.mark.parametrize("game", GAMES)
def test_every_printed_word_comes_from_the_catalogue(game, tmp_path):
    found = leaks(game, tmp_path)
    assert found == [], f"printed without the catalogue: {sorted(set(found))[:20]}"


def test_a_word_printed_from_code_is_found_the_datas_words_aside(monkeypatch, tmp_path):
    """Every line fitted to its box with a word of code after it: that word is found in Updraft's kit, which prints
    the words of its data as they are (its map's ``game:`` is no word of it)."""
    real = fit.line
    monkeypatch.setattr(fit, "line", lambda c, x, y, text, width, **kw: real(c, x, y, f"{text} Altitude", width, **kw))
    assert set(leaks("updraft", tmp_path)) == {"Altitude"} and "updraft" not in data_words("updraft")


def test_the_french_air_king_prints_no_english_entry(tmp_path):
    english_entries = english("air-king")
    french = catalogue("air-king", "fr")
    same = {key for key in english_entries if french[key] == english_entries[key].text}
    assert same == SAME_IN_FRENCH
    written = render_kit(REGISTRY["air-king"].kit(KitRequest(language="fr")), PrintSettings(), tmp_path)
    printed = " ".join(" ".join(text.split()) for f in written for text in plain_texts(f.path))  # as drawn, turned too
    assert "Aéroport A" in printed and "Retour technique" in printed
    for key, entry in english_entries.items():
        if key in SAME_IN_FRENCH:
            continue
        for piece in PLACEHOLDER.split(entry.text)[::2]:  # the entry's words between its placeholders
            words = " ".join(piece.replace("*", "").split())
            if len(re.findall(r"[A-Za-z]{3,}", words)) >= 2 or (len(words) > 3 and words.isalpha()):
                assert not re.search(rf"(?<![\w']){re.escape(words)}(?![\w'])", printed), f"{key}: {words!r}"
