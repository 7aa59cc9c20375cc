"""Hauling Astronauts' bots: they play legal games to the end, greedy rolls by its rule, and it beats random."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

import pytest

from pnp.games import REGISTRY
from pnp.games.hauling_astronauts.bots import BOTS, fit_chance
from pnp.games.hauling_astronauts.notation import Roll
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Setup

GAME = HaulingAstronauts()


def _match(first: str, second: str, games: int, options: dict[str, bool]) -> Counter[str]:
    """Play ``games`` games, seats alternating; count wins by bot name (ties as 'tie')."""
    wins: Counter[str] = Counter()
    for i in range(games):
        seats = (first, second) if i % 2 == 0 else (second, first)
        factories = {"random": random_chooser, **BOTS}
        bots = [factories[name](random.Random(1000 * i + seat)) for seat, name in enumerate(seats)]
        table = playout(GAME, Setup(("p1", "p2"), options), lambda s, m, own, bots=bots: bots[s.seat](s, m, own))
        winners = table.state.score().winners
        wins["tie" if len(winners) == 2 else seats[int(winners[0][1]) - 1]] += 1
    return wins


@pytest.mark.parametrize("options", [{}, {"bonus_dice": True, "hidden_transports": True}])
def test_greedy_beats_random_clearly(options):
    # greedy wins about 9 games in 10; under a fair coin 20 or more wins of 24 has odds below 1 in 1000
    wins = _match("greedy", "random", 24, options)
    assert wins["greedy"] >= 20, wins


def test_the_registry_offers_the_greedy_bot():
    assert set(REGISTRY["hauling-astronauts"].bots()) == {"greedy"}  # random is the driver's


def greedy_move(state: HaulingState, own: Mapping[str, str] | None = None):
    return BOTS["greedy"](random.Random(0))(state, state.legal_moves(), own or {})


def test_greedy_rolls_exactly_when_booked_holds_fewer_than_three_dice():
    state = GAME.new_state(Setup(("a", "b")))
    for text in ("choose A B C", "choose U V W"):
        state.apply(GAME.parse_move(text))
    assert isinstance(greedy_move(state), Roll)  # Booked is empty
    for text in ("roll 1 2 3", "place 1 a1", "roll 4 5 6", "place 4 b1"):
        state.apply(GAME.parse_move(text))
    assert len(state.booked) == 4 and state.chance()  # ann may roll, but has dice enough
    assert not isinstance(greedy_move(state), Roll)


def test_greedy_commits_three_different_hidden_transports():
    table = Table(GAME, GAME.new_state(Setup(("a", "b"), {"hidden_transports": True})))
    for _ in range(6):
        player = table.state.to_move()
        table.play(greedy_move(table.state, table.secrets_of(player)))
    for player in ("a", "b"):
        assert len(set(table.secrets_of(player).values())) == 3


def test_fit_chance_agrees_with_counting_dice():
    assert fit_chance(9, 12, 0, 3) == pytest.approx(104 / 216)
    assert fit_chance(13, 14, 12, 1) == pytest.approx(2 / 6)
    assert fit_chance(3, 8, 9, 0) == 0.0 and fit_chance(3, 8, 8, 0) == 1.0


def test_random_playouts_never_seal_one_transport_twice():
    for seed in range(20):
        setup = Setup(("a", "b"), {"hidden_transports": True}, seed)
        table = playout(GAME, setup, random_chooser(random.Random(seed)))
        for player in ("a", "b"):
            assert len(set(table.secrets_of(player).values())) == 3, seed
        assert not any("void" in note for note in table.state.score().notes), seed
