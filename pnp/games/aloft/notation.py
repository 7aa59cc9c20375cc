"""Aloft's move type and its notation (see docs/notation.md).

``truck 5`` moves the truck under column 5; ``inflate RW 3`` puts balloon RW on the truck
under column 3; ``launch RW``; ``ascend RW``. Columns are numbered from 1 in the text and
from 0 inside. Colour cards are the referee's secrets: ``secret colours B,R``.
"""

from __future__ import annotations

from typing import NamedTuple

from pnp.errors import NotationError
from pnp.referee import notation
from pnp.referee.protocol import Move

_WORDS = {"truck": 2, "inflate": 3, "launch": 2, "ascend": 2}


class AloftMove(NamedTuple):
    """``action`` is truck, inflate, launch or ascend; ``column`` is 0-based."""

    action: str
    balloon: str = ""
    column: int = -1


def parse_move(text: str) -> AloftMove:
    """Read one of the four actions."""
    words = text.split()
    if not words or _WORDS.get(words[0]) != len(words):
        raise NotationError(
            f"cannot read {text!r}: expected 'truck COLUMN', 'inflate BALLOON COLUMN', "
            "'launch BALLOON' or 'ascend BALLOON'"
        )
    action = words[0]
    if action == "truck":
        return AloftMove(action, column=_column(words[1], text))
    if action == "inflate":
        return AloftMove(action, words[1], _column(words[2], text))
    return AloftMove(action, words[1])


def format_move(move: Move) -> str:
    """Write an Aloft move as ``parse_move`` reads it."""
    if not isinstance(move, AloftMove):
        raise NotationError(f"{move!r} is not an Aloft move")
    if move.action == "truck":
        return f"truck {move.column + 1}"
    if move.action == "inflate":
        return f"inflate {move.balloon} {move.column + 1}"
    return f"{move.action} {move.balloon}"


def _column(word: str, text: str) -> int:
    return notation.number(word, "a column number (1, 2, ...)", text) - 1
