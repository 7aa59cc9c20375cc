"""A canvas for a part laid partly under another: the words it hides are left out, not merely covered."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Unpack

from pnp.printing.canvas import Canvas, TextStyle
from pnp.printing.forwarding import Forwarding

Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f


class Uncovered(Forwarding):
    """Draws on ``inner`` all but the texts whose baseline lies more than ``shown`` mm down the frame it is given
    (groups followed): the words under the part laid over it, which a clip would hide but the file's text layer
    would keep (copied, read aloud). Shapes are drawn as asked, for a clip to cut at the edge."""

    def __init__(self, inner: Canvas, shown: float) -> None:
        super().__init__(inner)
        self.shown = shown
        self._to_outer: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        _, b, _, d, _, f = self._to_outer
        if b * x + d * y + f <= self.shown:
            super().text(x, y, s, **style)

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return self._within(self.inner.group(dx, dy, rotate=rotate, scale=scale, name=name), dx, dy, rotate, scale)

    @contextmanager
    def _within(
        self, inner: AbstractContextManager[None], dx: float, dy: float, rotate: float, scale: float
    ) -> Iterator[None]:
        """``inner``'s frame: translated, then turned clockwise, then scaled, as a group is."""
        cos, sin = math.cos(math.radians(rotate)) * scale, math.sin(math.radians(rotate)) * scale
        a, b, c, d, e, f = outer = self._to_outer
        self._to_outer = (a * cos + c * sin, b * cos + d * sin, c * cos - a * sin, d * cos - b * sin,
                          a * dx + c * dy + e, b * dx + d * dy + f)  # fmt: skip
        try:
            with inner:
                yield
        finally:
            self._to_outer = outer
