"""Chance inputs follow the probabilities the games give: in the driver, in bots and in `pnp sim`.

Which games have chance is read from their declared traits (tests/test_all_games.py checks those against play);
the draws are judged against each game's own stated odds only, so a fair die passes as well as a loaded one.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping

import pytest
from support.games import GAMES, registered

from pnp.games import REGISTRY
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Game, Move, Score, Setup, State
from pnp.sim import Chance, SimConfig, run, summarise
from pnp.sim.chance import chi_square, upper_tail

pytestmark = registered  # the guide's example is tested as a registered game
FIT = 0.001  # the p-value below which draws are judged not to follow the stated odds (one run in 1000 at random)


class Coin(State):
    """A toy game: a player may stop, or toss a coin weighted 3 to 1 until three tosses are made."""

    players = ("solo",)

    def __init__(self) -> None:
        self.tosses: list[str] = []

    def to_move(self) -> str | None:
        return None if self.is_over() else "solo"

    def legal_moves(self) -> list[Move]:
        return ["heads", "tails", "stop"]

    def chance(self) -> Mapping[Move, float]:
        return {"heads": 0.75, "tails": 0.25}

    def apply(self, move: Move) -> None:
        self.tosses.append(str(move))

    def is_over(self) -> bool:
        return len(self.tosses) >= 3

    def score(self) -> Score:
        return Score(True, ())

    def render_text(self, viewer: str | None) -> str:
        return " ".join(self.tosses)

    def clone(self) -> State:
        other = Coin()
        other.tosses = list(self.tosses)
        return other


class CoinGame(Game):
    name = title = "coin"
    min_players = max_players = 1

    def new_state(self, setup: Setup) -> State:
        return Coin()

    def parse_move(self, text: str) -> Move:
        return text

    def format_move(self, move: Move) -> str:
        return str(move)


def test_the_driver_draws_a_chosen_chance_input_by_its_weight_not_the_choosers():
    always_tails = lambda state, moves, own: "tails"
    drawn: Counter[Move] = Counter()
    for seed in range(400):
        drawn += playout(CoinGame(), Setup(("solo",)), always_tails, random.Random(seed)).drawn
    assert sum(drawn.values()) == 1200
    assert chi_square({str(k): v for k, v in drawn.items()}, {"heads": 900.0, "tails": 300.0})["p_value"] > 0.001
    assert drawn["heads"] > 2 * drawn["tails"]  # a chooser asking for tails does not get tails


def test_the_random_chooser_takes_chance_as_one_option_among_the_choices():
    choose = random_chooser(random.Random(5))
    picks = Counter("stop" if choose(Coin(), Coin().legal_moves(), {}) == "stop" else "toss" for _ in range(2000))
    assert 900 < picks["stop"] < 1100  # one choice against chance: half each, not one in three


def test_the_table_counts_what_it_drew_against_what_it_expected():
    table = Table(CoinGame(), Coin())
    for seed in range(10):
        table.take_chance({"heads": 0.75, "tails": 0.25}, random.Random(seed))
    assert sum(table.drawn.values()) == 10 and table.expected == {"heads": 7.5, "tails": 2.5}


def test_the_chi_square_tail_matches_known_quantiles():
    assert upper_tail(3.841, 1) == pytest.approx(0.05, abs=0.004)
    assert upper_tail(11.07, 5) == pytest.approx(0.05, abs=0.002)
    assert upper_tail(67.5, 50) == pytest.approx(0.05, abs=0.002)
    assert upper_tail(0.0, 3) == 1.0


def _chance_of_a_run(name: str, games: int = 60) -> Chance | None:
    spec = REGISTRY[name]
    config = SimConfig(name, games, spec.rules().min_players, seed=11)
    return summarise(config, *run(config))["chance"]


@pytest.mark.parametrize("name", GAMES)
def test_simulated_chance_outcomes_follow_the_games_weights(name):
    chance = _chance_of_a_run(name)
    if not REGISTRY[name].traits.chance:
        assert chance is None, "a game without dice or decks lists no chance input"
        return
    assert chance is not None
    outcomes = chance["outcomes"]
    assert len(outcomes) > 1 and sum(o["drawn"] for o in outcomes.values()) > 100
    assert chance["fit"]["p_value"] > FIT, chance["fit"]


def test_draws_that_do_not_follow_the_stated_odds_fail_the_fit():
    """The fit has teeth: a fair coin's draws fit 1 to 1 and are rejected against the 3 to 1 a game might state."""
    rng = random.Random(7)
    drawn = Counter(rng.choice(["heads", "tails"]) for _ in range(1200))
    assert chi_square(drawn, {"heads": 600.0, "tails": 600.0})["p_value"] > FIT
    assert chi_square(drawn, {"heads": 900.0, "tails": 300.0})["p_value"] < FIT


@pytest.mark.parametrize("name", GAMES)
def test_every_listed_chance_input_is_legal_and_the_probabilities_sum_to_one(name):
    game = REGISTRY[name].rules()
    setup = Setup(tuple(f"p{i}" for i in range(game.min_players)), {}, 4)
    table = playout(game, setup, random_chooser(random.Random(4)), random.Random(4))
    replay = Table(game, game.new_state(setup))
    for move in table.history:
        chances = replay.state.chance()
        if chances:
            assert set(chances) <= set(replay.state.legal_moves())
            assert sum(chances.values()) == pytest.approx(1.0)
            assert all(p > 0 for p in chances.values())
            for viewer in (None, *setup.players):  # the odds shown: each outcome possible and more, summing to one
                odds = replay.state.odds(viewer)  # (more: a card held in a hand the viewer cannot see)
                assert set(chances) <= set(odds) and sum(odds.values()) == pytest.approx(1.0)
                assert all(p > 0 for p in odds.values())
        replay.state.apply(move)


def test_rare_outcomes_are_tested_as_one_and_the_report_says_how_many(cli):
    fit = chi_square({"a": 50, "b": 40, "c": 3, "d": 1}, {"a": 48.0, "b": 42.0, "c": 2.5, "d": 1.5})
    assert fit["pooled"] == 2 and fit["df"] == 2  # cells a, b and c+d
    code, out, err = cli("sim", "hauling-astronauts", "--games", "30")  # three dice: 56 outcomes, many of them rare
    assert code == 0, err
    line = next(line for line in out.splitlines() if line.startswith("chance: "))
    rare = r"(\d+) rare outcomes, each expected under 5 times, counted as one"
    pooled = re.search(rf"^chance: 56 outcomes drawn .*\(chi-square [\d.]+, (\d+) df, p = [\d.]+; {rare}\)$", line)
    assert pooled, line
    assert int(pooled[1]) == 56 - int(pooled[2])  # the cells (56 less the pooled, and one for them) less one
