"""Take Off! World Edition: race a fleet of jets westward round the world (2-6 players)."""

from __future__ import annotations

from pnp.games.spec import ChanceKind, GameSpec, MapKind, MapSupport, Traits, lazy_call, lazy_value

HOME = "pnp.games.take_off"

SPEC = GameSpec(
    name="take-off",
    title="Take Off! World Edition",
    summary="Race jets around the world with dice, from capital to capital",
    traits=Traits(
        min_players=2,
        max_players=6,
        chance=frozenset({ChanceKind.DICE, ChanceKind.DECK}),
        maps=frozenset({MapKind.FIXED, MapKind.CUSTOM}),
    ),
    rules=lazy_call(f"{HOME}.rules:TakeOff"),
    kit=lazy_call(f"{HOME}.components:kit"),
    aid=lazy_call(f"{HOME}.rules_sheet:aid"),
    picture=lazy_call(f"{HOME}.components:picture"),
    maps=MapSupport(
        model=lazy_value(f"{HOME}.model:TakeOffMap"),
        load=lazy_call(f"{HOME}.model:load_map"),
        check=lazy_call(f"{HOME}.maps:check_map"),
        new=lazy_call(f"{HOME}.maps:new_map"),
        preview=lazy_call(f"{HOME}.maps:preview"),
        knobs=("seed",),
    ),
    bots=lazy_value(f"{HOME}.bots:BOTS"),
    rater=lazy_value(f"{HOME}.bots:RATER"),
    usage=lazy_call(f"{HOME}.usage:usage"),
)
