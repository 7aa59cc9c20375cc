"""Air King: guide your secret four aircraft from one airport to the other (2-4 players)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.games.spec import BotFactory, Finding, GameSpec, KitRequest, MapSupport

if TYPE_CHECKING:
    from pnp.loader import Loaded
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.referee.protocol import Game, State
from pnp.resources import board_file


def _rules() -> Game:
    from pnp.games.air_king.rules import AirKing

    return AirKing()


def _kit(request: KitRequest) -> Kit:
    from pnp.games.air_king.components import kit

    return kit(request)


def _picture(state: State, viewer: str | None) -> Drawing:
    from pnp.games.air_king.components import picture

    return picture(state, viewer)  # type: ignore[arg-type]


def _bots() -> Mapping[str, BotFactory]:
    from pnp.games.air_king.bots import BOTS

    return BOTS


def _model() -> type:
    from pnp.games.air_king.model import AirKingField

    return AirKingField


def _load(path: Path) -> Loaded[Any]:
    from pnp.games.air_king.model import load_field

    return load_field(path)


def _check(loaded: Loaded[Any]) -> list[Finding]:
    from pnp.games.air_king.maps import check_field

    return check_field(loaded)


def _new(seed: int | None) -> str:
    from pnp.games.air_king.maps import new_field

    return new_field(seed)


def _preview(loaded: Loaded[Any]) -> Drawing:
    from pnp.games.air_king.maps import preview_field

    return preview_field(loaded)


MAPS = MapSupport(
    model=_model,
    default_map=lambda: board_file("air-king.yaml"),
    load=_load,
    check=_check,
    new=_new,
    preview=_preview,
)

SPEC = GameSpec(
    name="air-king", title="Air King", rules=_rules, kit=_kit, picture=_picture, maps=MAPS, bots=_bots
)
