"""Shapes cut to a box, and lines thinned to a tolerance: a small map cut from a large one's data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from pnp.printing.canvas import Point
from pnp.printing.labels import Box, clip_segment


def clip_polygon(points: Sequence[Point], box: Box) -> list[Point]:
    """The part of a closed polygon inside ``box`` (Sutherland-Hodgman); empty when none is."""
    x0, y0, x1, y1 = box
    xs, ys = [x for x, _ in points], [y for _, y in points]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    if right < x0 or left > x1 or bottom < y0 or top > y1:
        return []
    result = list(points)
    sides = ((left < x0, 0, x0, False), (right > x1, 0, x1, True), (top < y0, 1, y0, False), (bottom > y1, 1, y1, True))
    for crosses, axis, limit, keep_below in sides:  # only the sides the polygon reaches past
        if crosses and result:
            result = _clip_side(result, axis, limit, keep_below)
    return result


def _clip_side(points: list[Point], axis: int, limit: float, keep_below: bool) -> list[Point]:
    """The polygon cut by the line ``point[axis] == limit``, keeping the side below it or above it.

    Which points are kept is settled for all of them first; a crossing is worked out only where that
    changes (a shoreline has thousands of points and crosses a side a few times).
    """
    values = [p[axis] for p in points]
    kept = [v <= limit for v in values] if keep_below else [v >= limit for v in values]
    other = 1 - axis
    result: list[Point] = []
    previous, was_in = points[-1], kept[-1]
    for point, is_in in zip(points, kept):
        if is_in != was_in:
            t = (limit - previous[axis]) / (point[axis] - previous[axis])
            across = previous[other] + t * (point[other] - previous[other])
            result.append((limit, across) if axis == 0 else (across, limit))
        if is_in:
            result.append(point)
        previous, was_in = point, is_in
    return result


def clip_polyline(points: Sequence[Point], box: Box) -> list[list[Point]]:
    """The pieces of an open polyline inside ``box``."""
    x0, y0, x1, y1 = box
    pieces: list[list[Point]] = []
    current: list[Point] = []
    for a, b in pairwise(points):
        if x0 <= a[0] <= x1 and y0 <= a[1] <= y1 and x0 <= b[0] <= x1 and y0 <= b[1] <= y1:
            if not current:
                current = [a]
            current.append(b)
            continue
        if max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1:
            cut = None  # wholly to one side: the usual case, settled without clipping
        else:
            cut = clip_segment((*a, *b), box)
        if cut is None:
            if len(current) > 1:
                pieces.append(current)
            current = []
            continue
        start, end = (cut[0], cut[1]), (cut[2], cut[3])
        if not current or current[-1] != start:
            if len(current) > 1:
                pieces.append(current)
            current = [start]
        current.append(end)
        if end != b:  # it left the box
            pieces.append(current)
            current = []
    if len(current) > 1:
        pieces.append(current)
    return pieces


def simplify(points: Sequence[Point], tolerance: float) -> list[Point]:
    """``points`` with those that stray less than ``tolerance`` from the line through their neighbours left out
    (Douglas-Peucker); the first and last stay."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        (ax, ay), (bx, by) = points[first], points[last]
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        farthest, index = -1.0, first
        for i in range(first + 1, last):
            px, py = points[i]
            if length:
                distance = abs(dy * (px - ax) - dx * (py - ay)) / length
            else:
                distance = math.hypot(px - ax, py - ay)
            if distance > farthest:
                farthest, index = distance, i
        if farthest > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, kept in zip(points, keep) if kept]
