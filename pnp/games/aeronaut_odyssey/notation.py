"""Aeronaut Odyssey's move notation: short words, read without knowing the state.

=================  ==============================================================
``move F``         travel to city F (``move F/2``: over lane 2 of a double route)
``pick r``         take a balloon after moving (``pick w``: a wildcard)
``claim C-F rrw``  claim route C-F paying r, r and a wildcard (``C-F/2``: lane 2;
                   ``C-F:2 g``: space 2 of a multiroute)
``gain g``         a reward or free balloon taken as a balloon (``gain space``)
``swap r g``       swap a red balloon for a green one (``skip``: decline)
``use jump``       play a bonus ability (jump, discount or extra)
``block``          refuse to be rewarded, so the pick is not allowed (``allow``)
=================  ==============================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from pnp.errors import NotationError
from pnp.games.aeronaut_odyssey.model import ABILITIES, LETTERS, MAX_LENGTH, ORDER, city_order
from pnp.referee.notation import number

CITY = r"[A-Z]{1,3}"
_MOVE = re.compile(rf"^({CITY})(/2)?$")
_ROUTE = re.compile(rf"^({CITY})-({CITY})(/2|:(.*))?$")  # the space is read by number()
_PAY = re.compile(rf"^[{ORDER}]{{1,6}}$")
SHAPES = {
    "move": "move CITY (or CITY/2 for lane 2)",
    "pick": f"pick TYPE ({' '.join(ORDER)})",
    "claim": "claim ROUTE PAYMENT, e.g. claim C-F rrw or claim C-F:2 g",
    "gain": f"gain TYPE ({' '.join(LETTERS)}) or gain space",
    "swap": "swap FROM TO, e.g. swap r g",
    "skip": "skip",
    "use": f"use ABILITY ({' '.join(ABILITIES)})",
    "block": "block",
    "allow": "allow",
}


class AeroMove(NamedTuple):
    """A move: its verb and up to two words after it, kept in canonical form."""

    verb: str
    arg: str = ""
    extra: str = ""


class MoveTable:
    """Every move of one map built once, so listing legal moves allocates little; indexed as the board is."""

    def __init__(self, cities: Sequence[str], lanes: Sequence[str]) -> None:
        self.lanes = lanes
        self.pick = [AeroMove("pick", t) for t in ORDER]  # by type index, the wildcard last
        self.gain = [AeroMove("gain", t) for t in LETTERS]
        self.gain_space = AeroMove("gain", "space")
        self.swap = [[AeroMove("swap", a, b) for b in LETTERS] for a in ORDER]
        self.skip, self.allow, self.block = AeroMove("skip"), AeroMove("allow"), AeroMove("block")
        self.use = [AeroMove("use", a) for a in ABILITIES]
        self.move = [(AeroMove("move", c), AeroMove("move", c + "/2")) for c in cities]
        self._claims: dict[tuple[int, int, str], AeroMove] = {}

    def claim(self, k: int, space: int, pay: str) -> AeroMove:
        """Claim lane ``k`` (or its multiroute ``space`` from 0, else -1) paying ``pay``."""
        key = (k, space, pay)
        move = self._claims.get(key)
        if move is None:
            name = self.lanes[k] + (f":{space + 1}" if space >= 0 else "")
            move = self._claims[key] = AeroMove("claim", name, pay)
        return move


def parse(text: str) -> AeroMove:
    """Read one move; raise NotationError saying what was expected."""
    words = text.split()
    if not words or words[0] not in SHAPES:
        raise NotationError(f"cannot read {text!r}: a move starts with one of {', '.join(SHAPES)}")
    verb, args = words[0], words[1:]
    arity = {"move": 1, "pick": 1, "claim": 2, "gain": 1, "swap": 2, "use": 1}.get(verb, 0)
    if len(args) != arity:
        raise NotationError(f"cannot read {text!r}: expected '{SHAPES[verb]}'")
    problem = _PROBLEMS[verb](*args)
    if problem:
        raise NotationError(f"cannot read {text!r}: {problem}; expected '{SHAPES[verb]}'")
    if verb == "claim":
        return AeroMove(verb, canonical_route(args[0], text), "".join(sorted(args[1], key=ORDER.index)))
    return AeroMove(verb, *args)


def format_move(move: AeroMove) -> str:
    """The move as text; ``parse`` reads it back."""
    return " ".join(word for word in move if word)


def canonical_route(route: str, text: str) -> str:
    """``F-C:02`` as ``C-F:2``: the two cities in name order, a multiroute space as a plain number."""
    match = _ROUTE.match(route)
    assert match is not None
    a, b, suffix, space = match.groups()
    a, b = sorted((a, b), key=city_order)
    if space is not None:
        suffix = f":{_space(space, text)}"
    return f"{a}-{b}{suffix or ''}"


def _space(word: str, text: str) -> int:
    """The space of a multiroute: a whole number from 1 to the longest route."""
    what = f"a space 1 to {MAX_LENGTH} of a multiroute; expected '{SHAPES['claim']}'"
    return number(word, what, text, high=MAX_LENGTH)


def _route_problem(route: str, pay: str) -> str:
    match = _ROUTE.match(route)
    if not match or match.group(1) == match.group(2):
        return f"{route!r} is not a route such as C-F, C-F/2 or C-F:2"
    if not _PAY.match(pay):
        return f"{pay!r} is not a payment: 1 to 6 letters of {ORDER}"
    return ""


_PROBLEMS: dict[str, Callable[..., str]] = {
    "move": lambda city: "" if _MOVE.match(city) else f"{city!r} is not a city such as F or F/2",
    "pick": lambda t: "" if len(t) == 1 and t in ORDER else f"{t!r} is not a balloon type",
    "claim": _route_problem,
    "gain": lambda t: "" if t == "space" or (len(t) == 1 and t in LETTERS) else f"{t!r} is not a type or 'space'",
    "swap": lambda a, b: (
        ""
        if len(a) == 1 and a in ORDER and len(b) == 1 and b in LETTERS and a != b
        else "swap one balloon (a type or w) for another type"
    ),
    "use": lambda name: "" if name in ABILITIES else f"{name!r} is not an ability",
    "skip": lambda: "",
    "block": lambda: "",
    "allow": lambda: "",
}
