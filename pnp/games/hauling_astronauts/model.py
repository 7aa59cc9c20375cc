"""Hauling Astronauts' YAML data (fleets and destination docks), loaded into typed objects."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

from pnp.games.names import Names
from pnp.loader import Loaded, Source, load_file
from pnp.resources import data_file

LOWEST, HIGHEST = 3, 18  # the sum of three dice
FLEET_SIZE = 6
DOCK_COUNT = 6
PROFITS = range(2, 7)  # the rulebook's "whole numbers between 2 and 6"


@dataclass(frozen=True)
class Transport:
    """A Space Transport: it pays ``profit`` when its load lies in ``low``..``high``."""

    id: str = field(metadata={"doc": "One capital letter, unique over both fleets; used in the notation."})
    name: str = field(metadata={"doc": "The name printed on the piece, one word; moves may use it for the id."})
    low: int = field(metadata={"doc": "Smallest load (sum of the three dice) that pays."})
    high: int = field(metadata={"doc": "Largest load that pays."})
    profit: int = field(metadata={"doc": "Profit when the load fits, 2 to 6."})

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

    company: str
    colour: str = field(metadata={"doc": "Printed colour as #rrggbb."})
    transports: tuple[Transport, ...]


@dataclass(frozen=True)
class Dock:
    """A Destination Dock paying ``bonus`` for a load within ``low``..``high``."""

    low: int
    high: int
    bonus: int

    def fits(self, load: int) -> bool:
        """True when a transport carrying ``load`` earns this dock's bonus."""
        return self.low <= load <= self.high

    @property
    def label(self) -> str:
        """The range as printed."""
        return range_label(self.low, self.high)


@dataclass(frozen=True)
class HaulingData:
    """Everything in ``data/hauling-astronauts.yaml``."""

    fleets: tuple[Fleet, ...] = field(metadata={"doc": "Player 1's fleet (rows), then player 2's (columns)."})
    docks: tuple[Dock, ...] = field(metadata={"doc": "The six Destination Docks, d1 to d6."})
    space_mm: float = field(default=20.0, metadata={"doc": "Side of a Confirmed space in mm."})
    transport_length_mm: float = field(default=32.0, metadata={"doc": "Length of a transport piece in mm."})


def range_label(low: int, high: int) -> str:
    """A sum range in words, as the pieces print it."""
    if low == high:
        return str(low)
    if low == LOWEST:
        return f"{high} or less"
    if high == HIGHEST:
        return f"{low} or more"
    return f"{low} – {high}"


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


_ID = re.compile(r"[A-Z]")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _check_range(source: Source, path: str, low: int, high: int) -> None:
    if not LOWEST <= low <= high <= HIGHEST:
        raise source.error(path, f"range {low}..{high} must lie within {LOWEST}..{HIGHEST} with low <= high")


def _check(data: HaulingData, source: Source) -> None:
    if len(data.fleets) != 2:
        raise source.error("fleets", f"give exactly 2 fleets (player 1, player 2), found {len(data.fleets)}")
    seen: set[str] = set()
    for f, fleet in enumerate(data.fleets):
        if not _COLOUR.fullmatch(fleet.colour):
            raise source.error(f"fleets[{f}].colour", f"expected #rrggbb, found {fleet.colour!r}")
        if len(fleet.transports) != FLEET_SIZE:
            raise source.error(
                f"fleets[{f}].transports", f"a fleet has {FLEET_SIZE} transports, found {len(fleet.transports)}"
            )
        for t, transport in enumerate(fleet.transports):
            path = f"fleets[{f}].transports[{t}]"
            if not _ID.fullmatch(transport.id):
                raise source.error(f"{path}.id", f"an id is one capital letter, found {transport.id!r}")
            if transport.id in seen:
                raise source.error(f"{path}.id", f"transport id {transport.id!r} is used twice")
            seen.add(transport.id)
            if len(transport.name.split()) != 1:
                raise source.error(f"{path}.name", f"a name is one word (moves name it), found {transport.name!r}")
            _check_range(source, f"{path}.low", transport.low, transport.high)
            if transport.profit not in PROFITS:
                raise source.error(f"{path}.profit", f"a profit is 2 to 6 (rulebook), found {transport.profit}")
    try:
        names(data)
    except ValueError as error:
        raise source.error("fleets", str(error)) from None
    if len(data.docks) != DOCK_COUNT:
        raise source.error("docks", f"give exactly {DOCK_COUNT} destination docks, found {len(data.docks)}")
    for d, dock in enumerate(data.docks):
        _check_range(source, f"docks[{d}].low", dock.low, dock.high)
        if dock.bonus < 0:
            raise source.error(f"docks[{d}].bonus", f"a bonus cannot be negative, found {dock.bonus}")
    if not 12.0 <= data.space_mm <= 30.0:
        raise source.error(
            "space_mm", f"a space must be 12 to 30 mm to hold a die and fit the page, found {data.space_mm}"
        )
    if not data.space_mm <= data.transport_length_mm <= 2 * data.space_mm:
        raise source.error("transport_length_mm", "a transport is 1 to 2 spaces long")


def load_data(path: Path | None = None) -> Loaded[HaulingData]:
    """Read and check the fleets and docks (the built-in file by default)."""
    loaded = load_file(
        path or data_file("hauling-astronauts.yaml"), HaulingData, None if path else "data/hauling-astronauts.yaml"
    )
    _check(loaded.value, loaded.source)
    return loaded


@cache
def builtin() -> HaulingData:
    """The built-in data, read once."""
    return load_data().value


@cache
def names(data: HaulingData) -> Names:
    """Both fleets' transports by id and by printed name (ids are what the notation writes), built once."""
    return Names("transport", {t.id: (t.name,) for fleet in data.fleets for t in fleet.transports})
