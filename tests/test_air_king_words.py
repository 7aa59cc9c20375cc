"""What a refereed Air King session says in its variant's language: the moves' labels, the picker's steps, the log,
the secrets' and the hand's names and the refusals in French for a French variant, in English as they always were
for an English one; the notation and the record the same in both."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from support.said import (
    as_before,
    english_left,
    heard,
    pictures,
    played_both,
    played_in,
    refusals,
    unspaced,
    variant_in,
    worded,
)
from test_air_king_table import SALT, at_round_limit, land_all

from pnp.errors import IllegalMove
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Reveal
from pnp.table.view import state_json
from pnp.texts import catalogue

GAME = "air-king"
# Moves refused: a move left, another's turn, a Storm misplaced, a late draw.
TRIED = (("end", None), ("fly 1 b2", "bob"), ("storm f3", None), ("draw storm", None))
# A French session's first four moves, recorded before its words followed its language: its digest of the cards
# held their French titles.
RECORDED_BEFORE = Path(__file__).parent / "fixtures" / "records" / "air-king-fr.pnp"
# Both goals sealed, a card dealt to each, ann's draw and her first move: ann holds Extra move and Storm.
MOVES = ["secret goal 3", "secret goal 8", "draw storm", "draw hold", "draw extra", "depart 1 a2"]
WORDS = {
    "en": {
        "labels": {
            "fly 1 b2": "fly aircraft 1 to b2",
            "extra depart 2 a4": "Extra move: depart aircraft 2 to a4",
            "storm c3": "Storm on c3",
            "return 1": "Technical Return: aircraft 1 back to A",
        },
        "steps": [("Aircraft", "aircraft 1"), ("fly aircraft 1 to", "b2")],
        "return steps": [("Aircraft", "aircraft 1"), ("Move", "Technical Return: aircraft 1 back to A")],
        "log": [
            "entered their goal card (hidden)",
            "entered their goal card (hidden)",
            "draw an event card",
            "draw Holding",
            "draw an event card",
            "depart aircraft 1 to a2",
        ],
        "private": {"goal card": "goal 3: aircraft 1, 4, 7, 9", "hand": "1 Extra move, 1 Storm"},
        "shown": {"goal card": "3 (aircraft 1, 4, 7, 9)", "hand": "1 Extra move, 1 Storm"},
        "show": ["your goal card: 3 (aircraft 1, 4, 7, 9)", "your hand: 1 Extra move, 1 Storm"],
        "refusals": [
            "during play: 1 aircraft move still to make this turn (rule: two moves per turn)",
            "it is ann's turn, not bob's: wait for ann to move (rule: turn)",
            "during play: f3 is an arrival zone: a Storm never goes there (rule: Storm)",
            "during play: drawing is not possible now; ann, move aircraft and play cards, then 'end' (rule: turn phases)",
        ],
        "cli": "pnp: error: during play: 1 aircraft move still to make this turn; 'pnp ref moves g.pnp' lists what "
        "is legal now (rule: two moves per turn)",
    },
    "fr": {
        "labels": {
            "fly 1 b2": "faire voler l'avion 1 vers b2",
            "extra depart 2 a4": "Coup en plus : faire décoller l'avion 2 vers a4",
            "storm c3": "Orage sur c3",
            "return 1": "Retour technique : l'avion 1 rentre à l'aéroport A",
        },
        "steps": [("Avion", "avion 1"), ("faire voler l'avion 1 vers", "b2")],
        "return steps": [("Avion", "avion 1"), ("Coup", "Retour technique : l'avion 1 rentre à l'aéroport A")],
        "log": [
            "a scellé un secret (carte objectif)",
            "a scellé un secret (carte objectif)",
            "piocher une carte événement",
            "piocher Attente",
            "piocher une carte événement",
            "faire décoller l'avion 1 vers a2",
        ],
        "private": {"carte objectif": "objectif 3 : avions 1, 4, 7, 9", "main": "1 Coup en plus, 1 Orage"},
        "shown": {"carte objectif": "3 (avions 1, 4, 7, 9)", "main": "1 Coup en plus, 1 Orage"},
        "show": ["votre carte objectif : 3 (avions 1, 4, 7, 9)", "votre main : 1 Coup en plus, 1 Orage"],
        "refusals": [
            (
                "pendant la partie : il reste 1 déplacement d'avion à faire ce tour-ci (règle : deux déplacements "
                "par tour)"
            ),
            "c'est à ann de jouer, pas à bob : attendez son coup (règle : tour de jeu)",
            "pendant la partie : f3 est une zone d'arrivée : jamais d'orage là (règle : Orage)",
            (
                "pendant la partie : impossible de piocher maintenant ; ann, déplacez des avions et jouez des cartes, "
                "puis 'end' (règle : déroulement du tour)"
            ),
        ],
        "cli": "pnp: error: pendant la partie : il reste 1 déplacement d'avion à faire ce tour-ci ; 'pnp ref moves "
        "g.pnp' donne les coups permis (règle : deux déplacements par tour)",
    },
}


def test_a_session_labels_logs_names_and_refuses_in_its_variants_language(tmp_path):
    """French in a French session; in an English one, the words it always had."""
    for language, words in WORDS.items():
        current = played_in(tmp_path / language, GAME, language, MOVES)
        offered = {i.text: i for i in legal_inputs(current, "ann")}
        assert {text: offered[text].label for text in words["labels"]} == words["labels"]
        assert [tuple(step) for step in offered["fly 1 b2"].path.steps] == words["steps"]
        assert [tuple(step) for step in offered["return 1"].path.steps] == words["return steps"]
        seen_by_bob = state_json(current, "bob", picture="")
        assert [entry["label"] for entry in seen_by_bob["log"]] == words["log"]  # ann's draws, as bob may see them
        assert state_json(current, "ann", picture="")["private"] == words["private"]
        assert current.private_view("ann", current.own_secrets("ann")) == words["shown"]  # pnp ref show --as ann
        assert refusals(current, TRIED) == words["refusals"]


def test_pnp_ref_says_what_the_page_says(cli, tmp_path):
    for language, words in WORDS.items():
        played_in(tmp_path / language, GAME, language, MOVES)
        code, out, _ = cli("ref", "moves", f"{language}/g.pnp")
        assert code == 0 and re.search(rf"^  fly 1 b2 +{re.escape(words['labels']['fly 1 b2'])}$", out, re.MULTILINE)
        code, out, _ = cli("ref", "show", f"{language}/g.pnp", "--as", "ann")
        assert code == 0 and out.splitlines()[-2:] == words["show"]
        code, _, err = cli("ref", "play", f"{language}/g.pnp", "end")
        assert (code, err.strip()) == (1, words["cli"].replace("g.pnp", f"{language}/g.pnp"))


def test_a_french_record_is_an_english_one_and_its_moves_read_back_as_listed(tmp_path):
    """The notation is the same in every language: the record, byte for byte, and every move offered, which reads
    back as itself; a card may be typed by its French title and is recorded by its id. A French record made before
    replays, in French."""
    _, french, listed = played_both(tmp_path, GAME, MOVES, "ann")
    for recorded in (RECORDED_BEFORE, RECORDED_BEFORE.with_suffix(".yaml")):  # out of pnp's own folders
        shutil.copy(recorded, tmp_path)
    before = session.load(tmp_path / RECORDED_BEFORE.name)
    assert [entry["label"] for entry in state_json(before, "bob", picture="")["log"]] == WORDS["fr"]["log"][:4]
    assert {i.label for i in listed["fr"]}.isdisjoint(i.label for i in listed["en"])
    french.play("fly 1 b2")
    french.play("end")
    assert french.play("draw Orage") == "bob: draw storm"


def test_english_is_word_for_word_what_it_was(tmp_path):
    """Over a seeded game of four players and 200 inputs of one of three, every label, picker step, secret's name,
    log line, refusal, clause of the board in words and score is what pnp said when this snapshot was taken, and so
    are the terminal pictures (by digest)."""
    as_before(GAME, heard(tmp_path, GAME))


def test_a_french_session_says_none_of_the_games_english(tmp_path):
    """The same games in French: no English words of the game's ``play.*``, ``rule.*`` or ``described.*`` entries
    in what they say (the notation aside: what a player types), nor of its ``picture.*`` ones in what its pictures
    and terminal pictures say, which name the cards by their French titles."""
    variant = variant_in(tmp_path, GAME, "fr")
    drawn: dict[str, None] = {}
    said = heard(tmp_path / "games", GAME, variant, pictures(drawn))
    assert english_left("air-king", worded(said)) == []
    assert english_left("air-king", drawn, "picture. play. described.") == []
    assert unspaced(drawn) == []  # French puts a space before : ; ! ?
    expected = {"Air King : mise en place : ann choisit sa carte objectif", "AÉROPORT A", "ZONE D'ARRIVÉE B", "ATTENTE"}
    expected |= {
        "Orage : nul n'y entre",
        "aéroport A : au sol 1 2 3 4 5 ; posés ici -",
        "pioche : 26 cartes ; défausse : vide",
    }
    assert expected <= set(drawn)
    assert "storm c3 = Orage sur c3" in said["labels"]
    notes = ("ann 3 {'posés': 3}", "la limite de 40 tours est atteinte : le plus d'avions d'objectif posés l'emporte")
    assert {*notes, "égalité pour la première place : ann, cy, dee"} <= set(said["score"])


@pytest.mark.parametrize(("language", "named"), [("en", "ann's goal card:"), ("fr", "ce secret (carte objectif)")])
def test_a_refused_reveal_names_the_secret_in_the_sessions_words(tmp_path, language, named):
    """The referee's refusals of a secret named it as the notation types it ('le secret goal'), not as its players
    read it; the command it quotes stays notation."""
    variant = variant_in(tmp_path, GAME, language)
    current = session.new(tmp_path / "g.pnp", GAME, ["ann", "bob"], [], 0, None, variant)
    with pytest.raises(IllegalMove) as refused:
        current.play("reveal goal")
    said = str(refused.value)
    assert named in said and "'reveal goal " in said
    assert "secret goal" not in said and "'s goal:" not in said  # as it was: 'le secret goal', "ann's goal:"


def test_a_void_goal_is_noted_in_the_sessions_words():
    """A goal card revealed a second time: the score's note says why it does not count in French, its rule named."""
    state = at_round_limit()
    state.rules = dataclasses.replace(state.rules, words=catalogue("air-king", "fr"))
    land_all(state, (1, 2, 6))
    state.apply(Reveal("goal", "1", SALT))
    state.apply(Reveal("goal", "1", SALT))
    void = (
        "l'objectif de p2 ne compte pas : p1 a dévoilé la carte objectif 1 en premier, et chaque carte objectif "
        "n'existe qu'en un exemplaire (règle : chaque carte objectif en un exemplaire)"
    )
    limit = "la limite de 1 tour est atteinte : le plus d'avions d'objectif posés l'emporte"
    assert state.score().notes == (void, limit)
