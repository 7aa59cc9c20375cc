"""A canvas for a drawing shown smaller than its size: the text that would come out too small to read is left out.

Figures on the rules sheets use it: they show a board or cards scaled down, whose shapes still tell the
layout while their smallest names would fall under the kit's minimum text size.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager

from pnp.printing.canvas import Anchor, Canvas, Color, PathOp

SMALLEST_PT = 6.0  # the smallest text any kit prints (tests/test_printing_text_sizes.py)


class Legible:
    """``canvas`` for a drawing shown ``scale`` times its size: everything but the text that would print under
    ``SMALLEST_PT`` (groups that scale further are followed)."""

    def __init__(self, canvas: Canvas, scale: float) -> None:
        self.canvas = canvas
        self.scale = scale

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0, dash=None) -> None:
        self.canvas.rect(x, y, w, h, fill=fill, stroke=stroke, width=width, radius=radius, dash=dash)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.25, dash=None) -> None:
        self.canvas.line(x1, y1, x2, y2, stroke=stroke, width=width, dash=dash)

    def polygon(self, points, *, closed=True, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self.canvas.polygon(points, closed=closed, fill=fill, stroke=stroke, width=width, dash=dash)

    def path(self, ops, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self.canvas.path(ops, fill=fill, stroke=stroke, width=width, dash=dash)

    def circle(self, cx, cy, r, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self.canvas.circle(cx, cy, r, fill=fill, stroke=stroke, width=width, dash=dash)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float = 8.0,
        anchor: Anchor = "start",
        bold: bool = False,
        fill: Color = "#000000",
        rotate: float = 0.0,
    ) -> None:
        if size * self.scale >= SMALLEST_PT:
            self.canvas.text(x, y, s, size=size, anchor=anchor, bold=bold, fill=fill, rotate=rotate)

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return self._scaled(self.canvas.group(dx, dy, rotate=rotate, scale=scale, name=name), scale)

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        return self.canvas.clip(x, y, w, h)

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        return self.canvas.clip_path(ops)

    @contextmanager
    def _scaled(self, inner: AbstractContextManager[None], scale: float) -> Iterator[None]:
        with inner:
            self.scale *= scale
            try:
                yield
            finally:
                self.scale /= scale
