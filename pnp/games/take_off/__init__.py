"""Take Off! World Edition: race a fleet of jets westward round the world (2-6 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.spec import ChanceKind, GameSpec, MapKind, MapSupport, Traits, submodules, value

if TYPE_CHECKING:
    from . import bots, components, maps, model, rules, rules_sheet, texts, usage
else:
    bots, components, maps, model, rules, rules_sheet, texts, usage = submodules(
        __name__, "bots", "components", "maps", "model", "rules", "rules_sheet", "texts", "usage"
    )

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
    rules=rules.TakeOff,
    kit=components.kit,
    texts=texts.data_texts,
    aid=rules_sheet.aid,
    picture=components.picture,
    maps=MapSupport(
        model=value(model.TakeOffMap),
        load=model.load_map,
        check=maps.check_map,
        new=maps.new_map,
        preview=maps.preview,
        knobs=("seed",),
    ),
    bots=value(bots.BOTS),
    rater=value(bots.RATER),
    variant_data=value(model.VARIANT_DATA),
    usage=usage.usage,
)
