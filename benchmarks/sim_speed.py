"""pnp sim's engines side by side: games per second on 1 and 2 local worker processes and on a Dask
local cluster of 2 workers, for the same run (the figures of all three are identical; only time differs),
and what one Dask task costs beside what one game costs.

The Dask figure includes starting and stopping its local cluster, as `pnp sim --engine dask` does; the
start-up alone is given beside it. On a machine shared with other work the figures move from run to run.

    python benchmarks/sim_speed.py [--games 2000]
"""

from __future__ import annotations

import argparse
import logging
import time

from pnp.sim import SimConfig, run
from pnp.sim.engines import TASK_SECONDS, Engine

Row = tuple[str, str, str, str]
GAME, BOTS = "aloft", ("greedy", "random")
EMPTY_TASKS = 2000  # timed one after another on the cluster: their seconds over their count is a task's cost


def games_per_second(config: SimConfig, engine: Engine) -> float:
    start = time.perf_counter()
    results, _ = run(config, engine)
    assert len(results) == config.games
    return config.games / (time.perf_counter() - start)


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
    one = games_per_second(config, Engine())
    label = f"sim {GAME} {games} games"
    out = [(f"{label}, 1 local worker", f"{one:.0f} games/s", "-", "the baseline")]
    two = games_per_second(config, Engine(workers=2))
    out.append((f"{label}, 2 local workers", f"{two:.0f} games/s", f"{one:.0f} games/s 1 worker", f"{two / one:.2f}x"))
    try:
        dask = games_per_second(config, Engine("dask", workers=2))
        start, per_task = cluster_costs()
    except ImportError:
        return [*out, (f"{label}, dask 2 workers", "-", "-", "not installed: pip install '.[cluster]'")]
    game = 1 / one
    return [
        *out,
        (
            f"{label}, dask local cluster of 2",
            f"{dask:.0f} games/s",
            f"{one:.0f} games/s 1 worker",
            f"{dask / one:.2f}x (cluster start-up {start:.1f} s included)",
        ),
        (
            f"dask per-task overhead ({EMPTY_TASKS} empty tasks)",
            f"{per_task * 1000:.2f} ms a task",
            f"{game * 1000:.1f} ms a {GAME} game, 1 worker",
            f"{per_task / game:.0%} of a game; {per_task / TASK_SECONDS:.2%} of a {TASK_SECONDS} s batch",
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    for row in rows(parser.parse_args().games):
        print(" | ".join(row))
