"""Take Off!'s state picture for a screen: the map at a glance, every jet as a large token, a table and a legend.

The printed map's 224 city names and its route letters cannot be read on a screen (a browser shows the
0.9 m map about 1000 px wide), so the picture leaves them out. It keeps the coastlines, the grid, the
half-line, the routes in their colours and patterns, and the city dots; and it adds what the table
needs: each city holding jets in a callout that names it and its map square, the jets in it as tokens
lettered like the printed ones (K1, O2, ...), Start and Finish named, whose turn it is, a row for every
fleet, and a legend for every symbol.

Its words are the session's (``state.ctx.words``, keys ``picture.*``); the map, which a screen keeps drawn
all session and every session on the same map shares, holds none but its grid references.

Units: the drawing is 1000 units wide, so a unit is a pixel when a browser draws it 1000 px wide. No
text is smaller than 11 px there, and no two texts overlap: every text's box is placed clear of the
others (``Placed``), measured at least as wide as its font draws it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import lru_cache, partial

from pnp.games.take_off.drawing import (
    GRID,
    INK,
    SEA,
    Style,
    draw_coast,
    draw_dots,
    draw_routes,
    half_label,
    ink_on,
)
from pnp.games.take_off.model import Half, JetColour, RouteColour, TakeOffData
from pnp.games.take_off.placement import DOT_R, HUB_R
from pnp.games.take_off.state import TakeOffState
from pnp.games.take_off.text import bumped, deck_word, round_line, status, where
from pnp.games.take_off.world import HOME, MARGIN, World, column_name
from pnp.printing.canvas import PT, Anchor, Area, Canvas, Drawing, label_of, pieces_of
from pnp.printing.fonts import text_width
from pnp.printing.labels import Box
from pnp.printing.reuse import place

WIDTH = 1000.0  # units: pixels at a 1000 px wide window
PAD = 12.0
TITLE, TEXT, SMALL = 17.0, 13.0, 11.0  # font sizes in px
LINE = 1.45  # line height, in font sizes
TOKEN_R, TOKEN_STEP = 10.0, 23.0  # a jet token's radius, and the distance between tokens side by side
MAP_MAX_HEIGHT = 560.0
SCREEN = Style(route_width=1.0, arrow=3.0, dots=1.5)


def pt(px: float) -> float:
    """A font size in points that draws ``px`` units tall."""
    return px / PT


def measure(text: str, px: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``px``: the font's own advance, never less than 0.62 px a character."""
    return max(text_width(text, pt(px), bold), 0.62 * px * len(text))


def _apart(a: Box, b: Box, margin: float) -> bool:
    return a[2] + margin <= b[0] or b[2] + margin <= a[0] or a[3] + margin <= b[1] or b[3] + margin <= a[1]


class Placed:
    """The boxes taken so far (texts, callouts, dots to keep clear); a new box goes where it overlaps none."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []

    def free(self, box: Box, margin: float = 3.0) -> bool:
        """True when ``box`` keeps ``margin`` clear of every box taken."""
        return all(_apart(box, other, margin) for other in self.boxes)

    def add(self, box: Box) -> None:
        self.boxes.append(box)


@dataclass(frozen=True)
class Frame:
    """Where the map's inner area is drawn: its top-left corner and the scale from map mm to picture units."""

    x0: float
    y0: float
    scale: float
    width: float
    height: float

    def at(self, point: tuple[float, float]) -> tuple[float, float]:
        """A point of the map's layout (mm) in picture units."""
        return self.x0 + (point[0] - MARGIN) * self.scale, self.y0 + (point[1] - MARGIN) * self.scale

    @property
    def box(self) -> Box:
        return self.x0, self.y0, self.x0 + self.width, self.y0 + self.height


@dataclass(frozen=True)
class Callout:
    """A city's jets in one box: the city's name on top, then one row of tokens per fleet there."""

    city: int
    title: str
    rows: tuple[tuple[tuple[int, int], ...], ...]  # per seat present: (seat, jet number from 1)

    @property
    def size(self) -> tuple[float, float]:
        columns = max((len(row) for row in self.rows), default=0)
        width = max(measure(self.title, SMALL, True), columns * TOKEN_STEP - (TOKEN_STEP - 2 * TOKEN_R)) + 10
        return width, 5 + SMALL * LINE + len(self.rows) * TOKEN_STEP + (2 if self.rows else 0)


def picture(state: TakeOffState, viewer: str | None) -> Drawing:
    """The state for a screen: status, the map with the jets, the fleets and a legend (nothing is hidden)."""
    world, data = state.ctx.world, state.ctx.data
    layout = world.layout
    inner_w, inner_h = layout.width - 2 * MARGIN, layout.height - 2 * MARGIN
    scale = min((WIDTH - 2 * PAD - 2 * 16) / inner_w, MAP_MAX_HEIGHT / inner_h)
    top = PAD + TITLE * LINE + SMALL * LINE
    frame = Frame((WIDTH - inner_w * scale) / 2, top, scale, inner_w * scale, inner_h * scale)
    line = status(state)
    callouts = _callouts(state)
    placed = Placed()
    half_labels = _half_labels(state, frame, placed)
    spots = _place(world, frame, callouts, placed)
    panels = _panels(state, viewer, frame.box[3] + SMALL * LINE + 6, frame.scale)
    height = panels[-1].bottom + PAD

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, WIDTH, height, fill="#ffffff", stroke=None)
        size = TITLE if measure(line, TITLE, True) <= WIDTH - 2 * PAD else TEXT
        canvas.text(PAD, PAD + TITLE, line, size=pt(size), bold=True, fill=INK)
        place(canvas, _map_drawing(world, data, frame))
        for text, x, y, colour, box in half_labels:
            with canvas.group(name=label_of(text)):
                canvas.rect(
                    box[0] - 2, box[1] - 1, box[2] - box[0] + 4, box[3] - box[1] + 2, fill="#ffffff", stroke=None
                )
                canvas.text(x, y, text, size=pt(SMALL), bold=True, fill=colour)
        _draw_callouts(canvas, world, data, frame, callouts, spots, state.players)
        for panel in panels:
            panel.draw(canvas)

    seats = tuple((player, _focus(callouts, spots, seat)) for seat, player in enumerate(state.players))
    x0, y0, x1, y1 = frame.box
    return Drawing(WIDTH, height, draw, seats=seats, grids=((x0, y0, x1 - x0, y1 - y0),))


def _focus(callouts: Sequence[Callout], boxes: Sequence[Box], seat: int) -> Area:
    """Where a seat's phone opens: round the callouts holding its jets (a jet is always somewhere)."""
    mine = [box for callout, box in zip(callouts, boxes) if any(row[0][0] == seat for row in callout.rows)]
    x0, y0 = min(b[0] for b in mine) - PAD, min(b[1] for b in mine) - PAD
    return x0, y0, max(b[2] for b in mine) + PAD - x0, max(b[3] for b in mine) + PAD - y0


# -- the map -----------------------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _map_drawing(world: World, data: TakeOffData, frame: Frame) -> Drawing:
    """The map as a drawing of its own, down to its grid references: it stays the same for a whole session,
    so a screen keeps it drawn (:func:`pnp.printing.reuse.place`)."""
    return Drawing(WIDTH, frame.box[3] + PAD, lambda canvas: _map(canvas, world, data, frame))


def _map(canvas: Canvas, world: World, data: TakeOffData, frame: Frame) -> None:
    """Coastlines, grid, half-line, routes and dots scaled into ``frame``; grid references round it."""
    layout = world.layout
    x0, y0, x1, y1 = frame.box
    with canvas.group(frame.x0 - MARGIN * frame.scale, frame.y0 - MARGIN * frame.scale, scale=frame.scale, name="map"):
        canvas.rect(MARGIN, MARGIN, layout.width - 2 * MARGIN, layout.height - 2 * MARGIN, fill=SEA, stroke=None)
        draw_coast(canvas, world, layout)
        grid = layout.cell
        for col in range(1, layout.columns()):
            x = MARGIN + col * grid
            canvas.line(x, MARGIN, x, layout.height - MARGIN, stroke=GRID, width=0.4, dash=(1.5, 2.0))
        for row in range(1, layout.rows()):
            y = MARGIN + row * grid
            canvas.line(MARGIN, y, layout.width - MARGIN, y, stroke=GRID, width=0.4, dash=(1.5, 2.0))
        divide = layout.x_of(world.map.divide)
        canvas.line(divide, MARGIN, divide, layout.height - MARGIN, stroke=INK, width=1.6)
        draw_routes(canvas, world, data.route_colours, SCREEN)
        draw_dots(canvas, world, layout, SCREEN.dots)
    canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=INK, width=1.0)
    with canvas.group(name="grid references"):
        cell = layout.cell * frame.scale
        every = max(1, math.ceil(2 * SMALL / cell))
        for col in range(0, layout.columns(), every):
            middle = (x0 + col * cell + min(x0 + (col + 1) * cell, x1)) / 2
            canvas.text(middle, y0 - 5, column_name(col), size=pt(SMALL), bold=True, anchor="middle", fill=INK)
        for row in range(0, layout.rows(), every):
            middle = (y0 + row * cell + min(y0 + (row + 1) * cell, y1)) / 2 + SMALL * 0.35
            for x in (x0 - 9, x1 + 9):
                canvas.text(x, middle, str(row + 1), size=pt(SMALL), bold=True, anchor="middle", fill=INK)


def _half_labels(state: TakeOffState, frame: Frame, placed: Placed) -> list[tuple[str, float, float, str, Box]]:
    """The deck of each half, written either side of the half-line at the top of the map, as the map prints it."""
    world, data, t = state.ctx.world, state.ctx.data, state.ctx.words
    x = frame.at((world.layout.x_of(world.map.divide), MARGIN))[0]
    y = frame.y0 + 6 + SMALL
    found = []
    halves: tuple[tuple[int, Half], ...] = ((-1, "west"), (1, "east"))
    for sign, half in halves:
        deck = data.deck(half)
        text = half_label(t(f"map.{half}"), deck, t)
        width = measure(text, SMALL, True)
        left = x + 6 if sign > 0 else x - 6 - width
        box = (left, y - SMALL, left + width, y + SMALL * 0.3)
        if box[0] >= frame.x0 and box[2] <= frame.x0 + frame.width:
            placed.add(box)
            found.append((text, left, y, deck.rgb, box))
    return found


# -- the jets ----------------------------------------------------------------------------------------------------


def _callouts(state: TakeOffState) -> list[Callout]:
    """One callout per city holding jets (jets home wait at Finish), and Start and Finish always."""
    world, t = state.ctx.world, state.ctx.words
    here: dict[int, dict[int, list[int]]] = {world.start: {}, world.finish: {}}
    for seat in range(len(state.players)):
        for j, city in enumerate(state.jets_of(seat)):
            here.setdefault(world.finish if city == HOME else city, {}).setdefault(seat, []).append(j + 1)
    callouts = []
    for city, seats in here.items():
        if city == world.start:
            title = t("picture.callout.start", city=world.name(city))
        elif city == world.finish:
            title = t("picture.callout.finish.home" if seats else "picture.callout.finish", city=world.name(city))
        else:
            title = f"{world.name(city)} {world.layout.city_reference(city)}"
        rows = tuple(tuple((seat, n) for n in numbers) for seat, numbers in sorted(seats.items()))
        callouts.append(Callout(city, title, rows))
    # Start and Finish first, then the biggest callouts, west to east: the crowded ones choose first
    ends = (world.start, world.finish)
    return sorted(callouts, key=lambda c: (c.city not in ends, -len(c.rows), world.layout.dots[c.city]))


def _place(world: World, frame: Frame, callouts: Sequence[Callout], placed: Placed) -> list[Box]:
    """A box for each callout, near its city and clear of the others, inside the map."""
    dots = {c.city: frame.at(world.layout.dots[c.city]) for c in callouts}
    for x, y in dots.values():
        placed.add((x - 5, y - 5, x + 5, y + 5))
    boxes = []
    for callout in callouts:
        box = _spot(frame, dots[callout.city], callout.size, placed)
        placed.add(box)
        boxes.append(box)
    return boxes


def _spot(frame: Frame, dot: tuple[float, float], size: tuple[float, float], placed: Placed) -> Box:
    """Where a box of ``size`` goes: the nearest free spot round ``dot``, else the nearest free spot on the map."""
    (x, y), (w, h) = dot, size
    fx0, fy0, fx1, fy1 = frame.box

    def inside(box: Box) -> bool:
        return box[0] >= fx0 + 2 and box[1] >= fy0 + 2 and box[2] <= fx1 - 2 and box[3] <= fy1 - 2

    def around(d: float) -> Iterator[Box]:
        for left, top in (
            (x + d, y - h / 2),  # east of the dot, then west, above, below, and the corners
            (x - d - w, y - h / 2),
            (x - w / 2, y - d - h),
            (x - w / 2, y + d),
            (x + d * 0.7, y - d * 0.7 - h),
            (x - d * 0.7 - w, y - d * 0.7 - h),
            (x + d * 0.7, y + d * 0.7),
            (x - d * 0.7 - w, y + d * 0.7),
        ):
            yield left, top, left + w, top + h

    for d in (9.0, 20.0, 34.0, 52.0, 75.0, 105.0, 140.0):
        for box in around(d):
            if inside(box) and placed.free(box):
                return box
    spots = [
        (gx, gy, gx + w, gy + h) for gx in _steps(fx0 + 3, fx1 - 3 - w, 8.0) for gy in _steps(fy0 + 3, fy1 - 3 - h, 8.0)
    ]
    free = [box for box in spots if placed.free(box)]
    centre: Callable[[Box], float] = lambda b: math.hypot((b[0] + b[2]) / 2 - x, (b[1] + b[3]) / 2 - y)
    if free:
        return min(free, key=centre)
    return min(around(9.0), key=lambda b: (not inside(b), centre(b)))  # a full map: overlap rather than vanish


def _steps(low: float, high: float, step: float) -> list[float]:
    count = max(0, math.floor((high - low) / step))
    return [low + i * step for i in range(count + 1)]


def _draw_callouts(
    canvas: Canvas,
    world: World,
    data: TakeOffData,
    frame: Frame,
    callouts: Sequence[Callout],
    boxes: Sequence[Box],
    players: Sequence[str],
) -> None:
    """Each callout with its leader to its city, then the jets in it (each in a group naming its player's pieces)."""
    with canvas.group(name="callouts"):
        for callout, (x0, y0, x1, y1) in zip(callouts, boxes):  # leaders first: the boxes lie over them
            dx, dy = frame.at(world.layout.dots[callout.city])
            canvas.line(dx, dy, min(max(dx, x0), x1), min(max(dy, y0), y1), stroke=INK, width=1.2)
            canvas.circle(dx, dy, 3.2, fill=INK, stroke=None)
        for callout, (x0, y0, x1, y1) in zip(callouts, boxes):
            with canvas.group(name=label_of(callout.title)):
                canvas.rect(x0, y0, x1 - x0, y1 - y0, fill="#ffffff", stroke=INK, width=1.0, radius=4)
                canvas.text(x0 + 5, y0 + 3 + SMALL, callout.title, size=pt(SMALL), bold=True, fill=INK)
    with canvas.group(name="jets"):
        for callout, (x0, y0, _, _) in zip(callouts, boxes):
            for r, row in enumerate(callout.rows):
                for k, (owner, number) in enumerate(row):
                    cx = x0 + 5 + TOKEN_R + k * TOKEN_STEP
                    cy = y0 + 5 + SMALL * LINE + TOKEN_R + r * TOKEN_STEP
                    with canvas.group(name=pieces_of(players[owner])):
                        token(canvas, cx, cy, data.jet_colours[owner % len(data.jet_colours)], number)


def token(canvas: Canvas, x: float, y: float, colour: JetColour, number: int) -> None:
    """A jet token as printed: the fleet's colour, its letter and the jet's number."""
    _disc(canvas, x, y, colour, f"{colour.letter}{number}")


def _disc(canvas: Canvas, x: float, y: float, colour: JetColour, label: str) -> None:
    """A disc in the fleet's colour with ``label`` across it: a jet token, or a fleet's swatch."""
    canvas.circle(x, y, TOKEN_R, fill=colour.rgb, stroke=INK, width=1.0)
    canvas.text(x, y + SMALL * 0.36, label, size=pt(SMALL), bold=True, anchor="middle", fill=ink_on(colour.rgb))


# -- the panel: fleets, decks and legend ---------------------------------------------------------------------------


@dataclass
class Panel:
    """A part under the map (the fleets, the legend), laid out in rows down to ``bottom``: shapes, then texts."""

    name: str
    bottom: float
    shapes: list[Callable[[Canvas], None]] = field(default_factory=list)
    texts: list[tuple[float, float, str, float, bool, Anchor]] = field(default_factory=list)

    def text(self, x: float, y: float, text: str, px: float, bold: bool = False, anchor: Anchor = "start") -> None:
        """A text with its baseline at ``y``."""
        self.texts.append((x, y, text, px, bold, anchor))

    def draw(self, canvas: Canvas) -> None:
        with canvas.group(name=self.name):
            for shape in self.shapes:
                shape(canvas)
            for x, y, text, px, bold, anchor in self.texts:
                canvas.text(x, y, text, size=pt(px), bold=bold, anchor=anchor, fill=INK)


def clipped(text: str, px: float, width: float, bold: bool = False) -> str:
    """``text``, cut with an ellipsis if it is measured wider than ``width``."""
    while len(text) > 1 and measure(text, px, bold) > width + 0.01:  # (a hair over: rounding)
        text = text[: -2 if text.endswith("…") else -1].rstrip() + "…"
    return text


def _panels(state: TakeOffState, viewer: str | None, top: float, scale: float) -> list[Panel]:
    """The fleets' rows, the round and the decks (a group named "fleets"), then the legend (one named "legend")."""
    rows = _fleets(state, viewer, top)
    panel = Panel("fleets", rows[-1].bottom + 4)
    t = state.ctx.words
    east, west = (deck_word(t, side) for side in ("east", "west"))
    facts = [
        round_line(state),
        t("picture.cards_left", east=east, east_left=len(state.piles[0]), west=west, west_left=len(state.piles[1])),
        *(bumped(state, seat, jet) for seat, jet in state.bumped),
    ]
    _flow(panel, [(None, 0.0, fact) for fact in facts], TEXT)
    legend = Panel("legend", panel.bottom + 4)
    _flow(legend, _legend(state, scale), SMALL, heading=t("picture.legend"), entry="legend entry")
    return [*rows, panel, legend]


def _fleets(state: TakeOffState, viewer: str | None, top: float) -> list[Panel]:
    """A row per fleet from ``top`` down: its token colour, player, where each jet is, progress and place. Each row is
    a label (``label_of`` its player), which a phone's frame shows whole or not at all: a row is wider than a phone
    shows legibly, and its figures without its player's name would say nothing."""
    data, t = state.ctx.data, state.ctx.words
    places = state.places()
    final = state.is_over()
    winners = set(state.score().winners) if final else set()
    rows = []
    for seat, name in enumerate(state.players):
        colour = data.jet_colours[seat % len(data.jet_colours)]
        jets = [f"{colour.letter}{j + 1} {where(state, city, '{}')}" for j, city in enumerate(state.jets_of(seat))]
        key = "picture.standing.winner" if name in winners else "picture.standing"
        stats = t(key, progress=sum(state.progress(seat)), place=places[seat])
        who = t("picture.you", player=name) if name == viewer else name
        rows.append((colour, who, jets, stats, seat == state.seat and not final))
    gap = 18.0
    swatch = 2 * TOKEN_R + 8
    name_w = max(measure(who, TEXT, True) for _, who, _, _, _ in rows) + gap
    stats_w = max(measure(stats, TEXT) for *_, stats, _ in rows) + gap
    available = WIDTH - 2 * PAD - swatch - name_w - stats_w
    jet_w = [
        min(max(measure(jets[j], TEXT) for _, _, jets, _, _ in rows) + gap, available) for j in range(len(rows[0][2]))
    ]
    per_line = len(jet_w)
    while per_line > 1 and sum(max(jet_w[i::per_line]) for i in range(per_line)) > available:
        per_line -= 1
    columns = [max(jet_w[i::per_line]) for i in range(per_line)]
    lines = math.ceil(len(jet_w) / per_line)
    row_h = max(TOKEN_STEP, TEXT * LINE * lines) + 4
    panels = []
    for n, (colour, who, jets, stats, to_move) in enumerate(rows):
        y = top + n * row_h
        panel = Panel(label_of(who), y + row_h)
        panels.append(panel)
        mid = y + row_h / 2
        if to_move:  # the fleet whose turn it is, shaded
            band = (PAD - 4, y + 1, WIDTH - 2 * PAD + 8, row_h - 2)
            panel.shapes.append(partial(_shade, box=band))
        panel.shapes.append(partial(_swatch, colour=colour, mid=mid))
        first = mid - (lines - 1) * TEXT * LINE / 2 + TEXT * 0.36
        x = PAD + swatch
        panel.text(x, first, who, TEXT, bold=True)
        x += name_w
        for j, text in enumerate(jets):
            line_no, column = divmod(j, per_line)
            width = columns[column] - gap
            panel.text(x + sum(columns[:column]), first + line_no * TEXT * LINE, clipped(text, TEXT, width), TEXT)
        panel.text(WIDTH - PAD, first, stats, TEXT, anchor="end")
    return panels


def _shade(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    canvas.rect(*box, fill="#fff4cc", stroke=None)


def _swatch(canvas: Canvas, colour: JetColour, mid: float) -> None:
    """The fleet's colour and letter, as on its tokens."""
    _disc(canvas, PAD + TOKEN_R, mid, colour, colour.letter)


Symbol = Callable[[Canvas, float, float], None] | None  # draws a legend symbol with its left end at (x, middle y)


def _legend(state: TakeOffState, scale: float) -> list[tuple[Symbol, float, str]]:
    """Every symbol of the picture with its meaning; route patterns at the map's scale."""
    data, t = state.ctx.data, state.ctx.words
    items: list[tuple[Symbol, float, str]] = []
    for colour in data.route_colours:

        def route(canvas: Canvas, x: float, y: float, colour: RouteColour = colour) -> None:
            dash = [d * scale for d in colour.dash] or None
            canvas.line(x, y, x + 30, y, stroke=colour.rgb, width=SCREEN.route_width * scale, dash=dash)

        items.append(
            (route, 30.0, t("picture.legend.route", colour=t(f"data.route.{colour.letter}.name"), letter=colour.letter))
        )

    def arrow(canvas: Canvas, x: float, y: float) -> None:
        canvas.line(x, y, x + 30, y, stroke=INK, width=SCREEN.route_width * scale)
        canvas.polygon([(x + 9, y), (x + 15, y - 3.5), (x + 15, y + 3.5)], fill=INK, stroke=None)

    grow = SCREEN.dots * scale  # the dots as the map shows them
    dot_w = max(8.0, 2 * DOT_R * grow + 2)

    def capital(canvas: Canvas, x: float, y: float) -> None:
        canvas.circle(x + dot_w / 2, y, DOT_R * grow, fill="#ffffff", stroke=INK, width=0.35 * grow)
        canvas.circle(x + dot_w / 2, y, 0.5 * grow, fill=INK, stroke=None)

    def hub(canvas: Canvas, x: float, y: float) -> None:
        canvas.circle(x + dot_w / 2, y, HUB_R * grow, fill=INK, stroke=None)

    def half(canvas: Canvas, x: float, y: float) -> None:
        canvas.line(x + 4, y - 7, x + 4, y + 7, stroke=INK, width=1.6 * scale)

    def callout(canvas: Canvas, x: float, y: float) -> None:
        canvas.circle(x + 3, y + 4, 3.2, fill=INK, stroke=None)
        canvas.line(x + 3, y + 4, x + 12, y - 2, stroke=INK, width=1.2)
        canvas.rect(x + 12, y - 8, 14, 12, fill="#ffffff", stroke=INK, width=1.0, radius=3)

    first = data.jet_colours[0]

    def jet(canvas: Canvas, x: float, y: float) -> None:
        token(canvas, x + TOKEN_R, y, first, 1)

    fleet = t(f"data.jet.{first.letter}.name")
    items += [
        (arrow, 30.0, t("picture.legend.west")),
        (capital, dot_w, t("picture.legend.capital")),
        (hub, dot_w, t("picture.legend.hub")),
        (half, 8.0, t("picture.legend.half", east=deck_word(t, "east"), west=deck_word(t, "west"))),
        (callout, 26.0, t("picture.legend.callout")),
        (jet, 2 * TOKEN_R, t("picture.legend.jet", letter=first.letter, fleet=fleet)),
    ]
    return items


def _flow(
    panel: Panel, items: Sequence[tuple[Symbol, float, str]], px: float, heading: str = "", entry: str | None = None
) -> None:
    """Items (a symbol, its width, a text) left to right, wrapped onto new lines at the picture's edge; each a group
    named ``entry`` where given, its symbol one named "legend symbol" (the legend's: a phone lists its entries under
    its board, see pnp/table/static)."""
    step = max(px * LINE, 2 * TOKEN_R + 4)
    x, y = PAD, panel.bottom + step / 2
    if heading:
        panel.text(PAD, y + px * 0.36, heading, px, bold=True)
        x += measure(heading, px, True) + 12
    for symbol, symbol_w, text in items:
        text = clipped(text, px, WIDTH - 2 * PAD - symbol_w - 6)
        width = (symbol_w + 6 if symbol else 0) + measure(text, px)
        if x + width > WIDTH - PAD and x > PAD:
            x, y = PAD, y + step
        panel.shapes.append(partial(_item, symbol=symbol, at=(x, y), gap=symbol_w + 6, text=text, px=px, entry=entry))
        x += width + 22
    panel.bottom = y + step / 2


def _item(
    canvas: Canvas, symbol: Symbol, at: tuple[float, float], gap: float, text: str, px: float, entry: str | None
) -> None:
    """An item of a panel: its symbol (if any) with its left end at ``at``, then its text ``gap`` to the right."""
    x, y = at
    with canvas.group(name=entry) if entry else nullcontext():
        if symbol is not None:
            with canvas.group(name="legend symbol") if entry else nullcontext():
                symbol(canvas, x, y)
            x += gap
        canvas.text(x, y + px * 0.36, text, size=pt(px), fill=INK)
