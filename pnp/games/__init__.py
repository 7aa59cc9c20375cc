"""The one explicit registry of games. Adding a game: add its package and one line here."""

from __future__ import annotations

from pnp.errors import PnpError
from pnp.games.spec import GameSpec

from pnp.games import aeronaut_odyssey, air_king, aloft, hauling_astronauts, take_off

REGISTRY: dict[str, GameSpec] = {spec.name: spec for spec in (aloft.SPEC, hauling_astronauts.SPEC, aeronaut_odyssey.SPEC, take_off.SPEC, air_king.SPEC)}


def get(name: str) -> GameSpec:
    """The game called ``name``, or a PnpError listing the known names."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise PnpError(f"unknown game {name!r} (known: {', '.join(REGISTRY)})") from None
