"""Aloft's move type and its notation (see docs/notation.md), and the words a player may use for its parts.

``truck 5`` moves the truck under column 5; ``inflate RW 3`` puts balloon RW on the truck
under column 3; ``launch RW``; ``ascend RW``. Columns are numbered from 1 in the text and
from 0 inside. Colour cards are the referee's secrets: ``secret colours B,R``.

A balloon may also be named as its card prints it, loosely (``inflate white/red 3``,
``launch Blue + Green``, ``ascend Lion``); the notation written back is always the id.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from pnp.errors import NotationError, quote
from pnp.games.aloft.model import AloftData, Balloon
from pnp.games.aloft.texts import as_printed
from pnp.games.names import NameClash, Names, fold
from pnp.referee import notation
from pnp.referee.protocol import Move
from pnp.texts import Catalogue

USAGE = "expected 'truck COLUMN', 'inflate BALLOON COLUMN', 'launch BALLOON' or 'ascend BALLOON'"


class AloftMove(NamedTuple):
    """``action`` is truck, inflate, launch or ascend; ``column`` is 0-based."""

    action: str
    balloon: str = ""
    column: int = -1


class Words:
    """How Aloft's parts read: balloons by every name a player may type, colours by their printed names."""

    def __init__(self, data: AloftData, shapes: Mapping[str, str] | None = None) -> None:
        """``shapes``: each special shape's name as its card prints it, by id (default: the id titled, ``Lion``).
        Two colours or balloons a player would type alike are a NameClash at the second's field of ``data``."""
        self.colour: dict[str, str] = {c.code: c.name.lower() for c in data.colours}
        self.shape = {b.name: (shapes or {}).get(b.name, b.name.title()) for b in data.balloons if not b.colours}
        try:
            self.colour_codes = Names("colour", {c.code: [c.name] for c in data.colours})
            self.balloons = Names("balloon", {b.name: self._aliases(b) for b in data.balloons})
        except NameClash as clash:
            raise clash.at(_place(data, clash)) from None
        self.shown = {b.name: self.balloon(b) for b in data.balloons}
        # As pictures name a balloon: a two-colour one by its card's title (``BG``, the same in every language), a
        # special shape as its button does (``wolf``, ``loup``). Refusals and the score name it as its button does.
        self.titled = {b.name: b.name if b.colours else self.shown[b.name] for b in data.balloons}

    def _aliases(self, balloon: Balloon) -> list[str]:
        """A regular balloon's letters either way round and its colour names either way round (as the card's
        ``Blue + Green``); a special shape goes by its shape, as printed and in English. The card titles (``BG``,
        ``Lion``) fold to the ids."""
        if not balloon.colours:
            return list(dict.fromkeys((self.shape[balloon.name], balloon.name.title())))
        first, second = balloon.colours
        names = self.colour[first], self.colour[second]
        return [
            f"{first}{second}".upper(),
            f"{second}{first}",
            f"{names[0]}/{names[1]}",
            f"{names[1]}/{names[0]}",
        ]

    def balloon(self, balloon: Balloon) -> str:
        """A balloon as a button reads it: ``red/white``, or its shape as printed (``lion``)."""
        if not balloon.colours:
            return self.shape[balloon.name].lower()
        return "/".join(self.colour[code] for code in balloon.colours)

    def named(self, codes: str) -> list[str]:
        """Comma-separated colour codes as the colours' names: ``B,G`` -> ``['blue', 'green']``."""
        return [self.colour.get(code.strip().upper(), code) for code in codes.split(",")]

    def colours(self, codes: str) -> str:
        """Comma-separated colour codes in English words: ``B,G`` -> ``blue and green``."""
        return " and ".join(self.named(codes))


def _place(data: AloftData, clash: NameClash) -> str:
    """The field of ``data`` giving the second thing of ``clash``: a colour's name; a balloon's name, or else the
    colours or the shape its clashing name is made of."""
    if clash.kind == "colour":
        return f"colours[{next(i for i, c in enumerate(data.colours) if c.code == clash.second)}].name"
    i, balloon = next((i, b) for i, b in enumerate(data.balloons) if b.name == clash.second)
    if fold(balloon.name) == clash.folded:
        return f"balloons[{i}].name"
    return f"balloons[{i}].{'colours' if balloon.colours else 'shape'}"


@cache
def words(data: AloftData) -> Words:
    """The words for ``data``, built once."""
    return Words(data)


def session_words(data: AloftData, t: Catalogue) -> Words:
    """The words of a session of ``data`` whose catalogue is ``t``: colours and special shapes named as it prints
    them (a variant's language and texts)."""
    shapes = {b.name: t(f"data.shape.{b.name}.name") for b in data.balloons if not b.colours}
    return Words(as_printed(data, t), shapes)


def parse_move(text: str, names: Names | None = None) -> AloftMove:
    """Read one of the four actions; ``names`` reads a balloon's printed name into its id (else the id is taken as typed).

    A balloon's name may run over several words (``inflate Blue + Green 3``).
    """
    words = text.split()
    action = words[0] if words else ""
    if action == "truck" and len(words) == 2:
        return AloftMove(action, column=_column(words[1], text))
    if action == "inflate" and len(words) >= 3:
        return AloftMove(action, _balloon(" ".join(words[1:-1]), names, text), _column(words[-1], text))
    if action in ("launch", "ascend") and len(words) >= 2:
        return AloftMove(action, _balloon(" ".join(words[1:]), names, text))
    raise NotationError(f"cannot read {quote(text)}: {USAGE}")


def format_move(move: Move) -> str:
    """Write an Aloft move as ``parse_move`` reads it."""
    if not isinstance(move, AloftMove):
        raise NotationError(f"{move!r} is not an Aloft move")
    if move.action == "truck":
        return f"truck {move.column + 1}"
    if move.action == "inflate":
        return f"inflate {move.balloon} {move.column + 1}"
    return f"{move.action} {move.balloon}"


def _balloon(typed: str, names: Names | None, text: str) -> str:
    if names is None:
        if len(typed.split()) > 1:
            raise NotationError(f"cannot read {quote(text)}: {USAGE}")
        return typed
    try:
        return names.key(typed, text)
    except NotationError as exc:
        if "did you mean" in str(exc):
            raise
        raise NotationError(f"{exc} (balloons: {' '.join(names.shown.values())})") from None


def _column(word: str, text: str) -> int:
    return notation.number(word, "a column number (1, 2, ...)", text) - 1
