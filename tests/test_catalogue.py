"""The catalogues of printed strings: what they hold, the check of a translation, and --lang."""

from __future__ import annotations

import pytest
import yaml
from support.games import GAMES, registered

from pnp.games import REGISTRY
from pnp.texts import Catalogue, Entry, catalogue, check, english, languages
from pnp.texts.catalogue import placeholders, problem
from pnp.texts.shipped import FOLDER, translation_errors

pytestmark = registered  # the guide's example game ships its catalogues too


def test_a_catalogue_fills_its_placeholders():
    texts = Catalogue("en", {"card.goal.title": "Goal {number}"})
    assert texts("card.goal.title", number=3) == "Goal 3"


def test_a_count_chooses_its_form_as_its_language_counts():
    entries = {"limit": "{rounds} {rounds:round|rounds} left"}
    assert [Catalogue("en", entries)("limit", rounds=n) for n in (0, 1, 2)] == [
        "0 rounds left",
        "1 round left",
        "2 rounds left",
    ]
    french = Catalogue("fr", {"limit": "{rounds} {rounds:tour|tours}"})
    assert [french("limit", rounds=n) for n in (0, 1, 2)] == ["0 tour", "1 tour", "2 tours"]
    assert (
        catalogue("air-king", "fr")("play.refusal.moves_left", count=1)
        == "il reste 1 déplacement d'avion à faire ce tour-ci"
    )
    assert catalogue("take-off", None)("play.refusal.routes", left=1, steps=2) == "the dice left allow 1 route, not 2"


def test_french_runs_de_and_que_into_a_word_that_begins_with_a_vowel():
    entries = {"route": "de {a} à {b}, que {player} prend", "from": "le dé de {space}"}
    french, english_one = Catalogue("fr", entries), Catalogue("en", entries)
    assert french("route", a="Atlanta", b="Oslo", player="Ève") == "d'Atlanta à Oslo, qu'Ève prend"
    assert french("route", a="Boston", b="Atlanta", player="bob") == "de Boston à Atlanta, que bob prend"
    assert french("route", a="Hambourg", b="Oslo", player="ann") == "de Hambourg à Oslo, qu'ann prend"
    assert french("from", space="a1") == "le dé de a1"  # a grid reference: read letter by letter
    assert english_one("route", a="Atlanta", b="Oslo", player="ann") == "de Atlanta à Oslo, que ann prend"
    note = catalogue("hauling-astronauts", "fr")("play.score.void", slot="transport", player="ann", value="B")
    assert note.startswith("le transport d'ann a été dévoilé")


def test_a_translation_gives_a_count_two_forms():
    errors = check({"play.refusal.moves_left": "encore {count} {count:déplacement}"}, english("air-king"), "fr.yaml")
    assert errors == [
        "fr.yaml: play.refusal.moves_left: {count:déplacement}: give a count two forms, as {count:round|rounds}"
    ]
    assert placeholders("{count} {count:move|moves}") == {"count"}


@pytest.mark.parametrize("game", GAMES)
def test_every_english_entry_says_what_it_is(game):
    entries = english(game)
    assert entries and all(isinstance(e, Entry) and e.text and e.about for e in entries.values())


@pytest.mark.parametrize("game", GAMES)
def test_what_the_lobby_says_of_a_game_is_its_catalogue_s_read_from_its_registry_entry_and_rules(game):
    """One English source: the summary and the options' help are written once, in code, and read as entries."""
    entries, spec = english(game), REGISTRY[game]
    assert entries["game.summary"] == Entry(spec.summary, entries["game.summary"].about)
    for option in spec.rules().options:
        assert entries[f"option.{option.key}"].text == option.help
        said = [entries[f"option.{option.key}.{choice}"].text for choice in option.choices[: len(option.choice_help)]]
        assert said == list(option.choice_help)
        assert [entries[f"option.{option.key}.{choice}.name"].text for choice in option.choices] == list(
            option.choice_names
        )
    assert catalogue(game, "fr")("game.summary") != spec.summary  # and French says it in its own words


def test_the_shipped_languages_start_with_english():
    assert languages() == ("en", "fr")
    assert languages("air-king") == ("en", "fr")
    assert all(languages(game) == ("en", "fr") for game in REGISTRY)


def test_a_game_without_a_translation_lists_only_english(take_off_untranslated):
    assert languages("take-off") == ("en",)
    assert languages() == languages("air-king") == ("en", "fr")


def _keys(language: str, name: str) -> set[str]:
    return set(yaml.safe_load((FOLDER / language / f"{name}.yaml").read_text(encoding="utf-8")))


@pytest.mark.parametrize("game", ["air-king", "aloft", "hauling-astronauts"])
def test_the_shipped_french_is_complete_and_checked(game):
    assert translation_errors("toolkit", "fr") == [] and translation_errors(game, "fr") == []
    toolkit = _keys("en", "toolkit")
    assert _keys("fr", "toolkit") == toolkit
    assert _keys("fr", game) == set(english(game)) - toolkit


def test_a_misspelt_key_gets_did_you_mean_naming_file_and_key():
    errors = check({"card.goal.titel": "Goal {number}"}, english("air-king"), "my-variant.yaml")
    assert errors == ["my-variant.yaml: card.goal.titel: no such text: did you mean 'card.goal.title'?"]


def test_a_translation_keeps_each_entry_s_placeholders():
    english_entries = english("air-king")
    errors = check(
        {"card.goal.title": "Objectif", "mat.direction": "{first}-{last} : {home} → {destination} {speed}"},
        english_entries,
        "fr.yaml",
    )
    assert errors == [
        "fr.yaml: card.goal.title: keep {number}",
        "fr.yaml: mat.direction: no {speed} here",
    ]


def test_an_entry_must_be_text():
    assert check({"title": ["Air", "King"]}, english("air-king"), "v.yaml") == ["v.yaml: title: must be text"]


def test_a_variant_s_texts_override_entries_and_are_checked():
    texts = catalogue("air-king", "fr", {"card.goal.sub": "chut !"})
    assert texts("card.goal.sub") == "chut !" and texts("card.goal.title", number=2) == "Objectif 2"
    with pytest.raises(Exception, match="no such text"):
        catalogue("air-king", None, {"card.goal.sbu": "x"})


def test_english_placeholders_are_words():
    for game in REGISTRY:
        for key, entry in english(game).items():
            assert all(name.isidentifier() for name in placeholders(entry.text)), key
            assert problem(key, entry.text, {key: entry}) is None, key  # each count with its two forms


def test_an_unknown_language_is_one_line_naming_the_shipped_ones(cli):
    code, _, err = cli("build", "air-king", "--lang", "xx")
    assert code == 1
    assert err.strip() == "pnp: error: --lang xx: no such language; shipped: en, fr"


def test_a_game_without_the_translation_says_which_it_has(cli, take_off_untranslated):
    code, _, err = cli("export", "take-off", "--png", "--lang", "fr")
    assert code == 1
    assert err.strip() == "pnp: error: --lang fr: Take Off! World Edition is not translated into it; its languages: en"
