"""Where the printed map's routes mislead: a route drawn through the dot of a city it does not serve, which reads as
a route that stops there, and two routes drawn along each other, which read as one line.

Both are measured on the lines the kit prints (:func:`pnp.games.take_off.placement.route_lines`: straight on the
map's projection between the dots as placed, each from dot edge to dot edge, twins side by side), so a dot moved
apart from a crowded neighbour is judged where it is drawn. Insets redraw a part of the map at a larger scale,
where the lines only part further: the map itself is what is measured.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterator
from typing import NamedTuple

from pnp.games.take_off.placement import ROUTE_WIDTH, dot_radius, route_lines
from pnp.games.take_off.world import World
from pnp.printing.labels import Segment, point_segment_distance

ALONG = 10.0  # mm: two routes' lines lying on each other this far read as one (as two leaving a city 2.5° apart do)
STEPS = 40  # steps narrowing down where two lines meet and part: to far below a hair's breadth


class Line(NamedTuple):
    """One route as printed: its colour's index, the city it leaves and the one it leads to, and its segment."""

    colour: int
    src: int
    dest: int
    segment: Segment


def printed_lines(world: World) -> list[Line]:
    """Every route as the kit prints it, in the order they are drawn (a later one lies on top)."""
    return [Line(k, src, world.routes[src][k], (*a, *b)) for k, src, a, b in route_lines(world)]


def cities_under(world: World, lines: list[Line]) -> dict[Line, list[int]]:
    """For each line, the cities other than its ends whose dot it meets."""
    dots = world.layout.dots
    by_x = sorted(range(len(dots)), key=lambda city: dots[city][0])
    xs = [dots[city][0] for city in by_x]
    widest = max(dot_radius(world, city) for city in range(len(dots))) + ROUTE_WIDTH / 2
    found: dict[Line, list[int]] = {}
    for line in lines:
        x0, _, x1, _ = line.segment
        near = by_x[bisect_left(xs, min(x0, x1) - widest) : bisect_right(xs, max(x0, x1) + widest)]
        found[line] = sorted(
            city
            for city in near
            if city not in (line.src, line.dest)
            and point_segment_distance(*dots[city], line.segment) < dot_radius(world, city) + ROUTE_WIDTH / 2
        )
    return found


def lines_along(lines: list[Line]) -> list[tuple[Line, Line, float]]:
    """Each pair of lines lying on each other for ALONG mm or more: the one drawn later, the other, and how far (in
    the order they are drawn)."""
    found = []
    for first, second in _side_by_side(lines):
        a, b = lines[first].segment, lines[second].segment
        if _may_run_along(a, b) and (shared := min(_near_length(a, b), _near_length(b, a))) >= ALONG:
            found.append((max(first, second), min(first, second), shared))
    return [(lines[later], lines[other], shared) for later, other, shared in sorted(found)]


def _side_by_side(lines: list[Line]) -> Iterator[tuple[int, int]]:
    """The pairs of lines (by index) whose boxes, widened by a route's width, overlap: a sweep from west to east."""
    boxes = [_box(line.segment) for line in lines]
    order = sorted(range(len(lines)), key=lambda i: boxes[i][0])
    for at, first in enumerate(order):
        for second in order[at + 1 :]:
            if boxes[second][0] > boxes[first][2] + ROUTE_WIDTH:
                break
            if boxes[second][1] <= boxes[first][3] + ROUTE_WIDTH and boxes[first][1] <= boxes[second][3] + ROUTE_WIDTH:
                yield first, second


def _box(segment: Segment) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = segment
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _may_run_along(a: Segment, b: Segment) -> bool:
    """Whether two segments are near enough parallel to lie on each other for ALONG mm (two lines at an angle lie
    within a route's width of each other over at most 2 widths / sin(angle))."""
    ax, ay, bx, by = a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]
    sine = abs(ax * by - ay * bx) / ((math.hypot(ax, ay) * math.hypot(bx, by)) or 1.0)
    return sine * ALONG <= 2 * ROUTE_WIDTH


def _near_length(a: Segment, b: Segment) -> float:
    """How much of ``a`` lies closer to ``b`` than a route's width (their strokes overlap there), in mm.

    The distance from a point moving along ``a`` to the segment ``b`` is convex, so the points near enough form
    one stretch: found round the nearest point, its two ends by halving.
    """

    def gap(t: float) -> float:
        return point_segment_distance(a[0] + t * (a[2] - a[0]), a[1] + t * (a[3] - a[1]), b)

    low, high = 0.0, 1.0
    for _ in range(STEPS):  # the nearest point, by thirds
        third = (high - low) / 3
        low, high = (low, high - third) if gap(low + third) < gap(high - third) else (low + third, high)
    nearest = (low + high) / 2
    if gap(nearest) >= ROUTE_WIDTH:
        return 0.0
    start = _edge(gap, nearest, 0.0)
    end = _edge(gap, nearest, 1.0)
    return (end - start) * math.dist(a[:2], a[2:])


def _edge(gap: Callable[[float], float], inside: float, outside: float) -> float:
    """Where between ``inside`` (near enough) and ``outside`` the gap reaches a route's width."""
    if gap(outside) < ROUTE_WIDTH:
        return outside
    for _ in range(STEPS):
        middle = (inside + outside) / 2
        inside, outside = (middle, outside) if gap(middle) < ROUTE_WIDTH else (inside, middle)
    return inside
