"""Aloft's printed rules (one sheet, two sides) and its player aid, in the project's own words."""

from __future__ import annotations

from pnp.games.aloft.board import MARGIN, TOP, board_drawing
from pnp.games.aloft.components import truck_cards
from pnp.games.aloft.model import AloftBoard, AloftData, load_data
from pnp.games.aloft.rules import Aloft
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Table, Text, player_aids, rules_sheets
from pnp.printing.sizes import CARD_SIZES
from pnp.referee.protocol import Setup

TITLE = "Aloft"


def rules(data: AloftData, board: AloftBoard) -> tuple[Sheet, ...]:
    """Set-up with the start of the road drawn, a turn, the end and the scoring."""
    counts = data.tokens
    colours = ", ".join(colour.name.lower() for colour in data.colours)
    front = (
        Heading("What you play for"),
        Text(
            "A convoy of trucks carries hot-air balloons along a road; one by one they go up into the sky and "
            "settle into a formation. Secretly you back one or two of the balloon colours. Whoever gathers "
            "the most points from launch rewards and from the places their colours take in the formation wins."
        ),
        Heading("In the box"),
        Items(
            (
                f"the panoramic board: {board.columns} columns of sky, {board.rows} rows high, and the road below",
                f"{len(data.balloons)} balloon cards: two colours each, or a special shape in no one's colour",
                f"{data.trucks} truck cards, the orange *safety truck* among them",
                f"{len(data.colours)} colour cards ({colours})",
                f"{counts.launch_per_colour * len(data.colours) + counts.multicoloured} launch tokens "
                f"({counts.multicoloured} multicoloured), {counts.safety} safety tokens, "
                f"{counts.scoring} scoring tokens numbered 1 to {counts.scoring}",
            )
        ),
        *_set_up(data),
        Figure(
            _start(data, board),
            "The start: the convoy under the first columns, the safety truck leading; the sky is still empty.",
            62.0,
        ),
        Heading("Your turn"),
        Text("Do exactly one of these two things, then the next player goes."),
        Text(
            "*Move a truck.* It rolls right into the nearest free space, passing any trucks in between. The "
            "safety truck always stays in front, and the convoy may never hold more than one empty space. A "
            "balloon standing on a truck travels with it. Whoever moves the safety truck takes a safety token."
        ),
        Text(
            "*Advance a balloon.* A balloon goes from packed to inflated to flying, one step a turn:"
        ),
        Items(
            (
                "*Inflate*: stand a packed balloon on a truck that carries none.",
                "*Launch*: move an inflated balloon up into the lowest row, straight above its truck. Take one "
                "launch token of each of its colours (a multicoloured one for a special shape).",
                "*Ascend*: move a flying balloon one row higher.",
            )
        ),
        Text(
            "Two flying balloons may never touch edge to edge, side by side or one above the other (corners "
            "may touch). No balloon climbs past the top row."
        ),
    )
    back = (
        *_END,
        Heading("Scoring: achievements"),
        Items(
            (
                "Sort your tokens into sets: one set per launch colour, and your safety tokens as a set.",
                "Throw away the launch tokens of your own colours: they are worth nothing to you.",
                "Add each multicoloured token to any colour set you like.",
                "Each set scores by its size:",
            ),
            numbered=True,
        ),
        Table(_set_table(data)),
        Heading("Scoring: the formation"),
        Text(
            "Lay the scoring tokens on the balloons in the sky in number order: start in the lowest row, "
            "left to right, then the row above, and so on up. Each balloon that shows one of your colours "
            "earns you the number on its token. Special shapes take a number too, but nobody scores them."
        ),
        Text("Add both scores: the highest total wins."),
        Heading("Good to know"),
        Items(
            (
                "A truck that would leave two gaps in the convoy may not move; nor may one that would pass "
                "the safety truck.",
                "When a pile of tokens runs out, no more of that kind are handed out.",
                "Launching rewards everyone's colours equally: watch which balloons your rivals hurry along.",
            )
        ),
    )
    return rules_sheets(TITLE, (front, back))


def aids(data: AloftData) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(TITLE, _aid_blocks(data), Aloft.max_players)


def aid(_setup: Setup) -> Aid:
    """The aid for a screen, with each stage's rule: the set-up, a turn, the end's reveals and the scoring."""
    data = load_data().value
    return Aid(_aid_blocks(data), {"set-up": _set_up(data), "play": _TURN, "reveal": _END, "over": _scoring(data)})


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: AloftData) -> tuple[Block, ...]:
    return (
        Heading("Set-up"),
        Items(
            (
                "Shuffle the colour cards. With two or three players each takes two, with four to six each takes "
                "one. Look at yours and keep them hidden until the end.",
                f"Line the {data.trucks} trucks up on the road under the leftmost columns, the safety truck "
                "in front on the right.",
                "Put every balloon card beside the board, face up: all start *packed*.",
                "Sort the tokens into piles within everyone's reach. Pick who starts; play goes clockwise.",
            ),
            numbered=True,
        ),
    )


_END = (
    Heading("The end"),
    Text(
        "The game stops at once when the last balloon has been launched, or when no truck can move any "
        "more. Everyone then shows their colour cards."
    ),
)
_TURN = (
    Heading("On your turn: one of"),
    Items(
        (
            "*Move a truck* right to the nearest free space (the safety truck leads, one gap at most); "
            "the safety truck earns a safety token.",
            "*Inflate* a packed balloon onto a free truck.",
            "*Launch* an inflated balloon into the lowest row above its truck: a launch token per colour "
            "(multicoloured for a special shape).",
            "*Ascend* a flying balloon one row.",
        )
    ),
    Text("Flying balloons never touch edge to edge or pass the top row."),
)


def _aid_blocks(data: AloftData) -> tuple[Block, ...]:
    return (*_TURN, Text("*The end*: after the last launch, or when no truck can move."), *_scoring(data))


def _scoring(data: AloftData) -> tuple[Block, ...]:
    """The aid's scoring."""
    return (
        Heading("Scoring"),
        Text("Drop your own colours' launch tokens, add multicoloured ones to any set; each set scores:"),
        Table(_set_table(data)),
        Text(
            "Number the formation with the scoring tokens, lowest row first, left to right; score the "
            "number of each balloon showing your colour."
        ),
    )


def _start(data: AloftData, board: AloftBoard) -> Drawing:
    """The board as printed, with the truck cards on the road under the first columns."""
    picture = board_drawing(board)
    trucks = truck_cards(data)
    lane = TOP + MARGIN + board.rows * board.cell_height
    size = CARD_SIZES[data.card_size]

    def draw(c: Canvas) -> None:
        picture.draw(c)
        for column, truck in enumerate(trucks):
            x = MARGIN + column * board.cell_width + (board.cell_width - size.width) / 2
            with c.group(x, lane + (board.cell_height - size.height) / 2, name=truck.name):
                c.rect(0, 0, size.width, size.height, fill=truck.front.background, stroke="#000000", width=0.3)
                truck.front.draw(c)

    return Drawing(picture.width, picture.height, draw)


def _set_table(data: AloftData) -> tuple[tuple[str, ...], ...]:
    """Points by the size of a set of achievement tokens (the last size: that many or more)."""
    last = len(data.set_points) - 1
    return (
        ("Set size", *(f"{n}+" if n == last else str(n) for n in range(last + 1))),
        ("Points", *(str(points) for points in data.set_points)),
    )
