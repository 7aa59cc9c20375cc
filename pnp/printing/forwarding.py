"""A canvas that draws on another, changing only what a subclass says: the ink saver, the legible figure; and one
that knows where its groups put a point (:class:`Framed`)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import TypeVar, Unpack

from pnp.printing.art import Art
from pnp.printing.canvas import (
    LINE_DEFAULTS,
    POLYGON_DEFAULTS,
    RECT_DEFAULTS,
    SHAPE_DEFAULTS,
    TEXT_DEFAULTS,
    Canvas,
    Color,
    LineStyle,
    PathOp,
    Point,
    PolygonStyle,
    RectStyle,
    ShapeStyle,
    TextStyle,
)
from pnp.printing.fonts import Faces

_Shape = TypeVar("_Shape", ShapeStyle, RectStyle, PolygonStyle)
Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f


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

    def _colored(self, style: _Shape, defaults: ShapeStyle) -> _Shape:
        """``style`` with its fill passed through ``paint`` and its stroke through ``ink`` (as in ``defaults`` when
        left out)."""
        fill, stroke = style.get("fill", defaults["fill"]), style.get("stroke", defaults["stroke"])
        return style | {
            "fill": None if fill is None else self.paint(fill),
            "stroke": None if stroke is None else self.ink(stroke),
        }

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        self.inner.rect(x, y, w, h, **self._colored(style, RECT_DEFAULTS))

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        stroke = self.ink(style.get("stroke", LINE_DEFAULTS["stroke"]))
        self.inner.line(x1, y1, x2, y2, **(style | {"stroke": stroke}))

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        self.inner.polygon(points, **self._colored(style, POLYGON_DEFAULTS))

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        self.inner.path(ops, **self._colored(style, SHAPE_DEFAULTS))

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        self.inner.circle(cx, cy, r, **self._colored(style, SHAPE_DEFAULTS))

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        self.inner.text(x, y, s, **(style | {"fill": self.ink(style.get("fill", TEXT_DEFAULTS["fill"]))}))

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


class Framed(Forwarding):
    """Draws on ``inner`` as asked, knowing where the groups drawn so far put a point in the frame it was given."""

    def __init__(self, inner: Canvas) -> None:
        super().__init__(inner)
        self.frame: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def outer(self, x: float, y: float) -> tuple[float, float]:
        """Where the point (``x``, ``y``) of the group drawn now lies in the frame this canvas was given."""
        a, b, c, d, e, f = self.frame
        return a * x + c * y + e, b * x + d * y + f

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return self._within(self.inner.group(dx, dy, rotate=rotate, scale=scale, name=name), dx, dy, rotate, scale)

    @contextmanager
    def _within(
        self, inner: AbstractContextManager[None], dx: float, dy: float, rotate: float, scale: float
    ) -> Iterator[None]:
        """``inner``'s frame: moved by (``dx``, ``dy``), then turned clockwise, then scaled, as a group is."""
        outer = self.frame
        a, b, c, d, _, _ = outer
        cos, sin = math.cos(math.radians(rotate)) * scale, math.sin(math.radians(rotate)) * scale
        e, f = self.outer(dx, dy)
        self.frame = (a * cos + c * sin, b * cos + d * sin, c * cos - a * sin, d * cos - b * sin, e, f)
        try:
            with inner:
                yield
        finally:
            self.frame = outer
