"""Take Off!'s notation against hostile input: only NotationError ever escapes, whatever follows a verb."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import NotationError
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send
from pnp.games.take_off.rules import TakeOff

GAME = TakeOff()
VERBS = ("roll", "draw", "send", "fly", "pass")
UNICODE_DIGITS = ("³", "²", "٣", "१", "１", "߃", "𝟗")
WORDS = st.one_of(
    st.text(max_size=12),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=8),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.integers(-5, 200).map(str),
    st.sampled_from(UNICODE_DIGITS + ("midway", "tokyo", "R", "t", "1", "0", "-1", "2x", "+2")),
)


@settings(max_examples=100, deadline=None)
@given(verb=st.sampled_from(VERBS), words=st.lists(WORDS, max_size=4))
def test_any_words_after_a_verb_read_as_a_move_or_raise_notation_error(verb, words):
    text = " ".join([verb, *words])
    try:
        move = GAME.parse_move(text)
    except NotationError:
        return
    assert isinstance(move, (Roll, Draw, Send, Fly, Pass))


def test_unicode_digits_and_huge_numbers_are_not_jet_numbers():
    for text in [f"send {w}" for w in (*UNICODE_DIGITS, "9" * 5000, "0")] + [
        "fly ³ tokyo",
        "fly 1 midway ٣ tokyo",
        f"fly {'9' * 5000} tokyo",
    ]:
        try:
            GAME.parse_move(text)
        except NotationError as error:
            assert "not a jet number" in str(error)
        else:
            raise AssertionError(f"{text[:20]!r} was read")


def test_the_referee_refuses_a_5000_digit_jet_in_one_line(cli):
    assert cli("ref", "new", "take-off", "t.pnp", "--players", "ann,bob", "--seed", "1")[0] == 0
    for words in (("send", "9" * 5000), ("fly", "³", "midway")):
        code, _, err = cli("ref", "play", "t.pnp", *words)
        assert code == 1 and "internal error" not in err and len(err.splitlines()) == 1
    assert "not a jet number" in err
