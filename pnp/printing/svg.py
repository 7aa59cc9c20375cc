"""The SVG backend: a Canvas that writes SVG text in millimetres.

The viewBox is in millimetres. A page for print carries its width and height
in ``mm``, so one user unit is one millimetre at 100 %; a picture for a screen
has width 100 % instead and scales to its container. Named groups become
``<g data-name="...">``; clips become ``clipPath`` definitions. A kit's own fonts are named first in every
text's font-family and embedded in the page (an ``@font-face`` of the whole file), so a print shop sees the
same faces; a picture in an art box is embedded too, once per page (a ``data:`` address in the definitions),
and placed with ``<use>`` wherever a card shows it.

The text is written here directly, one string per element joined once at the end, byte for byte as
svgwrite wrote it through ElementTree: attributes in sorted order, empty ones left out, values escaped
as ElementTree escapes them, and an element with nothing in it closed as ``<tag />``.

A screen picture is drawn anew for every change of a game, but much of it may stay the same for a
whole session (Take Off's world map): a drawing placed with a key (:func:`pnp.printing.reuse.place`)
is written to SVG text once per process, and that text goes into every later picture as it is. A smaller
piece drawn with a key (``repeat``, see :class:`pnp.printing.reuse.Repeating`: a route in one state of its
claims) is written once per process too, and its elements go into every later picture where the key recurs.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import Unpack

from pnp.memo import Memo
from pnp.printing import fonts
from pnp.printing.art import Art
from pnp.printing.canvas import (
    LINE_DEFAULTS,
    POLYGON_DEFAULTS,
    PT,
    RECT_DEFAULTS,
    SHAPE_DEFAULTS,
    TEXT_DEFAULTS,
    Anchor,
    Area,
    Draw,
    Drawing,
    LineStyle,
    PathOp,
    Point,
    PolygonStyle,
    RectStyle,
    ShapeStyle,
    TextStyle,
)
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.paper import Rect

FRAGMENTS_KEPT = 8  # drawings kept as SVG text: a session's map, for the few sessions one server holds
_FRAGMENTS: Memo[Hashable, tuple[str, str]] = Memo(FRAGMENTS_KEPT)  # by key: (digest, text)
_BY_DIGEST: Memo[str, str] = Memo(FRAGMENTS_KEPT)  # the same texts by digest, for a page to fetch
_FRAGMENT_NUMBERS = itertools.count(1)  # each kept fragment's clip ids start with its own number
_REPEATS: Memo[Hashable, tuple[str, ...]] = Memo(1 << 12)  # by key: a piece's elements, a few sessions' worth
NUMBERS_KEPT = 1 << 16  # coordinates kept written: a few pictures' worth

_NAMESPACES = (
    'xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
    ' xmlns:xlink="http://www.w3.org/1999/xlink"'
)
_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"}
)
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_NEEDS_ATTRIBUTE_ESCAPE = re.compile('[&<>"\r\n\t]').search
_NEEDS_TEXT_ESCAPE = re.compile("[&<>]").search
_SEAT = re.compile(r"[\w-]+").fullmatch  # a player's name, as pnp.referee.options allows it


@lru_cache(maxsize=NUMBERS_KEPT)
def num(value: float) -> str:
    """A coordinate with at most three decimals and no trailing zeros (the same few recur in every picture)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def path_data(ops: Sequence[PathOp]) -> str:
    """Path operations as an SVG ``d`` attribute."""
    return " ".join(op[0] + " ".join(num(v) for v in op[1:]) for op in ops)


def escape_attribute(value: str) -> str:
    """``value`` as ElementTree writes an attribute value: ``& < > "`` as entities, tab and line ends as numbers."""
    return value.translate(_ATTRIBUTE_ESCAPES) if _NEEDS_ATTRIBUTE_ESCAPE(value) else value


def escape_text(value: str) -> str:
    """``value`` as ElementTree writes character data: ``& < >`` as entities."""
    return value.translate(_TEXT_ESCAPES) if _NEEDS_TEXT_ESCAPE(value) else value


def _attribute(name: str, value: str | None) -> str:
    """`` name="value"``, escaped; nothing for an empty value (svgwrite leaves those out)."""
    return f' {name}="{escape_attribute(value)}"' if value else ""


def _numbers(name: str, value: str) -> str:
    """`` name="value"`` for numbers written here (nothing in them to escape); nothing when there are none."""
    return f' {name}="{value}"' if value else ""


_FONT = _attribute("font-family", fonts.SVG_FAMILY)
_TURNED_ANCHOR: dict[Anchor, Anchor] = {"start": "end", "middle": "middle", "end": "start"}


def _stroke(style: ShapeStyle | LineStyle) -> str:
    """The stroke's attributes of a ``style`` with every key there, in sorted order: stroke, stroke-dasharray,
    stroke-width."""
    stroke, width, dash = style["stroke"], style["width"], style["dash"]
    if stroke is None:
        return ""
    dashes = _numbers("stroke-dasharray", " ".join(num(d) for d in dash)) if dash else ""
    return f'{_attribute("stroke", stroke)}{dashes} stroke-width="{num(width)}"'


class SvgCanvas:
    """The Canvas protocol written as SVG text: the elements drawn, and the clip paths they refer to.

    Each element's attributes are written in sorted order, as svgwrite wrote them.
    """

    def __init__(self, clip_prefix: str = "clip", faces: Faces = DEFAULT) -> None:
        self._parts: list[str] = []  # the elements drawn, in order
        self._clip_paths: list[str] = []  # the definitions: clip paths, the fonts and pictures embedded
        self._clip_prefix = clip_prefix
        self._faces = faces
        self._pictures: dict[Art, str] = {}  # the id of each picture embedded in the definitions
        self._fonts = (_FONT, _FONT) if faces is DEFAULT else _font_attributes(faces)
        if faces.files:
            self._clip_paths.append(_font_faces(faces))

    @property
    def faces(self) -> Faces:
        return self._faces

    def written(self, start: str, end: str) -> str:
        """What was drawn, between ``start`` and ``end``: the definitions (``<defs>``, always there), then the elements.

        One join: a kept drawing (Take Off's map, half a megabyte) is copied once more, not once per step.
        """
        defs = f"<defs>{''.join(self._clip_paths)}</defs>" if self._clip_paths else "<defs />"
        return "".join([start, defs, *self._parts, end])

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        style = RECT_DEFAULTS | style
        radius = style["radius"]
        corners = f' rx="{num(radius)}" ry="{num(radius)}"' if radius > 0 else ""
        self._parts.append(
            f'<rect{_attribute("fill", style["fill"] or "none")} height="{num(h)}"{corners}{_stroke(style)}'
            f' width="{num(w)}" x="{num(x)}" y="{num(y)}" />'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        self._parts.append(
            f'<line fill="none"{_stroke(LINE_DEFAULTS | style)}'
            f' x1="{num(x1)}" x2="{num(x2)}" y1="{num(y1)}" y2="{num(y2)}" />'
        )

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        style = POLYGON_DEFAULTS | style
        closed = style["closed"]
        tag = "polygon" if closed else "polyline"
        coordinates = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        self._parts.append(
            f"<{tag}{_attribute('fill', (style['fill'] if closed else None) or 'none')}"
            f"{_numbers('points', coordinates)}{_stroke(style)} />"
        )

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        style = SHAPE_DEFAULTS | style
        self._parts.append(
            f"<path{_numbers('d', path_data(ops))}{_attribute('fill', style['fill'] or 'none')}{_stroke(style)} />"
        )

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        style = SHAPE_DEFAULTS | style
        self._parts.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}"{_attribute("fill", style["fill"] or "none")} r="{num(r)}"'
            f"{_stroke(style)} />"
        )

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        style = TEXT_DEFAULTS | style
        anchor, bold, rotate, size = style["anchor"], style["bold"], style["rotate"], style["size"]
        at_x, at_y = num(x), num(y)
        weight = ' font-weight="bold"' if bold else ""
        # right-to-left text keeps its logical order (the browser orders and joins it) with its base direction
        # said, as the PDF has it; its start is then its right end, so the anchor is turned to keep its place
        direction = ""
        if fonts.right_to_left(s) if style["direction"] == "auto" else style["direction"] == "rtl":
            direction, anchor = ' direction="rtl"', _TURNED_ANCHOR[anchor]
        aligned = _attribute("text-anchor", anchor) if anchor != "start" else ""
        turned = f' transform="rotate({num(rotate)} {at_x} {at_y})"' if rotate else ""
        kept = ' xml:space="preserve"' if s != s.strip(" ") else ""  # a space at an end takes its room, as in the PDF
        start = (
            f'<text{direction}{_attribute("fill", style["fill"])}{self._fonts[bold]} font-size="{num(size * PT)}"'
            f'{weight}{aligned}{turned}{kept} x="{at_x}" y="{at_y}"'
        )
        self._parts.append(f"{start}>{escape_text(s)}</text>" if s else f"{start} />")

    @contextmanager
    def _enter(self, tag: str, attributes: str) -> Iterator[None]:
        """An element that holds what is drawn inside the context; closed as ``<tag ... />`` if nothing is."""
        parts = self._parts
        parts.append(f"<{tag}{attributes}>")
        opened = len(parts)
        try:
            yield
        finally:
            if len(parts) == opened:
                parts[-1] = f"<{tag}{attributes} />"
            else:
                parts.append(f"</{tag}>")

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        transform = []
        if dx or dy:
            transform.append(f"translate({num(dx)} {num(dy)})")
        if rotate:
            transform.append(f"rotate({num(rotate)})")
        if scale != 1.0:
            transform.append(f"scale({num(scale)})")
        return self._enter("g", _attribute("data-name", name) + _numbers("transform", " ".join(transform)))

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        return self._clipped(f'<rect height="{num(h)}" width="{num(w)}" x="{num(x)}" y="{num(y)}" />')

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        return self._clipped(f"<path{_numbers('d', path_data(ops))} />")

    def _clipped(self, shape: str) -> AbstractContextManager[None]:
        clip_id = f"{self._clip_prefix}{len(self._clip_paths) + 1}"
        self._clip_paths.append(f'<clipPath id="{clip_id}">{shape}</clipPath>')
        return self._enter("g", f' clip-path="url(#{clip_id})"')

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        at = art.placed(Rect(x, y, w, h))
        picture = self._pictures.get(art)
        if picture is None:  # embedded once per page in its definitions, however many cards show it
            picture = self._pictures[art] = f"{self._clip_prefix}-art{len(self._pictures) + 1}"
            self._clip_paths.append(
                f'<image height="{num(art.height / art.width)}" id="{picture}" preserveAspectRatio="none"'
                f' width="1" xlink:href="{_data_address(art)}" />'  # one unit wide: a placement scales it
            )
        with self.clip(x, y, w, h):
            transform = f"translate({num(at.x)} {num(at.y)}) scale({num(at.w)})"
            self._parts.append(f'<use transform="{transform}" xlink:href="#{picture}" />')


_MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "svg": "image/svg+xml"}
_FONT_TYPES = {".otf": "opentype", ".ttf": "truetype"}


@lru_cache(maxsize=16)
def _data_address(art: Art) -> str:
    """The picture's file as a ``data:`` address (read once per process)."""
    return f"data:{_MEDIA_TYPES[art.kind]};base64,{base64.b64encode(art.path.read_bytes()).decode('ascii')}"


def _font_attributes(faces: Faces) -> tuple[str, str]:
    """The font-family attributes of regular and bold text in a kit's own faces."""
    return _attribute("font-family", faces.svg_family(False)), _attribute("font-family", faces.svg_family(True))


@lru_cache(maxsize=4)
def _font_faces(faces: Faces) -> str:
    """A style sheet embedding each chosen font file as the family ``pnp-ROLE`` (read once per process)."""
    rules = []
    for role, path, _ in faces.files:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        kind = _FONT_TYPES.get(path.suffix.lower(), "truetype")
        rules.append(f"@font-face {{ font-family: pnp-{role}; src: url(data:font/{kind};base64,{data}); }}")
    return f"<style>{escape_text(' '.join(rules))}</style>"


class _ScreenCanvas(SvgCanvas):
    """A screen picture's canvas: a drawing placed, or a piece repeated, with a key is written once per process
    (see the module).

    ``apart``: a kept drawing is left out, and a marker ``<g data-kept="DIGEST" />`` stands in its place.
    """

    def __init__(self, clip_prefix: str = "clip", apart: bool = False) -> None:
        super().__init__(clip_prefix)
        self.apart = apart

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        """Place ``drawing`` at the origin: its SVG text kept by ``key``, made now if it is not kept yet."""
        digest, text = _FRAGMENTS.get(key, lambda: _fragment(drawing))
        if self.apart:  # a page asks for it next by its digest: it is kept that way too
            _BY_DIGEST.get(digest, lambda: text)
            self._parts.append(f'<g data-kept="{digest}" />')
        else:
            self._parts.append(text)

    def repeat(self, key: Hashable, draw: Callable[[], object]) -> None:
        """Run ``draw``; where ``key`` was drawn before, write the elements it made then instead."""
        start = len(self._parts)
        made = _REPEATS.get(key, lambda: self._drawn(draw, start))
        if len(self._parts) == start:  # kept: not drawn now
            self._parts.extend(made)

    def _drawn(self, draw: Callable[[], object], start: int) -> tuple[str, ...]:
        clips = len(self._clip_paths)
        draw()
        if len(self._clip_paths) != clips:
            raise ValueError("a repeated piece may not clip: its clip paths would be missing where it is written again")
        return tuple(self._parts[start:])


def _fragment(drawing: Drawing) -> tuple[str, str]:
    """``drawing`` as one SVG group, its clip ids its own, and the digest that names it."""
    canvas = _ScreenCanvas(f"kept{next(_FRAGMENT_NUMBERS)}-clip")
    drawing.draw(canvas)
    text = canvas.written("<g>", "</g>")
    return hashlib.sha256(text.encode()).hexdigest()[:16], text


def kept_drawing(digest: str) -> str | None:
    """The kept drawing named ``digest`` as a standalone SVG document (its one ``<g>``), if it is still kept."""
    text = _BY_DIGEST.peek(digest)
    return None if text is None else f"<svg {_NAMESPACES}>{text}</svg>"


def svg_page(width: float, height: float, draw: Draw, faces: Faces = DEFAULT) -> str:
    """One picture of ``width`` x ``height`` mm as a standalone SVG document, at 100 % when printed."""
    canvas = SvgCanvas(faces=faces)
    draw(canvas)
    return canvas.written(
        f'<svg baseProfile="full" height="{num(height)}mm" version="1.1" viewBox="0 0 {num(width)} {num(height)}"'
        f' width="{num(width)}mm" {_NAMESPACES}>',
        "</svg>",
    )


def screen_svg(
    width: float,
    height: float,
    draw: Draw,
    kept_apart: bool = False,
    focus: Area | None = None,
    seats: Sequence[tuple[str, Area]] = (),
    places: Sequence[Area] = (),
    grids: Sequence[Area] = (),
) -> str:
    """One picture of ``width`` x ``height`` mm as an SVG that fills its container's width, aspect kept.

    ``kept_apart``: its kept drawings are markers naming their digest (see :func:`kept_drawing`).
    ``focus``, ``seats``, ``places`` and ``grids`` (see :class:`pnp.printing.canvas.Drawing`): what a phone opens on,
    on the root as ``data-focus="x y w h"``, ``data-seats``, a JSON object of ``"x y w h"`` by seat (a player's name
    is letters and digits of any script, ``_`` and ``-``; any other is left out), ``data-places="x y w h;x y w h"``
    and ``data-grids``, written as the places are.
    The names are in a value, not in attribute names, which an HTML parser lowercases: "Sam" and "sam" are two seats.
    """
    canvas = _ScreenCanvas(apart=kept_apart)
    draw(canvas)
    focused = _numbers("data-focus", " ".join(map(num, focus))) if focus else ""
    for name, areas in (("data-grids", grids), ("data-places", places)):
        focused += _numbers(name, ";".join(" ".join(map(num, area)) for area in areas))
    by_seat = {name: " ".join(map(num, area)) for name, area in sorted(seats) if area and _SEAT(name)}
    if by_seat:
        focused += f' data-seats="{escape_attribute(json.dumps(by_seat, separators=(",", ":")))}"'
    return canvas.written(
        f'<svg baseProfile="full"{focused} version="1.1" viewBox="0 0 {num(width)} {num(height)}" width="100%"'
        f" {_NAMESPACES}>",
        "</svg>",
    )
