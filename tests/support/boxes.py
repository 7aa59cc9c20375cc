"""Boxes on a page or a screen, as (left, top, right, bottom): how far two overlap, and how far a point is off one."""

from __future__ import annotations

import math
from collections.abc import Sequence

Rect = tuple[float, float, float, float]


def meets(a: Rect, b: Rect, slack: float = 0.0) -> bool:
    """Whether the two boxes overlap by more than ``slack`` both across and down."""
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    return across > slack and down > slack


def overlapping(named: Sequence[tuple[str, Rect]], slack: float = 0.0) -> list[tuple[str, str]]:
    """The names of every two boxes that meet (see :func:`meets`), in the order given.

    Each box is compared only with those whose left edge lies before its right edge (less ``slack``): by
    left edge, the boxes after those lie too far right to meet it (a page's words are hundreds)."""
    order = sorted(range(len(named)), key=lambda i: named[i][1][0])
    pairs = []
    for k, i in enumerate(order):
        p = named[i][1]
        for j in order[k + 1 :]:
            q = named[j][1]
            if q[0] >= p[2] - slack:  # then across, min(p[2], q[2]) - q[0], is at most slack: and so for the rest
                break
            if meets(p, q, slack):
                pairs.append((min(i, j), max(i, j)))
    return [(named[i][0], named[j][0]) for i, j in sorted(pairs)]


def distance(x: float, y: float, box: Rect) -> float:
    """How far the point is from the box (0 inside it)."""
    return math.hypot(max(box[0] - x, 0.0, x - box[2]), max(box[1] - y, 0.0, y - box[3]))
