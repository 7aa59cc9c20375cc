"""Fill patterns that tell colours apart without colour vision."""

from __future__ import annotations

from typing import Literal

from pnp.printing.canvas import Canvas, Color

PatternKind = Literal["diagonal", "horizontal", "vertical", "grid", "dots", "none"]


def hatch(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    kind: PatternKind,
    *,
    stroke: Color = "#000000",
    spacing: float = 2.5,
    width: float = 0.3,
) -> None:
    """Fill the rectangle with a line pattern (clipped to it)."""
    if kind == "none":
        return
    with canvas.clip(x, y, w, h):
        if kind in ("horizontal", "grid"):
            for i in range(1, int(h / spacing) + 1):
                canvas.line(x, y + i * spacing, x + w, y + i * spacing, stroke=stroke, width=width)
        if kind in ("vertical", "grid"):
            for i in range(1, int(w / spacing) + 1):
                canvas.line(x + i * spacing, y, x + i * spacing, y + h, stroke=stroke, width=width)
        if kind == "diagonal":
            for i in range(1, int((w + h) / spacing) + 1):
                d = i * spacing
                canvas.line(x + d - h, y + h, x + d, y, stroke=stroke, width=width)
        if kind == "dots":  # each in the middle of its square, so none is cut in half on an edge
            for i in range(int(w / spacing)):
                for j in range(int(h / spacing)):
                    canvas.circle(x + (i + 0.5) * spacing, y + (j + 0.5) * spacing, width, fill=stroke, stroke=None)
