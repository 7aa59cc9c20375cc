"""Hauling Astronauts: two space haulers load transports with dice on a shared 3x3 grid (2 players)."""

from __future__ import annotations

from pnp.games.spec import GameSpec, lazy_call, lazy_value

HOME = "pnp.games.hauling_astronauts"

SPEC = GameSpec(
    name="hauling-astronauts",
    title="Hauling Astronauts",
    rules=lazy_call(f"{HOME}.rules:HaulingAstronauts"),
    kit=lazy_call(f"{HOME}.components:kit"),
    picture=lazy_call(f"{HOME}.components:picture"),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
)
