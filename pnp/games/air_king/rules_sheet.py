"""Air King's printed rules (one sheet, two sides) and its player aid, in the project's own words."""

from __future__ import annotations

from pnp.games.air_king.field import Field
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.mat import field_drawing
from pnp.games.air_king.model import AirKingData, load_data
from pnp.games.air_king.rules import AirKing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup

TITLE = "Air King"


def rules(data: AirKingData, field: Field) -> tuple[Sheet, ...]:
    """Set-up with the field drawn, a turn, the aircraft moves, the event cards and the end."""
    front: tuple[Block, ...] = (
        Heading("What you play for"),
        Text(
            "You are air-traffic controllers sharing one crowded sky. A secret goal card names four aircraft "
            "for you; the first controller to bring all four down at the far airport wins. Every aircraft "
            "is anyone's to move, so bluff: move others' aircraft as well as your own."
        ),
        *_set_up(data, field),
        Figure(
            field_drawing(field),
            "The field: each airport with its departure zones beside it, and the arrival zone in front of "
            "the runway of the airport where an aircraft lands.",
            58.0,
        ),
        Heading("Your turn, in three steps"),
        Items(
            (
                "*Draw* the top event card into your hand.",
                f"*Move and play.* Make exactly {data.moves_per_turn} aircraft moves, on one aircraft or two. "
                f"At any moment in between you may play up to {data.cards_per_turn} event cards, no more "
                "than one of them a movement card.",
                f"*Trim your hand.* Holding more than {data.hand_limit} event cards, discard down to "
                f"{data.hand_limit}. Technical Return never counts towards this.",
            ),
            numbered=True,
        ),
        Text("Play passes clockwise. The player who flew most recently starts."),
        Heading("Aircraft moves"),
        Items(
            (
                "*Depart*: an aircraft still at its home airport enters a free departure zone beside it.",
                "*Fly*: one space ahead or to either side onto an empty space; never back. Only an aircraft "
                "that has gone past its arrival zone may step back one space.",
                "*Land*: from the arrival zone in front of its destination's runway, and from nowhere else. "
                "A landed aircraft leaves the field.",
            )
        ),
        Text(
            "One thing to a space: an aircraft or a Storm, never two. Aircraft never fly beyond the airports."
        ),
    )
    events = tuple(
        f"*{event.title}* ({event.count}{', movement' if event.type in ('extra', 'diagonal') else ''}): {event.text}"
        for event in data.events
    )
    back: tuple[Block, ...] = (
        Heading("Event cards"),
        Text(
            f"Cards played go on the field or onto a face-up discard pile. When the draw pile runs out, "
            "shuffle the discards into a new one."
        ),
        Items(events),
        Text(f"*Technical Return* (one each): {data.technical_return.text} It counts as one of your two cards."),
        *_END,
        Heading("Good to know"),
        Items(
            (
                "Any player may move any aircraft: yours are known only to you.",
                "Both departure zones taken means no one can depart from that airport until one is free.",
                "An aircraft boxed in by others or by a Storm may have no move at all: plan around it.",
            )
        ),
    )
    return rules_sheets(TITLE, (front, back))


def aids(data: AirKingData) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(TITLE, _aid_blocks(data), AirKing.max_players)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, with each stage's rule: the set-up, a turn, and showing the goal card at the end."""
    data = load_data().value
    stages = {"set-up": _set_up(data, checked_field(setup.map_path)), "play": _turn(data), "reveal": _END, "over": _END}
    return Aid(_aid_blocks(data), stages)


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: AirKingData, field: Field) -> tuple[Block, ...]:
    a, b = (airport.title for airport in data.airports)
    home = {airport.name: [p.number for p in data.aircraft if p.home == airport.name] for airport in data.airports}
    first, second = (f"{numbers[0]} to {numbers[-1]}" for numbers in home.values())
    return (
        Heading("Set-up"),
        Items(
            (
                f"Lay out the field mat, or put {a} and {b} with their runways "
                f"{field.columns - 2} card lengths apart, the runways between them as arrival zones.",
                f"Aircraft {first} wait beside {a}; aircraft {second} beside {b}. None is on the field yet.",
                "Deal each player one goal card at random: read it, show no one.",
                "Shuffle the event cards, deal one to each player, and stack the rest face down.",
                f"Each player also takes one Technical Return card and keeps it apart from the hand.",
            ),
            numbered=True,
        ),
    )


_END = (
    Heading("The end"),
    Text(
        "Once all four aircraft on your goal card have landed, show the card on your own turn and you "
        "win. If your last one lands during someone else's turn, you must wait for yours, and another "
        "controller may win first."
    ),
)


def _turn(data: AirKingData) -> tuple[Block, ...]:
    """The aid's turn."""
    return (
        Heading("Your turn"),
        Items(
            (
                "*Draw* one event card.",
                f"*Move* aircraft exactly {data.moves_per_turn} times; *play* up to {data.cards_per_turn} cards "
                "whenever you like, one movement card at most.",
                f"*Discard* down to {data.hand_limit} cards (Technical Return not counted).",
            ),
            numbered=True,
        ),
    )


def _aid_blocks(data: AirKingData) -> tuple[Block, ...]:
    return (
        *_turn(data),
        Heading("Moves"),
        Items(
            (
                "*Depart* onto a free departure zone beside its home airport.",
                "*Fly* one space ahead or sideways, never back (one step back only beyond the arrival zone).",
                "*Land* only from the arrival zone at its destination.",
            )
        ),
        Text("Never two things on one space."),
        Heading("Event cards"),
        Items(tuple(f"*{event.title}*: {event.text}" for event in data.events)),
        Heading("Winning"),
        Text("All four goal aircraft landed: show your goal card on your own turn."),
    )
