"""Take Off!'s printed rules (one sheet, two sides) and its player aid, in the project's own words."""

from __future__ import annotations

from pnp.games.take_off.model import TakeOffData, load_data
from pnp.games.take_off.rules import TakeOff
from pnp.printing.canvas import Canvas, Draw, Drawing
from pnp.printing.parts import Card, Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup

GAP = 4.0  # mm between the pieces of the set-up figure


def rules(title: str, data: TakeOffData, cards: tuple[Card, Card], face: dict[str, Draw]) -> tuple[Sheet, ...]:
    """Set-up with a card of each deck and the die's faces drawn, a turn, the dice, bumping and the end.

    ``cards`` is the first card of the brown and of the blue deck; ``face`` draws each die face by its letter.
    """
    colours = ", ".join(f"{c.name.lower()} ({c.letter})" for c in data.route_colours)
    brown, blue = data.deck("east"), data.deck("west")
    front: tuple[Block, ...] = (
        Heading("What you play for"),
        Text(
            "Each player flies a fleet of jets once round the world: from Start, Honolulu on the map's "
            "east edge, westward to Finish, Honolulu again on its west edge. The first fleet to bring "
            "every jet home wins."
        ),
        Heading("Set-up"),
        Items(
            (
                "Put the map together: the overview page shows where each tile goes. The black line down "
                "the middle splits it into an eastern and a western half.",
                f"Shuffle each deck on its own. The {brown.name.lower()} deck holds the capitals of the "
                f"eastern half and goes by it; the {blue.name.lower()} deck, the western half's, goes by "
                "that half.",
                f"Each player takes the jets of one colour. Agree how many jets a fleet has ({data.fleet_default} "
                f"suggested, up to {data.fleet_max}; more make a longer game) and stand them on Start.",
                "Fold and glue the two dice. Choose who starts; play goes clockwise.",
            ),
            numbered=True,
        ),
        Figure(
            _pieces(data, cards, face),
            "A card of each deck (capital, country, map square) and the six faces of a die.",
            70.0,
        ),
        Heading("Your turn"),
        Text(
            f"Roll both dice. Routes come in four colours, {colours}, each with its letter printed on "
            "the line, and every route leads west. For two colour faces, either:"
        ),
        Items(
            (
                "fly one jet along a route of one colour and then on along a route of the other, in "
                "either order; or",
                "fly two jets, each along a route of one of the colours.",
            )
        ),
        Text(
            "Use both dice whenever some way allows it, else one; if neither fits anywhere, your turn is "
            "over. Only forward, that is westward."
        ),
    )
    back: tuple[Block, ...] = (
        Heading("The special faces"),
        Items(
            (
                "*Jet*: counts as a colour of your choice.",
                f"*TAKE OFF!*: draw a card at once, from the {brown.name.lower()} deck if any of your jets "
                f"is on the eastern half (Start counts as east), else from the {blue.name.lower()} deck. "
                "Send one of your jets straight to that capital; the map square on the card shows where to "
                "look, and anyone may help find it. Then use the other die.",
            )
        ),
        Text("A card that has been used goes to a discard pile; a deck that runs out is its discards shuffled."),
        Heading("Doubles"),
        Text(
            "Equal faces give you another turn once this one is done. A double TAKE OFF! draws two cards: "
            "send two different jets, or your only jet to both capitals in the order drawn."
        ),
        Heading("Landing and bumping"),
        Text(
            "Every city where a jet stops counts as a landing, the one in the middle of a two-route flight "
            "too. A jet landing where rival jets stand sends all of them back to Start. Your own jets may "
            "share a city; Start and Finish never bump anyone."
        ),
        *_END,
    )
    return rules_sheets(title, (front, back))


def aids(title: str, data: TakeOffData) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(title, _aid_blocks(data), TakeOff.max_players)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, with each stage's rule: a turn, and the end."""
    return Aid(_aid_blocks(load_data(setup.variant_path).value), {"play": _TURN, "over": _END})


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


_END = (
    Heading("The end"),
    Text(
        "A jet that reaches Finish leaves play. The first player to bring the whole fleet home wins; "
        "the others may race on for the places."
    ),
)
_TURN = (
    Heading("Your turn: roll both dice"),
    Items(
        (
            "*Two colours*: one jet along both routes (either order), or two jets one route each.",
            "*Jet face*: any colour.",
            "*TAKE OFF!*: draw a card at once and send a jet to its capital, then use the other die.",
        )
    ),
    Text("Always west. Use both dice if you can, else one."),
)


def _aid_blocks(data: TakeOffData) -> tuple[Block, ...]:
    brown, blue = (data.deck(half).name.lower() for half in ("east", "west"))
    return (
        *_TURN,
        Heading("Which deck"),
        Text(f"Any jet of yours on the eastern half (Start included): {brown}. All on the western half: {blue}."),
        Heading("And"),
        Items(
            (
                "*Doubles*: another turn. Double TAKE OFF!: two cards, two jets (or one jet to both, in order).",
                "*Bumping*: stop where rivals stand and they all go back to Start (never at Start or Finish).",
                "*Winning*: jets at Finish leave play; the first fleet all home wins.",
            )
        ),
    )


def _pieces(data: TakeOffData, cards: tuple[Card, Card], face: dict[str, Draw]) -> Drawing:
    """Two cards side by side, the die's six faces in two columns beside them."""
    card = data.card
    s = data.die_size
    dice_x = 2 * (card.width + GAP)
    width = dice_x + 2 * s + GAP
    height = max(card.height, 3 * s + 2 * GAP)

    def draw(c: Canvas) -> None:
        for n, each in enumerate(cards):
            with c.group(n * (card.width + GAP), 0, name=each.name):
                c.rect(0, 0, card.width, card.height, fill=each.front.background, stroke="#000000", width=0.3)
                with c.clip(0, 0, card.width, card.height):
                    each.front.draw(c)
        for n, letter in enumerate(data.die_faces):
            x, y = dice_x + (n % 2) * (s + GAP), (n // 2) * (s + GAP)
            with c.group(x, y, name=f"face {letter}"):
                face[letter](c)
                c.rect(0, 0, s, s, stroke="#000000", width=0.3)

    return Drawing(width, height, draw)
