"""Air King's print kit: the cards, the field mat and a player aid, drawn in millimetres (the state picture for a screen: ``screen.picture``)."""

from __future__ import annotations

from pnp.games.air_king.cards import decks
from pnp.games.air_king.field import LETTERS, Field, cell_name
from pnp.games.air_king.model import AirKingData, load_data, load_field
from pnp.games.air_king.shapes import INK, WHITE, event_icon, ink_on, paragraph
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Board, Kit, KitDocument, Sheet
from pnp.printing.patterns import hatch

MARGIN = 14.0  # mm around the spaces, for the column letters and lane numbers
SKY = "#e3eef7"
ASPHALT = "#5d6166"


def kit(request: KitRequest) -> Kit:
    """The whole kit: every card with its back, the optional field mat, and a player aid."""
    from pnp.games.air_king.maps import checked_field

    data = load_data().value
    digest = load_field(request.map_path).source.digest
    field = checked_field(request.map_path)
    return Kit(
        game="air-king",
        title="Air King",
        documents=(
            KitDocument("cards", decks(data)),
            KitDocument("field-mat", (Board("field mat", field_drawing(field)),)),
            KitDocument("player-aid", (Sheet("player aid", _aid(data)),)),
        ),
        footer=f"field {field.columns}x{field.lanes} · {digest[:8]}",
        notes=("The field mat is optional: cards laid on the table edge to edge make the same field.",),
    )


# -- the field ------------------------------------------------------------------
def field_drawing(field: Field, authoring: bool = False) -> Drawing:
    """The field with card-sized spaces: airports, runways, departure zones, and every space named.

    ``authoring`` also marks the closed spaces (the map preview).
    """
    sw, sh = field.space_width, field.space_height
    width = field.columns * sw + 2 * MARGIN
    height = field.lanes * sh + 2 * MARGIN
    data = load_data().value
    colours = {a.name: a.rgb for a in data.airports}

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=WHITE, stroke=None)
        _labels(c, field, sw, sh, data)
        for lane in range(field.lanes):
            for col in range(field.columns):
                x, y = MARGIN + col * sw, MARGIN + lane * sh
                with c.group(x, y, name=f"space:{cell_name(col, lane)}"):
                    _space(c, field, col, lane, sw, sh, colours, authoring)

    return Drawing(width, height, draw)


def _labels(c: Canvas, field: Field, sw: float, sh: float, data: AirKingData) -> None:
    bottom = MARGIN + field.lanes * sh
    for col in range(field.columns):
        x = MARGIN + (col + 0.5) * sw
        c.text(x, MARGIN - 4, LETTERS[col], size=12, bold=True, anchor="middle", fill=INK)
        c.text(x, bottom + 8, LETTERS[col], size=12, bold=True, anchor="middle", fill=INK)
    for lane in range(field.lanes):
        y = MARGIN + (lane + 0.5) * sh + 2
        c.text(MARGIN / 2, y, str(lane + 1), size=12, bold=True, anchor="middle", fill=INK)
        right = MARGIN + field.columns * sw + MARGIN / 2
        c.text(right, y, str(lane + 1), size=12, bold=True, anchor="middle", fill=INK)
    for h, name in enumerate(field.airport_names):
        other = field.airport_names[1 - h]
        right = field.airport_spaces[1 - h][0] > field.airport_spaces[h][0]
        numbers = [p.number for p in data.aircraft if p.home == name]
        text = f"aircraft {numbers[0]}-{numbers[-1]} fly from {name} to {other}"
        y = 4.5 if h == 0 else bottom + 12.5
        arrow = f"{text} >>" if right else f"<< {text}"
        c.text(MARGIN + field.columns * sw / 2, y, arrow, size=7, bold=True, anchor="middle", fill=INK)


def _space(
    c: Canvas, field: Field, col: int, lane: int, sw: float, sh: float, colours: dict[str, str], authoring: bool
) -> None:
    name = cell_name(col, lane)
    for h, spot in enumerate(field.airport_spaces):
        if spot == (col, lane):
            airport = field.airport_names[h]
            c.rect(1, 1, sw - 2, sh - 2, fill=colours[airport], stroke=INK, width=0.6, radius=4)
            c.text(sw / 2, sh / 2 + 9, airport, size=40, bold=True, anchor="middle", fill=ink_on(colours[airport]))
            c.text(
                sw / 2, sh - 6, f"AIRPORT {airport}", size=9, bold=True, anchor="middle", fill=ink_on(colours[airport])
            )
            return
    cell = field.index.get(name, -1)
    if cell < 0:
        if authoring:
            c.rect(0, 0, sw, sh, stroke="#b0b0b0", width=0.25, dash=(2, 2))
            hatch(c, 0, 0, sw, sh, "diagonal", stroke="#c8c8c8", spacing=4)
            c.text(sw / 2, sh / 2, f"{name}: closed", size=8, anchor="middle", fill="#808080")
        return
    c.rect(0, 0, sw, sh, fill=SKY, stroke="#7fa7c4", width=0.35)
    for h, airport in enumerate(field.airport_names):
        if cell == field.runway[h]:
            c.rect(3, sh * 0.22, sw - 6, sh * 0.56, fill=ASPHALT, stroke=INK, width=0.3)
            for i in range(int((sw - 16) // 10)):
                c.rect(8 + i * 10, sh / 2 - 0.6, 6, 1.2, fill=WHITE, stroke=None)
            c.rect(3, sh * 0.22, 3, sh * 0.56, fill=colours[airport], stroke=None)
            c.rect(sw - 6, sh * 0.22, 3, sh * 0.56, fill=colours[airport], stroke=None)
            c.text(sw / 2, sh * 0.16, f"ARRIVAL ZONE {airport}", size=8, bold=True, anchor="middle", fill=INK)
            c.text(
                sw / 2, sh * 0.9, f"aircraft land at {airport} from here; no Storm", size=6.5, anchor="middle", fill=INK
            )
        elif cell in field.departures[h]:
            c.rect(2, 2, sw - 4, sh - 4, stroke=colours[airport], width=1.2, radius=3, dash=(4, 2))
            c.text(
                sw / 2, sh / 2 + 2, f"DEPARTURE {airport}", size=9, bold=True, anchor="middle", fill=colours[airport]
            )
    c.text(3, 6, name, size=9 if authoring else 7, bold=authoring, fill="#4a6a86")


# -- player aid -----------------------------------------------------------------
def _aid(data: AirKingData) -> Drawing:
    width, height = 180.0, 250.0
    sections = [
        (
            "Your turn",
            [
                "1. Draw one event card. (Referee: draw CARD, e.g. draw storm.)",
                (
                    f"2. Make exactly {data.moves_per_turn} aircraft moves, and play up to {data.cards_per_turn} cards "
                    "at any moment, at most one of them a movement card. (end when done.)"
                ),
                (
                    f"3. Above {data.hand_limit} event cards? Discard down to {data.hand_limit}. Technical Return never "
                    "counts. (discard CARD)"
                ),
            ],
        ),
        (
            "Aircraft moves",
            [
                "depart: from its home airport onto a free departure zone (depart 3 a2).",
                (
                    "fly: one space forward or sideways onto a free space, never backwards (fly 3 b2). Beyond the arrival "
                    "zone, one step back is allowed."
                ),
                "land: only from the arrival zone beside the destination airport (land 3).",
                "Never two things on one space: an aircraft or a Storm fills it.",
            ],
        ),
        (
            "Winning",
            [
                (
                    "Land all four aircraft of your goal card, then reveal it on your own turn (pnp ref reveal). "
                    "The referee checks that all four have landed."
                ),
            ],
        ),
    ]
    deck: list[tuple[str, int, str, str]] = [(e.title, e.count, e.type, e.text) for e in data.events]
    deck.append(("Technical Return", data.technical_return.count, "return", data.technical_return.text))

    def draw(c: Canvas) -> None:
        c.text(0, 8, "AIR KING: player aid", size=16, bold=True, fill=INK)
        y = 18.0
        for title, lines in sections:
            c.text(0, y, title, size=11, bold=True, fill=INK)
            y += 5.5
            for line in lines:
                y = paragraph(c, 2, y, line, 8.5, width - 4) + 1.2
            y += 3
        c.text(0, y, "Event cards", size=11, bold=True, fill=INK)
        y += 4
        for title, count, kind, text in deck:
            event_icon(c, kind, 6, y + 5, 5)
            c.text(14, y + 4, f"{title} (x{count}; play: {_play_word(kind)})", size=8.5, bold=True, fill=INK)
            y = max(paragraph(c, 14, y + 8, text, 8, width - 16) + 2, y + 13)

    return Drawing(width, height, draw)


def _play_word(kind: str) -> str:
    return {
        "extra": "extra fly 3 b2",
        "diagonal": "diagonal 3 c2",
        "storm": "storm c3",
        "clear": "clear c3",
        "hold": "hold 8",
        "pass": "pass 3 8",
        "return": "return 8",
    }[kind]
