"""Air King's cards, front and back: airports, runways, aircraft, goals, events and Technical Return.

Every text on a front is fitted to its box (``pnp.printing.fit``), named by its card in any error.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.games.air_king.model import Aircraft, AirKingData, AirportInfo
from pnp.games.air_king.shapes import INK, WHITE, badge, event_icon, ink_on, plane, symbol
from pnp.printing import fit
from pnp.printing.art import Art
from pnp.printing.canvas import Canvas
from pnp.printing.paper import Rect
from pnp.printing.parts import BLEED_REACH, Card, Deck, Face
from pnp.texts import Catalogue

EVENT_COLOURS = {
    "extra": "#3f8f4a",
    "diagonal": "#23867f",
    "storm": "#4c5566",
    "clear": "#3d8fd1",
    "hold": "#d9771e",
    "pass": "#7b4fc1",
    "return": "#b8322a",
}
BACKS = {"field": "#35424f", "aircraft": "#2f5d8a", "goal": "#1d2330", "event": "#5a3d7a", "return": "#8a2a22"}
MOVEMENT = ("extra", "diagonal")


def decks(data: AirKingData, t: Catalogue, art: Mapping[str, Art] | None = None) -> tuple[Deck, ...]:
    """Every card of the game, grouped into decks that share a back, worded from the catalogue ``t``; ``art``
    replaces an event type's icon with a picture (keys ``event:TYPE``, see ``ART_KEYS``)."""
    art = art or {}
    size = data.card
    w, h = size.width, size.height
    by_name = {a.name: a for a in data.airports}

    def card(name: str, front: Face, back: str, title: str) -> Card:  # each card's back drawn by a function of its own
        return Card(name, front, _back(back, t, w, h), title)

    field = [
        card(f"airport {a.name}", _airport_face(a, data, t, w, h), "field", t(f"data.airport.{a.name}.title"))
        for a in data.airports
    ]
    field += [
        card(f"runway {a.name}", _runway_face(a, t, w, h), "field", t("card.runway.title", airport=a.name))
        for a in data.airports
    ]
    aircraft = [
        card(f"aircraft {p.number}", _aircraft_face(p, by_name, t, w, h), "aircraft", _aircraft_title(p, t))
        for p in data.aircraft
    ]
    goals = [
        card(f"goal {i + 1}", _goal_face(i, goal, data, t, w, h), "goal", t("card.goal.title", number=i + 1))
        for i, goal in enumerate(data.goals)
    ]
    events = [
        card(
            f"{e.type} {n + 1}",
            _event_face(e.type, t(f"data.event.{e.type}.title"), t(f"data.event.{e.type}.text"), t, w, h, art),
            "event",
            t(f"data.event.{e.type}.title"),
        )
        for e in data.events
        for n in range(e.count)
    ]
    returns = [
        card(
            f"technical return {n + 1}",
            _event_face("return", t("card.return.title"), t("data.technical_return.text"), t, w, h, art),
            "return",
            t("card.return.title"),
        )
        for n in range(data.technical_return.count)
    ]
    return (
        Deck(t("deck.field"), size, one=t("deck.field.one"), cards=tuple(field)),
        Deck(t("deck.aircraft"), size, one=t("deck.aircraft.one"), cards=tuple(aircraft)),
        Deck(t("deck.goals"), size, one=t("deck.goals.one"), cards=tuple(goals)),
        Deck(t("deck.events"), size, one=t("deck.events.one"), cards=tuple(events)),
        Deck(t("deck.returns"), size, one=t("deck.returns.one"), cards=tuple(returns)),
    )


def _aircraft_title(craft: Aircraft, t: Catalogue) -> str:
    """An aircraft card as a table names it: its number, its colour and its symbol."""
    return t("part.aircraft", number=craft.number, look=_look(craft, t))


def _look(craft: Aircraft, t: Catalogue) -> str:
    """An aircraft's colour and symbol in words, as its card prints them."""
    return t("card.aircraft.look", colour=t(f"data.aircraft.{craft.number}.colour"), symbol=t(f"symbol.{craft.symbol}"))


def _back(kind: str, t: Catalogue, w: float, h: float) -> Face:
    colour, label, brand = BACKS[kind], t(f"back.{kind}"), t("back.brand")
    card, room = f"{kind} card back", w - 2 * SAFE

    def draw(c: Canvas) -> None:
        c.rect(4, 4, w - 8, h - 8, stroke=WHITE, width=0.6, radius=3)
        plane(c, w / 2, h * 0.4, w * 0.45, "#dfe6ee")
        y = h * 0.68
        fit.line(
            c, w / 2, y, brand, room, size=15, part=card, field="back.brand", bold=True, anchor="middle", fill=WHITE
        )
        fit.line(c, w / 2, y + 6, label, room, size=7, part=card, field=f"back.{kind}", anchor="middle", fill=WHITE)

    return Face(draw, background=colour)


SAFE = 4.0  # mm kept clear along each side of a front (a print shop's safe zone)
INDEX_R = 4.5  # mm: the radius of an event card's corner icon, in its title band


def _band(c: Canvas, w: float, title: str, colour: str, card: str, sub: str = "") -> None:
    """A coloured title band across the top of a card (the text stays inside the safe area)."""
    _edge_band(c, w, 15, colour)
    ink = ink_on(colour)
    room = w - 2 * SAFE
    fit.line(c, w / 2, 9.5, title, room, size=11, part=card, field="title", bold=True, anchor="middle", fill=ink)
    if sub:
        fit.line(c, w / 2, 13.3, sub, room, size=6, part=card, field="subtitle", anchor="middle", fill=ink)


def _indexed_band(c: Canvas, w: float, title: str, colour: str, card: str, sub: str, kind: str) -> None:
    """The title band of a card held in a hand: the kind's icon in its top-left corner and the title set from
    beside it (on two lines if one would shrink it too far), so that a fanned hand, which shows only a strip
    along each card's left edge, still tells its cards apart."""
    _edge_band(c, w, 15, colour)
    ink = ink_on(colour)
    event_icon(c, kind, SAFE + INDEX_R, 7.5, INDEX_R)
    x = SAFE + 2 * INDEX_R + 2
    room = w - SAFE - x
    title_box = Rect(x, 2, room, 8.4)  # one line at 11 pt has its baseline where the band's other titles do
    fit.block(c, title_box, title, size=11, part=card, field="title", bold=True, fill=ink, low=True)
    fit.line(c, x, 13.3, sub, room, size=6, part=card, field="subtitle", fill=ink)


def _edge_band(c: Canvas, w: float, depth: float, colour: str) -> None:
    """A band ``depth`` mm deep across the top of a card, run on into the bleed on the top and both sides (the
    sheet clips it there), so that a cut that wanders shows no white."""
    c.rect(-BLEED_REACH, -BLEED_REACH, w + 2 * BLEED_REACH, depth + BLEED_REACH, fill=colour, stroke=None)


def _line(c: Canvas, w: float, y: float, text: str, size: float, card: str, field: str) -> None:
    """A centred line of ink text across the card's safe area."""
    fit.line(c, w / 2, y, text, w - 2 * SAFE, size=size, part=card, field=field, anchor="middle", fill=INK)


def _airport_face(airport: AirportInfo, data: AirKingData, t: Catalogue, w: float, h: float) -> Face:
    leaving = [p.number for p in data.aircraft if p.home == airport.name]
    arriving = [p.number for p in data.aircraft if p.home != airport.name]

    card = f"airport card {airport.name!r}"

    def draw(c: Canvas) -> None:
        _band(c, w, t(f"data.airport.{airport.name}.title"), airport.rgb, card)
        c.circle(w / 2, h * 0.45, 20, fill=airport.rgb, stroke=INK, width=0.6)
        ink = ink_on(airport.rgb)
        c.text(w / 2, h * 0.45 + 9, airport.name, size=72, bold=True, anchor="middle", fill=ink)  # its letter, A or B
        _line(c, w, h - 22, t("card.airport.departs", numbers=_span(leaving)), 7, card, "departures")
        _line(c, w, h - 17, t("card.airport.lands", numbers=_span(arriving)), 7, card, "arrivals")
        _line(c, w, h - 10, t("card.airport.zones"), 6, card, "zones")

    return Face(draw, band=airport.rgb)


def _runway_face(airport: AirportInfo, t: Catalogue, w: float, h: float) -> Face:
    card = f"runway card {airport.name!r}"

    def draw(c: Canvas) -> None:
        _band(c, w, t("card.runway.title", airport=airport.name), airport.rgb, card, t("card.runway.sub"))
        c.rect(w * 0.25, 18, w * 0.5, h - 36, fill="#5d6166", stroke=INK, width=0.4)
        for i in range(6):
            c.rect(w * 0.3 + i * w * 0.068, 20, w * 0.04, 8, fill=WHITE, stroke=None)
        y = 32.0
        while y < h - 24:
            c.rect(w / 2 - 0.8, y, 1.6, 6, fill=WHITE, stroke=None)
            y += 10
        _line(c, w, h - 12, t("card.runway.land", airport=airport.name), 6.5, card, "landing")
        _line(c, w, h - 7, t("card.runway.storm"), 6.5, card, "storms")

    return Face(draw, band=airport.rgb)


def _aircraft_face(craft: Aircraft, airports: dict[str, AirportInfo], t: Catalogue, w: float, h: float) -> Face:
    destination = next(name for name in airports if name != craft.home)
    look = _look(craft, t)
    route = t("card.aircraft.route", home=craft.home, destination=destination)
    card = f"aircraft card {craft.number}"

    def draw(c: Canvas) -> None:
        _edge_band(c, w, 18, craft.rgb)
        badge(c, craft, w / 2 - 17, 3, 34, 12)
        plane(c, w / 2, h * 0.5, 46, craft.rgb)
        symbol(c, craft.symbol, w / 2, h * 0.5 - 2, 4.5, WHITE)
        for x, y, turn in ((6, h - 6, 0), (w - 6, 22, 180)):  # clear of a print shop's 1/8 in safe zone
            c.text(x, y, str(craft.number), size=9, bold=True, anchor="middle", fill=INK, rotate=turn)  # a number
        _line(c, w, h - 11, look, 6.5, card, "colour")
        _line(c, w, h - 6.5, route, 6, card, "route")

    return Face(draw, band=craft.rgb)


def _goal_face(index: int, card: tuple[int, ...], data: AirKingData, t: Catalogue, w: float, h: float) -> Face:
    crafts = [data.aircraft[n - 1] for n in card]

    label = f"goal card {index + 1}"

    def draw(c: Canvas) -> None:
        _band(c, w, t("card.goal.title", number=index + 1), INK, label, t("card.goal.sub"))
        for i, craft in enumerate(crafts):
            badge(c, craft, 8, 19 + i * 13.5, w - 16, 11)
        box = Rect(SAFE + 2, h - 13.5, w - 2 * SAFE - 4, 13.5 - SAFE)
        fit.block(c, box, t("card.goal.text"), size=6.5, part=label, field="text", anchor="middle", fill=INK)

    return Face(draw, band=INK)


ART_KEYS = {f"event:{kind}": f"the picture on the {kind} event cards" for kind in EVENT_COLOURS}


def _event_face(kind: str, title: str, text: str, t: Catalogue, w: float, h: float, art: Mapping[str, Art]) -> Face:
    """An event card's front; a picture named for ``event:KIND`` replaces its icon."""
    picture = art.get(f"event:{kind}")
    colour = EVENT_COLOURS[kind]
    movement = kind in MOVEMENT
    sub = t("card.event.movement" if movement else "card.event.kept" if kind == "return" else "card.event.sub")
    card = f"event card {title!r}"
    bottom = h - 13 if movement else h - SAFE
    box = Rect(5.5, 53.5, w - 11, bottom - 53.5)

    def draw(c: Canvas) -> None:
        _indexed_band(c, w, title, colour, card, sub, kind)
        if picture is None:
            event_icon(c, kind, w / 2, 34, 14)
        else:
            c.image(8, 17, w - 16, 34, picture)  # the art box: where the icon is, under the band
        fit.block(c, box, text, size=7, part=card, field="text", anchor="middle", fill=INK)
        if movement:
            c.rect(6, h - 12, w - 12, 6.5, stroke=colour, width=0.5, radius=1.5)
            limit = t("card.event.limit")
            fit.line(c, w / 2, h - 7.5, limit, w - 14, size=6, part=card, field="limit", anchor="middle", fill=INK)

    return Face(draw, band=colour)


def _span(numbers: list[int]) -> str:
    """'1-5' for a run of numbers, else '1, 3, 4'."""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))
