"""How Hauling Astronauts' moves read on a button and in a picker, in the session's words (its catalogue's
``play.*`` entries): transports by printed name, dice by face, docks by range.

Labels are for the table page and the move list, never for the record: the notation (``format_move``)
stays what records store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.described import listed, series
from pnp.games.hauling_astronauts.model import HaulingData, Transport
from pnp.games.hauling_astronauts.notation import (
    BONUS_NAMES,
    COLUMN_NAMES,
    ROW_NAMES,
    SIZE,
    SPACE_NAMES,
    STRIP_INDEX,
    STRIP_NAMES,
    Choose,
    Depart,
    End,
    MoveDie,
    Pass,
    Place,
    Roll,
    Swap,
    face,
    kind,
)
from pnp.games.hauling_astronauts.pieces import printed_range
from pnp.games.hauling_astronauts.state import SLOTS
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Reveal, Secret

if TYPE_CHECKING:
    from pnp.texts import Catalogue


def said_die(t: Catalogue, die: int) -> str:
    """A die as a player reads it in the words of ``t``: ``5``, ``gold 5``, ``red 5``."""
    bonus = BONUS_NAMES.get(kind(die))
    return t(f"play.die.{bonus}", face=face(die)) if bonus else str(face(die))


def transport_words(t: Catalogue, transport: Transport) -> str:
    """A transport as its piece prints it, beside the letter a secret is entered with: ``Heron, 13 – 14, pays 4``."""
    capacity = printed_range(transport.low, transport.high, t)
    return t("play.transport", name=transport.name, capacity=capacity, profit=transport.profit)


def label(move: Move, data: HaulingData, t: Catalogue) -> str | None:
    """The move in the words of ``t``; None for a move that is not Hauling Astronauts' own."""
    by_id = {tr.id: (player, tr) for player, fleet in enumerate(data.fleets) for tr in fleet.transports}
    match move:
        case Choose(ids) if all(i in by_id for i in ids):
            strips, chosen = STRIP_NAMES[by_id[ids[0]][0]], (by_id[i][1] for i in ids)
            each = [
                t("play.choose.next" if n else "play.choose.first", name=tr.name, strip=strip)
                for n, (strip, tr) in enumerate(zip(strips, chosen))
            ]
            return t("play.choose", transports=series(t, each))
        case Secret(_, value) if value in by_id:
            return transport_words(t, by_id[value][1])
        case Reveal(slot, "", "") if slot in SLOTS:  # only ever the departing one: named without a strip of its own
            return t("play.reveal")
        case Roll(dice):
            return t("play.move.roll", dice=series(t, [said_die(t, d) for d in dice]))
        case Place(die, space):
            return t("play.move.place", die=said_die(t, die), space=SPACE_NAMES[space])
        case MoveDie(source, target):
            return t("play.move.move", source=SPACE_NAMES[source], target=SPACE_NAMES[target])
        case Swap(first, second):
            return t("play.move.swap", first=first, second=second)
        case Depart(strip, dock) if strip in STRIP_INDEX and 0 <= dock < len(data.docks):
            place = data.docks[dock]
            capacity = printed_range(place.low, place.high, t)
            words = t("play.move.depart", strip=strip, dock=dock + 1, capacity=capacity, bonus=place.bonus)
            return listed(t, [words, *(t(f"play.move.depart.{bonus}.{part}") for bonus, part in move.bonuses)])
        case End():
            return t("play.move.end")
        case Pass():
            return t("play.move.pass")
    return None


def picker_path(move: Move, data: HaulingData, t: Catalogue) -> PickerPath | None:
    """The set-up's transports strip by strip; a roll die by die, in any order; a die placed, then the space it goes
    to on the 3 x 3 grid."""
    by_id = {tr.id: (player, tr) for player, fleet in enumerate(data.fleets) for tr in fleet.transports}
    match move:
        case Choose(ids) if all(i in by_id for i in ids):
            strips = STRIP_NAMES[by_id[ids[0]][0]]
            steps = (
                (t("play.picker.strip", strip=strip), transport_words(t, by_id[i][1])) for strip, i in zip(strips, ids)
            )
            return PickerPath(tuple(steps), title=t("play.picker.choose"))
        case Roll(dice):
            return PickerPath(
                tuple((t("play.picker.rolled", number=n), said_die(t, die)) for n, die in enumerate(dice, 1)),
                any_order=True,
            )
        case Place(die, space):
            placed = t("play.picker.the_die", die=said_die(t, die))
            return PickerPath(
                ((t("play.picker.die"), placed), (t("play.picker.place", die=placed), SPACE_NAMES[space])),
                cell=divmod(space, SIZE),
                rows=tuple(ROW_NAMES),
                columns=tuple(COLUMN_NAMES),
            )
    return None
