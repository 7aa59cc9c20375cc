"""Take Off!'s moves and their notation.

    roll R Y              the two dice as rolled at the table (any order; written in die-face order)
    draw tokyo            the TAKE OFF! card drawn (a capital's city id)
    send 2                send jet 2 to the card's capital
    fly 1 midway tokyo    jet 1 along two routes, through Midway to Tokyo
    fly 1 midway 2 taipei jet 1 to Midway and jet 2 to Taipei, one route each
    fly 1 midway          one route only (when the other die cannot be used)
    pass                  no rolled colour can be used

Jets are numbered from 1 within a player's fleet, as on the tokens. Moves are named tuples, hashed
in C: the driver hashes every outcome of every roll and draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pnp.errors import NotationError
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


def parse(text: str, faces: Sequence[str]) -> TakeOffMove:
    """Read one move; ``faces`` are the die-face letters."""
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
    if head == "draw" and len(rest) == 1:
        return Draw(rest[0].lower())
    if head == "send" and len(rest) == 1:
        return Send(_jet(rest[0], text))
    if head == "fly" and rest:
        return Fly(_legs(rest, text))
    if head == "pass" and not rest:
        return Pass()
    raise NotationError(f"cannot read {text!r}: {USAGE}")


def _jet(word: str, text: str) -> int:
    return number(word, "a jet number (1, 2, ...)", text)


def _legs(words: list[str], text: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
    legs: list[tuple[int, list[str]]] = []
    for word in words:
        if word[0].isdigit():  # a word that starts like a number names a jet (city ids start with a letter)
            legs.append((_jet(word, text), []))
        elif not legs:
            raise NotationError(f"cannot read {text!r}: say which jet flies first, e.g. 'fly 1 {word}'")
        else:
            legs[-1][1].append(word.lower())
    jets = [jet for jet, _ in legs]
    if any(not cities for _, cities in legs):
        raise NotationError(f"cannot read {text!r}: name the city each jet flies to after its number")
    if len(set(jets)) != len(jets):
        raise NotationError(f"cannot read {text!r}: name each jet once, with all its cities, e.g. 'fly 1 a b'")
    return tuple(sorted((jet, tuple(cities)) for jet, cities in legs))


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
