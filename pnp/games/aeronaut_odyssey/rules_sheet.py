"""Aeronaut Odyssey's printed rules (one sheet, two sides) and its player aid, in the project's own words."""

from __future__ import annotations

from pnp.games.aeronaut_odyssey.draw import draw_map
from pnp.games.aeronaut_odyssey.model import ROUTE_POINTS, AeroMap
from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Table, Text, player_aids, rules_sheets
from pnp.texts.shipped import toolkit
from pnp.referee.protocol import Setup

TITLE = "Aeronaut Odyssey"
FIGURE_UNIT = 10.0  # mm per map block in the set-up figure (scaled down to the column)


def rules(board: AeroMap) -> tuple[Sheet, ...]:
    """Set-up with this kit's map drawn small, a turn's two actions, rewards, scoring and the expansions."""
    front: tuple[Block, ...] = (
        Heading("What you play for"),
        Text(
            "Balloon companies claim the air routes between cities by drawing on one shared printed map "
            "with pens. Claimed routes and the areas they close in bring points; the best-scoring company "
            "wins."
        ),
        *_SET_UP,
        Figure(_map(board), "This kit's map: cities are lettered, A is the capital; each route is a row of "
               "spaces in its balloon type.", 75.0),
        Heading("Your turn: move or claim"),
        Text(
            "*Move.* Take your traveller along a route to a linked city that still has a free slot: cross "
            "it out where it was and draw it in the new slot. Then write two balloons into your "
            "inventory, of types that routes touching your new city have."
        ),
        Text(
            "*Claim.* Pay for a route by crossing out balloons of its type, as many as it has spaces, and "
            "draw your symbol in each space. You may claim a route anywhere on the map; each route is "
            "claimed once. With two players, only one lane of a double route can be claimed."
        ),
    )
    points = tuple(
        (str(length), str(ROUTE_POINTS[length])) for length in range(1, len(ROUTE_POINTS))
    )
    back: tuple[Block, ...] = (
        Heading("Rewards"),
        Text(
            "Being *rewarded* means writing one balloon of your choice, or adding one space to your "
            "inventory. It happens to a route's owner when someone travels over their route or picks a "
            "balloon of its type after a move, and to you when you claim a route that touches the city "
            "where your traveller stands."
        ),
        Heading("The end"),
        Text("The game ends when every route is claimed, or when nobody can do anything more."),
        Heading("Scoring"),
        Text("Every claimed route scores by its length:"),
        Table((("Spaces", *(row[0] for row in points)), ("Points", *(row[1] for row in points)))),
        Text(
            "A number printed between routes is an area. When claimed routes close it in on every side, "
            "it scores for the player who owns most of those routes (all of them on a tie). The highest "
            "total wins."
        ),
        Heading("Expansions (when the board prints them)"),
        Items(
            (
                "*Trajectories*: link the two cities with your own routes, or own routes of every type "
                "shown; then mark a free slot and take its reward.",
                "*Wild winds*: a gray route takes any one type. Picking at a city a gray route touches, "
                "you may write a wildcard, which pays as any type, but it is your only balloon that turn.",
                "*Multiroutes*: each space has its own type and is claimed alone; everyone who claimed a "
                "part scores the whole route once it is complete.",
                "*Bonus spaces*: claiming the route gives you the printed bonus at once, or an ability to "
                "use once later (then cross it out).",
            )
        ),
    )
    return rules_sheets(TITLE, (front, back), toolkit())


def aids(players: int | None) -> tuple[Sheet, ...]:
    """One aid per player: ``players`` of them, or as many as the game's most players."""
    return player_aids(TITLE, _AID, players or AeronautOdyssey.max_players, toolkit())


def aid(_setup: Setup) -> Aid:
    """The aid for a screen, with each stage's rule: the set-up, a turn, and the scoring."""
    return Aid(_AID, {"set-up": _SET_UP, "play": _TURN, "over": _SCORING})


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


_SET_UP = (
    Heading("Set-up"),
    Items(
        (
            "Print a board for this game and give everyone a pen. Each player takes an inventory along "
            "the board's edge (cut it off to keep it private, if you like). With two players, each "
            "uses two inventories.",
            "Each player picks a little symbol that is easy to draw: it is your *traveller*. Draw it "
            "at the capital, city A.",
            "Choose who starts; turns go clockwise. Later seats start with balloons of their choice "
            "written in their inventory: seats 2 and 3 one, seats 4 and 5 two, seat 6 three.",
        ),
        numbered=True,
    ),
)
_TURN = (
    Heading("Your turn: one of"),
    Items(
        (
            "*Move* your traveller to a linked city with a free slot, then write two balloons of "
            "types touching that city.",
            "*Claim* a route anywhere: cross out as many balloons of its type as it has spaces, draw "
            "your symbol in each space.",
        )
    ),
)
_SCORING = (
    Heading("Scoring"),
    Table(
        (
            ("Spaces", *(str(n) for n in range(1, len(ROUTE_POINTS)))),
            ("Points", *(str(p) for p in ROUTE_POINTS[1:])),
        )
    ),
    Text("A closed-in area: its number to whoever owns most of its routes."),
)
_AID = (
    *_TURN,
    Heading("Rewarded"),
    Text("One balloon of your choice or one more inventory space."),
    Items(
        (
            "someone travels over your route, or picks a type of your route;",
            "you claim a route at your traveller's city.",
        )
    ),
    *_SCORING,
    Heading("The end"),
    Text("Every route claimed, or no one can act."),
)


def _map(board: AeroMap) -> Drawing:
    """The map alone, as the board draws it."""

    def draw(c: Canvas) -> None:
        draw_map(c, board, FIGURE_UNIT)

    return Drawing(board.width * FIGURE_UNIT, board.height * FIGURE_UNIT, draw)
