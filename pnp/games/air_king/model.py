"""Air King's YAML: the card data and the field, loaded into typed objects and checked."""

from __future__ import annotations

import typing
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Literal

from pnp.games.names import NameClash, Names
from pnp.loader import RGB, Loaded, bounded, did_you_mean, load_file
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import board_file, data_file
from pnp.texts import Catalogue
from pnp.variants.sizes import WORDS as SIZE_WORDS
from pnp.variants.sizes import SizedCards, card_size_problem
from pnp.variants.support import DataFile
from pnp.variants.variant import game_data

CardType = Literal["extra", "diagonal", "storm", "clear", "hold", "pass"]
CARD_TYPES: tuple[str, ...] = ("extra", "diagonal", "storm", "clear", "hold", "pass")
EXTRA, DIAGONAL, STORM_CARD, CLEAR, HOLD, PASS = range(len(CARD_TYPES))  # indexes of the card counts
GOAL_SIZE = 4  # aircraft on each goal card
MAX_PLAYERS = 4
MAX_COLUMNS = 26  # lettered a to z
MAX_LANES = 20
MAX_PER_KIND = 20  # decision: event cards of one kind; more would swamp the hands the rules let players keep
MAX_HAND = 10  # decision: cards a player keeps; the rulebook's 4, and room for a variant to be generous
MAX_PER_TURN = 6  # decision: moves a turn must make, or cards it may play; the rulebook's 2, three times over
Symbol = Literal["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "pentagon", "heart", "crescent"]


@dataclass(frozen=True)
class AirportInfo:
    """An airport card: its letter, title and colour."""

    name: str = field(metadata={"doc": "The letter the notation and the aircraft's home name it by"})
    title: str = field(metadata={"doc": "The name printed on the card"})
    rgb: str = field(metadata={"doc": "The card's colour, #rrggbb", **RGB, **PRINT_ONLY})


@dataclass(frozen=True)
class Aircraft:
    """An aircraft card: number, home airport, and a colour and symbol of its own."""

    number: int = field(metadata={"doc": "1, 2, 3... in order"})
    home: str = field(metadata={"doc": "The letter of the airport it starts at"})
    colour: str = field(metadata={"doc": "Its colour's name, printed on the card"})
    rgb: str = field(metadata={"doc": "Its colour, #rrggbb; each aircraft its own", **RGB, **PRINT_ONLY})
    symbol: Symbol = field(
        metadata={"doc": "Its symbol, each aircraft its own, so no one needs colour vision", **PRINT_ONLY}
    )


@dataclass(frozen=True)
class EventType:
    """One kind of event card and how many the deck holds."""

    type: CardType = field(metadata={"doc": "The kind of card: what it does in the rules"})
    title: str = field(metadata={"doc": "The name printed on the card and on its buttons"})
    count: int = field(
        metadata=bounded(
            "How many cards of this kind the deck holds (0 leaves the kind out, as a calm variant its Storms)",
            0,
            MAX_PER_KIND,
        )
    )
    text: str = field(metadata={"doc": "What the card says", **PRINT_ONLY})


@dataclass(frozen=True)
class TechnicalReturn:
    """The Technical Return cards, one per player, kept apart from the hand."""

    count: int = field(
        metadata={
            "doc": f"One per player: at least {MAX_PLAYERS}, at most {MAX_PER_KIND} (as an event kind).",
            "minimum": MAX_PLAYERS,
            "maximum": MAX_PER_KIND,
        }
    )
    text: str = field(metadata={"doc": "What the card says", **PRINT_ONLY})


@dataclass(frozen=True)
class AirKingData(SizedCards):
    """Everything in ``data/air-king.yaml``."""

    card_size: str = field(metadata={"doc": f"The card size: {SIZE_WORDS}.", **PRINT_ONLY})
    airports: tuple[AirportInfo, ...] = field(
        metadata={"doc": "Airport A and Airport B.", "minItems": 2, "maxItems": 2}
    )
    aircraft: tuple[Aircraft, ...] = field(metadata={"doc": "The aircraft cards, numbered 1, 2, 3..."})
    goals: tuple[tuple[int, ...], ...] = field(
        metadata={"doc": f"The goal cards, one dealt to each of up to {MAX_PLAYERS} players.", "minItems": MAX_PLAYERS}
    )
    hand_limit: int = field(metadata=bounded("Event cards a player may keep at the end of a turn.", 1, MAX_HAND))
    moves_per_turn: int = field(metadata=bounded("Aircraft moves every turn must make.", 1, MAX_PER_TURN))
    cards_per_turn: int = field(metadata=bounded("Event cards a turn may play, at most.", 1, MAX_PER_TURN))
    events: tuple[EventType, ...] = field(metadata={"doc": "The event deck: each kind of card once, with its count"})
    technical_return: TechnicalReturn = field(metadata={"doc": "The Technical Return cards, one per player"})

    def event(self, kind: str) -> EventType:
        """The event type called ``kind``."""
        return next(e for e in self.events if e.type == kind)

    def titles(self, counts: list[int]) -> str:
        """Card counts by type under their printed titles, e.g. '2 Storm, 1 Clear sky'."""
        return ", ".join(f"{n} {self.event(t).title}" for t, n in zip(CARD_TYPES, counts) if n)

    def goal_index(self, value: str) -> int | None:
        """The 0-based goal card that ``value`` names (its printed number), or None."""
        number = value.strip()
        return int(number) - 1 if number.isdecimal() and 1 <= int(number) <= len(self.goals) else None


@dataclass(frozen=True)
class AirportPlace:
    """Where an airport lies on the field, with its arrival zone and departure zones."""

    at: str = field(metadata={"doc": "The airport's space, e.g. a3 (column letter, then lane number)."})
    runway: str = field(
        metadata={"doc": "The runway beside the airport: the arrival zone from which aircraft land here."}
    )
    departures: tuple[str, ...] = field(
        metadata={"doc": "Spaces beside the airport into which its own aircraft depart."}
    )


@dataclass(frozen=True)
class AirKingField:
    """The field: a grid of card-sized spaces, two airports, their runways and departure zones."""

    columns: int = field(metadata=bounded("Spaces along the lanes, lettered a, b, c... (2 to 26).", 2, MAX_COLUMNS))
    lanes: int = field(
        metadata=bounded("Lanes across the field, numbered 1, 2, 3... from the top (1 to 20).", 1, MAX_LANES)
    )
    airports: dict[str, AirportPlace] = field(metadata={"doc": "Airport A and Airport B, by name."})
    closed: tuple[str, ...] = field(
        default=(), metadata={"doc": "Spaces of the grid that are not part of the field.", "uniqueItems": True}
    )
    space_width: float = field(default=94.0, metadata={"doc": "Printed space size along the lanes, mm.", **PRINT_ONLY})
    space_height: float = field(
        default=68.0, metadata={"doc": "Printed space size across the lanes, mm.", **PRINT_ONLY}
    )


def card_names(data: AirKingData) -> Names:
    """The event cards by every name a player may type: the id the notation writes and the printed title. Two
    cards a player would type alike are a NameClash at the second's title."""
    try:
        return Names("event card", {e.type: (e.title,) for e in data.events})
    except NameClash as clash:
        raise clash.at(
            f"events[{next(i for i, e in enumerate(data.events) if e.type == clash.second)}].title"
        ) from None


def _session_cards(data: AirKingData, t: Catalogue) -> Names:
    """The event cards of a session whose catalogue is ``t``, by their titles as it prints them."""
    from pnp.games.air_king.texts import as_printed  # which reads this module's types

    return card_names(as_printed(data, t))


def goal_design_problems(goals: tuple[tuple[int, ...], ...], numbers: tuple[int, ...]) -> list[tuple[str, str]]:
    """Ways ``goals`` break the published goal-card design, as (field path, message) pairs."""
    problems = []
    known = set(numbers)
    for i, card in enumerate(goals):
        if len(card) != GOAL_SIZE or len(set(card)) != GOAL_SIZE:
            problems.append((f"goals[{i}]", f"a goal card shows {GOAL_SIZE} different aircraft"))
        elif set(card) - known:
            unknown = ", ".join(map(str, sorted(set(card) - known)))
            problems.append((f"goals[{i}]", f"no aircraft is numbered {unknown} (they are 1 to {max(numbers)})"))
    if problems:
        return problems
    uses = Counter(n for card in goals for n in card)
    if len({uses[n] for n in numbers}) != 1:
        shown = ", ".join(f"{n}: {uses[n]}" for n in numbers)
        problems.append(("goals", f"every aircraft must be on the same number of cards (cards per aircraft: {shown})"))
    together = {pair for card in goals for pair in combinations(sorted(card), 2)}
    apart = [pair for pair in combinations(sorted(numbers), 2) if pair not in together]
    if apart:
        problems.append(("goals", f"aircraft {apart[0][0]} and {apart[0][1]} share no goal card"))
    for (i, a), (j, b) in combinations(enumerate(goals), 2):
        if len(set(a) & set(b)) > 2:
            problems.append((f"goals[{j}]", f"goal cards {i + 1} and {j + 1} share more than two aircraft"))
    return problems


def load_data(variant: Path | None = None) -> Loaded[AirKingData]:
    """The card data, built in (read once per process) or as the variant file at ``variant`` changes it."""
    if variant is None:
        return _builtin_data()
    return typing.cast(Loaded[AirKingData], game_data("air-king", variant))


@cache
def _builtin_data() -> Loaded[AirKingData]:
    loaded = load_file(data_file("air-king.yaml"), AirKingData, "data/air-king.yaml")
    check_data(loaded)
    return loaded


def check_data(loaded: Loaded[AirKingData]) -> None:
    """Refuse card data the rules cannot play, with the first problem located in its file."""
    data, source = loaded.value, loaded.source
    size_problem = card_size_problem(data.card_size)
    if size_problem:
        raise source.error("card_size", size_problem)
    names = [a.name for a in data.airports]
    if len(set(names)) != 2:
        raise source.error("airports", "the two airports need different names")
    for i, plane in enumerate(data.aircraft):
        if plane.number != i + 1:
            raise source.error(f"aircraft[{i}].number", f"aircraft are numbered 1, 2, 3... in order; expected {i + 1}")
        if plane.home not in names:
            hint = did_you_mean(plane.home, names)
            known = ", ".join(names)
            raise source.error(f"aircraft[{i}].home", f"unknown airport {plane.home!r}{hint} (known: {known})")
    for attribute in ("rgb", "symbol", "colour"):
        seen = Counter(getattr(plane, attribute) for plane in data.aircraft)
        for i, plane in enumerate(data.aircraft):
            if seen[getattr(plane, attribute)] > 1:
                raise source.error(f"aircraft[{i}].{attribute}", f"each aircraft needs its own {attribute}")
    for name in names:
        if not any(plane.home == name for plane in data.aircraft):
            raise source.error("aircraft", f"no aircraft starts at airport {name}")
    for where, message in goal_design_problems(data.goals, tuple(p.number for p in data.aircraft)):
        raise source.error(where, message)
    kinds: Counter[str] = Counter(e.type for e in data.events)
    for kind in CARD_TYPES:
        if kinds[kind] != 1:
            raise source.error("events", f"list the event type {kind!r} exactly once")
    if sum(e.count for e in data.events) < MAX_PLAYERS:
        raise source.error("events", f"the deck needs at least {MAX_PLAYERS} cards to deal one to each player")
    try:
        card_names(data)
    except NameClash as clash:
        raise source.error(clash.path, str(clash)) from None


def _check_variant(loaded: Loaded[AirKingData]) -> None:
    """The data's checks, and the airports keep their letters: field files name their airports by them."""
    letters = [a.name for a in _builtin_data().value.airports]
    for i, (airport, letter) in enumerate(zip(loaded.value.airports, letters)):
        if airport.name != letter:
            message = f"field files name this airport {letter!r}: keep the letter (the title is yours to change)"
            raise loaded.source.error(f"airports[{i}].name", message)
    check_data(loaded)


VARIANT_DATA: DataFile = DataFile(AirKingData, _builtin_data, _check_variant, deck="events", names=_session_cards)


def load_field(path: Path | None = None) -> Loaded[AirKingField]:
    """Read a field file (the built-in one by default); its meaning is checked in ``maps``."""
    return load_file(path or board_file("air-king.yaml"), AirKingField, None if path else "boards/air-king.yaml")
