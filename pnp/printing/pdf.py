"""The PDF backend: a Canvas over a reportlab page.

Each page starts with one transform that turns millimetres with a top-left
origin into PDF points with a bottom-left origin, so every later coordinate,
line width and dash length is simply in millimetres. Text is drawn with an
explicit text matrix that flips the glyphs upright again. Only the embedded
Vera fonts are used.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas as RlCanvas

from pnp.printing import fonts
from pnp.printing.canvas import PT, Anchor, Color, Draw, PathOp, Point
from pnp.printing.color import rgb

MM = 72 / 25.4  # points per millimetre


class PdfCanvas:
    """The Canvas protocol drawn onto the current page of a reportlab canvas."""

    def __init__(self, rl: RlCanvas) -> None:
        self._rl = rl
        # the graphics state last written (fill, stroke, width, dash), so repeats are not written again
        self._state: list = [None, None, None, None]
        self._saved: list[list] = []

    def _fill(self, fill: Color) -> None:
        if fill != self._state[0]:
            self._rl.setFillColorRGB(*rgb(fill))
            self._state[0] = fill

    def _paint(
        self, fill: Color | None, stroke: Color | None, width: float, dash: Sequence[float] | None
    ) -> tuple[int, int]:
        if fill is not None:
            self._fill(fill)
        if stroke is not None:
            state, rl = self._state, self._rl
            if stroke != state[1]:
                rl.setStrokeColorRGB(*rgb(stroke))
                state[1] = stroke
            if width != state[2]:
                rl.setLineWidth(width)
                state[2] = width
            pattern = tuple(dash) if dash else ()
            if pattern != state[3]:
                rl.setDash(list(pattern), 0)
                state[3] = pattern
        return int(fill is not None), int(stroke is not None)

    @contextmanager
    def _saving(self) -> Iterator[None]:
        """A PDF save/restore pair, with the remembered state saved and restored alongside."""
        self._rl.saveState()
        self._saved.append(list(self._state))
        try:
            yield
        finally:
            self._rl.restoreState()
            self._state = self._saved.pop()

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0, dash=None) -> None:
        do_fill, do_stroke = self._paint(fill, stroke, width, dash)
        if not (do_fill or do_stroke):
            return
        if radius > 0:
            self._rl.roundRect(x, y, w, h, radius, stroke=do_stroke, fill=do_fill)
        else:
            self._rl.rect(x, y, w, h, stroke=do_stroke, fill=do_fill)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.25, dash=None) -> None:
        self._paint(None, stroke, width, dash)
        self._rl.line(x1, y1, x2, y2)

    def polygon(
        self, points: Sequence[Point], *, closed=True, fill=None, stroke="#000000", width=0.25, dash=None
    ) -> None:
        ops: list[PathOp] = [("M", *points[0]), *(("L", *p) for p in points[1:])]
        if closed:
            ops.append(("Z",))
        self.path(ops, fill=fill if closed else None, stroke=stroke, width=width, dash=dash)

    def path(self, ops: Sequence[PathOp], *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        do_fill, do_stroke = self._paint(fill, stroke, width, dash)
        if not (do_fill or do_stroke) or not ops:
            return
        p = self._rl.beginPath()
        for op in ops:
            kind = op[0]
            if kind == "M":
                p.moveTo(op[1], op[2])
            elif kind == "L":
                p.lineTo(op[1], op[2])
            elif kind == "C":
                p.curveTo(*op[1:7])
            elif kind == "Z":
                p.close()
            else:
                raise ValueError(f"unknown path operation {kind!r}")
        self._rl.drawPath(p, stroke=do_stroke, fill=do_fill)

    def circle(self, cx, cy, r, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        do_fill, do_stroke = self._paint(fill, stroke, width, dash)
        if do_fill or do_stroke:
            self._rl.circle(cx, cy, r, stroke=do_stroke, fill=do_fill)

    def text(self, x, y, s, *, size=8.0, anchor: Anchor = "start", bold=False, fill="#000000", rotate=0.0) -> None:
        if not s:
            return
        name = fonts.font_name(bold)
        size_mm = size * PT
        shift = 0.0
        if anchor != "start":
            shift = fonts.text_width(s, size, bold) * (0.5 if anchor == "middle" else 1.0)
        cos, sin = (1.0, 0.0) if not rotate else (math.cos(math.radians(rotate)), math.sin(math.radians(rotate)))
        t = self._rl.beginText()
        # glyph space -> page: flip y (the page is y-down), rotate, move to the anchored origin
        t.setTextTransform(cos, sin, sin, -cos, x - shift * cos, y - shift * sin)
        t.setFont(name, size_mm)
        t.textOut(s)
        self._fill(fill)
        self._rl.drawText(t)

    @contextmanager
    def group(self, dx=0.0, dy=0.0, *, rotate=0.0, scale=1.0, name=None) -> Iterator[None]:
        rl = self._rl
        with self._saving():
            if dx or dy:
                rl.translate(dx, dy)
            if rotate:
                rl.rotate(rotate)
            if scale != 1.0:
                rl.scale(scale, scale)
            yield

    @contextmanager
    def clip(self, x, y, w, h) -> Iterator[None]:
        rl = self._rl
        with self._saving():
            p = rl.beginPath()
            p.rect(x, y, w, h)
            rl.clipPath(p, stroke=0, fill=0)
            yield


class PdfWriter:
    """A PDF file written page by page; each page has its own size in millimetres."""

    def __init__(self, path: Path, title: str) -> None:
        fonts.register()
        self._rl = RlCanvas(str(path), initialFontName=fonts.REGULAR, invariant=1, pageCompression=1)
        self._rl.setTitle(title)
        self._rl.setCreator("pnp")
        self.pages = 0

    def page(self, width: float, height: float, draw: Draw) -> None:
        """Add one page of ``width`` x ``height`` mm drawn by ``draw``."""
        rl = self._rl
        rl.setPageSize((width * MM, height * MM))
        rl.transform(MM, 0, 0, -MM, 0, height * MM)
        draw(PdfCanvas(rl))
        rl.showPage()
        self.pages += 1

    def close(self) -> None:
        """Write the file."""
        self._rl.save()
