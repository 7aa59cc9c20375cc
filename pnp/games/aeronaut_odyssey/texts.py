"""Aeronaut Odyssey's catalogue entries whose English is in its code: the balloon types', the bonuses', the
board sizes' and the trajectory rewards' words (the registry declares them as the game's ``texts``)."""

from __future__ import annotations

from typing import get_args, get_type_hints

from pnp.games.aeronaut_odyssey.draw import BONUSES
from pnp.games.aeronaut_odyssey.model import TYPES, Size, Trajectory
from pnp.texts import Entry


def data_texts(data: None = None) -> dict[str, Entry]:
    """The catalogue entries whose English is in the game's code: the balloon types', the bonuses', the board
    sizes' and the trajectory rewards' words (``data`` is always None: the game has no data a variant changes)."""
    entries = {f"type.{kind}": Entry(kind, "a balloon type's name, in the board's legend") for kind in TYPES}
    entries |= {f"bonus.{name}": Entry(words, "what a bonus space gives") for name, (_, words) in BONUSES.items()}
    entries |= {f"size.{size}": Entry(size, "a board size") for size in get_args(Size)}
    rewards = get_args(get_type_hints(Trajectory)["reward"])
    entries |= {  # a reward kind is named in the plural: "points", one of them "point"
        f"reward.{kind}": Entry(f"{{value}} {{value:{kind.removesuffix('s')}|{kind}}}", "what a trajectory gives")
        for kind in rewards
    }
    return entries
