"""Hauling Astronauts' YAML data (fleets and destination docks), loaded into typed objects."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

from pnp.games.names import NameClash, Names
from pnp.loader import Loaded, Source, load_file, pattern
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import data_file
from pnp.variants.support import DataFile
from pnp.variants.variant import game_data

LOWEST, HIGHEST = 3, 18  # the sum of three dice
FLEET_SIZE = 6
DOCK_COUNT = 6
PROFITS = range(2, 7)  # the rulebook's "whole numbers between 2 and 6"
MAP_NAME = "hauling-astronauts.yaml"  # the built-in map (fleets and docks), under data/
LOAD = {"minimum": LOWEST, "maximum": HIGHEST}  # the value rules of a load: a sum of three dice


@dataclass(frozen=True)
class Transport:
    """A Space Transport: it pays ``profit`` when its load lies in ``low``..``high``."""

    id: str = field(
        metadata={
            "doc": "One capital letter, unique over both fleets; used in the notation.",
            **pattern("^[A-Z]$", "one capital letter, A to Z"),
        }
    )
    name: str = field(
        metadata={
            "doc": "The name printed on the piece, one word; moves may use it for the id.",
            **pattern(r"^\S+$", "one word, with no spaces"),
        }
    )
    low: int = field(metadata={"doc": "Smallest load (sum of the three dice) that pays.", **LOAD})
    high: int = field(metadata={"doc": "Largest load that pays.", **LOAD})
    profit: int = field(
        metadata={"doc": "Profit when the load fits, 2 to 6.", "minimum": PROFITS.start, "maximum": PROFITS.stop - 1}
    )

    def fits(self, load: int) -> bool:
        """True when ``load`` astronauts match this transport's capacity."""
        return self.low <= load <= self.high

    @property
    def label(self) -> str:
        """The capacity as printed: "8 or less", "13 – 14", "16 or more", "10"."""
        return range_label(self.low, self.high)


@dataclass(frozen=True)
class Fleet:
    """One player's company and its six transports."""

    company: str = field(metadata={"doc": "The player's company, printed on their transports and scoring track."})
    colour: str = field(
        metadata={"doc": "Printed colour as #rrggbb.", **pattern("^#[0-9a-fA-F]{6}$", "a colour written #rrggbb")}
    )
    transports: tuple[Transport, ...] = field(
        metadata={"doc": "The fleet's six Space Transports.", "minItems": FLEET_SIZE, "maxItems": FLEET_SIZE}
    )


@dataclass(frozen=True)
class Dock:
    """A Destination Dock paying ``bonus`` for a load within ``low``..``high``."""

    low: int = field(metadata={"doc": "Smallest load that earns the bonus.", **LOAD})
    high: int = field(metadata={"doc": "Largest load that earns the bonus.", **LOAD})
    bonus: int = field(
        metadata={
            "doc": "Bonus for a transport docked here with a load in range; decision: at most a transport's profit.",
            "minimum": 0,
            "maximum": PROFITS.stop - 1,
        }
    )

    def fits(self, load: int) -> bool:
        """True when a transport carrying ``load`` earns this dock's bonus."""
        return self.low <= load <= self.high

    @property
    def label(self) -> str:
        """The range as printed."""
        return range_label(self.low, self.high)


@dataclass(frozen=True)
class HaulingData:
    """Everything in a map file: the built-in one is ``data/hauling-astronauts.yaml`` (``MAP_NAME``)."""

    fleets: tuple[Fleet, ...] = field(
        metadata={"doc": "Player 1's fleet (rows), then player 2's (columns).", "minItems": 2, "maxItems": 2}
    )
    docks: tuple[Dock, ...] = field(
        metadata={"doc": "The six Destination Docks, d1 to d6.", "minItems": DOCK_COUNT, "maxItems": DOCK_COUNT}
    )
    space_mm: float = field(
        default=20.0,
        metadata={
            "doc": "Side of a Confirmed space in mm: it holds a die and fits the page.",
            **PRINT_ONLY,
            "minimum": 12,
            "maximum": 30,
        },
    )
    transport_length_mm: float = field(
        default=32.0, metadata={"doc": "Length of a transport piece in mm.", **PRINT_ONLY}
    )


RANGE_WORDS = {"one": "{low}", "less": "{high} or less", "more": "{low} or more", "between": "{low} – {high}"}


def range_kind(low: int, high: int) -> str:
    """How a sum range is said (a key of ``RANGE_WORDS``): one sum, up to a sum, from a sum, or between two."""
    if low == high:
        return "one"
    if low == LOWEST:
        return "less"
    return "more" if high == HIGHEST else "between"


def range_label(low: int, high: int) -> str:
    """A sum range in words, as the pieces print it in English: "8 or less", "13 – 14", "16 or more", "10"."""
    return RANGE_WORDS[range_kind(low, high)].format(low=low, high=high)


@cache
def ways(dice: int = 3) -> tuple[int, ...]:
    """Ways for ``dice`` dice (0 to 3) to show each sum 0..18; 6**dice in all."""
    counts = [0] * (HIGHEST + 1)
    for faces in product(range(1, 7), repeat=dice):
        counts[sum(faces)] += 1
    return tuple(counts)


def odds(low: int, high: int) -> Fraction:
    """Probability that three random dice sum to ``low``..``high``."""
    return Fraction(sum(ways()[low : high + 1]), 216)


def _check_range(source: Source, path: str, low: int, high: int) -> None:
    if low > high:
        raise source.error(path, f"the range {low} to {high} is upside down: low must be at most high")


def _check(data: HaulingData, source: Source) -> None:
    """The rules no field declares (each field's bounds and patterns are enforced by the loader)."""
    seen: set[str] = set()
    for f, fleet in enumerate(data.fleets):
        for t, transport in enumerate(fleet.transports):
            path = f"fleets[{f}].transports[{t}]"
            if transport.id in seen:
                raise source.error(f"{path}.id", f"transport id {transport.id!r} is used twice")
            seen.add(transport.id)
            _check_range(source, f"{path}.low", transport.low, transport.high)
    try:
        names(data)
    except NameClash as clash:
        raise source.error(clash.path, str(clash)) from None
    for d, dock in enumerate(data.docks):
        _check_range(source, f"docks[{d}].low", dock.low, dock.high)
    if not data.space_mm <= data.transport_length_mm <= 2 * data.space_mm:
        raise source.error("transport_length_mm", "a transport is 1 to 2 spaces long")


def default_map_path() -> Path:
    """The built-in map."""
    return data_file(MAP_NAME)


def load_data(path: Path | None = None, variant: Path | None = None) -> Loaded[HaulingData]:
    """Read and check the fleets and docks (the built-in file by default), as the variant at ``variant`` has them."""
    loaded = load_file(path or default_map_path(), HaulingData, None if path else f"data/{MAP_NAME}")
    _check(loaded.value, loaded.source)
    if variant is None:
        return loaded
    return typing.cast(Loaded[HaulingData], game_data("hauling-astronauts", variant, loaded))


def _check_loaded(loaded: Loaded[HaulingData]) -> None:
    _check(loaded.value, loaded.source)


# The data is also the map: a variant changes the built-in map's data, or a --map file's.
VARIANT_DATA: DataFile = DataFile(HaulingData, lambda: load_data(), _check_loaded)


@cache
def builtin() -> HaulingData:
    """The built-in data, read once."""
    return load_data().value


@cache
def names(data: HaulingData) -> Names:
    """Both fleets' transports by id and by printed name (ids are what the notation writes), built once. Two
    transports a player would type alike are a NameClash at the second's name."""
    places = {
        t.id: f"fleets[{f}].transports[{i}].name"
        for f, fleet in enumerate(data.fleets)
        for i, t in enumerate(fleet.transports)
    }
    try:
        return Names("transport", {t.id: (t.name,) for fleet in data.fleets for t in fleet.transports})
    except NameClash as clash:
        raise clash.at(places[clash.second]) from None
