"""Where simulated games run: this machine's processes, or a Dask cluster.

An engine takes a list of jobs (a run's settings and a game's index) and yields each finished
game with its job's position, in whatever order they finish. A game's randomness comes from its
settings and index alone, so every engine gives the same games; callers put them in order.

Games go to the workers in batches of about ``TASK_SECONDS`` of work at the pace the last batch was
played: the first batches hold one game each, and each may be at most twice the one before, so cheap
games travel by the hundred and a long search game alone. Each worker has ``IN_FLIGHT`` batches out,
so it never waits for its next one, and a run of a million games is not queued all at once.

A local worker process that dies (killed, out of memory) ends the run with one line at once: the
other workers stop, and what was played so far has been yielded (a sweep's checkpoint keeps it). A main
process that dies (``kill -9``) takes its workers with it: each watches its parent and ends with it.

Dask (``pip install 'pnp[cluster]'``) is imported only when chosen: without a scheduler address it
starts a local cluster of ``workers`` processes, with one it joins that cluster, whose workers must
have the same pnp installed.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Literal

from pnp.errors import PnpError

if TYPE_CHECKING:
    from distributed import LocalCluster

    from pnp.sim import GameResult, SimConfig

Job = tuple["SimConfig", int]
Done = tuple[int, "GameResult"]  # a job's position in the list, and its game
Played = tuple[list[Done], float]  # a batch's games, and the seconds they took where they were played
ENGINES = ("local", "dask")
CONNECT_TIMEOUT = "10s"  # to reach a named scheduler
TASK_SECONDS = 0.5  # the work a batch holds: a hundred times a Dask task's cost, yet short beside a run
IN_FLIGHT = 2  # batches sent to each worker ahead of its results
PARENT_GONE = 3  # a worker's exit code when the main process died before it
WORKER_DIED = "a worker process died (killed, or out of memory?): the run stopped"


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
        yield from _dask(_with_map_text(jobs), engine)
    elif engine.workers == 1:
        from pnp.sim import play_one

        for position, job in enumerate(jobs):
            yield position, play_one(*job)
    else:
        yield from _local(jobs, engine.workers)


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


def batch_size(games: int, seconds: float) -> int:
    """How many games the next batch holds, after a batch of ``games`` took ``seconds``."""
    if seconds <= 0:
        return 2 * games
    return max(1, min(2 * games, round(TASK_SECONDS * games / seconds)))


def _spread(jobs: Sequence[Job], executor: Executor, workers: int) -> Iterator[Done]:
    """Play ``jobs`` on ``executor`` in batches sized by :func:`batch_size`, yielding games as batches return."""
    sent = 0

    def send(size: int) -> set[Future[Played]]:
        nonlocal sent
        start, sent = sent, min(len(jobs), sent + size)
        return {executor.submit(play_batch, list(jobs[start:sent]), range(start, sent))} if start < sent else set()

    out: set[Future[Played]] = set()
    for _ in range(IN_FLIGHT * workers):
        out |= send(1)
    while out:
        finished, out = wait(out, return_when=FIRST_COMPLETED)
        for future in finished:
            games, seconds = future.result()
            yield from games
            out |= send(batch_size(len(games), seconds))


def play_batch(jobs: list[Job], positions: range) -> Played:
    """Play one batch where it was sent, timing its games."""
    from pnp.sim import play_one

    start = time.perf_counter()
    games = [(p, play_one(*job)) for p, job in zip(positions, jobs)]
    return games, time.perf_counter() - start


def _local(jobs: Sequence[Job], workers: int) -> Iterator[Done]:
    """Play ``jobs`` over ``workers`` processes of this machine; a worker's death is a one-line error."""
    executor = ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"), initializer=_start_worker)
    try:
        yield from _spread(jobs, executor, workers)
    except BrokenProcessPool:
        raise PnpError(WORKER_DIED) from None
    except BaseException:  # interrupted, a game's error, or the caller stopped early: stop mid-game
        for process in list(executor._processes.values()):  # no public way before Python 3.14
            process.terminate()
        raise
    finally:
        executor.shutdown(cancel_futures=True)


def _start_worker() -> None:
    """In a worker: leave Ctrl-C to the main process, which stops the workers (no traceback from each), and end
    with the main process, however it ends (``kill -9`` too), where it would have played on, orphaned."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), name="pnp-parent-watch", daemon=True).start()


def _exit_with(parent: BaseProcess) -> None:
    """Wait for the ``parent`` process to end, then end this one at once (mid-game: its games are lost anyway).

    The wait is on what spawning left the worker: a pipe only the parent writes to, which closes when it dies
    (a handle to the parent process on Windows), so it costs nothing until then, on every platform."""
    parent.join()
    os._exit(PARENT_GONE)


def local_cluster(workers: int) -> LocalCluster:
    """A Dask cluster of ``workers`` one-thread processes on this machine, without a dashboard."""
    from distributed import LocalCluster

    return LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        # its scheduler's HTTP server (health checks) on any free port: on the usual 8787, taken by another
        # cluster, it would warn on stderr
        scheduler_kwargs={"dashboard_address": ":0"},
        silence_logs=logging.CRITICAL,  # a worker shutting down is no news for the user
    )


def _dask(jobs: Sequence[Job], engine: Engine) -> Iterator[Done]:
    try:
        from distributed import Client, KilledWorker
    except ImportError:
        raise PnpError("the dask engine needs Dask: pip install 'pnp[cluster]'") from None
    if engine.scheduler is None:
        cluster = local_cluster(engine.workers)
        client = Client(cluster)
    else:
        cluster = None
        try:
            client = Client(engine.scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise PnpError(
                f"cannot reach the Dask scheduler at {engine.scheduler}: {' '.join(str(exc).split())}"
            ) from None
    executor = client.get_executor(pure=False)
    try:
        slots = sum(client.nthreads().values())  # the workers' threads when the run starts (one each, locally)
        yield from _spread(jobs, executor, max(1, slots))
    except KilledWorker:
        raise PnpError(f"{WORKER_DIED} (Dask gave up on a batch whose worker died each time it ran)") from None
    finally:
        executor.shutdown(wait=False)  # cancels the batches still out
        client.close()
        if cluster is not None:
            cluster.close()
