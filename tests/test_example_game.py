"""The example game of docs/adding-a-game.md works, and the guide quotes its code exactly."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from example_game import SPEC

from pnp.referee import notation
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Commit, Reveal, Setup

GUIDE = Path(__file__).parents[1] / "docs" / "adding-a-game.md"
SOURCES = "\n".join(p.read_text() for p in (Path(__file__).parent / "example_game").glob("*.py"))


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL))
def test_every_code_excerpt_in_the_guide_is_in_the_example_game(block):
    assert block in SOURCES


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_example_game_plays_to_the_end_with_its_notation_round_tripping(seed, bot):
    game = SPEC.rules()
    choose = SPEC.bots()["greedy"] if bot == "greedy" else random_chooser
    table = playout(game, Setup(("ann", "bob", "cy")), choose(random.Random(seed)), random.Random(seed))
    score = table.state.score()
    assert score.final and score.winners and table.state.to_move() is None
    assert any(row.score >= 12 for row in score.players)
    for move in table.history:
        if not isinstance(move, (Commit, Reveal)):
            assert game.parse_move(game.format_move(move)) == move
    assert "game over" in table.state.render_text(None)
    assert all(notation.parse(game, notation.format(game, move)) == move for move in table.history)


def test_a_roll_is_chance_and_drift_a_choice():
    game = SPEC.rules()
    state = game.new_state(Setup(("ann", "bob")))
    for _ in state.players:
        state.apply(Commit("lucky", "0" * 64))
    chances = state.chance()
    assert sorted(notation.format(game, m) for m in chances) == [f"roll {face}" for face in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for p in chances.values())
    assert game.parse_move("drift") in state.legal_moves() and game.parse_move("drift") not in chances


@pytest.mark.parametrize("phase", ["start", "end"])
def test_the_example_game_passes_the_generic_kit_and_picture_checks(tmp_path, phase):
    from test_every_game import build_kit, check_kit, check_picture

    check_kit(build_kit(SPEC, "a4", tmp_path), "a4", "Updraft")
    game = SPEC.rules()
    table = playout(game, Setup(("ann", "bob")), random_chooser(random.Random(1)), random.Random(1))
    state = table.state if phase == "end" else game.new_state(Setup(("ann", "bob")))
    for viewer in (None, "ann"):
        check_picture(SPEC, state, viewer, tmp_path)
