"""A canvas for a drawing shown smaller than its size: the text that would come out too small to read is left out.

Figures on the rules sheets use it: they show a board or cards scaled down, whose shapes still tell the
layout while their smallest names would fall under the kit's minimum text size.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Unpack

from pnp.printing.canvas import TEXT_DEFAULTS, Canvas, TextStyle
from pnp.printing.forwarding import Forwarding

SMALLEST_PT = 6.0  # the smallest text any kit prints (tests/test_printing_text_sizes.py)


class Legible(Forwarding):
    """``canvas`` for a drawing shown ``scale`` times its size: everything but the text that would print under
    ``SMALLEST_PT`` (groups that scale further are followed)."""

    def __init__(self, canvas: Canvas, scale: float) -> None:
        super().__init__(canvas)
        self.scale = scale

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        if style.get("size", TEXT_DEFAULTS["size"]) * self.scale >= SMALLEST_PT:
            self.inner.text(x, y, s, **style)

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return self._scaled(self.inner.group(dx, dy, rotate=rotate, scale=scale, name=name), scale)

    @contextmanager
    def _scaled(self, inner: AbstractContextManager[None], scale: float) -> Iterator[None]:
        with inner:
            self.scale *= scale
            try:
                yield
            finally:
                self.scale /= scale
