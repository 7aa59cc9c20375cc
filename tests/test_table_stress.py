"""A full table at full speed: seven pages reading the state while moves come as fast as the API takes them.

For each game a real ``pnp ref serve`` (its thread pool and all) serves seven viewers, each fetching
``/state`` in a loop, while one client posts at least ``INPUTS`` inputs (moves and takebacks, each from
the seat whose input it is) and, every ``CLI_EVERY`` inputs, a terminal's ``pnp ref play`` writes the
record beside the server. No answer may be a 5xx, the server may log no error, and the record replays.
A game that ends early is followed by a new record on a new server. The moves are seeded random choices.
"""

from __future__ import annotations

import random
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest
from support.games import SHIPPED
from support.moves import playable
from support.serve import WAIT, Served, http_client, serving
from test_table_api import OPTIONS, followed

from pnp.games import REGISTRY
from pnp.referee import notation, record, session
from pnp.referee.protocol import Reveal
from pnp.referee.session import Session

INPUTS = 150  # per game
CLI_EVERY = 10  # every tenth input is written by the CLI's way, beside the server
UNDO_SHARE = 0.45  # of inputs that take the last move back: games last long enough to reach INPUTS
VIEWERS = 7  # the shared screen and six phones (seats repeat where the game has fewer)
MAX_FETCHES = 20_000  # a bound on each viewer's loop, whatever happens
PAUSE = 0.05  # seconds between a viewer's fetches: seven viewers still ask some 100 times a second

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stops the server with SIGINT")


class Viewers:
    """``VIEWERS`` threads fetching a state each, in a loop, until stopped; the status of every answer."""

    def __init__(self, served: Served) -> None:
        urls = [served.url + "host/state", *(url + "/state" for url in served.seats.values())]
        self.statuses: Counter[int] = Counter()
        self.failures: list[str] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._fetch, args=(urls[i % len(urls)],)) for i in range(VIEWERS)]
        for thread in self._threads:
            thread.start()

    def _fetch(self, url: str) -> None:
        """Ask as a page does that keeps what it has drawn: a 304 says it is still the state."""
        held = ""
        with http_client() as client:
            for _ in range(MAX_FETCHES):
                if self._stop.wait(PAUSE):
                    return
                response = client.get(url, headers={"If-None-Match": held})
                held = response.headers.get("etag", held)
                with self._lock:
                    self.statuses[response.status_code] += 1
                    if response.status_code >= 500:
                        self.failures.append(response.text)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=WAIT)


def next_input(current: Session, rng: random.Random) -> tuple[str, str]:
    """A seeded random input and the seat that may enter it: a takeback of the last move, or a legal move."""
    if current.played and not isinstance(current.played[-1][1], Reveal) and rng.random() < UNDO_SHARE:
        return current.played[-1][0], "undo"
    seat = current.state.to_move()
    assert seat is not None
    return seat, notation.format(current.game, rng.choice(playable(current, seat)))


def enter_as_the_cli(path: Path, rng: random.Random) -> Session:
    """One input written as ``pnp ref play`` or ``undo`` writes it: under the record's lock, beside the server;
    the session as written."""
    with record.locked(path):
        current = session.load(path)
        if current.state.to_move() is not None:
            _, move = next_input(current, rng)
            current.undo() if move == "undo" else current.play(move)
            current.save()
    return current


def post_inputs(served: Served, path: Path, rng: random.Random, wanted: int) -> Counter[int]:
    """Post inputs until ``wanted`` are in or the game is over; the status of every answer."""
    statuses: Counter[int] = Counter()
    entered = 0
    current: Session | None = None
    with http_client() as client:
        while entered < wanted:
            current = current or session.load(path)  # read again after a 409 or a secret
            if current.state.to_move() is None:
                break
            if entered % CLI_EVERY == CLI_EVERY - 1:
                entered, current = entered + 1, enter_as_the_cli(path, rng)
                continue
            seat, move = next_input(current, rng)
            what, body = ("undo", {}) if move == "undo" else ("play", {"move": move})
            response = client.post(f"{served.seats[seat]}/{what}", json={**body, "version": current.last_hash})
            statuses[response.status_code] += 1
            assert response.status_code < 500, response.text
            entered += response.status_code == 200
            ok = response.status_code == 200
            current = followed(current, seat, move, response.json()["version"]) if ok else None
    return statuses


# The server runs as users run it, a child (``pnp ref serve``), which knows the games pnp ships: not the guide's
# example, registered in this process only (the server's work under load is the same whatever the game).
@pytest.mark.parametrize("name", SHIPPED)
def test_seven_pages_and_the_cli_beside_a_fast_player_get_no_error(tmp_path, name):
    rng = random.Random(7)
    entered = 0
    for seed in range(5):  # a new record each time a game ends before INPUTS
        path = tmp_path / f"game-{seed}.pnp"
        players = ["ann", "bob", "cy"][: REGISTRY[name].rules().min_players]
        session.new(path, name, players, OPTIONS.get(name, []), seed, None).save()
        with serving(path) as served:
            viewers = Viewers(served)
            try:
                posted = post_inputs(served, path, rng, INPUTS - entered)
            finally:
                viewers.stop()
            code, _, err = served.stop()
        assert code == 0
        assert viewers.statuses[200] and set(viewers.statuses) <= {200, 304}, (viewers.statuses, viewers.failures[:3])
        assert set(posted) <= {200, 409}, posted  # 409: the CLI moved first
        assert "Traceback" not in err and "error" not in err.lower(), err[-3000:]
        entered += session.load(path).events  # the record replays
        if entered >= INPUTS:
            return
    raise AssertionError(f"only {entered} inputs in five games")
