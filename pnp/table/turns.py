"""A seat's inputs: who may play or take back now, and the refusals the page is answered with.

Each refusal is a :class:`Refused` with its HTTP status, its kind (see docs/table.md) and one line.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.errors import PnpError
from pnp.referee.session import Session


class Refused(Exception):
    """An input refused with an HTTP ``status``, a ``kind`` and one line; ``version`` is the record's, when stale."""

    def __init__(self, status: int, kind: str, message: str, version: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message
        self.version = version


def stale(version: str) -> Refused:
    """The page shows an older version than ``version``, the record's."""
    return Refused(409, "stale", "the game has moved on since this page was drawn: look again", version)


def check_play(current: Session, seat: str) -> None:
    """Refuse a move from ``seat`` when another player is to move."""
    to_move = current.state.to_move()
    if to_move is not None and to_move != seat:
        raise Refused(403, "turn", f"it is {to_move}'s turn, not {seat}'s")


def check_undo(current: Session, seat: str) -> None:
    """Refuse a takeback from ``seat`` when the last move is another's."""
    if current.played and current.played[-1][0] != seat:
        owner = current.played[-1][0]
        raise Refused(403, "turn", f"the last move is {owner}'s: only {owner} can take it back")


def refusing(action: Callable[..., str], *args: str) -> None:
    """Run the session's own check; a refusal (the rules, the notation, a key file) becomes a 422."""
    try:
        action(*args)
    except PnpError as exc:
        raise Refused(422, "refused", str(exc)) from None
