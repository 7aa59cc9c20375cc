"""A pnp server as a user runs it: a subprocess on 127.0.0.1 with port 0, known by the first line it prints.

Waits are bounded and generous: tests assert the answer or the event, never the speed.
"""

from __future__ import annotations

import json
import queue
import signal
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from pnp.referee import session

WAIT = 60.0  # seconds: a bound for a slow machine, not a speed target
# One TLS context for every client: a client making its own (and one per proxy the environment names) spends
# some 50 ms of CPU loading the CA bundle, for servers on this machine that speak plain HTTP anyway.
_TLS = ssl.create_default_context()


def http_client(timeout: float = WAIT) -> httpx.Client:
    """An HTTP client for a server on this machine: no proxy from the environment, the shared TLS context."""
    return httpx.Client(timeout=timeout, verify=_TLS, trust_env=False)


def new_record(folder: Path) -> Path:
    """A fresh two-player Hauling Astronauts record in ``folder``."""
    path = folder / "game.pnp"
    session.new(path, "hauling-astronauts", ["ann", "bob"], [], 0, None).save()
    return path


class Served:
    """A running server and the first line it printed (its ``url``, and its ``seats`` where it has any)."""

    def __init__(self, process: subprocess.Popen[str], first: dict) -> None:
        self.process = process
        self.url: str = first["url"]
        self.seats: dict[str, str] = first.get("seats", {})
        self.interrupted = False

    def interrupt(self) -> None:
        """Ctrl-C, once."""
        if not self.interrupted:
            self.process.send_signal(signal.SIGINT)
            self.interrupted = True

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C, then its exit code and the rest of its output."""
        self.interrupt()
        out, err = self.process.communicate(timeout=WAIT)
        return self.process.returncode, out, err


def _first_line(process: subprocess.Popen[str]) -> str:
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        return lines.get(timeout=WAIT)
    except queue.Empty:
        process.kill()
        raise AssertionError(f"no first line after {WAIT} s: {process.communicate()}") from None


@contextmanager
def running(*args: str, example: Path | None = None) -> Iterator[Served]:
    """``pnp ARGS --port 0 --json`` running until the block ends (then killed if still up); with ``example``, the
    catalogues of the guide's example game (the ``example_catalogues`` fixture), that game registered in it too."""
    command = [sys.executable, "-m", "pnp", *args, "--port", "0", "--json"]
    if example is not None:
        from support.games import in_child

        served = f"from pnp.cli.main import main\nsys.argv = {['pnp', *command[3:]]!r}\nmain()\n"
        command = [sys.executable, "-c", in_child(served, example)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = _first_line(process)
        assert line.endswith("\n"), f"the first line is not flushed whole: {line!r} {process.communicate()}"
        yield Served(process, json.loads(line))
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def serving(path: Path, *options: str) -> Iterator[Served]:
    """``pnp ref serve RECORD`` with ``options``, as :func:`running`."""
    return running("ref", "serve", str(path), *options)
