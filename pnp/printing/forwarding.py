"""A canvas that draws on another, changing only what a subclass says: the ink saver, the legible figure."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager

from pnp.printing.art import Art
from pnp.printing.canvas import Anchor, Canvas, Color, PathOp, Point
from pnp.printing.fonts import Faces


class Forwarding:
    """Draws everything on ``inner`` as asked, with each fill passed through ``paint`` and each stroke and text
    colour through ``ink`` (both unchanged here); a subclass overrides those, or a whole method."""

    def __init__(self, inner: Canvas) -> None:
        self.inner = inner

    @property
    def faces(self) -> Faces:
        return self.inner.faces

    def paint(self, color: Color) -> Color:
        """The colour a fill of ``color`` is drawn in."""
        return color

    def ink(self, color: Color) -> Color:
        """The colour a stroke or a text of ``color`` is drawn in."""
        return color

    def _paint(self, color: Color | None) -> Color | None:
        return None if color is None else self.paint(color)

    def _ink(self, color: Color | None) -> Color | None:
        return None if color is None else self.ink(color)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 0.25,
        radius: float = 0.0,
        dash: Sequence[float] | None = None,
    ) -> None:
        fill, stroke = self._paint(fill), self._ink(stroke)
        self.inner.rect(x, y, w, h, fill=fill, stroke=stroke, width=width, radius=radius, dash=dash)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: Color = "#000000",
        width: float = 0.25,
        dash: Sequence[float] | None = None,
    ) -> None:
        self.inner.line(x1, y1, x2, y2, stroke=self.ink(stroke), width=width, dash=dash)

    def polygon(
        self,
        points: Sequence[Point],
        *,
        closed: bool = True,
        fill: Color | None = None,
        stroke: Color | None = "#000000",
        width: float = 0.25,
        dash: Sequence[float] | None = None,
    ) -> None:
        fill, stroke = self._paint(fill), self._ink(stroke)
        self.inner.polygon(points, closed=closed, fill=fill, stroke=stroke, width=width, dash=dash)

    def path(
        self,
        ops: Sequence[PathOp],
        *,
        fill: Color | None = None,
        stroke: Color | None = "#000000",
        width: float = 0.25,
        dash: Sequence[float] | None = None,
    ) -> None:
        self.inner.path(ops, fill=self._paint(fill), stroke=self._ink(stroke), width=width, dash=dash)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = "#000000",
        width: float = 0.25,
        dash: Sequence[float] | None = None,
    ) -> None:
        self.inner.circle(cx, cy, r, fill=self._paint(fill), stroke=self._ink(stroke), width=width, dash=dash)

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
        self.inner.text(x, y, s, size=size, anchor=anchor, bold=bold, fill=self.ink(fill), rotate=rotate)

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return self.inner.group(dx, dy, rotate=rotate, scale=scale, name=name)

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        return self.inner.clip(x, y, w, h)

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        return self.inner.clip_path(ops)

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        self.inner.image(x, y, w, h, art)
