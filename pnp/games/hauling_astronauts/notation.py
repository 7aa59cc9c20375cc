"""The board's names, the moves of Hauling Astronauts and their notation (context-free parse and format).

Space ``i`` (0..8) sits in row ``i // 3`` and column ``i % 3``, written column then row: ``a1`` is the
top-left space, ``c3`` the bottom-right. Player 1's loading strips are the rows 1 2 3; player 2's are the
columns a b c. A die is an int: its face 1..6 plus ``GOLD`` or ``RED`` for the optional bonus dice,
written ``4``, ``4g`` or ``4r``.

    choose A C F                  transports for your strips, in strip order (ids or printed names)
    roll 2 5g 6r                  three dice rolled from Available into Booked
    place 5g b2                   a Booked die onto an empty space
    move b2 b3                    a die one space orthogonally (once)
    swap 1 3                      exchange two of your transports
    depart 2 d4 [gold profit|bonus] [red profit|bonus]
    end                           no (further) departure this turn
    pass                          only when no action is possible
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, cast

from pnp.errors import NotationError, quote
from pnp.games.names import Names
from pnp.referee import notation
from pnp.referee.protocol import Move

# -- the grid ------------------------------------------------------------------
SIZE = 3
SPACES = tuple(range(SIZE * SIZE))
COLUMN_NAMES, ROW_NAMES = "abc", "123"
SPACE_NAMES = tuple(f"{COLUMN_NAMES[i % SIZE]}{ROW_NAMES[i // SIZE]}" for i in SPACES)
SPACE_INDEX = {name: i for i, name in enumerate(SPACE_NAMES)}
# STRIPS[player][k]: the spaces of that player's strip k; STRIP_OF[player][space]: the strip holding it.
STRIPS = (
    tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)),
    tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)),
)
STRIP_OF = (tuple(i // SIZE for i in SPACES), tuple(i % SIZE for i in SPACES))
STRIP_NAMES = (ROW_NAMES, COLUMN_NAMES)
STRIP_INDEX = {name: (player, k) for player, names in enumerate(STRIP_NAMES) for k, name in enumerate(names)}


def _neighbours(i: int) -> tuple[int, ...]:
    """The spaces above, below, left and right of space ``i``."""
    r, c = divmod(i, SIZE)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return tuple(rr * SIZE + cc for rr, cc in steps if 0 <= rr < SIZE and 0 <= cc < SIZE)


NEIGHBOURS = tuple(_neighbours(i) for i in SPACES)

# -- dice --------------------------------------------------------------------------
PLAIN, GOLD, RED = 0, 8, 16
FACE = 7  # die & FACE is the face value
MOVED = 32  # flag on a die in the grid that has made its one move
MARKS = {PLAIN: "", GOLD: "g", RED: "r"}
BONUS_NAMES = {GOLD: "gold", RED: "red"}
Target = Literal["profit", "bonus"]
DIE = "a die: a face 1-6, optionally followed by g (gold) or r (red)"
DOCK = "a destination dock d1..d6"


def face(die: int) -> int:
    """The pips a die shows."""
    return die & FACE


def kind(die: int) -> int:
    """PLAIN, GOLD or RED."""
    return die & (GOLD | RED)


def format_die(die: int) -> str:
    """``4``, ``4g`` or ``4r``."""
    return f"{face(die)}{MARKS[kind(die)]}"


# -- moves -------------------------------------------------------------------------
@dataclass(frozen=True)
class Choose:
    """Setup with open transports: the transports for strips 1 2 3 (or a b c), in order."""

    ids: tuple[str, ...]


class Roll(NamedTuple):
    """Three dice rolled at the table and placed in Booked; sorted. A tuple, for fast hashing: the driver
    looks every roll up at each step of a playout."""

    dice: tuple[int, ...]


@dataclass(frozen=True)
class Place:
    """Put a Booked die on an empty space."""

    die: int
    space: int


@dataclass(frozen=True)
class MoveDie:
    """Move a die from one space to an orthogonally adjacent empty space."""

    source: int
    target: int


@dataclass(frozen=True)
class Swap:
    """Exchange two of the mover's transports; strip names sorted."""

    first: str
    second: str


@dataclass(frozen=True)
class Depart:
    """Depart from a full strip to destination dock ``dock`` (0-based), with bonus-die choices."""

    strip: str
    dock: int
    gold: Target | None = None
    red: Target | None = None

    @property
    def bonuses(self) -> tuple[tuple[str, Target], ...]:
        """The bonus dice aboard with what each acts on: ``(("gold", "profit"),)``."""
        return tuple((name, target) for name, target in (("gold", self.gold), ("red", self.red)) if target)


@dataclass(frozen=True)
class End:
    """Decline any (further) departure this turn."""


@dataclass(frozen=True)
class Pass:
    """Let the turn go by: legal only when no roll and no action is possible."""


def format_move(move: Move) -> str:
    """The move in the notation; NotationError for a move of another game."""
    match move:
        case Choose(ids):
            return "choose " + " ".join(ids)
        case Roll(dice):
            return "roll " + " ".join(map(format_die, dice))
        case Place(die, space):
            return f"place {format_die(die)} {SPACE_NAMES[space]}"
        case MoveDie(source, target):
            return f"move {SPACE_NAMES[source]} {SPACE_NAMES[target]}"
        case Swap(first, second):
            return f"swap {first} {second}"
        case Depart(strip, dock):
            extras = [f"{name} {target}" for name, target in move.bonuses]
            return " ".join([f"depart {strip} d{dock + 1}", *extras])
        case End():
            return "end"
        case Pass():
            return "pass"
    raise NotationError(f"not a Hauling Astronauts move: {move!r}")


def _die(word: str, text: str) -> int:
    mark = {"g": GOLD, "r": RED}.get(word[-1:], PLAIN)
    return _at_most(word[:-1] if mark else word, 6, word, DIE, text) | mark


def _space(word: str) -> int:
    try:
        return SPACE_INDEX[word]
    except KeyError:
        raise NotationError(f"bad space {quote(word)}: spaces are a1..c3 (column a-c, row 1-3)") from None


def _strip(word: str) -> str:
    if word not in STRIP_INDEX:
        raise NotationError(f"bad strip {quote(word)}: player 1's strips are 1 2 3, player 2's are a b c")
    return word


def _at_most(digits: str, high: int, word: str, what: str, text: str) -> int:
    """``digits``, the number in ``word``, read as a whole number from 1 to ``high``."""
    try:
        return notation.number(digits, what, text, high=high)
    except NotationError:  # name the whole word, not just its digits
        raise NotationError(f"cannot read {quote(text)}: {quote(word)} is not {what}") from None


def _depart(args: list[str], text: str) -> Depart:
    if len(args) not in (2, 4, 6):
        raise NotationError(
            "depart takes a strip and a dock, then optionally 'gold profit|bonus' and 'red profit|bonus'"
        )
    choices: dict[str, Target] = {}
    for name, target in zip(args[2::2], args[3::2]):
        if name not in ("gold", "red") or name in choices:
            raise NotationError(f"bad depart option {quote(name)}: expected gold or red, once each")
        if target not in ("profit", "bonus"):
            raise NotationError(f"bad {name} choice {quote(target)}: expected profit or bonus")
        choices[name] = cast(Target, target)
    dock = _at_most(args[1][1:] if args[1][:1] == "d" else "", 6, args[1], DOCK, text) - 1
    return Depart(_strip(args[0]), dock, choices.get("gold"), choices.get("red"))


_ARITY = {"choose": 3, "roll": 3, "place": 2, "move": 2, "swap": 2, "end": 0, "pass": 0}


def parse_move(text: str, transports: Names | None = None) -> Move:
    """Read a move; raise NotationError saying what is wrong.

    With ``transports``, ``choose`` reads each transport by id or printed name, loosely
    (``choose tortoise c NEEDLE``), and suggests the nearest for an unknown one.
    """
    words = text.split()
    if not words:
        raise NotationError("empty move")
    verb, args = words[0].lower(), words[1:]
    if verb == "depart":
        return _depart([a.lower() for a in args], text)
    if verb not in _ARITY:
        raise NotationError(f"unknown move {quote(verb)} (known: {', '.join([*_ARITY, 'depart'])})")
    if len(args) != _ARITY[verb]:
        raise NotationError(f"{verb} takes {_ARITY[verb]} argument(s), found {len(args)}")
    if verb == "choose":
        if transports is not None:
            return Choose(tuple(transports.key(a, text) for a in args))
        ids = tuple(a.upper() for a in args)
        if any(len(i) != 1 or not i.isalpha() for i in ids):
            raise NotationError(f"bad transport ids {quote(' '.join(args))}: write three letters, e.g. choose A C F")
        return Choose(ids)
    args = [a.lower() for a in args]
    if verb == "roll":
        return Roll(tuple(sorted(_die(a, text) for a in args)))
    if verb == "place":
        return Place(_die(args[0], text), _space(args[1]))
    if verb == "move":
        return MoveDie(_space(args[0]), _space(args[1]))
    if verb == "swap":
        first, second = sorted(map(_strip, args))
        return Swap(first, second)
    return End() if verb == "end" else Pass()
