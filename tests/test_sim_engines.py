"""pnp sim's engines: Dask plays the same games as this machine's processes, and says clearly when it cannot."""

from __future__ import annotations

import json
import sys

import pytest

from pnp.errors import PnpError
from pnp.sim import SimConfig, run
from pnp.sim.engines import Engine, play_jobs


def test_a_dask_local_cluster_gives_the_local_figures(cli):
    args = ("sim", "take-off", "--games", "40", "--players", "3", "--bots", "greedy,random", "--seed", "5", "--json")
    code, local, _ = cli(*args)
    assert code == 0
    code, dask, _ = cli(*args, "--engine", "dask", "--workers", "2")
    assert code == 0
    local_figures, dask_figures = json.loads(local), json.loads(dask)
    local_figures.pop("seconds"), dask_figures.pop("seconds")
    assert dask_figures == local_figures


def test_games_finish_in_any_order_but_each_is_its_index_alone():
    config = SimConfig("hauling-astronauts", games=30, players=2, bots=("greedy", "random"), seed=3)
    jobs = [(config, index) for index in range(30)]
    alone = {p: result for p, result in play_jobs(jobs, Engine())}
    spread = {p: result for p, result in play_jobs(jobs, Engine(workers=2))}
    assert sorted(spread) == list(range(30)) and spread == alone
    assert [r.index for r in run(config, Engine(workers=2))[0]] == list(range(30))


def test_without_dask_the_engine_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    with pytest.raises(PnpError, match=r"pip install 'pnp\[cluster\]'"):
        run(SimConfig("aloft", games=2, players=2), Engine("dask"))


def test_an_unreachable_scheduler_or_wrong_settings_are_one_line_errors(cli, monkeypatch):
    monkeypatch.setattr("pnp.sim.engines.CONNECT_TIMEOUT", "1s")
    code, _, err = cli("sim", "aloft", "--games", "2", "--engine", "dask", "--scheduler", "tcp://127.0.0.1:9")
    assert (
        code == 1
        and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
        and len(err.strip().splitlines()) == 1
    )
    for args, message in (
        (("--engine", "spark"), "unknown engine 'spark'"),
        (("--scheduler", "tcp://127.0.0.1:9"), "--scheduler needs --engine dask"),
        (("--workers", "0"), "--workers must be at least 1"),
    ):
        code, _, err = cli("sim", "aloft", "--games", "2", *args)
        assert code == 1 and message in err


def test_a_sweep_over_generated_maps_gives_the_same_rows_on_dask():
    """Generated maps travel with the games: the workers write them where they can read them."""
    from pnp.sim.sweep import Checkpoint, combinations, run_sweep

    plan = combinations(SimConfig("aeronaut-odyssey", games=10, players=2, bots=("greedy",), seed=1), [], 2, "tiny")
    local = run_sweep(plan, Engine(), Checkpoint(None, plan))
    assert run_sweep(plan, Engine("dask", workers=2), Checkpoint(None, plan)) == local


def test_a_map_file_goes_to_dask_workers_as_text(tmp_path):
    from pnp.sim.engines import _with_map_text

    path = tmp_path / "fleet.yaml"
    path.write_text("game: hauling-astronauts\n", encoding="utf-8")
    config = SimConfig("hauling-astronauts", games=2, players=2, map_path=path)
    sent = _with_map_text([(config, 0), (config, 1)])
    assert [index for _, index in sent] == [0, 1] and sent[0][0] is sent[1][0]
    assert sent[0][0].map_path is None and sent[0][0].map_text == "game: hauling-astronauts\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("sim", "aloft", "--games", "99999999999"), "--games must be 1 to 1,000,000"),
        (("sim", "sweep", "aloft", "--over", "players=²"), "'²' is not a whole number"),
        (("sim", "sweep", "aloft", "--over", "players=2,3", "--games", "600000"), "more than a sweep plays"),
    ],
)
def test_sizes_and_numbers_out_of_reach_are_one_line(cli, args, message):
    code, out, err = cli(*args)
    assert code == 1 and err.count("\n") == 1 and message in err and out == ""
