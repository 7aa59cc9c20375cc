"""The table page's *Suggest a move*: :func:`pnp.sim.hint.suggest` for the seat to move, kept per version."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.referee import notation
from pnp.referee.session import Session
from pnp.table.turns import Refused

HINTS_KEPT = 64  # suggestions kept worked out, by (record, version, seat), oldest first
_HINTS: dict[tuple[Path, str, str], dict[str, Any]] = {}
_ONE_AT_A_TIME = threading.Lock()  # a search takes a core: phones asking at once wait their turn


def hint(current: Session, seat: str) -> dict[str, Any]:
    """The suggested move for ``seat``, who must be the player to move, with its label."""
    from pnp.sim.hint import suggest  # the search loads only once a hint is asked for

    to_move = current.state.to_move()
    if to_move != seat:
        raise Refused(403, f"it is {to_move or 'nobody'}'s turn, not {seat}'s: hints are for the player to move")
    key = (current.path, current.last_hash, seat)
    with _ONE_AT_A_TIME:
        if key not in _HINTS:
            try:
                move = suggest(current, seat)
            except PnpError as exc:
                raise Refused(422, str(exc)) from None
            if len(_HINTS) >= HINTS_KEPT:
                del _HINTS[next(iter(_HINTS))]
            text = notation.format(current.game, move)
            _HINTS[key] = {"move": text, "label": current.game.label(move) or text, "version": current.last_hash}
    return _HINTS[key]
