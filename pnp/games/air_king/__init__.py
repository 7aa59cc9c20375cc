"""Air King: guide your secret four aircraft from one airport to the other (2-4 players)."""

from __future__ import annotations

from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "pnp.games.air_king"

SPEC = GameSpec(
    name="air-king",
    title="Air King",
    summary="Direct the air traffic over an airfield, chasing secret goals",
    traits=Traits(
        min_players=2,
        max_players=4,
        chance=frozenset({ChanceKind.DECK}),
        hidden=frozenset({Hidden.SECRETS, Hidden.PRIVATE_HANDS}),
        maps=frozenset({MapKind.FIXED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:AirKing"),
    kit=lazy_call(f"{HOME}.components:kit"),
    aid=lazy_call(f"{HOME}.rules_sheet:aid"),
    picture=lazy_call(f"{HOME}.screen:picture"),
    picture_for_all=lambda setup: True,
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:AirKingField"),
        load=lazy_call(f"{HOME}.model:load_field"),
        check=lazy_call(f"{HOME}.maps:check_field"),
        new=lazy_call(f"{HOME}.maps:new_field"),
        preview=lazy_call(f"{HOME}.maps:preview_field"),
        knobs=("seed",),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    rater=lazy_value(f"{HOME}.bots:RATER"),
    usage=lazy_call(f"{HOME}.usage:usage"),
)
