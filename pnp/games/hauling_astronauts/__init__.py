"""Hauling Astronauts: two space haulers load transports with dice on a shared 3x3 grid (2 players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping

from pnp.games.spec import BotFactory, GameSpec, KitRequest

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.referee.protocol import Game, State


def _rules() -> Game:
    from pnp.games.hauling_astronauts.rules import HaulingAstronauts

    return HaulingAstronauts()


def _kit(request: KitRequest) -> Kit:
    from pnp.games.hauling_astronauts.components import kit

    return kit(request)


def _picture(state: State, viewer: str | None) -> Drawing:
    from pnp.games.hauling_astronauts.components import picture

    return picture(state, viewer)


def _bots() -> Mapping[str, BotFactory]:
    from pnp.games.hauling_astronauts.bots import BOTS

    return BOTS


SPEC = GameSpec(
    name="hauling-astronauts", title="Hauling Astronauts", rules=_rules, kit=_kit, picture=_picture, bots=_bots
)
