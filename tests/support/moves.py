"""Listed moves checked once each (a game lists the same moves turn after turn), and the offered moves a real table
can make."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

from pnp.referee import notation
from pnp.referee.protocol import Move
from pnp.referee.session import Session

M = TypeVar("M", bound=Hashable)


def unseen(moves: Iterable[M], seen: set[M]) -> list[M]:
    """The moves of ``moves`` not in ``seen``, which then holds them too.

    A check that depends on the move alone (its notation's round trip) holds for a move listed again as it
    held the first time, so a playout makes it once per distinct move, not once per turn the move is listed.
    """
    new = [move for move in moves if move not in seen]
    seen.update(new)
    return new


def playable(current: Session, seat: str | None = None) -> list[Move]:
    """The inputs offered to ``seat`` (the seat to move by default) that a real table can make: a screen offers
    every card it cannot see, so a card all in other hands as if still in the deck (``State.odds``), and nobody
    draws that one."""
    undrawable = _undrawable(current)
    return [
        move for move in current.offered(current.state.to_move() if seat is None else seat) if move not in undrawable
    ]


def playable_texts(current: Session, texts: Iterable[str]) -> list[str]:
    """The inputs of ``texts`` (as a page or ``pnp ref moves`` lists them) that a real table can make (see
    :func:`playable`)."""
    undrawable = {notation.format(current.game, move) for move in _undrawable(current)}
    return [text for text in texts if text not in undrawable]


def _undrawable(current: Session) -> set[Move]:
    """The chance outcomes a screen offers that cannot happen: those the deck does not hold."""
    return set(current.state.odds(None)) - set(current.state.chance())
