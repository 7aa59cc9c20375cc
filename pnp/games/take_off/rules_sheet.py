"""Take Off!'s printed rules (one sheet, two sides) and its player aid, in the project's own words (the
catalogue's ``rules.*`` and ``aid.*`` entries)."""

from __future__ import annotations

from pnp.games.take_off.drawing import deck_colour, round_the_world
from pnp.games.take_off.model import TakeOffData, load_data
from pnp.games.take_off.rules import TakeOff
from pnp.games.take_off.world import World
from pnp.games.words import setup_words
from pnp.printing.canvas import Canvas, Draw, Drawing
from pnp.printing.covered import Uncovered
from pnp.printing.parts import Card, Sheet
from pnp.printing.sheets import Aid, Block, Figure, Heading, Items, Text, player_aids, rules_sheets
from pnp.referee.protocol import Setup
from pnp.texts import Catalogue

GAP = 3.0  # mm between the pieces of the set-up figure
BAND_SHOWN = 12.0  # mm of the card behind that show above the card in front: its band and its deck's letter


def rules(
    world: World, data: TakeOffData, cards: tuple[Card, Card], face: dict[str, Draw], t: Catalogue, tiled: bool
) -> tuple[Sheet, ...]:
    """Set-up with a card of each deck and the die's faces drawn, a turn, the dice, bumping and the end, on the map
    of ``world`` (put together from tiles when ``tiled``).

    ``cards`` is the first card of the brown and of the blue deck; ``face`` draws each die face by its letter.
    """
    ends = {"start": world.name(world.start), "finish": world.name(world.finish)}
    colours = ", ".join(
        t("rules.turn.colour", colour=t(f"data.route.{c.letter}.name").lower(), letter=c.letter)
        for c in data.route_colours
    )
    east, west = (deck_colour(data.deck(half), t) for half in ("east", "west"))
    front: tuple[Block, ...] = (
        Heading(t("rules.goal.heading")),
        Text(t("rules.goal.text" if round_the_world(world) else "rules.goal.across", **ends)),
        Heading(t("rules.setup.heading")),
        Items(
            (
                t("rules.setup.map" if tiled else "rules.setup.map.whole"),
                t("rules.setup.decks", east=east, west=west),
                t("rules.setup.jets", most=data.fleet_max),
                t("rules.setup.dice"),
            ),
            numbered=True,
        ),
        Figure(_pieces(data, cards, face), t("rules.figure"), 82.0),
        Heading(t("rules.turn.heading")),
        Text(t("rules.turn.text", colours=colours)),
        Items((t("rules.turn.one"), t("rules.turn.two"))),
        Text(t("rules.turn.both")),
    )
    back: tuple[Block, ...] = (
        Heading(t("rules.faces.heading")),
        Items((t("rules.faces.jet"), t("rules.faces.takeoff", east=east, west=west))),
        Text(t("rules.discards")),
        Heading(t("rules.doubles.heading")),
        Text(t("rules.doubles.text")),
        Heading(t("rules.bumping.heading")),
        Text(t("rules.bumping.text")),
        *_end(t),
    )
    return rules_sheets(world.map.title, (front, back), t)


def aids(title: str, data: TakeOffData, t: Catalogue) -> tuple[Sheet, ...]:
    """One aid for each of the game's most players."""
    return player_aids(title, _aid_blocks(data, t), TakeOff.max_players, t)


def aid(setup: Setup) -> Aid:
    """The aid for a screen, in the session's words (its language, its variant's texts and data, as its kit prints
    them), with each stage's rule: a turn, and the end."""
    data = load_data(setup.variant_path).value
    t = setup_words("take-off", setup, data)
    return Aid(_aid_blocks(data, t), {"play": _turn(t), "over": _end(t)})


# -- sections printed on the sheets and shown by the table page as a stage's rule ------------------------------


def _end(t: Catalogue) -> tuple[Block, ...]:
    return (Heading(t("rules.end.heading")), Text(t("rules.end.text")))


def _turn(t: Catalogue) -> tuple[Block, ...]:
    return (
        Heading(t("aid.turn.heading")),
        Items((t("aid.turn.colours"), t("aid.turn.jet"), t("aid.turn.takeoff"))),
        Text(t("aid.turn.west")),
    )


def _aid_blocks(data: TakeOffData, t: Catalogue) -> tuple[Block, ...]:
    east, west = (deck_colour(data.deck(half), t) for half in ("east", "west"))
    return (
        *_turn(t),
        Heading(t("aid.deck.heading")),
        Text(t("aid.deck.text", east=east, west=west)),
        Heading(t("aid.and.heading")),
        Items((t("aid.and.doubles"), t("aid.and.bumping"), t("aid.and.winning"))),
    )


def _pieces(data: TakeOffData, cards: tuple[Card, Card], face: dict[str, Draw]) -> Drawing:
    """The blue deck's card behind the brown deck's, its band and letter showing above; the die's six faces in two
    columns beside them. Drawn this compact, the figure prints large enough to keep each card's country and
    letter and the TAKE OFF! face's words (a figure leaves out text that would print under 6 pt)."""
    card = data.card
    s = data.die_size
    dice_x = card.width + GAP
    width = dice_x + 2 * s + GAP
    height = max(card.height + BAND_SHOWN, 3 * s + 2 * GAP)

    def draw(c: Canvas) -> None:
        behind, front = reversed(cards)
        with c.group(0, 0, name=behind.name):  # only its band shows: nothing else of it is drawn, words least of all
            c.rect(0, 0, card.width, BAND_SHOWN, fill=behind.front.background, stroke="#000000", width=0.3)
            with c.clip(0, 0, card.width, BAND_SHOWN):
                behind.front.draw(Uncovered(c, BAND_SHOWN))
        with c.group(0, BAND_SHOWN, name=front.name):
            c.rect(0, 0, card.width, card.height, fill=front.front.background, stroke="#000000", width=0.3)
            with c.clip(0, 0, card.width, card.height):
                front.front.draw(c)
        for n, letter in enumerate(data.die_faces):
            x, y = dice_x + (n % 2) * (s + GAP), (n // 2) * (s + GAP)
            with c.group(x, y, name=f"face {letter}"):
                face[letter](c)
                c.rect(0, 0, s, s, stroke="#000000", width=0.3)

    return Drawing(width, height, draw)
