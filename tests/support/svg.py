"""SVG transforms as matrices, for placing what a picture draws where a screen shows it."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Point = tuple[float, float]
NAMESPACE = "{http://www.w3.org/2000/svg}"


def times(m: Matrix, n: Matrix) -> Matrix:
    """``m`` after ``n``."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def parse_transform(text: str | None) -> Matrix:
    """An SVG ``transform`` attribute (translate, rotate, scale, matrix) as one matrix."""
    matrix = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            step: Matrix = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            step = times(times((1, 0, 0, 1, cx, cy), (cos, sin, -sin, cos, 0, 0)), (1, 0, 0, 1, -cx, -cy))
        elif name == "matrix":
            step = (v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            raise AssertionError(f"unexpected transform {name}({args})")
        matrix = times(matrix, step)
    return matrix


def apply(m: Matrix, x: float, y: float) -> Point:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def placed(root: ET.Element, tag: str) -> Iterator[tuple[ET.Element, Matrix]]:
    """Each ``tag`` element of an SVG (``text``, ``rect``…), in document order, with the matrix of every transform
    above it, its own included."""

    def walk(element: ET.Element, matrix: Matrix) -> Iterator[tuple[ET.Element, Matrix]]:
        matrix = times(matrix, parse_transform(element.get("transform")))
        if element.tag == NAMESPACE + tag:
            yield element, matrix
        for child in element:
            yield from walk(child, matrix)

    yield from walk(root, IDENTITY)
