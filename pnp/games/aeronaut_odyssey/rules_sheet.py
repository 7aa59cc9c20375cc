"""Aeronaut Odyssey's printed rules (one sheet, two sides) and its player aid, in the project's own words (the
catalogue's ``rules.*`` and ``aid.*`` entries)."""

from __future__ import annotations

from pnp.games.aeronaut_odyssey.draw import draw_map
from pnp.games.aeronaut_odyssey.model import ROUTE_POINTS, AeroMap
from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey
from pnp.games.words import setup_words
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Table, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue

FIGURE_UNIT = 10.0  # mm per map block in the set-up figure (scaled down to the column)
FIGURE_NAMES = 1.25  # the figure's city names, larger in their discs: a regular map's print at about 7 pt


def rules(board: AeroMap, t: Catalogue) -> tuple[Sheet, ...]:
    """Set-up with this kit's map drawn small, a turn's two actions, rewards, scoring and the expansions."""
    front: tuple[Block, ...] = (
        Heading(t("rules.goal.heading")),
        Text(t("rules.goal.text")),
        *_set_up(t),
        Figure(_map(board), t("rules.figure"), 75.0),
        Heading(t("rules.turn.heading")),
        Text(t("rules.turn.move")),
        Text(t("rules.turn.claim")),
    )
    back: tuple[Block, ...] = (
        Heading(t("rules.rewards.heading")),
        Text(t("rules.rewards.text")),
        Heading(t("rules.end.heading")),
        Text(t("rules.end.text")),
        Heading(t("rules.scoring.heading")),
        Text(t("rules.scoring.text")),
        _points(t),
        Text(t("rules.scoring.areas")),
        Heading(t("rules.expansions.heading")),
        Items(
            (
                t("rules.expansions.trajectories"),
                t("rules.expansions.winds"),
                t("rules.expansions.multi"),
                t("rules.expansions.bonus"),
            )
        ),
    )
    return rules_sheets(t("title"), (front, back), t)


def aids(players: int | None, t: Catalogue) -> tuple[Sheet, ...]:
    """One aid per player: ``players`` of them, or as many as the game's most players."""
    return player_aids(t("title"), _aid_blocks(t), players or AeronautOdyssey.max_players, t)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, in the session's words (its language and its variant's texts, as its kit prints them),
    with each stage's rule: the set-up, a turn, and the scoring."""
    t = setup_words("aeronaut-odyssey", setup)
    return Aid(_aid_blocks(t), {"set-up": _set_up(t), "play": _turn(t), "over": _scoring(t)})


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(t: Catalogue) -> tuple[Block, ...]:
    return (
        Heading(t("rules.setup.heading")),
        Items((t("rules.setup.board"), t("rules.setup.traveller"), t("rules.setup.start")), numbered=True),
    )


def _turn(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("aid.turn.heading")), Items((t("aid.turn.move"), t("aid.turn.claim"))))


def _points(t: Catalogue) -> Table:
    """Points by a route's length."""
    lengths = range(1, len(ROUTE_POINTS))
    points = (str(ROUTE_POINTS[n]) for n in lengths)
    return Table(((t("table.spaces"), *map(str, lengths)), (t("table.points"), *points)))


def _scoring(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.scoring.heading")), _points(t), Text(t("aid.area")))


def _aid_blocks(t: Catalogue) -> tuple[Block, ...]:
    return (
        *_turn(t),
        Heading(t("aid.rewarded.heading")),
        Text(t("aid.rewarded.text")),
        Items((t("aid.rewarded.travel"), t("aid.rewarded.claim"))),
        *_scoring(t),
        Heading(t("rules.end.heading")),
        Text(t("aid.end")),
    )


def _map(board: AeroMap) -> Drawing:
    """The map alone, as the board draws it."""

    def draw(c: Canvas) -> None:
        draw_map(c, board, FIGURE_UNIT, name_scale=FIGURE_NAMES)

    return Drawing(board.width * FIGURE_UNIT, board.height * FIGURE_UNIT, draw)
