"""Hauling Astronauts' move notation: canonical texts round-trip, others normalise, bad text is a NotationError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import NotationError
from pnp.games.hauling_astronauts.notation import GOLD, RED, Depart, MoveDie, Place, Roll, Swap
from pnp.games.hauling_astronauts.rules import HaulingAstronauts

GAME = HaulingAstronauts()

CANONICAL = [
    "choose A C F",
    "choose W U Z",
    "roll 1 1 6",
    "roll 2 5g 6r",
    "place 4 b2",
    "place 5g a1",
    "place 3r c3",
    "move b2 b3",
    "swap 1 3",
    "swap a c",
    "depart 2 d4",
    "depart c d1 gold profit",
    "depart 1 d6 red bonus",
    "depart b d2 gold bonus red profit",
    "end",
    "pass",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_round_trips(text):
    move = GAME.parse_move(text)
    assert GAME.format_move(move) == text
    assert GAME.parse_move(GAME.format_move(move)) == move


def test_moves_read_as_expected():
    assert GAME.parse_move("roll 2 5g 6r") == Roll((2, 5 | GOLD, 6 | RED))
    assert GAME.parse_move("place 4 b2") == Place(4, 4)
    assert GAME.parse_move("move a1 a2") == MoveDie(0, 3)
    assert GAME.parse_move("depart c d1 gold profit") == Depart("c", 0, "profit", None)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("roll 6 1 3", "roll 1 3 6"),
        ("ROLL 6r 1 3", "roll 1 3 6r"),
        ("swap 3 1", "swap 1 3"),
        ("choose a c f", "choose A C F"),
        ("  place   4G  B2 ", "place 4g b2"),
        ("depart 2 d4 red bonus gold profit", "depart 2 d4 gold profit red bonus"),
    ],
)
def test_other_spellings_normalise(text, canonical):
    assert GAME.format_move(GAME.parse_move(text)) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly 1 2",
        "roll 1 2",
        "roll 1 2 7",
        "roll 1 2 3x",
        "roll 0 2 3",
        "place 4 d1",
        "place 4 a4",
        "place 44 a1",
        "move a1",
        "swap 1 x",
        "depart 2",
        "depart 2 d7",
        "depart 2 4",
        "depart 4 d1",
        "depart 2 d1 gold",
        "depart 2 d1 gold nothing",
        "depart 2 d1 gold profit gold bonus",
        "depart 2 d1 blue profit",
        "choose A B",
        "choose AB C D",
        "end now",
    ],
)
def test_bad_text_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


def test_swap_is_stored_in_order():
    assert GAME.parse_move("swap c a") == Swap("a", "c")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdrgpl123456789 movesplacerolldepartswapchooseendpassgoldredprofitbonusACFUZ", max_size=40))
def test_any_text_parses_to_a_move_that_round_trips_or_is_a_notation_error(text):
    try:
        move = GAME.parse_move(text)
    except NotationError:
        return
    assert GAME.parse_move(GAME.format_move(move)) == move


NUMBERS = st.one_of(
    st.integers(0, 99).map(str),
    st.text(st.characters(categories=("Nd", "No")), min_size=1, max_size=3),  # '³', '٣', '①' ...
    st.just("7" * 5000),  # more digits than int() reads
)
WORDS = st.one_of(
    st.text(max_size=6),
    NUMBERS,
    st.tuples(st.sampled_from(["", "d", "D"]), NUMBERS, st.sampled_from(["", "g", "r", "G"])).map("".join),
    st.sampled_from(["a1", "c3", "1", "b", "gold", "red", "profit", "bonus"]),
)
VERBS = ["choose", "roll", "place", "move", "swap", "depart", "end", "pass"]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(VERBS), st.lists(WORDS, max_size=6))
def test_a_verb_with_any_words_is_a_move_or_a_notation_error(verb, words):
    try:
        move = GAME.parse_move(" ".join([verb, *words]))
    except NotationError:
        return
    assert GAME.parse_move(GAME.format_move(move)) == move
