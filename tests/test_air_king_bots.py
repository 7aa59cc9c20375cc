"""Air King's greedy bot: it plays its own goal home, beats the random bot clearly, and leaves chance to the table."""

from __future__ import annotations

import random

from pnp.games import REGISTRY
from pnp.games.air_king.actions import DISCARD, DRAW
from pnp.games.air_king.bots import rating
from pnp.games.air_king.model import CARD_TYPES
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Commit, Reveal, Setup

SPEC = REGISTRY["air-king"]
GAME = SPEC.rules()


def match(seed: int, bots: tuple[str, ...]) -> Table:
    """One game, each seat played by its bot; the driver draws the cards."""
    factories = {"random": random_chooser, **SPEC.bots()}
    players = tuple(f"p{i + 1}" for i in range(len(bots)))
    choosers = {p: factories[b](random.Random(seed * 10 + i)) for i, (p, b) in enumerate(zip(players, bots))}
    setup = Setup(players, {"rounds": 40}, seed)
    return playout(GAME, setup, lambda state, moves, own: choosers[state.to_move()](state, moves, own))


def test_greedy_beats_random_by_a_wide_margin_with_seats_alternated():
    games, wins = 16, 0.0
    for seed in range(games):
        bots = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        winners = match(seed, bots).state.score().winners
        wins += sum(bots[int(w[1:]) - 1] == "greedy" for w in winners) / len(winners)
    # a fair coin would win 8 of 16; 15 or more happens by chance with probability below 0.0003
    assert wins >= 15


def test_the_greedy_bot_reveals_only_a_complete_goal():
    for seed in range(3):
        state = match(seed, ("greedy", "greedy", "greedy")).state
        assert not state.failed  # never revealed an incomplete goal
        if state.winner >= 0:
            assert state.score().winners == (state.players[state.winner],)


def drawing_state():
    """p1 to draw, with goal card 1 (aircraft 1 2 6 7) entered."""
    state = GAME.new_state(Setup(("p1", "p2")))
    state.apply(Commit("goal", "0" * 64))
    state.apply(Commit("goal", "0" * 64))
    for text in ("draw pass", "draw pass"):
        state.apply(GAME.parse_move(text))
    assert state.phase == DRAW
    return state


def test_the_greedy_bot_leaves_the_draw_to_chance_and_claims_a_landed_goal():
    bot = SPEC.bots()["greedy"](random.Random(1))
    state = drawing_state()
    assert bot(state, state.legal_moves(), {"goal": "1"}) in state.chance()
    for a in (0, 1, 5, 6):
        state.pos[a] = -2
        state.landed |= 1 << a
    state.any_complete = True
    assert bot(state, state.legal_moves(), {"goal": "1"}) == Reveal("goal")
    assert bot(state, state.legal_moves(), {"goal": "2"}) in state.chance()  # goal 2 has not landed


def test_the_rating_prefers_own_goal_aircraft_further_on_and_others_held_back():
    state = drawing_state()
    field = state.rules.field
    before = rating(state, "p1", {"goal": "1"})
    state.pos[0], state.occ[field.index["b2"]] = field.index["b2"], 1  # aircraft 1 is on goal card 1
    assert rating(state, "p1", {"goal": "1"}) > before
    assert rating(state, "p2", {"goal": "5"}) < rating(drawing_state(), "p2", {"goal": "5"})  # not on goal 5


def test_the_greedy_bot_discards_its_least_worth_card():
    bot = SPEC.bots()["greedy"](random.Random(1))
    state = drawing_state()
    state.phase, state.hands[0] = DISCARD, [1, 1, 1, 1, 1, 1]
    move = bot(state, state.legal_moves(), {"goal": "1"})
    assert GAME.format_move(move) == f"discard {CARD_TYPES[-1]}"
