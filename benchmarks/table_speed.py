"""The table page with a full table: after a move, how soon every open page has the new state.

Per game a real ``pnp ref serve`` on localhost, seven pages (the shared screen and up to six seats,
seats repeated where the game has fewer), each following its event stream and fetching ``/state`` on
each ``change`` as the page does (gzip accepted, its last ETag offered). A seat plays seeded random
moves; each figure is the 95th percentile, over every page and move, of the time from the POST sent to
that page holding the new state's body. Baseline: the first ``/state`` of the same game's empty
session (one state drawn and sent), asked alone, in the same run.
"""

from __future__ import annotations

import gzip
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

from pnp.games import REGISTRY
from pnp.referee import session

ROOT = Path(__file__).resolve().parent.parent  # the server runs this checkout's pnp
PAGES = 7  # the shared screen and six phones
MAX_SEATS = 6
WAIT = 60.0  # seconds: a bound for a stuck server, not a target
RETRIES = 5  # times a page asks for a state that failed (the server before issue 25 failed some under load)

Row = tuple[str, str, str, str]


class _Page:
    """One open page: its event stream read on a thread, and its state fetched on each ``change``."""

    def __init__(self, port: int, api: str) -> None:
        self.api = api
        self.http = HTTPConnection("127.0.0.1", port, timeout=WAIT)
        self.etag = ""
        self.state: dict[str, Any] = {}
        self.arrived: dict[str, float] = {}  # version -> when this page held its state
        self.ready = threading.Condition()  # guards state and arrived, set by the stream's thread
        self.state = self.fetch()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        # HTTP/1.0: the stream comes as plain lines, without chunked framing
        self.sock.sendall(f"GET {api}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        threading.Thread(target=self._follow, daemon=True).start()

    def fetch(self) -> dict[str, Any]:
        """``/state`` as the page asks for it (again after an error, as the page does); the state it then holds."""
        for _ in range(RETRIES):
            headers = {"Accept-Encoding": "gzip", "If-None-Match": self.etag}
            self.http.request("GET", f"{self.api}/state", headers=headers)
            response = self.http.getresponse()
            body = response.read()
            if response.status in (200, 304):
                break
        if response.status == 304:
            return self.state
        assert response.status == 200, body
        self.etag = response.getheader("ETag") or ""
        raw = gzip.decompress(body) if response.getheader("Content-Encoding") == "gzip" else body
        state: dict[str, Any] = json.loads(raw)
        return state

    def _follow(self) -> None:
        event = ""
        with self.sock.makefile("rb") as stream:
            for raw in stream:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:") and event == "change":
                    self._refetch()
                elif not line:
                    event = ""

    def _refetch(self) -> None:
        state = self.fetch()
        now = time.perf_counter()
        with self.ready:
            self.state = state
            self.arrived.setdefault(state["version"], now)
            self.ready.notify_all()

    def holding(self, version: str) -> float:
        """When this page came to hold ``version``'s state (waiting for it if need be)."""
        with self.ready:
            if not self.ready.wait_for(lambda: version in self.arrived, WAIT):
                raise TimeoutError(f"{self.api} never showed version {version}")
            return self.arrived[version]

    def close(self) -> None:
        self.sock.close()
        self.http.close()


def _serve(record: Path) -> tuple[subprocess.Popen[str], int, dict[str, str]]:
    command = [sys.executable, "-m", "pnp", "ref", "serve", str(record), "--port", "0", "--json"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert server.stdout is not None
    urls = json.loads(server.stdout.readline())
    port = int(urls["url"].rsplit(":", 1)[1].strip("/"))
    return server, port, {name: url.split(str(port), 1)[1] for name, url in urls["seats"].items()}


def _baseline(port: int, api: str) -> float:
    """How long the first ``/state`` of ``api`` takes, asked alone: one state drawn and sent."""
    http = HTTPConnection("127.0.0.1", port, timeout=WAIT)
    start = time.perf_counter()
    http.request("GET", f"{api}/state", headers={"Accept-Encoding": "gzip"})
    http.getresponse().read()
    elapsed = time.perf_counter() - start
    http.close()
    return elapsed


def game_row(work: Path, name: str, plays: int) -> Row:
    """Tap to update for ``plays`` moves of ``name`` with seven pages open."""
    game = REGISTRY[name].rules()
    players = [f"p{i}" for i in range(1, min(game.max_players, MAX_SEATS) + 1)]
    record = work / f"table-{name}.pnp"
    session.new(record, name, players, [], 1, None).save()
    server, port, seats = _serve(record)
    try:
        baseline = _baseline(port, "/host")
        apis = ["/host", *seats.values()]
        pages = [_Page(port, apis[i % len(apis)]) for i in range(PAGES)]
        http = HTTPConnection("127.0.0.1", port, timeout=WAIT)
        rng = random.Random(3)
        delays: list[float] = []
        version = pages[0].state["version"]
        for _ in range(plays):
            mover = pages[0].state["to_move"]
            if mover is None:
                break
            moves = next(p for p in pages if p.api == seats[mover]).state["moves"]
            body = json.dumps({"move": rng.choice(moves), "version": version})
            start = time.perf_counter()
            http.request("POST", f"{seats[mover]}/play", body, {"Content-Type": "application/json"})
            answer = json.loads(http.getresponse().read())
            assert answer.get("ok"), answer
            version = answer["version"]
            delays += [page.holding(version) - start for page in pages]
        for page in pages:
            page.close()
        http.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=WAIT)
    p95 = statistics.quantiles(delays, n=20)[-1]
    return (
        f"table tap-to-update {name}, {PAGES} pages",
        f"{p95 * 1000:.0f} ms p95",
        f"{baseline * 1000:.0f} ms first /state, empty session",
        f"median {statistics.median(delays) * 1000:.0f} ms, {len(delays) // PAGES} moves (target p95 <= 100 ms)",
    )


def rows(work: Path, plays: int) -> list[Row]:
    return [game_row(work, name, plays) for name in REGISTRY]


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for row in rows(Path(folder), int(sys.argv[1]) if len(sys.argv) > 1 else 20):
            print(" | ".join(row), flush=True)
