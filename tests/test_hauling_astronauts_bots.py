"""Hauling Astronauts' bots: they play legal games to the end, roll honestly, and greedy beats random."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.games import REGISTRY
from pnp.games.hauling_astronauts.bots import BOTS, fit_chance, honest_roll
from pnp.games.hauling_astronauts.moves import GOLD, RED, face, kind
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.referee.driver import playout
from pnp.referee.protocol import Setup

GAME = HaulingAstronauts()


def _match(first: str, second: str, games: int, options: dict[str, bool]) -> Counter[str]:
    """Play ``games`` games, seats alternating; count wins by bot name (ties as 'tie')."""
    wins: Counter[str] = Counter()
    for i in range(games):
        seats = (first, second) if i % 2 == 0 else (second, first)
        bots = [BOTS[name](random.Random(1000 * i + seat)) for seat, name in enumerate(seats)]
        table = playout(GAME, Setup(("p1", "p2"), options), lambda s, m, own, bots=bots: bots[s.turn](s, m, own))
        winners = table.state.score().winners
        wins["tie" if len(winners) == 2 else seats[int(winners[0][1]) - 1]] += 1
    return wins


@pytest.mark.parametrize("options", [{}, {"bonus_dice": True, "hidden_transports": True}])
def test_greedy_beats_random_clearly(options):
    # greedy wins about 9 games in 10; under a fair coin 30 or more wins of 40 has odds below 1 in 1000
    wins = _match("greedy", "random", 40, options)
    assert wins["greedy"] >= 30, wins


def test_the_registry_offers_both_bots():
    assert set(REGISTRY["hauling-astronauts"].bots()) == {"random", "greedy"}


def test_an_honest_roll_uses_the_available_dice_and_fair_faces():
    state = GAME.new_state(Setup(("a", "b"), {"bonus_dice": True}))
    for text in ("choose A B C", "choose U V W"):
        state.apply(GAME.parse_move(text))
    legal = set(state.legal_moves())
    rng = random.Random(4)
    faces, kinds = Counter(), Counter()
    for _ in range(3000):
        roll = honest_roll(state, rng)
        assert roll in legal
        faces.update(face(d) for d in roll.dice)
        kinds.update(kind(d) for d in roll.dice)
    assert all(abs(faces[f] / 9000 - 1 / 6) < 0.02 for f in range(1, 7))
    assert abs(kinds[GOLD] / 3000 - 1 / 3) < 0.04 and abs(kinds[RED] / 3000 - 1 / 3) < 0.04  # 3 of 9 dice


def test_fit_chance_agrees_with_counting_dice():
    assert fit_chance(9, 12, 0, 3) == pytest.approx(104 / 216)
    assert fit_chance(13, 14, 12, 1) == pytest.approx(2 / 6)
    assert fit_chance(3, 8, 9, 0) == 0.0 and fit_chance(3, 8, 8, 0) == 1.0
