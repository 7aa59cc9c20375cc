"""The one explicit registry of games. Adding a game: add its package and one line here."""

from __future__ import annotations

import difflib
from pathlib import Path

from pnp.errors import DataError, PnpError, describe, quote
from pnp.games import aeronaut_odyssey, air_king, aloft, hauling_astronauts, take_off
from pnp.games.spec import GameSpec

REGISTRY: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (aloft.SPEC, hauling_astronauts.SPEC, aeronaut_odyssey.SPEC, take_off.SPEC, air_king.SPEC)
}


def map_file_for(spec: GameSpec, path: Path) -> Path:
    """``path``, once it is known to be a readable map for ``spec``'s game (by its ``game:`` key, if any)."""
    from pnp.loader import peek, read_yaml_text

    if spec.maps is None:
        raise PnpError(f"{spec.title} has no map to replace")
    try:
        text = read_yaml_text(path)  # not UTF-8 or binary: a DataError at line 1, column 1
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the map: {describe(exc)}") from None
    named = peek(text, "game", str(path))
    if named is not None and named[0] != spec.name:
        raise DataError(named[1], "game", f"this is a map for {named[0]}, not {spec.name}")
    return path


def get(name: str) -> GameSpec:
    """The game called ``name``, or a PnpError suggesting the closest known name and listing them all."""
    try:
        return REGISTRY[name]
    except KeyError:
        close = difflib.get_close_matches(name.lower(), REGISTRY, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise PnpError(f"unknown game {quote(name)}{hint} (known: {', '.join(REGISTRY)})") from None
