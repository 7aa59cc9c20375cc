"""Aloft's YAML data (cards, tokens, values) and board, loaded into typed objects."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import ClassVar, Literal

from pnp.loader import RGB, Loaded, bounded, load_file
from pnp.printing.patterns import PatternKind
from pnp.referee.digests import PRINT_ONLY
from pnp.resources import board_file, data_file
from pnp.texts import Catalogue
from pnp.variants.sizes import WORDS as SIZE_WORDS
from pnp.variants.sizes import SizedCards, card_size_problem
from pnp.variants.support import DataFile
from pnp.variants.variant import game_data

ColourCode = Literal["B", "G", "P", "R", "W", "Y"]
Shape = Literal["lion", "wolf", "monkey"]
MAX_COLUMNS = 60  # decision: far beyond any playable convoy, and a board still printable
MAX_ROWS = 20
# decision: a cell holds one card (a tarot card is 70 x 120 mm) with room to spare, no more: 12 columns of
# 200 mm already make a board 2.4 m long
CELL_SIDE = {"maximum": 200, **PRINT_ONLY}


COLOURS = 6  # a colour card for each player at six players, two each at three
MAX_BALLOONS = 36  # decision: twice the designer's 18 (and at least six, one per player at six players)
MAX_TOKENS = 20  # decision: of one kind, per colour for launch tokens; a sheet of them, four times the designer's 5
MAX_POINTS = 100  # decision: a set's points; the designer's largest set scores 15


@dataclass(frozen=True)
class Colour:
    """A player colour: its letter, name, printed RGB and fill pattern (on its colour card and its balloon halves)."""

    code: ColourCode = field(metadata={"doc": "Its letter, on its colour card and on each balloon half it paints."})
    name: str = field(metadata={"doc": "Its name, printed on its colour card; moves may use it for the letter."})
    rgb: str = field(metadata={"doc": "Its printed colour.", **RGB, **PRINT_ONLY})
    pattern: PatternKind = field(
        metadata={"doc": "The fill pattern of its colour card and of every balloon half in it.", **PRINT_ONLY}
    )


@dataclass(frozen=True)
class Balloon:
    """A balloon card: a regular balloon of two colours, or a special shape with none."""

    RETIRED: ClassVar[dict[str, str]] = {
        "pattern": "a balloon half wears its colour's pattern; set it once per colour, as colours[].pattern"
    }

    name: str = field(metadata={"doc": "Its id in moves (BG, lion), one name per balloon."})
    colours: tuple[ColourCode, ...] = field(
        default=(), metadata={"doc": "A regular balloon's two colours, by letter; none for a special shape."}
    )
    shape: Shape | None = field(default=None, metadata={"doc": "A special shape's kind; none for a regular balloon."})


@dataclass(frozen=True)
class TokenCounts:
    """How many of each token the kit holds. Decision (the rulebook is silent): a kind that runs out is no longer
    handed out."""

    launch_per_colour: int = field(
        metadata=bounded("Launch tokens of each colour, won by launching a balloon in it.", 1, MAX_TOKENS)
    )
    multicoloured: int = field(
        metadata=bounded("Multicoloured launch tokens, won by launching a special shape.", 0, MAX_TOKENS)
    )
    safety: int = field(metadata=bounded("Safety tokens, won by moving the safety truck.", 0, MAX_TOKENS))
    scoring: int = field(
        metadata=bounded("Scoring tokens, numbered 1, 2, 3...: at least one per balloon.", 1, MAX_BALLOONS)
    )


@dataclass(frozen=True)
class AloftData(SizedCards):
    """Everything in ``data/aloft.yaml``."""

    colours: tuple[Colour, ...] = field(
        metadata={
            "doc": "The six player colours: each player holds one colour card, or two with two or three players.",
            "minItems": COLOURS,
            "maxItems": COLOURS,
        }
    )
    card_size: str = field(metadata={"doc": f"The card size: {SIZE_WORDS}.", **PRINT_ONLY})
    balloons: tuple[Balloon, ...] = field(
        metadata={
            "doc": "The balloon cards: regular ones of two colours and special shapes.",
            "minItems": COLOURS,
            "maxItems": MAX_BALLOONS,
        }
    )
    trucks: int = field(
        metadata={
            "doc": "Trucks in the convoy, the safety truck included; the board is at least one column wider.",
            "minimum": 2,
            "maximum": MAX_COLUMNS - 1,
        }
    )
    safety_colour: str = field(metadata={"doc": "The safety truck's printed colour.", **RGB, **PRINT_ONLY})
    tokens: TokenCounts = field(metadata={"doc": "How many of each token the kit holds."})
    set_points: tuple[int, ...] = field(
        metadata={
            "doc": "Points for a set of 0, 1, 2... achievement tokens (the last: that many or more); "
            "from 0, never fewer for a larger set.",
            "minItems": 2,
            "maxItems": 12,
            "minimum": 0,
            "maximum": MAX_POINTS,
        }
    )


@dataclass(frozen=True)
class AloftBoard:
    """The sky: ``columns`` x ``rows`` cells of ``cell_width`` x ``cell_height`` mm, trucks below."""

    columns: int = field(
        metadata={"doc": "Number of columns (the truck lane runs below them).", "maximum": MAX_COLUMNS}
    )
    rows: int = field(metadata=bounded("Number of rows of sky a balloon can climb.", 1, MAX_ROWS))
    cell_width: float = field(default=48.0, metadata={"doc": "Cell width in mm; a card must fit.", **CELL_SIDE})
    cell_height: float = field(default=67.5, metadata={"doc": "Cell height in mm; a card must fit.", **CELL_SIDE})


def load_data(variant: Path | None = None) -> Loaded[AloftData]:
    """The card and token data, built in (read once per process) or as the variant file at ``variant`` changes it."""
    if variant is None:
        return _builtin_data()
    return typing.cast(Loaded[AloftData], game_data("aloft", variant))


@cache
def _builtin_data() -> Loaded[AloftData]:
    loaded = load_file(data_file("aloft.yaml"), AloftData, "data/aloft.yaml")
    check_data(loaded)
    return loaded


def check_data(loaded: Loaded[AloftData]) -> None:
    """Refuse card and token data the rules cannot play, with the first problem located in its file."""
    data, source = loaded.value, loaded.source
    size_problem = card_size_problem(data.card_size)
    if size_problem:
        raise source.error("card_size", size_problem)
    known = {c.code for c in data.colours}
    if len(known) != len(data.colours):
        raise source.error("colours", "each colour code may appear once")
    worn: dict[str, str] = {}  # a pattern stands in for its colour, so no two colours share one
    for i, colour in enumerate(data.colours):
        if colour.pattern in worn:
            problem = f"{colour.name} needs a pattern of its own: {worn[colour.pattern]} has {colour.pattern}"
            raise source.error(f"colours[{i}].pattern", problem)
        worn[colour.pattern] = colour.name
    for i, balloon in enumerate(data.balloons):
        if balloon.shape is None and len(set(balloon.colours)) != 2:
            raise source.error(f"balloons[{i}].colours", "a regular balloon has two different colours")
        if balloon.shape is not None and balloon.colours:
            raise source.error(f"balloons[{i}].colours", "a special shape carries no player colour")
    named: dict[str, int] = {}
    for i, balloon in enumerate(data.balloons):
        first = named.setdefault(balloon.name, i)
        if first != i:
            raise source.error(f"balloons[{i}].name", f"balloons[{first}] is already named {balloon.name!r}")
    _check_names(loaded)
    if data.set_points[0] != 0:
        raise source.error("set_points[0]", f"{data.set_points[0]} for a set of no tokens: it scores 0")
    for i in range(1, len(data.set_points)):
        if data.set_points[i] < data.set_points[i - 1]:
            fewer = f"{data.set_points[i]} is fewer than {data.set_points[i - 1]}, the points of a set one smaller"
            raise source.error(f"set_points[{i}]", fewer)
    if data.tokens.scoring < len(data.balloons):  # the formation is scored by a numbered token on every balloon
        have, needed = data.tokens.scoring, len(data.balloons)
        raise source.error("tokens.scoring", f"{have} scoring tokens cannot number {needed} balloons: one each")


def _check_names(loaded: Loaded[AloftData]) -> None:
    """Refuse two colours or balloons that a player would type alike (``inflate BG 3``, ``launch Blue + Green``)."""
    from pnp.games.aloft.notation import Words  # which reads this module's types
    from pnp.games.names import NameClash

    try:
        Words(loaded.value)
    except NameClash as clash:
        raise loaded.source.error(clash.path, str(clash)) from None


def _session_words(data: AloftData, t: Catalogue) -> object:
    """The words a session of ``data`` in ``t``'s words reads moves by (a NameClash: two read alike)."""
    from pnp.games.aloft.notation import session_words

    return session_words(data, t)


VARIANT_DATA: DataFile = DataFile(AloftData, _builtin_data, check_data, deck="balloons", names=_session_words)


def load_board(path: Path | None = None) -> Loaded[AloftBoard]:
    """Read a board file (the built-in one by default); its meaning is checked by ``check_board``."""
    return load_file(path or board_file("aloft.yaml"), AloftBoard, None if path else "boards/aloft.yaml")
