"""Aloft's YAML data (cards, tokens, values) and board, loaded into typed objects."""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import ClassVar, Literal

from pnp.loader import RGB, Loaded, did_you_mean, load_file
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


@dataclass(frozen=True)
class Colour:
    """A player colour: its letter, name, printed RGB and fill pattern (on its colour card and its balloon halves)."""

    code: ColourCode
    name: str
    rgb: str = field(metadata={**RGB, **PRINT_ONLY})
    pattern: PatternKind = field(
        metadata={"doc": "The fill pattern of its colour card and of every balloon half in it.", **PRINT_ONLY}
    )


@dataclass(frozen=True)
class Balloon:
    """A balloon card: a regular balloon of two colours, or a special shape with none."""

    RETIRED: ClassVar[dict[str, str]] = {
        "pattern": "a balloon half wears its colour's pattern; set it once per colour, as colours[].pattern"
    }

    name: str
    colours: tuple[ColourCode, ...] = ()
    shape: Shape | None = None


@dataclass(frozen=True)
class TokenCounts:
    """How many of each token the kit holds."""

    launch_per_colour: int
    multicoloured: int
    safety: int
    scoring: int


@dataclass(frozen=True)
class AloftData(SizedCards):
    """Everything in ``data/aloft.yaml``."""

    colours: tuple[Colour, ...]
    card_size: str = field(metadata={"doc": f"The card size: {SIZE_WORDS}.", **PRINT_ONLY})
    balloons: tuple[Balloon, ...]
    trucks: int = field(metadata={"doc": "Trucks in the convoy, the safety truck included.", "minimum": 2})
    safety_colour: str = field(metadata={**RGB, **PRINT_ONLY})
    tokens: TokenCounts
    set_points: tuple[int, ...] = field(
        metadata={
            "doc": "Points for a set of 0, 1, 2... achievement tokens (the last: that many or more).",
            "minItems": 2,
        }
    )


@dataclass(frozen=True)
class AloftBoard:
    """The sky: ``columns`` x ``rows`` cells of ``cell_width`` x ``cell_height`` mm, trucks below."""

    columns: int = field(
        metadata={"doc": "Number of columns (the truck lane runs below them).", "maximum": MAX_COLUMNS}
    )
    rows: int = field(metadata={"doc": "Number of rows of sky a balloon can climb.", "minimum": 1, "maximum": MAX_ROWS})
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
        for k, code in enumerate(balloon.colours):
            if code not in known:
                hint = did_you_mean(code, known)
                raise source.error(f"balloons[{i}].colours[{k}]", f"colour {code} is not listed under colours{hint}")
    named: dict[str, int] = {}
    for i, balloon in enumerate(data.balloons):
        first = named.setdefault(balloon.name, i)
        if first != i:
            raise source.error(f"balloons[{i}].name", f"balloons[{first}] is already named {balloon.name!r}")
    _check_names(loaded)
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
