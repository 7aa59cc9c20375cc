"""The footer printed at the bottom of every page, inside the margins.

When cards take the footer band (a grid reaching the printable area's top and bottom), the
footer goes beside them instead: turned a quarter to read downwards, in the strip between
the margin and the cards' bleed, between the side crop marks.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from pnp.printing.canvas import Canvas
from pnp.printing.fonts import extent, text_width
from pnp.printing.paper import PageFrame, Rect

SIZE = 6.0  # pt
SMALLEST = 5.0  # footers and fine print; everything else is 6 pt or larger
TILE_SIZE = 8.0
COLOR = "#404040"
CLEARANCE = 0.5  # mm between a footer beside the cards and the marks, the bleed or the margin
SHORTEST = 10.0  # mm: a stretch between marks too short to hold part of a footer
SEPARATOR = " · "  # between the parts of a footer, where it may be broken


def fit(
    text: str, width: float, size: float = SIZE, bold: bool = False, smallest: float = SMALLEST
) -> tuple[str, float]:
    """``text`` and a font size (down to ``smallest``) that fit ``width`` mm, cut short with … if need be."""
    natural = text_width(text, size, bold)
    if natural <= width:
        return text, size
    size = max(smallest, size * width / natural)
    while text and text_width(text, size, bold) > width:
        text = text[:-2] + "…"
    return text, size


def aside(frame: PageFrame, outer: Rect, marks: Iterable[float], right: bool = False) -> tuple[Rect, ...]:
    """Where a footer goes beside items whose bleed is ``outer``: the margin strip left of them (right of them
    with ``right``), cut into stretches between the side crop marks at heights ``marks``, lowest first
    (stretches shorter than SHORTEST left out)."""
    area = frame.printable
    stops = sorted({area.y, *marks, area.bottom})
    x, end = (outer.right, area.right) if right else (area.x, outer.x)
    gaps = [(low + CLEARANCE, high - CLEARANCE) for low, high in pairwise(stops)]
    return tuple(
        Rect(x + CLEARANCE, low, end - x - 2 * CLEARANCE, high - low)
        for low, high in reversed(gaps)
        if high - low >= SHORTEST
    )


def _lines(text: str, room: list[float]) -> list[str]:
    """``text`` broken at its separators into a line for each room (mm at SIZE), the last taking what is left."""
    parts = text.split(SEPARATOR)
    lines = []
    for index, length in enumerate(room):
        if not parts:
            break
        line = parts.pop(0)
        while parts and (index == len(room) - 1 or text_width(line + SEPARATOR + parts[0], SIZE) <= length):
            line += SEPARATOR + parts.pop(0)
        lines.append(line)
    return lines


def draw_footer(canvas: Canvas, frame: PageFrame, text: str, tile: str = "", strips: tuple[Rect, ...] = ()) -> None:
    """``text`` at the left of the footer band; a board tile's label in bold at its right.

    With ``strips`` (lowest first), ``text`` is turned to read downwards like a book's spine, glyphs within
    a strip, in the lowest strip or, broken between its parts when it is too long for one, in as many of the
    lowest strips as it needs, read from the top one down.
    """
    if strips:
        lines = _lines(text, [strip.h for strip in strips])
        for line, strip in zip(lines, reversed(strips[: len(lines)])):  # read from the top down
            line, size = fit(line, strip.h)
            ascent, _ = extent(size)
            canvas.text(strip.right - ascent, strip.y, line, size=size, fill=COLOR, rotate=90)
        return
    area = frame.printable
    baseline = area.bottom - 1.0
    room = area.w - (text_width(tile, TILE_SIZE, bold=True) + 3 if tile else 0)
    line, size = fit(text, room)
    canvas.text(area.x, baseline, line, size=size, fill=COLOR)
    if tile:
        canvas.text(area.right, baseline, tile, size=TILE_SIZE, anchor="end", bold=True, fill=COLOR)
