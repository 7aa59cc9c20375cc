"""Hauling Astronauts: two space haulers load transports with dice on a shared 3x3 grid (2 players)."""

from __future__ import annotations

from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "pnp.games.hauling_astronauts"

SPEC = GameSpec(
    name="hauling-astronauts",
    title="Hauling Astronauts",
    summary="Load dice astronauts onto transports and send them to the best docks",
    traits=Traits(
        min_players=2,
        max_players=2,
        chance=frozenset({ChanceKind.DICE}),
        hidden=frozenset({Hidden.SECRETS}),  # with face-down transports
        maps=frozenset({MapKind.FIXED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:HaulingAstronauts"),
    kit=lazy_call(f"{HOME}.components:kit"),
    aid=lazy_call(f"{HOME}.rules_sheet:aid"),
    picture=lazy_call(f"{HOME}.components:picture"),
    picture_for_all=lambda setup: True,
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:HaulingData"),
        load=lazy_call(f"{HOME}.model:load_data"),
        check=lazy_call(f"{HOME}.maps:check_map"),
        new=lazy_call(f"{HOME}.maps:new_map"),
        preview=lazy_call(f"{HOME}.maps:preview"),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    rater=lazy_value(f"{HOME}.bots:RATER"),
)
