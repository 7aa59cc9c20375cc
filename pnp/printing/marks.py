"""Printer's marks: crop marks, cut guides, registration crosshairs and fold lines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pnp.printing.canvas import Canvas, Point
from pnp.printing.paper import Rect

MARK_GAP = 0.5  # between the bleed box and a crop mark
MARK_LENGTH = 3.0
MARK_ZONE = MARK_GAP + MARK_LENGTH  # the room crop marks need outside the bleed
HAIRLINE = 0.15
INK = "#000000"
GUIDE = "#808080"
HALO = "#ffffff"
HALO_WIDTH = 0.6  # the white line under a mark drawn over art
CROSSHAIR_ARM = 3.0  # from a registration crosshair's centre to the end of each arm
CROSSHAIR_CLEAR = CROSSHAIR_ARM + HALO_WIDTH / 2 + 0.3  # how far a crosshair keeps its centre from what it avoids
SLIDE_STEP = 0.5  # mm between the spots a crosshair tries along its tile edge
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


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


def crosshair(canvas: Canvas, x: float, y: float, arm: float = CROSSHAIR_ARM) -> None:
    """A registration crosshair centred on (x, y), haloed in white so it shows on dark art."""
    for color, width in ((HALO, HALO_WIDTH), (INK, HAIRLINE)):
        canvas.line(x - arm, y, x + arm, y, stroke=color, width=width)
        canvas.line(x, y - arm, x, y + arm, stroke=color, width=width)
        canvas.circle(x, y, arm * 0.6, stroke=color, width=width)


def fold_line(canvas: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed line to fold along."""
    canvas.line(x1, y1, x2, y2, stroke=GUIDE, width=HAIRLINE * 2, dash=(3.0, 2.0))


def clear_spot(home: Point, along_x: bool, span: tuple[float, float], keep_clear: Sequence[Box]) -> Point:
    """Where a crosshair goes: ``home``, or the nearest spot to it that covers none of ``keep_clear``.

    It slides along one axis only (x when ``along_x``), within ``span`` on that axis, so that it stays in its
    overlap band and still prints on both tiles; where no spot there is clear it stays at ``home``.
    """
    x, y = home
    reach = CROSSHAIR_CLEAR
    low, high = span
    if along_x:
        band = (low - reach, y - reach, high + reach, y + reach)
    else:
        band = (x - reach, low - reach, x + reach, high + reach)
    near = [b for b in keep_clear if b[0] < band[2] and band[0] < b[2] and b[1] < band[3] and band[1] < b[3]]
    start = x if along_x else y
    for step in range(int((high - low) / SLIDE_STEP) + 1):
        for offset in (step * SLIDE_STEP, -step * SLIDE_STEP) if step else (0.0,):
            at = start + offset
            if not low <= at <= high:
                continue
            cx, cy = (at, y) if along_x else (x, at)
            if not any(
                b[0] < cx + reach and cx - reach < b[2] and b[1] < cy + reach and cy - reach < b[3] for b in near
            ):
                return cx, cy
    return home
