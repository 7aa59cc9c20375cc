"""A hint for the seat to move: the search bot's pick among that player's choices.

The bot sees what the seat's own page sees: the state (which never holds another player's
unrevealed secret; what it shows only its owner, such as a hand, the search re-deals) and the
seat's own secrets. It is seeded by the moves so far as this seat's log shows them, so the same
position always gets the same hint and nothing hidden from the seat sways it; its work per hint
is bounded by the search's iterations, not by a clock. Chance entries (what the dice or the deck decide),
secrets and reveals are the table's to enter, never hinted.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from pnp.referee import notation
from pnp.referee.protocol import Move, Reveal, Secret
from pnp.referee.session import Session
from pnp.table.turns import Refused
from pnp.table.view import log_text

BOT = "ismcts"
HINTS_KEPT = 64  # hints kept worked out, by (record, version, seat), oldest first
_HINTS: dict[tuple[Path, str, str], dict[str, Any]] = {}
_ONE_AT_A_TIME = threading.Lock()  # a search takes a core: phones asking at once wait their turn


def hint(current: Session, seat: str) -> dict[str, Any]:
    """The suggested move for ``seat``, who must be the player to move, with its label."""
    state = current.state
    if state.to_move() != seat:
        raise Refused(403, f"it is {state.to_move() or 'nobody'}'s turn, not {seat}'s: hints are for the player to move")
    key = (current.path, current.last_hash, seat)
    with _ONE_AT_A_TIME:
        if key not in _HINTS:
            if len(_HINTS) >= HINTS_KEPT:
                del _HINTS[next(iter(_HINTS))]
            move = _search(current, seat, _choices(current))
            _HINTS[key] = {
                "move": notation.format(current.game, move),
                "label": current.game.label(move) or notation.format(current.game, move),
                "version": current.last_hash,
            }
    return _HINTS[key]


def _choices(current: Session) -> list[Move]:
    """The moves a player decides now: neither chance, nor a secret, nor a reveal."""
    chance = current.state.chance()
    choices = [
        move
        for move in current.state.legal_moves()
        if move not in chance and not isinstance(move, (Secret, Reveal))
    ]
    if not choices:
        raise Refused(422, "nothing to decide now: enter what the dice, the cards or your secrets say")
    return choices


def _search(current: Session, seat: str, choices: list[Move]) -> Move:
    if len(choices) == 1:
        return choices[0]
    from pnp.sim import bot_factories  # the search is loaded only when a hint is asked for

    seen = "\n".join(log_text(current.game, player, move, seat) for player, move in current.played)
    bot = bot_factories(current.spec.name)[BOT](random.Random(f"hint:{seat}:{seen}"))
    return bot(current.state.clone(), choices, current.own_secrets(seat))
