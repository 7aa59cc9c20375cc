"""Air King's moves, their notation (context-free), and a table of ready-made move objects.

Notation (docs/games/air-king.md):

- ``draw storm`` enters the event card just drawn (or dealt at set-up); a card is
  named by its id or its printed title, loosely (``draw Holding``, ``draw clear sky``);
- ``depart 3 a2``, ``fly 3 b2``, ``land 3`` are aircraft moves; with an Extra
  move card in front: ``extra fly 3 b2`` (also ``extra depart``, ``extra land``);
- ``diagonal 3 c2`` plays Extra diagonal move and flies aircraft 3 to c2;
- ``storm c3``, ``clear c3``, ``hold 3``, ``pass 3 8``, ``return 3`` play cards;
- ``end`` ends the moves and cards of a turn; ``discard storm`` discards.

``format_move`` always writes the card's id, so records read the same whichever name was typed.
"""

from __future__ import annotations

from typing import NamedTuple

from pnp.errors import NotationError, quote
from pnp.games.air_king.field import CELL, Field
from pnp.games.air_king.model import CARD_TYPES
from pnp.games.names import Names
from pnp.referee.notation import number

FLIGHTS = ("depart", "fly", "land")


class AirMove(NamedTuple):
    """One input. ``aircraft``/``other`` are aircraft numbers, ``cell`` a space name, ``card`` an event type."""

    action: str
    aircraft: int = 0
    cell: str = ""
    card: str = ""
    other: int = 0
    extra: bool = False


# action -> the words after it
_SHAPES = {
    "draw": ("card",),
    "discard": ("card",),
    "depart": ("aircraft", "cell"),
    "fly": ("aircraft", "cell"),
    "land": ("aircraft",),
    "diagonal": ("aircraft", "cell"),
    "storm": ("cell",),
    "clear": ("cell",),
    "hold": ("aircraft",),
    "pass": ("aircraft", "other"),
    "return": ("aircraft",),
    "end": (),
}
_PLANES = ("aircraft", "other")
_SHOWN = {"card": "CARD", "aircraft": "N", "other": "M", "cell": "SPACE"}
_FORMS = (
    "draw CARD, depart N SPACE, fly N SPACE, land N, extra depart|fly|land ..., diagonal N SPACE, "
    "storm SPACE, clear SPACE, hold N, pass N M, return N, end, discard CARD"
)


def parse_move(text: str, cards: Names) -> AirMove:
    """Read one move, its event card by any name in ``cards``; raise NotationError saying what was expected."""
    words = text.lower().split()
    extra = bool(words) and words[0] == "extra"
    if extra:
        words = words[1:]
        if not words or words[0] not in FLIGHTS:
            raise NotationError(f"cannot read {quote(text)}: 'extra' comes before depart, fly or land")
    if not words or words[0] not in _SHAPES:
        raise NotationError(f"cannot read {quote(text)}: expected one of: {_FORMS}")
    action, args = words[0], words[1:]
    shape = _SHAPES[action]
    if shape == ("card",) and args:  # a printed title may run over several words: "clear sky"
        args = [cards.key(" ".join(args), text)]
    if len(args) != len(shape):
        wanted = " ".join([action, *(_SHOWN[w] for w in shape)])
        raise NotationError(f"cannot read {quote(text)}: expected '{wanted}'")
    given = dict(zip(shape, args))
    aircraft, other = (number(given[k], "an aircraft number (1, 2, ...)", text) if k in given else 0 for k in _PLANES)
    cell, card = given.get("cell", ""), given.get("card", "")
    if cell and not CELL.match(cell):
        raise NotationError(f"cannot read {quote(text)}: {cell!r} is not a space (column letter and lane: c3)")
    if action == "pass":
        if other == aircraft:
            raise NotationError(f"cannot read {quote(text)}: a Pass swaps two different aircraft")
        aircraft, other = sorted((aircraft, other))
    return AirMove(action, aircraft, cell, card, other, extra)


def format_move(move: AirMove) -> str:
    """Write a move in the notation ``parse_move`` reads."""
    words = ["extra", move.action] if move.extra else [move.action]
    for kind in _SHAPES[move.action]:
        words.append(str(getattr(move, kind)))
    return " ".join(words)


class MoveTable:
    """Every move object a field allows, made once so listing legal moves only picks them up."""

    def __init__(self, field: Field, aircraft: int) -> None:
        names = field.names
        spaces = range(len(names))
        planes = range(aircraft)
        self.depart = [[AirMove("depart", a + 1, n) for n in names] for a in planes]
        self.fly = [[AirMove("fly", a + 1, n) for n in names] for a in planes]
        self.land = [AirMove("land", a + 1) for a in planes]
        self.diagonal = [[AirMove("diagonal", a + 1, n) for n in names] for a in planes]
        self.storm = [AirMove("storm", cell=names[c]) for c in spaces]
        self.clear = [AirMove("clear", cell=names[c]) for c in spaces]
        self.hold = [AirMove("hold", a + 1) for a in planes]
        self.back = [AirMove("return", a + 1) for a in planes]
        self.passing = {(a, b): AirMove("pass", a + 1, other=b + 1) for a in planes for b in planes if a < b}
        self.draw = [AirMove("draw", card=t) for t in CARD_TYPES]
        self.discard = [AirMove("discard", card=t) for t in CARD_TYPES]
        self.end = AirMove("end")
        self.extra = {m: m._replace(extra=True) for rows in (self.depart, self.fly) for row in rows for m in row}
        self.extra.update({m: m._replace(extra=True) for m in self.land})
