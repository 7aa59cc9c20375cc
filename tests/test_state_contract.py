"""The state contract, checked for every registered game rather than trusted to convention.

A clone is independent: playing any move on it, or changing any of its containers in place at any depth, leaves
the original's own values exactly as they were (an attribute left out of ``MUTABLE`` would be shared, and a list of
lists left out of ``NESTED`` would share its lists: this finds both; a table every clone shares must be read-only: a tuple, a frozenset, a ``MappingProxyType``). No attribute of a
state hides a method of the protocol or of its class (a state attribute named ``odds`` would shadow
``State.odds``). A phase is a member of the game's ``Phase`` enum, never a bare number.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType

import pytest
from support.games import SPECS, registered

from pnp.games import REGISTRY
from pnp.games.base import BaseState
from pnp.referee.driver import Table, playout
from pnp.referee.protocol import Move, Reveal, Secret, Setup, State

pytestmark = registered  # the guide's example keeps the contract too
MOST_MOVES = 400  # enough to reach every stage of a game; the rest of a long game adds nothing new
CHANGED = "(changed)"


def _methods(kind: type) -> set[str]:
    return {name for name in dir(kind) if not name.startswith("_") and callable(getattr(kind, name))}


def _own(state: State) -> dict[str, bytes]:
    """The state's own values: its phase, numbers, texts and containers (the objects of the game's own classes it
    shares with every state of its session, such as the map or a memo of moves, are shared by design)."""
    return {
        name: pickle.dumps(dict(value) if isinstance(value, MappingProxyType) else value)
        for name, value in vars(state).items()
        if type(value).__module__ == "builtins" or isinstance(value, Enum)
    }


def _change(value: object) -> None:
    """Change every list, dict, set and bytearray in ``value`` in place, at every depth (tuples are looked into)."""
    inner = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    for item in list(inner):
        _change(item)
    if isinstance(value, list):
        value.append(CHANGED)
    elif isinstance(value, dict):
        value[CHANGED] = CHANGED
    elif isinstance(value, set):
        value.add(CHANGED)
    elif isinstance(value, bytearray):
        value.append(0)


def check_contract(state: State) -> None:
    """No attribute hides a method, the phase is an enum, and changing every attribute of a clone in place
    leaves the original as it was."""
    shadowing = (_methods(State) | _methods(type(state))) & set(vars(state))
    assert not shadowing, f"state attributes hide protocol methods: {sorted(shadowing)}"
    phase = getattr(state, "phase", None)
    assert phase is None or isinstance(phase, Enum), f"the phase is {phase!r}, not a member of an enum"
    before = _own(state)
    for value in vars(state.clone()).values():
        _change(value)
    after = _own(state)
    shared = sorted(name for name in before if after[name] != before[name])
    assert not shared, f"changing a clone in place changed the original: {shared}"


class Spy:
    """A random chooser that checks the contract on every position it is shown."""

    def __init__(self, seed: int, check: Callable[[State], None] = check_contract) -> None:
        self.rng, self.check = random.Random(seed), check
        self.positions = 0

    def __call__(self, state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        move = self.rng.choice(moves)
        if self.positions < MOST_MOVES:
            self.positions += 1
            self.check(state)
            if not isinstance(move, (Secret, Reveal)):  # those reach the state as the referee rewrites them
                before = _own(state)
                state.clone().apply(move)
                assert _own(state) == before, f"playing {move!r} on a clone changed the original"
        return move


@pytest.mark.parametrize("name", sorted(SPECS))
@pytest.mark.parametrize("seed", [1, 2])
def test_neither_a_move_nor_a_change_in_place_on_a_clone_ever_changes_the_original(name, seed):
    game = SPECS[name].rules()
    players = tuple(f"p{i + 1}" for i in range(min(game.max_players, game.min_players + seed - 1)))
    spy = Spy(seed)
    setup = Setup(players, {option.key: option.default for option in game.options}, seed)
    playout(game, setup, spy, random.Random(seed))
    assert spy.positions > 10


def test_the_spy_finds_an_attribute_left_out_of_mutable_or_nested_and_a_shadowed_method():
    game = REGISTRY["hauling-astronauts"].rules()
    setup = Setup(("a", "b"), {option.key: option.default for option in game.options})
    shallow = game.new_state(setup)
    shallow.NESTED = ()  # type: ignore[misc]  # the docks, a list of lists, copied one level deep
    with pytest.raises(AssertionError, match=r"changed the original: \['docked', 'transport_of'\]"):
        check_contract(shallow)
    table = Table(game, game.new_state(setup))
    table.state.MUTABLE = tuple(name for name in table.state.MUTABLE if name != "grid")  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="changing a clone in place changed the original"):
        check_contract(table.state)  # the grid is shared from the start, though no move has changed it yet
    spy = Spy(0, check=lambda state: None)  # the moves alone find it too
    with pytest.raises(AssertionError, match="playing .* on a clone changed the original"):
        for _ in range(MOST_MOVES):
            table.play(spy(table.state, table.state.legal_moves(), {}))
    shadowed = game.new_state(setup)
    shadowed.odds = {}  # type: ignore[method-assign]
    with pytest.raises(AssertionError, match="hide protocol methods"):
        Spy(0)(shadowed, shadowed.legal_moves(), {})
    shadowed = game.new_state(setup)
    shadowed.pass_turn = 0  # type: ignore[method-assign]  # a helper of the state's own class
    with pytest.raises(AssertionError, match="hide protocol methods"):
        check_contract(shadowed)
    bare = game.new_state(setup)
    bare.phase = 0  # type: ignore[attr-defined]
    with pytest.raises(AssertionError, match="not a member of an enum"):
        check_contract(bare)


def test_a_state_may_not_call_nested_what_it_does_not_call_mutable():
    with pytest.raises(TypeError, match=r"NESTED names attributes not in MUTABLE: \['hands'\]"):

        class Stray(BaseState):
            MUTABLE = ("pos",)
            NESTED = ("hands",)
