"""How Hauling Astronauts' moves read on a button and in a picker: transports by printed name, dice by face,
docks by range.

Labels are for the table page and the move list, never for the record: the notation (``format_move``)
stays what records store.
"""

from __future__ import annotations

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
from pnp.games.hauling_astronauts.state import SLOTS
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Reveal, Secret

_EFFECT = {"gold": "doubles", "red": "halves"}
# Each hidden transport's slot as players name it: by the strip it starts on (row 1 or column a for the first),
# and as a face-down piece is marked in the picture.
SLOT_WORDS = {slot: f"transport for the {nth} strip" for slot, nth in zip(SLOTS, ("first", "second", "third"))}
SLOT_TAGS = dict(zip(SLOTS, ("1st", "2nd", "3rd")))


def die_words(die: int) -> str:
    """A die as a player names it: ``5``, ``gold 5``, ``red 5``."""
    bonus = BONUS_NAMES.get(kind(die))
    return f"{bonus} {face(die)}" if bonus else str(face(die))


def transport_words(transport: Transport) -> str:
    """A transport as its piece prints it, beside the letter a secret is entered with: ``Heron, 13 – 14, pays 4``."""
    return f"{transport.name}, {transport.label}, pays {transport.profit}"


def label(move: Move, data: HaulingData) -> str | None:
    """The move in words; None for a move that is not Hauling Astronauts' own."""
    by_id = {t.id: (player, t) for player, fleet in enumerate(data.fleets) for t in fleet.transports}
    match move:
        case Choose(ids) if all(i in by_id for i in ids):
            strips = STRIP_NAMES[by_id[ids[0]][0]]
            return " · ".join(f"{strip}: {t.name} {t.label}" for strip, t in zip(strips, (by_id[i][1] for i in ids)))
        case Secret(_, value) if value in by_id:
            return transport_words(by_id[value][1])
        case Reveal(slot, "", "") if slot in SLOT_WORDS:
            return f"reveal your {SLOT_WORDS[slot]}: it departs"
        case Roll(dice):
            words = [die_words(d) for d in dice]
            return f"roll {', '.join(words[:-1])} and {words[-1]}"
        case Place(die, space):
            return f"place the {die_words(die)} on {SPACE_NAMES[space]}"
        case MoveDie(source, target):
            return f"move the die on {SPACE_NAMES[source]} to {SPACE_NAMES[target]}"
        case Swap(first, second):
            return f"swap the transports at strips {first} and {second}"
        case Depart(strip, dock) if strip in STRIP_INDEX and 0 <= dock < len(data.docks):
            place = data.docks[dock]
            extras = [f"{bonus} {_EFFECT[bonus]} the {part}" for bonus, part in move.bonuses]
            return ", ".join([f"depart strip {strip} to d{dock + 1} ({place.label}, +{place.bonus})", *extras])
        case End():
            return "end the turn without departing"
        case Pass():
            return "pass (nothing else is possible)"
    return None


def picker_path(move: Move, data: HaulingData) -> PickerPath | None:
    """The set-up's transports strip by strip; a die placed, then the space it goes to on the 3 x 3 grid."""
    by_id = {t.id: (player, t) for player, fleet in enumerate(data.fleets) for t in fleet.transports}
    match move:
        case Choose(ids) if all(i in by_id for i in ids):
            strips = STRIP_NAMES[by_id[ids[0]][0]]
            return PickerPath(
                tuple((f"Transport for strip {strip}", transport_words(by_id[i][1])) for strip, i in zip(strips, ids))
            )
        case Place(die, space):
            die_placed = f"the {die_words(die)}"
            return PickerPath(
                (("Die to place", die_placed), (f"Place {die_placed} on", SPACE_NAMES[space])),
                cell=divmod(space, SIZE),
                rows=tuple(ROW_NAMES),
                columns=tuple(COLUMN_NAMES),
            )
    return None
