"""Printer's marks: crop marks, cut guides, registration crosshairs and fold lines."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pnp.printing.canvas import Canvas
from pnp.printing.paper import Rect

MARK_GAP = 0.5  # between the bleed box and a crop mark
MARK_LENGTH = 3.0
MARK_ZONE = MARK_GAP + MARK_LENGTH  # the room crop marks need outside the bleed
HAIRLINE = 0.15
INK = "#000000"
GUIDE = "#808080"
HALO = "#ffffff"
HALO_WIDTH = 0.6  # the white line under a mark drawn over art


def _distinct(values: Iterable[float]) -> list[float]:
    return sorted({round(v, 3) for v in values})


def crop_marks(canvas: Canvas, trims: Iterable[Rect], outer: Rect, ticks: tuple[bool, bool] = (False, False)) -> None:
    """Short lines in line with every trim edge, just outside ``outer`` (the bleed of all items).

    ``ticks`` (left and right ends, top and bottom ends): the ends where the marks are ticks (``tick_marks``).
    """
    trims = list(trims)
    if not ticks[1]:
        for x in _distinct(v for t in trims for v in (t.x, t.right)):
            canvas.line(x, outer.y - MARK_ZONE, x, outer.y - MARK_GAP, stroke=INK, width=HAIRLINE)
            canvas.line(x, outer.bottom + MARK_GAP, x, outer.bottom + MARK_ZONE, stroke=INK, width=HAIRLINE)
    if not ticks[0]:
        for y in _distinct(v for t in trims for v in (t.y, t.bottom)):
            canvas.line(outer.x - MARK_ZONE, y, outer.x - MARK_GAP, y, stroke=INK, width=HAIRLINE)
            canvas.line(outer.right + MARK_GAP, y, outer.right + MARK_ZONE, y, stroke=INK, width=HAIRLINE)
    tick_marks(canvas, trims, outer, ticks)


def tick_marks(canvas: Canvas, trims: Iterable[Rect], outer: Rect, ticks: tuple[bool, bool]) -> None:
    """Crop marks inside the bleed at the ends ``ticks`` names (left and right, top and bottom).

    At those ends the grid's bleed runs out to the printable area's edge, leaving no room for crop marks
    beyond it: each mark runs from the bleed's outer edge to the trim line, haloed in white so it reads
    on any art, and is cut away with the bleed.
    """
    trims = list(trims)
    if not (any(ticks) and trims):
        return
    top, bottom = min(t.y for t in trims), max(t.bottom for t in trims)
    left, right = min(t.x for t in trims), max(t.right for t in trims)
    if ticks[1]:
        for x in _distinct(v for t in trims for v in (t.x, t.right)):
            _tick(canvas, x, outer.y, x, top)
            _tick(canvas, x, bottom, x, outer.bottom)
    if ticks[0]:
        for y in _distinct(v for t in trims for v in (t.y, t.bottom)):
            _tick(canvas, outer.x, y, left, y)
            _tick(canvas, right, y, outer.right, y)


def _tick(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A crop mark inside the bleed: a hairline on a white halo (butt ends, so it stops where it is told)."""
    for color, width in ((HALO, HALO_WIDTH), (INK, HAIRLINE)):
        canvas.line(x1, y1, x2, y2, stroke=color, width=width)


def cut_guide(canvas: Canvas, shape: Literal["round", "square"], size: float) -> None:
    """A thin outline on the cut line of a token of ``size`` mm at the origin."""
    if shape == "round":
        canvas.circle(size / 2, size / 2, size / 2, stroke=GUIDE, width=HAIRLINE)
    else:
        canvas.rect(0, 0, size, size, stroke=GUIDE, width=HAIRLINE)


def crosshair(canvas: Canvas, x: float, y: float, arm: float = 3.0) -> None:
    """A registration crosshair centred on (x, y), haloed in white so it shows on dark art."""
    for color, width in ((HALO, HALO_WIDTH), (INK, HAIRLINE)):
        canvas.line(x - arm, y, x + arm, y, stroke=color, width=width)
        canvas.line(x, y - arm, x, y + arm, stroke=color, width=width)
        canvas.circle(x, y, arm * 0.6, stroke=color, width=width)


def fold_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed line to fold along."""
    canvas.line(x1, y1, x2, y2, stroke=GUIDE, width=HAIRLINE * 2, dash=(3.0, 2.0))
