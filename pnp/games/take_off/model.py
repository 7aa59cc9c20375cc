"""Take Off!'s YAML: the game data (dice, colours, decks, jets) and the map, loaded into typed objects."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pnp.loader import RGB, Loaded, did_you_mean, load_file
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import board_file, data_file
from pnp.variants.sizes import WORDS as SIZE_WORDS
from pnp.variants.sizes import SizedCards, card_size_problem
from pnp.variants.support import DataFile
from pnp.variants.variant import game_data

Half = Literal["east", "west"]
MAP_NAME = "take-off-world.yaml"


@dataclass(frozen=True)
class RouteColour:
    """A route colour: its name (used in maps), die letter, printed RGB and line pattern."""

    name: str
    letter: str
    rgb: str = field(metadata={**RGB, **PRINT_ONLY})
    dash: tuple[float, ...] = field(default=(), metadata=PRINT_ONLY)


@dataclass(frozen=True)
class DeckStyle:
    """One TAKE OFF! deck: the half of the map its capitals lie in, and its look."""

    half: Half
    name: str
    letter: str
    rgb: str = field(metadata={**RGB, **PRINT_ONLY})


@dataclass(frozen=True)
class JetColour:
    """A player's jet colour and the letter printed on its tokens."""

    name: str
    letter: str
    rgb: str = field(metadata={**RGB, **PRINT_ONLY})


@dataclass(frozen=True)
class TakeOffData(SizedCards):
    """Everything in ``data/take-off.yaml``."""

    route_colours: tuple[RouteColour, ...]
    jet_face: str
    take_off_face: str
    die_faces: tuple[str, ...]
    die_size: float = field(metadata=PRINT_ONLY)
    decks: tuple[DeckStyle, ...]
    card_size: str = field(metadata={"doc": f"The card size: {SIZE_WORDS}.", **PRINT_ONLY})
    jet_colours: tuple[JetColour, ...] = field(metadata={"doc": "One per player, letters different.", "minItems": 2})
    jet_token: float = field(metadata=PRINT_ONLY)
    fleet_default: int = field(metadata={"doc": "Jets per player unless chosen, up to fleet_max.", "minimum": 1})
    fleet_max: int
    round_limit: int = field(metadata={"doc": "Rounds before the game ends.", "minimum": 1})

    def deck(self, half: Half) -> DeckStyle:
        """The deck of capitals in ``half``."""
        return next(d for d in self.decks if d.half == half)


@dataclass(frozen=True)
class City:
    """A city on the map. A capital names its ``country`` and has a TAKE OFF! card; a hub has none."""

    id: str = field(metadata={"doc": "Short name used in moves: lower case letters, digits and '-'."})
    name: str = field(metadata={"doc": "The name printed on the map and its card; moves may use it for the id."})
    lat: float = field(metadata={"doc": "Latitude in degrees, north positive."})
    lon: float = field(metadata={"doc": "Longitude in degrees, east positive (-180 to 180)."})
    country: str | None = field(default=None, metadata={"doc": "The country of a capital (it gets a card)."})
    aliases: tuple[str, ...] = field(
        default=(), metadata={"doc": "Other names a move may use for the city (a former name), never printed."}
    )
    routes: dict[str, str] = field(
        default_factory=dict, metadata={"doc": "Outgoing routes: route colour -> id of the city it leads to (west)."}
    )


@dataclass(frozen=True)
class Inset:
    """A crowded part of the map printed again at a larger scale, in an empty place on the map."""

    name: str = field(metadata={"doc": "The title printed over the inset, e.g. 'Central Europe'."})
    west: float = field(metadata={"doc": "Longitude of the part's west edge."})
    east: float = field(metadata={"doc": "Longitude of its east edge."})
    north: float = field(metadata={"doc": "Latitude of its top edge."})
    south: float = field(metadata={"doc": "Latitude of its bottom edge."})
    zoom: float = field(
        default=2.0,
        metadata={"doc": "How many times larger than the map it is printed.", "exclusiveMinimum": 1, "maximum": 5},
    )


@dataclass(frozen=True)
class TakeOffMap:
    """A Take Off! map: an equirectangular strip of the globe, Start on its east edge, Finish on its west edge."""

    title: str = field(metadata={"doc": "The title printed on the map.", **PRINT_ONLY})
    start: str = field(metadata={"doc": "Id of the Start city, on the east edge."})
    finish: str = field(metadata={"doc": "Id of the Finish city, on the west edge."})
    west_edge: float = field(metadata={"doc": "Longitude of the map's west edge."})
    east_edge: float = field(metadata={"doc": "Longitude of the east edge; above 180 when the map wraps."})
    north: float = field(metadata={"doc": "Latitude of the top edge.", "minimum": -90, "maximum": 90})
    south: float = field(metadata={"doc": "Latitude of the bottom edge.", "minimum": -90, "maximum": 90})
    divide: float = field(metadata={"doc": "Longitude of the line between the eastern and western halves."})
    scale: float = field(
        metadata={"doc": "Millimetres per degree on the printed map.", "exclusiveMinimum": 0, **PRINT_ONLY}
    )
    grid: float = field(
        metadata={"doc": "Degrees per cell of the reference grid (A1, B7, ...).", "exclusiveMinimum": 0, **PRINT_ONLY}
    )
    cities: tuple[City, ...] = field(metadata={"doc": "Every city: Start, Finish, hubs and capitals."})
    insets: tuple[Inset, ...] = field(
        default=(), metadata={"doc": "Crowded parts printed again, larger, where the map is empty.", **PRINT_ONLY}
    )


def load_data(variant: Path | None = None) -> Loaded[TakeOffData]:
    """The dice, colours, decks and jets, built in (read once per process) or as the variant at ``variant`` has them."""
    if variant is None:
        return _builtin_data()
    return typing.cast(Loaded[TakeOffData], game_data("take-off", variant))


@cache
def _builtin_data() -> Loaded[TakeOffData]:
    loaded = load_file(data_file("take-off.yaml"), TakeOffData, "data/take-off.yaml")
    check_data(loaded)
    return loaded


def check_data(loaded: Loaded[TakeOffData]) -> None:
    """Refuse dice, colours, decks and jets the rules cannot play, with the first problem located in its file."""
    data, source = loaded.value, loaded.source
    size_problem = card_size_problem(data.card_size)
    if size_problem:
        raise source.error("card_size", size_problem)
    letters = [c.letter for c in data.route_colours]
    specials = (data.jet_face, data.take_off_face)
    if len(set(letters + list(specials))) != len(letters) + 2:
        raise source.error("route_colours", "route colour letters, the jet face and the TAKE OFF! face must differ")
    for i, face in enumerate(data.die_faces):
        if face not in letters and face not in specials:
            faces = letters + list(specials)
            raise source.error(
                f"die_faces[{i}]", f"unknown face {face!r}{did_you_mean(face, faces)} (known: {' '.join(faces)})"
            )
    if sorted(d.half for d in data.decks) != ["east", "west"]:
        raise source.error("decks", "give exactly one deck for the east half and one for the west half")
    if data.fleet_default > data.fleet_max:
        raise source.error("fleet_default", f"must be at most fleet_max ({data.fleet_max})")
    if len({c.letter for c in data.jet_colours}) != len(data.jet_colours):
        raise source.error("jet_colours", "give each jet colour a different letter")


# The referee's options (fleet size, round limit) and its most players (one jet colour each) are set from the
# built-in data before any session exists; a variant's dice, route colours and decks are refereed.
VARIANT_DATA: DataFile = DataFile(
    TakeOffData,
    _builtin_data,
    check_data,
    fixed_for_referee=frozenset({"jet_colours", "fleet_default", "fleet_max", "round_limit"}),
)


def default_map_path() -> Path:
    """The built-in world map."""
    return board_file(MAP_NAME)


def load_map(path: Path | None = None) -> Loaded[TakeOffMap]:
    """Read a map file (the built-in world by default, read once per process); its meaning is checked by
    ``maps.check_map``."""
    return load_file(path, TakeOffMap) if path else _builtin_map()


@cache
def _builtin_map() -> Loaded[TakeOffMap]:
    """The built-in world: a kit, its check and the referee each ask for it, and parsing it takes 30 ms."""
    return load_file(default_map_path(), TakeOffMap, f"boards/{MAP_NAME}")
