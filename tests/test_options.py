"""A game's options as typed on the command line (pnp ref new, pnp sim): a misspelt key is answered with the
nearest, as every other misspelling in pnp is."""

from __future__ import annotations

import pytest

from pnp.errors import Refusal
from pnp.games import REGISTRY
from pnp.referee.options import parse_options

TAKE_OFF = REGISTRY["take-off"].rules()


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("flet=2", "take-off has no option 'flet': did you mean 'fleet'? (options: fleet, rounds, play_on)"),
        ("Rounds=9", "take-off has no option 'Rounds': did you mean 'rounds'? (options: fleet, rounds, play_on)"),
        ("colour=red", "take-off has no option 'colour' (options: fleet, rounds, play_on)"),  # nothing near it
    ],
)
def test_an_unknown_option_names_the_nearest(typed, said):
    """'--option flet=2' read 'take-off has no option 'flet' (options: fleet, rounds, play_on)', no hint."""
    with pytest.raises(Refusal) as refused:
        parse_options(TAKE_OFF, [typed])
    assert str(refused.value) == said and refused.value.key == "option.unknown"


def test_pnp_ref_new_and_pnp_sim_say_it_in_one_line(cli):
    said = "pnp: error: take-off has no option 'flet': did you mean 'fleet'? (options: fleet, rounds, play_on)\n"
    for args in (("ref", "new", "take-off", "g.pnp", "--players", "ann,bob"), ("sim", "take-off", "--games", "1")):
        assert cli(*args, "--option", "flet=2") == (1, "", said)
