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

from pnp.errors import PnpError
from pnp.files import read_only
from pnp.referee import keys, notation, record, rounds, secrets, session
from pnp.referee.protocol import Commit, Reveal, Secret
from pnp.referee.session import Session
from pnp.table import turns
from pnp.table.turns import Refused

Signature = tuple[int, int, int] | None
TAPS_KEPT = 1024  # the last taps' versions kept: a tap sent again comes within seconds of the first
Entered = Callable[[Session, str], bool]  # whether a record's event is the input a tap asked for


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

        def entered(current: Session, event: str) -> bool:
            return _entered(current, seat, move, event)

        return self._write(version, extend, (seat, tap) if tap else None, entered)

    def undo(self, seat: str, version: str, tap: str = "") -> str:
        """Take back ``seat``'s own last move on the page's ``version``; the new version once written (``tap``:
        as for :meth:`play`)."""

        def extend(current: Session) -> None:
            turns.check_undo(current, seat)
            turns.refusing(current.undo)

        return self._write(version, extend, (seat, tap) if tap else None, lambda _, event: event == "undo")

    def _write(
        self, version: str, extend: Callable[[Session], None], tap: tuple[str, str] | None, entered: Entered
    ) -> str:
        """Apply ``extend`` to a copy of the session at ``version`` and write it; it is current only once saved.

        A ``tap`` this server has not seen, on a page past whose ``version`` the record holds the very input it asks
        for (``entered``), was played before the server restarted and its answer lost: the version it made is
        returned, as for a tap seen, rather than a "Not played" for a move the record holds."""
        with self._lock, record.locked(self.path):
            if tap is not None and tap in self._taps:
                return self._taps[tap]
            current = self._reloaded()
            if current.last_hash != version:
                after = record.following(self.path, version) if tap is not None else None
                if tap is None or after is None or not entered(current, after[0]):
                    raise turns.stale(current.last_hash)
                self._remember(tap, after[1])
                return after[1]
            if self.read_only:
                raise Refused(403, "read_only", key="table.line.read_only")
            extended = _copy(current)
            extend(extended)
            extended.save()  # a failure (the disk is full) leaves the file and the current session as they were
            self._session, self._seen = extended, signature(self.path)
            self.written = (self._seen, extended.last_hash)
            if tap is not None:
                self._remember(tap, extended.last_hash)
        return extended.last_hash

    def _remember(self, tap: tuple[str, str], version: str) -> None:
        """Keep the version ``tap`` made, for a page that asks again; the oldest go. Call it holding the lock."""
        self._taps[tap] = version
        if len(self._taps) > TAPS_KEPT:
            self._taps.popitem(last=False)

    def _reloaded(self) -> Session:
        """The session, read again if the file's last hash is not the one held. Call it holding the lock."""
        seen = signature(self.path)
        if seen != self._seen:
            last_hash = record.parse(self.path)[1]
            if last_hash != self._session.last_hash:
                self._session = session.load(self.path)
            self._seen = seen
        return self._session


def _entered(current: Session, seat: str, move: str, event: str) -> bool:
    """Whether the record's ``event`` ("ann: roll 2 3 5") is ``seat`` entering ``move``: the same move; for a secret,
    a commitment to it in the same secret's slot that ``seat``'s key file opens with the value entered."""
    player, _, recorded = event.partition(": ")
    if player != seat:
        return False
    game = current.game
    try:
        asked, made = notation.parse(game, move), notation.parse(game, recorded)
    except PnpError:
        return False
    if isinstance(asked, Secret) and isinstance(made, Commit):
        value = game.read_secret(asked).value
        salt = keys.read_keys(current.path, seat).get(made.slot, ("", ""))[1]
        same_secret = rounds.secret_of(game, made.slot) == rounds.secret_of(game, asked.slot)
        return same_secret and secrets.matches(made.digest, seat, made.slot, value, salt)
    if isinstance(asked, Reveal) and isinstance(made, Reveal):  # the page asks for the reveal; the record has it whole
        return rounds.secret_of(game, made.slot) == rounds.secret_of(game, asked.slot)
    return asked == made


def _copy(current: Session) -> Session:
    """A copy of ``current`` that an input may extend while other threads still read ``current``."""
    return dataclasses.replace(
        current,
        state=current.state.clone(),
        played=list(current.played),
        commitments=dict(current.commitments),
        snapshots=list(current.snapshots),  # an undo takes its state out of the list whole; nothing mutates one
    )
