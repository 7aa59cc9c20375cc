"""What the Air King state and its actions share: phases, markers, card indexes and the session's rules."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.air_king.field import Field
from pnp.games.air_king.model import CARD_TYPES, AirKingData
from pnp.games.air_king.moves import MoveTable

SLOT = "goal"
GOALS, DEAL, DRAW, ACT, DISCARD, FINAL, OVER = range(7)
WAITING, LANDED = -1, -2  # aircraft positions off the field
STORM = -1  # a Storm card on a space (aircraft are 1..10 there, 0 is empty)
EXTRA, DIAGONAL, STORM_CARD, CLEAR, HOLD, PASS = (CARD_TYPES.index(t) for t in CARD_TYPES)


@dataclass(frozen=True)
class Rules:
    """What every state of one session shares: data, field geometry, ready-made moves, the round limit."""

    data: AirKingData
    field: Field
    table: MoveTable
    home: tuple[int, ...]  # home airport (0 or 1) of each aircraft
    goal_masks: tuple[int, ...]  # bit a set for aircraft a on each goal card
    rounds: int


def counts_text(counts: list[int]) -> str:
    """Card counts by type as words, e.g. '2 storm, 1 pass'."""
    return ", ".join(f"{n} {t}" for t, n in zip(CARD_TYPES, counts) if n) or "nothing"
