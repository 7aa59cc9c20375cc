"""A spy on ``pnp.printing.fit``: the boxes a game asked each text to fit, checked against the PDF read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.printing import fit
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.forwarding import Framed
from pnp.printing.paper import Rect
from pnp.printing.render import write_drawing
from support.pdfium import printed_as, text_page

MM = 72 / 25.4
SLACK = 0.05  # mm of rounding between what was asked and what is read back


class _Placed(Framed):
    """The canvas a checked drawing is drawn on, knowing where its groups put a point on the page: a fit asked
    of another canvas only measured."""


class Boxes:
    """The boxes the games asked ``pnp.printing.fit`` to fit each text into, as drawn at the origin (lines: as
    placed on the page)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[tuple[str, float, float]] = []  # text, left, right (mm)
        self.blocks: list[tuple[fit.Fitted, Rect]] = []
        line, block = fit.line, fit.block

        def spy_line(c: Canvas, x: float, y: float, text: str, width: float, **kw: object) -> float:
            if isinstance(c, _Placed):  # drawn, not measured
                anchor = kw.get("anchor", "start")
                left = {"start": x, "middle": x - width / 2, "end": x - width}[str(anchor)]
                ends = sorted(c.outer(end, y)[0] for end in (left, left + width))
                self.lines.append((text, ends[0], ends[1]))
            return line(c, x, y, text, width, **kw)  # type: ignore[arg-type]

        def spy_block(c: Canvas, box: Rect, text: str, **kw: object) -> fit.Fitted:
            fitted = block(c, box, text, **kw)  # type: ignore[arg-type]
            self.blocks.append((fitted, box))
            return fitted

        monkeypatch.setattr(fit, "line", spy_line)
        monkeypatch.setattr(fit, "block", spy_block)

    def check(self, drawing: Drawing, tmp_path: Path, *, wanted: str) -> None:
        """Draw ``drawing`` alone on a PDF page and read it back: the text with ``wanted`` in it is printed, each of
        its lines inside the box it was fitted to and none of their characters under 6 pt."""
        path = tmp_path / "part.pdf"
        self.lines.clear()
        self.blocks.clear()
        write_drawing(Drawing(drawing.width, drawing.height, lambda c: drawing.draw(_Placed(c))), path)
        lines = [(text, Rect(left, 0, right - left, drawing.height)) for text, left, right in self.lines]
        lines += [(text, box) for fitted, box in self.blocks for text in fitted.lines]
        words = " ".join(text for text, _ in lines)
        assert wanted in words, f"{wanted!r} was not fitted: {words!r}"
        page = text_page(path)
        for text, box in lines:
            if text not in wanted and wanted not in text:  # another text of the drawing
                continue
            glyphs = printed_as(page.glyphs, text)
            assert glyphs, f"{text!r} is not on the page"
            assert min(glyph.size for glyph in glyphs) >= fit.SMALLEST_PT - 0.05, (text, glyphs)
            inked = [glyph.box(page.height) for glyph in glyphs]
            x0, x1 = min(b.x0 for b in inked) / MM, max(b.x1 for b in inked) / MM
            top, bottom = min(b.top for b in inked) / MM, max(b.bottom for b in inked) / MM
            assert box.x - SLACK <= x0 and x1 <= box.right + SLACK, (text, x0, x1, box)
            assert box.y - SLACK <= top and bottom <= box.bottom + SLACK, (text, top, bottom, box)
