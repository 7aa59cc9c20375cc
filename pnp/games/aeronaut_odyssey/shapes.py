"""Where things sit on the map, in blocks: city footprints, route lanes and their spaces.

The generator, the checker and the drawing share these measures, so a map that
passes the check prints without overlaps.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.games.aeronaut_odyssey.geometry import Point, distance

CITY_RADIUS = 0.54  # a city's footprint: its name disc and the ring of movement slots
NAME_RADIUS = 0.26  # the disc holding the city's name
SLOT_RING = 0.40  # distance from the centre to each slot's centre
SLOT_SIZE = 0.2  # side of a movement slot
ROUTE_HALF = 0.15  # half the width of one lane of spaces
LANE_OFFSET = 0.165  # the two lanes of a double route sit this far either side of the centre line
LABEL_RADIUS = 0.2  # the disc holding an area's points
MIN_SPACE = 0.42  # the shortest space one can still write in
GAP = 0.06  # between two spaces, and between a route and a city's footprint
CLEAR = 0.04  # spare room required between things that must not touch


def extent(lanes: int) -> float:
    """Half the width of a route drawn with one or two lanes."""
    return ROUTE_HALF if lanes == 1 else LANE_OFFSET + ROUTE_HALF


def lane_offsets(lanes: int) -> tuple[float, ...]:
    """Sideways offset of each lane's centre line."""
    return (0.0,) if lanes == 1 else (-LANE_OFFSET, LANE_OFFSET)


def end_trims(points: Sequence[Point], links: Mapping[tuple[int, int], int]) -> dict[tuple[int, int], float]:
    """How far from each city centre a route's spaces may start, keyed ``(city, other city)``.

    A route starts past the city's footprint, and further out when it leaves the
    city at a narrow angle to a neighbouring route, so the two never overlap.
    ``links`` maps each pair of cities ``(i, j)`` to its number of lanes.
    """
    around: dict[int, list[tuple[float, int, float]]] = {}
    for (i, j), lanes in links.items():
        for a, b in ((i, j), (j, i)):
            angle = math.atan2(points[b][1] - points[a][1], points[b][0] - points[a][0])
            around.setdefault(a, []).append((angle, b, extent(lanes)))
    trims: dict[tuple[int, int], float] = {}
    for a, rays in around.items():
        starts = [CITY_RADIUS + GAP] * len(rays)
        for k, (angle, b, width) in enumerate(rays):
            for n in range(k):  # each pair once: the push is the same both ways
                other, c, other_width = rays[n]
                if c == b:
                    continue
                gap = abs(angle - other) % (2 * math.pi)
                gap = min(gap, 2 * math.pi - gap)
                if gap < math.pi / 2:
                    push = (width + other_width + GAP) / max(math.sin(gap), 1e-6)
                    starts[k], starts[n] = max(starts[k], push), max(starts[n], push)
        for (_angle, b, _width), start in zip(rays, starts):
            trims[(a, b)] = start
    return trims


def free_length(points: Sequence[Point], trims: Mapping[tuple[int, int], float], i: int, j: int) -> float:
    """Length left for spaces between cities ``i`` and ``j`` once both ends are trimmed."""
    return distance(points[i], points[j]) - trims[(i, j)] - trims[(j, i)]


def fits(free: float, length: int) -> bool:
    """True when ``length`` spaces fit in ``free`` blocks."""
    return free >= length * MIN_SPACE + (length - 1) * GAP - 1e-9


@dataclass(frozen=True)
class Space:
    """One writable space of a lane: centre, direction (degrees, clockwise from +x) and size."""

    x: float
    y: float
    angle: float
    length: float
    width: float


def lane_spaces(a: Point, b: Point, start: float, end: float, offset: float, count: int) -> list[Space]:
    """The ``count`` spaces of a lane from ``a`` to ``b``, filling it from ``start`` past a to ``end`` short of b.

    The spaces always reach both ends, so a route is never drawn as a bar floating free of its cities.
    """
    total = distance(a, b)
    ux, uy = (b[0] - a[0]) / total, (b[1] - a[1]) / total
    nx, ny = -uy, ux
    free = total - start - end
    size = (free - (count - 1) * GAP) / count
    first = start + size / 2
    angle = math.degrees(math.atan2(uy, ux))
    spaces = []
    for k in range(count):
        along = first + k * (size + GAP)
        spaces.append(
            Space(a[0] + ux * along + nx * offset, a[1] + uy * along + ny * offset, angle, size, 2 * ROUTE_HALF)
        )
    return spaces


Tether = tuple[Point, Point]


def tethers(a: Point, b: Point, spaces: Sequence[Space]) -> tuple[Tether, Tether]:
    """The lines that join a lane to its cities: from each city's centre line to the nearest end of the spaces.

    Where two routes leave a city at a narrow angle, their spaces start well clear of it; the tethers
    keep every route drawn joined to both its cities (the city, drawn on top, hides their inner part).
    """
    first, last = spaces[0], spaces[-1]
    ux, uy = math.cos(math.radians(first.angle)), math.sin(math.radians(first.angle))
    offset = (first.x - a[0]) * -uy + (first.y - a[1]) * ux  # sideways, as in lane_spaces
    start = (first.x - ux * first.length / 2, first.y - uy * first.length / 2)
    end = (last.x + ux * last.length / 2, last.y + uy * last.length / 2)
    return ((a[0] - uy * offset, a[1] + ux * offset), start), (end, (b[0] - uy * offset, b[1] + ux * offset))
