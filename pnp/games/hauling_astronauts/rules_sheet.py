"""Hauling Astronauts' printed rules (one sheet, two sides) and its player aid, in the project's own words."""

from __future__ import annotations

from pnp.games.hauling_astronauts.model import HaulingData, load_data
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.printing.canvas import Drawing
from pnp.printing.parts import Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup

TITLE = "Hauling Astronauts"


def rules(data: HaulingData, page: Drawing) -> tuple[Sheet, ...]:
    """Set-up with the printed page drawn small, a turn, departures and scoring, the end and the options."""
    front: tuple[Block, ...] = (
        Heading("What you play for"),
        Text(
            "Two space lines fly astronauts to Mars. Dice stand for groups of astronauts (one to six); "
            "you load three of them onto each of your three transports. A load that fits the transport's "
            "capacity earns its profit, and a load that fits the range of the destination dock it reaches "
            "earns that dock's bonus. The richer line wins."
        ),
        *_set_up(data),
        Figure(page, "The game page: pieces to cut out on top, the board below.", 82.0),
        Heading("A turn"),
        Text(
            "Player 1 opens by rolling three dice from Available into *Booked*. From then on, whenever at "
            "least three dice wait in Available, the player whose turn it is may first roll three of them "
            "into Booked. Then they take exactly one action:"
        ),
        Items(
            (
                "*Place* a Booked die on any empty space of the 3 by 3 *Confirmed* grid.",
                "*Move* a die on the grid one space up, down, left or right to an empty space, and turn it "
                "45° to show it has moved: each die moves once at most before it leaves.",
                "*Swap* two of your docked transports (not twice in a row unless a die has moved in between).",
            )
        ),
        Text("Either player may use any die: the grid is shared. Play alternates."),
    )
    back: tuple[Block, ...] = (
        Heading("Departures"),
        Text(
            "Once all nine grid spaces have been full, a player whose strip (the row or column in front "
            "of one of their transports) holds three dice may, at the end of their action, send that "
            "transport off with its dice. One departure a turn. Add up the pips: that is the load."
        ),
        Items(
            (
                "The transport goes to a free *destination dock* whose range holds the load if there is one "
                "(you choose among several); otherwise to any free dock.",
                "The three dice go back to Available. A strip that has departed is closed to its owner.",
            )
        ),
        *_SCORING,
        Text("Move your score marker along your track as you score."),
        *_END,
        Heading("Options"),
        Items(
            (
                "*Bonus dice*: two of the nine dice are the gold and the red one (or stand a die on the "
                "printed marker). On departure, the gold die doubles the profit or the bonus, the red one "
                "halves one of them (rounding down): the departing player picks.",
                "*Hidden transports*: dock your transports face down; turn one up when it departs.",
            )
        ),
    )
    return rules_sheets(TITLE, (front, back))


def aids() -> tuple[Sheet, ...]:
    """One aid for each player."""
    return player_aids(TITLE, _AID, HaulingAstronauts.max_players)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, with each stage's rule: the set-up, a turn, the last reveal and the scoring."""
    stages = {"set-up": _set_up(load_data(setup.map_path, setup.variant_path).value), "play": _TURN, "reveal": _END, "over": _SCORING}
    return Aid(_AID, stages)


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _set_up(data: HaulingData) -> tuple[Block, ...]:
    transports = len(data.fleets[0].transports)
    return (
        Heading("Set-up"),
        Items(
            (
                f"Cut out the pieces at the top of the game page: {transports} transports per player, the "
                "two bonus-die markers and a score marker each. The board stays whole.",
                "Each player chooses three transports and docks them, face up and in any order, at their "
                "three loading docks (player 1 beside the rows, player 2 above the columns). Player 1 "
                "chooses first. Put the others away.",
                "Put the nine dice in *Available* and both score markers on 0.",
            ),
            numbered=True,
        ),
    )


_SCORING = (
    Heading("Scoring"),
    Items(
        (
            "*Profit*: the transport's profit if the load fits its capacity.",
            "*Bonus*: the dock's bonus if the load fits the dock's range, whether or not it fits the "
            "transport.",
        )
    ),
)
_END = (
    Heading("The end"),
    Text(
        "A player whose three transports have all departed stops playing; the other carries on alone "
        "until theirs have too, or until neither can do anything more. The higher score wins; equal "
        "scores share the win."
    ),
)
_TURN = (
    Heading("Your turn"),
    Items(
        (
            "*Roll* (optional, at least three dice in Available): three dice into Booked.",
            "Then one action: *place* a Booked die on the grid; *move* a die one space and turn it "
            "(once per die); or *swap* two of your transports.",
            "Then, once the grid has been full: you may *depart* one full strip of yours.",
        ),
        numbered=True,
    ),
)
_AID = (
    *_TURN,
    Heading("Departing"),
    Items(
        (
            "Load = the pips on the strip's three dice.",
            "To a free dock whose range holds the load, if any; else to any free dock.",
            "Profit if the load fits the transport; bonus if it fits the dock.",
            "Dice back to Available; the strip is closed to you.",
        )
    ),
    Heading("The end"),
    Text("When your three have left you stop; the other plays on. Higher score wins."),
)
