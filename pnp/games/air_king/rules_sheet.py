"""Air King's printed rules (one sheet, two sides) and its player aid, in the project's own words (the
catalogue's ``rules.*`` and ``aid.*`` entries)."""

from __future__ import annotations

from pnp.games.air_king.cards import MOVEMENT
from pnp.games.air_king.field import Field
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.mat import LEGEND, field_drawing
from pnp.games.air_king.model import AirKingData, load_data
from pnp.games.air_king.rules import AirKing
from pnp.games.words import setup_words
from pnp.printing.canvas import Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue


def rules(data: AirKingData, field: Field, t: Catalogue) -> tuple[Sheet, ...]:
    """Set-up with the field drawn, a turn, the aircraft moves, the event cards and the end."""
    front: tuple[Block, ...] = (
        Heading(t("rules.goal.heading")),
        Text(t("rules.goal.text")),
        *_set_up(data, field, t),
        Figure(_field(field, data, t), t("rules.figure"), 58.0),
        Heading(t("rules.turn.heading")),
        Items(
            (
                t("rules.turn.draw"),
                t("rules.turn.move", moves=data.moves_per_turn, cards=data.cards_per_turn),
                t("rules.turn.trim", limit=data.hand_limit),
            ),
            numbered=True,
        ),
        Text(t("rules.turn.order")),
        Heading(t("rules.moves.heading")),
        Items((t("rules.moves.depart"), t("rules.moves.fly"), t("rules.moves.land"))),
        Text(t("rules.moves.space")),
    )
    events = tuple(
        t(
            "rules.events.movement_item" if event.type in MOVEMENT else "rules.events.item",
            title=t(f"data.event.{event.type}.title"),
            count=event.count,
            text=t(f"data.event.{event.type}.text"),
        )
        for event in data.events
        if event.count  # a kind the deck leaves out is not listed
    )
    back: tuple[Block, ...] = (
        Heading(t("rules.events.heading")),
        Text(t("rules.events.piles")),
        Items(events),
        Text(_technical_return(t)),
        *_end(t),
        Heading(t("rules.tips.heading")),
        Items((t("rules.tips.anyone"), t("rules.tips.zones"), t("rules.tips.boxed"))),
    )
    return rules_sheets(t("title"), (front, back), t)


def aids(data: AirKingData, t: Catalogue) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(t("title"), _aid_blocks(data, t), AirKing.max_players, t)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, in the session's words (its language, its variant's texts and data, as its kit prints
    them), with each stage's rule: the set-up, a turn, and showing the goal card at the end."""
    data = load_data(setup.variant_path).value
    t = setup_words("air-king", setup, data)
    end = _end(t)
    set_up = _set_up(data, checked_field(setup.map_path), t)
    stages = {"set-up": set_up, "play": _turn(data, t), "reveal": end, "over": end}
    return Aid(_aid_blocks(data, t), stages)


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: AirKingData, field: Field, t: Catalogue) -> tuple[Block, ...]:
    a, b = (t(f"data.airport.{airport.name}.title") for airport in data.airports)
    first, second = ([p.number for p in data.aircraft if p.home == airport.name] for airport in data.airports)
    return (
        Heading(t("rules.setup.heading")),
        Items(
            (
                t("rules.setup.field", a=a, b=b, lengths=field.columns - 2),
                t(
                    "rules.setup.aircraft",
                    a=a,
                    b=b,
                    a_first=first[0],
                    a_last=first[-1],
                    b_first=second[0],
                    b_last=second[-1],
                ),
                t("rules.setup.goals"),
                t("rules.setup.events"),
                t("rules.setup.returns"),
            ),
            numbered=True,
        ),
    )


def _end(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.end.heading")), Text(t("rules.end.text")))


def _turn(data: AirKingData, t: Catalogue) -> tuple[Block, ...]:
    """The aid's turn."""
    return (
        Heading(t("aid.turn.heading")),
        Items(
            (
                t("aid.turn.draw"),
                t("aid.turn.move", moves=data.moves_per_turn, cards=data.cards_per_turn),
                t("aid.turn.discard", limit=data.hand_limit),
            ),
            numbered=True,
        ),
    )


def _technical_return(t: Catalogue) -> str:
    return t("rules.events.return", title=t("card.return.title"), text=t("data.technical_return.text"))


def _aid_blocks(data: AirKingData, t: Catalogue) -> tuple[Block, ...]:
    return (
        *_turn(data, t),
        Heading(t("aid.moves.heading")),
        Items((t("aid.moves.depart"), t("aid.moves.fly"), t("aid.moves.land"))),
        Text(t("aid.moves.space")),
        Heading(t("rules.events.heading")),
        Items(
            tuple(
                t("aid.event", title=t(f"data.event.{e.type}.title"), text=t(f"data.event.{e.type}.text"))
                for e in data.events
            )
            + (_technical_return(t),)
        ),
        Heading(t("aid.win.heading")),
        Text(t("aid.win.text")),
    )


def _field(field: Field, data: AirKingData, t: Catalogue) -> Drawing:
    """The mat as printed, without the legend along its foot: its words would print too small to read."""
    mat = field_drawing(field, texts=t, data=data)
    return Drawing(mat.width, mat.height - LEGEND, mat.draw)
