"""Aloft: launch a formation of hot-air balloons (2-6 players)."""

from __future__ import annotations

from pnp.games.spec import GameSpec, Hidden, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "pnp.games.aloft"

SPEC = GameSpec(
    name="aloft",
    title="Aloft",
    summary="Launch hot-air balloons and get your secret colours into the best places",
    traits=Traits(
        min_players=2,
        max_players=6,
        hidden=frozenset({Hidden.SECRETS}),
        maps=frozenset({MapKind.FIXED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:Aloft"),
    kit=lazy_call(f"{HOME}.components:kit"),
    aid=lazy_call(f"{HOME}.rules_sheet:aid"),
    picture=lazy_call(f"{HOME}.components:picture"),
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:AloftBoard"),
        load=lazy_call(f"{HOME}.model:load_board"),
        check=lazy_call(f"{HOME}.maps:check_board"),
        new=lazy_call(f"{HOME}.maps:new_board"),
        preview=lazy_call(f"{HOME}.maps:preview"),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    rater=lazy_value(f"{HOME}.bots:RATER"),
)
