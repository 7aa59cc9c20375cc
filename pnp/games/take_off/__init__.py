"""Take Off! World Edition: race a fleet of jets westward round the world (2-6 players)."""

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


def _rules() -> Game:
    from pnp.games.take_off.rules import TakeOff

    return TakeOff()


def _kit(request: KitRequest) -> Kit:
    from pnp.games.take_off.components import kit

    return kit(request)


def _picture(state: State, viewer: str | None) -> Drawing:
    from pnp.games.take_off.components import picture

    return picture(state, viewer)


def _bots() -> Mapping[str, BotFactory]:
    from pnp.games.take_off.bots import BOTS

    return BOTS


def _model() -> type:
    from pnp.games.take_off.model import TakeOffMap

    return TakeOffMap


def _default_map() -> Path:
    from pnp.games.take_off.model import default_map_path

    return default_map_path()


def _load(path: Path) -> Loaded[Any]:
    from pnp.games.take_off.model import load_map

    return load_map(path)


def _check(loaded: Loaded[Any]) -> list[Finding]:
    from pnp.games.take_off.maps import check_map

    return check_map(loaded)


def _new(seed: int | None) -> str:
    from pnp.games.take_off.maps import new_map

    return new_map(seed)


def _preview(loaded: Loaded[Any]) -> Drawing:
    from pnp.games.take_off.maps import preview

    return preview(loaded)


SPEC = GameSpec(
    name="take-off",
    title="Take Off! World Edition",
    rules=_rules,
    kit=_kit,
    picture=_picture,
    maps=MapSupport(model=_model, default_map=_default_map, load=_load, check=_check, new=_new, preview=_preview),
    bots=_bots,
)
