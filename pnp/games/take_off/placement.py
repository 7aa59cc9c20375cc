"""Where the printed map puts each city's name and each route's letter badge, and what still overlaps.

Names are placed by :mod:`pnp.printing.labels`: candidate boxes round each city's jet space (the
circle a jet token covers when it sits on the city), near first and farther out with a leader line,
scored against the route lines, the city dots, every jet space, the legend and the half-line, and
against each other: no name over another, no leader line through another name or across another
name's leader (which would set the two names in the opposite order to their dots). Badges
are then slid along their routes to a spot clear of the names, the dots, the arrows and each other.
(The registration crosshairs of the tiled map slide off all these in turn: see ``drawing.keep_clear``.)
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from itertools import accumulate, pairwise
from operator import add
from typing import Any

from pnp.cache import remembered
from pnp.games.take_off.badges import (
    APART,
    BADGE_PT,
    BADGE_R,
    REACH,
    Badge,
    Room,
    Route,
    Thing,
    disc,
    place_badges,
    word,
)
from pnp.games.take_off.model import Inset
from pnp.games.take_off.world import MARGIN, Layout, World, unwrap
from pnp.memo import Memo
from pnp.printing.canvas import PT, Anchor
from pnp.printing.fonts import text_width
from pnp.printing.labels import (
    ENOUGH,
    Box,
    Candidate,
    Obstacle,
    Scene,
    Segment,
    clip_segment,
    overlap,
    place_labels,
    point_box_distance,
)
from pnp.printing.paper import PAPERS
from pnp.printing.parts import Seams
from pnp.printing.tiling import Tiling, plan_tiles, uncut

MIN_LABEL_PT, MIN_LETTER_PT = 6.0, BADGE_PT  # the smallest names and route letters read at arm's length
LABEL_PT = MIN_LABEL_PT
DOT_R, HUB_R, END_R = 1.3, 0.85, 2.2  # END_R: the ringed dot of Start and Finish
ROUTE_WIDTH = 0.5  # mm
ARROW = 1.7  # mm from an arrow's middle to its tip
ARROW_EVERY = 45.0  # mm between direction arrows along a long route
TWIN_GAP = 1.1  # mm between the two lines of a twin route
CLEAR = 0.3  # mm a name keeps from lines, dots and badges
NAME_GAP = 0.2  # mm at least between a jet space and a name
ASCENT, DESCENT = 0.76, 0.24  # of the type size, above and below the baseline (Vera, as PDF readers box it)
LEGEND_W, LEGEND_H = 150.0, 58.0


@dataclass(frozen=True)
class Label:
    """A city's name: text at (x, y) on its baseline with ``anchor``, its box, and a leader line if it sits apart."""

    city: int
    text: str
    x: float
    y: float
    anchor: Anchor
    size: float
    bold: bool
    box: Box
    leader: Segment | None


@dataclass(frozen=True)
class Placement:
    """Every name and badge of a map, and each overlap left as (city, what it is): none on a clean map."""

    labels: tuple[Label, ...]
    badges: tuple[Badge, ...]
    problems: tuple[tuple[int, str], ...]
    insets: tuple[InsetSpot, ...] = ()
    too_large: tuple[str, ...] = ()  # the names of insets larger than the map


def inner(world: World) -> Box:
    """The map inside its frame."""
    layout = world.layout
    return MARGIN, MARGIN, layout.width - MARGIN, layout.height - MARGIN


def grid_seams(layout: Layout, width: float = 0.0, height: float = 0.0) -> Seams:
    """The grid's lines and the frame round it: where the map's tiles are welcome to meet (the map is drawn at its
    own size whatever ``width`` and ``height`` ask)."""
    x0, y0, x1, y1 = MARGIN, MARGIN, layout.width - MARGIN, layout.height - MARGIN
    cell = layout.cell
    return Seams(
        (*(x0 + col * cell for col in range(layout.columns())), x1),
        (*(y0 + row * cell for row in range(layout.rows())), y1),
    )


def route_lines(
    world: World, spread: float = 1.0
) -> Iterator[tuple[int, int, tuple[float, float], tuple[float, float]]]:
    """(colour index, city, start, end) of every route as printed: from dot edge to dot edge, twins side by side.

    ``spread`` scales the gap between twins (a picture drawing thinner lines sets them closer).
    """
    dots = world.layout.dots
    for src, dests in enumerate(world.routes):
        used = [k for k, dest in enumerate(dests) if dest >= 0]
        for k in used:
            dest = dests[k]
            twins = [j for j in used if dests[j] == dest]
            shift = (twins.index(k) - (len(twins) - 1) / 2) * TWIN_GAP * spread
            (ax, ay), (bx, by) = dots[src], dots[dest]
            length = math.hypot(bx - ax, by - ay) or 1.0
            ux, uy = (bx - ax) / length, (by - ay) / length
            nx, ny = -uy * shift, ux * shift
            yield k, src, (ax + ux * DOT_R + nx, ay + uy * DOT_R + ny), (bx - ux * DOT_R + nx, by - uy * DOT_R + ny)


def arrow_spots(start: tuple[float, float], end: tuple[float, float]) -> list[float]:
    """Where along a route (0 to 1) its arrows sit."""
    span = math.dist(start, end)
    arrows = max(1, round(span / ARROW_EVERY))
    return [0.72] if arrows == 1 else [(i + 0.5) / arrows for i in range(arrows)]


def dot_radius(world: World, city: int) -> float:
    """The printed radius of a city's dot (Start and Finish are larger)."""
    if city in (world.start, world.finish):
        return END_R
    return DOT_R if world.map.cities[city].country else HUB_R


ENDS = ("START {name}", "{name} FINISH")  # how Start's and Finish's names print (the catalogue's map.start, map.finish)


def label_text(world: World, city: int, ends: tuple[str, str] = ENDS) -> tuple[str, float, bool]:
    """A city's printed name, size and weight (Start and Finish say so, in the words of ``ends``)."""
    name = world.name(city)
    if city in (world.start, world.finish):
        return ends[city != world.start].replace("{name}", name), LABEL_PT, True
    return name, LABEL_PT, False


@cache
def legend_box(world: World) -> Box:
    """The inner corner of the map crossed by the fewest city dots and route points (worked out once a map)."""
    x0, y0, x1, y1 = inner(world)
    pad = 3.0
    corners = [
        (x0 + pad, y1 - pad - LEGEND_H),
        (x1 - pad - LEGEND_W, y1 - pad - LEGEND_H),
        (x0 + pad, y0 + pad + 10),
        (x1 - pad - LEGEND_W, y0 + pad + 10),
    ]
    lines = [(*a, *b) for _, _, a, b in route_lines(world)]
    near = 1e-6  # mm: a point a twentieth of the way along a route lies between its ends, give or take a rounding

    def crowd(corner: tuple[float, float]) -> int:
        x0, y0 = corner
        x1, y1 = x0 + LEGEND_W, y0 + LEGEND_H
        found = sum(1 for x, y in world.layout.dots if x0 <= x <= x1 and y0 <= y <= y1)
        for ax, ay, bx, by in lines:
            if min(ax, bx) - near > x1 or max(ax, bx) + near < x0 or min(ay, by) - near > y1 or max(ay, by) + near < y0:
                continue  # wholly beside the corner: most routes, settled without their points
            points = ((ax + (bx - ax) * t / 20, ay + (by - ay) * t / 20) for t in range(1, 20))
            found += sum(1 for x, y in points if x0 <= x <= x1 and y0 <= y <= y1)
        return found

    cx, cy = min(corners, key=crowd)
    return cx, cy, cx + LEGEND_W, cy + LEGEND_H


def _obstacles(
    world: World, jet: float, half_boxes: list[Box], legend: bool, area: Box | None = None
) -> list[Obstacle]:
    """What a name keeps clear of (only what comes near ``area``, when one is given)."""
    layout = world.layout
    found = [
        Obstacle("route line", "segment", (*a, *b), pad=ROUTE_WIDTH / 2 + CLEAR)
        for _, _, a, b in route_lines(world)
        if area is None or clip_segment((*a, *b), area) is not None
    ]
    divide = layout.x_of(world.map.divide)
    _, y0, _, y1 = inner(world)
    found.append(Obstacle("half-line", "segment", (divide, y0, divide, y1), pad=0.6 + CLEAR))
    found += [Obstacle("half-line label", "box", box) for box in half_boxes]
    if legend:
        found.append(Obstacle("legend", "box", legend_box(world), pad=CLEAR))
    for city, ((tx, ty), (x, y)) in enumerate(zip(layout.true_xy, layout.dots)):
        r = max(jet, END_R + CLEAR) + 1.0  # round its dot, its jet space and the line to its true place
        if area is not None and not overlap((min(x, tx) - r, min(y, ty) - r, max(x, tx) + r, max(y, ty) + r), area):
            continue
        found.append(Obstacle("city dot", "circle", (x, y, dot_radius(world, city)), owner=city, pad=CLEAR))
        found.append(Obstacle("jet space", "circle", (x, y, jet), owner=city, solid=False))
        if math.dist((tx, ty), (x, y)) > 0.8:
            found.append(Obstacle("city dot", "segment", (tx, ty, x, y), owner=city, pad=0.1 + CLEAR))
    return found if area is None else [o for o in found if overlap(o.bounds, area)]


ANGLES = 16  # directions round a city a name may sit in, at the least (on the nearest rings)
SPACING = 2.5  # mm at most between two neighbouring places of a ring (at its inner edge): farther rings have more
RINGS = [
    (0.0, 0.0),
    (2.5, 10.0),
    (5.0, 20.0),
    (8.0, 30.0),
    (12.0, 40.0),
    (17.0, 50.0),
    (23.0, 60.0),
]  # extra distance, cost
# Decision: a name lies nearer its own dot than any other, or it reads as the other's (a cartographer's rule). In
# an inset a place nearer another dot costs AMBIGUOUS, more than any ring and less than a conflict: taken only when
# every other place is blocked (none is, in the world map's two). On the map itself, where every name keeps clear of
# every jet space, it costs two rings (AMBIGUOUS_ON_MAP): 32 such names are left (of 224), where dots crowd; when
# this was decided, at the inset's cost 30 were, the leaders 23 mm longer in all (Amsterdam's by 12).
AMBIGUOUS = 500.0
AMBIGUOUS_ON_MAP = 20.0
NEARER = 0.5  # mm a name lies nearer its own dot than any other, at least, to read as its own at a glance


def _direction_cost(dx: float, dy: float) -> float:
    """How much less a direction is liked: due east best, then due west, then straight above or below."""
    if abs(dy) < 1e-9:
        return 0.0 if dx > 0 else 1.0
    return 2.0 + (0.5 if dx < -1e-9 else 0.0) + (0.0 if abs(dx) < 1e-9 or abs(dy) > 0.9 else 0.5)


@cache
def _directions(angles: int) -> list[tuple[float, float, float]]:
    """Each of ``angles`` directions' unit vector (rounded, so that the four axes are exact) and how much less it
    is liked."""
    steps = (2 * math.pi * step / angles for step in range(angles))
    return [
        (dx, dy, _direction_cost(dx, dy))
        for dx, dy in ((round(math.cos(angle), 9), round(math.sin(angle), 9)) for angle in steps)
    ]


# Decision: a ring's places lie at most SPACING apart round its dot, in a multiple of 8 directions (the axes and the
# diagonals always among them): 16, 24, 32, 32, 48, 56 and 72 on the world map. With 16 on every ring the farthest
# places lay 11 mm apart, and once no two leader lines may cross (see NameScene), Central Europe's names found no
# places clear of each other's leaders: five were left over route lines or other names. With these, none is, on the
# world map; on it and 50 generated ones (seeds 1 to 50) 23 overlaps are left and no crossing, where 16 directions
# left 114 overlaps and 300 crossings. Placing the world map takes 1.4 times as long.
def _angles(reach: float) -> int:
    """How many directions a ring ``reach`` mm from its dot has places in."""
    return max(ANGLES, 8 * math.ceil(2 * math.pi * reach / SPACING / 8))


def _ring_cost(extra: float) -> float:
    """The cost of a ring ``extra`` mm farther out, read between those of RINGS."""
    for (near, low), (far, high) in pairwise(RINGS):
        if extra <= far:
            return low + (high - low) * (extra - near) / (far - near)
    return RINGS[-1][1]


def _reach(world: World, city: int, jet: float, ends: tuple[str, str]) -> float:
    """How far from its dot a city's name, leader included, may be placed."""
    text, size, bold = label_text(world, city, ends)
    return jet + NAME_GAP + RINGS[-1][0] + text_width(text, size, bold) + size * PT


def _candidates(
    world: World,
    city: int,
    jet: float,
    ends: tuple[str, str],
    bounds: Box | None = None,
    rivals: Sequence[tuple[float, float]] = (),
    ambiguous: float = AMBIGUOUS_ON_MAP,
) -> list[Candidate]:
    """Boxes beyond the city's jet space in every direction, near first and farther out with a leader line, all
    inside ``bounds`` (by default the map inside its frame); a box nearer one of the ``rivals`` (other dots) than
    to its own dot costs ``ambiguous`` more."""
    text, size, bold = label_text(world, city, ends)
    w, h = text_width(text, size, bold), size * PT
    x, y = world.layout.dots[city]
    x0, y0, x1, y1 = bounds or inner(world)
    left, top, right, bottom = x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5
    r = dot_radius(world, city) + 0.3  # where a leader line starts
    hw, hh = w / 2, h / 2
    found: list[Candidate] = []
    make = tuple.__new__  # a Candidate with every field given, without its constructor's Python call
    for extra, ring_cost in RINGS:
        reach = jet + NAME_GAP + extra
        # how far along each direction a box's centre lies beyond ``reach`` for the whole box to lie beyond it
        spreads = [(dx, dy, cost, abs(dx) * hw + abs(dy) * hh) for dx, dy, cost in _directions(_angles(reach))]
        # a box of this ring comes within reach + hw + hh of the dot, so a rival nearer the box than the dot lies
        # within twice that and the box's diagonal of it
        most = 2 * (reach + hw + hh + math.hypot(hw, hh)) + NEARER
        near = [(rx, ry) for rx, ry in rivals if (rx - x) ** 2 + (ry - y) ** 2 <= most * most]
        for dx, dy, cost, spread in spreads:
            cx, cy = x + dx * (reach + spread), y + dy * (reach + spread)
            box = bx0, by0, bx1, by1 = cx - hw, cy - hh, cx + hw, cy + hh
            if bx0 < left or bx1 > right or by0 < top or by1 > bottom:
                continue
            if near and _nearer_another(box, (x, y), near):
                cost += ambiguous
            if not extra:
                found.append(make(Candidate, (box, cost, None)))
                continue
            # the box's point nearest the dot (``_leader_to`` written out: asked of every candidate)
            nx = bx0 if x < bx0 else min(x, bx1)
            ny = by0 if y < by0 else min(y, by1)
            d = math.hypot(nx - x, ny - y) or 1.0
            found.append(make(Candidate, (box, cost + ring_cost, (x + (nx - x) * r / d, y + (ny - y) * r / d, nx, ny))))
    return found


# Decision: in an inset, a name with fewer than ENOUGH places clear and nearer its own dot is offered more, found
# sliding round its dot a GAP_STEP at a time and a GAP_STEP farther out each turn: Kingstown's one such place, 10 mm
# west-north-west between two blue routes, is a few tenths of a millimetre across and no ring comes upon it; with
# more places for each crowded name, no name in either inset reads as another's on the maps of seeds 2, 3 and 7.
GAP_STEP = 0.5  # mm


def _gap_candidates(
    world: World,
    city: int,
    jet: float,
    ends: tuple[str, str],
    bounds: Box,
    rivals: Sequence[tuple[float, float]],
    scene: Scene,
) -> list[Candidate]:
    """Free boxes nearer the city's dot than any of the ``rivals``, round the dot ring after ring, until ENOUGH
    are found: the narrow gaps that the rings' few places miss."""
    text, size, bold = label_text(world, city, ends)
    hw, hh = text_width(text, size, bold) / 2, size * PT / 2
    x, y = world.layout.dots[city]
    left, top, right, bottom = bounds[0] + 0.5, bounds[1] + 0.5, bounds[2] - 0.5, bounds[3] - 0.5
    r = dot_radius(world, city) + 0.3
    found: list[Candidate] = []
    for step in range(int(RINGS[-1][0] / GAP_STEP) + 1):
        extra = step * GAP_STEP
        for cx, cy in _round_box(x, y, hw, hh, jet + NAME_GAP + extra):
            box = cx - hw, cy - hh, cx + hw, cy + hh
            if box[0] < left or box[2] > right or box[1] < top or box[3] > bottom:
                continue
            if _nearer_another(box, (x, y), rivals):
                continue
            candidate = _candidate(box, _direction_cost(cx - x, cy - y) + _ring_cost(extra), (x, y), r, extra)
            if not scene.blocked(city, candidate):
                found.append(candidate)
        if len(found) >= ENOUGH:
            break
    return found


def _round_box(x: float, y: float, hw: float, hh: float, d: float) -> Iterator[tuple[float, float]]:
    """The centres, about GAP_STEP apart, of the boxes ``2 hw`` by ``2 hh`` whose nearest point lies ``d`` from
    (x, y): round the box's outline grown by ``d``, its sides straight and its corners rounded."""
    for sign in (1, -1):
        yield from ((x + sign * (hw + d), y - hh + k * GAP_STEP) for k in range(int(2 * hh / GAP_STEP) + 1))
        yield from ((x - hw + k * GAP_STEP, y + sign * (hh + d)) for k in range(int(2 * hw / GAP_STEP) + 1))
    arc = max(int(math.pi / 2 * d / GAP_STEP), 1)
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        for k in range(1, arc):
            a = math.pi / 2 * k / arc
            yield x + sx * (hw + d * math.cos(a)), y + sy * (hh + d * math.sin(a))


def _candidate(box: Box, cost: float, dot: tuple[float, float], r: float, extra: float) -> Candidate:
    """A box for a name, with a leader line from ``r`` off its dot when it lies ``extra`` beyond the nearest ring."""
    return Candidate(box, cost, _leader_to(box, dot, r) if extra else None)


def _leader_to(box: Box, dot: tuple[float, float], r: float) -> Segment:
    """A leader line from ``r`` off a dot to the box's point nearest the dot."""
    x, y = dot
    nx = box[0] if x < box[0] else min(x, box[2])
    ny = box[1] if y < box[1] else min(y, box[3])
    d = math.hypot(nx - x, ny - y) or 1.0
    return x + (nx - x) * r / d, y + (ny - y) * r / d, nx, ny


def _own_places(scene: Scene, city: int, options: Sequence[Candidate]) -> int:
    """How many of a name's places are clear of every obstacle and nearer its own dot than any other."""
    return sum(1 for option in options if option.cost < AMBIGUOUS and not scene.blocked(city, option))


def _nearer_another(box: Box, own: tuple[float, float], rivals: Sequence[tuple[float, float]]) -> bool:
    """True when a name's box lies less than NEARER nearer its own dot than one of the other dots: it may read as
    that one's.

    Asked of every candidate of every name, so written out: squared distances, and only the rivals within the
    box grown by its distance to its own dot are measured.
    """
    x0, y0, x1, y1 = box
    ox, oy = own
    dx = x0 - ox if ox < x0 else (ox - x1 if ox > x1 else 0.0)
    dy = y0 - oy if oy < y0 else (oy - y1 if oy > y1 else 0.0)
    grow = math.sqrt(dx * dx + dy * dy) + NEARER
    mine = grow * grow
    left, top, right, bottom = x0 - grow, y0 - grow, x1 + grow, y1 + grow
    for x, y in rivals:
        if left <= x <= right and top <= y <= bottom:
            dx = x0 - x if x < x0 else (x - x1 if x > x1 else 0.0)
            dy = y0 - y if y < y0 else (y - y1 if y > y1 else 0.0)
            if dx * dx + dy * dy < mine:
                return True
    return False


def _rivals(world: World, city: int, reach: float, shown: Box | None) -> list[tuple[float, float]]:
    """The other dots a city's name could come as near to as its own (those printed in ``shown``, if given)."""
    x, y = world.layout.dots[city]
    near = 2 * reach + NEARER  # a name lies within ``reach`` of its dot, a rival little farther from it than the dot
    return [
        (ox, oy)
        for other, (ox, oy) in enumerate(world.layout.dots)
        if other != city
        and abs(ox - x) < near
        and abs(oy - y) < near
        and (shown is None or point_box_distance(ox, oy, shown) == 0)
    ]


def _label(world: World, city: int, candidate: Candidate, ends: tuple[str, str]) -> Label:
    text, size, bold = label_text(world, city, ends)
    x0, _, _, y1 = candidate.box
    baseline = y1 - DESCENT * size * PT
    return Label(city, text, x0, baseline, "start", size, bold, candidate.box, candidate.leader)


def _badges(
    world: World, labels: tuple[Label, ...], jet: float, half_boxes: Sequence[Box], window: Box | None
) -> tuple[list[Badge], list[tuple[int, str]]]:
    """Each route's badge, clear of the names, labels, legend, dots, arrows and other badges (see ``badges``).

    With a ``window``, only the routes that come near it have badges.
    """
    layout = world.layout
    legend = [legend_box(world)] if window is None else []  # an inset shows no legend
    room = Room([word(box) for box in (*(label.box for label in labels), *half_boxes, *legend)])
    lines = list(route_lines(world))
    if window is not None:  # the routes that come near it, and what their badges may meet
        reach = 2 * BADGE_R + 0.3  # a badge beside its line
        near = (window[0] - reach, window[1] - reach, window[2] + reach, window[3] + reach)
        routes_near = {(city, k) for k, city, a, b in lines if clip_segment((*a, *b), near) is not None}
        far = 2 * (APART[-1] + BADGE_R) + 1.0  # what a badge set apart from such a route may meet
        area = (near[0] - far, near[1] - far, near[2] + far, near[3] + far)
        lines = [line for line in lines if clip_segment((*line[2], *line[3]), area) is not None]
        for edge in _frame(window):  # a badge lies wholly inside the inset or wholly outside, never across its frame
            room.add(edge)
    for city, (x, y) in enumerate(layout.dots):
        if window is None or point_box_distance(x, y, area) == 0:
            room.add(disc(x, y, dot_radius(world, city) + 0.2))
    routes = []
    for k, city, a, b in lines:
        span = math.dist(a, b) or 1.0
        for t in arrow_spots(a, b):  # round the arrow's triangle: a third of the way from its middle to its tip
            t += ARROW / 3 / span
            room.add(disc(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, ARROW * 2 / 3, solid=False))
        if window is None or (city, k) in routes_near:
            routes.append(Route((city, k), a, b, (layout.dots[city], layout.dots[world.routes[city][k]])))
    badges, stuck = place_badges(routes, room, jet)
    problems = [
        (city, f"the badge of its route to {world.name(world.routes[city][k])} overlaps a name, a dot or a badge")
        for city, k in stuck
    ]
    return badges, problems


INSET_FRAME = 0.5  # mm: the width of the line round an inset's picture


def _frame(window: Box) -> list[Thing]:
    """The four sides of an inset's frame line, as a badge keeps clear of them (and its leader cannot cross)."""
    x0, y0, x1, y1 = window
    half = INSET_FRAME / 2
    sides = [(x0, y0, x0, y1), (x1, y0, x1, y1), (x0, y0, x1, y0), (x0, y1, x1, y1)]
    return [word((ax - half, ay - half, bx + half, by + half)) for ax, ay, bx, by in sides]


def inset_badges(window: Box, badges: Sequence[Badge]) -> list[Badge]:
    """The badges wholly inside a window (an inset's region on its zoomed map), which the inset prints."""
    x0, y0, x1, y1 = window
    return [b for b in badges if x0 + REACH <= b.x <= x1 - REACH and y0 + REACH <= b.y <= y1 - REACH]


@cache
def placement(world: World, jet: float, half_boxes: tuple[Box, ...] = (), ends: tuple[str, str] = ENDS) -> Placement:
    """Every name and badge of ``world`` placed, each name clear of every jet space of radius ``jet``; Start's
    and Finish's names in the words of ``ends``.

    Placed once per map and wording: kept in memory, and on disk between runs (see :mod:`pnp.cache`).
    """
    key = (world, jet, half_boxes) if ends == ENDS else (world, jet, half_boxes, ends)
    with collector_paused():
        return remembered(
            "take-off-placement",
            repr(key),
            lambda: _place(world, jet, half_boxes, ends=ends),
            lambda placed: _encode(world, placed),
            lambda data: _decode(world, data, ends),
        )


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off: placing makes about 100,000 small tuples and no cycles, and the
    collector's passes over them (and over all that was loaded before) took a sixth of its time. The locator
    pictures, likewise made of small tuples, are made so too."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _place(
    world: World,
    jet: float,
    half_boxes: tuple[Box, ...] = (),
    window: Box | None = None,
    ends: tuple[str, str] = ENDS,
) -> Placement:
    """The placement worked out (``placement`` keeps it).

    With a ``window`` (an inset's region on its zoomed map) only the names that may reach into it are
    placed, and the badges of the routes that come near it: the inset prints no others. The name of a city
    inside the window stays inside it, where the inset prints it.
    """
    if window is None:  # the map's own names and badges, the same whatever its insets: placed once for all of them
        labels, badges, problems = _names_and_badges(_bare(world), jet, half_boxes, ends)
    else:
        labels, badges, problems = _names_and_badges_in(world, jet, half_boxes, window, ends)
    spots = _spots(world, labels, badges, jet, ends)
    too_large = tuple(inset.name for inset in world.map.insets if all(spot.inset is not inset for spot in spots))
    return Placement(labels, badges, problems, spots, too_large)


Text = tuple[tuple[Label, ...], tuple[Badge, ...], tuple[tuple[int, str], ...]]  # names, badges, what overlaps


def _bare(world: World) -> World:
    """The map without its insets: names and badges are placed alike with or without them."""
    if not world.map.insets:
        return world
    return World(replace(world.map, insets=()), world.ids, world.u, world.routes, world.start, world.finish)


PLACED_KEPT = 8  # maps whose names and badges are kept in memory
# by the full description of what was placed (a World is equal only to itself); the table server's threads ask too
_PLACED: Memo[str, Text] = Memo(PLACED_KEPT)


def _names_and_badges(world: World, jet: float, half_boxes: tuple[Box, ...], ends: tuple[str, str]) -> Text:
    """The whole map's names and badges, kept in memory: a map checked with several insets places them once."""
    key = repr((world, jet, half_boxes, ends))
    return _PLACED.get(key, lambda: _names_and_badges_in(world, jet, half_boxes, None, ends))


LEADER_LINE = "leader line"  # the kind of conflict of two names whose leader lines cross


class NameScene(Scene):
    """The scene the names are placed on, where two names whose leader lines cross are in conflict as two names
    one over the other are: crossing leaders set their names in the opposite order to their dots, and a player
    puts a jet on the wrong city."""

    def label_hits(self, label: int, candidate: Candidate, most: float = math.inf) -> list[int]:
        """``Scene.label_hits``, then the placed names whose leader line the candidate's crosses."""
        found = super().label_hits(label, candidate, most)
        if candidate.leader is not None and len(found) < most:
            found += [other for other in self.crossed_leaders(label, candidate.leader) if other not in found]
        return found

    def crossed_leaders(self, label: int, leader: Segment) -> list[int]:
        """The other placed names whose leader line ``leader`` crosses."""
        x0, y0, x1, y1 = leader
        near = self.placed_in((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        placed = self.placed
        return [
            other
            for other in near
            if other != label and (theirs := placed[other].leader) is not None and _cross(leader, theirs)
        ]

    def conflicts(self, label: int) -> list[tuple[str, int]]:
        """``Scene.conflicts``, a name met by the leader line alone as (LEADER_LINE, that name)."""
        overlapping = super().label_hits(label, self.placed[label])
        return [
            (LEADER_LINE if kind == "label" and other not in overlapping else kind, other)
            for kind, other in super().conflicts(label)
        ]


def _cross(a: Segment, b: Segment) -> bool:
    """True when two segments cross: the ends of each lie strictly either side of the other's line."""
    ax, ay, bx, by = a
    cx, cy, dx, dy = b
    ex, ey, fx, fy = dx - cx, dy - cy, bx - ax, by - ay
    if (ex * (ay - cy) - ey * (ax - cx)) * (ex * (by - cy) - ey * (bx - cx)) >= 0:
        return False
    return (fx * (cy - ay) - fy * (cx - ax)) * (fx * (dy - ay) - fy * (dx - ax)) < 0


def _problem(world: World, kind: str, other: int) -> str:
    """A name's conflict with an obstacle of ``kind``, or with the ``other`` name, in map check's words."""
    if other < 0:
        return f"its name overlaps {kind}"
    if kind == LEADER_LINE:
        return f"its leader line crosses that of {world.name(other)}"
    return f"its name overlaps the name {world.name(other)}"


def _names_and_badges_in(
    world: World, jet: float, half_boxes: tuple[Box, ...], window: Box | None, ends: tuple[str, str]
) -> Text:
    """The names and badges placed (only those near ``window``, when one is given), and what still overlaps."""
    reach = {city: _reach(world, city, jet, ends) for city in range(len(world.ids))}
    area = None
    if window is not None:  # only the names the inset prints, those of the dots in it, and what they may meet
        reach = {c: r for c, r in reach.items() if point_box_distance(*world.layout.dots[c], window) == 0}
        far = 2 * max(reach.values(), default=0.0) + 1.0  # a name's dot and its places are within its reach
        area = (window[0] - far, window[1] - far, window[2] + far, window[3] + far)
    scene = NameScene(_obstacles(world, jet, list(half_boxes), legend=window is None, area=area))  # inset: no legend
    options: list[list[Candidate]] = [[] for _ in world.ids]
    for city, most in reach.items():
        x, y = world.layout.dots[city]
        rivals = _rivals(world, city, most, window)
        found = _candidates(world, city, jet, ends, window, rivals, AMBIGUOUS_ON_MAP if window is None else AMBIGUOUS)
        # a city too near the frame (or, in an inset, its edge) for any box: its name runs over it
        options[city] = found or [Candidate((x, y, x + 1, y + 1))]
        if window is not None and _own_places(scene, city, options[city]) < ENOUGH:
            options[city] += _gap_candidates(world, city, jet, ends, window, rivals, scene)
    chosen = place_labels(scene, options)
    labels = tuple(_label(world, city, options[city][k], ends) for city, k in enumerate(chosen) if k >= 0)
    problems = [
        (label.city, _problem(world, kind, other)) for label in labels for kind, other in scene.conflicts(label.city)
    ]
    badges, badly = _badges(world, labels, jet, half_boxes, window)
    return labels, tuple(badges), tuple(problems + badly)


@dataclass(frozen=True)
class InsetSpot:
    """An inset: the ``region`` of the map it shows, its place (x, y, width, height) on the map, and its picture.

    The picture is the whole map laid out again at ``zoom`` times the scale (``world``, with its own
    ``text``: names at the same sizes, placed afresh), of which the inset shows ``zoomed`` (its region
    there). ``covers`` counts the things of the map under the inset (0 when an empty place was found).
    """

    inset: Inset
    region: Box
    place: Box
    covers: int
    world: World
    text: Placement
    zoomed: Box

    @property
    def problems(self) -> tuple[tuple[int, str], ...]:
        """What is wrong with the names the inset prints (the rest of its zoomed map is never printed)."""
        shown = {label.city for label in inset_labels(self.zoomed, self.text.labels)}
        return tuple((city, problem) for city, problem in self.text.problems if city in shown)


TITLE_BAND = 6.0  # mm above an inset's picture, for its title
# Decision: no jet ever lands in an inset, so its names and badges keep clear of a dot as large as Start's and
# the names' margin, not of a jet space: near enough to their own dots to read as theirs.
INSET_SPACE = END_R + CLEAR
CELL = 2.5  # mm: the grid on which the map's ink is counted when looking for an empty place


def _zoomed(world: World, inset: Inset) -> World:
    """The whole map laid out again at the inset's scale (without insets of its own)."""
    m = world.map
    return World(
        replace(m, scale=m.scale * inset.zoom, insets=()), world.ids, world.u, world.routes, world.start, world.finish
    )


def _region(world: World, inset: Inset) -> Box:
    layout, west_edge = world.layout, world.map.west_edge
    west, east = layout.x_of(unwrap(inset.west, west_edge)), layout.x_of(unwrap(inset.east, west_edge))
    return west, layout.y_of(inset.north), east, layout.y_of(inset.south)


def _ink(world: World, labels: Sequence[Label], badges: Sequence[Badge]) -> list[list[int]]:
    """A count of printed things per CELL-sized square of the map: dots, route points, names, badges, legend."""
    layout = world.layout
    columns, rows = int(layout.width / CELL) + 1, int(layout.height / CELL) + 1
    grid = [[0] * columns for _ in range(rows)]

    def fill(box: Box) -> None:
        for r in range(max(int(box[1] / CELL), 0), min(int(box[3] / CELL) + 1, rows)):
            row = grid[r]
            for c in range(max(int(box[0] / CELL), 0), min(int(box[2] / CELL) + 1, columns)):
                row[c] += 1

    for x, y in layout.dots:
        fill((x - 4, y - 4, x + 4, y + 4))
    for _, _, (ax, ay), (bx, by) in route_lines(world):
        steps = int(math.dist((ax, ay), (bx, by)) / CELL) + 1
        for i in range(steps + 1):  # a point every CELL or less along the route
            c, r = int((ax + (bx - ax) * i / steps) / CELL), int((ay + (by - ay) * i / steps) / CELL)
            if 0 <= c < columns and 0 <= r < rows:
                grid[r][c] += 1
    for label in labels:
        fill(label.box)
    for badge in badges:
        fill((badge.x - BADGE_R, badge.y - BADGE_R, badge.x + BADGE_R, badge.y + BADGE_R))
    fill(legend_box(world))
    divide = layout.x_of(world.map.divide)
    fill((divide - 1, 0, divide + 1, layout.height))  # the half-line and its deck labels
    return grid


def _spots(
    world: World, labels: Sequence[Label], badges: Sequence[Badge], jet: float, ends: tuple[str, str]
) -> tuple[InsetSpot, ...]:
    """Each inset at the empty place nearest the part of the map it shows (the emptiest place if none is empty).

    Only places that no tile's edge cuts on any named paper are looked at, when the inset is small enough
    for one (see ``pnp map check``); else every place is.
    """
    if not world.map.insets:
        return ()
    ink = _ink(world, labels, badges)
    rows, columns = len(ink), len(ink[0])
    tilings = printed_tilings(world.layout)
    spots: list[InsetSpot] = []
    for inset in world.map.insets:
        total = _sums(ink)
        zoomed = _zoomed(world, inset)
        region, window = _region(world, inset), _region(zoomed, inset)
        width, height = window[2] - window[0], window[3] - window[1] + TITLE_BAND
        near = (region[0] + region[2]) / 2, (region[1] + region[3]) / 2
        found = _scan(world, total, (width, height), near, tilings) or _scan(world, total, (width, height), near, [])
        if found is not None:  # the inset's names are placed only if it has a place (one larger than the map has none)
            text = _place(zoomed, INSET_SPACE, window=window, ends=ends)
            covers, (x, y) = found
            spots.append(InsetSpot(inset, region, (x, y, width, height), covers, zoomed, text, window))
            for r in range(int(y / CELL), min(rows, int((y + height) / CELL) + 1)):
                for c in range(int(x / CELL), min(columns, int((x + width) / CELL) + 1)):
                    ink[r][c] += TAKEN  # a later inset keeps off this one
    return tuple(spots)


def printed_tilings(layout: Layout) -> list[Tiling]:
    """The map's tiles on each named paper as the kit prints them: cut on its grid lines where they can be."""
    return [plan_tiles(layout.width, layout.height, paper, grid_seams(layout)) for paper in PAPERS]


EDGE_CLEAR = 1.0  # mm an inset keeps from a tile's edge: its frame line and the tile's


def _scan(
    world: World,
    total: list[list[int]],
    size: tuple[float, float],
    near: tuple[float, float],
    tilings: Sequence[Tiling],
) -> tuple[int, tuple[float, float]] | None:
    """The least ink under a place of ``size`` (width, height), and the top-left corner (mm) of the place with
    that ink whose middle lies nearest the point ``near``.

    Only places that no tile's edge of ``tilings`` runs through count; None when there is no such place.
    """
    x0, y0, x1, y1 = inner(world)
    width, height = size
    span_c, span_r = int(width / CELL) + 2, int(height / CELL) + 2

    def whole(start: float, length: float, spans: Callable[[Tiling], list[tuple[float, float]]]) -> bool:
        return all(uncut(start - EDGE_CLEAR, length + 2 * EDGE_CLEAR, spans(t)) for t in tilings)

    first, last = int(x0 / CELL) + 1, int((x1 - width) / CELL) - 1  # the columns a place may start at
    starts = [c for c in range(first, last) if whole((c + 1) * CELL, width, lambda t: t.columns)]
    best: tuple[int, float, tuple[float, float]] | None = None
    for r in range(int(y0 / CELL) + 1, int((y1 - height) / CELL) - 1):
        if not starts or not whole((r + 1) * CELL, height, lambda t: t.bands):
            continue
        top, bottom, y = total[r], total[r + span_r], (r + 1) * CELL
        for c in starts:
            covers = bottom[c + span_c] - top[c + span_c] - bottom[c] + top[c]  # the ink under the place
            if best is not None and covers > best[0]:
                continue
            x = (c + 1) * CELL
            place = covers, math.hypot(x + width / 2 - near[0], y + height / 2 - near[1]), (x, y)
            best = place if best is None else min(best, place)
    return None if best is None else (best[0], best[2])


TAKEN = 10_000  # the ink an inset counts for: more than any stretch of map, so insets never overlap


def _sums(ink: list[list[int]]) -> list[list[int]]:
    """The sums of ``ink`` over the squares above and left of each cell, for any rectangle's total at once."""
    total = [[0] * (len(ink[0]) + 1)]
    for row in ink:  # each row's running sums, added to the row above's
        total.append(list(map(add, total[-1], accumulate(row, initial=0))))
    return total


def inset_labels(window: Box, labels: Sequence[Label]) -> list[Label]:
    """The names wholly inside a window (an inset's region on its zoomed map), which the inset prints."""
    x0, y0, x1, y1 = window
    return [
        label
        for label in labels
        if label.box[0] >= x0 and label.box[2] <= x1 and label.box[1] >= y0 and label.box[3] <= y1
    ]


def _encode(world: World, placed: Placement) -> dict[str, Any]:
    """A placement as JSON data (``_decode`` reads it back)."""
    return {
        "labels": [
            [label.city, label.text, label.x, label.y, label.anchor, label.size, label.bold, label.box, label.leader]
            for label in placed.labels
        ],
        "badges": [[badge.city, badge.colour, badge.x, badge.y, badge.size, badge.leader] for badge in placed.badges],
        "problems": placed.problems,
        "insets": [
            [world.map.insets.index(spot.inset), spot.region, spot.place, spot.covers, _encode(spot.world, spot.text)]
            for spot in placed.insets
        ],
        "too_large": placed.too_large,
    }


def _decode(world: World, data: dict[str, Any], ends: tuple[str, str]) -> Placement:
    """A placement from ``_encode``'s data; a LookupError, TypeError or ValueError if it is not that."""
    labels = tuple(
        Label(int(c), str(t), float(x), float(y), anchor, float(size), bool(bold), _box(box), _leader(leader))
        for c, t, x, y, anchor, size, bold, box, leader in data["labels"]
    )
    if any((label.text, label.size, label.bold) != label_text(world, label.city, ends) for label in labels):
        raise ValueError("the names are not this map's")  # only printed words of the map's own are ever read
    badges = tuple(
        Badge(int(c), int(k), float(x), float(y), float(size), _leader(leader))
        for c, k, x, y, size, leader in data["badges"]
    )
    spots = []
    for index, region, place, covers, text in data["insets"]:
        inset = world.map.insets[index]
        zoomed = _zoomed(world, inset)
        window = _region(zoomed, inset)
        placed = _decode(zoomed, text, ends)
        spots.append(InsetSpot(inset, _box(region), _box(place), int(covers), zoomed, placed, window))
    problems = tuple((int(city), str(problem)) for city, problem in data["problems"])
    return Placement(labels, badges, problems, tuple(spots), tuple(str(name) for name in data["too_large"]))


def _box(values: Sequence[float]) -> Box:
    x0, y0, x1, y1 = (float(v) for v in values)
    return x0, y0, x1, y1


def _leader(values: Sequence[float] | None) -> Segment | None:
    return None if values is None else _box(values)
