"""A card size as a variant writes it: a preset name (poker, bridge, tarot, mini, square) or ``W x H`` in mm."""

from __future__ import annotations

import re

from pnp.errors import quote
from pnp.loader import did_you_mean
from pnp.printing.sizes import CARD_SIZES, CardSize

MIN_MM, MAX_MM = 20.0, 180.0  # a card smaller cannot be cut by hand; a larger one leaves no room on A4 for bleed
_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")
WORDS = f"{', '.join(CARD_SIZES)}, or W x H in mm (e.g. 60 x 90), each side {MIN_MM:g} to {MAX_MM:g} mm"


def card_size(text: str) -> CardSize:
    """The size ``text`` names; a ValueError in words (the nearest allowed value named) if it names none."""
    if text in CARD_SIZES:
        return CARD_SIZES[text]
    match = _CUSTOM.match(text)
    if not match:
        raise ValueError(f"unknown card size {quote(text)}{did_you_mean(text, CARD_SIZES)} (known: {WORDS})")
    width, height = float(match.group(1)), float(match.group(2))
    for side in (width, height):
        if side < MIN_MM:
            raise ValueError(f"{side:g} mm is less than {MIN_MM:g} mm, the least allowed for a card side")
        if side > MAX_MM:
            raise ValueError(f"{side:g} mm is more than {MAX_MM:g} mm, the most allowed for a card side")
    return CardSize(f"{width:g} x {height:g}", width, height)


class SizedCards:
    """For a game's data holding a ``card_size`` key: the size it names (the game's check has refused others)."""

    card_size: str

    @property
    def card(self) -> CardSize:
        """The printed card size."""
        return card_size(self.card_size)


def card_size_problem(text: str) -> str | None:
    """Why ``text`` names no card size, or None when it names one (for a game's data check)."""
    try:
        card_size(text)
    except ValueError as exc:
        return str(exc)
    return None
