"""Card trim sizes: the presets a deck can use (kept apart so rules can check sizes without the toolkit)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardSize:
    """A trim size in millimetres."""

    name: str
    width: float
    height: float


POKER = CardSize("poker", 63.5, 88.9)
BRIDGE = CardSize("bridge", 56.0, 88.9)
MINI = CardSize("mini", 44.0, 63.5)
SQUARE = CardSize("square", 63.5, 63.5)
TAROT = CardSize("tarot", 70.0, 120.0)
CARD_SIZES = {size.name: size for size in (POKER, BRIDGE, MINI, SQUARE, TAROT)}
