"""pnp sim's engines side by side: games per second on 1 and 2 local worker processes and on a Dask
local cluster of 2 workers, for the same run (the figures of all three are identical; only time differs).

The Dask figure includes starting and stopping its local cluster, as `pnp sim --engine dask` does; the
start-up alone is given beside it. On a machine shared with other work the figures move from run to run.

    python benchmarks/sim_speed.py [--games 2000]
"""

from __future__ import annotations

import argparse
import logging
import time

from pnp.sim import SimConfig, run
from pnp.sim.engines import Engine

Row = tuple[str, str, str, str]
GAME, BOTS = "aloft", ("greedy", "random")


def games_per_second(config: SimConfig, engine: Engine) -> float:
    start = time.perf_counter()
    results, _ = run(config, engine)
    assert len(results) == config.games
    return config.games / (time.perf_counter() - start)


def cluster_start_seconds() -> float:
    """Starting and stopping a Dask local cluster of 2 worker processes, with nothing to do."""
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.CRITICAL
        ) as cluster,
        Client(cluster),
    ):
        pass
    return time.perf_counter() - start


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
        start = cluster_start_seconds()
    except ImportError:
        return [*out, (f"{label}, dask 2 workers", "-", "-", "not installed: pip install '.[cluster]'")]
    out.append(
        (
            f"{label}, dask local cluster of 2",
            f"{dask:.0f} games/s",
            f"{one:.0f} games/s 1 worker",
            f"{dask / one:.2f}x (cluster start-up {start:.1f} s included)",
        )
    )
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    for row in rows(parser.parse_args().games):
        print(" | ".join(row))
