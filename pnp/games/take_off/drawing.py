"""The world map, drawn against the Canvas: coastlines, grid, half-line, routes, cities, legend, jets.

The kit's board, ``pnp map preview`` and the state picture all use this.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from pnp.games.take_off.coast import LAND, shores
from pnp.games.take_off.model import DeckStyle, RouteColour, TakeOffData
from pnp.games.take_off.world import MARGIN, Layout, World, column_name
from pnp.printing.canvas import PT, Anchor, Canvas, Drawing
from pnp.printing.color import luminance, rgb
from pnp.printing.fonts import text_width

SEA, GROUND, SHORE, INK, GRID = "#dcebf4", "#f2ebd3", "#8f8466", "#1a1a1a", "#9db2c0"
LABEL_PT, BADGE_PT = 4.3, 3.4
DOT_R, HUB_R, BADGE_R, END_R = 1.3, 0.85, 1.15, 2.2  # END_R: the ringed dot of Start and Finish
ARROW_EVERY = 45.0  # mm between direction arrows along a long route
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Style:
    """How heavily the network is drawn: the printed map, or the state picture seen smaller on a screen."""

    route_width: float = 0.5  # mm
    arrow: float = 1.7  # mm from an arrow's middle to its tip
    badges: bool = True  # a lettered badge on each route (too small to read on a screen)
    dots: float = 1.0  # how much larger than printed the city dots are


PRINT = Style()


def board_drawing(world: World, data: TakeOffData) -> Drawing:
    """The printed map as one Drawing (the toolkit tiles it)."""
    layout = world.layout
    return Drawing(layout.width, layout.height, lambda canvas: draw_board(canvas, world, data))


def draw_board(canvas: Canvas, world: World, data: TakeOffData) -> None:
    """Everything printed on the map, back to front."""
    layout = world.layout
    canvas.rect(0, 0, layout.width, layout.height, fill="#ffffff", stroke=None)
    draw_coast(canvas, world, layout)
    _grid(canvas, layout)
    _half_line(canvas, world, data, layout)
    draw_routes(canvas, world, data.route_colours, layout)
    _cities(canvas, world, layout)
    _legend(canvas, world, data, layout)
    canvas.rect(MARGIN, MARGIN, layout.width - 2 * MARGIN, layout.height - 2 * MARGIN, stroke=INK, width=0.5)


def _inner(layout: Layout) -> Box:
    return MARGIN, MARGIN, layout.width - MARGIN, layout.height - MARGIN


def draw_coast(canvas: Canvas, world: World, layout: Layout) -> None:
    """The sea, the land and the shorelines, clipped to the map's inner area."""
    x0, y0, x1, y1 = _inner(layout)
    m = world.map
    with canvas.clip(x0, y0, x1 - x0, y1 - y0), canvas.group(name="coastlines"):
        canvas.rect(x0, y0, x1 - x0, y1 - y0, fill=SEA, stroke=None)
        for shore in shores():
            low, high = shore.lon_range
            for shift in (0.0, 360.0):
                if high + shift < m.west_edge or low + shift > m.east_edge:
                    continue
                points = [(layout.x_of(lon + shift), layout.y_of(lat)) for lon, lat in shore.points]
                canvas.polygon(points, fill=GROUND if shore.level == LAND else SEA, stroke=None)
                for run in _shore_runs(shore.points, points):
                    canvas.polygon(run, closed=False, stroke=SHORE, width=0.15)


def _shore_runs(lonlat: Sequence[tuple[float, float]], points: list[tuple[float, float]]) -> list[list]:
    """The shoreline as polylines, leaving out the cut the data makes along the 180th meridian."""
    runs: list[list] = [[points[0]]]
    ring = list(range(1, len(points))) + [0]
    for prev, i in zip([0] + ring[:-1], ring):
        if abs(lonlat[prev][0]) == 180.0 and abs(lonlat[i][0]) == 180.0:
            runs.append([points[i]])
        else:
            runs[-1].append(points[i])
    return [run for run in runs if len(run) > 1]


def _grid(canvas: Canvas, layout: Layout) -> None:
    x0, y0, x1, y1 = _inner(layout)
    cell = layout.cell
    with canvas.group(name="grid"):
        for col in range(layout.columns()):
            left = x0 + col * cell
            if col:
                canvas.line(left, y0, left, y1, stroke=GRID, width=0.2, dash=(1.0, 1.5))
            middle = (left + min(left + cell, x1)) / 2
            for y in (y0 - 2.6, y1 + 5.2):
                canvas.text(middle, y, column_name(col), size=9, bold=True, anchor="middle", fill=INK)
        for row in range(layout.rows()):
            top = y0 + row * cell
            if row:
                canvas.line(x0, top, x1, top, stroke=GRID, width=0.2, dash=(1.0, 1.5))
            middle = (top + min(top + cell, y1)) / 2 + 1.2
            for x in (x0 - 4.5, x1 + 4.5):
                canvas.text(x, middle, str(row + 1), size=9, bold=True, anchor="middle", fill=INK)


def _half_line(canvas: Canvas, world: World, data: TakeOffData, layout: Layout) -> None:
    x = layout.x_of(world.map.divide)
    _, y0, _, y1 = _inner(layout)
    east, west = data.deck("east"), data.deck("west")
    with canvas.group(name="half-line"):
        canvas.line(x, y0, x, y1, stroke=INK, width=1.2)
        for sign, deck, words in ((-1, west, "WEST HALF"), (1, east, "EAST HALF")):
            label = half_label(words, deck)
            anchor: Anchor = "end" if sign < 0 else "start"
            canvas.text(x + sign * 6.5, y0 + 5.5, label, size=7, bold=True, anchor=anchor, fill=deck.rgb)
            _arrow(canvas, x + sign * 3.6, y0 + 4.3, sign, 2.2, deck.rgb)


def half_label(words: str, deck: DeckStyle) -> str:
    """The words either side of the half-line: which deck the half draws from."""
    return f"{words}: {deck.name.lower()} deck ({deck.letter})"


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
    canvas: Canvas, world: World, colours: Sequence[RouteColour], layout: Layout, style: Style = PRINT
) -> None:
    """Every route in its colour and pattern, twins side by side, drawn as heavily as ``style`` says."""
    dots = layout.dots
    with canvas.group(name="routes"):
        for src, dests in enumerate(world.routes):
            used = [k for k, dest in enumerate(dests) if dest >= 0]
            for k in used:
                dest = dests[k]
                twins = [j for j in used if dests[j] == dest]
                shift = (twins.index(k) - (len(twins) - 1) / 2) * 1.1
                _route(canvas, dots[src], dots[dest], colours[k], shift * style.route_width / PRINT.route_width, style)


def _route(
    canvas: Canvas,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: RouteColour,
    shift: float,
    style: Style = PRINT,
) -> None:
    """One route from a to b: a patterned line, arrows pointing to b and (in print) a lettered badge."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy * shift, ux * shift
    start = (a[0] + ux * DOT_R + nx, a[1] + uy * DOT_R + ny)
    end = (b[0] - ux * DOT_R + nx, b[1] - uy * DOT_R + ny)
    canvas.line(*start, *end, stroke=colour.rgb, width=style.route_width, dash=colour.dash or None)
    span = length - 2 * DOT_R
    arrows = max(1, round(span / ARROW_EVERY))
    for i in range(arrows):
        t = (i + 0.5) / arrows
        if arrows == 1:
            t = 0.72
        x, y = start[0] + ux * span * t, start[1] + uy * span * t
        tip, back = style.arrow, style.arrow * 0.53
        canvas.polygon(
            [(x + ux * tip, y + uy * tip), (x - uy * back, y + ux * back), (x + uy * back, y - ux * back)],
            fill=colour.rgb,
            stroke=None,
        )
    if not style.badges:
        return
    mx, my = start[0] + ux * span * 0.42, start[1] + uy * span * 0.42
    canvas.circle(mx, my, BADGE_R, fill="#ffffff", stroke=colour.rgb, width=0.3)
    canvas.text(mx, my + BADGE_PT * PT * 0.36, colour.letter, size=BADGE_PT, bold=True, anchor="middle", fill=INK)


def _cities(canvas: Canvas, world: World, layout: Layout) -> None:
    with canvas.group(name="cities"):
        draw_dots(canvas, world, layout)
        for text, x, y, anchor, size, bold in labels(world):
            canvas.text(x, y, text, size=size, bold=bold, anchor=anchor, fill=INK)


def draw_dots(canvas: Canvas, world: World, layout: Layout, grow: float = 1.0) -> None:
    """Every city's dot: ringed for a capital, plain for a hub, a large ring for Start and Finish."""
    for true, dot in zip(layout.true_xy, layout.dots):
        if math.dist(true, dot) > 0.8:
            canvas.line(*true, *dot, stroke="#6b6b6b", width=0.15 * grow)
            canvas.circle(*true, 0.35 * grow, fill="#6b6b6b", stroke=None)
    for i, (x, y) in enumerate(layout.dots):
        if i in (world.start, world.finish):
            canvas.circle(x, y, END_R * grow, fill="#ffffff", stroke=INK, width=0.6 * grow)
            canvas.circle(x, y, 1.0 * grow, fill=INK, stroke=None)
        elif world.map.cities[i].country:
            canvas.circle(x, y, DOT_R * grow, fill="#ffffff", stroke=INK, width=0.35 * grow)
            canvas.circle(x, y, 0.5 * grow, fill=INK, stroke=None)
        else:
            canvas.circle(x, y, HUB_R * grow, fill=INK, stroke=None)


def _dot_radius(world: World, city: int) -> float:
    """The printed radius of a city's dot, as labels keep clear of it (Start and Finish are larger)."""
    return END_R if city in (world.start, world.finish) else DOT_R


def _label_text(world: World, city: int) -> tuple[str, float, bool]:
    name = world.name(city)
    if city == world.start:
        return f"START {name}", 6.0, True
    if city == world.finish:
        return f"{name} FINISH", 6.0, True
    return name, LABEL_PT, False


@cache
def labels(world: World) -> tuple[tuple[str, float, float, Anchor, float, bool], ...]:
    """Each city's name placed beside its dot where it overlaps least: (text, x, y, anchor, size, bold)."""
    layout = world.layout
    taken = _BoxIndex()
    for city, (x, y) in enumerate(layout.dots):
        r = _dot_radius(world, city)
        taken.add((x - r, y - r, x + r, y + r))
    x0, y0, x1, y1 = _inner(layout)
    placed = []
    order = sorted(range(len(world.ids)), key=lambda i: (i not in (world.start, world.finish), layout.dots[i]))
    for city in order:
        text, size, bold = _label_text(world, city)
        w, h = text_width(text, size, bold), size * PT * 0.75
        x, y = layout.dots[city]
        gap = _dot_radius(world, city) + 0.5
        options: list[tuple[float, float, Anchor, Box]] = [
            (x + gap, y + h / 2, "start", (x + gap, y - h / 2, x + gap + w, y + h / 2)),
            (x - gap, y + h / 2, "end", (x - gap - w, y - h / 2, x - gap, y + h / 2)),
            (x, y - gap, "middle", (x - w / 2, y - gap - h, x + w / 2, y - gap)),
            (x, y + gap + h, "middle", (x - w / 2, y + gap, x + w / 2, y + gap + h)),
        ]
        inside = [o for o in options if o[3][0] >= x0 + 0.5 and o[3][2] <= x1 - 0.5 and o[3][1] >= y0 and o[3][3] <= y1]
        best = min(inside or options, key=lambda o: taken.overlap(o[3]))
        taken.add(best[3])
        placed.append((text, best[0], best[1], best[2], size, bold))
    return tuple(placed)


class _BoxIndex:
    """Boxes placed so far, filed under every grid square they touch, so a check reads only nearby boxes."""

    SQUARE = 10.0  # mm

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self.squares: dict[tuple[int, int], list[int]] = {}

    def _squares(self, box: Box) -> list[tuple[int, int]]:
        side = self.SQUARE
        columns = range(math.floor(box[0] / side), math.floor(box[2] / side) + 1)
        rows = range(math.floor(box[1] / side), math.floor(box[3] / side) + 1)
        return [(c, r) for c in columns for r in rows]

    def add(self, box: Box) -> None:
        """Place ``box``."""
        for square in self._squares(box):
            self.squares.setdefault(square, []).append(len(self.boxes))
        self.boxes.append(box)

    def overlap(self, box: Box) -> float:
        """The area ``box`` shares with the boxes placed, summed in the order they were placed."""
        near = sorted({i for square in self._squares(box) for i in self.squares.get(square, ())})
        return _overlap(box, [self.boxes[i] for i in near])


def _overlap(box: Box, others: Sequence[Box]) -> float:
    total = 0.0
    for other in others:
        w = min(box[2], other[2]) - max(box[0], other[0])
        h = min(box[3], other[3]) - max(box[1], other[1])
        if w > 0 and h > 0:
            total += w * h
    return total


LEGEND_W, LEGEND_H = 150.0, 58.0


def _legend_box(world: World, layout: Layout) -> Box:
    """The inner corner of the map crossed by the fewest city dots and route points."""
    x0, y0, x1, y1 = _inner(layout)
    pad = 3.0
    corners = [
        (x0 + pad, y1 - pad - LEGEND_H),
        (x1 - pad - LEGEND_W, y1 - pad - LEGEND_H),
        (x0 + pad, y0 + pad + 10),
        (x1 - pad - LEGEND_W, y0 + pad + 10),
    ]
    samples = list(layout.dots)
    for src, dests in enumerate(world.routes):
        for dest in dests:
            if dest >= 0:
                (ax, ay), (bx, by) = layout.dots[src], layout.dots[dest]
                samples += [(ax + (bx - ax) * t / 20, ay + (by - ay) * t / 20) for t in range(1, 20)]

    def crowd(corner: tuple[float, float]) -> int:
        cx, cy = corner
        return sum(1 for x, y in samples if cx <= x <= cx + LEGEND_W and cy <= y <= cy + LEGEND_H)

    cx, cy = min(corners, key=crowd)
    return cx, cy, cx + LEGEND_W, cy + LEGEND_H


def _legend(canvas: Canvas, world: World, data: TakeOffData, layout: Layout) -> None:
    x0, y0, x1, _ = _legend_box(world, layout)
    with canvas.group(x0, y0, name="legend"):
        canvas.rect(0, 0, x1 - x0, LEGEND_H, fill="#ffffff", stroke=INK, width=0.4, radius=2)
        canvas.text(5, 11, "TAKE OFF!", size=20, bold=True, fill=INK)
        canvas.text(5, 16.5, world.map.title, size=8, fill=INK)
        for k, colour in enumerate(data.route_colours):
            y = 24 + k * 6.5
            canvas.line(5, y, 25, y, stroke=colour.rgb, width=0.7, dash=colour.dash or None)
            canvas.circle(15, y, BADGE_R * 1.4, fill="#ffffff", stroke=colour.rgb, width=0.35)
            canvas.text(15, y + 1.05, colour.letter, size=BADGE_PT * 1.4, bold=True, anchor="middle", fill=INK)
            canvas.text(28, y + 1.2, f"{colour.name} route ({colour.letter})", size=7, fill=INK)
        y = 52
        _arrow(canvas, 9, y - 1.0, -1, 2.2, INK)
        canvas.text(14, y, "every route leads west: follow the arrows", size=7, fill=INK)
        col = 80
        canvas.circle(col + 2, 22.5, DOT_R, fill="#ffffff", stroke=INK, width=0.35)
        canvas.circle(col + 2, 22.5, 0.5, fill=INK, stroke=None)
        canvas.text(col + 6, 23.7, "capital: has a TAKE OFF! card", size=7, fill=INK)
        canvas.circle(col + 2, 29.5, HUB_R, fill=INK, stroke=None)
        canvas.text(col + 6, 30.7, "hub city: no card", size=7, fill=INK)
        canvas.line(col + 2, 34.5, col + 2, 40.5, stroke=INK, width=1.2)
        east, west = data.deck("east"), data.deck("west")
        canvas.text(col + 6, 37, f"half-line: east of it the {east.name.lower()}", size=7, fill=INK)
        canvas.text(
            col + 6, 40.5, f"deck ({east.letter}), west of it the {west.name.lower()} ({west.letter})", size=7, fill=INK
        )
        canvas.text(col, 46, "A card names a capital and its grid", size=7, fill=INK)
        canvas.text(col, 49.5, "square, e.g. F7: letters and numbers", size=7, fill=INK)
        canvas.text(col, 53, "run round the edges of the map.", size=7, fill=INK)
