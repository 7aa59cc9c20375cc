"""What a game declares about its component data so that a variant file can change it.

A game whose kit reads a ``data/`` file declares it in its registry entry (``GameSpec.variant_data``); a game
without one (its map generated from a seed) takes only a variant's shared sections (language, texts, fonts, art).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.loader import Loaded
from pnp.texts import Catalogue


@dataclass(frozen=True)
class DataFile:
    """A game's component data as a variant may change it.

    ``check`` is the game's own check of the data, raising a located DataError. ``deck`` names the field a
    CSV deck fills (a list of cards, one CSV row each). ``fixed_for_referee`` names the keys the game's
    referee reads from the built-in data whatever a variant says: a variant changing one prints, but is
    refused by ``pnp ref`` and ``pnp sim``. ``names`` builds the names a session reads typed moves by, from the
    data as a catalogue words it (a variant's language and texts), raising a located ``NameClash`` when two things
    would read alike.
    """

    model: type
    builtin: Callable[[], Loaded[Any]]
    check: Callable[[Loaded[Any]], None]
    deck: str | None = None
    fixed_for_referee: frozenset[str] = frozenset()
    names: Callable[[Any, Catalogue], object] | None = None


def data_file(game: str) -> DataFile | None:
    """The data a variant of ``game`` may change (None: only the shared sections), as its registry entry declares."""
    from pnp import games  # the registry's games import the variants' checks

    declared = games.get(game).variant_data
    return None if declared is None else declared()
