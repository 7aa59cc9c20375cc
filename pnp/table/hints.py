"""The table page's *Suggest a move*: :func:`pnp.sim.hint.suggest` for the seat to move, kept per version."""

from __future__ import annotations

import threading
from typing import Any

from pnp.errors import PnpError
from pnp.memo import Memo
from pnp.referee.session import Session
from pnp.table.turns import Refused, refusing

HINTS_KEPT = 64  # suggestions kept worked out, by (version, seat)


class Hints:
    """The search bot's suggestions for one record, each worked out once, one search at a time."""

    def __init__(self) -> None:
        self._found: Memo[tuple[str, str], dict[str, Any]] = Memo(HINTS_KEPT)
        self._one_at_a_time = threading.Lock()  # a search takes a core: phones asking at once wait their turn

    def hint(self, current: Session, seat: str) -> dict[str, Any]:
        """The suggested move for ``seat``, who must be the player to move (the session's own check), with its
        label."""
        refusing(current.check_turn, seat)
        return self._found.get((current.last_hash, seat), lambda: self._work_out(current))

    def _work_out(self, current: Session) -> dict[str, Any]:
        from pnp.sim.hint import suggest  # the search loads only once a hint is asked for

        with self._one_at_a_time:
            try:
                found = suggest(current)
            except PnpError as exc:
                raise Refused(422, "refused", str(exc)) from None
        return {
            "move": found.move,
            "label": found.label,
            "weighed": found.weighed,
            "choices": found.choices,
            "version": current.last_hash,
        }
