"""Aloft's printed rules (one sheet, two sides) and its player aid, in the project's own words (the catalogue's
``rules.*`` and ``aid.*`` entries)."""

from __future__ import annotations

from pnp.games.aloft.board import LEGEND, MARGIN, TOP, board_drawing
from pnp.games.aloft.cards import truck_cards
from pnp.games.aloft.model import AloftBoard, AloftData, load_data
from pnp.games.aloft.rules import Aloft
from pnp.games.words import setup_words
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Table, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue


def rules(data: AloftData, board: AloftBoard, t: Catalogue) -> tuple[Sheet, ...]:
    """Set-up with the start of the road drawn, a turn, the end and the scoring."""
    counts = data.tokens
    colours = ", ".join(t(f"data.colour.{colour.code}.name").lower() for colour in data.colours)
    launch = counts.launch_per_colour * len(data.colours) + counts.multicoloured
    front = (
        Heading(t("rules.goal.heading")),
        Text(t("rules.goal.text")),
        Heading(t("rules.box.heading")),
        Items(
            (
                t("rules.box.board", columns=board.columns, rows=board.rows),
                t("rules.box.balloons", count=len(data.balloons)),
                t("rules.box.trucks", count=data.trucks),
                t("rules.box.colours", count=len(data.colours), colours=colours),
                t(
                    "rules.box.tokens",
                    launch=launch,
                    multicoloured=counts.multicoloured,
                    safety=counts.safety,
                    scoring=counts.scoring,
                ),
            )
        ),
        *_set_up(data, t),
        Figure(_start(data, board, t), t("rules.figure"), 62.0),
        Heading(t("rules.turn.heading")),
        Text(t("rules.turn.text")),
        Text(t("rules.turn.truck")),
        Text(t("rules.turn.balloon")),
        Items((t("rules.turn.inflate"), t("rules.turn.launch"), t("rules.turn.ascend"))),
        Text(t("rules.turn.touch")),
    )
    back = (
        *_end(t),
        Heading(t("rules.achievements.heading")),
        Items(
            (
                t("rules.achievements.sort"),
                t("rules.achievements.drop"),
                t("rules.achievements.any"),
                t("rules.achievements.score"),
            ),
            numbered=True,
        ),
        Table(_set_table(data, t)),
        Heading(t("rules.formation.heading")),
        Text(t("rules.formation.text")),
        Text(t("rules.total")),
        Heading(t("rules.tips.heading")),
        Items((t("rules.tips.gaps"), t("rules.tips.piles"), t("rules.tips.rivals"))),
    )
    return rules_sheets(t("title"), (front, back), t)


def aids(data: AloftData, t: Catalogue) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(t("title"), _aid_blocks(data, t), Aloft.max_players, t)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, in the session's words (its language, its variant's texts and data, as its kit prints
    them), with each stage's rule: the set-up, a turn, the end's reveals and the scoring."""
    data = load_data(setup.variant_path).value
    t = setup_words("aloft", setup, data)
    stages = {"set-up": _set_up(data, t), "play": _turn(t), "reveal": _end(t), "over": _scoring(data, t)}
    return Aid(_aid_blocks(data, t), stages)


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: AloftData, t: Catalogue) -> tuple[Block, ...]:
    return (
        Heading(t("rules.setup.heading")),
        Items(
            (
                t("rules.setup.colours"),
                t("rules.setup.trucks", count=data.trucks),
                t("rules.setup.balloons"),
                t("rules.setup.tokens"),
            ),
            numbered=True,
        ),
    )


def _end(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.end.heading")), Text(t("rules.end.text")))


def _turn(t: Catalogue) -> tuple[Block, ...]:
    return (
        Heading(t("aid.turn.heading")),
        Items((t("aid.turn.truck"), t("aid.turn.inflate"), t("aid.turn.launch"), t("aid.turn.ascend"))),
        Text(t("aid.turn.touch")),
    )


def _aid_blocks(data: AloftData, t: Catalogue) -> tuple[Block, ...]:
    return (*_turn(t), Text(t("aid.end")), *_scoring(data, t))


def _scoring(data: AloftData, t: Catalogue) -> tuple[Block, ...]:
    """The aid's scoring."""
    return (
        Heading(t("aid.scoring.heading")),
        Text(t("aid.scoring.sets")),
        Table(_set_table(data, t)),
        Text(t("aid.scoring.formation")),
    )


def _start(data: AloftData, board: AloftBoard, t: Catalogue) -> Drawing:
    """The board as printed, with the truck cards on the road under the first columns; without the legend along
    its foot, whose words would print too small to read."""
    picture = board_drawing(board, texts=t)
    trucks = truck_cards(data, t)
    lane = TOP + MARGIN + board.rows * board.cell_height
    size = data.card

    def draw(c: Canvas) -> None:
        picture.draw(c)
        for column, truck in enumerate(trucks):
            x = MARGIN + column * board.cell_width + (board.cell_width - size.width) / 2
            with c.group(x, lane + (board.cell_height - size.height) / 2, name=truck.name):
                c.rect(0, 0, size.width, size.height, fill=truck.front.background, stroke="#000000", width=0.3)
                truck.front.draw(c)

    return Drawing(picture.width, picture.height - LEGEND, draw)


def _set_table(data: AloftData, t: Catalogue) -> tuple[tuple[str, ...], ...]:
    """Points by the size of a set of achievement tokens (the last size: that many or more)."""
    last = len(data.set_points) - 1
    return (
        (t("table.size"), *(f"{n}+" if n == last else str(n) for n in range(last + 1))),
        (t("table.points"), *(str(points) for points in data.set_points)),
    )
