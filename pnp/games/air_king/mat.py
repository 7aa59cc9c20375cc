"""Air King's printed field mat: card-sized spaces over a sky with depth, marked runways, labels, a legend.

Every space is exactly a poker card turned on its side, so the mat and the
field cards make the same field. Fills are mid-tones or lighter, so
``--ink-saver`` keeps them apart; airports, runways and departure zones are
told apart by words and markings as well as by colour.
"""

from __future__ import annotations

from pnp.games.air_king.field import LETTERS, Field, cell_name
from pnp.games.air_king.model import AirKingData, load_data
from pnp.games.air_king.shapes import INK, WHITE, ink_on, plane
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.color import blend
from pnp.printing.patterns import hatch

MARGIN = 14.0  # mm around the spaces, for the column letters and lane numbers
LEGEND = 12.0  # below the bottom margin (the mat stays 2 tiles high on A4 and Letter)
HIGH = "#9fc2e2"  # the sky at the top and bottom edges of the field
LOW = "#e6f1fa"  # the sky along the middle lane
ASPHALT = "#5d6166"
LINE = "#f2f2f2"
BADGE = 4.2  # radius of a label badge


def field_drawing(field: Field, authoring: bool = False) -> Drawing:
    """The field with card-sized spaces: airports, runways, departure zones, and every space named.

    ``authoring`` also marks the closed spaces (the map preview).
    """
    sw, sh = field.space_width, field.space_height
    width = field.columns * sw + 2 * MARGIN
    bottom = MARGIN + field.lanes * sh
    height = bottom + MARGIN + LEGEND
    data = load_data().value
    colours = {a.name: a.rgb for a in data.airports}

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=WHITE, stroke=None)
        _sky(c, field, sw, sh)
        _labels(c, field, sw, sh, data)
        for lane in range(field.lanes):
            for col in range(field.columns):
                x, y = MARGIN + col * sw, MARGIN + lane * sh
                with c.group(x, y, name=f"space:{cell_name(col, lane)}"):
                    _space(c, field, col, lane, sw, sh, colours, authoring)
        c.rect(MARGIN, MARGIN, field.columns * sw, field.lanes * sh, stroke=INK, width=0.6)
        _legend(c, field, MARGIN, bottom + MARGIN + 1, width - 2 * MARGIN, colours)

    return Drawing(width, height, draw)


def _sky(c: Canvas, field: Field, sw: float, sh: float) -> None:
    """Bands of sky, deeper towards the field's top and bottom edges, with a few faint clouds."""
    top, h = MARGIN, field.lanes * sh
    bands = 60
    for i in range(bands):
        depth = abs((i + 0.5) / bands - 0.5) * 2  # 0 along the middle, 1 at the edges
        c.rect(
            MARGIN, top + i * h / bands, field.columns * sw, h / bands + 0.05, fill=blend(LOW, HIGH, depth), stroke=None
        )
    for k in range(field.columns // 2):
        cx = MARGIN + (2 * k + 1) * sw
        cy = top + (0.5 + (k % field.lanes)) * sh
        for dx, dy, r in ((-9, 2, 6), (0, -2, 8.5), (9, 2, 6.5), (4, 4, 5)):
            c.circle(cx + dx, cy + dy, r, fill=blend(LOW, WHITE, 0.5), stroke=None)


def _labels(c: Canvas, field: Field, sw: float, sh: float, data: AirKingData) -> None:
    """Column letters above and below, lane numbers left and right (badges), and each airport's direction."""
    bottom = MARGIN + field.lanes * sh
    right = MARGIN + field.columns * sw
    for col in range(field.columns):
        x = MARGIN + (col + 0.5) * sw
        _badge(c, x, MARGIN / 2 + 1, LETTERS[col], dark=False)
        _badge(c, x, bottom + MARGIN / 2 - 1, LETTERS[col], dark=False)
    for lane in range(field.lanes):
        y = MARGIN + (lane + 0.5) * sh
        _badge(c, MARGIN / 2, y, str(lane + 1), dark=True)
        _badge(c, right + MARGIN / 2, y, str(lane + 1), dark=True)
    for h, name in enumerate(field.airport_names):
        other = field.airport_names[1 - h]
        eastward = field.airport_spaces[1 - h][0] > field.airport_spaces[h][0]
        numbers = [p.number for p in data.aircraft if p.home == name]
        text = f"aircraft {numbers[0]}-{numbers[-1]} fly from {name} to {other}"
        arrow = f"{text} >>" if eastward else f"<< {text}"
        y = MARGIN / 2 + 2.5 if h == 0 else bottom + MARGIN / 2 + 0.5
        middle = MARGIN + (field.columns // 2 + (0.5 if field.columns % 2 else 0)) * sw
        c.rect(middle - 40, y - 4, 80, 5.5, fill=WHITE, stroke=None, radius=1.5)
        c.text(middle, y, arrow, size=7, bold=True, anchor="middle", fill=INK)


def _badge(c: Canvas, x: float, y: float, label: str, *, dark: bool) -> None:
    """A round label: white on ink for lanes, ink on white for columns."""
    c.circle(x, y, BADGE, fill=INK if dark else WHITE, stroke=INK, width=0.5)
    c.text(x, y + 1.6, label, size=11, bold=True, anchor="middle", fill=WHITE if dark else INK)


def _space(
    c: Canvas, field: Field, col: int, lane: int, sw: float, sh: float, colours: dict[str, str], authoring: bool
) -> None:
    name = cell_name(col, lane)
    for h, spot in enumerate(field.airport_spaces):
        if spot == (col, lane):
            _airport(c, field.airport_names[h], sw, sh, colours[field.airport_names[h]])
            return
    cell = field.index.get(name, -1)
    if cell < 0:
        if authoring:
            c.rect(0, 0, sw, sh, stroke="#b0b0b0", width=0.25, dash=(2, 2))
            hatch(c, 0, 0, sw, sh, "diagonal", stroke="#c8c8c8", spacing=4)
            c.text(sw / 2, sh / 2, f"{name}: closed", size=8, anchor="middle", fill="#808080")
        return
    c.rect(0, 0, sw, sh, stroke="#7fa7c4", width=0.35)  # the sky shows through
    c.rect(1.2, 1.2, sw - 2.4, sh - 2.4, stroke=WHITE, width=0.8, radius=2.5)
    for h, airport in enumerate(field.airport_names):
        towards_right = field.airport_spaces[h][0] > col
        if cell == field.runway[h]:
            _runway(c, airport, sw, sh, colours[airport], towards_right)
        elif cell in field.departures[h]:
            colour = colours[airport]
            c.rect(2, 2, sw - 4, sh - 4, stroke=colour, width=1.2, radius=3, dash=(4, 2))
            away = 90 if field.airport_spaces[1 - h][0] > field.airport_spaces[h][0] else -90  # to the destination
            plane(c, sw / 2, sh / 2 - 8, 14, blend(colour, WHITE, 0.3), rotate=away)
            c.text(sw / 2, sh / 2 + 7, f"Departure {airport}", size=9, bold=True, anchor="middle", fill=colour)
    c.text(3.5, 7, name, size=9 if authoring else 8, bold=True, fill="#4a6a86")


def _airport(c: Canvas, airport: str, sw: float, sh: float, colour: str) -> None:
    """An airport: its colour, a keyline, its letter and name."""
    ink = ink_on(colour)
    c.rect(1, 1, sw - 2, sh - 2, fill=colour, stroke=INK, width=0.6, radius=4)
    c.rect(4, 4, sw - 8, sh - 8, stroke=ink, width=0.4, radius=3)
    c.text(sw / 2, sh / 2 + 9, airport, size=40, bold=True, anchor="middle", fill=ink)
    c.text(sw / 2, sh - 7, f"Airport {airport}", size=9, bold=True, anchor="middle", fill=ink)


def _runway(c: Canvas, airport: str, sw: float, sh: float, colour: str, towards_right: bool) -> None:
    """The arrival zone: a runway with threshold bars, its letter, a dashed centre line and edge lines."""
    top, h = sh * 0.24, sh * 0.52
    c.rect(3, top, sw - 6, h, fill=ASPHALT, stroke=INK, width=0.3)
    c.line(4.5, top + 1, sw - 4.5, top + 1, stroke=LINE, width=0.4)
    c.line(4.5, top + h - 1, sw - 4.5, top + h - 1, stroke=LINE, width=0.4)
    near = sw - 14 if towards_right else 6  # the threshold at the airport's end
    for i in range(6):
        c.rect(near, top + 2.5 + i * (h - 5) / 6 + 0.6, 8, (h - 5) / 6 - 1.2, fill=LINE, stroke=None)
    letter_x = near - 7 if towards_right else near + 15
    c.text(letter_x, top + h / 2 + 2.5, airport, size=14, bold=True, anchor="middle", fill=LINE)
    start, end = (8.0, near - 14) if towards_right else (near + 22, sw - 8.0)
    x = start
    while x + 5 <= end:
        c.rect(x, top + h / 2 - 0.5, 5, 1.0, fill=LINE, stroke=None)
        x += 9
    c.rect(3, top, 2.5, h, fill=colour, stroke=None)
    c.rect(sw - 5.5, top, 2.5, h, fill=colour, stroke=None)
    c.text(sw / 2, top - 2.5, f"Arrival zone {airport}", size=8, bold=True, anchor="middle", fill=INK)
    c.text(sw / 2, top + h + 5, f"aircraft land at {airport} from here; no Storm", size=6.5, anchor="middle", fill=INK)


def _legend(c: Canvas, field: Field, x: float, y: float, width: float, colours: dict[str, str]) -> None:
    """Keys in a row: airport, arrival zone, departure zone, space name, lanes and columns."""
    step = width / 4
    first = field.airport_names[0]
    c.rect(x, y, 9, 7, fill=colours[first], stroke=INK, width=0.3, radius=1)
    c.text(x + 12, y + 5, "airport: aircraft depart and land here", size=8, fill=INK)
    x += step
    c.rect(x, y + 1, 9, 5, fill=ASPHALT, stroke=INK, width=0.3)
    c.rect(x + 1, y + 3.3, 7, 0.5, fill=LINE, stroke=None)
    c.text(x + 12, y + 5, "arrival zone: the runway to land from", size=8, fill=INK)
    x += step
    c.rect(x, y, 9, 7, stroke=colours[first], width=0.8, radius=1, dash=(1.5, 1))
    c.text(x + 12, y + 5, "departure zone: an aircraft enters the field here", size=8, fill=INK)
    x += step
    _badge(c, x + BADGE, y + 3.5, "1", dark=True)
    _badge(c, x + 3 * BADGE + 1, y + 3.5, "a", dark=False)
    c.text(x + 4 * BADGE + 4, y + 5, "lanes and columns: a space is named c3", size=8, fill=INK)
