"""Updraft's moves and their notation: ``drift``, and ``roll N`` for the face the die shows."""

from __future__ import annotations

from typing import NamedTuple

from pnp.errors import NotationError, quote
from pnp.referee import notation
from pnp.referee.protocol import Move


class UpdraftMove(NamedTuple):
    """``drift`` (climb one, a player's choice) or ``roll`` with the ``face`` the die showed (chance)."""

    verb: str
    face: int = 0


def parse_move(text: str, die: tuple[int, ...]) -> UpdraftMove:
    """Read ``drift`` or ``roll N``, N a face of ``die`` (the session's column says which die)."""
    words = text.split()
    if words == ["drift"]:
        return UpdraftMove("drift")
    if len(words) == 2 and words[0] == "roll":
        face = notation.number(words[1], f"a die face ({min(die)}-{max(die)})", text, min(die), max(die))
        if face not in die:
            raise NotationError(f"cannot read {quote(text)}: this column's die has no face {face}")
        return UpdraftMove("roll", face)
    raise NotationError(f"cannot read {quote(text)}: expected 'drift' or 'roll N'")


def format_move(move: Move) -> str:
    """Write a move as ``parse_move`` reads it."""
    if not isinstance(move, UpdraftMove):
        raise NotationError(f"{move!r} is not an Updraft move")
    return "drift" if move.verb == "drift" else f"roll {move.face}"
