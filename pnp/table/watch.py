"""Noticing every change to a record, from the page or the CLI, and telling each open event stream.

The file is looked at every ``INTERVAL`` seconds (one ``stat``; it is read only when that changes),
and at once after the server itself writes it. A change is a new last hash: one event each.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path

from pnp.errors import PnpError
from pnp.referee import record

INTERVAL = 0.1  # seconds between looks at the file
KEEP_ALIVE = 15.0  # seconds of quiet before a comment line keeps a stream open


class RecordWatch:
    """The record's version (its last hash) and the event streams waiting for the next one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.closing = False  # set by close(), which a signal handler may call: a plain flag
        self._seen = self._signature()
        self.version = record.parse(path)[1]
        self._streams: set[asyncio.Queue[str | None]] = set()

    def _signature(self) -> tuple[int, int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_mtime_ns, info.st_size, info.st_ino

    def check(self) -> None:
        """Look at the file now; if its last hash changed, tell every stream."""
        seen = self._signature()
        if seen == self._seen:
            return
        self._seen = seen
        try:
            version = record.parse(self.path)[1]
        except PnpError:  # missing or damaged: the next good version is announced
            return
        if version != self.version:
            self.version = version
            for queue in self._streams:
                queue.put_nowait(version)

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
        """Server-Sent Events: ``event: change`` with the new version for each change, until closed."""
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._streams.add(queue)
        try:
            yield ": connected\n\n"
            while not self.closing:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                if version is None:
                    break
                yield f"event: change\ndata: {json.dumps({'version': version})}\n\n"
        finally:
            self._streams.discard(queue)
