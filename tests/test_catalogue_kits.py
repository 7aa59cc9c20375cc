"""Every printed string comes from the catalogue: kits built from a transformed catalogue, read back from their PDFs.

The pseudo-locale puts an accent on every vowel (and c, n, s, y, z) of every entry, placeholders aside: a word
read back in plain ASCII letters was printed from somewhere else. What may print so is data, not text: numbers
and codes with digits (a1, 7x5, page numbers, the footer's digest), single letters (airports, columns, the
calibration's X and Y), the unit mm, and each game's ``DATA_WORDS`` below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.pdfium import plain_texts, text_pages, words

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.render import PrintSettings, render_kit
from pnp.texts import catalogue, english
from pnp.texts.catalogue import PLACEHOLDER

ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "áçéíñóšúýžÁÇÉÍÑÓŠÚÝŽ")
LETTER_RUNS = re.compile(r"[A-Za-zÀ-ɏ]+")
UNITS = {"mm"}


def _aloft_balloons() -> set[str]:
    from pnp.games.aloft.model import load_data

    return {balloon.name for balloon in load_data().value.balloons if not balloon.shape}


def _hauling_names() -> set[str]:
    from pnp.games.hauling_astronauts.model import load_data

    fleets = load_data(None).value.fleets
    return {word for fleet in fleets for word in fleet.company.split()} | {t.name for f in fleets for t in f.transports}


def _take_off_names() -> set[str]:
    from pnp.games.take_off.maps import load_world
    from pnp.games.take_off.model import load_data

    world, _ = load_world(None, load_data().value)
    names = [world.map.title, *(inset.name for inset in world.map.insets)]
    names += [name for city in world.map.cities for name in (city.name, city.country or "")]
    return {run for name in names for run in LETTER_RUNS.findall(name)}


# Names printed as they are in every language: Aloft's two-colour balloons are named by their colours' letters
# (BG: blue and green); Hauling Astronauts' companies and transports are names; Take Off!'s map file names its
# map, insets, cities and countries.
DATA_WORDS: dict[str, set[str]] = {game: set() for game in REGISTRY} | {
    "aloft": _aloft_balloons(),
    "hauling-astronauts": _hauling_names(),
    "take-off": _take_off_names(),
}
# French entries that are the same words in English, kept on purpose: the brand, and words both languages share.
SAME_IN_FRENCH = {
    "title",
    "back.brand",
    "symbol.triangle",
    "print.footer.page",
    "print.page.sheet",
    "print.calibration.mm",
    "rule.secrets",
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


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_printed_word_comes_from_the_catalogue(game, tmp_path):
    texts = {key: pseudo(entry.text) for key, entry in english(game).items()}
    kit = REGISTRY[game].kit(KitRequest(texts=texts))
    written = render_kit(kit, PrintSettings(), tmp_path)
    allowed = UNITS | DATA_WORDS[game]
    leaks = [w for w in english_words([f.path for f in written]) if w not in allowed]
    assert leaks == [], f"printed without the catalogue: {sorted(set(leaks))[:20]}"


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
