"""The PDF backend: a Canvas over a reportlab page.

Each page starts with one transform that turns millimetres with a top-left
origin into PDF points with a bottom-left origin, so every later coordinate,
line width and dash length is simply in millimetres. Text is drawn with an
explicit text matrix that flips the glyphs upright again. Only embedded
TrueType fonts are used (Vera, and a fallback per run of another script, see
``pnp.printing.fonts``); their text operators are written here, byte for byte
as reportlab's text object writes them, without its per-call number formatting.

Shapes are written as content-stream operators with a quick number format of
their own (reportlab's pure-Python one dominated the time of large maps). A
drawing placed more than once (a board on its overview and on each tile) is
written once per file as a form XObject in the same millimetre space, and
every placement refers to it. Each page carries a TrimBox and a BleedBox.

Pictures in art boxes: PNG and JPEG through reportlab (each file written once per PDF), SVG converted to
PDF drawing by svglib (imported only then).
"""

from __future__ import annotations

import math
import re
import threading
import zlib
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Literal, Unpack

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas as RlCanvas

from pnp.errors import PnpError
from pnp.files import write_atomic
from pnp.printing import fonts, shaping
from pnp.printing.art import Art
from pnp.printing.canvas import (
    LINE_DEFAULTS,
    POLYGON_DEFAULTS,
    PT,
    RECT_DEFAULTS,
    SHAPE_DEFAULTS,
    TEXT_DEFAULTS,
    Color,
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
from pnp.printing.color import rgb
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.paper import Rect

MM = 72 / 25.4  # points per millimetre
EMBOLDEN = 0.03  # the outline that makes regular letters bold, as a share of the font size
KAPPA = 0.5522847498  # a quarter circle's Bézier handles, as a share of the radius
_PAINT = ("n", "f*", "S", "B*")  # by fill + 2 * stroke; even-odd filling, as reportlab paints
_OPERATORS = {"M": "m", "L": "l", "C": "c", "Z": "h"}
# Groups that picture parts printed elsewhere at full size (a board's overview): marked-content artifacts, which
# a preflight check (``pnp.printing.preflight``) does not hold to the rules for the parts themselves.
ARTIFACTS = ("overview:",)
# How hard streams are deflated: level 4 of zlib's 9 took half the time of reportlab's 6 (Take Off's kit: 38 ms
# against 72 ms, a tenth of its build) for files 3 % larger (697 KB against 674 KB); below 4, zlib's quicker
# method makes them 7-11 % larger.
DEFLATE_LEVEL = 4


def _nums(*values: float) -> str:
    """Numbers for the content stream: millimetres, so four decimals are plenty; no trailing zeros."""
    return " ".join(map(_num, values))


def _num(v: float) -> str:
    """One number as ``_nums`` writes it."""
    return f"{v:.4f}".rstrip("0").rstrip(".")


def _polyline(points: Sequence[Point], closed: bool) -> str:
    """A line through ``points`` as path operators (move, lines, and a close when ``closed``), written in one go
    rather than as path operations: a map's shorelines are thousands of points."""
    numbers = iter([_num(v) for point in points for v in point])
    pairs = [f"{x} {y}" for x, y in zip(numbers, numbers)]
    code = pairs[0] + " m" + "".join([f" {pair} l" for pair in pairs[1:]])
    return code + " h" if closed else code


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle with quarter-circle corners of radius ``r``: its path (move, lines and curves, closed).

    Its 26 numbers are 6 x and 6 y values, each written once (a board has hundreds of rounded boxes).
    """
    x0, x1 = sorted((x, x + w))
    y0, y1 = sorted((y, y + h))
    t = (1 - KAPPA) * r  # from a corner to the handles of its curve
    xr, xt, x1r, x1t, x0_, x1_ = map(_num, (x0 + r, x0 + t, x1 - r, x1 - t, x0, x1))
    yr, yt, y1r, y1t, y0_, y1_ = map(_num, (y0 + r, y0 + t, y1 - r, y1 - t, y0, y1))
    return (
        f"{xr} {y0_} m {x1r} {y0_} l {x1t} {y0_} {x1_} {yt} {x1_} {yr} c {x1_} {y1r} l "
        f"{x1_} {y1t} {x1t} {y1_} {x1r} {y1_} c {xr} {y1_} l {xt} {y1_} {x0_} {y1t} {x0_} {y1r} c "
        f"{x0_} {yr} l {x0_} {yt} {xt} {y0_} {xr} {y0_} c h"
    )


# Operators written again and again (a colour, a width, a font size, a text angle) are formatted once each: the
# strings are reportlab's own, but its number format is slow. Reportlab's record of the current colours and
# width is left alone: it only writes them at the start of a page, when they are black and 1 again.


@lru_cache(maxsize=1024)
def _operator(value: Color | float, operator: str) -> str:
    """A colour (``rg`` fill, ``RG`` stroke) or line width (``w``) operator, as reportlab's canvas writes it."""
    return f"{fp_str(rgb(value) if isinstance(value, str) else value)} {operator}"


@lru_cache(maxsize=1024)  # fitted text comes in many sizes; most boards use a few
def _font_size(size: float) -> str:
    """The size and leading operators of a font of ``size`` (leading 1.2 times the size, reportlab's default)."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"


@lru_cache(maxsize=1024)
def _turn(rotate: float) -> tuple[float, float, str]:
    """Cosine and sine of ``rotate`` degrees, and the first four numbers of a text matrix turned by it."""
    cos, sin = (1.0, 0.0) if not rotate else (math.cos(math.radians(rotate)), math.sin(math.radians(rotate)))
    return cos, sin, fp_str(cos, sin, sin, -cos)


def _glyphs(rl: RlCanvas, runs: Sequence[tuple[str, str]], size: float) -> str | None:
    """What reportlab's text object writes for ``runs`` (face name, characters) in TrueType faces: font and
    show operators; None when a face is not TrueType.

    Written here rather than through ``beginText``/``drawText``, which format every number of the text
    matrix and the font size each time: that dominated the time of text-heavy boards. Splitting each run
    into its face's subsets also records its glyphs for embedding.
    """
    doc = rl._doc  # type: ignore[attr-defined]
    code: list[str] = []
    current: tuple[str, int] | None = None
    for name, chars in runs:
        font = pdfmetrics.getFont(name)
        if not isinstance(font, TTFont):
            return None
        for subset, part in font.splitString(chars, doc):
            if (name, subset) != current:
                code.append(f"{font.getSubsetInternalName(subset, doc)} {_font_size(size)}")
                current = name, subset
            code.append(f"({rl._escape(part)}) Tj")  # type: ignore[attr-defined]
    return " ".join(code)


class PdfCanvas:
    """The Canvas protocol drawn onto the current page of a reportlab canvas.

    ``forms`` maps the key of each drawing already kept in this file to its form's name.
    """

    def __init__(self, rl: RlCanvas, forms: dict[Hashable, str], faces: Faces = DEFAULT) -> None:
        self._rl = rl
        self._forms = forms
        self._faces = faces
        # the graphics state last written (fill, stroke, width, dash), so repeats are not written again
        self._state: list[object] = [None, None, None, None]
        self._saved: list[list[object]] = []

    @property
    def faces(self) -> Faces:
        return self._faces

    def _fill(self, fill: Color) -> None:
        if fill != self._state[0]:
            self._rl.addLiteral(_operator(fill, "rg"))
            self._state[0] = fill

    def _paint(
        self, fill: Color | None, stroke: Color | None, width: float, dash: Sequence[float] | None
    ) -> tuple[int, int]:
        if fill is not None:
            self._fill(fill)
        if stroke is not None:
            state, rl = self._state, self._rl
            if stroke != state[1]:
                rl.addLiteral(_operator(stroke, "RG"))
                state[1] = stroke
            if width != state[2]:
                rl.addLiteral(_operator(width, "w"))
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

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        style = RECT_DEFAULTS | style
        do_fill, do_stroke = self._paint(style["fill"], style["stroke"], style["width"], style["dash"])
        if do_fill or do_stroke:
            radius = style["radius"]
            shape = _rounded(x, y, w, h, radius) if radius > 0 else f"{_nums(x, y, w, h)} re"
            self._rl.addLiteral(f"{shape} {_PAINT[do_fill + 2 * do_stroke]}")

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        style = LINE_DEFAULTS | style
        self._paint(None, style["stroke"], style["width"], style["dash"])
        self._rl.addLiteral(f"{_nums(x1, y1)} m {_nums(x2, y2)} l S")

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        style = POLYGON_DEFAULTS | style
        closed = style["closed"]
        fill = style["fill"] if closed else None
        do_fill, do_stroke = self._paint(fill, style["stroke"], style["width"], style["dash"])
        if do_fill or do_stroke:
            self._rl.addLiteral(f"{_polyline(points, closed)} {_PAINT[do_fill + 2 * do_stroke]}")

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        style = SHAPE_DEFAULTS | style
        do_fill, do_stroke = self._paint(style["fill"], style["stroke"], style["width"], style["dash"])
        if not (do_fill or do_stroke) or not ops:
            return
        self._rl.addLiteral(f"{self._path_code(ops)} {_PAINT[do_fill + 2 * do_stroke]}")

    @staticmethod
    def _path_code(ops: Sequence[PathOp]) -> str:
        code: list[str] = []  # numbers and operators, joined once (a map has thousands of path operations)
        for op in ops:
            operator = _OPERATORS.get(op[0])
            if operator is None:
                raise ValueError(f"unknown path operation {op[0]!r}")
            code += map(_num, op[1:])
            code.append(operator)
        return " ".join(code)

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        style = SHAPE_DEFAULTS | style
        do_fill, do_stroke = self._paint(style["fill"], style["stroke"], style["width"], style["dash"])
        if not (do_fill or do_stroke):
            return
        k = KAPPA * r
        # 26 numbers, of 5 x and 5 y values each written once
        left, right, x, xk, x_k = map(_num, (cx - r, cx + r, cx, cx + k, cx - k))
        top, bottom, y, yk, y_k = map(_num, (cy - r, cy + r, cy, cy + k, cy - k))
        self._rl.addLiteral(
            f"{right} {y} m {right} {yk} {xk} {bottom} {x} {bottom} c "
            f"{x_k} {bottom} {left} {yk} {left} {y} c {left} {y_k} {x_k} {top} {x} {top} c "
            f"{xk} {top} {right} {y_k} {right} {y} c h {_PAINT[do_fill + 2 * do_stroke]}"
        )

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        if not s:
            return
        style = TEXT_DEFAULTS | style
        size, anchor, bold, fill = style["size"], style["anchor"], style["bold"], style["fill"]
        rl = self._rl
        shift = 0.0
        if anchor != "start":
            shift = fonts.text_width(s, size, bold, self._faces) * (0.5 if anchor == "middle" else 1.0)
        cos, sin, turn = _turn(style["rotate"])
        # glyph space -> page: flip y (the page is y-down), rotate, move to the anchored origin
        x, y = x - shift * cos, y - shift * sin
        direction = style["direction"]
        pieces = fonts.drawn(s, bold, self._faces, None if direction == "auto" else direction == "rtl")
        if any(shaping.is_shaped(piece) or fonts.synthetic_bold(name, bold) for name, piece in pieces):
            self._text_object(x, y, (cos, sin), pieces, size * PT, bold, fill)
            return
        glyphs = _glyphs(rl, pieces, size * PT)
        if glyphs is None:  # a standard PDF font, never the toolkit's own: reportlab's text object
            t = rl.beginText()
            t.setTextTransform(cos, sin, sin, -cos, x, y)
            t.setFont(self._faces.name(bold), size * PT)
            t.textOut(s)
            self._fill(fill)
            rl.drawText(t)
            return
        self._fill(fill)
        rl.addLiteral(f"BT 1 0 0 1 0 0 Tm {turn} {fp_str(x, y)} Tm {glyphs} ET")

    def _text_object(
        self,
        x: float,
        y: float,
        turn: tuple[float, float],
        pieces: Sequence[tuple[str, str]],
        size: float,
        bold: bool,
        fill: Color,
    ) -> None:
        """A line written by reportlab's text object: shaped pieces with their glyphs positioned, and bold text
        in a regular-only face filled and outlined in its colour (text render mode 2)."""
        cos, sin = turn
        rl = self._rl
        with self._saving():
            self._fill(fill)
            if any(fonts.synthetic_bold(name, bold) for name, _ in pieces):
                rl.addLiteral(f"{_operator(fill, 'RG')} {_operator(size * EMBOLDEN, 'w')}")
            t = rl.beginText()
            t.setTextTransform(cos, sin, sin, -cos, x, y)
            mode: Literal[0, 2] = 0  # filled; 2: filled and outlined
            for name, piece in pieces:
                t.setFont(name, size)
                wanted: Literal[0, 2] = 2 if fonts.synthetic_bold(name, bold) else 0
                if wanted != mode:
                    t.setTextRenderMode(wanted)
                    mode = wanted
                t.textOut(piece)
            rl.drawText(t)

    @contextmanager
    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> Iterator[None]:
        rl = self._rl
        with self._artifact(name), self._saving():
            if dx or dy:
                rl.translate(dx, dy)
            if rotate:
                rl.rotate(rotate)
            if scale != 1.0:
                rl.scale(scale, scale)
            yield

    @contextmanager
    def _artifact(self, name: str | None) -> Iterator[None]:
        """Marked as an artifact when ``name`` says the group pictures parts printed elsewhere (see ARTIFACTS)."""
        marked = name is not None and name.startswith(ARTIFACTS)
        if marked:
            self._rl.addLiteral("/Artifact BMC")
        try:
            yield
        finally:
            if marked:
                self._rl.addLiteral("EMC")

    @contextmanager
    def clip(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        rl = self._rl
        with self._saving():
            p = rl.beginPath()
            p.rect(x, y, w, h)
            rl.clipPath(p, stroke=0, fill=0)
            yield

    @contextmanager
    def clip_path(self, ops: Sequence[PathOp]) -> Iterator[None]:
        with self._saving():
            self._rl.addLiteral(f"{self._path_code(ops)} W n")
            yield

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        at = art.placed(Rect(x, y, w, h))
        rl = self._rl
        with self.clip(x, y, w, h), self._saving():
            rl.translate(at.x, at.bottom)
            rl.scale(1, -1)  # pictures are upright in PDF space, whose y grows upwards
            if art.kind == "svg":
                _draw_svg(rl, art, at.w, at.h)
            else:
                rl.drawImage(str(art.path), 0, 0, at.w, at.h, mask="auto")

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        """Place ``drawing`` at the origin, written as a form the first time ``key`` is placed in this file."""
        rl, name = self._rl, self._forms.get(key)
        if name is None:
            name = f"Drawing{len(self._forms) + 1}"
            # a form is painted in whatever state its placement has: a fresh canvas sets every colour and width
            rl.beginForm(name, 0, 0, drawing.width, drawing.height)
            drawing.draw(PdfCanvas(rl, self._forms, self._faces))
            with _quick_writing():  # the form's stream is encoded now
                rl.endForm()
            self._forms[key] = name
        rl.doForm(name)


def _draw_svg(rl: RlCanvas, art: Art, w: float, h: float) -> None:
    """An SVG picture drawn ``w`` x ``h`` from the origin (y up), through svglib."""
    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(str(art.path))
    except Exception as exc:  # svglib raises what its parser meets  # noqa: BLE001
        raise PnpError(f"{art.path}: a broken SVG picture ({exc})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise PnpError(f"{art.path}: a broken SVG picture (svglib read nothing)")
    rl.scale(w / drawing.width, h / drawing.height)
    renderPDF.draw(drawing, rl, 0, 0)


def _box(rect: Rect, page_height: float) -> tuple[float, float, float, float]:
    """A page rectangle (mm, top-left origin) as a PDF box: left, bottom, right, top in points from the bottom left."""
    return (rect.x * MM, (page_height - rect.bottom) * MM, rect.right * MM, (page_height - rect.y) * MM)


def _deflate(data: str | bytes) -> bytes:
    """A stream deflated at DEFLATE_LEVEL (text as UTF-8, as reportlab's own filter takes it)."""
    return _compressed(data.encode("utf8") if isinstance(data, str) else data)


# The same streams come again and again: a font's subset and a deck's back in each card's file of a print shop's
# set, a kit's calibration page and its board's drawing on each paper. The last few are kept, compressed (most of
# the deflating a set of card files asked for).
@lru_cache(maxsize=32)
def _compressed(data: bytes) -> bytes:
    return zlib.compress(data, DEFLATE_LEVEL)


_PDFDOC = pdfdoc.pdfdocEnc
_NOT_AS_ASCII = re.compile("[^\x00-\x17\x20-\x7f]")  # what PDFDocEncoding writes other than as its ASCII byte


def _pdfdoc(text: str | bytes) -> bytes:
    """reportlab's ``pdfdocEnc``, in one step for text PDFDocEncoding writes byte for byte as ASCII: every content
    stream pnp writes (a map's form is hundreds of KB, which its character map takes milliseconds over)."""
    if isinstance(text, str) and not _NOT_AS_ASCII.search(text):
        return text.encode("ascii")
    return _PDFDOC(text)


# reportlab's module is shadowed by one thread at a time (others writing at once wait), the same thread maybe
# more than once over (``_shadowing`` counts how deep)
_SHADOWED = threading.RLock()
_shadowing = 0


@contextmanager
def _quick_writing() -> Iterator[None]:
    """reportlab's deflate filter (which every stream it writes names) and its text encoding shadowed by
    ``_deflate`` and ``_pdfdoc`` while it writes, streams not also ASCII85-encoded (slower and a quarter larger)."""
    global _shadowing
    with _SHADOWED:
        outermost, default = not _shadowing, rl_config.useA85
        if outermost:
            rl_config.useA85 = 0  # read by reportlab as it writes each stream
            pdfdoc.PDFZCompress.encode = _deflate  # type: ignore[method-assign,assignment]
            pdfdoc.pdfdocEnc = _pdfdoc  # type: ignore[assignment]
        _shadowing += 1
        try:
            yield
        finally:
            _shadowing -= 1
            if outermost:
                rl_config.useA85 = default
                del pdfdoc.PDFZCompress.encode
                pdfdoc.pdfdocEnc = _PDFDOC


class PdfWriter:
    """A PDF file written page by page; each page has its own size in millimetres.

    Pages are kept in memory: ``close`` writes the whole file to ``path`` in one step.
    The file asks the print dialog for actual size (no scaling), and with ``duplex``
    for double-sided printing flipped on the long edge. Text is drawn in ``faces``.
    """

    def __init__(self, path: Path, title: str, duplex: bool = False, faces: Faces = DEFAULT) -> None:
        fonts.register()
        self.path = path
        self._faces = faces
        self._rl = RlCanvas(
            str(path),
            initialFontName=fonts.REGULAR,  # type: ignore[arg-type]  # types-reportlab says float; it is a name
            invariant=1,
            pageCompression=1,
        )
        self._rl.setTitle(title)
        self._rl.setCreator("pnp")
        self._rl.setViewerPreference("PrintScaling", "None")
        if duplex:
            self._rl.setViewerPreference("Duplex", "DuplexFlipLongEdge")
        self._forms: dict[Hashable, str] = {}
        self.pages = 0

    def page(
        self, width: float, height: float, draw: Draw, trim: Rect | None = None, bleed: Rect | None = None
    ) -> None:
        """Add one page of ``width`` x ``height`` mm drawn by ``draw``.

        It is cut to ``trim`` with ``bleed`` printed round it (page rectangles in mm): its TrimBox and BleedBox,
        which every page carries. Without ``trim`` nothing is cut (the whole page); without ``bleed``, the page
        bleeds to its edges.
        """
        rl = self._rl
        rl.setPageSize((width * MM, height * MM))
        whole = Rect(0.0, 0.0, width, height)
        rl.setTrimBox(_box(trim or whole, height))
        rl.setBleedBox(_box(bleed or whole, height))
        rl.transform(MM, 0, 0, -MM, 0, height * MM)
        draw(PdfCanvas(rl, self._forms, self._faces))
        rl.showPage()
        self.pages += 1

    def data(self) -> bytes:
        """The whole file as :meth:`close` writes it (once the last page is added; in its place, for a file read
        at once), its streams deflated only, at DEFLATE_LEVEL."""
        with _quick_writing():
            data: bytes = self._rl.getpdfdata()
        return data

    def close(self) -> None:
        """Write the file to ``path``."""
        write_atomic(self.path, self.data(), sync=False)  # a kit is quick to build again
