"""Ink saver: a Canvas wrapper that prints fills as light tints.

Fills keep only a quarter of their ink (tinted toward white), so large areas
such as card backgrounds cost little toner and stay distinguishable in
greyscale by their lightness. Strokes and text must stay readable on those
light fills: light ones are turned dark, dark ones are kept. A drawing kept
once per file is kept with its colours changed, under its own key.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import lru_cache

from pnp.printing.canvas import Color, Drawing
from pnp.printing.color import luminance, rgb, to_hex
from pnp.printing.forwarding import Forwarding
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


class InkSaver(Forwarding):
    """Wraps a Canvas; drawing code is unchanged, only the colours it asks for are."""

    def paint(self, color: Color) -> Color:
        return light_fill(color)

    def ink(self, color: Color) -> Color:
        return dark_line(color)

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        saving = Drawing(drawing.width, drawing.height, lambda canvas: drawing.draw(InkSaver(canvas)))
        place(self.inner, saving, ("ink saver", key))
