"""Air King's notation against hostile input: only NotationError ever escapes, whatever follows a verb."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import NotationError
from pnp.games.air_king.notation import AirMove
from pnp.games.air_king.rules import AirKing

GAME = AirKing()
VERBS = (
    "draw",
    "discard",
    "depart",
    "fly",
    "land",
    "diagonal",
    "storm",
    "clear",
    "hold",
    "pass",
    "return",
    "end",
    "extra",
    "extra fly",
    "extra land",
    "extra depart",
)
UNICODE_DIGITS = ("³", "²", "٣", "१", "１", "߃", "𝟗")
WORDS = st.one_of(
    st.text(max_size=12),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=8),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(-5, 200).map(str),
    st.sampled_from(UNICODE_DIGITS + ("c3", "a2", "storm", "3", "0", "-1", "1e3", "+2")),
)


@settings(max_examples=100, deadline=None)
@given(verb=st.sampled_from(VERBS), words=st.lists(WORDS, max_size=3))
def test_any_words_after_a_verb_read_as_a_move_or_raise_notation_error(verb, words):
    text = " ".join([verb, *words])
    try:
        move = GAME.parse_move(text)
    except NotationError:
        return
    assert isinstance(move, AirMove)
    assert GAME.parse_move(GAME.format_move(move)) == move


def test_unicode_digits_and_huge_numbers_are_not_aircraft_numbers():
    for word in (*UNICODE_DIGITS, "9" * 5000, "0"):
        try:
            GAME.parse_move(f"land {word}")
        except NotationError as error:
            assert "not an aircraft number" in str(error)
        else:
            raise AssertionError(f"'land {word[:10]}' was read")


def test_the_referee_refuses_a_150_digit_aircraft_in_one_line(cli):
    assert cli("ref", "new", "air-king", "k.pnp", "--players", "ann,bob", "--seed", "1")[0] == 0
    code, _, err = cli("ref", "play", "k.pnp", "land", "9" * 150)
    assert code == 1
    assert "not an aircraft number" in err and "internal error" not in err and len(err.splitlines()) == 1
