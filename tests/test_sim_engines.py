"""pnp sim's engines: Dask plays the same games as this machine's processes, and says clearly when it cannot."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import procs
from support.cli import takes_ctrl_c

import pnp.sim.engines
from pnp.errors import PnpError
from pnp.sim import SimConfig, run
from pnp.sim.engines import TASK_SECONDS, WORKER_DIED, Engine, batch_size, local_cluster, play_jobs

WAIT = 60  # seconds: a generous bound on each step of a run in another process, on a busy machine
A_LONG_RUN = ("sim", "aloft", "--games", "100000", "--bots", "greedy", "--workers", "2", "--json")  # minutes


def test_games_finish_in_any_order_but_each_is_its_index_alone(monkeypatch):
    # 12 games: the first eight batches, two out per worker (1, 1, 1, 1, 2, 2, 2, 2 games)
    config = SimConfig("hauling-astronauts", games=12, players=2, bots=("greedy", "random"), seed=3)
    jobs = [(config, index) for index in range(12)]
    alone = {p: result for p, result in play_jobs(jobs, Engine())}
    spread: dict[int, object] = {}  # the games as the engine yields them to the run, over one pool of two workers

    def noted(jobs, engine):
        for position, result in play_jobs(jobs, engine):
            spread[position] = result
            yield position, result

    monkeypatch.setattr(pnp.sim, "play_jobs", noted)
    assert [r.index for r in run(config, Engine(workers=2))[0]] == list(range(12))
    assert sorted(spread) == list(range(12)) and spread == alone


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


def test_a_batch_holds_about_task_seconds_of_work_and_grows_at_most_twofold():
    assert batch_size(1, 2.0) == 1  # a game slower than a batch's worth still travels alone
    assert batch_size(1, 0.001) == 2 and batch_size(16, 0.016) == 32  # growing from one game, doubling
    assert batch_size(100, 1.0) == round(TASK_SECONDS * 100)  # at 10 ms a game: TASK_SECONDS of them
    assert batch_size(100, 4.0) == round(TASK_SECONDS * 25)  # games slower than thought: a smaller batch
    assert batch_size(3, 0.0) == 6  # a clock too coarse to time them: grow


class _Here(Executor):
    """Plays each batch at once, in this process."""

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_batches_start_at_one_game_and_grow_to_the_measured_pace(monkeypatch):
    sizes = []

    def ten_ms_a_game(jobs, positions):
        sizes.append(len(positions))
        return [(p, index) for p, (_, index) in zip(positions, jobs)], 0.01 * len(jobs)

    monkeypatch.setattr(pnp.sim.engines, "play_batch", ten_ms_a_game)
    jobs = [(None, index) for index in range(2000)]
    played = list(pnp.sim.engines._spread(jobs, _Here(), workers=2))
    assert sorted(played) == [(p, p) for p in range(2000)]  # every game once, at its position
    at_pace = round(TASK_SECONDS / 0.01)
    assert sizes[:4] == [1, 1, 1, 1] and sizes[4:12] == [2, 2, 2, 2, 4, 4, 4, 4]  # two batches out per worker
    assert sizes[24:-1] == [at_pace] * (len(sizes) - 25) and sum(sizes) == 2000  # then all at the pace


def _workers(pid: int) -> list[int]:
    """The worker processes a process has spawned."""
    return [child for child in procs.children().get(pid, []) if "spawn_main" in " ".join(procs.command(child) or ())]


def _ignores_interrupts(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")), 16)
    return bool(ignored & 1 << (signal.SIGINT - 1))


def _running_still(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0] not in "ZX"
    except OSError:
        return False


@contextmanager
def _running(
    *args: str, env: dict[str, str] | None = None, workers: int = 2
) -> Iterator[tuple[subprocess.Popen[str], list[int]]]:
    """``pnp ARGS`` in its own process group once its ``workers`` worker processes are up, taking Ctrl-C as at a
    terminal (``takes_ctrl_c``); the group is killed at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pnp", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
        preexec_fn=takes_ctrl_c,  # noqa: PLW1509 (a test's child only)
    )
    try:
        deadline = time.monotonic() + WAIT
        while len(up := _workers(process.pid)) < workers and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.1)
        assert len(up) == workers, process.communicate(timeout=WAIT)
        yield process, up
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc")


@needs_proc
def test_a_killed_worker_ends_the_run_with_one_line():
    """As when the OOM killer picks a worker: the run stops at once with exit 1, instead of waiting forever."""
    with _running(*A_LONG_RUN) as (process, workers):
        os.kill(workers[0], signal.SIGKILL)
        try:
            out, err = process.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the run went on for {WAIT} s after a worker was killed")
    assert process.returncode == 1 and out == ""
    assert err == f"pnp: error: {WORKER_DIED}\n"


@needs_proc
def test_the_workers_end_with_a_main_process_killed_outright(tmp_path):
    """kill -9 of a sweep's main process left both workers and the resource tracker running, orphaned, 20 s on."""
    kept = tmp_path / "sweep.json"
    sweep = ("sim", "sweep", "aloft", "--games", "100000", "--workers", "2", "--checkpoint", str(kept), "--json")
    with _running(*sweep) as (process, workers):
        left = procs.children().get(process.pid, [])  # the workers and the resource tracker
        assert set(workers) < set(left)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=WAIT)
        try:
            deadline = time.monotonic() + WAIT
            while (alive := [pid for pid in left if _running_still(pid)]) and time.monotonic() < deadline:
                time.sleep(0.1)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # what is left of its process group, should the test fail
    assert not alive, [procs.command(pid) for pid in alive]


@needs_proc
def test_a_dask_batch_whose_worker_dies_ends_the_run_with_one_line(tmp_path):
    """Dask runs a lost worker's batch again; past its allowed failures (none here) the run stops with one line."""
    no_retry = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
    kept = tmp_path / "sweep.json"  # written once games come back: the cluster is up and busy
    sweep = ("sim", "sweep", "aloft", "--over", "players=2,3", "--games", "50000", "--checkpoint", str(kept))
    # one worker: its death mid-batch is the whole of it (a second would only add a process to start)
    with _running(*sweep, "--workers", "1", "--engine", "dask", "--json", env=no_retry, workers=1) as (process, _):
        deadline = time.monotonic() + WAIT
        while not kept.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        while process.poll() is None and time.monotonic() < deadline + WAIT:  # until one dies mid-batch
            # every worker up: one busy ends the run; an idle one the cluster restarts, and half a second on
            # (while the workers play on, burning CPU) the next round tries again
            for pid in _workers(process.pid):
                os.kill(pid, signal.SIGKILL)
            try:
                process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
        out, err = process.communicate(timeout=WAIT)
    assert process.returncode == 1 and out == ""
    assert err == f"pnp: error: {WORKER_DIED} (Dask gave up on a batch whose worker died each time it ran)\n"


@needs_proc
def test_ctrl_c_stops_the_workers_with_one_line():
    """Ctrl-C reaches the whole process group: the workers leave it to the main process, so one line is printed."""
    with _running(*A_LONG_RUN) as (process, workers):
        deadline = time.monotonic() + WAIT
        while not all(_ignores_interrupts(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=WAIT)
    assert (process.returncode, out, err) == (130, "", "pnp: error: interrupted\n")
    assert not [pid for pid in workers if _running_still(pid)]


# -- on one Dask cluster (last, so that it idles through no other test) --------------------------------


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local Dask cluster of two workers, started once for the two tests that run on it (``pnp sim``
    starting a cluster of its own is run by the test of a dying Dask worker above)."""
    with local_cluster(2) as cluster:
        yield cluster.scheduler_address


def test_a_dask_cluster_gives_the_local_figures(cli, scheduler):
    # 16 games: nine batches on two workers (1, 1, 1, 1, 2, 2, 2, 2, 4 games), so the batches of several games,
    # their positions and their order of return are all exercised
    args = ("sim", "take-off", "--games", "16", "--players", "3", "--bots", "greedy,random", "--seed", "5", "--json")
    code, local, _ = cli(*args)
    assert code == 0
    code, dask, _ = cli(*args, "--engine", "dask", "--scheduler", scheduler)
    assert code == 0
    local_figures, dask_figures = json.loads(local), json.loads(dask)
    local_figures.pop("seconds"), dask_figures.pop("seconds")
    assert dask_figures == local_figures


def test_a_sweep_over_generated_maps_gives_the_same_rows_on_dask(scheduler):
    """Generated maps travel with the games: the workers write them where they can read them."""
    from pnp.sim.checkpoint import Checkpoint
    from pnp.sim.sweep import combinations, run_sweep

    plan = combinations(SimConfig("aeronaut-odyssey", games=10, players=2, bots=("greedy",), seed=1), [], 2, "tiny")
    local = run_sweep(plan, Engine(), Checkpoint(None, plan))
    assert run_sweep(plan, Engine("dask", scheduler=scheduler), Checkpoint(None, plan)) == local
