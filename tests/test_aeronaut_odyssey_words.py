"""What a refereed Aeronaut Odyssey session says in its variant's language: labels, picker steps, log, the
inventory's name and refusals in French for a French variant, in English word for word as before for an English
one; the notation and the record the same in both."""

from __future__ import annotations

import re
import shutil

import yaml
from support.pdfium import plain_texts
from support.said import (
    as_before,
    english_left,
    heard,
    pictured,
    pictures,
    played_both,
    played_in,
    refusals,
    unspaced,
    variant_in,
    worded,
)

from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.mapgen import EXPANSIONS, Knobs, generate
from pnp.games.aeronaut_odyssey.maps import to_yaml
from pnp.games.aeronaut_odyssey.wording import status
from pnp.games.spec import KitRequest
from pnp.printing.render import PrintSettings, render_kit
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import PlayerScore, Score, Setup
from pnp.table.view import state_json
from pnp.texts import catalogue, english
from pnp.texts.shipped import FOLDER, translation_errors

GAME = "aeronaut-odyssey"
OPTIONS = ["hidden_inventories=true"]
# Inventories hidden: bob takes his compensation balloon, ann travels to H and picks two orange balloons.
MOVES = ["gain r", "move H", "pick o", "pick o"]
TRIED = (("claim A-B rr", None), ("move A", "ann"), ("pick r", None), ("claim D-E rr", None))
WORDS = {
    "en": {
        "labels": {"move Q": "move to Q", "claim D-G r": "claim the red route D-G with 1 red"},
        "steps": [("Route to claim", "D-G"), ("Claim D-G with", "1 red")],
        "log": ["gain a red balloon", "move to H", "pick a balloon", "pick a balloon"],
        "private": {"inventory": "2 orange (30 free of 32 printed)"},
        "refusals": [
            "during play: there is no route A-B on this map: routes at A and B: A-H, A-L, A-Q, B-C, B-I (rule: claim)",
            "it is bob's turn, not ann's: wait for bob to move (rule: turn)",
            "during play: 'pick r' does not fit now: bob must move or claim (or use an ability) (rule: turn order)",
            "during play: bob does not hold rr (rule: claim: pay balloons)",
        ],
        "board": "the red route from D to G, by bob",
        "cli": "pnp: error: during play: 'pick r' does not fit now: bob must move or claim (or use an ability); "
        "'pnp ref moves {record}' lists what is legal now (rule: turn order)",
    },
    "fr": {
        "labels": {"move Q": "voyager jusqu'à Q", "claim D-G r": "prendre la route D-G en rouge avec rouge ×1"},
        "steps": [("Route à prendre", "D-G"), ("Prendre D-G avec", "rouge ×1")],
        "log": ["gagner un ballon rouge", "voyager jusqu'à H", "choisir un ballon", "choisir un ballon"],
        "private": {"réserve": "orange ×2 (30 libres sur 32 imprimées)"},
        "refusals": [
            (
                "pendant la partie : cette carte n'a pas de route A-B : routes en A et B : A-H, A-L, A-Q, B-C, B-I "
                "(règle : prendre une route)"
            ),
            "c'est à bob de jouer, pas à ann : attendez son coup (règle : tour de jeu)",
            (
                "pendant la partie : 'pick r' ne convient pas maintenant : bob doit voyager ou prendre une route (ou "
                "jouer un pouvoir) (règle : ordre du tour)"
            ),
            "pendant la partie : bob n'a pas rr (règle : prendre : payer en ballons)",
        ],
        "board": "la route de D à G en rouge, par bob",
        "cli": "pnp: error: pendant la partie : 'pick r' ne convient pas maintenant : bob doit voyager ou prendre une "
        "route (ou jouer un pouvoir) ; 'pnp ref moves {record}' donne les coups permis (règle : ordre du tour)",
    },
}


def test_english_says_word_for_word_what_it_said_before_its_words_were_catalogued(tmp_path):
    """Labels, steps, refusals, board in words, logs, inventories and scores of four seeded games (``said.GAMES``),
    against those said when the words were catalogued."""
    as_before(GAME, heard(tmp_path, GAME))


def test_a_session_labels_picks_logs_names_and_refuses_in_its_variants_language(tmp_path):
    for language, words in WORDS.items():
        current = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        offered = {i.text: i for i in legal_inputs(current, "bob")}
        assert {text: offered[text].label for text in words["labels"]} == words["labels"]
        assert [tuple(step) for step in offered["claim D-G r"].path.steps] == words["steps"]
        assert [entry["label"] for entry in state_json(current, "bob", picture="")["log"]] == words["log"]
        assert state_json(current, "ann", picture="")["private"] == words["private"]
        assert refusals(current, TRIED) == words["refusals"]
        current.play("claim D-G r")
        assert words["board"] in " ".join(state_json(current, None, picture="")["description"])


def test_pnp_ref_says_what_the_page_says(cli, tmp_path):
    for language, words in WORDS.items():
        played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        code, out, _ = cli("ref", "moves", f"{language}/g.pnp")
        label = re.escape(words["labels"]["claim D-G r"])
        assert code == 0 and re.search(rf"^  claim D-G r +{label}$", out, re.MULTILINE)
        code, _, err = cli("ref", "play", f"{language}/g.pnp", "pick r")
        assert (code, err.strip()) == (1, words["cli"].format(record=f"{language}/g.pnp"))


def test_a_french_record_is_an_english_one_and_replays_in_either_language(tmp_path):
    """The notation is the same in every language: the same moves make the same bytes, and a record read with the
    other language's variant says that language's words."""
    played_both(tmp_path, GAME, MOVES, "bob", OPTIONS)
    for language, other in (("en", "fr"), ("fr", "en")):
        shutil.copy(tmp_path / language / "g.pnp", tmp_path / other / "copy.pnp")
        replayed = session.load(tmp_path / other / "copy.pnp")
        assert [entry["label"] for entry in state_json(replayed, "bob", picture="")["log"]] == WORDS[other]["log"]


def test_french_gives_every_entry_in_its_own_words():
    """Every key of the English catalogue, and none more, with the same placeholders; what reads the same in both
    languages is the title, numbers, codes and words French shares."""
    english_entries = english(GAME)
    toolkit = set(yaml.safe_load((FOLDER / "en" / "toolkit.yaml").read_text(encoding="utf-8")))
    french_file = yaml.safe_load((FOLDER / "fr" / f"{GAME}.yaml").read_text(encoding="utf-8"))
    assert translation_errors(GAME, "fr") == [] and set(french_file) == set(english_entries) - toolkit
    french = catalogue(GAME, "fr")
    same = {key for key in french_file if french[key] == english_entries[key].text}
    assert same == {
        "title",
        "kit.footer",
        "header.title",
        "panel.points",
        "table.points",
        "type.orange",
        "bonus.point",
        "reward.points",
        "play.step.typed",
        "play.typed.balloon",
        "play.typed.pick",
        "rule.multiroutes",
        "play.score.routes",
        "picture.points",
        "picture.reward.points",
        "picture.ability.extra",
    }


def test_the_kit_prints_in_french(tmp_path):
    """``--lang fr``: every text fits its box, in French."""
    written = render_kit(REGISTRY[GAME].kit(KitRequest(language="fr")), PrintSettings(), tmp_path)
    printed = " ".join(" ".join(text.split()) for f in written for text in plain_texts(f.path))
    assert all(words in printed for words in ("Mise en place", "TOUR : VOYAGER OU PRENDRE", "RÉSERVE 1"))


def test_no_english_word_of_the_game_leaks_into_a_french_game(tmp_path):
    """The seeded games played in French: no English words of the game's ``play.*``, ``rule.*`` or ``described.*``
    entries in what they say, nor of any of its entries in their state pictures and terminal pictures."""
    variant = variant_in(tmp_path / "fr", GAME, "fr")
    shown: dict[str, None] = {}
    said = heard(tmp_path / "games", GAME, variant, pictures(shown, every=40))
    assert english_left(GAME, worded(said)) == []
    assert english_left(GAME, shown, keys="") == []
    assert unspaced(shown) == []  # French puts a space before : ; ! ?
    assert "ann 49 {'routes': 29, 'zones': 20, 'trajectoires': 0, 'primes': 0}" in said["score"]


# ann holds a jump and an extra on a map of every expansion (trajectories, gray routes, multiroutes, bonuses)
PICTURED = {
    "en": {
        "picture": ["PLAYERS", "abilities: jump, extra", "TRAJECTORIES", "LEGEND", "* a gray route: pay any one type"],
        "text": ["ann: at A (start); no balloons; 30 free of 30 printed; abilities: jump extra; 0 points"],
    },
    "fr": {
        "picture": ["JOUEURS", "pouvoirs : saut, extra", "TRAJECTOIRES", "LÉGENDE", "* une route grise : payez en"],
        "text": ["ann : en A (départ) ; aucun ballon ; 30 libres sur 30 imprimées ; pouvoirs : saut extra ; 0 point"],
    },
}


def test_the_pictures_name_abilities_and_expansions_in_the_sessions_words(tmp_path):
    """The state picture and the terminal picture in the session's language, an ability by its name at the table
    (French *saut*, where the notation says ``jump``); each session's legend its own, though the map is the same
    and its legend drawn once per map and words."""
    board = tmp_path / "map.yaml"
    board.write_text(to_yaml(generate(5, Knobs(players=2, expansions=EXPANSIONS))), encoding="utf-8")
    for language in ("fr", "en", "fr"):
        variant = variant_in(tmp_path / language, GAME, language)
        current = session.new(tmp_path / language / "g.pnp", GAME, ["ann", "bob"], [], 0, board, variant)
        current.state.abilities[:3] = [1, 0, 1]  # ann's jump, discount and extra
        shown, text = pictured(current, "ann"), current.state.render_text("ann")
        assert all(words in shown for words in PICTURED[language]["picture"]), shown
        assert all(words in text.splitlines() for words in PICTURED[language]["text"]), text
        if language == "fr":
            assert english_left(GAME, [shown, text], keys="") == []


def test_a_tie_of_three_lists_its_winners_as_a_list_is_said():
    """The picture's last line for three tied: 'ann, bob and cy win' ('ann, bob et cy gagnent'), not 'ann and bob and
    cy'; two as ever."""
    said = {
        ("en", 3): "game over: ann, bob and cy win with 9 points",
        ("fr", 3): "partie finie : ann, bob et cy gagnent avec 9 points",
        ("en", 2): "game over: ann and bob win with 9 points",
        ("fr", 2): "partie finie : ann et bob gagnent avec 9 points",
    }
    for (language, tied), words in said.items():
        setup = Setup(("ann", "bob", "cy"), seed=1, language=language)
        state = REGISTRY[GAME].rules().bind(setup).new_state(setup)
        rows = tuple(PlayerScore(name, 9 if n < tied else 2, {}) for n, name in enumerate(setup.players))
        won = setup.players[:tied]
        state.score = lambda rows=rows, won=won: Score(True, rows, won)  # type: ignore[method-assign]
        state.to_move = lambda: None  # type: ignore[method-assign]
        assert status(catalogue(GAME, language), state) == words
