"""Air King's cards, front and back: airports, runways, aircraft, goals, events and Technical Return."""

from __future__ import annotations

from pnp.games.air_king.model import Aircraft, AirKingData, AirportInfo
from pnp.games.air_king.shapes import INK, WHITE, badge, event_icon, ink_on, paragraph, plane, symbol
from pnp.printing.canvas import Canvas
from pnp.printing.parts import Card, Deck, Face

EVENT_COLOURS = {
    "extra": "#3f8f4a",
    "diagonal": "#23867f",
    "storm": "#4c5566",
    "clear": "#3d8fd1",
    "hold": "#d9771e",
    "pass": "#7b4fc1",
    "return": "#b8322a",
}
BACKS = {
    "field": ("#35424f", "Field"),
    "aircraft": ("#2f5d8a", "Aircraft"),
    "goal": ("#1d2330", "Goal: keep it secret"),
    "event": ("#5a3d7a", "Event"),
    "return": ("#8a2a22", "Technical Return"),
}


def decks(data: AirKingData) -> tuple[Deck, ...]:
    """Every card of the game, grouped into decks that share a back."""
    size = data.card
    w, h = size.width, size.height
    by_name = {a.name: a for a in data.airports}
    field = [_card(f"airport {a.name}", _airport_face(a, data, w, h), "field", w, h) for a in data.airports]
    field += [_card(f"runway {a.name}", _runway_face(a, w, h), "field", w, h) for a in data.airports]
    aircraft = [
        _card(f"aircraft {p.number}", _aircraft_face(p, by_name, data, w, h), "aircraft", w, h) for p in data.aircraft
    ]
    goals = [_card(f"goal {i + 1}", _goal_face(i, card, data, w, h), "goal", w, h) for i, card in enumerate(data.goals)]
    events = [
        _card(
            f"{e.type} {n + 1}",
            _event_face(e.type, e.title, e.text, e.type in ("extra", "diagonal"), w, h),
            "event",
            w,
            h,
        )
        for e in data.events
        for n in range(e.count)
    ]
    technical = data.technical_return
    returns = [
        _card(
            f"technical return {n + 1}",
            _event_face("return", "Technical Return", technical.text, False, w, h),
            "return",
            w,
            h,
        )
        for n in range(technical.count)
    ]
    return (
        Deck("airports and runways", size, tuple(field)),
        Deck("aircraft", size, tuple(aircraft)),
        Deck("goals", size, tuple(goals)),
        Deck("events", size, tuple(events)),
        Deck("Technical Return", size, tuple(returns)),
    )


def _card(name: str, front: Face, back: str, w: float, h: float) -> Card:
    return Card(name, front, _back(back, w, h))


def _back(kind: str, w: float, h: float) -> Face:
    colour, label = BACKS[kind]

    def draw(c: Canvas) -> None:
        c.rect(4, 4, w - 8, h - 8, stroke=WHITE, width=0.6, radius=3)
        plane(c, w / 2, h * 0.4, w * 0.45, "#dfe6ee")
        c.text(w / 2, h * 0.68, "AIR KING", size=15, bold=True, anchor="middle", fill=WHITE)
        c.text(w / 2, h * 0.68 + 6, label, size=7, anchor="middle", fill=WHITE)

    return Face(draw, background=colour)


def _band(c: Canvas, w: float, title: str, colour: str, sub: str = "") -> None:
    """A coloured title band across the top of a card (the text stays inside the safe area)."""
    c.rect(0, 0, w, 15, fill=colour, stroke=None)
    c.text(w / 2, 9.5, title, size=11, bold=True, anchor="middle", fill=ink_on(colour))
    if sub:
        c.text(w / 2, 13.3, sub, size=6, anchor="middle", fill=ink_on(colour))


def _airport_face(airport: AirportInfo, data: AirKingData, w: float, h: float) -> Face:
    leaving = [p.number for p in data.aircraft if p.home == airport.name]
    arriving = [p.number for p in data.aircraft if p.home != airport.name]

    def draw(c: Canvas) -> None:
        _band(c, w, airport.title, airport.rgb)
        c.circle(w / 2, h * 0.45, 20, fill=airport.rgb, stroke=INK, width=0.6)
        c.text(w / 2, h * 0.45 + 9, airport.name, size=72, bold=True, anchor="middle", fill=ink_on(airport.rgb))
        c.text(w / 2, h - 22, f"Aircraft {_span(leaving)} depart from here", size=7, anchor="middle", fill=INK)
        c.text(w / 2, h - 17, f"Aircraft {_span(arriving)} land here", size=7, anchor="middle", fill=INK)
        c.text(w / 2, h - 10, "Departure zones: the free sides", size=6, anchor="middle", fill=INK)

    return Face(draw)


def _runway_face(airport: AirportInfo, w: float, h: float) -> Face:
    def draw(c: Canvas) -> None:
        _band(c, w, f"Runway {airport.name}", airport.rgb, "arrival zone")
        c.rect(w * 0.25, 18, w * 0.5, h - 36, fill="#5d6166", stroke=INK, width=0.4)
        for i in range(6):
            c.rect(w * 0.3 + i * w * 0.068, 20, w * 0.04, 8, fill=WHITE, stroke=None)
        y = 32.0
        while y < h - 24:
            c.rect(w / 2 - 0.8, y, 1.6, 6, fill=WHITE, stroke=None)
            y += 10
        c.text(w / 2, h - 12, f"Land at Airport {airport.name} only from here.", size=6.5, anchor="middle", fill=INK)
        c.text(w / 2, h - 7, "Never a Storm here.", size=6.5, anchor="middle", fill=INK)

    return Face(draw)


def _aircraft_face(craft: Aircraft, airports: dict[str, AirportInfo], data: AirKingData, w: float, h: float) -> Face:
    destination = next(name for name in airports if name != craft.home)

    def draw(c: Canvas) -> None:
        c.rect(0, 0, w, 18, fill=craft.rgb, stroke=None)
        badge(c, craft, w / 2 - 17, 3, 34, 12)
        plane(c, w / 2, h * 0.5, 46, craft.rgb)
        symbol(c, craft.symbol, w / 2, h * 0.5 - 2, 4.5, WHITE)
        for x, y, turn in ((6, h - 6, 0), (w - 6, 22, 180)):  # clear of a print shop's 1/8 in safe zone
            c.text(x, y, str(craft.number), size=9, bold=True, anchor="middle", fill=INK, rotate=turn)
        c.text(w / 2, h - 11, f"{craft.colour} {craft.symbol}", size=6.5, anchor="middle", fill=INK)
        c.text(
            w / 2,
            h - 6.5,
            f"from {craft.home} to {destination}: nose towards {destination}",
            size=6,
            anchor="middle",
            fill=INK,
        )

    return Face(draw)


def _goal_face(index: int, card: tuple[int, ...], data: AirKingData, w: float, h: float) -> Face:
    crafts = [data.aircraft[n - 1] for n in card]

    def draw(c: Canvas) -> None:
        _band(c, w, f"Goal {index + 1}", INK, "secret: show no one")
        for i, craft in enumerate(crafts):
            badge(c, craft, 8, 19 + i * 13.5, w - 16, 11)
        paragraph(
            c,
            w / 2,
            h - 11,
            "Land all four aircraft, then reveal this card on your own turn to win.",
            6.5,
            w - 12,
            anchor="middle",
        )

    return Face(draw)


def _event_face(kind: str, title: str, text: str, movement: bool, w: float, h: float) -> Face:
    colour = EVENT_COLOURS[kind]

    def draw(c: Canvas) -> None:
        _band(
            c,
            w,
            title,
            colour,
            "movement card" if movement else ("kept apart from your hand" if kind == "return" else "event"),
        )
        event_icon(c, kind, w / 2, 34, 14)
        paragraph(c, w / 2, 56, text, 7, w - 11, anchor="middle")
        if movement:
            c.rect(6, h - 12, w - 12, 6.5, stroke=colour, width=0.5, radius=1.5)
            c.text(w / 2, h - 7.5, "one movement card per turn", size=6, anchor="middle", fill=INK)

    return Face(draw)


def _span(numbers: list[int]) -> str:
    """'1-5' for a run of numbers, else '1, 3, 4'."""
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))
