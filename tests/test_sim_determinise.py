"""``State.determinise``: what an observer cannot see is dealt afresh, what it can see is kept."""

from __future__ import annotations

import random

import pytest
from support.games import GAMES, registered

from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.board import W
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.air_king.actions import DRAW, SLOT
from pnp.games.air_king.state import AirKingState
from pnp.referee.driver import Table
from pnp.referee.protocol import Reveal, Setup, State
from pnp.sim.ismcts import _Node, _Search, ismcts_bot

pytestmark = registered  # the guide's example game is checked as a registered game too


def played(name: str, inputs: int, seed: int = 1, **options: bool | int | str) -> Table:
    """A 2-player game of ``name`` after ``inputs`` random inputs (chance drawn by its probabilities)."""
    game = REGISTRY[name].rules()
    table = Table(game, game.new_state(Setup(("p1", "p2"), dict(options), seed=seed)))
    rng = random.Random(seed)
    for _ in range(inputs):
        if table.state.is_over():
            break
        chances = table.state.chance()
        moves = table.state.legal_moves()
        move = rng.choice(moves)
        table.play(table.take_chance(chances, rng) if move in chances else move)
    return table


def air_king(inputs: int = 40, seed: int = 1) -> AirKingState:
    state = played("air-king", inputs, seed).state
    assert isinstance(state, AirKingState) and state.stage() == "play" and sum(state.hands[1])
    return state


@pytest.mark.parametrize("seed", range(6))
def test_an_air_king_determinisation_keeps_what_the_observer_sees_and_every_count(seed):
    state = air_king(30 + 7 * seed, seed)
    before = [hand.copy() for hand in state.hands], state.draw.copy()
    dealt = [state.determinise("p1", random.Random(k)) for k in range(20)]
    for other in dealt:
        assert isinstance(other, AirKingState) and other is not state
        assert other.hands[0] == state.hands[0] and other.private("p1") == state.private("p1")
        assert other.discard == state.discard and other.technical == state.technical and other.pos == state.pos
        assert sum(other.hands[1]) == sum(state.hands[1]) and sum(other.draw) == sum(state.draw)
        assert [a + b for a, b in zip(other.hands[1], other.draw)] == [
            a + b for a, b in zip(state.hands[1], state.draw)
        ]
        if state.to_move() == "p1":  # the observer's own inputs; another's follow the hand dealt to them
            assert other.legal_moves() == state.legal_moves()
    assert ([hand.copy() for hand in state.hands], state.draw) == before  # the real state is untouched
    assert any(other.hands[1] != state.hands[1] for other in dealt)  # the hidden hand is re-dealt, not read
    again = state.determinise("p1", random.Random(3))
    assert (again.hands, again.draw) == (dealt[3].hands, dealt[3].draw)  # seeded


def test_hidden_aeronaut_inventories_are_redealt_with_their_sizes_and_wildcards():
    table = played("aeronaut-odyssey", 60, seed=2, hidden_inventories=True)
    state = table.state
    assert isinstance(state, AeroState) and sum(state.inventory(1)) > 1
    dealt = [state.determinise("p1", random.Random(k)) for k in range(20)]
    for other in dealt:
        assert isinstance(other, AeroState)
        assert other.inventory(0) == state.inventory(0)
        assert sum(other.inventory(1)) == sum(state.inventory(1)) and other.inventory(1)[W] == state.inventory(1)[W]
        assert other.owner == state.owner and other.blank == state.blank and other.crossed == state.crossed
    assert any(other.inventory(1) != state.inventory(1) for other in dealt)
    open_state = played("aeronaut-odyssey", 60, seed=2).state
    assert isinstance(open_state, AeroState)
    assert open_state.determinise("p1", random.Random(0)).held == open_state.held  # nothing hidden: a clone


@pytest.mark.parametrize("name", GAMES)
def test_a_determinisation_is_an_independent_copy_offering_the_same_inputs(name):
    """At the observer's turn: at another's, what they may play follows the hand a determinisation deals them."""
    state: State = played(name, 25, seed=4).state
    rng = random.Random(4)
    while state.to_move() != "p1" or state.chance():
        chances = state.chance()
        state.apply(rng.choice(list(chances)) if chances else rng.choice(state.legal_moves()))
    other = state.determinise("p1", random.Random(0))
    assert other is not state and other.legal_moves() == state.legal_moves()
    assert other.render_text("p1") == state.render_text("p1") and other.private("p1") == state.private("p1")


def test_the_search_bot_picks_the_same_whatever_the_opponents_hidden_hand():
    """Two Air King positions differing only in p2's hand (cards swapped with the draw pile): same choice."""
    state = air_king(40, 1)
    while state.to_move() != "p1" or state.chance():  # p1 to act
        chances = state.chance()
        moves = state.legal_moves()
        state.apply(next(iter(chances)) if chances else moves[0])
    assert state.to_move() == "p1" and state.stage() == "play"
    swapped = state.clone()
    give = next(t for t, n in enumerate(swapped.hands[1]) if n)
    take = next(t for t, n in enumerate(swapped.draw) if n and t != give)
    swapped.hands[1][give] -= 1
    swapped.hands[1][take] += 1
    swapped.draw[give] += 1
    swapped.draw[take] -= 1
    assert swapped.hands[1] != state.hands[1] and swapped.legal_moves() == state.legal_moves()
    own = {"goal": "1"}
    greedy = REGISTRY["air-king"].bots()["greedy"]
    picks = [
        ismcts_bot(24, greedy, depth=6)(random.Random(9))(position, position.legal_moves(), own)
        for position in (state, swapped)
    ]
    assert picks[0] == picks[1]
    trees = []  # and the search saw the same: every option's tries and rewards alike
    for position in (state, swapped):
        search = _Search("p1", own, {"goal": ["1", "2", "3"]}, random.Random(5), greedy, 8)
        root = _Node()
        for _ in range(16):
            search.iterate(position, root)
        trees.append({option: (child.visits, child.reward) for option, child in root.children.items()})
    assert trees[0] == trees[1]


def test_the_pick_the_search_must_beat_is_made_without_the_opponents_hand():
    """The playout bot's own pick (what the search keeps unless another option clearly wins) sees a re-dealt hand."""
    state = air_king(40, 1)
    while state.to_move() != "p1" or state.chance():
        chances = state.chance()
        state.apply(next(iter(chances)) if chances else state.legal_moves()[0])
    given: list[State] = []

    def spy(rng: random.Random):
        def choose(position: State, moves, own):
            given.append(position)
            return moves[0]

        return choose

    for seed in range(8):
        given.clear()
        ismcts_bot(4, spy, depth=2, worlds=1)(random.Random(seed))(state, state.legal_moves(), {"goal": "1"})
        picks = [
            position
            for position in given
            if position.to_move() == "p1" and position.legal_moves() == state.legal_moves()
        ]
        assert picks and all(position is not state for position in picks)
    hands = {tuple(p.hands[1]) for p in given if isinstance(p, AirKingState)}
    assert len(hands) > 1, "p2's hand is re-dealt, not read"


def test_a_card_drawn_in_a_re_dealt_world_is_never_played_in_the_real_one():
    """When drawing is one option among others (a goal may be claimed instead) and the playout bot would draw,
    the search draws from the real pile: the re-dealt world's pile may hold a card the real one has run out of."""
    state = air_king(40, 1)
    while state.to_move() != "p1" or state.phase != DRAW:
        chances = state.chance()
        state.apply(next(iter(chances)) if chances else state.legal_moves()[0])
    gone = next(t for t, n in enumerate(state.draw) if n)  # p2 takes every card of one type from the pile
    state.hands[1][gone] += state.draw[gone]
    state.draw[gone] = 0
    state.any_complete = True  # p1 may claim a goal instead of drawing
    moves = state.legal_moves()
    assert Reveal(SLOT) in moves and len(moves) > 1
    elsewhere = state.rules.table.draw[gone]

    def draws_the_gone_card(rng: random.Random):
        def choose(position: State, moves, own):
            chances = position.chance()
            return elsewhere if elsewhere in chances else next(iter(chances), moves[0])

        return choose

    for seed in range(6):
        move = ismcts_bot(4, draws_the_gone_card, depth=2, worlds=1)(random.Random(seed))(state, moves, {SLOT: "1"})
        assert move in state.chance() or move == Reveal(SLOT)
