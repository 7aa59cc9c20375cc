"""The table page's *Suggest a move*: :func:`pnp.sim.hint.suggest` for the seat to move, kept per version."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.referee.session import Session
from pnp.table.turns import Refused
from pnp.table.view import remembered

HINTS_KEPT = 64  # suggestions kept worked out, by (record, version, seat), oldest first
_HINTS: dict[tuple[Path, str, str], dict[str, Any]] = {}
_ONE_AT_A_TIME = threading.Lock()  # a search takes a core: phones asking at once wait their turn


def hint(current: Session, seat: str) -> dict[str, Any]:
    """The suggested move for ``seat``, who must be the player to move, with its label."""
    from pnp.sim.hint import suggest  # the search loads only once a hint is asked for

    to_move = current.state.to_move()
    if to_move != seat:
        raise Refused(403, f"it is {to_move or 'nobody'}'s turn, not {seat}'s: hints are for the player to move")

    def work_out() -> dict[str, Any]:
        try:
            found = suggest(current)
        except PnpError as exc:
            raise Refused(422, str(exc)) from None
        return {"move": found.move, "label": found.label, "version": current.last_hash}

    with _ONE_AT_A_TIME:
        return remembered(_HINTS, (current.path, current.last_hash, seat), HINTS_KEPT, work_out)
