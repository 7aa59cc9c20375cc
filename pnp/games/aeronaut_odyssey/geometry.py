"""Plane geometry for maps: distances, crossings, Delaunay triangulation and the faces of a planar graph.

Pure Python on ``(x, y)`` tuples; y grows downwards as on the page.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

Point = tuple[float, float]
Edge = tuple[int, int]


distance = math.dist  # Euclidean distance between two points: the same float as hypot of the differences


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``ab``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / span))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ``ab`` and ``cd`` share a point other than a common endpoint."""
    shared = {a, b} & {c, d}
    if len(shared) == 2:
        return True
    if shared:
        # Segments meeting at an endpoint cross only when they run along each other.
        (p,) = shared
        q, r = (b if p == a else a), (d if p == c else c)
        return abs(_orient(p, q, r)) < 1e-12 and (q[0] - p[0]) * (r[0] - p[0]) + (q[1] - p[1]) * (r[1] - p[1]) > 0
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4):
        return True
    touching = 1e-12
    return (
        (abs(d1) < touching and point_segment_distance(a, c, d) < 1e-9)
        or (abs(d2) < touching and point_segment_distance(b, c, d) < 1e-9)
        or (abs(d3) < touching and point_segment_distance(c, a, b) < 1e-9)
        or (abs(d4) < touching and point_segment_distance(d, a, b) < 1e-9)
    )


def delaunay(points: Sequence[Point]) -> set[Edge]:
    """Edges ``(i, j)`` with ``i < j`` of the Delaunay triangulation (Bowyer-Watson)."""
    n = len(points)
    if n < 2:
        return set()
    if n == 2:
        return {(0, 1)}
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0) * 20
    pts = list(points) + [(cx - span, cy - span), (cx + span, cy - span), (cx, cy + span)]
    triangles = [(n, n + 1, n + 2, *_circumcircle(pts[n], pts[n + 1], pts[n + 2]))]
    for i in range(n):
        px, py = pts[i]
        bad: list[tuple[int, int, int, float, float, float]] = []
        keep: list[tuple[int, int, int, float, float, float]] = []
        for tri in triangles:
            (bad if (px - tri[3]) ** 2 + (py - tri[4]) ** 2 < tri[5] else keep).append(tri)
        edges: dict[Edge, int] = {}
        for a, b, c, *_ in bad:
            for e in ((a, b), (b, c), (c, a)):
                key = (min(e), max(e))
                edges[key] = edges.get(key, 0) + 1
        triangles = keep
        for (a, b), count in edges.items():
            if count == 1:
                triangles.append((a, b, i, *_circumcircle(pts[a], pts[b], pts[i])))
    result = set()
    for a, b, c, *_ in triangles:
        for e in ((a, b), (b, c), (c, a)):
            if max(e) < n:
                result.add((min(e), max(e)))
    return result


def _circumcircle(a: Point, b: Point, c: Point) -> tuple[float, float, float]:
    """Centre and squared radius of the circle through three points."""
    d = 2 * (a[0] * (b[1] - c[1]) + b[0] * (c[1] - a[1]) + c[0] * (a[1] - b[1]))
    if abs(d) < 1e-12:
        return (a[0], a[1], math.inf)
    sa, sb, sc = a[0] ** 2 + a[1] ** 2, b[0] ** 2 + b[1] ** 2, c[0] ** 2 + c[1] ** 2
    ux = (sa * (b[1] - c[1]) + sb * (c[1] - a[1]) + sc * (a[1] - b[1])) / d
    uy = (sa * (c[0] - b[0]) + sb * (a[0] - c[0]) + sc * (b[0] - a[0])) / d
    return (ux, uy, (a[0] - ux) ** 2 + (a[1] - uy) ** 2)


@dataclass(frozen=True)
class Face:
    """A face of a planar straight-line graph: its boundary walk and the edges that enclose it."""

    walk: tuple[int, ...]  # vertices in order around the face
    border: tuple[Edge, ...]  # edges with this face on one side only (bridges excluded), each (i, j) with i < j
    area: float  # signed area of the walk; inner faces are positive


def faces(points: Sequence[Point], edges: Iterable[Edge]) -> tuple[list[Face], list[Face]]:
    """The inner faces and the outer face(s) of a planar straight-line graph without crossings.

    Each connected component contributes one outer face (negative or zero area).
    """
    around: dict[int, list[int]] = {}
    for i, j in edges:
        around.setdefault(i, []).append(j)
        around.setdefault(j, []).append(i)

    def angle(v: int, w: int) -> float:
        return math.atan2(points[w][1] - points[v][1], points[w][0] - points[v][0])

    order = {v: sorted(ns, key=partial(angle, v)) for v, ns in around.items()}
    position = {(v, w): k for v, ns in order.items() for k, w in enumerate(ns)}
    seen: set[Edge] = set()
    inner: list[Face] = []
    outer: list[Face] = []
    for start in sorted(position):
        if start in seen:
            continue
        walk, halves = [], []
        u, v = start
        while (u, v) not in seen:
            seen.add((u, v))
            walk.append(u)
            halves.append((u, v))
            ring = order[v]
            u, v = v, ring[(position[(v, u)] - 1) % len(ring)]
        area = sum(_cross(points[a], points[b]) for a, b in halves) / 2
        once = {(min(h), max(h)) for h in halves if (h[1], h[0]) not in halves}
        face = Face(tuple(walk), tuple(sorted(once)), area)
        (inner if area > 1e-9 else outer).append(face)
    return inner, outer


def _cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule test of ``p`` against a closed polygon."""
    return _inside(p[0], crossings(p[1], polygon))


def crossings(y: float, polygon: Sequence[Point]) -> list[float]:
    """Where the polygon's edges cross the line at height ``y``, in order: a point of that line is inside
    when an odd number of them lie to its right. Points of one row share them."""
    result = []
    for k in range(len(polygon)):
        (x1, y1), (x2, y2) = polygon[k - 1], polygon[k]
        if (y1 > y) != (y2 > y):
            result.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return sorted(result)


def _inside(x: float, crossings: list[float]) -> bool:
    return (len(crossings) - bisect_right(crossings, x)) % 2 == 1


def clearance(p: Point, segments: Sequence[tuple[Point, Point, float]], discs: Sequence[tuple[Point, float]]) -> float:
    """Free distance around ``p``: to segments widened by their half-width, and to discs of a radius."""
    best = math.inf
    for a, b, half in segments:
        best = min(best, point_segment_distance(p, a, b) - half)
    for c, r in discs:
        best = min(best, distance(p, c) - r)
    return best


def roomiest_point(
    polygon: Sequence[Point], segments: Sequence[tuple[Point, Point, float]], discs: Sequence[tuple[Point, float]]
) -> tuple[Point, float]:
    """A point inside ``polygon`` that keeps as far as it can from the obstacles, and its clearance.

    A coarse grid over the polygon's bounding box, refined twice around the best point. A candidate
    stops being measured as soon as it is no better than the best so far.
    """
    pieces = []  # each segment as its start, its run, its squared length and its half-width
    for a, b, half in segments:
        if a != b:
            dx, dy = b[0] - a[0], b[1] - a[1]
            pieces.append((a[0], a[1], dx, dy, dx * dx + dy * dy, half))
    rings = [(c[0], c[1], r) for c, r in discs]
    hypot = math.hypot

    def room(x: float, y: float, beat: float) -> float:
        best = math.inf
        for ax, ay, dx, dy, span, half in pieces:
            t = ((x - ax) * dx + (y - ay) * dy) / span
            if t < 0.0:  # clamped to the segment (as max(0.0, min(t, 1.0)), without two calls)
                t = 0.0
            elif t > 1.0:
                t = 1.0
            gap = hypot(x - ax - t * dx, y - ay - t * dy) - half
            if gap < best:
                best = gap
                if best <= beat:
                    return best
        for cx, cy, r in rings:
            gap = hypot(x - cx, y - cy) - r
            if gap < best:
                best = gap
                if best <= beat:
                    return best
        return best

    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    best: tuple[Point, float] = (
        (cx, cy),
        room(cx, cy, -math.inf) if point_in_polygon((cx, cy), polygon) else -math.inf,
    )
    rows: dict[float, list[float]] = {}  # the crossings at each height asked: a grid's rows share them
    x0, y0, sx, sy = min(xs), min(ys), (max(xs) - min(xs)) / 8, (max(ys) - min(ys)) / 8
    grid = [(x0 + sx * (i + 0.5), y0 + sy * (j + 0.5)) for i in range(8) for j in range(8)]
    for round_ in range(3):
        for x, y in grid:
            row = rows.get(y)
            if row is None:
                row = rows[y] = crossings(y, polygon)
            if _inside(x, row):
                clear = room(x, y, best[1])
                if clear > best[1]:
                    best = ((x, y), clear)
        (bx, by), scale = best[0], 0.5 ** (round_ + 1)
        grid = [(bx + sx * scale * i, by + sy * scale * j) for i in (-2, -1, 0, 1, 2) for j in (-2, -1, 0, 1, 2)]
    return best
