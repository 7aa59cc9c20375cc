"""pnp sim: determinism across workers, bots that play better than random, and the JSON shape."""

from __future__ import annotations

import json

import pytest

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.sim import LOCAL, SimConfig, run, seat_bots, summarise, wilson
from pnp.sim.engines import Engine


def figures(config: SimConfig, engine: Engine = LOCAL) -> dict:
    results, seconds = run(config, engine)
    summary = summarise(config, results, seconds)
    summary.pop("seconds")
    return summary


def test_the_same_seed_gives_the_same_figures_whatever_the_workers():
    config = SimConfig("aloft", games=12, players=3, bots=("greedy", "random"), seed=9)
    one = figures(config)
    two = figures(config, Engine(workers=2))
    assert one == two
    assert figures(SimConfig(**{**config.__dict__, "seed": 10})) != one


def test_bots_rotate_over_the_seats():
    assert [seat_bots(("a", "b"), 3, i) for i in range(2)] == [("a", "b", "a"), ("b", "a", "b")]


@pytest.mark.parametrize("name", sorted(n for n, spec in REGISTRY.items() if spec.bots))
def test_the_greedy_bot_beats_the_random_bot(name):
    game = REGISTRY[name].rules()
    players = max(2, game.min_players)
    config = SimConfig(name, games=40, players=players, bots=("greedy", "random"), seed=1)
    summary = figures(config)
    greedy = summary["win_rate_by_bot"]["greedy"]
    random_ = summary["win_rate_by_bot"]["random"]
    # the greedy bot's 95 % interval lies wholly above the random bot's
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson(300, 1000)
    assert high2 - low2 < high - low


def test_unknown_bots_and_bad_counts_are_refused():
    with pytest.raises(PnpError, match="no bot"):
        run(SimConfig("aloft", games=1, players=2, bots=("genius",)))
    with pytest.raises(PnpError, match="players"):
        run(SimConfig("aloft", games=1, players=9))


def test_the_cli_prints_json_with_every_figure(cli):
    code, out, _ = cli(
        "sim", "aloft", "--games", "6", "--players", "2", "--bots", "greedy,random", "--json", "--html", "report.html"
    )
    assert code == 0
    data = json.loads(out)
    for key in (
        "win_rate_by_seat",
        "win_rate_by_bot",
        "scores_by_seat",
        "scores_by_bot",
        "game_length",
        "moves_applied",
        "seconds",
        "most_used",
        "least_used",
    ):
        assert key in data
    assert set(data["win_rate_by_seat"]) == {"seat 1", "seat 2"}
    assert sum(v["win_rate"] for v in data["win_rate_by_seat"].values()) == pytest.approx(1.0)
    assert data["moves_applied"] > 0
    from pathlib import Path

    assert "<svg" in Path("report.html").read_text()
