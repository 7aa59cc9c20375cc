"""Updraft: the example game of docs/adding-a-game.md (tested as a registered game, not shipped)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind, MapSupport, Traits, submodules, value

if TYPE_CHECKING:
    from . import bots, components, maps, model, rules, rules_sheet
else:
    bots, components, maps, model, rules, rules_sheet = submodules(
        __name__, "bots", "components", "maps", "model", "rules", "rules_sheet"
    )

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
    rules=rules.Updraft,
    kit=components.kit,
    art=value(components.ART_KEYS),
    aid=rules_sheet.aid,
    picture=components.picture,
    maps=MapSupport(
        model=value(model.Column),
        load=model.load_map,
        check=maps.check,
        new=maps.new,
        preview=components.preview,
    ),
    bots=value(bots.BOTS),
    rater=value(bots.RATER),
)
