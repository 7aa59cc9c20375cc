"""pnp sim's engines side by side: games per second on 1 and 2 local worker processes and on a Dask
local cluster of 2 workers, for the same run (the figures of all three are identical; only time differs),
with the CPU time a game took in all the run's processes, and what one Dask task costs beside one game.

The Dask figures include starting and stopping its local cluster, as `pnp sim --engine dask` does; the
start-up alone is given beside them. On a machine shared with other work games per second move from run
to run; CPU time a game moves less, and shows what workers, batches and a cluster add to the games' work.

    python benchmarks/sim_speed.py [--games 2000]
"""

from __future__ import annotations

import argparse
import logging
import resource
import time

from pnp.sim import SimConfig, run
from pnp.sim.engines import TASK_SECONDS, Engine

Row = tuple[str, str, str, str]
GAME, BOTS = "aloft", ("greedy", "random")
EMPTY_TASKS = 2000  # timed one after another on the cluster: their seconds over their count is a task's cost


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (pool workers, a local cluster's workers)."""
    usages = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(usage.ru_utime + usage.ru_stime for usage in usages)


def speed(config: SimConfig, engine: Engine) -> tuple[float, float]:
    """Games per second of ``config`` on ``engine``, and CPU milliseconds a game in all its processes."""
    cpu, start = _cpu_seconds(), time.perf_counter()
    results, _ = run(config, engine)
    assert len(results) == config.games
    return config.games / (time.perf_counter() - start), (_cpu_seconds() - cpu) * 1000 / config.games


def nothing(index: int) -> int:
    """An empty task."""
    return index


def cluster_costs() -> tuple[float, float]:
    """Seconds to start and stop a Dask local cluster of 2 worker processes, and seconds per empty task on it."""
    from distributed import Client, LocalCluster

    begin = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.CRITICAL)
    client = Client(cluster)
    start_up = time.perf_counter() - begin
    try:
        client.gather(client.map(nothing, range(20), pure=False))  # both workers have run a task
        begin = time.perf_counter()
        client.gather(client.map(nothing, range(EMPTY_TASKS), pure=False))
        per_task = (time.perf_counter() - begin) / EMPTY_TASKS
    finally:
        begin = time.perf_counter()
        client.close()
        cluster.close()
    return start_up + time.perf_counter() - begin, per_task


def rows(games: int) -> list[Row]:
    config = SimConfig(GAME, games=games, players=2, bots=BOTS, seed=1)
    run(SimConfig(GAME, games=20, players=2, bots=BOTS))  # warm up imports and the game's tables
    one, one_cpu = speed(config, Engine())
    label = f"sim {GAME} {games} games"
    baseline = f"{one:.0f} games/s, {one_cpu:.1f} ms CPU a game, 1 worker"
    out = [(f"{label}, 1 local worker", f"{one:.0f} games/s", "-", f"the baseline ({one_cpu:.1f} ms CPU a game)")]
    two, two_cpu = speed(config, Engine(workers=2))
    out.append((f"{label}, 2 local workers", f"{two:.0f} games/s", baseline, f"{two / one:.2f}x, {two_cpu:.1f} ms CPU"))
    try:
        dask, dask_cpu = speed(config, Engine("dask", workers=2))
        start, per_task = cluster_costs()
    except ImportError:
        return [*out, (f"{label}, dask 2 workers", "-", "-", "not installed: pip install '.[cluster]'")]
    return [
        *out,
        (
            f"{label}, dask local cluster of 2",
            f"{dask:.0f} games/s",
            baseline,
            f"{dask / one:.2f}x, {dask_cpu:.1f} ms CPU (cluster start-up {start:.1f} s included)",
        ),
        (
            f"dask per-task overhead ({EMPTY_TASKS} empty tasks)",
            f"{per_task * 1000:.2f} ms a task",
            f"{1000 / one:.1f} ms a {GAME} game, 1 worker",
            f"{per_task * one:.0%} of a game; {per_task / TASK_SECONDS:.2%} of a {TASK_SECONDS} s batch",
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    for row in rows(parser.parse_args().games):
        print(" | ".join(row))
