"""Hauling Astronauts' printed rules (one sheet, two sides) and its player aid, in the project's own words (the
catalogue's ``rules.*`` and ``aid.*`` entries)."""

from __future__ import annotations

from pnp.games.hauling_astronauts.model import HaulingData, load_data
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.games.words import setup_words
from pnp.printing.canvas import Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue


def rules(data: HaulingData, page: Drawing, t: Catalogue) -> tuple[Sheet, ...]:
    """Set-up with the printed page drawn small, a turn, departures and scoring, the end and the options."""
    front: tuple[Block, ...] = (
        Heading(t("rules.goal.heading")),
        Text(t("rules.goal.text")),
        *_set_up(data, t),
        Figure(page, t("rules.figure"), 82.0),
        Heading(t("rules.turn.heading")),
        Text(t("rules.turn.text")),
        Items((t("rules.turn.place"), t("rules.turn.move"), t("rules.turn.swap"))),
        Text(t("rules.turn.shared")),
    )
    back: tuple[Block, ...] = (
        Heading(t("rules.departures.heading")),
        Text(t("rules.departures.text")),
        Items((t("rules.departures.dock"), t("rules.departures.dice"))),
        *_scoring(t),
        Text(t("rules.marker")),
        *_end(t),
        Heading(t("rules.options.heading")),
        Items((t("rules.options.bonus"), t("rules.options.hidden"))),
    )
    return rules_sheets(t("title"), (front, back), t)


def aids(t: Catalogue) -> tuple[Sheet, ...]:
    """One aid for each player."""
    return player_aids(t("title"), _aid_blocks(t), HaulingAstronauts.max_players, t)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, in the session's words (its language and its variant's texts, as its kit prints them),
    with each stage's rule: the set-up, a turn, the last reveal and the scoring."""
    t = setup_words("hauling-astronauts", setup)
    data = load_data(setup.map_path, setup.variant_path).value
    stages = {"set-up": _set_up(data, t), "play": _turn(t), "reveal": _end(t), "over": _scoring(t)}
    return Aid(_aid_blocks(t), stages)


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: HaulingData, t: Catalogue) -> tuple[Block, ...]:
    transports = len(data.fleets[0].transports)
    return (
        Heading(t("rules.setup.heading")),
        Items(
            (t("rules.setup.cut", transports=transports), t("rules.setup.dock"), t("rules.setup.dice")),
            numbered=True,
        ),
    )


def _scoring(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.scoring.heading")), Items((t("rules.scoring.profit"), t("rules.scoring.bonus"))))


def _end(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.end.heading")), Text(t("rules.end.text")))


def _turn(t: Catalogue) -> tuple[Block, ...]:
    return (
        Heading(t("aid.turn.heading")),
        Items((t("aid.turn.roll"), t("aid.turn.action"), t("aid.turn.depart")), numbered=True),
    )


def _aid_blocks(t: Catalogue) -> tuple[Block, ...]:
    return (
        *_turn(t),
        Heading(t("aid.departing.heading")),
        Items(
            (
                t("aid.departing.load"),
                t("aid.departing.dock"),
                t("aid.departing.score"),
                t("aid.departing.dice"),
            )
        ),
        Heading(t("rules.end.heading")),
        Text(t("aid.end")),
    )
