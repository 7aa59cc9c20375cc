"""Aeronaut Odyssey: claim routes between cities on a freshly generated map, with pens (2-6 players)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pnp.games.spec import BotFactory, GameSpec, KitRequest, MapSupport

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.referee.protocol import Game, State


def _rules() -> Game:
    from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey

    return AeronautOdyssey()


def _kit(request: KitRequest) -> Kit:
    from pnp.games.aeronaut_odyssey.components import kit

    return kit(request)


def _picture(state: State, viewer: str | None) -> Drawing:
    from pnp.games.aeronaut_odyssey.components import picture

    return picture(state, viewer)  # type: ignore[arg-type]


def _map_hook(name: str) -> Callable[..., Any]:
    """A MapSupport hook that imports ``maps`` only when called."""

    def hook(*args: Any, **kwargs: Any) -> Any:
        from pnp.games.aeronaut_odyssey import maps

        return getattr(maps, name)(*args, **kwargs)

    return hook


def _bots() -> Mapping[str, BotFactory]:
    from pnp.games.aeronaut_odyssey.bots import BOTS

    return BOTS


SPEC = GameSpec(
    name="aeronaut-odyssey",
    title="Aeronaut Odyssey",
    rules=_rules,
    kit=_kit,
    picture=_picture,
    maps=MapSupport(
        model=_map_hook("model"),
        default_map=_map_hook("default_map"),
        load=_map_hook("load"),
        check=_map_hook("check"),
        new=_map_hook("new"),
        preview=_map_hook("preview"),
        knobs=("size", "players", "pages", "ink_friendly", "expansions"),
    ),
    bots=_bots,
)
