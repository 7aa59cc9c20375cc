"""Aeronaut Odyssey's map format: the YAML dataclasses and the game's fixed vocabulary.

Positions are in *blocks*: one block is the nominal length of one route space,
and the map is ``width`` x ``height`` blocks with the origin at the top-left.
Two routes between the same two cities form a double route (two lanes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pnp.loader import Loaded, bounded, load_file, pattern
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import board_file

BalloonType = Literal["red", "orange", "yellow", "green", "blue", "purple"]
RouteType = Literal["red", "orange", "yellow", "green", "blue", "purple", "gray", "multi"]
Bonus = Literal["point", "penalty", "balloon", "space", "swap", "jump", "discount", "extra"]
Size = Literal["tiny", "small", "regular", "large", "huge"]

TYPES: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple")
LETTERS: tuple[str, ...] = ("r", "o", "y", "g", "b", "p")  # the notation's letter for each type
WILD = "w"  # a wildcard balloon (Wild Winds)
ORDER = "".join(LETTERS) + WILD  # the letter of each inventory slot: the six types, then the wildcard
EXPANSIONS: tuple[str, ...] = ("trajectories", "wild_winds", "multiroutes", "bonus")
SIZES: tuple[str, ...] = ("tiny", "small", "regular", "large", "huge")
ABILITIES: tuple[str, ...] = ("jump", "discount", "extra")
ROUTE_POINTS: tuple[int, ...] = (0, 1, 2, 3, 5, 7, 9)  # points by route length (index = spaces)
MAX_LENGTH = 6
CAPITAL = "A"
NAME = pattern("^[A-Z]{1,3}$", "a city name: 1 to 3 capital letters (A, BC)")


@dataclass(frozen=True)
class City:
    """A city: its name (capital letters), centre in blocks, and how many travellers may visit it."""

    name: str = field(metadata={"doc": "Capital letters; the capital is always A.", **NAME})
    x: float = field(metadata={"doc": "Centre, blocks from the left edge."})
    y: float = field(metadata={"doc": "Centre, blocks from the top edge."})
    slots: int = field(
        default=4,
        metadata=bounded("Movement slots: how many travellers may end a move here.", 1, 8),
    )


@dataclass(frozen=True)
class Route:
    """A straight route between two cities; a second route between the same cities is a double route."""

    between: tuple[str, ...] = field(
        metadata={"doc": "The two cities joined, e.g. [A, C].", "minItems": 2, "maxItems": 2, **NAME}
    )
    type: RouteType = field(metadata={"doc": "Balloon type to pay; gray takes any one type, multi one per space."})
    length: int = field(metadata=bounded("Number of spaces, 1 to 6.", 1, MAX_LENGTH))
    spaces: tuple[BalloonType, ...] = field(
        default=(), metadata={"doc": "Multiroutes only: the type of each space, all different.", "uniqueItems": True}
    )
    bonus: Bonus | None = field(default=None, metadata={"doc": "Bonus Balloons: the bonus on the middle space."})


@dataclass(frozen=True)
class Area:
    """The points of one enclosed area, written at (x, y) inside it."""

    x: float
    y: float
    points: int = field(metadata={"doc": "Points for the majority around the area.", "minimum": 0})


@dataclass(frozen=True)
class Trajectory:
    """A goal: connect two cities with your routes, or own routes of every type shown."""

    kind: Literal["cities", "routes"]
    reward: Literal["points", "rewards", "swaps"] = field(
        metadata={"doc": "points: score value; rewards: be rewarded value times; swaps: swap value balloons."}
    )
    value: int = field(metadata=bounded("Points, rewards or swaps it gives; decision: 20 at most.", 1, 20))
    slots: int = field(default=1, metadata=bounded("How many players may fulfil it, at most every player.", 1, 6))
    cities: tuple[str, ...] = field(
        default=(),
        metadata={"doc": "kind cities: the two cities to connect.", "maxItems": 2, **NAME},
    )
    types: tuple[BalloonType, ...] = field(
        default=(), metadata={"doc": "kind routes: the types to own.", "uniqueItems": True}
    )


@dataclass(frozen=True)
class AeroMap:
    """A complete Aeronaut Odyssey board."""

    width: float = field(metadata={"doc": "Map width in blocks (one block = one route space).", "exclusiveMinimum": 0})
    height: float = field(metadata={"doc": "Map height in blocks.", "exclusiveMinimum": 0})
    inventory_spaces: int = field(
        metadata={"doc": "Spaces per printed inventory (2 players use two each).", "minimum": 3}
    )
    cities: tuple[City, ...]
    routes: tuple[Route, ...]
    areas: tuple[Area, ...] = ()
    trajectories: tuple[Trajectory, ...] = ()
    seed: int | None = field(default=None, metadata={"doc": "The seed it was generated from, printed on the page."})
    size: Size = "regular"
    players: int = field(
        default=4,
        metadata=bounded("Inventories printed (with 2 players, each uses two).", 2, 6),
    )
    pages: Literal[1, 4, 9] | None = field(
        default=None,
        metadata={
            "doc": "Print on 1 page, or enlarged over 2x2 or 3x3; left out: 4 for large, 9 for huge, else 1.",
            **PRINT_ONLY,
        },
    )
    ink_friendly: bool = field(
        default=False, metadata={"doc": "Outlines and letters instead of colour fills.", **PRINT_ONLY}
    )


PAGES_BY_SIZE = {"large": 4, "huge": 9}  # pages a map of this size prints on unless it says otherwise; else 1


def pages_for(board: AeroMap) -> int:
    """The pages the board prints on: its own ``pages``, or the default for its size."""
    return board.pages or PAGES_BY_SIZE.get(board.size, 1)


def load_map(path: Path | None = None) -> Loaded[AeroMap]:
    """Read a map file (the built-in one by default); its meaning is checked by ``maps.check``."""
    if path is None:
        return load_file(board_file("aeronaut-odyssey.yaml"), AeroMap, "boards/aeronaut-odyssey.yaml")
    return load_file(path, AeroMap)


def route_key(a: str, b: str) -> tuple[str, str]:
    """The two city names in canonical order: shorter first, then alphabetical (A < B < ... < Z < AA)."""
    return (a, b) if city_order(a) <= city_order(b) else (b, a)


def city_order(name: str) -> tuple[int, str]:
    """Sort key for city names: A ... Z, then AA, AB ..."""
    return (len(name), name)
