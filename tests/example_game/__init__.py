"""Updraft: the example game of docs/adding-a-game.md (tested, not registered)."""

from __future__ import annotations

from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "example_game"

SPEC = GameSpec(
    name="updraft",
    title="Updraft",
    summary="Race balloons up a column of air: burn fuel in secret, drift a step or roll the die",
    traits=Traits(
        min_players=2,
        max_players=4,
        chance=frozenset({ChanceKind.DICE}),
        hidden=frozenset({Hidden.SECRETS}),
        simultaneous=True,
        maps=frozenset({MapKind.FIXED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:Updraft"),
    kit=lazy_call(f"{HOME}.components:kit"),
    picture=lazy_call(f"{HOME}.components:picture"),
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:Column"),
        load=lazy_call(f"{HOME}.model:load_map"),
        check=lazy_call(f"{HOME}.maps:check"),
        new=lazy_call(f"{HOME}.maps:new"),
        preview=lazy_call(f"{HOME}.components:preview"),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    rater=lazy_value(f"{HOME}.bots:RATER"),
)
