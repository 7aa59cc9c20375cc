"""Where simulated games run: this machine's processes, or a Dask cluster.

An engine takes a list of jobs (a run's settings and a game's index) and yields each finished
game with its job's position, in whatever order they finish. A game's randomness comes from its
settings and index alone, so every engine gives the same games; callers put them in order.

Dask (``pip install 'pnp[cluster]'``) is imported only when chosen: without a scheduler address it
starts a local cluster of ``workers`` processes, with one it joins that cluster, whose workers must
have the same pnp installed.
"""

from __future__ import annotations

import logging
import multiprocessing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.sim import GameResult, SimConfig

Job = tuple["SimConfig", int]
Done = tuple[int, "GameResult"]  # a job's position in the list, and its game
ENGINES = ("local", "dask")
CONNECT_TIMEOUT = "10s"  # to reach a named scheduler
BATCHES_PER_WORKER = 8  # jobs go out in batches: few enough to keep overhead low, enough to share the work


@dataclass(frozen=True)
class Engine:
    """How to run the games: ``local`` over ``workers`` processes, or ``dask`` (at ``scheduler``, if given)."""

    kind: Literal["local", "dask"] = "local"
    workers: int = 1
    scheduler: str | None = None

    def check(self) -> None:
        """Refuse settings that cannot run, before any game is played."""
        if self.kind not in ENGINES:
            raise PnpError(f"unknown engine {self.kind!r} (engines: {', '.join(ENGINES)})")
        if self.workers < 1:
            raise PnpError("--workers must be at least 1")
        if self.scheduler is not None and self.kind != "dask":
            raise PnpError("--scheduler needs --engine dask")


def play_jobs(jobs: Sequence[Job], engine: Engine) -> Iterator[Done]:
    """Play every job on ``engine``, yielding each game as it finishes (not in order)."""
    engine.check()
    if not jobs:  # a sweep resumed with every game done: no pool or cluster to start
        return
    if engine.kind == "dask":  # workers elsewhere cannot read this machine's files: send map files as text
        jobs = _with_map_text(jobs)
    batches = [([jobs[p] for p in positions], positions) for positions in _batches(len(jobs), engine.workers)]
    if engine.kind == "dask":
        yield from _dask(batches, engine)
    elif engine.workers == 1:
        for batch in batches:
            yield from play_batch(batch)
    else:
        with multiprocessing.get_context("spawn").Pool(engine.workers) as pool:
            for done in pool.imap_unordered(play_batch, batches):
                yield from done


def _with_map_text(jobs: Sequence[Job]) -> list[Job]:
    """``jobs`` with each run's map file read into its settings as text (read once per run)."""
    from dataclasses import replace

    from pnp.files import read_text
    from pnp.loader import MAX_YAML_BYTES

    sent: dict[int, SimConfig] = {}
    for config, _ in jobs:
        if id(config) not in sent and config.map_path is not None:
            text = read_text(config.map_path, MAX_YAML_BYTES)
            sent[id(config)] = replace(config, map_path=None, map_text=text)
    return [(sent.get(id(config), config), index) for config, index in jobs]


Batch = tuple[list[Job], range]  # some jobs, and their positions in the whole list


def _batches(count: int, workers: int) -> list[range]:
    size = max(1, min(64, count // (workers * BATCHES_PER_WORKER)))
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def play_batch(batch: Batch) -> list[Done]:
    """Play one batch where it was sent."""
    from pnp.sim import play_one

    jobs, positions = batch
    return [(p, play_one(*job)) for p, job in zip(positions, jobs)]


def _dask(batches: list[Batch], engine: Engine) -> Iterator[Done]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PnpError("the dask engine needs Dask: pip install 'pnp[cluster]'") from None
    if engine.scheduler is None:
        cluster = LocalCluster(
            n_workers=engine.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,  # a worker shutting down is no news for the user
        )
        client = Client(cluster)
    else:
        cluster = None
        try:
            client = Client(engine.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise PnpError(
                f"cannot reach the Dask scheduler at {engine.scheduler}: {' '.join(str(exc).split())}"
            ) from None
    try:
        futures = [client.submit(play_batch, batch, pure=False) for batch in batches]
        for future in as_completed(futures):
            yield from future.result()
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
