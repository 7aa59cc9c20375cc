"""The world map, drawn against the Canvas: coastlines, grid, half-line, routes, cities, legend, jets.

The kit's board, ``pnp map preview`` and the state picture all use this.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from pnp.games.take_off.badges import BADGE_PT, BADGE_R, Badge
from pnp.games.take_off.coast import LAND, shore_runs, shores
from pnp.games.take_off.model import DeckStyle, Half, RouteColour, TakeOffData
from pnp.games.take_off.placement import (
    ARROW,
    ASCENT,
    DESCENT,
    DOT_R,
    END_R,
    HUB_R,
    INSET_FRAME,
    LEGEND_H,
    LEGEND_W,
    ROUTE_WIDTH,
    TITLE_BAND,
    InsetSpot,
    Label,
    Placement,
    arrow_spots,
    dot_radius,
    grid_seams,
    inset_badges,
    inset_labels,
    legend_box,
    placement,
    route_lines,
)
from pnp.games.take_off.text import deck_word
from pnp.games.take_off.texts import inset_key
from pnp.games.take_off.world import MARGIN, Layout, World, column_name
from pnp.printing import fit
from pnp.printing.canvas import PT, Anchor, Canvas, Drawing
from pnp.printing.color import luminance, rgb
from pnp.printing.fonts import text_width
from pnp.printing.labels import Box, clip_segment
from pnp.printing.legible import SMALLEST_PT
from pnp.printing.numbers import decimal
from pnp.printing.paper import Rect
from pnp.printing.parts import Board
from pnp.texts import Catalogue, catalogue

SEA, GROUND, SHORE, INK, GRID = "#dcebf4", "#f2ebd3", "#8f8466", "#1a1a1a", "#9db2c0"
LEADER = "#6b6b6b"
PART = "board"  # how an Overflow names the map's texts
COLUMN = 80.0  # mm from the legend's left edge to its right column
HALF_PT = 7.0  # the half-line's labels, when they fit


@dataclass(frozen=True)
class Style:
    """How heavily the network is drawn: the printed map, or the state picture seen smaller on a screen."""

    route_width: float = ROUTE_WIDTH  # mm
    arrow: float = ARROW  # mm from an arrow's middle to its tip
    dots: float = 1.0  # how much larger than printed the city dots are


PRINT = Style()


def board_drawing(world: World, data: TakeOffData, texts: Catalogue | None = None) -> Drawing:
    """The printed map as one Drawing (the toolkit tiles it), worded from ``texts`` (default: English)."""
    layout = world.layout
    t = texts or catalogue("take-off")
    return Drawing(layout.width, layout.height, lambda canvas: draw_board(canvas, world, data, t))


def map_board(world: World, data: TakeOffData, t: Catalogue) -> Board:
    """The kit's map ("world map" when it runs round the world): its drawing, with every city dot, name and badge
    for the crosshairs to keep off, and its grid's lines for the seams between its tiles."""
    keep = keep_clear(world, map_text(world, data, t))
    name = t("map.name" if round_the_world(world) else "map.name.regional")
    return Board(name, board_drawing(world, data, t), keep_clear=keep, seams=partial(grid_seams, world.layout))


def round_the_world(world: World) -> bool:
    """Whether the map runs once round the globe, from Start's meridian westward to the same (the world map's)."""
    return world.map.east_edge - world.map.west_edge >= 360 - 1e-6


def keep_clear(world: World, placed: Placement) -> tuple[Box, ...]:
    """The boxes round every printed city dot, name and route badge, the insets' included (map mm)."""
    found = list(_marks(world, placed, (0.0, 0.0), None))
    for spot in placed.insets:
        x0, y0, *_ = spot.zoomed
        shift = (spot.place[0] - x0, spot.place[1] + TITLE_BAND - y0)
        found += _marks(spot.world, spot.text, shift, spot.zoomed)
    return tuple(found)


def _marks(world: World, placed: Placement, shift: tuple[float, float], window: Box | None) -> list[Box]:
    """The boxes of one map's dots, names and badges (those within ``window``, if given), moved by ``shift``."""
    dx, dy = shift
    layout = world.layout
    inside = (0.0, 0.0, layout.width, layout.height) if window is None else window
    found = []
    for city, ((tx, ty), (x, y)) in enumerate(zip(layout.true_xy, layout.dots)):
        r = dot_radius(world, city) + 0.3
        found += [
            (x - r, y - r, x + r, y + r),
            (min(tx, x) - 0.4, min(ty, y) - 0.4, max(tx, x) + 0.4, max(ty, y) + 0.4),
        ]
    r = BADGE_R + 0.15
    found += [(b.x - r, b.y - r, b.x + r, b.y + r) for b in placed.badges]
    labels = placed.labels if window is None else inset_labels(window, placed.labels)
    found += [label.box for label in labels]
    return [
        (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
        for b in found
        if b[0] < inside[2] and inside[0] < b[2] and b[1] < inside[3] and inside[1] < b[3]
    ]


def map_text(world: World, data: TakeOffData, texts: Catalogue | None = None) -> Placement:
    """Where the printed map puts its names and badges, clear of every jet space (see ``placement``), worded
    from ``texts`` (default: English)."""
    t = texts or catalogue("take-off")
    half_boxes = tuple(half.box for half in _half_texts(world, data, t))
    return placement(world, data.jet_token / 2, half_boxes, (t["map.start"], t["map.finish"]))  # filled per city


def draw_board(canvas: Canvas, world: World, data: TakeOffData, t: Catalogue) -> None:
    """Everything printed on the map, back to front."""
    layout = world.layout
    placed = map_text(world, data, t)
    canvas.rect(0, 0, layout.width, layout.height, fill="#ffffff", stroke=None)
    draw_coast(canvas, world, layout)
    _grid(canvas, layout)
    _half_line(canvas, world, data, layout, t)
    draw_routes(canvas, world, data.route_colours, badges=placed.badges)
    _cities(canvas, world, layout, placed)
    _legend(canvas, world, data, t)
    for spot in placed.insets:
        _inset(canvas, world, data, spot, t)
    canvas.rect(MARGIN, MARGIN, layout.width - 2 * MARGIN, layout.height - 2 * MARGIN, stroke=INK, width=0.5)


def _inner(layout: Layout) -> Box:
    return MARGIN, MARGIN, layout.width - MARGIN, layout.height - MARGIN


def draw_coast(canvas: Canvas, world: World, layout: Layout, window: Box | None = None) -> None:
    """The sea, the land and the shorelines, clipped to the map's inner area (only those within ``window``)."""
    x0, y0, x1, y1 = _inner(layout)
    m = world.map
    wx0, wy0, wx1, wy1 = window or (x0, y0, x1, y1)
    with canvas.clip(x0, y0, x1 - x0, y1 - y0), canvas.group(name="coastlines"):
        canvas.rect(x0, y0, x1 - x0, y1 - y0, fill=SEA, stroke=None)
        for shore in shores():
            low, high = shore.lon_range
            for shift in (0.0, 360.0):
                if high + shift < m.west_edge or low + shift > m.east_edge:
                    continue
                if layout.x_of(high + shift) < wx0 or layout.x_of(low + shift) > wx1:
                    continue
                points = [(layout.x_of(lon + shift), layout.y_of(lat)) for lon, lat in shore.points]
                if window is not None and (max(y for _, y in points) < wy0 or min(y for _, y in points) > wy1):
                    continue
                fill = GROUND if shore.level == LAND else SEA
                runs = shore_runs(shore.points, points)
                if len(runs) == 1 and len(runs[0]) == len(points) + 1:  # its own shoreline: one path for both
                    canvas.polygon(points, fill=fill, stroke=SHORE, width=0.15)
                    continue
                canvas.polygon(points, fill=fill, stroke=None)
                for run in runs:  # cut along the 180th meridian: the cut is not a shore
                    canvas.polygon(run, closed=False, stroke=SHORE, width=0.15)


GRID_PT = 9.0  # the grid's column letters and row numbers, around the frame


def grid_crowded(layout: Layout) -> tuple[str, float, float] | None:
    """When a grid square is too small for its name (the names around the frame would print over each other):
    the last column's name, the mm it needs beside its neighbours, and the mm any name as long needs (a square
    that large fits them all); None when each fits its square."""
    last = column_name(layout.columns() - 1)
    need, most = (text_width(name, GRID_PT, bold=True) + 1.0 for name in (last, "W" * len(last)))  # 1 mm apart
    return (last, need, most) if layout.cell < need else None


def _grid(canvas: Canvas, layout: Layout) -> None:
    x0, y0, x1, y1 = _inner(layout)
    cell = layout.cell
    with canvas.group(name="grid"):
        for col in range(layout.columns()):
            left = x0 + col * cell
            if col:
                canvas.line(left, y0, left, y1, stroke=GRID, width=0.2, dash=(1.0, 1.5))
            middle = (left + min(left + cell, x1)) / 2
            for y in (y0 - 2.6, y1 + 5.2):  # a column's name, A to a few letters
                canvas.text(middle, y, column_name(col), size=GRID_PT, bold=True, anchor="middle", fill=INK)
        for row in range(layout.rows()):
            top = y0 + row * cell
            if row:
                canvas.line(x0, top, x1, top, stroke=GRID, width=0.2, dash=(1.0, 1.5))
            middle = (top + min(top + cell, y1)) / 2 + 1.2
            for x in (x0 - 4.5, x1 + 4.5):  # a row's number
                canvas.text(x, middle, str(row + 1), size=GRID_PT, bold=True, anchor="middle", fill=INK)


@dataclass(frozen=True)
class HalfText:
    """A deck's label beside the half-line: its words, catalogue key, the frame it is set in (from the line up to
    the map's frame, two lines deep: a narrow map's label wraps before it shrinks), its anchor, its deck and the
    box its lines cover. ``fits`` is False when the half is too narrow even for pnp's own English label: it is
    left off, and ``pnp map check`` says so (a longer text of a variant or a language is refused instead)."""

    label: str
    key: str
    frame: Rect
    anchor: Anchor
    deck: DeckStyle
    box: Box
    fits: bool


def _half_texts(world: World, data: TakeOffData, t: Catalogue) -> list[HalfText]:
    """The deck labels either side of the half-line, west then east."""
    x = world.layout.x_of(world.map.divide)
    x0, y0, x1, _ = _inner(world.layout)
    found = []
    halves: tuple[tuple[int, Half], ...] = ((-1, "west"), (1, "east"))
    english = catalogue("take-off")
    for sign, half in halves:
        deck, key = data.deck(half), f"map.{half}"
        label, own = half_label(t(key), deck, t), half_label(english(key), deck, english)
        tx, top = x + sign * 6.5, y0 + 5.5 - ASCENT * HALF_PT * PT
        room = max(0.0, tx - x0 - 1 if sign < 0 else x1 - tx - 1)
        frame = Rect(tx - room if sign < 0 else tx, top, room, 2 * HALF_PT * fit.LEADING * PT)
        near = x + sign * 1.2  # the box reaches back to the half-line
        try:
            fit.fit_block(own, frame, HALF_PT, part=PART, field=key, bold=True)
        except fit.Overflow:  # the map's geometry leaves no room for a label
            found.append(HalfText(label, key, frame, "end", deck, (near, top, near, top), fits=False))
            continue
        try:
            fitted = fit.fit_block(label, frame, HALF_PT, part=PART, field=key, bold=True)
        except fit.Overflow:  # too long a text: drawing it says so
            fitted = fit.Fitted((label,), SMALLEST_PT)
        w = max(text_width(line, fitted.size, bold=True) for line in fitted.lines)
        h = (ASCENT + DESCENT) * fitted.size * PT + (len(fitted.lines) - 1) * fitted.step
        left = tx - w if sign < 0 else tx
        box = (min(left, near), top, max(left + w, near), top + h)
        found.append(HalfText(label, key, frame, "end" if sign < 0 else "start", deck, box, fits=True))
    return found


def half_texts_left_off(world: World, data: TakeOffData) -> list[str]:
    """The halves (west, east) too narrow on the printed map for their deck's label, which is left off."""
    return [half.key.removeprefix("map.") for half in _half_texts(world, data, catalogue("take-off")) if not half.fits]


def _half_line(canvas: Canvas, world: World, data: TakeOffData, layout: Layout, t: Catalogue) -> None:
    x = layout.x_of(world.map.divide)
    _, y0, _, y1 = _inner(layout)
    with canvas.group(name="half-line"):
        canvas.line(x, y0, x, y1, stroke=INK, width=1.2)
        for half in _half_texts(world, data, t):
            sign, ink = -1 if half.anchor == "end" else 1, half.deck.rgb
            if half.fits:
                fit.block(
                    canvas,
                    half.frame,
                    half.label,
                    size=HALF_PT,
                    part=PART,
                    field=half.key,
                    bold=True,
                    anchor=half.anchor,
                    fill=ink,
                )
            _arrow(canvas, x + sign * 3.6, y0 + 4.3, sign, 2.2, ink)


def half_label(words: str, deck: DeckStyle, texts: Catalogue | None = None) -> str:
    """The words either side of the half-line: which deck the half draws from (``texts``: default English)."""
    t = texts or catalogue("take-off")
    return t("map.half", half=words, deck=deck_colour(deck, t), letter=deck.letter)


def deck_colour(deck: DeckStyle, t: Catalogue) -> str:
    """A deck's colour as a word in running text: "brown"."""
    return deck_word(t, deck.half)


def ink_on(colour: str) -> str:
    """The ink that reads on a ``colour`` fill: white on a dark one, else the usual ink."""
    return "#ffffff" if luminance(rgb(colour)) < 0.45 else INK


def _arrow(canvas: Canvas, x: float, y: float, sign: float, size: float, colour: str) -> None:
    """A small triangle at (x, y) pointing east (sign 1) or west (sign -1)."""
    canvas.polygon(
        [(x + sign * size, y), (x - sign * size * 0.4, y - size * 0.6), (x - sign * size * 0.4, y + size * 0.6)],
        fill=colour,
        stroke=None,
    )


def draw_routes(
    canvas: Canvas,
    world: World,
    colours: Sequence[RouteColour],
    style: Style = PRINT,
    badges: Sequence[Badge] = (),
) -> None:
    """Every route in its colour and pattern, twins side by side, drawn as heavily as ``style`` says.

    ``badges`` (the printed map's, from ``map_text``) put a lettered badge on each route.
    """
    with canvas.group(name="routes"):
        for k, _, a, b in route_lines(world, style.route_width / PRINT.route_width):
            _route(canvas, a, b, colours[k], style)
        _badges(canvas, colours, badges)


def _badges(canvas: Canvas, colours: Sequence[RouteColour], badges: Sequence[Badge]) -> None:
    for badge in badges:
        colour = colours[badge.colour]
        if badge.leader is not None:  # a badge set apart: a short line in its route's colour leads to it
            canvas.line(*badge.leader, stroke=colour.rgb, width=0.25)
        canvas.circle(badge.x, badge.y, BADGE_R, fill="#ffffff", stroke=colour.rgb, width=0.3)
        baseline, field = badge.y + badge.size * PT * 0.36, f"route_colours[{badge.colour}].letter"
        _letter(canvas, badge.x, baseline, colour.letter, 2 * BADGE_R - 0.3, badge.size, field)


def _letter(canvas: Canvas, x: float, baseline: float, letter: str, room: float, size: float, field: str) -> None:
    """A route colour's letter centred in its badge, ``room`` mm across."""
    fit.line(canvas, x, baseline, letter, room, size=size, part=PART, field=field, bold=True, anchor="middle", fill=INK)


def _route(
    canvas: Canvas, start: tuple[float, float], end: tuple[float, float], colour: RouteColour, style: Style = PRINT
) -> None:
    """One route's patterned line, with arrows pointing to its end."""
    canvas.line(*start, *end, stroke=colour.rgb, width=style.route_width, dash=colour.dash or None)
    span = math.dist(start, end) or 1.0
    ux, uy = (end[0] - start[0]) / span, (end[1] - start[1]) / span
    for t in arrow_spots(start, end):
        x, y = start[0] + ux * span * t, start[1] + uy * span * t
        tip, back = style.arrow, style.arrow * 0.53
        canvas.polygon(
            [(x + ux * tip, y + uy * tip), (x - uy * back, y + ux * back), (x + uy * back, y - ux * back)],
            fill=colour.rgb,
            stroke=None,
        )


def _inset(canvas: Canvas, world: World, data: TakeOffData, spot: InsetSpot, t: Catalogue) -> None:
    """A crowded part of the map again, at a larger scale with its names placed afresh, routes cut at its edges."""
    x, y, w, h = spot.place
    x0, y0, x1, y1 = window = spot.zoomed
    zoomed, text = spot.world, spot.text
    with canvas.group(name=f"inset: {spot.inset.name}"):
        canvas.rect(x, y, w, h, fill="#ffffff", stroke=INK, width=0.5)
        name = t.get(inset_key(spot.inset.name), spot.inset.name)
        title = t("map.inset", name=name, zoom=decimal(spot.inset.zoom, t))
        key, baseline = "map.inset", y + TITLE_BAND - 1.6
        fit.line(canvas, x + 2, baseline, title, w - 4, size=8, part=PART, field=key, bold=True, fill=INK)
        with canvas.clip(x, y + TITLE_BAND, w, h - TITLE_BAND), canvas.group(x - x0, y + TITLE_BAND - y0):
            draw_coast(canvas, zoomed, zoomed.layout, window)
            divide = zoomed.layout.x_of(world.map.divide)
            if x0 < divide < x1:
                canvas.line(divide, y0, divide, y1, stroke=INK, width=1.2)  # the half-line: which deck
            for k, _, a, b in route_lines(zoomed):
                cut = clip_segment((*a, *b), window)
                if cut is not None:
                    _route(canvas, cut[:2], cut[2:], data.route_colours[k])
            _badges(canvas, data.route_colours, inset_badges(window, text.badges))
            draw_dots(canvas, zoomed, zoomed.layout, within=window)
            _names(canvas, inset_labels(window, text.labels))
        canvas.rect(x, y + TITLE_BAND, w, h - TITLE_BAND, stroke=INK, width=INSET_FRAME)


def _cities(canvas: Canvas, world: World, layout: Layout, placed: Placement) -> None:
    with canvas.group(name="cities"):
        draw_dots(canvas, world, layout)
        _names(canvas, placed.labels)


def _names(canvas: Canvas, labels: Sequence[Label]) -> None:
    for label in labels:
        if label.leader is not None:
            canvas.line(*label.leader, stroke=LEADER, width=0.2)
        canvas.text(label.x, label.y, label.text, size=label.size, bold=label.bold, anchor=label.anchor, fill=INK)


def draw_dots(canvas: Canvas, world: World, layout: Layout, grow: float = 1.0, within: Box | None = None) -> None:
    """Every city's dot (or those ``within`` a box): ringed for a capital, plain for a hub, a large ring for the ends."""
    for i, (true, (x, y)) in enumerate(zip(layout.true_xy, layout.dots)):
        if within is not None and not (within[0] <= x <= within[2] and within[1] <= y <= within[3]):
            continue
        if math.dist(true, (x, y)) > 0.8:
            canvas.line(*true, x, y, stroke=LEADER, width=0.15 * grow)
            canvas.circle(*true, 0.35 * grow, fill=LEADER, stroke=None)
        if i in (world.start, world.finish):
            canvas.circle(x, y, END_R * grow, fill="#ffffff", stroke=INK, width=0.6 * grow)
            canvas.circle(x, y, 1.0 * grow, fill=INK, stroke=None)
        elif world.map.cities[i].country:
            canvas.circle(x, y, DOT_R * grow, fill="#ffffff", stroke=INK, width=0.35 * grow)
            canvas.circle(x, y, 0.5 * grow, fill=INK, stroke=None)
        else:
            canvas.circle(x, y, HUB_R * grow, fill=INK, stroke=None)


def _legend(canvas: Canvas, world: World, data: TakeOffData, t: Catalogue) -> None:
    x0, y0, x1, _ = legend_box(world)
    with canvas.group(x0, y0, name="legend"):
        canvas.rect(0, 0, x1 - x0, LEGEND_H, fill="#ffffff", stroke=INK, width=0.4, radius=2)
        col = COLUMN
        words = partial(_words, canvas)
        words(5, 11, t("brand"), "brand", size=20, bold=True)
        words(5, 16.5, world.map.title, "title", size=8)
        for k, colour in enumerate(data.route_colours):
            y = 24 + k * 6.5
            canvas.line(5, y, 25, y, stroke=colour.rgb, width=0.7, dash=colour.dash or None)
            canvas.circle(15, y, BADGE_R * 1.4, fill="#ffffff", stroke=colour.rgb, width=0.35)
            letter, room = f"route_colours[{k}].letter", 2 * BADGE_R * 1.4 - 0.4
            _letter(canvas, 15, y + 1.05, colour.letter, room, BADGE_PT * 1.4, letter)
            name = t(f"data.route.{colour.letter}.name")
            words(28, y + 1.2, t("legend.route", colour=name, letter=colour.letter), "legend.route")
        y = 52
        _arrow(canvas, 9, y - 1.0, -1, 2.2, INK)
        words(14, y, t("legend.west"), "legend.west")
        canvas.circle(col + 2, 22.5, DOT_R, fill="#ffffff", stroke=INK, width=0.35)
        canvas.circle(col + 2, 22.5, 0.5, fill=INK, stroke=None)
        words(col + 6, 23.7, t("legend.capital"), "legend.capital")
        canvas.circle(col + 2, 29.5, HUB_R, fill=INK, stroke=None)
        words(col + 6, 30.7, t("legend.hub"), "legend.hub")
        canvas.line(col + 2, 34.5, col + 2, 40.5, stroke=INK, width=1.2)
        east, west = data.deck("east"), data.deck("west")
        half2 = t(
            "legend.half2",
            east_letter=east.letter,
            west=deck_colour(west, t),
            west_letter=west.letter,
        )
        words(col + 6, 37, t("legend.half1", east=deck_colour(east, t)), "legend.half1")
        words(col + 6, 40.5, half2, "legend.half2")
        words(col, 46, t("legend.card1"), "legend.card1")
        words(col, 49.5, t("legend.card2"), "legend.card2")
        words(col, 53, t("legend.card3"), "legend.card3")


def _words(canvas: Canvas, x: float, y: float, text: str, field: str, size: float = 7.0, bold: bool = False) -> None:
    """A legend's line from ``x``, shrunk to end 2 mm before the right column (or 3 mm inside the legend)."""
    end = COLUMN - 2 if x < COLUMN else LEGEND_W - 3
    fit.line(canvas, x, y, text, end - x, size=size, part=PART, field=field, bold=bold, fill=INK)
