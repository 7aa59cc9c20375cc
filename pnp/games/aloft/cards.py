"""Aloft's cards: balloons, trucks and colours, each with its back, at the data's card size."""

from __future__ import annotations

from pnp.games.aloft import shapes
from pnp.games.aloft.model import AloftData, Balloon, Colour
from pnp.games.aloft.palette import INK, PAPER, ROAD, SKY, WHITE
from pnp.printing import fit
from pnp.printing.canvas import Canvas
from pnp.printing.parts import Card, Face
from pnp.printing.patterns import hatch
from pnp.texts import Catalogue


def _card_size(data: AloftData) -> tuple[float, float]:
    size = data.card
    return size.width, size.height


def _title(c: Canvas, w: float, text: str, sub: str, card: str) -> None:
    """A card's title and the line under it, each fitted to the card's safe area (``card`` names it)."""
    room = w - 6
    fit.line(c, w / 2, 8, text, room, size=10, part=card, field="title", bold=True, anchor="middle", fill=INK)
    fit.line(c, w / 2, 12.5, sub, room, size=6, part=card, field="subtitle", anchor="middle", fill=INK)


def _back(data: AloftData, kind: str, t: Catalogue) -> Face:
    w, h = _card_size(data)
    card, room, label, brand = f"{kind} card back", w - 10, t(f"back.{kind}"), t("back.brand")

    def draw(c: Canvas) -> None:
        c.rect(4, 4, w - 8, h - 8, stroke="#ffffff", width=0.6, radius=3)
        y = h / 2
        fit.line(
            c, w / 2, y, brand, room, size=13, part=card, field="back.brand", bold=True, anchor="middle", fill=WHITE
        )
        fit.line(c, w / 2, y + 6, label, room, size=7, part=card, field=f"back.{kind}", anchor="middle", fill=WHITE)

    return Face(draw, background="#2c4a6e")


def balloon_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    back = _back(data, "balloon", t)
    cards = []
    for balloon in data.balloons:
        if balloon.shape:
            title, sub = t(f"data.shape.{balloon.name}.name"), t("card.shape.sub")
        else:
            first, second = (t(f"data.colour.{code}.name") for code in balloon.colours)
            title, sub = balloon.name.upper(), t("card.balloon.colours", first=first, second=second)

        def draw(c: Canvas, balloon: Balloon = balloon, title: str = title, sub: str = sub) -> None:
            _title(c, w, title, sub, f"balloon card {balloon.name!r}")
            shapes.balloon(c, data, balloon, w / 2, h * 0.45, w * 0.3)

        # in running words a colour is written in lower case, as the moves' labels write it
        named = t("part.balloon", name=title if balloon.shape else sub.lower())
        cards.append(Card(f"balloon {balloon.name}", Face(draw, background=SKY), back, named))
    return cards


def truck_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    back = _back(data, "truck", t)
    cards = []
    for index in range(data.trucks):
        safety = index == data.trucks - 1
        title = t("card.safety") if safety else t("card.truck", number=index + 1)
        sub = t("card.safety.sub") if safety else ""

        def draw(c: Canvas, safety: bool = safety, title: str = title, sub: str = sub, index: int = index) -> None:
            _title(c, w, title, sub, f"truck card {index + 1}")
            shapes.truck(c, w / 2, h * 0.6, w * 0.8, safety=safety, data=data)

        name = "truck safety" if safety else f"truck {index + 1}"
        cards.append(Card(name, Face(draw, background=ROAD), back, title))
    return cards


def colour_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    back = _back(data, "colour", t)
    cards = []
    for colour in data.colours:

        def draw(c: Canvas, colour: Colour = colour) -> None:
            _title(c, w, t(f"data.colour.{colour.code}.name"), t("card.colour.sub"), f"colour card {colour.code}")
            c.rect(6, 17, w - 12, h - 27, fill=colour.rgb, stroke=INK, width=0.5, radius=2)
            hatch(c, 6, 17, w - 12, h - 27, colour.pattern, stroke=shapes.PATTERN_INK, spacing=3)  # as on its balloons
            c.circle(w / 2, h / 2 + 3, 9, fill="#ffffff", stroke=INK, width=0.5)
            c.text(w / 2, h / 2 + 8, colour.code, size=22, bold=True, anchor="middle")  # one letter, B G P R W Y

        named = t("part.colour", colour=t(f"data.colour.{colour.code}.name").lower())
        cards.append(Card(f"colour {colour.code}", Face(draw, background=PAPER), back, named))
    return cards
