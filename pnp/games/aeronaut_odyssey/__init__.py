"""Aeronaut Odyssey: claim routes between cities on a freshly generated map, with pens (2-6 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.spec import GameSpec, Hidden, MapKind, MapSupport, Traits, submodules, value

if TYPE_CHECKING:
    from . import bots, components, maps, model, rules, rules_sheet, texts, usage
else:
    bots, components, maps, model, rules, rules_sheet, texts, usage = submodules(
        __name__, "bots", "components", "maps", "model", "rules", "rules_sheet", "texts", "usage"
    )

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
    rules=rules.AeronautOdyssey,
    kit=components.kit,
    texts=texts.data_texts,
    aid=rules_sheet.aid,
    picture=components.picture,
    maps=MapSupport(
        model=value(model.AeroMap),
        load=model.load_map,
        check=maps.check,
        new=maps.new,
        preview=components.preview,
        knobs=("seed", "size", "players", "pages", "ink_friendly", "expansions"),
        build_knobs=("size",),
    ),
    bots=value(bots.BOTS),
    seeded=True,
    players_in_kit=True,
    usage=usage.usage,
    # only hidden inventories make one player's picture differ from another's
    picture_for_all=lambda setup: not setup.options.get("hidden_inventories", False),
)
