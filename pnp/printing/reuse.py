"""Drawings placed more than once in one file, such as a board on its overview and on each tile.

A backend that can keep a drawing and place it again (the PDF one, as a form
XObject written once per file) offers ``reuse(drawing, key)``; :func:`place`
uses it where it exists and otherwise simply draws. Either way the drawing
appears at the current origin under the current transform and clip.

A screen picture drawn anew at each change of a game repeats most of its pieces (a route nobody claimed
yet): a backend that can write a piece again as it was (the screen's SVG) offers ``repeat(key, draw)``, and
a caller uses it where it exists and otherwise simply draws.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Protocol, runtime_checkable

from pnp.printing.canvas import Canvas, Drawing


@runtime_checkable
class Reusing(Protocol):
    """A canvas that writes a drawing once and places it again wherever the same ``key`` recurs."""

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        """Draw ``drawing`` at the origin; for a ``key`` seen before, place what was kept instead."""


def place(canvas: Canvas, drawing: Drawing, key: Hashable = None) -> None:
    """Draw ``drawing`` at the origin, kept once per file when ``canvas`` can (``key`` defaults to the drawing)."""
    key = drawing if key is None else key
    if isinstance(canvas, Reusing) and _hashable(key):
        canvas.reuse(drawing, key)
    else:
        drawing.draw(canvas)


def _hashable(key: Hashable) -> bool:
    try:
        hash(key)
    except TypeError:  # e.g. a drawing whose draw is an unhashable callable: draw it each time
        return False
    return True


@runtime_checkable
class Repeating(Protocol):
    """A canvas that keeps what a piece of drawing made and makes it again, as it was, wherever ``key`` recurs."""

    def repeat(self, key: Hashable, draw: Callable[[], object]) -> None:
        """Run ``draw`` (which draws on this canvas); for a ``key`` seen before, write what it made then instead."""
