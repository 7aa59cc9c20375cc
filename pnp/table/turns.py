"""A seat's inputs: a move or a takeback, checked and written under the record's lock, as the CLI does.

Each refusal is a :class:`Refused` with its HTTP status and one line; the record is then unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.errors import PnpError
from pnp.referee import record, session
from pnp.referee.session import Session


class Refused(Exception):
    """An input refused with an HTTP ``status`` and one line; ``version`` is the record's, for a stale one."""

    def __init__(self, status: int, message: str, version: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.version = version


def play(path: Path, seat: str, move: str, version: str) -> str:
    """Play ``move`` for ``seat`` if the record is at ``version`` and it is ``seat``'s turn; the new version."""
    with record.locked(path):
        current = current_at(path, version)
        to_move = current.state.to_move()
        if to_move is not None and to_move != seat:
            raise Refused(403, f"it is {to_move}'s turn, not {seat}'s")
        _refusing(current.play, move)
        current.save()
    return current.last_hash


def undo(path: Path, seat: str, version: str) -> str:
    """Take back the last effective move if it is ``seat``'s own; the new version."""
    with record.locked(path):
        current = current_at(path, version)
        if current.played and current.played[-1][0] != seat:
            owner = current.played[-1][0]
            raise Refused(403, f"the last move is {owner}'s: only {owner} can take it back")
        _refusing(current.undo)
        current.save()
    return current.last_hash


def current_at(path: Path, version: str) -> Session:
    """The record at ``path``, if it is still at ``version``: else a 409 naming the version it is at."""
    current = session.load(path)
    if version != current.last_hash:
        raise Refused(409, "the game has moved on since this page was drawn: look again", current.last_hash)
    return current


def _refusing(action: Callable[..., str], *args: str) -> None:
    """Run the session's own check; a refusal (the rules, the notation, a key file) becomes a 422."""
    try:
        action(*args)
    except PnpError as exc:
        raise Refused(422, str(exc)) from None
