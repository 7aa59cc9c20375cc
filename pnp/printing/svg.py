"""The SVG backend: a Canvas that builds an svgwrite drawing in millimetres.

The viewBox is in millimetres. A page for print carries its width and height
in ``mm``, so one user unit is one millimetre at 100 %; a picture for a screen
has width 100 % instead and scales to its container. Named groups become
``<g data-name="...">``; clips become ``clipPath`` definitions.

A screen picture is drawn anew for every change of a game, but much of it may stay the same for a
whole session (Take Off's world map): a drawing placed with a key (:func:`pnp.printing.reuse.place`)
is written to SVG text once per process, and that text goes into every later picture as it is.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import svgwrite
from svgwrite.base import BaseElement

from pnp.memo import Memo
from pnp.printing import fonts
from pnp.printing.canvas import PT, Anchor, Color, Draw, Drawing, PathOp, Point

FRAGMENTS_KEPT = 8  # drawings kept as SVG text: a session's map, for the few sessions one server holds
_FRAGMENTS: Memo[Hashable, str] = Memo(FRAGMENTS_KEPT)
_FRAGMENT_NUMBERS = itertools.count(1)  # each kept fragment's clip ids start with its own number


class _Element(BaseElement):
    """Any SVG element, its attributes given verbatim (already formatted)."""

    def __init__(self, tag: str, **extra: Any) -> None:
        self.elementname = tag
        super().__init__(**extra)


def num(value: float) -> str:
    """A coordinate with at most three decimals and no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _paint(fill: Color | None, stroke: Color | None, width: float, dash: Sequence[float] | None) -> dict[str, str]:
    attrs = {"fill": fill or "none"}
    if stroke is not None:
        attrs["stroke"] = stroke
        attrs["stroke-width"] = num(width)
        if dash:
            attrs["stroke-dasharray"] = " ".join(num(d) for d in dash)
    return attrs


def path_data(ops: Sequence[PathOp]) -> str:
    """Path operations as an SVG ``d`` attribute."""
    return " ".join(op[0] + " ".join(num(v) for v in op[1:]) for op in ops)


class SvgCanvas:
    """The Canvas protocol drawn into an svgwrite ``Drawing``."""

    def __init__(self, doc: svgwrite.Drawing, clip_prefix: str = "clip") -> None:
        self._doc = doc
        self._parents: list[BaseElement] = [doc]
        self._clips = 0
        self._clip_prefix = clip_prefix

    def _add(self, element: BaseElement) -> BaseElement:
        self._parents[-1].add(element)
        return element

    def _element(self, tag: str, attrs: dict[str, str]) -> BaseElement:
        element = _Element(tag, factory=self._doc)
        element.update(attrs)
        return self._add(element)

    def rect(self, x, y, w, h, *, fill=None, stroke=None, width=0.25, radius=0.0, dash=None) -> None:
        attrs = {"x": num(x), "y": num(y), "width": num(w), "height": num(h), **_paint(fill, stroke, width, dash)}
        if radius > 0:
            attrs["rx"] = attrs["ry"] = num(radius)
        self._element("rect", attrs)

    def line(self, x1, y1, x2, y2, *, stroke="#000000", width=0.25, dash=None) -> None:
        attrs = {"x1": num(x1), "y1": num(y1), "x2": num(x2), "y2": num(y2), **_paint(None, stroke, width, dash)}
        self._element("line", attrs)

    def polygon(
        self, points: Sequence[Point], *, closed=True, fill=None, stroke="#000000", width=0.25, dash=None
    ) -> None:
        attrs = _paint(fill if closed else None, stroke, width, dash)
        attrs["points"] = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self._element("polygon" if closed else "polyline", attrs)

    def path(self, ops: Sequence[PathOp], *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self._element("path", {"d": path_data(ops), **_paint(fill, stroke, width, dash)})

    def circle(self, cx, cy, r, *, fill=None, stroke="#000000", width=0.25, dash=None) -> None:
        self._element("circle", {"cx": num(cx), "cy": num(cy), "r": num(r), **_paint(fill, stroke, width, dash)})

    def text(self, x, y, s, *, size=8.0, anchor: Anchor = "start", bold=False, fill="#000000", rotate=0.0) -> None:
        attrs = {
            "font-family": fonts.SVG_FAMILY,
            "font-size": num(size * PT),
            "fill": fill,
        }
        if anchor != "start":
            attrs["text-anchor"] = anchor
        if bold:
            attrs["font-weight"] = "bold"
        if rotate:
            attrs["transform"] = f"rotate({num(rotate)} {num(x)} {num(y)})"
        self._add(self._doc.text(s, insert=(num(x), num(y)), **attrs))

    @contextmanager
    def _enter(self, element: BaseElement) -> Iterator[None]:
        self._add(element)
        self._parents.append(element)
        try:
            yield
        finally:
            self._parents.pop()

    def group(self, dx=0.0, dy=0.0, *, rotate=0.0, scale=1.0, name=None) -> AbstractContextManager[None]:
        transform = []
        if dx or dy:
            transform.append(f"translate({num(dx)} {num(dy)})")
        if rotate:
            transform.append(f"rotate({num(rotate)})")
        if scale != 1.0:
            transform.append(f"scale({num(scale)})")
        attrs = {}
        if transform:
            attrs["transform"] = " ".join(transform)
        if name is not None:
            attrs["data-name"] = name
        return self._enter(self._doc.g(**attrs))

    def clip(self, x, y, w, h) -> AbstractContextManager[None]:
        return self._clipped(self._doc.rect(insert=(num(x), num(y)), size=(num(w), num(h))))

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        return self._clipped(self._doc.path(d=path_data(ops)))

    def _clipped(self, shape: BaseElement) -> AbstractContextManager[None]:
        self._clips += 1
        clip_id = f"{self._clip_prefix}{self._clips}"
        clip_path = self._doc.clipPath(id=clip_id)
        clip_path.add(shape)
        self._doc.defs.add(clip_path)
        return self._enter(self._doc.g(**{"clip-path": f"url(#{clip_id})"}))


class _ScreenCanvas(SvgCanvas):
    """A screen picture's canvas: a drawing placed with a key is written once per process (see the module)."""

    def __init__(self, doc: svgwrite.Drawing, clip_prefix: str = "clip") -> None:
        super().__init__(doc, clip_prefix)
        self.kept: list[str] = []  # the kept fragments placed, in order, each at its marker

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        """Place ``drawing`` at the origin: its SVG text kept by ``key``, made now if it is not kept yet."""
        self.kept.append(_FRAGMENTS.get(key, lambda: _fragment(drawing)))
        self._element("g", {"id": _marker(len(self.kept) - 1)})


def _marker(number: int) -> str:
    return f"pnp-kept-{number}"


def _fragment(drawing: Drawing) -> str:
    """``drawing`` as one SVG group, its clip ids its own."""
    doc = svgwrite.Drawing(size=None, debug=False)
    canvas = _ScreenCanvas(doc, f"kept{next(_FRAGMENT_NUMBERS)}-clip")
    drawing.draw(canvas)
    return _spliced("<g>" + "".join(element.tostring() for element in doc.elements) + "</g>", canvas.kept)


def _spliced(text: str, kept: list[str]) -> str:
    """``text`` with each kept fragment in place of its marker."""
    for number, fragment in enumerate(kept):
        text = text.replace(f'<g id="{_marker(number)}" />', fragment, 1)
    return text


def svg_page(width: float, height: float, draw: Draw) -> str:
    """One picture of ``width`` x ``height`` mm as a standalone SVG document, at 100 % when printed."""
    doc = _document(width, height, {"width": f"{num(width)}mm", "height": f"{num(height)}mm"})
    draw(SvgCanvas(doc))
    return doc.tostring()


def screen_svg(width: float, height: float, draw: Draw) -> str:
    """One picture of ``width`` x ``height`` mm as an SVG that fills its container's width, aspect kept."""
    doc = _document(width, height, {"width": "100%"})
    canvas = _ScreenCanvas(doc)
    draw(canvas)
    return _spliced(doc.tostring(), canvas.kept)


def _document(width: float, height: float, size: dict[str, str]) -> svgwrite.Drawing:
    """A standalone SVG document with its viewBox in millimetres and the given size attributes."""
    return svgwrite.Drawing(size=None, viewBox=f"0 0 {num(width)} {num(height)}", debug=False, **size)
