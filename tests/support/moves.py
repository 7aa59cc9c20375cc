"""Listed moves checked once each: a game lists the same moves turn after turn."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

M = TypeVar("M", bound=Hashable)


def unseen(moves: Iterable[M], seen: set[M]) -> list[M]:
    """The moves of ``moves`` not in ``seen``, which then holds them too.

    A check that depends on the move alone (its notation's round trip) holds for a move listed again as it
    held the first time, so a playout makes it once per distinct move, not once per turn the move is listed.
    """
    new = [move for move in moves if move not in seen]
    seen.update(new)
    return new
