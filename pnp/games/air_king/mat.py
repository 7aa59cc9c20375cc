"""Air King's printed field mat: an airfield seen from above, its card-sized spaces painted on the grass.

Every space is exactly a poker card turned on its side, so the mat and the
field cards make the same field. The spaces lie on mown grass, paler along the
airports' lane; each airport is an apron with its terminal, each arrival zone a
runway with threshold bars and a centre line, and yellow taxi lines lead from
each apron to its departure zones. Markings are lines, which ``--ink-saver``
keeps dark while it lightens every fill, and each kind of space is also named
in words. Drawn larger than it needs, the airfield widens beyond the airports
(more apron, parked aircraft) and the grass grows: the spaces never move.
"""

from __future__ import annotations

from pnp.games.air_king.field import LETTERS, Field, cell_name
from pnp.games.air_king.model import AirKingData, load_data
from pnp.games.air_king.shapes import INK, WHITE, ink_on, plane
from pnp.printing import fit
from pnp.printing.art import Art
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.color import blend
from pnp.printing.parts import Seams
from pnp.printing.patterns import hatch
from pnp.texts import Catalogue, catalogue

MARGIN = 14.0  # mm around the spaces, for the column letters and lane numbers
LEGEND = 12.0  # below the bottom margin (the mat stays 2 tiles high on A4 and Letter)
ROUGH = "#a3c285"  # the grass outside the field
MOWN = "#d4e8bd"  # the field's grass along the airports' lane
EDGE = "#b2d08f"  # the field's grass along its top and bottom edges
STRIPE = 0.04  # how much every other mown stripe is darker
APRON = "#cfd0cc"  # concrete round the terminals
PAD = "#eef0ea"  # the pale concrete of a departure zone
ASPHALT = "#5d6166"
LINE = "#f2f2f2"  # runway paint
TAXI = "#e0a800"  # taxi lines
SPACE_LINE = "#f7fbf2"  # the paint that marks out the spaces on the grass
NAME = "#2e4a2a"  # a space's name
GREY = "#808080"  # a closed space's words
BADGE = 4.2  # radius of a label badge
PART = "field mat"  # how an Overflow names the mat
TERMINAL = 30.0  # mm of landscape beside the field from which an airport's terminal area is drawn


def field_drawing(
    field: Field,
    width: float = 0.0,
    height: float = 0.0,
    *,
    authoring: bool = False,
    texts: Catalogue | None = None,
    backdrop: Art | None = None,
    data: AirKingData | None = None,
) -> Drawing:
    """The field at least ``width`` x ``height`` mm: airports, runways, departure zones, and every space named.

    ``authoring`` also marks the closed spaces (the map preview); ``texts``: the catalogue (default: English).
    ``backdrop``: a picture in the mat's art box, the whole mat behind the field (art key ``field-mat``). The
    airports take the colours of ``data`` (a variant's; by default the built-in data's).
    """
    t = texts or catalogue("air-king")
    sw, sh = field.space_width, field.space_height
    width, height, left, top = _layout(field, width, height)
    right, bottom = left + field.columns * sw, top + field.lanes * sh
    data = data or load_data().value
    colours = {a.name: a.rgb for a in data.airports}

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=ROUGH, stroke=None)
        if backdrop is not None:
            c.image(0, 0, width, height, backdrop)
        _grass(c, field, left, top)
        if left - MARGIN >= TERMINAL:
            for h, name in enumerate(field.airport_names):
                col, lane = field.airport_spaces[h]
                outward = -1 if col == 0 else 1 if col == field.columns - 1 else 0
                if outward:
                    x0, x1 = (0.0, left) if outward < 0 else (right, width)
                    _terminal_area(c, x0, x1, top + lane * sh, sh, colours[name], outward)
        _labels(c, field, left, top, data, t)
        for lane in range(field.lanes):
            for col in range(field.columns):
                with c.group(left + col * sw, top + lane * sh, name=f"space:{cell_name(col, lane)}"):
                    _space(c, field, col, lane, colours, authoring, t)
        c.rect(left, top, field.columns * sw, field.lanes * sh, stroke=INK, width=0.6)
        _legend(c, field, left, bottom + MARGIN + 1, field.columns * sw, colours, t)

    return Drawing(width, height, draw)


def _layout(field: Field, width: float, height: float) -> tuple[float, float, float, float]:
    """The mat's width and height (at least ``width`` x ``height`` mm) and the field's left and top edges on it."""
    own_width = field.columns * field.space_width + 2 * MARGIN
    own_height = MARGIN + field.lanes * field.space_height + MARGIN + LEGEND
    width, height = max(width, own_width), max(height, own_height)
    return width, height, (width - own_width) / 2 + MARGIN, (height - own_height) / 2 + MARGIN


def field_seams(field: Field, width: float = 0.0, height: float = 0.0) -> Seams:
    """Where the tiles of the mat drawn ``width`` x ``height`` mm are welcome to meet: the lines between its
    spaces and round the field."""
    _, _, left, top = _layout(field, width, height)
    return Seams(
        tuple(left + col * field.space_width for col in range(field.columns + 1)),
        tuple(top + lane * field.space_height for lane in range(field.lanes + 1)),
    )


def _grass(c: Canvas, field: Field, left: float, top: float) -> None:
    """Mown stripes across the field, palest along the airports' lane and deeper towards the top and bottom."""
    w, h = field.columns * field.space_width, field.lanes * field.space_height
    middle = top + (field.airport_spaces[0][1] + 0.5) * field.space_height
    reach = max(middle - top, top + h - middle)
    bands = 60
    for i in range(bands):
        y = top + i * h / bands
        depth = min(1.0, abs(y + h / bands / 2 - middle) / reach)
        fill = blend(blend(MOWN, EDGE, depth), ROUGH, STRIPE * (i % 2))
        c.rect(left, y, w, h / bands + 0.05, fill=fill, stroke=None)


def _terminal_area(c: Canvas, x0: float, x1: float, y: float, sh: float, colour: str, outward: int) -> None:
    """The rest of an airport beyond its space, from x0 to x1 (``outward`` -1 on the left, 1 on the right):
    apron, terminal and tower, aircraft at their stands, and the taxi line out to the field."""
    w = x1 - x0
    c.rect(x0, y - sh / 2, w, sh * 2, fill=APRON, stroke="#9a9b96", width=0.3)
    building = x0 + 4 if outward < 0 else x1 - 18  # the terminal stands at the far side
    c.rect(building, y - sh * 0.4, 14, sh * 1.8, fill=blend(colour, WHITE, 0.35), stroke=INK, width=0.4, radius=1)
    c.line(building + 7, y - sh * 0.4 + 3, building + 7, y + sh * 1.4 - 3, stroke=WHITE, width=0.5)
    c.circle(building + 7, y - sh * 0.4 - 0.5, 3.5, fill=blend(colour, WHITE, 0.6), stroke=INK, width=0.4)  # tower
    taxi = building + 14 + (w - 18) * 0.55 if outward < 0 else building - (w - 18) * 0.55
    field_side = x1 if outward < 0 else x0
    c.line(field_side, y + sh / 2, taxi, y + sh / 2, stroke=TAXI, width=0.8)
    c.line(taxi, y - sh * 0.3, taxi, y + sh * 1.3, stroke=TAXI, width=0.8)
    door = building + 14 if outward < 0 else building
    for k in (-0.1, 1.1):  # a stand above and below the lane, an aircraft parked nose in
        sy = y + sh * k
        c.line(taxi, sy, door + outward * -3, sy, stroke=TAXI, width=0.6)
        plane(c, (taxi + door) / 2, sy, min(22.0, abs(taxi - door) - 4), "#eef1f4", rotate=90 * outward)


def _labels(c: Canvas, field: Field, left: float, top: float, data: AirKingData, t: Catalogue) -> None:
    """Column letters above and below, lane numbers left and right (badges), and each airport's direction."""
    sw, sh = field.space_width, field.space_height
    bottom, right = top + field.lanes * sh, left + field.columns * sw
    for col in range(field.columns):
        x = left + (col + 0.5) * sw
        _badge(c, x, top - MARGIN / 2 + 1, LETTERS[col], dark=False)
        _badge(c, x, bottom + MARGIN / 2 - 1, LETTERS[col], dark=False)
    for lane in range(field.lanes):
        y = top + (lane + 0.5) * sh
        _badge(c, left - MARGIN / 2, y, str(lane + 1), dark=True)
        _badge(c, right + MARGIN / 2, y, str(lane + 1), dark=True)
    for h, name in enumerate(field.airport_names):
        other = field.airport_names[1 - h]
        eastward = field.airport_spaces[1 - h][0] > field.airport_spaces[h][0]
        numbers = [p.number for p in data.aircraft if p.home == name]
        text = t("mat.direction", first=numbers[0], last=numbers[-1], home=name, destination=other)
        arrow = f"{text} >>" if eastward else f"<< {text}"
        y = top - MARGIN / 2 + 2.5 if h == 0 else bottom + MARGIN / 2 + 0.5
        middle = left + field.columns // 2 * sw  # between two columns' letters, clear of both
        c.rect(middle - 40, y - 4, 80, 5.5, fill=WHITE, stroke=None, radius=1.5)
        fit.line(
            c, middle, y, arrow, 78, size=7, part=PART, field="mat.direction", bold=True, anchor="middle", fill=INK
        )


def _badge(c: Canvas, x: float, y: float, label: str, *, dark: bool) -> None:
    """A round label: white on ink for lanes, ink on white for columns."""
    # a lane number or a column letter: the field's size bounds them to one or two characters
    c.circle(x, y, BADGE, fill=INK if dark else WHITE, stroke=INK, width=0.5)
    c.text(x, y + 1.6, label, size=11, bold=True, anchor="middle", fill=WHITE if dark else INK)


def _space(
    c: Canvas, field: Field, col: int, lane: int, colours: dict[str, str], authoring: bool, t: Catalogue
) -> None:
    sw, sh = field.space_width, field.space_height
    name = cell_name(col, lane)
    for h, spot in enumerate(field.airport_spaces):
        if spot == (col, lane):
            _airport(c, field.airport_names[h], sw, sh, colours[field.airport_names[h]], t)
            return
    cell = field.index.get(name, -1)
    if cell < 0:
        if authoring:
            c.rect(0, 0, sw, sh, stroke="#b0b0b0", width=0.25, dash=(2, 2))
            hatch(c, 0, 0, sw, sh, "diagonal", stroke="#c8c8c8", spacing=4)
            closed, key = t("mat.closed", space=name), "mat.closed"
            fit.line(c, sw / 2, sh / 2, closed, sw - 4, size=8, part=PART, field=key, anchor="middle", fill=GREY)
        return
    c.rect(0, 0, sw, sh, stroke="#7f9a6c", width=0.35)  # the grass shows through
    c.rect(1.2, 1.2, sw - 2.4, sh - 2.4, stroke=SPACE_LINE, width=0.8, radius=2.5)
    for h, airport in enumerate(field.airport_names):
        home = field.airport_spaces[h]
        if cell == field.runway[h]:
            _runway(c, airport, sw, sh, colours[airport], home[0] > col, t)
        elif cell in field.departures[h]:
            _departure(c, airport, sw, sh, colours[airport], home, (col, lane), field.airport_spaces[1 - h][0], t)
    c.rect(2.2, 2.6, 9.5 if authoring else 8.5, 6, fill=WHITE, stroke=None, radius=1)  # a space's name: c3
    c.text(3.5, 7, name, size=9 if authoring else 8, bold=True, fill=NAME)


def _airport(c: Canvas, airport: str, sw: float, sh: float, colour: str, t: Catalogue) -> None:
    """An airport from above: an apron in its colour's keyline, the terminal roof with its letter, and its name."""
    c.rect(1, 1, sw - 2, sh - 2, fill=APRON, stroke=INK, width=0.6, radius=4)
    c.rect(3, 3, sw - 6, sh - 6, stroke=colour, width=1.6, radius=3)
    roof = blend(colour, WHITE, 0.1)
    ink = ink_on(roof)
    c.rect(sw * 0.22, sh * 0.16, sw * 0.56, sh * 0.56, fill=roof, stroke=INK, width=0.5, radius=2)
    c.line(sw * 0.22 + 2, sh * 0.16 + 3, sw * 0.78 - 2, sh * 0.16 + 3, stroke=ink, width=0.3)
    c.text(sw / 2, sh * 0.44 + 7, airport, size=40, bold=True, anchor="middle", fill=ink)  # its letter, A or B
    c.line(sw * 0.1, sh * 0.8, sw * 0.9, sh * 0.8, stroke=TAXI, width=0.7)
    c.rect(sw / 2 - 18, sh - 10.5, 36, 6, fill=WHITE, stroke=None, radius=1)
    label = t("mat.airport", airport=airport)
    fit.line(c, sw / 2, sh - 6, label, 35, size=9, part=PART, field="mat.airport", bold=True, anchor="middle", fill=INK)


def _runway(c: Canvas, airport: str, sw: float, sh: float, colour: str, towards_right: bool, t: Catalogue) -> None:
    """The arrival zone: a runway with threshold bars at the airport's end, its letter, centre and edge lines."""
    top, h = sh * 0.24, sh * 0.52
    c.rect(3, top, sw - 6, h, fill=ASPHALT, stroke=INK, width=0.3)
    c.line(4.5, top + 1, sw - 4.5, top + 1, stroke=LINE, width=0.4)
    c.line(4.5, top + h - 1, sw - 4.5, top + h - 1, stroke=LINE, width=0.4)
    near = sw - 14 if towards_right else 6  # the threshold at the airport's end
    for i in range(6):
        bar = (h - 5) / 6
        c.rect(near, top + 2.5 + i * bar + 0.6, 8, bar - 1.2, fill=LINE, stroke=LINE, width=0.2)
    letter_x = near - 7 if towards_right else near + 15
    c.text(letter_x, top + h / 2 + 2.5, airport, size=14, bold=True, anchor="middle", fill=LINE)  # A or B
    start, end = (8.0, near - 14) if towards_right else (near + 22, sw - 8.0)
    x = start
    while x + 5 <= end:
        c.line(x, top + h / 2, x + 5, top + h / 2, stroke=LINE, width=1.0)
        x += 9
    c.rect(3, top, 2.5, h, fill=colour, stroke=None)
    c.rect(sw - 5.5, top, 2.5, h, fill=colour, stroke=None)
    c.rect(sw / 2 - 19, top - 6.6, 38, 5.4, fill=WHITE, stroke=None, radius=1)
    label = t("mat.arrival", airport=airport)
    fit.line(
        c, sw / 2, top - 2.5, label, 37, size=8, part=PART, field="mat.arrival", bold=True, anchor="middle", fill=INK
    )
    c.rect(sw / 2 - 29, top + h + 1.7, 58, 4.6, fill=WHITE, stroke=None, radius=1)
    note = t("mat.arrival.note", airport=airport)
    fit.line(c, sw / 2, top + h + 5, note, 57, size=6.5, part=PART, field="mat.arrival.note", anchor="middle", fill=INK)


def _departure(
    c: Canvas,
    airport: str,
    sw: float,
    sh: float,
    colour: str,
    home: tuple[int, int],
    here: tuple[int, int],
    goal: int,
    t: Catalogue,
) -> None:
    """A departure zone: a dashed box in the airport's colour, a taxi line from the apron ending at a hold bar,
    an aircraft facing its destination."""
    c.rect(2, 2, sw - 4, sh - 4, fill=PAD, stroke=colour, width=1.2, radius=3, dash=(4, 2))
    if here[0] == home[0]:  # beside the airport: the taxi line comes straight from its apron
        edge = sh if here[1] < home[1] else 0.0
        hold = sh * 0.72 if here[1] < home[1] else sh * 0.28
        c.line(sw * 0.3, edge, sw * 0.3, hold, stroke=TAXI, width=0.8)
        c.line(sw * 0.3 - 6, hold, sw * 0.3 + 6, hold, stroke=TAXI, width=0.8)  # the hold bar: solid, then dashed
        behind = hold + (1.5 if edge else -1.5)
        c.line(sw * 0.3 - 6, behind, sw * 0.3 + 6, behind, stroke=TAXI, width=0.8, dash=(1.5, 1))
    away = 90 if goal > home[0] else -90  # to the destination
    plane(c, sw / 2, sh / 2 - 8, 14, blend(colour, WHITE, 0.3), rotate=away)
    label, key = t("mat.departure", airport=airport), "mat.departure"
    room = sw - 8
    fit.line(c, sw / 2, sh / 2 + 7, label, room, size=9, part=PART, field=key, bold=True, anchor="middle", fill=colour)


def _legend(c: Canvas, field: Field, x: float, y: float, width: float, colours: dict[str, str], t: Catalogue) -> None:
    """Keys in a row: airport, arrival zone, departure zone, space name, lanes and columns."""
    step = width / 4
    first = field.airport_names[0]
    c.rect(x, y, 9, 7, fill=APRON, stroke=colours[first], width=0.8, radius=1)
    _words(c, x + 12, y + 5, step - 14, "mat.legend.airport", t)
    x += step
    c.rect(x, y + 1, 9, 5, fill=ASPHALT, stroke=INK, width=0.3)
    c.line(x + 1, y + 3.5, x + 8, y + 3.5, stroke=LINE, width=0.5)
    _words(c, x + 12, y + 5, step - 14, "mat.legend.arrival", t)
    x += step
    c.rect(x, y, 9, 7, fill=PAD, stroke=colours[first], width=0.8, radius=1, dash=(1.5, 1))
    _words(c, x + 12, y + 5, step - 14, "mat.legend.departure", t)
    x += step
    _badge(c, x + BADGE, y + 3.5, "1", dark=True)
    _badge(c, x + 3 * BADGE + 1, y + 3.5, "a", dark=False)
    _words(c, x + 4 * BADGE + 4, y + 5, step - 4 * BADGE - 4, "mat.legend.names", t)


def _words(c: Canvas, x: float, y: float, room: float, key: str, t: Catalogue) -> None:
    """One legend entry, shrunk to the ``room`` mm beside its key."""
    fit.line(c, x, y, t(key), room, size=8, part=PART, field=key, fill=INK)
