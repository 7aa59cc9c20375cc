"""Hauling Astronauts: two space haulers load transports with dice on a shared 3x3 grid (2 players)."""

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
    rules=rules.HaulingAstronauts,
    kit=components.kit,
    aid=rules_sheet.aid,
    picture=components.picture,
    picture_for_all=lambda setup: True,
    maps=MapSupport(
        model=value(model.HaulingData),
        load=model.load_data,
        check=maps.check_map,
        new=maps.new_map,
        preview=maps.preview,
    ),
    bots=value(bots.BOTS),
    rater=value(bots.RATER),
    variant_data=value(model.VARIANT_DATA),
)
