"""Aloft's invariants hold at every step of random legal games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.aloft.rules import Aloft
from pnp.games.aloft.state import AloftState
from pnp.referee.driver import Table
from pnp.referee.protocol import Setup

GAME = Aloft()


def check_invariants(state: AloftState) -> None:
    assert not state.chance()  # Aloft has no dice or draws: every input is a player's
    columns = state.board.columns
    # flying balloons are never orthogonally adjacent
    for cell, balloon in enumerate(state.grid):
        if balloon < 0:
            continue
        assert state.where[balloon] == cell
        column = cell % columns
        if column + 1 < columns:
            assert state.grid[cell + 1] < 0
        if cell + columns < len(state.grid):
            assert state.grid[cell + columns] < 0
    # the convoy: safety truck leads, at most one empty space, all in the lane, no two trucks on a space
    trucks = state.trucks
    assert len(set(trucks)) == len(trucks)
    assert trucks[-1] == max(trucks)
    assert 0 <= min(trucks) and max(trucks) < columns
    assert max(trucks) - min(trucks) + 1 - len(trucks) <= 1
    # token conservation: supply plus holdings equals the kit's tokens
    counts = state.data.tokens
    for kind in state.supply:
        held = sum(tokens[kind] for tokens in state.tokens.values())
        total = {"multi": counts.multicoloured, "safety": counts.safety}.get(kind, counts.launch_per_colour)
        assert state.supply[kind] + held == total
    # each balloon is in exactly one place
    riding = [b for b in state.load if b >= 0]
    assert len(riding) == len(set(riding))
    assert state.launched == sum(1 for b in state.grid if b >= 0)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6))
def test_invariants_hold_throughout_random_games(seed, players):
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(tuple(f"p{i}" for i in range(players)))))
    while not table.state.is_over():
        table.play(rng.choice(table.state.legal_moves()))
        check_invariants(table.state)
    state = table.state
    # the game ended for one of the two reasons the rules give
    assert state.launched == len(state.names) or not state._movable_trucks()
    score = state.score()
    best = max(p.score for p in score.players)
    assert set(score.winners) == {p.name for p in score.players if p.score == best}
