"""Ink saver: a Canvas wrapper that prints fills as light tints.

Fills keep only a quarter of their ink (tinted toward white), so large areas
such as card backgrounds cost little toner and stay distinguishable in
greyscale by their lightness. Strokes and text must stay readable on those
light fills: light ones are turned dark, dark ones are kept. A drawing kept
once per file is kept with its colours changed, under its own key.
"""

from __future__ import annotations

from collections.abc import Hashable
from contextlib import AbstractContextManager
from functools import lru_cache

from pnp.printing.canvas import Canvas, Color, Drawing
from pnp.printing.color import luminance, rgb, to_hex
from pnp.printing.reuse import place

FILL_INK = 0.25  # share of ink a fill keeps
DARKEST_LINE = 0.35  # luminance above which strokes and text are darkened


@lru_cache(maxsize=1024)
def light_fill(color: Color) -> Color:
    """``color`` mixed with white so that it keeps :data:`FILL_INK` of its ink."""
    r, g, b = rgb(color)
    return to_hex((1 - (1 - r) * FILL_INK, 1 - (1 - g) * FILL_INK, 1 - (1 - b) * FILL_INK))


@lru_cache(maxsize=1024)
def dark_line(color: Color) -> Color:
    """``color`` darkened until it reads well on a light fill (dark colours unchanged)."""
    value = rgb(color)
    lum = luminance(value)
    if lum <= DARKEST_LINE:
        return color
    scale = DARKEST_LINE / lum
    return to_hex((value[0] * scale, value[1] * scale, value[2] * scale))


def _fill(color: Color | None) -> Color | None:
    return None if color is None else light_fill(color)


def _line(color: Color | None) -> Color | None:
    return None if color is None else dark_line(color)


class InkSaver:
    """Wraps a Canvas; drawing code is unchanged, only the colours it asks for are."""

    def __init__(self, inner: Canvas) -> None:
        self._inner = inner

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0, dash=None) -> None:
        self._inner.rect(x, y, w, h, fill=_fill(fill), stroke=_line(stroke), width=width, radius=radius, dash=dash)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.25, dash=None) -> None:
        self._inner.line(x1, y1, x2, y2, stroke=dark_line(stroke), width=width, dash=dash)

    def polygon(self, points, *, closed=True, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self._inner.polygon(points, closed=closed, fill=_fill(fill), stroke=_line(stroke), width=width, dash=dash)

    def path(self, ops, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self._inner.path(ops, fill=_fill(fill), stroke=_line(stroke), width=width, dash=dash)

    def circle(self, cx, cy, r, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self._inner.circle(cx, cy, r, fill=_fill(fill), stroke=_line(stroke), width=width, dash=dash)

    def text(self, x, y, s, *, size=8.0, anchor="start", bold=False, fill="#000000", rotate=0.0) -> None:
        self._inner.text(x, y, s, size=size, anchor=anchor, bold=bold, fill=dark_line(fill), rotate=rotate)

    def group(self, dx=0.0, dy=0.0, *, rotate=0.0, scale=1.0, name=None) -> AbstractContextManager[None]:
        return self._inner.group(dx, dy, rotate=rotate, scale=scale, name=name)

    def clip(self, x, y, w, h) -> AbstractContextManager[None]:
        return self._inner.clip(x, y, w, h)

    def clip_path(self, ops) -> AbstractContextManager[None]:
        return self._inner.clip_path(ops)

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        saving = Drawing(drawing.width, drawing.height, lambda canvas: drawing.draw(InkSaver(canvas)))
        place(self._inner, saving, ("ink saver", key))
