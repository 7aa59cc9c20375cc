"""A canvas for a drawing shown smaller than its size: no text comes out too small to read, and no badge empty.

Figures on the rules sheets use it: they show a board or cards scaled down, whose shapes still tell the layout
while their smallest names would fall under the kit's minimum text size. Such a name is left out, and with it
the badge that was made to hold it (a column's numbered disc, a name's white slip): an empty disc or slip reads
as a misprint. A badge is a disc or a rounded slip drawn just before its text, round the text and hugging it; a
square cell (a track's, a grid's) is kept without its number, and so is a larger shape a word is written on (a
runway, a card). A key of a character or two (an airport's letter, an area's points) that comes out only a
little too small is set at the smallest size instead, in its badge, where it fits with room to spare. A key
turned on the page (a piece printed a quarter turned) is set upright about its middle.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from typing import NamedTuple, Unpack

from pnp.printing.art import Art
from pnp.printing.canvas import (
    CAP_MIDDLE,
    PT,
    RECT_DEFAULTS,
    TEXT_DEFAULTS,
    Canvas,
    Drawing,
    LineStyle,
    PathOp,
    Point,
    PolygonStyle,
    RectStyle,
    ShapeStyle,
    TextStyle,
)
from pnp.printing.fonts import text_width
from pnp.printing.forwarding import Forwarding

SMALLEST_PT = 6.0  # the smallest text any kit prints (tests/test_printing_text_sizes.py)
KEY = 2  # characters at most in a key: "A", "12", "c3"
RAISED = 1.5  # a key printing this many times smaller than SMALLEST_PT at most is set at SMALLEST_PT
BADGE = 3.0  # a shape round a text, its short side at most this many times the text's size, is the text's badge


class _Box(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float

    def holds(self, point: Point, size: float) -> bool:
        """Whether it lies round ``point`` and hugs a text ``size`` mm high there: a badge, not a field."""
        x, y = point
        snug = min(self.x1 - self.x0, self.y1 - self.y0) <= BADGE * size
        return snug and self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


class _Held(NamedTuple):
    draw: Callable[[], None]
    box: _Box | None  # a disc's or a slip's bounds: what may be a badge


class Legible(Forwarding):
    """``canvas`` for a drawing shown ``scale`` times its size (groups that scale further are followed).

    A text that would print under ``SMALLEST_PT`` is left out, or set at ``SMALLEST_PT`` when it is a key no
    more than ``RAISED`` times too small. The discs and rounded slips drawn just before a text left out, round it
    and hugging it (its badge), are left out with it: to know, shapes are held back until a call that is not a
    shape, and ``flush`` draws those still held in the order drawn (``draw`` does after the drawing, and a group
    or clip before it closes). A key turned on the page by its groups (turned ones are followed too) or its own
    rotation is set upright about its middle."""

    def __init__(self, canvas: Canvas, scale: float) -> None:
        super().__init__(canvas)
        self.scale = scale
        self.turn = 0.0  # degrees clockwise the groups drawn in have turned the frame
        self._held: list[_Held] = []

    def draw(self, drawing: Drawing) -> None:
        """``drawing``, all of it that is legible at this scale."""
        drawing.draw(self)
        self.flush()

    def flush(self) -> None:
        """Draw the shapes held back, in the order drawn."""
        held, self._held = self._held, []
        for shape in held:
            shape.draw()

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        rounded = style.get("radius", RECT_DEFAULTS["radius"]) > 0  # a slip; a square corner makes a cell
        box = _Box(min(x, x + w), min(y, y + h), max(x, x + w), max(y, y + h)) if rounded else None
        self._held.append(_Held(partial(Forwarding.rect, self, x, y, w, h, **style), box))

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        self._held.append(_Held(partial(Forwarding.line, self, x1, y1, x2, y2, **style), None))

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        self._held.append(_Held(partial(Forwarding.polygon, self, points, **style), None))

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        self._held.append(_Held(partial(Forwarding.path, self, ops, **style), None))

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        box = _Box(cx - r, cy - r, cx + r, cy + r)
        self._held.append(_Held(partial(Forwarding.circle, self, cx, cy, r, **style), box))

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        size = style.get("size", TEXT_DEFAULTS["size"])
        printed = size * self.scale
        if len(s.strip()) <= KEY:
            x, y, style = self._upright(x, y, s, style)
        if printed >= SMALLEST_PT:
            self.flush()
            self.inner.text(x, y, s, **style)
        elif len(s.strip()) <= KEY and printed * RAISED >= SMALLEST_PT:
            self.flush()
            raised = SMALLEST_PT / self.scale
            turn = math.radians(style.get("rotate", TEXT_DEFAULTS["rotate"]))
            down = (raised - size) * PT * CAP_MIDDLE  # the baseline lowered so that the key keeps its middle
            self.inner.text(x - down * math.sin(turn), y + down * math.cos(turn), s, **(style | {"size": raised}))
        else:
            middle = self._middle(x, y, s, style)
            while self._held and (box := self._held[-1].box) is not None and box.holds(middle, size * PT):
                self._held.pop()  # its badge
            self.flush()

    def _upright(self, x: float, y: float, s: str, style: TextStyle) -> tuple[float, float, TextStyle]:
        """A key turned on the page (by its groups or its own rotation) set upright about its middle: at a figure's
        size a letter turned a quarter reads as another sign (a V as ">")."""
        upright = style | {"rotate": -self.turn}
        if (style.get("rotate", TEXT_DEFAULTS["rotate"]) + self.turn) % 360 == 0:
            return x, y, style
        (mx, my), (dx, dy) = self._middle(x, y, s, style), self._middle(0.0, 0.0, s, upright)
        return mx - dx, my - dy, upright

    def _middle(self, x: float, y: float, s: str, style: TextStyle) -> Point:
        """The middle of a text's capitals as drawn at (x, y)."""
        size = style.get("size", TEXT_DEFAULTS["size"])
        anchor = style.get("anchor", TEXT_DEFAULTS["anchor"])
        along = {"start": 0.5, "middle": 0.0, "end": -0.5}[anchor] * text_width(
            s, size, style.get("bold", TEXT_DEFAULTS["bold"]), self.faces
        )
        up = size * PT * CAP_MIDDLE
        turn = math.radians(style.get("rotate", TEXT_DEFAULTS["rotate"]))
        cos, sin = math.cos(turn), math.sin(turn)
        return x + along * cos + up * sin, y + along * sin - up * cos

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        self.flush()
        return self._within(self.inner.group(dx, dy, rotate=rotate, scale=scale, name=name), scale, rotate)

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        self.flush()
        return self._within(self.inner.clip(x, y, w, h))

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        self.flush()
        return self._within(self.inner.clip_path(ops))

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        self.flush()
        super().image(x, y, w, h, art)

    @contextmanager
    def _within(self, inner: AbstractContextManager[None], scale: float = 1.0, turn: float = 0.0) -> Iterator[None]:
        """``inner``'s frame, at ``scale`` times the scale outside it and turned ``turn`` degrees clockwise further;
        what is held inside it drawn there."""
        with inner:
            self.scale *= scale
            self.turn += turn
            try:
                yield
                self.flush()
            finally:
                self.scale /= scale
                self.turn -= turn
