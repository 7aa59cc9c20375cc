"""The state contract, checked for every registered game rather than trusted to convention.

A clone is independent: playing any move on it leaves the original's own values exactly as they were (an
attribute a move changes in place but left out of ``MUTABLE`` would be shared, and this finds it). No attribute of a
state hides a method of the protocol (a state attribute named ``odds`` would shadow ``State.odds``).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Mapping

import pytest

from pnp.games import REGISTRY
from pnp.referee.driver import Table, playout
from pnp.referee.protocol import Move, Reveal, Secret, Setup, State

PROTOCOL = {name for name in dir(State) if not name.startswith("_") and callable(getattr(State, name))}
MOST_MOVES = 400  # enough to reach every stage of a game; the rest of a long game adds nothing new


def _own(state: State) -> bytes:
    """The state's own values: its numbers, texts and containers (the objects it shares with every state of
    its session, such as the map or a memo of moves, are shared by design)."""
    return pickle.dumps({name: value for name, value in vars(state).items() if type(value).__module__ == "builtins"})


class Spy:
    """A random chooser that checks the contract on every position it is shown."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.positions = 0

    def __call__(self, state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        move = self.rng.choice(moves)
        if self.positions < MOST_MOVES:
            self.positions += 1
            shadowing = PROTOCOL & set(vars(state))
            assert not shadowing, f"state attributes hide protocol methods: {sorted(shadowing)}"
            if not isinstance(move, (Secret, Reveal)):  # those reach the state as the referee rewrites them
                before = _own(state)
                state.clone().apply(move)
                assert _own(state) == before, f"playing {move!r} on a clone changed the original"
        return move


@pytest.mark.parametrize("name", sorted(REGISTRY))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_move_played_on_a_clone_never_changes_the_original(name, seed):
    game = REGISTRY[name].rules()
    players = tuple(f"p{i + 1}" for i in range(min(game.max_players, game.min_players + seed - 1)))
    spy = Spy(seed)
    setup = Setup(players, {option.key: option.default for option in game.options}, seed)
    playout(game, setup, spy, random.Random(seed))
    assert spy.positions > 10


def test_the_spy_finds_an_attribute_left_out_of_mutable_and_a_shadowed_method():
    game = REGISTRY["hauling-astronauts"].rules()
    setup = Setup(("a", "b"), {option.key: option.default for option in game.options})
    table = Table(game, game.new_state(setup))
    table.state.MUTABLE = tuple(name for name in table.state.MUTABLE if name != "grid")  # type: ignore[attr-defined]
    spy = Spy(0)
    with pytest.raises(AssertionError, match="changed the original"):
        for _ in range(MOST_MOVES):
            table.play(spy(table.state, table.state.legal_moves(), {}))
    shadowed = game.new_state(setup)
    shadowed.odds = {}  # type: ignore[method-assign]
    with pytest.raises(AssertionError, match="hide protocol methods"):
        Spy(0)(shadowed, shadowed.legal_moves(), {})
