"""The table page's Rules panel (a game's ``aid`` hook) in the session's words, for every registered game and every
language it ships: the language the session was started in, else its variant's, with the variant's texts over it,
as the kit prints them (Hauling Astronauts, Take Off! and Aeronaut Odyssey once showed French sessions their aid in
English)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.said import english_left

from pnp.games import REGISTRY
from pnp.printing.sheets import Aid, Block, Heading, Items, Table, Text
from pnp.referee.protocol import Setup
from pnp.texts import catalogue, languages

pytestmark = registered  # the guide's example game is checked as a registered game too
TRANSLATED = [(name, code) for name in GAMES for code in languages(name) if code != "en"]


def setup_of(name: str, language: str | None = None, variant: Path | None = None) -> Setup:
    game = REGISTRY[name].rules()
    players = tuple(f"p{n + 1}" for n in range(game.min_players))
    return Setup(players, {o.key: o.default for o in game.options}, 1, None, variant, language)


def aid_of(name: str, setup: Setup) -> Aid:
    hook = REGISTRY[name].aid
    assert hook is not None, f"{name} has no Rules panel"
    return hook(setup)


def blocks(aid: Aid) -> list[Block]:
    """The aid's blocks, then each stage's rule, in order."""
    return [*aid.blocks, *(block for rule in aid.stages.values() for block in rule)]


def texts(aid: Aid) -> list[str]:
    """Every text the panel shows: headings, paragraphs, items and table cells."""
    shown: list[str] = []
    for block in blocks(aid):
        if isinstance(block, Heading | Text):
            shown.append(block.text)
        elif isinstance(block, Items):
            shown.extend(block.items)
        elif isinstance(block, Table):
            shown.extend(cell for row in block.rows for cell in row)
    return shown


def headings(aid: Aid) -> list[str]:
    return [block.text for block in blocks(aid) if isinstance(block, Heading)]


def keys_of(name: str, shown: list[str]) -> list[str]:
    """The keys of ``name``'s English catalogue whose text each of ``shown`` is (a heading is a whole entry)."""
    english = catalogue(name)
    found = []
    for text in shown:
        keys = [key for key, entry in english.items() if entry == text and key.startswith(("rules.", "aid."))]
        assert keys, f"{name}: no entry reads {text!r}"
        found.append(keys[0])
    return found


@pytest.mark.parametrize(("name", "language"), TRANSLATED)
def test_the_panel_speaks_the_language_the_session_was_started_in(name, language):
    english, spoken = aid_of(name, setup_of(name)), aid_of(name, setup_of(name, language))
    words = catalogue(name, language)
    assert headings(spoken) == [words[key] for key in keys_of(name, headings(english))]
    assert english_left(name, texts(spoken), keys="", language=language) == []


@pytest.mark.parametrize(("name", "language"), TRANSLATED)
def test_the_panel_speaks_a_variants_language_and_the_session_chooses_over_it(name, language, tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text(f"game: {name}\nlanguage: {language}\n", encoding="utf-8")
    english = aid_of(name, setup_of(name))
    expected = [catalogue(name, language)[key] for key in keys_of(name, headings(english))]
    assert headings(aid_of(name, setup_of(name, variant=variant))) == expected
    assert headings(aid_of(name, setup_of(name, "en", variant))) == headings(english)


@pytest.mark.parametrize("name", GAMES)
def test_the_panel_takes_a_variants_texts_over_the_sessions_language(name, tmp_path):
    first = keys_of(name, headings(aid_of(name, setup_of(name))))[0]
    variant = tmp_path / "v.yaml"
    variant.write_text(f'game: {name}\ntexts:\n  {first}: "Our own {first}"\n', encoding="utf-8")
    for language in languages(name):
        shown = headings(aid_of(name, setup_of(name, language, variant)))
        assert shown[0] == f"Our own {first}", (name, language)
