"""Aloft: launch a formation of hot-air balloons (2-6 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping

from pnp.games.spec import BotFactory, GameSpec, KitRequest, MapSupport

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.referee.protocol import Game, State


def _rules() -> Game:
    from pnp.games.aloft.rules import Aloft

    return Aloft()


def _kit(request: KitRequest) -> Kit:
    from pnp.games.aloft.components import kit

    return kit(request)


def _picture(state: State, viewer: str | None) -> Drawing:
    from pnp.games.aloft.components import picture

    return picture(state, viewer)


def _maps() -> MapSupport:
    from pnp.games.aloft import maps, model
    from pnp.resources import board_file

    return MapSupport(
        model=lambda: model.AloftBoard,
        default_map=lambda: board_file("aloft.yaml"),
        load=model.load_board,
        check=maps.check_board,
        new=maps.new_board,
        preview=maps.preview,
    )


def _bots() -> Mapping[str, BotFactory]:
    from pnp.games.aloft.bots import BOTS

    return BOTS


SPEC = GameSpec(name="aloft", title="Aloft", rules=_rules, kit=_kit, picture=_picture, maps=_maps(), bots=_bots)
