"""Take Off!'s moves and their notation.

    roll R Y              the two dice as rolled at the table (any order; written in die-face order)
    draw tokyo            the TAKE OFF! card drawn (its capital: the city id, or the name as printed)
    send 2                send jet 2 to the card's capital
    fly 1 midway tokyo    jet 1 along two routes, through Midway to Tokyo
    fly 1 midway 2 taipei jet 1 to Midway and jet 2 to Taipei, one route each
    fly 1 midway          one route only (when the other die cannot be used)
    pass                  no rolled colour can be used

Jets are numbered from 1 within a player's fleet, as on the tokens. A city is read by its id or by
its printed name, loosely (``Port Louis``, ``st georges``, ``ndjamena``: see ``pnp.games.names``);
a move holds, and is written with, the id. Moves are named tuples, hashed in C: the driver hashes
every outcome of every roll and draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pnp.errors import NotationError, quote
from pnp.games.names import Names
from pnp.referee.notation import number


class Roll(NamedTuple):
    """Two die faces, by letter, in die-face order."""

    first: str
    second: str


class Draw(NamedTuple):
    """A TAKE OFF! card drawn: the id of its capital."""

    city: str


class Send(NamedTuple):
    """Send a jet (numbered from 1) to the capital on the oldest card in hand."""

    jet: int


class Fly(NamedTuple):
    """Jets flown along routes: (jet number, cities in order) per jet, jets in ascending order."""

    legs: tuple[tuple[int, tuple[str, ...]], ...]


class Pass(NamedTuple):
    """Nothing rolled can be used: the turn ends."""


TakeOffMove = Roll | Draw | Send | Fly | Pass
USAGE = "expected 'roll F F', 'draw CITY', 'send JET', 'fly JET CITY [CITY] [JET CITY]' or 'pass'"


def make_roll(a: str, b: str, faces: Sequence[str]) -> Roll:
    """The roll of faces ``a`` and ``b`` in canonical (die-face) order."""
    return Roll(a, b) if faces.index(a) <= faces.index(b) else Roll(b, a)


def parse(text: str, faces: Sequence[str], names: Names) -> TakeOffMove:
    """Read one move; ``faces`` are the die-face letters, ``names`` the map's cities."""
    words = text.split()
    if not words:
        raise NotationError(f"cannot read an empty move: {USAGE}")
    head, rest = words[0].lower(), words[1:]
    if head == "roll" and len(rest) == 2:
        letters = [w.upper() for w in rest]
        unknown = [w for w in letters if w not in faces]
        if unknown:
            raise NotationError(f"cannot read {text!r}: {unknown[0]!r} is not a die face (faces: {' '.join(faces)})")
        return make_roll(letters[0], letters[1], faces)
    if head == "draw" and rest:
        only = rest[0].lower()
        return Draw(only if len(rest) == 1 and only in names.shown else names.key(" ".join(rest), text))
    if head == "send" and len(rest) == 1:
        return Send(_jet(rest[0], text))
    if head == "fly" and rest:
        return Fly(_legs(rest, text, names))
    if head == "pass" and not rest:
        return Pass()
    raise NotationError(f"cannot read {text!r}: {USAGE}")


def _jet(word: str, text: str) -> int:
    return number(word, "a jet number (1, 2, ...)", text)


def _legs(words: list[str], text: str, names: Names) -> tuple[tuple[int, tuple[str, ...]], ...]:
    legs: list[tuple[int, list[str]]] = []
    for word in words:
        if word[0].isdigit():  # a word that starts like a number names a jet (city names start with a letter)
            legs.append((_jet(word, text), []))
        elif not legs:
            raise NotationError(f"cannot read {quote(text)}: say which jet flies first, e.g. {quote('fly 1 ' + word)}")
        else:
            legs[-1][1].append(word)
    jets = [jet for jet, _ in legs]
    if any(not cities for _, cities in legs):
        raise NotationError(f"cannot read {quote(text)}: name the city each jet flies to after its number")
    if len(set(jets)) != len(jets):
        raise NotationError(f"cannot read {quote(text)}: name each jet once, with all its cities, e.g. 'fly 1 a b'")
    return tuple(sorted((jet, cities_named(cities, names, text)) for jet, cities in legs))


def cities_named(words: Sequence[str], names: Names, text: str) -> tuple[str, ...]:
    """The city ids that ``words`` name in order, each city by its id or its printed name (of one or more words).

    Every way of splitting the words into names is tried: ``port louis mexico city`` reads as Port Louis
    then Mexico City. Ids, one word each, are read first and directly, so records replay unchanged. Two
    readings, or none, are a NotationError (the unknown part with the nearest names suggested).
    """
    ids = tuple(word.lower() for word in words)
    if all(city in names.shown for city in ids):
        return ids
    count = len(words)
    # readings[i]: up to two ways to read words[i:] as cities (enough to tell one from several)
    readings: list[list[tuple[str, ...]]] = [[] for _ in range(count)] + [[()]]
    for i in range(count - 1, -1, -1):
        for j in range(i + 1, count + 1):
            city = names.find(" ".join(words[i:j])) if readings[j] else None
            if city is not None:
                fresh = [(city, *rest) for rest in readings[j] if (city, *rest) not in readings[i]]
                readings[i] += fresh[: 2 - len(readings[i])]
            if len(readings[i]) == 2:
                break
    if len(readings[0]) == 1:
        return readings[0][0]
    if readings[0]:
        shown = " or ".join(
            f"{' then '.join(names.shown[c] for c in reading)} ({' '.join(reading)})"
            for reading in sorted(readings[0], key=len)
        )
        raise NotationError(f"cannot read {quote(text)}: the cities may be {shown}; write them by their ids")
    names.key(" ".join(words[slice(*_unknown(words, names, readings))]), text)
    raise AssertionError("unreachable: the unknown part names no city")


def _unknown(words: Sequence[str], names: Names, readings: list[list[tuple[str, ...]]]) -> tuple[int, int]:
    """The shortest run of words, leftmost first, with a readable part before and after it: the unknown name."""
    count = len(words)
    before = [True] + [False] * count  # before[i]: words[:i] read as cities
    for i in range(count):
        for j in range(i + 1, count + 1):
            if before[i] and not before[j] and names.find(" ".join(words[i:j])) is not None:
                before[j] = True
    runs = [(j - i, i, j) for i in range(count) for j in range(i + 1, count + 1) if before[i] and readings[j]]
    _, start, end = min(runs)
    return start, end


def format_move(move: TakeOffMove) -> str:
    """Write one move in the notation."""
    if isinstance(move, Roll):
        return f"roll {move.first} {move.second}"
    if isinstance(move, Draw):
        return f"draw {move.city}"
    if isinstance(move, Send):
        return f"send {move.jet}"
    if isinstance(move, Fly):
        return "fly " + " ".join(f"{jet} {' '.join(cities)}" for jet, cities in move.legs)
    return "pass"
