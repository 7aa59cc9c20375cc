"""Keeping the table server answering when sockets pile up: a deadline for each request, room for new
connections, and one log line for a flood rather than one per connection.

uvicorn's HTTP/1.1 protocol waits for a request for as long as a client likes, and holds every socket it
accepts: idle sockets could use up the process's file descriptors and freeze every page. Here a
connection sends its whole request within ``REQUEST_TIMEOUT`` seconds of connecting (or of its previous
answer), and when more than the limit are open the one waiting longest for a request is closed first.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from pnp.errors import describe

REQUEST_TIMEOUT = 10.0  # seconds from connecting (or the last answer) to a whole request
FD_RESERVE = 128  # file descriptors left for everything but connections: the record, keys, pages, Python's own
MOST_CONNECTIONS = 1000
FEWEST_CONNECTIONS = 32
FLOOD_EVERY = 60.0  # seconds between two log lines about the same flood
ACCEPT_FAILED = "socket.accept() out of system resource"  # asyncio's message when accept() fails for lack of fds
TOO_BUSY = "Exceeded concurrency limit."  # uvicorn's warning for each request it answers 503
LOG = logging.getLogger("uvicorn.error")


def connection_limit() -> int:
    """How many connections to keep open at most, from this process's limit on open files."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return MOST_CONNECTIONS
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(FEWEST_CONNECTIONS, min(MOST_CONNECTIONS, soft - FD_RESERVE))


class Connections:
    """One server's open connections, and which of them wait for a request, longest waiting first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: set[TableProtocol] = set()
        self.waiting: dict[TableProtocol, None] = {}  # ordered: the longest waiting first

    def opened(self, connection: TableProtocol) -> None:
        """A new connection; past the limit, the longest waiting others are closed to make room."""
        self.open.add(connection)
        self.wait(connection)  # the newest: the last to go
        while len(self.open) > self.limit and len(self.waiting) > 1:
            oldest = next(iter(self.waiting))
            self.closed(oldest)
            oldest.make_room()

    def wait(self, connection: TableProtocol) -> None:
        self.waiting.pop(connection, None)
        self.waiting[connection] = None

    def busy(self, connection: TableProtocol) -> None:
        self.waiting.pop(connection, None)

    def closed(self, connection: TableProtocol) -> None:
        self.open.discard(connection)
        self.waiting.pop(connection, None)


class TableProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request and room kept for new connections."""

    room: ClassVar[Connections]  # bound per server by protocol() (uvicorn's own 'connections' is a set)
    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._expect_request()
        self.room.opened(self)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # a request's head is in
            self.room.busy(self)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):  # and its body
            self._cancel_deadline()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._expect_request()
            if self.conn.their_state is h11.IDLE:
                self.room.wait(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_deadline()
        self.room.closed(self)
        super().connection_lost(exc)

    def make_room(self) -> None:
        """Close this idle connection for a newer one. It stops counting towards uvicorn's limit at once: asyncio
        reports the close on a later turn of the loop, and a request read before then would be answered 503."""
        self.connections.discard(self)
        self.transport.close()

    def _expect_request(self) -> None:
        self._cancel_deadline()
        self.deadline = self.loop.call_later(REQUEST_TIMEOUT, self._too_late)

    def _too_late(self) -> None:
        self.deadline = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.transport.close()

    def _cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None


def protocol(limit: int) -> type[TableProtocol]:
    """The protocol class for one server, which keeps at most ``limit`` connections open when some are idle."""

    class Bound(TableProtocol):
        room = Connections(limit)

    return Bound


class FloodLog(logging.Filter):
    """Lets a message that comes once per connection in a flood through once a minute; others pass."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.last: dict[str, float] = {}

    def due(self, message: str) -> bool:
        """Whether ``message`` may be logged now (and if so, it counts as logged)."""
        now = self.clock()
        if message in self.last and now - self.last[message] < FLOOD_EVERY:
            return False
        self.last[message] = now
        return True

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != TOO_BUSY or self.due(TOO_BUSY)

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's exception handler: running out of file descriptors is one line a minute, not a traceback
        per connection; anything else goes to asyncio's own handler."""
        if context.get("message") != ACCEPT_FAILED:
            loop.default_exception_handler(context)
        elif self.due(ACCEPT_FAILED):
            why = describe(context["exception"]) if isinstance(context.get("exception"), OSError) else "no resources"
            LOG.warning("new connections wait: %s (too many open connections for this process's open-file limit)", why)
