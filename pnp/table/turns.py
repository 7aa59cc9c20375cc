"""A seat's inputs: who may take back now, and the refusals the page is answered with (whose turn it is
to play, ``Session.play`` checks for every front end).

Each refusal is a :class:`Refused` with its HTTP status, its kind (see docs/table.md) and one line.
"""

from __future__ import annotations

from collections.abc import Callable

from pnp.errors import IllegalMove, PnpError
from pnp.files import WriteError
from pnp.referee.session import TURN, Session


class Refused(Exception):
    """An input refused with an HTTP ``status``, a ``kind`` and one line; ``version`` is the record's, when stale.

    The line is ``message``, else the table catalogue's entry ``key``, worded when the answer is (in the request's
    language: a refusal raised where no request is known)."""

    def __init__(self, status: int, kind: str, message: str = "", version: str | None = None, key: str = "") -> None:
        super().__init__(message or key)
        self.status = status
        self.kind = kind
        self.message = message
        self.version = version
        self.key = key


def stale(version: str) -> Refused:
    """The page shows an older version than ``version``, the record's."""
    return Refused(409, "stale", version=version, key="table.line.stale")


def check_undo(current: Session, seat: str) -> None:
    """Refuse a takeback from ``seat`` when the last move is another's."""
    if current.played and current.played[-1][0] != seat:
        owner = current.played[-1][0]
        raise Refused(403, "turn", current.words("referee.undo.not_yours", owner=owner))


def refusing(action: Callable[..., object], *args: str) -> None:
    """Run the session's own check: playing out of turn becomes a 403, any other refusal (the rules, the
    notation, a key file) a 422.

    A file that cannot be written (a secret's key file on a full disk) is no refusal: it goes on as it is.
    """
    try:
        action(*args)
    except WriteError:
        raise
    except PnpError as exc:
        if isinstance(exc, IllegalMove) and exc.rule == TURN:
            raise Refused(403, "turn", str(exc)) from None
        raise Refused(422, "refused", str(exc)) from None
