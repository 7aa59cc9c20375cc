"""Take Off!'s YAML: the game data (dice, colours, decks, jets) and the map, loaded into typed objects."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pnp.loader import RGB, Loaded, bounded, did_you_mean, load_file, pattern
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import board_file, data_file
from pnp.variants.sizes import WORDS as SIZE_WORDS
from pnp.variants.sizes import SizedCards, card_size_problem
from pnp.variants.support import DataFile
from pnp.variants.variant import game_data

Half = Literal["east", "west"]
MAP_NAME = "take-off-world.yaml"


LETTER = pattern("^[A-Z]$", "one capital letter, A to Z")  # as a move types a die face, a fleet's jets (K2)
DIE_SIDES = 6  # a printed die is a cube
# decision: 20 mm is the smallest cube that folds by hand with its words at 6 pt; at 45 mm its net (four faces
# and two glue tabs across) still fits the width of A4 and Letter paper
DIE_SIZE = {"minimum": 20, "maximum": 45}
# decision: a token under 6 mm cannot be cut out or picked up; one over 15 mm hides the cities around its own on
# the world map (city dots keep 6 mm apart there, for a 9 mm jet)
JET_TOKEN = {"minimum": 6, "maximum": 15}
MAX_FLEET = 6  # decision: jets per player, each printed as a token of every colour
MAX_ROUNDS = 5000  # decision: a limit only ends a game that cannot (random play of six fleets of four took 278 rounds)


@dataclass(frozen=True)
class RouteColour:
    """A route colour: its name (used in maps), die letter, printed RGB and line pattern."""

    name: str = field(metadata={"doc": "The name maps give routes of this colour by (red), printed on the legend."})
    letter: str = field(metadata={"doc": "Its letter on the routes, the dice and the legend.", **LETTER})
    rgb: str = field(metadata={"doc": "Its printed colour.", **RGB, **PRINT_ONLY})
    dash: tuple[float, ...] = field(
        default=(),
        metadata={
            "doc": "Its line pattern, dash and gap lengths in mm in turn; none: a solid line.",
            "exclusiveMinimum": 0,
            **PRINT_ONLY,
        },
    )


@dataclass(frozen=True)
class DeckStyle:
    """One TAKE OFF! deck: the half of the map its capitals lie in, and its look."""

    half: Half = field(metadata={"doc": "The half of the map whose capitals the deck holds."})
    name: str = field(metadata={"doc": "The colour of its backs, as the rules sheet names the deck (Brown)."})
    letter: str = field(metadata={"doc": "The big letter on its backs, so the decks differ without colour.", **LETTER})
    rgb: str = field(metadata={"doc": "The colour of its backs.", **RGB, **PRINT_ONLY})


@dataclass(frozen=True)
class JetColour:
    """A player's jet colour and the letter printed on its tokens."""

    name: str = field(metadata={"doc": "The colour's name, said of a fleet (the black jets)."})
    letter: str = field(metadata={"doc": "The letter on its tokens before each jet's number (K2).", **LETTER})
    rgb: str = field(metadata={"doc": "The tokens' colour.", **RGB, **PRINT_ONLY})


@dataclass(frozen=True)
class TakeOffData(SizedCards):
    """Everything in ``data/take-off.yaml``."""

    route_colours: tuple[RouteColour, ...] = field(
        metadata={"doc": "Every route's colour; a die shows six at most.", "minItems": 1, "maxItems": DIE_SIDES}
    )
    jet_face: str = field(metadata={"doc": "The die face that flies one jet along a route of any colour.", **LETTER})
    take_off_face: str = field(
        metadata={"doc": "The die face that draws a TAKE OFF! card and sends a jet to its capital.", **LETTER}
    )
    die_faces: tuple[str, ...] = field(
        metadata={
            "doc": "The six faces of each die, each a route colour's letter, the jet face or the TAKE OFF! face; "
            "a face given twice comes up twice as often.",
            "minItems": DIE_SIDES,
            "maxItems": DIE_SIDES,
            **LETTER,
        }
    )
    die_size: float = field(metadata={"doc": "The edge of a folded die in mm.", **DIE_SIZE, **PRINT_ONLY})
    decks: tuple[DeckStyle, ...] = field(
        metadata={
            "doc": "The two TAKE OFF! decks, one for the east half and one for the west half.",
            "minItems": 2,
            "maxItems": 2,
        }
    )
    card_size: str = field(metadata={"doc": f"The card size: {SIZE_WORDS}.", **PRINT_ONLY})
    jet_colours: tuple[JetColour, ...] = field(
        metadata={"doc": "One per player, letters different.", "minItems": 2, "maxItems": 6}
    )
    jet_token: float = field(metadata={"doc": "The width of a round jet token in mm.", **JET_TOKEN, **PRINT_ONLY})
    fleet_default: int = field(metadata={"doc": "Jets per player unless chosen, up to fleet_max.", "minimum": 1})
    fleet_max: int = field(metadata=bounded("The most jets a player may choose: tokens print for each.", 1, MAX_FLEET))
    round_limit: int = field(
        metadata=bounded("Rounds before the game ends, the fleets not home then ranked by routes flown.", 1, MAX_ROUNDS)
    )

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
    north: float = field(metadata=bounded("Latitude of the top edge.", -90, 90))
    south: float = field(metadata=bounded("Latitude of the bottom edge.", -90, 90))
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
