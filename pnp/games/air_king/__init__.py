"""Air King: guide your secret four aircraft from one airport to the other (2-4 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind, MapSupport, Traits, submodules, value

if TYPE_CHECKING:
    from . import bots, components, maps, model, rules, rules_sheet, screen, texts, usage
else:
    bots, components, maps, model, rules, rules_sheet, screen, texts, usage = submodules(
        __name__, "bots", "components", "maps", "model", "rules", "rules_sheet", "screen", "texts", "usage"
    )

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
    rules=rules.AirKing,
    kit=components.kit,
    texts=texts.data_texts,
    art=value(components.ART_KEYS),
    aid=rules_sheet.aid,
    picture=screen.picture,
    picture_for_all=lambda setup: True,
    maps=MapSupport(
        model=value(model.AirKingField),
        load=model.load_field,
        check=maps.check_field,
        new=maps.new_field,
        preview=maps.preview_field,
        knobs=("seed",),
    ),
    bots=value(bots.BOTS),
    rater=value(bots.RATER),
    variant_data=value(model.VARIANT_DATA),
    usage=usage.usage,
)
