"""Noticing every change to a record, from the page or the CLI, and telling each open event stream.

The file is looked at every ``INTERVAL`` seconds (one ``stat``; it is read only when that changes),
and at once after the server itself writes it. A change is a new last hash: one ``change`` event each.
A ``beat`` event with the version opens each stream and follows every ``BEAT`` quiet seconds, so a
page can tell a live stream from a dead one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

from pnp.errors import PnpError
from pnp.referee import record
from pnp.table.live import Signature, signature

INTERVAL = 0.1  # seconds between looks at the file
BEAT = 4.0  # seconds of quiet before a beat (the page counts a stream silent for 20 s as dead)


class RecordWatch:
    """The record's version (its last hash) and the event streams waiting for the next one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.closing = False  # set by close(), which a signal handler may call: a plain flag
        self._seen = signature(path)
        self.version = record.parse(path)[1]
        self._streams: set[asyncio.Queue[tuple[str, str] | None]] = set()
        self._announced: list[str] = []  # told again to every stream that opens later

    def check(self, written: tuple[Signature, str] | None = None) -> None:
        """Look at the file now; if its last hash changed, tell every stream.

        ``written``: what ``stat`` said of the file just after this server saved it, and the version saved; while
        the file is still so, that is its version (it is not read again).
        """
        seen = signature(self.path)
        if seen == self._seen:
            return
        self._seen = seen
        if written is not None and written[0] == seen:
            version = written[1]
        else:
            try:
                version = record.parse(self.path)[1]
            except PnpError:  # missing or damaged: the next good version is announced
                return
        if version != self.version:
            self.version = version
            for queue in self._streams:
                queue.put_nowait(("change", version))

    def announce(self, name: str) -> None:
        """Send every stream the event ``name`` with the version now (a game night's "rematch"), and every stream
        that opens from now on: a phone asleep or offline when it happened hears it once it is back."""
        if name not in self._announced:
            self._announced.append(name)
        for queue in self._streams:
            queue.put_nowait((name, self.version))

    def close(self) -> None:
        """Ask every stream to end (within one interval)."""
        self.closing = True

    async def run(self) -> None:
        """Look at the file every interval until closed, then end every stream."""
        while not self.closing:
            self.check()
            await asyncio.sleep(INTERVAL)
        for queue in self._streams:
            queue.put_nowait(None)

    async def stream(self) -> AsyncIterator[str]:
        """Server-Sent Events: a ``beat`` at once and after each quiet ``BEAT``, a ``change`` for each new version."""
        queue: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        self._streams.add(queue)
        try:
            yield _event("beat", self.version)
            for name in self._announced:
                yield _event(name, self.version)
            while not self.closing:
                try:
                    event = await asyncio.wait_for(queue.get(), BEAT)
                except TimeoutError:
                    yield _event("beat", self.version)
                    continue
                if event is None:
                    break
                yield _event(*event)
        finally:
            self._streams.discard(queue)


def _event(name: str, version: str) -> str:
    return f"event: {name}\ndata: {json.dumps({'version': version})}\n\n"
