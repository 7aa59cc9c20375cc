"""Texts a variant gives for things its own data leaves out (``data.shape.monkey.name`` when its deck has no monkey):
nothing prints them, so they are set aside with a warning, where a key the game never prints is refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pnp.texts import Entry
from pnp.variants.support import DataFile


def data_entries(game: str, data: Any = None) -> dict[str, Entry] | None:
    """The catalogue entries ``game``'s data words (its registry entry's ``texts`` hook), from ``data`` (None: the
    built-in data); None for a game whose data words nothing."""
    from pnp import games  # the registry's games import the variants' checks

    hook = games.get(game).texts
    return None if hook is None else hook(data)


def dropped_texts(
    game: str, support: DataFile, changes: Mapping[str, Any], texts: Mapping[str, str], deck: Path | None
) -> tuple[dict[str, str], dict[str, Entry] | None]:
    """Why each of ``texts`` that words a thing of the built-in data left out by ``changes`` (the variant's keys) is
    not used, by key; and the entries the data as ``changes`` has it words (None: the game's data words nothing, or
    there are no texts to check against them)."""
    if not texts:
        return {}, None
    builtin = support.builtin().value
    before = data_entries(game)
    after = data_entries(game, dataclasses.replace(builtin, **changes)) if changes else before
    if before is None or after is None:
        return {}, after
    dropped = {}
    for key in (key for key in texts if key in before and key not in after):
        by = next((k for k in changes if key not in _words(game, builtin, k, changes[k])), None)
        where = f"its deck ({deck.name})" if deck is not None and by == support.deck else f"its {by}" if by else "it"
        thing = f"{before[key].text!r} ({before[key].about})"
        dropped[key] = f"not used: this variant has no {thing}: {where} leaves it out, so nothing prints this text"
    return dropped, after


def _words(game: str, builtin: Any, key: str, value: Any) -> dict[str, Entry]:
    """The entries the built-in data words with only ``key`` changed to ``value``."""
    return data_entries(game, dataclasses.replace(builtin, **{key: value})) or {}
