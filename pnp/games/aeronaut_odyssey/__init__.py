"""Aeronaut Odyssey: claim routes between cities on a freshly generated map, with pens (2-6 players)."""

from __future__ import annotations

from pnp.games.spec import GameSpec, Hidden, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "pnp.games.aeronaut_odyssey"

SPEC = GameSpec(
    name="aeronaut-odyssey",
    title="Aeronaut Odyssey",
    summary="Claim air routes between cities on a map drawn for each game",
    traits=Traits(
        min_players=2,
        max_players=6,
        hidden=frozenset({Hidden.PRIVATE_HANDS}),  # with hidden inventories
        maps=frozenset({MapKind.GENERATED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:AeronautOdyssey"),
    kit=lazy_call(f"{HOME}.components:kit"),
    aid=lazy_call(f"{HOME}.rules_sheet:aid"),
    picture=lazy_call(f"{HOME}.components:picture"),
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:AeroMap"),
        load=lazy_call(f"{HOME}.model:load_map"),
        check=lazy_call(f"{HOME}.maps:check"),
        new=lazy_call(f"{HOME}.maps:new"),
        preview=lazy_call(f"{HOME}.components:preview"),
        knobs=("seed", "size", "players", "pages", "ink_friendly", "expansions"),
        build_knobs=("size",),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    seeded=True,
    players_in_kit=True,
    usage=lazy_call(f"{HOME}.usage:usage"),
    # only hidden inventories make one player's picture differ from another's
    picture_for_all=lambda setup: not setup.options.get("hidden_inventories", False),
)
