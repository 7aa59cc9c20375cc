"""Random legal Hauling Astronauts games, through the generic driver: they end, and the rules hold at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.moves import unseen

from pnp.games.hauling_astronauts.notation import GOLD, MOVED, RED, STRIPS, Depart, Roll, face, kind
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.games.hauling_astronauts.state import OVER, REVEAL, HaulingState
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Commit, Move, Reveal, Setup

GAME = HaulingAstronauts()
OPTIONS = st.fixed_dictionaries({"bonus_dice": st.booleans(), "hidden_transports": st.booleans()})
MAX_MOVES = 1_000  # far above any game seen: a loop would blow through it


def check_invariants(state: HaulingState) -> None:
    on_grid = [d for d in state.grid if d]
    assert state.available + len(state.booked) + len(on_grid) == 9  # no die is lost or made
    assert all(1 <= face(d) <= 6 for d in on_grid + state.booked)
    for bonus in (GOLD, RED):
        where = (state.specials_free & bonus != 0) + sum(kind(d) == bonus for d in on_grid + state.booked)
        assert where == (1 if state.bonus_dice else 0)  # each bonus die is in exactly one place
    for player in (0, 1):
        departed = [k for k in range(3) if state.docked[player][k] < 0]
        assert state.closed[player] == sum(1 << k for k in departed)
        assert len(departed) == sum(d.player == player for d in state.departures)
        slots = [s for s in state.docked[player] if s >= 0] + [d.slot for d in state.departures if d.player == player]
        assert sorted(slots) == [0, 1, 2]  # each transport is docked or departed, once
    assert sorted(i for i in state.dest if i >= 0) == list(range(len(state.departures)))
    assert not state.departures or state.full_once
    if not state.is_over() and state.phase != REVEAL:
        assert not state.finished(state.seat)  # a player who has departed everything takes no turns
    chances = state.chance()  # the rolls listed, and only they, with probabilities summing to 1
    assert set(chances) == {m for m in state.legal_moves() if isinstance(m, Roll)}
    assert not chances or abs(sum(chances.values()) - 1) < 1e-9
    assert all(p > 0 for p in chances.values())


def check_departure(state: HaulingState, move: Depart) -> None:
    """The 'if possible' rule, recomputed independently of the rules module."""
    player = state.seat
    strip = ("123", "abc")[player].index(move.strip)
    load = sum(face(state.grid[s] & ~MOVED) for s in STRIPS[player][strip])
    free = [d for d, taken in enumerate(state.dest) if taken < 0]
    paying = [d for d in free if state.data.docks[d].low <= load <= state.data.docks[d].high]
    assert move.dock in (paying or free)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), options=OPTIONS)
def test_random_games_end_and_keep_every_invariant(seed, options):
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("ann", "bob"), options)))
    turns = []
    while not table.state.is_over():
        assert len(table.history) < MAX_MOVES
        moves = table.state.legal_moves()
        assert moves
        move = rng.choice(moves)
        if isinstance(move, Depart):
            check_departure(table.state, move)
        turns.append(table.state.to_move())
        table.play(move)
        check_invariants(table.state)
    state = table.state
    assert state.phase == OVER and state.legal_moves() == []
    score = state.score()
    assert score.final
    for row in score.players:
        assert row.score == sum(row.breakdown.values())
    best = max(row.score for row in score.players)
    assert set(score.winners) == {row.name for row in score.players if row.score == best}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), options=OPTIONS)
def test_replaying_the_moves_reproduces_the_game(seed, options):
    setup = Setup(("ann", "bob"), options)
    table = playout(GAME, setup, random_chooser(random.Random(seed)))
    again = GAME.new_state(setup)
    for move in table.history:
        again.apply(move)
    assert again.render_text(None) == table.state.render_text(None)
    assert again.score() == table.state.score()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), options=OPTIONS)
def test_every_listed_move_round_trips_through_the_notation(seed, options):
    rng = random.Random(seed)
    setup = Setup(("ann", "bob"), options)
    rules = GAME.bind(setup)  # the built-in map's names, read once (unbound rules re-read the map at each parse)
    table = Table(rules, rules.new_state(setup))
    seen: set[Move] = set()
    while not table.state.is_over():
        moves = table.state.legal_moves()
        for move in unseen(moves, seen):
            if not isinstance(move, (Commit, Reveal)) and type(move).__module__.endswith("notation"):
                assert rules.parse_move(rules.format_move(move)) == move
        table.play(rng.choice(moves))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_a_clone_is_independent(seed):
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("ann", "bob"), {"bonus_dice": True})))
    for _ in range(rng.randint(5, 40)):
        if table.state.is_over():
            break
        table.play(rng.choice(table.state.legal_moves()))
    before = table.state.render_text(None)
    copy = table.state.clone()
    while not copy.is_over():
        copy.apply(rng.choice(copy.legal_moves()))
    assert table.state.render_text(None) == before
