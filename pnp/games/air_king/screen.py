"""Air King's state picture for a screen (``pnp ref show --svg``, the table page): the field, what is off it, a legend.

It is drawn apart from the printed field mat: the mat's spaces are card-sized, while a screen shows the
whole field about 1000 px wide, so the picture uses small spaces and text sized for that width (the
smallest, 7.5 pt in a picture about 256 mm wide, comes out at about 10 px). Every text has a place of its
own: the space name in a space's top-left corner, a zone's name along its bottom edge, an aircraft's badge
and Holding tag in the middle. Only public things are drawn, whoever the viewer is.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.air_king.actions import STORM, WAITING
from pnp.games.air_king.cards import EVENT_COLOURS
from pnp.games.air_king.field import LETTERS, Field, cell_name
from pnp.games.air_king.shapes import INK, WHITE, badge, event_icon, ink_on, plane
from pnp.games.air_king.state import AirKingState
from pnp.games.air_king.text import card_title, headline, piles, seat_line
from pnp.printing.canvas import Area, Canvas, Drawing, label_of
from pnp.printing.fonts import fit_size, text_width, wrap

SW, SH = 34.0, 25.0  # a space on screen, mm
MARGIN = 9.0  # left and right, for the lane numbers
LABELS = 5.0  # above the field, for the column letters
SMALL, TEXT, HEAD = 7.5, 8.0, 9.0  # text sizes, pt: labels, panel lines, the status
LEAST = 7.0  # pt: the smallest a label is set to fit its room (about 9.5 px in a picture 1000 px wide)
LINE = 3.6  # mm from one 8 pt line to the next
SKY, SKY_EDGE, ASPHALT, NAME_INK = "#e3eef7", "#7fa7c4", "#5d6166", "#4a6a86"
HOLD_FILL, STORM_FILL = EVENT_COLOURS["hold"], "#c9ced6"
BADGE_W, BADGE_H = 15.0, 7.0
BADGES_X, BADGE_STEP = 25.0, 16.5  # badges off the field: after their words (at least), one every so many mm
LEGEND_ROW = 9.0


@dataclass(frozen=True)
class _Layout:
    """Where each part of the picture goes, worked out before drawing (the height depends on the text)."""

    width: float
    status: list[str]
    field_top: float
    panel_top: float
    side_by_side: bool  # waiting and landed aircraft on one row per airport, or on a row each
    badges_x: float  # the badges off the field, after their rows' words
    lines: list[str]
    legend_top: float
    height: float


def picture(state: AirKingState, viewer: str | None) -> Drawing:
    """The state as everyone at the table may see it (``viewer`` changes nothing: hands stay hidden)."""
    field = state.rules.field
    width = field.columns * SW + 2 * MARGIN
    inner = width - 2 * MARGIN
    status = wrap(headline(state, plain=True), HEAD, inner, bold=True)
    field_top = 4 + len(status) * 4.2 + 6
    panel_top = field_top + field.lanes * SH + 4
    most = max(sum(craft.home == name for craft in state.rules.data.aircraft) for name in field.airport_names)
    words = [words for row in _off_field_rows(state) for words, _ in row]
    badges_x = max([BADGES_X] + [text_width(line, TEXT, bold=True) + 3 for line in words])
    side_by_side = inner / 2 >= badges_x + most * BADGE_STEP
    lines = [line for text in _panel_lines(state) for line in wrap(text, TEXT, inner)]
    legend_top = panel_top + (2 if side_by_side else 4) * 9 + len(lines) * LINE + 6
    height = legend_top + 2 * LEGEND_ROW + 5
    layout = _Layout(width, status, field_top, panel_top, side_by_side, badges_x, lines, legend_top, height)
    focus = 0, field_top - LABELS, width, field.lanes * SH + LABELS  # the field, its column letters and lane numbers
    return Drawing(width, layout.height, lambda c: _draw(c, state, layout), focus, places=_places(state, field_top))


def _places(state: AirKingState, top: float) -> tuple[Area, ...]:
    """Where the play is, nearest to landing first: round each aircraft that may move now (a waiting one from its
    airport) and the spaces it may fly to (its destination airport for a landing). Every aircraft is everyone's."""
    field, home, pos = state.rules.field, state.rules.home, state.pos
    spots: dict[int, list[tuple[int, int]]] = {}
    for move in state.flights():
        a = move.aircraft - 1
        here = spots.setdefault(a, [field.coords(pos[a]) if pos[a] >= 0 else field.airport_spaces[home[a]]])
        here.append(field.coords(field.index[move.cell]) if move.cell else field.airport_spaces[1 - home[a]])
    ahead = sorted(spots, key=lambda a: -state.progress(a))  # flights() lists the aircraft in order
    return tuple(dict.fromkeys(_round(spots[a], top) for a in ahead))


def _round(spots: list[tuple[int, int]], top: float) -> Area:
    """The box round the spaces at ``spots`` (column, lane)."""
    cols, lanes = [col for col, _ in spots], [lane for _, lane in spots]
    x, y = MARGIN + min(cols) * SW, top + min(lanes) * SH
    return x, y, (max(cols) - min(cols) + 1) * SW, (max(lanes) - min(lanes) + 1) * SH


def _panel_lines(state: AirKingState) -> list[str]:
    """The draw and discard piles, then each player's hand size, Technical Return and goal (all public)."""
    return [piles(state), *(seat_line(state, seat, plain=True) for seat in range(len(state.players)))]


def _draw(c: Canvas, state: AirKingState, layout: _Layout) -> None:
    field, data = state.rules.field, state.rules.data
    c.rect(0, 0, layout.width, layout.height, fill=WHITE, stroke=None)
    y = 4.0
    for line in layout.status:
        y += 4.2
        c.text(MARGIN, y, line, size=HEAD, bold=True, fill=INK)
    top = layout.field_top
    for col in range(field.columns):
        c.text(MARGIN + (col + 0.5) * SW, top - 1.5, LETTERS[col], size=TEXT, bold=True, anchor="middle", fill=INK)
    for lane in range(field.lanes):
        y = top + (lane + 0.5) * SH + 1.2
        c.text(MARGIN / 2, y, str(lane + 1), size=TEXT, bold=True, anchor="middle", fill=INK)
        c.text(layout.width - MARGIN / 2, y, str(lane + 1), size=TEXT, bold=True, anchor="middle", fill=INK)
    colours = {a.name: a.rgb for a in data.airports}
    for lane in range(field.lanes):
        for col in range(field.columns):
            with c.group(MARGIN + col * SW, top + lane * SH, name=f"space:{cell_name(col, lane)}"):
                _space(c, state, col, lane, colours)
    _off_field(c, state, layout)
    y = layout.panel_top + (2 if layout.side_by_side else 4) * 9 + 1
    for line in layout.lines:
        y += LINE
        c.text(MARGIN, y, line, size=TEXT, fill=INK)
    c.line(MARGIN, layout.legend_top - 2.5, layout.width - MARGIN, layout.legend_top - 2.5, stroke=SKY_EDGE, width=0.25)
    with c.group(MARGIN, layout.legend_top, name="legend"):
        _legend(c, state, layout.width - 2 * MARGIN)


def _space(c: Canvas, state: AirKingState, col: int, lane: int, colours: dict[str, str]) -> None:
    """One space, drawn from its top-left corner: the ground, its name, its zone, and what stands on it."""
    field, t = state.rules.field, state.rules.words
    for h, spot in enumerate(field.airport_spaces):
        if spot == (col, lane):
            airport = field.airport_names[h]
            ink = ink_on(colours[airport])
            c.rect(0.6, 0.6, SW - 1.2, SH - 1.2, fill=colours[airport], stroke=INK, width=0.3, radius=2)
            c.text(SW / 2, SH / 2 + 3.5, airport, size=28, bold=True, anchor="middle", fill=ink)
            _tag(c, SW / 2, SH - 1.8, t("picture.airport", airport=airport), SW - 2, ink)
            return
    name = cell_name(col, lane)
    cell = field.index.get(name, -1)
    if cell < 0:  # not part of this field
        return
    c.rect(0, 0, SW, SH, fill=SKY, stroke=SKY_EDGE, width=0.25)
    thing = state.occ[cell]
    for h, airport in enumerate(field.airport_names):
        if cell == field.runway[h]:  # never a Storm here
            _runway(c, colours[airport])
            _tag(c, SW / 2, SH - 1.5, t("picture.arrival", airport=airport), SW - 2, INK)
        elif cell in field.departures[h]:
            c.rect(0.5, 0.5, SW - 1, SH - 1, stroke=colours[airport], width=0.6, radius=1.5, dash=(2, 1))
            if thing != STORM:  # a Storm card covers the zone's name; its coloured border still shows
                _tag(c, SW / 2, SH - 1.8, t("picture.departure", airport=airport), SW - 2, colours[airport])
    with c.group(name="grid references"):  # the space's name, to read where it is
        c.text(1.8, 3.8, name, size=SMALL, fill=NAME_INK)
    if thing == STORM:
        _storm(c, 1.5, 4.5, SW - 3, SH - 6, card_title(state, "storm"))
    elif thing > 0:
        _aircraft(c, state, thing - 1)


def _runway(c: Canvas, rgb: str) -> None:
    c.rect(2, 6, SW - 4, 11, fill=ASPHALT, stroke=INK, width=0.25)
    for i in range(int((SW - 10) // 6)):
        c.rect(5 + i * 6, 11.2, 3.5, 0.6, fill=WHITE, stroke=None)
    c.rect(2, 6, 1.6, 11, fill=rgb, stroke=None)
    c.rect(SW - 3.6, 6, 1.6, 11, fill=rgb, stroke=None)


def _storm(c: Canvas, x: float, y: float, w: float, h: float, title: str = "") -> None:
    """A Storm card on a space, its ``title`` on it (or, small and without it, in the legend)."""
    c.rect(x, y, w, h, fill=STORM_FILL, stroke=INK, width=0.3, radius=1.5)
    r = min(w, h) * (0.28 if title else 0.4)
    event_icon(c, "storm", x + w / 2, y + (h / 2 - 2.5 if title else h / 2), r)
    if title:
        _tag(c, x + w / 2, y + h - 1.3, title.upper(), w - 1, INK)


def _tag(c: Canvas, x: float, y: float, text: str, room: float, fill: str) -> None:
    """Small bold words centred on ``x``, set smaller where they are wider than ``room`` mm (never below legible)."""
    size = fit_size(text, room, SMALL, bold=True, minimum=LEAST)
    c.text(x, y, text, size=size, bold=True, anchor="middle", fill=fill)


def _aircraft(c: Canvas, state: AirKingState, a: int) -> None:
    """An aircraft on its space: the plane pointing where it flies, its badge and, if held, a Holding tag."""
    field, craft = state.rules.field, state.rules.data.aircraft[a]
    with c.group(name=f"aircraft:{craft.number}"):
        plane(c, 9, SH / 2 - 0.5, 14, craft.rgb, rotate=90 if _flies_right(field, state.rules.home[a]) else -90)
        badge(c, craft, 17.5, SH / 2 - 5.5, BADGE_W, BADGE_H)
        if state.held[a]:
            _hold_tag(c, 17.5, SH / 2 + 2.5, card_title(state, "hold"))


def _hold_tag(c: Canvas, x: float, y: float, title: str) -> None:
    """The Holding card on an aircraft: a tag with its ``title``, kept whole with its words on a phone's frame."""
    with c.group(name=label_of("holding")):
        c.rect(x, y, BADGE_W, 4.2, fill=HOLD_FILL, stroke=INK, width=0.25, radius=1)
        _tag(c, x + BADGE_W / 2, y + 3.3, title.upper(), BADGE_W - 1, WHITE)


def _flies_right(field: Field, home: int) -> bool:
    return field.airport_spaces[1 - home][0] > field.airport_spaces[home][0]


def _off_field_rows(state: AirKingState) -> list[list[tuple[str, list[int]]]]:
    """Per airport, its words and aircraft still waiting to depart, and those of the aircraft landed there."""
    t, home = state.rules.words, state.rules.home
    rows = []
    for h, name in enumerate(state.rules.field.airport_names):
        waiting = [a for a, p in enumerate(state.pos) if p == WAITING and home[a] == h]
        landed = [a for a in range(len(state.pos)) if state.landed >> a & 1 and home[a] != h]
        rows.append([(t("picture.waiting", airport=name), waiting), (t("picture.landed", airport=name), landed)])
    return rows


def _off_field(c: Canvas, state: AirKingState, layout: _Layout) -> None:
    """Per airport: its aircraft still waiting to depart, and the aircraft landed there.

    Side by side, one row per airport; on a narrow field, a row each.
    """
    data, top, width, x_badges = state.rules.data, layout.panel_top, layout.width - 2 * MARGIN, layout.badges_x
    places = [(MARGIN + i * width / 2, top + h * 9) for h in range(2) for i in range(2)]
    if not layout.side_by_side:
        places = [(MARGIN, top + i * 9) for i in range(4)]
    for (x, y), (words, planes) in zip(places, [part for row in _off_field_rows(state) for part in row]):
        c.text(x, y + 5.2, words, size=TEXT, bold=True, fill=INK)
        for i, a in enumerate(planes):
            badge(c, data.aircraft[a], x + x_badges + i * BADGE_STEP, y + 0.5, BADGE_W, BADGE_H)
        if not planes:
            c.text(x + x_badges, y + 5.2, state.rules.words("picture.none"), size=TEXT, fill=INK)


def _legend(c: Canvas, state: AirKingState, width: float) -> None:
    """What each symbol means, in two rows of three: each entry a group of its symbol and its words (a phone lists
    them under its board: see pnp/table/static)."""
    column = width / 3
    for i, (kind, words) in enumerate(_legend_items(state)):
        x, y = (i % 3) * column, (i // 3) * LEGEND_ROW
        with c.group(name="legend entry"):
            with c.group(name="legend symbol"):
                _legend_icon(c, kind, x, y)
            c.text(x + 10, y + 5, words, size=fit_size(words, column - 11, SMALL, minimum=LEAST), fill=INK)


def _legend_items(state: AirKingState) -> list[tuple[str, str]]:
    """The legend's symbols, each with its words: the way each airport's aircraft fly, then the cards and zones."""
    field, data, t = state.rules.field, state.rules.data, state.rules.words
    items: list[tuple[str, str]] = []
    for h, name in enumerate(field.airport_names):
        numbers = [p.number for p in data.aircraft if p.home == name]
        direction = "right" if _flies_right(field, h) else "left"
        words = t("picture.legend.fly", first=numbers[0], last=numbers[-1], airport=field.airport_names[1 - h])
        items.append((direction, words))
    items += [
        ("hold", t("picture.legend.hold", card=card_title(state, "hold"))),
        ("storm", t("picture.legend.storm", card=card_title(state, "storm"))),
        ("arrival", t("picture.legend.arrival")),
        ("departure", t("picture.legend.departure")),
    ]
    return items


def _legend_icon(c: Canvas, kind: str, x: float, y: float) -> None:
    """A legend's symbol, in an 8 x 7 mm box from (x, y)."""
    if kind in ("right", "left"):
        plane(c, x + 4, y + 3.5, 8, "#b8c4d0", rotate=90 if kind == "right" else -90)
    elif kind == "hold":
        c.rect(x, y + 1.5, 8, 4, fill=HOLD_FILL, stroke=INK, width=0.25, radius=1)
    elif kind == "storm":
        _storm(c, x, y, 8, 7)
    elif kind == "arrival":
        c.rect(x, y + 1, 8, 5, fill=ASPHALT, stroke=INK, width=0.25)
    else:
        c.rect(x, y, 8, 7, stroke=INK, width=0.5, radius=1, dash=(2, 1))
