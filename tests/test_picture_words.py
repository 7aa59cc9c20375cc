"""A state picture and a game option speak to people at a table: neither names a terminal command (the picture
whatever the stage and in every language the game ships; an option's help is the line the game night's lobby shows
beside it), nor does the picture say a move in notation ("pick TYPE")."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping

import pytest
from support.games import GAMES, registered
from test_every_game import in_language

from pnp.games import REGISTRY
from pnp.printing.render import drawing_to_screen_svg
from pnp.referee.driver import playout
from pnp.referee.protocol import Move, Setup, State
from pnp.texts import languages

pytestmark = registered  # the guide's example game is checked as a registered game too
SAMPLE_EVERY = 7  # positions between two pictures looked at
# a verb typed with a placeholder for what it takes, as the notation's help writes it ("pick TYPE")
PLACEHOLDER = re.compile(r"\b[a-z]+ (?:TYPE|FROM|CITY|ROUTE|SPACE|SLOT|CARD|VALUE|COLUMN|DOCK|PAYMENT|BALLOON)\b")


def words(svg: str) -> str:
    return " ".join(
        "".join(element.itertext()) for element in ET.fromstring(svg).iter() if element.tag.endswith("text")
    )


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("name", GAMES)
def test_no_picture_names_a_command_at_any_stage(tmp_path, name, language):
    spec = REGISTRY[name]
    game = spec.rules()
    options = {option.key: option.default for option in game.options}
    if "hidden_transports" in options:
        options["hidden_transports"] = True  # its set-up and reveals are stages of their own
    setup = Setup(("ann", "bob"), options, 4, language=in_language(name, language))
    rng, seen, stages = random.Random(4), [0], set()

    def look(state: State) -> None:
        stages.add(state.stage())
        for viewer in (None, "ann"):
            text = words(drawing_to_screen_svg(spec.picture(state, viewer)))
            assert "pnp " not in text, (state.stage(), viewer, text)
            assert not PLACEHOLDER.search(text), (state.stage(), viewer, PLACEHOLDER.search(text))

    def choose(state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        if seen[0] % SAMPLE_EVERY == 0 or state.stage() not in stages:
            look(state)
        seen[0] += 1
        return rng.choice(moves)

    look(playout(game, setup, choose, random.Random(4)).state)


@pytest.mark.parametrize("name", GAMES)
def test_no_options_help_names_a_command(name):
    for option in REGISTRY[name].rules().options:
        assert len(option.choice_help) in (0, len(option.choices)), option.key  # one line per choice, or none
        for line in (option.help, *option.choice_help, *option.choice_names):
            assert not re.search(r"\bpnp |'ref |--[a-z]", line), (option.key, line)
