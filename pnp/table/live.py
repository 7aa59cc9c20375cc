"""The record's live session: loaded once, extended in memory by each input the server accepts.

Readers get the session of the record's current version and never see it change: an input is
played on a copy, appended to the file (under the record's lock, as the CLI writes it) and only then
becomes the current session. The record is read again only when its last hash is not the one the
server holds, that is when another program (``pnp ref play`` in a terminal) wrote it.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from pnp.files import read_only
from pnp.referee import record, session
from pnp.referee.session import Session
from pnp.table import turns
from pnp.table.turns import Refused

Signature = tuple[int, int, int] | None
TAPS_KEPT = 1024  # the last taps' versions kept: a tap sent again comes within seconds of the first


def signature(path: Path) -> Signature:
    """What ``stat`` says of ``path`` that changes with every write (None: it cannot be looked at)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size, info.st_ino


class Live:
    """One record's session as it is now, and the one way the server writes it."""

    def __init__(self, current: Session) -> None:
        self.path = current.path
        self._session = current
        self._seen = signature(self.path)
        self.written: tuple[Signature, str] | None = None  # stat of the file just after the last save, and its version
        self._lock = threading.Lock()  # one writer (or reloader) at a time in this server
        self._taps: OrderedDict[tuple[str, str], str] = OrderedDict()  # (seat, tap) -> the version it made

    @property
    def read_only(self) -> bool:
        """Whether the record file is marked read-only: then it is shown but never written."""
        return read_only(self.path)

    def now(self) -> Session:
        """The session at the record's current version, read again only if another program wrote it."""
        return self.held() or self._reload()

    def held(self) -> Session | None:
        """The session held, if the file is still as the server last saw it (None: it may have to be read again)."""
        return self._session if signature(self.path) == self._seen else None

    def _reload(self) -> Session:
        with self._lock:
            return self._reloaded()

    def at(self, version: str) -> Session:
        """The session now, if it is still at ``version`` (the one the page shows): else a 409."""
        current = self.now()
        if current.last_hash != version:
            raise turns.stale(current.last_hash)
        return current

    def play(self, seat: str, move: str, version: str, tap: str = "") -> str:
        """Play ``move`` for ``seat`` on the page's ``version``; the new version once written. A ``tap`` played
        already (its answer lost, the page asks again) is not played twice: the version it made is returned."""

        def extend(current: Session) -> None:
            turns.refusing(current.play, move, seat)

        return self._write(version, extend, (seat, tap) if tap else None)

    def undo(self, seat: str, version: str, tap: str = "") -> str:
        """Take back ``seat``'s own last move on the page's ``version``; the new version once written (``tap``:
        as for :meth:`play`)."""

        def extend(current: Session) -> None:
            turns.check_undo(current, seat)
            turns.refusing(current.undo)

        return self._write(version, extend, (seat, tap) if tap else None)

    def _write(self, version: str, extend: Callable[[Session], None], tap: tuple[str, str] | None) -> str:
        """Apply ``extend`` to a copy of the session at ``version`` and write it; it is current only once saved."""
        with self._lock, record.locked(self.path):
            if tap is not None and tap in self._taps:
                return self._taps[tap]
            current = self._reloaded()
            if current.last_hash != version:
                raise turns.stale(current.last_hash)
            if self.read_only:
                raise Refused(403, "read_only", key="table.line.read_only")
            extended = _copy(current)
            extend(extended)
            extended.save()  # a failure (the disk is full) leaves the file and the current session as they were
            self._session, self._seen = extended, signature(self.path)
            self.written = (self._seen, extended.last_hash)
            if tap is not None:
                self._taps[tap] = extended.last_hash
                if len(self._taps) > TAPS_KEPT:
                    self._taps.popitem(last=False)
        return extended.last_hash

    def _reloaded(self) -> Session:
        """The session, read again if the file's last hash is not the one held. Call it holding the lock."""
        seen = signature(self.path)
        if seen != self._seen:
            last_hash = record.parse(self.path)[1]
            if last_hash != self._session.last_hash:
                self._session = session.load(self.path)
            self._seen = seen
        return self._session


def _copy(current: Session) -> Session:
    """A copy of ``current`` that an input may extend while other threads still read ``current``."""
    return dataclasses.replace(
        current,
        state=current.state.clone(),
        played=list(current.played),
        commitments=dict(current.commitments),
        snapshots=list(current.snapshots),  # an undo takes its state out of the list whole; nothing mutates one
    )
