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

What a player types is read loosely (any case, types by name: ``pick red``,
``claim c-f red red w``); what is recorded is the canonical form above.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from pnp.errors import NotationError, quote
from pnp.games.aeronaut_odyssey.model import ABILITIES, LETTERS, MAX_LENGTH, ORDER, TYPES, WILD, city_order
from pnp.games.names import Names, fold
from pnp.referee.notation import number

CITY = r"[A-Za-z]{1,3}"
_MOVE = re.compile(rf"^({CITY})(/2)?$")
_ROUTE = re.compile(rf"^({CITY})[-\u2013\u2014]({CITY})(/2|:(.*))?$")  # the space is read by number()
_PAY = re.compile(rf"^[{ORDER}]+$")  # a payment written as letters, e.g. rrw
TYPE_WORDS = (*TYPES, "wildcard")  # the name of each inventory slot's type, as the aid prints it
# Types by letter (the notation) or by name (the aid); "wild" as players say it. Abilities by name or by
# the code printed on their bonus square (J, D, E).
TYPE_NAMES = Names(
    "balloon type", {letter: [name, "wild"] if letter == WILD else [name] for letter, name in zip(ORDER, TYPE_WORDS)}
)
ABILITY_NAMES = Names("ability", {name: [name, name[0].upper()] for name in ABILITIES})
SHAPES = {
    "move": "move CITY (or CITY/2 for lane 2)",
    "pick": f"pick TYPE ({' '.join(ORDER)}, or red ... purple, wildcard)",
    "claim": "claim ROUTE PAYMENT, e.g. claim C-F rrw or claim C-F:2 g",
    "gain": f"gain TYPE ({' '.join(LETTERS)}, or red ... purple) or gain space",
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
    """Read one move; raise NotationError saying what was expected.

    Players may type what the board and the aid print: verbs, cities and routes in any case
    (``move f``, ``claim c-f``), balloon types by letter or by name (``pick red``, ``pick W``,
    ``claim C-F red red wildcard``), abilities by name or printed code (``use J``). The move is
    kept in its canonical form, the one :func:`format_move` writes.
    """
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb not in SHAPES:
        raise NotationError(f"cannot read {quote(text)}: a move starts with one of {', '.join(SHAPES)}")
    args = words[1:]
    if verb == "claim":
        if len(args) < 2:
            raise NotationError(f"cannot read {quote(text)}: expected '{SHAPES[verb]}'")
        problem = _route_problem(args[0])
        if problem:
            raise NotationError(f"cannot read {quote(text)}: {problem}; expected '{SHAPES[verb]}'")
        return AeroMove(verb, canonical_route(args[0], text), _payment(args[1:], text))
    arity = {"move": 1, "pick": 1, "gain": 1, "swap": 2, "use": 1}.get(verb, 0)
    if len(args) != arity:
        raise NotationError(f"cannot read {quote(text)}: expected '{SHAPES[verb]}'")
    if verb == "move":
        match = _MOVE.match(args[0])
        if not match:
            raise NotationError(
                f"cannot read {quote(text)}: {quote(args[0])} is not a city such as F or F/2; expected '{SHAPES[verb]}'"
            )
        return AeroMove(verb, match.group(1).upper() + (match.group(2) or ""))
    if verb == "pick":
        return AeroMove(verb, _type(args[0], text, verb))
    if verb == "gain":
        if fold(args[0]) == "space":
            return AeroMove(verb, "space")
        return AeroMove(verb, _type(args[0], text, verb, wild=False))
    if verb == "swap":
        old, new = _type(args[0], text, verb), _type(args[1], text, verb, wild=False)
        if old == new:
            raise NotationError(
                f"cannot read {quote(text)}: swap a balloon for another type; expected '{SHAPES[verb]}'"
            )
        return AeroMove(verb, old, new)
    if verb == "use":
        return AeroMove(verb, _known(ABILITY_NAMES, args[0], text, verb))
    return AeroMove(verb)


def format_move(move: AeroMove) -> str:
    """The move as text; ``parse`` reads it back."""
    return " ".join(word for word in move if word)


def canonical_route(route: str, text: str) -> str:
    """``f-c:02`` as ``C-F:2``: the two cities in capitals and in name order, a multiroute space as a plain number."""
    match = _ROUTE.match(route)
    assert match is not None
    a, b, suffix, space = match.groups()
    a, b = sorted((a.upper(), b.upper()), key=city_order)
    if space is not None:
        suffix = f":{_space(space, text)}"
    return f"{a}-{b}{suffix or ''}"


def _space(word: str, text: str) -> int:
    """The space of a multiroute: a whole number from 1 to the longest route."""
    what = f"a space 1 to {MAX_LENGTH} of a multiroute; expected '{SHAPES['claim']}'"
    return number(word, what, text, high=MAX_LENGTH)


def _route_problem(route: str) -> str:
    match = _ROUTE.match(route)
    if not match or match.group(1).upper() == match.group(2).upper():
        return f"{quote(route)} is not a route such as C-F, C-F/2 or C-F:2"
    return ""


def _known(names: Names, word: str, text: str, verb: str) -> str:
    """The canonical key ``word`` names; else a NotationError with the nearest names, or what was expected."""
    found = names.find(word)
    if found is not None:
        return found
    try:
        names.key(word)
    except NotationError as exc:
        problem = str(exc)
    hint = "" if problem.endswith("?") else f"; expected '{SHAPES[verb]}'"
    raise NotationError(f"cannot read {quote(text)}: {problem}{hint}")


def _type(word: str, text: str, verb: str, wild: bool = True) -> str:
    """A balloon type's letter, from its letter or its name; ``wild`` allows the wildcard."""
    if fold(word) in ("gray", "grey"):
        raise NotationError(
            f"cannot read {quote(text)}: gray is a route, not a balloon: a gray route gives a wildcard, w"
        )
    letter = _known(TYPE_NAMES, word, text, verb)
    if letter == WILD and not wild:
        what = "a balloon of choice" if verb == "gain" else "the balloon swapped in"
        raise NotationError(
            f"cannot read {quote(text)}: {what} is one of the six types, never a wildcard; expected '{SHAPES[verb]}'"
        )
    return letter


def _payment(words: Sequence[str], text: str) -> str:
    """The balloons paid, in canonical order: letters (``rrw``), names (``red red wildcard``) or both."""
    letters = []
    for word in (part for written in words for part in written.split(",") if part):
        found = TYPE_NAMES.find(word)
        if found is not None:
            letters.append(found)
        elif _PAY.match(word.lower()):
            letters.extend(word.lower())
        else:
            letters.append(_known(TYPE_NAMES, word, text, "claim"))
    if not 1 <= len(letters) <= MAX_LENGTH:
        raise NotationError(
            f"cannot read {quote(text)}: a payment is 1 to {MAX_LENGTH} balloons, not {len(letters)}; "
            f"expected '{SHAPES['claim']}'"
        )
    return "".join(sorted(letters, key=ORDER.index))


def plural(n: int, noun: str) -> str:
    """``1 balloon``, ``2 balloons``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
