"""Aloft: launch a formation of hot-air balloons (2-6 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.spec import GameSpec, Hidden, MapKind, MapSupport, Traits, submodules, value

if TYPE_CHECKING:
    from . import bots, components, maps, model, rules, rules_sheet, texts
else:
    bots, components, maps, model, rules, rules_sheet, texts = submodules(
        __name__, "bots", "components", "maps", "model", "rules", "rules_sheet", "texts"
    )

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
    rules=rules.Aloft,
    kit=components.kit,
    texts=texts.data_texts,
    aid=rules_sheet.aid,
    picture=components.picture,
    maps=MapSupport(
        model=value(model.AloftBoard),
        load=model.load_board,
        check=maps.check_board,
        new=maps.new_board,
        preview=maps.preview,
    ),
    bots=value(bots.BOTS),
    rater=value(bots.RATER),
    variant_data=value(model.VARIANT_DATA),
)
