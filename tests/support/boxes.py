"""Boxes on a page or a screen, as (left, top, right, bottom): how far two overlap, and how far a point is off one."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

Rect = tuple[float, float, float, float]


def of(found: Mapping[str, Any]) -> Rect:
    """The box of a character, word, line or rectangle that pdfplumber found (points, from the page's top)."""
    return (found["x0"], found["top"], found["x1"], found["bottom"])


def meets(a: Rect, b: Rect, slack: float = 0.0) -> bool:
    """Whether the two boxes overlap by more than ``slack`` both across and down."""
    across = min(a[2], b[2]) - max(a[0], b[0])
    down = min(a[3], b[3]) - max(a[1], b[1])
    return across > slack and down > slack


def overlapping(named: Sequence[tuple[str, Rect]], slack: float = 0.0) -> list[tuple[str, str]]:
    """The names of every two boxes that meet (see :func:`meets`), in the order given."""
    return [(a, b) for (a, p), (b, q) in combinations(named, 2) if meets(p, q, slack)]


def distance(x: float, y: float, box: Rect) -> float:
    """How far the point is from the box (0 inside it)."""
    return math.hypot(max(box[0] - x, 0.0, x - box[2]), max(box[1] - y, 0.0, y - box[3]))
