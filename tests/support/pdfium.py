"""Printed PDFs read with PDFium where pdfplumber is slow: each page's characters as printed and its rectangles.

pdfplumber parses everything a page draws, a whole world map again on each of its tiles (seconds a page);
PDFium reads a kit in well under a second. Its functions are called through ``_lib``, with its handles as
plain addresses: a few times quicker a call than through pypdfium2's typed handles, which counts where a map's
tens of thousands of characters and paths are each read in several calls.
"""

from __future__ import annotations

import ctypes
import io
import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import pypdf
import pypdfium2
from pypdfium2 import raw


class _Lib:
    """PDFium's functions by name (``_lib.FPDFText_GetUnicode``), taking and giving its handles as addresses (an
    int, None for none) and other pointers as ctypes' own: what ctypes converts fastest."""

    def __getattr__(self, name: str) -> Any:  # a name's first use: from then on it is an attribute
        typed = getattr(raw, name)
        kinds = [_plain_kind(kind) for kind in (typed.restype, *typed.argtypes)]
        function = ctypes.CFUNCTYPE(*kinds)(ctypes.cast(typed, ctypes.c_void_p).value)
        setattr(self, name, function)
        return function


def _plain_kind(kind: Any) -> Any:
    """A pointer to a struct PDFium keeps to itself (a handle) as an address, any other pointer as ctypes' own."""
    if not isinstance(kind, type(ctypes.POINTER(ctypes.c_int))):
        return kind
    target = kind._type_
    handle = issubclass(target, ctypes.Structure) and not hasattr(target, "_fields_")
    return ctypes.c_void_p if handle else ctypes.POINTER(target)


_lib = _Lib()
_SPACES = (ord(" "), ord("\r"), ord("\n"))  # the only characters PDFium adds between runs of text


def _address(handle: Any) -> int:
    """A pypdfium2 object's PDFium handle as an address."""
    return ctypes.cast(handle.raw, ctypes.c_void_p).value or 0


class Glyph(NamedTuple):
    """A character as printed, in PDF points from the page's lower left corner: where its baseline starts, the
    way it is written (a unit vector), how far it moves the pen, its size, and its font's descent (negative)."""

    text: str
    origin: tuple[float, float]
    direction: tuple[float, float]
    advance: float
    size: float
    descent: float

    def top(self, height: float) -> float:
        """How far under the top of a page ``height`` tall its box starts, as pdfminer measures a box."""
        return self.box(height).top

    def box(self, height: float) -> Box:
        """Its box on a page ``height`` tall, as pdfminer measures one: round two opposite corners of the glyph's
        cell (along its baseline from its descent up one size), the pen's start and its end."""
        (x, y), (ux, uy) = self.origin, self.direction
        low = self.descent
        x0, y0 = x - low * uy, y + low * ux
        x1, y1 = x + self.advance * ux - (low + self.size) * uy, y + self.advance * uy + (low + self.size) * ux
        return Box(min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1))


@dataclass(frozen=True)
class TextPage:
    """The characters of one printed page, in the order written, and the page's size in points."""

    width: float
    height: float
    glyphs: tuple[Glyph, ...]


@contextmanager
def _opened(source: Path | bytes) -> Iterator[pypdfium2.PdfDocument]:
    """A PDF (a file or its bytes) read by PDFium, closed again after use."""
    document = pypdfium2.PdfDocument(source if isinstance(source, bytes) else source.read_bytes())
    try:
        yield document
    finally:
        document.close()


def text_pages(path: Path, first: int = 0) -> tuple[TextPage, ...]:
    """The characters of each page of a printed PDF (from page ``first`` on, counted from 0)."""
    return _text(path, lambda count: range(first, count))


def text_page(path: Path, number: int = 0) -> TextPage:
    """The characters of one page of a printed PDF (``number`` from 0); the other pages are not read."""
    (page,) = _text(path, lambda _: (number,))
    return page


class _Printed:
    """A printed PDF as read so far while its file holds ``data``: its pages' characters, kept for the session,
    and while it is among the last few PDFs read, PDFium's document with each page loaded once and each page's
    paths found once (several modules read the same printed kits: a map's fifteen pages among them)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self._count: int | None = None
        self.text: dict[int, TextPage] = {}
        self._fonts: Fonts | None = None
        self._document: pypdfium2.PdfDocument | None = None
        self._pages: dict[int, pypdfium2.PdfPage] = {}
        self._paths: dict[int, tuple[Placed, ...]] = {}

    @property
    def fonts(self) -> Fonts:
        if self._fonts is None:
            self._fonts = _fonts(self.data)
        return self._fonts

    def __len__(self) -> int:
        if self._count is None:
            self._count = len(self._open())
        return self._count

    def page(self, number: int) -> pypdfium2.PdfPage:
        """Page ``number`` (from 0), loaded once while the document stays open."""
        document = self._open()
        if number not in self._pages:
            self._pages[number] = document[number]
        return self._pages[number]

    def paths(self, number: int) -> tuple[Placed, ...]:
        """Every path page ``number`` draws (inside its forms too), placed, found once while the document stays
        open."""
        if number not in self._paths:
            self._paths[number] = tuple(_paths(self.page(number)))
        return self._paths[number]

    def close(self) -> None:
        """Close PDFium's document (what was read of it is kept)."""
        if self._document is not None:
            _OPEN.remove(self)
            for page in self._pages.values():
                page.close()
            self._document.close()
            self._document, self._pages, self._paths = None, {}, {}

    def _open(self) -> pypdfium2.PdfDocument:
        """PDFium's document, opened if closed, now the last read of those open."""
        if self._document is None:
            self._document = pypdfium2.PdfDocument(self.data)
            if len(_OPEN) == _KEEP_OPEN:
                _OPEN[0].close()
        else:
            _OPEN.remove(self)
        _OPEN.append(self)
        return self._document


_PRINTED: dict[Path, _Printed] = {}  # by file
_OPEN: list[_Printed] = []  # those holding their document open, the least recently read first
_KEEP_OPEN = 4  # a board tiled on each of the four papers (a map's pages take about 65 MB open)


def _printed(path: Path) -> _Printed:
    """The PDF at ``path`` as read so far, afresh when the file's bytes have changed."""
    data = path.read_bytes()
    printed = _PRINTED.get(path)
    if printed is None or printed.data != data:
        if printed is not None:
            printed.close()
        printed = _PRINTED[path] = _Printed(data)
    return printed


def close_all() -> None:
    """Forget every PDF read here, closing those held open (at the end of the session)."""
    for printed in _PRINTED.values():
        printed.close()
    _PRINTED.clear()


def _text(path: Path, numbers: Callable[[int], Iterable[int]]) -> tuple[TextPage, ...]:
    """The characters of the pages ``numbers(page count)`` of a PDF, each page read once while the file holds the
    same bytes."""
    printed = _printed(path)
    wanted = tuple(numbers(len(printed)))
    for number in wanted:
        if number not in printed.text:
            page = printed.page(number)
            printed.text[number] = TextPage(page.get_width(), page.get_height(), _glyphs(page, printed.fonts))
    return tuple(printed.text[number] for number in wanted)


def plain_texts(path: Path, box: Box | None = None) -> tuple[str, ...]:
    """Each page's text as PDFium reads it, with the spaces and line breaks it puts between runs: for finding
    words and phrases in (as pdfplumber's ``extract_text``, many times faster on a map); only what lies inside
    ``box`` when given (as pdfplumber's ``crop``)."""
    printed = _printed(path)
    return tuple(_plain(printed.page(number), box) for number in range(len(printed)))


def plain_text(path: Path, number: int = 0, box: Box | None = None) -> str:
    """One page's text as :func:`plain_texts` reads it (``number`` from 0); the other pages are not read."""
    return _plain(_printed(path).page(number), box)


def _plain(page: pypdfium2.PdfPage, box: Box | None) -> str:
    text = page.get_textpage()
    try:
        if box is None:
            return str(text.get_text_range())
        height = page.get_height()
        return str(text.get_text_bounded(box.x0, height - box.bottom, box.x1, height - box.top))
    finally:
        text.close()


class _Font(NamedTuple):
    """A font's characters' widths and its descent as its PDF writes them, in thousandths of an em: PDFium keeps
    whole thousandths, which puts a line's last letters up to half a point short of where they print."""

    widths: dict[str, float]
    descent: float


Fonts = dict[str, _Font]  # by base name, a subset's tag aside: a font's subsets share its widths


def _fonts(data: bytes) -> Fonts:
    """The simple fonts of a PDF (each page's and each form's), with their widths by character."""
    reader, found, seen = pypdf.PdfReader(io.BytesIO(data)), {}, set()

    def visit(resources: Any) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            if id(font) not in seen and {"/Widths", "/ToUnicode", "/FontDescriptor"} <= font.keys():
                seen.add(id(font))
                codes, first = _to_unicode(font["/ToUnicode"].get_object().get_data()), font["/FirstChar"]
                name = str(font["/BaseFont"])[1:].split("+")[-1]
                widths = found.setdefault(name, _Font({}, float(font["/FontDescriptor"]["/Descent"]))).widths
                for offset, width in enumerate(font["/Widths"]):
                    if first + offset in codes:
                        widths[codes[first + offset]] = float(width)
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen:
                seen.add(id(xobject))
                visit(xobject.get("/Resources"))

    for page in reader.pages:
        visit(page.get("/Resources"))
    return found


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A ToUnicode map's characters by code: its single codes and its ranges of them."""
    text, found = cmap.decode("latin-1"), {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.DOTALL):
        for code, unicode in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            found[int(code, 16)] = bytes.fromhex(unicode).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.DOTALL):
        for low, high, start in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            for offset in range(int(high, 16) - int(low, 16) + 1):
                found[int(low, 16) + offset] = chr(int(start, 16) + offset)
    return found


def printed_as(glyphs: Iterable[Glyph], text: str) -> list[Glyph]:
    """The glyphs, in the order written, that first print ``text`` (its spaces and line breaks aside)."""
    inked = [glyph for glyph in glyphs if not glyph.text.isspace()]
    wanted = "".join(text.split())
    start = "".join(glyph.text for glyph in inked).find(wanted)
    return inked[start : start + len(wanted)] if start >= 0 else []


def _glyphs(page: pypdfium2.PdfPage, fonts: Fonts) -> tuple[Glyph, ...]:
    text = page.get_textpage()
    handle, read = _address(text), []
    x, y = ctypes.c_double(), ctypes.c_double()
    unicode_of, object_of, origin_of, generated = (
        _lib.FPDFText_GetUnicode,
        _lib.FPDFText_GetTextObject,
        _lib.FPDFText_GetCharOrigin,
        _lib.FPDFText_IsGenerated,
    )
    runs: dict[int, _Run] = {}  # by text object: its characters share their matrix, font and size
    exact: dict[int, _Font | None] = {}  # by font
    widths: dict[tuple[int, float], dict[str, tuple[float, float]]] = {}  # by font and size, as runs measure them
    for index in range(_lib.FPDFText_CountChars(handle)):
        code = unicode_of(handle, index)
        if code in _SPACES and generated(handle, index):  # a space or line break PDFium adds between runs
            continue
        obj = object_of(handle, index)
        run = runs.get(obj) or runs.setdefault(obj, _Run.of(handle, index, obj, fonts, exact, widths))
        origin_of(handle, index, x, y)
        char = chr(code)
        advance, gain = run.advances.get(char) or run.measure(char)
        along = x.value * run.direction[0] + y.value * run.direction[1]
        run.in_order, run.along = run.in_order and along >= run.along, along
        read.append((char, x.value, y.value, run, advance * run.scale, run.gained))
        run.gained += gain * run.scale
    text.close()
    for run in runs.values():
        if not run.in_order:  # PDFium reads a right-to-left word backwards: count its gains as drawn
            _gain_as_drawn(read, run)
    return tuple(
        Glyph(
            char, (x + run.direction[0] * by, y + run.direction[1] * by), run.direction, advance, run.size, run.descent
        )
        for char, x, y, run, advance, by in read
    )


def _gain_as_drawn(read: list[tuple[str, float, float, _Run, float, float]], run: _Run) -> None:
    """Count how much further than PDFium's the glyphs of a run drawn before each take the pen, in the order drawn."""
    (ux, uy), gained = run.direction, 0.0
    for index in sorted(
        (i for i, entry in enumerate(read) if entry[3] is run), key=lambda i: read[i][1] * ux + read[i][2] * uy
    ):
        char, x, y, _, advance, _ = read[index]
        read[index] = (char, x, y, run, advance, gained)
        gained += run.advances[char][1] * run.scale


class _Run:
    """What the characters of one text object share: the way they are written, their size and their font's
    descent, in page points, each character's advance and how much further that is than PDFium's (in the text's
    own units: read once for each font and size); and as its characters are read, how much further than PDFium's
    their advances take the pen, how far along the line the last lies and whether each lay further on."""

    def __init__(
        self, font: int, em: float, matrix: Any, descent: float, exact: _Font | None, advances: dict[str, Any]
    ) -> None:
        self.font, self.em, self.scale, self.exact = font, em, math.hypot(matrix.a, matrix.b), exact
        self.direction = (matrix.a / self.scale, matrix.b / self.scale)
        self.size = em * self.scale
        self.descent = (exact.descent * em / 1000 if exact else descent) * self.scale
        self.advances: dict[str, tuple[float, float]] = advances
        self.gained, self.along, self.in_order = 0.0, -math.inf, True

    @classmethod
    def of(
        cls,
        text: int,
        index: int,
        obj: int,
        fonts: Fonts,
        exact: dict[int, _Font | None],
        widths: dict[tuple[int, float], dict[str, tuple[float, float]]],
    ) -> _Run:
        """The run of character ``index`` of a text page, ``obj`` its text object; ``exact`` and ``widths`` hold
        each font's exact metrics and its characters' advances found so far."""
        matrix, descent = raw.FS_MATRIX(), ctypes.c_float()
        _lib.FPDFText_GetMatrix(text, index, matrix)
        font, em = _lib.FPDFTextObj_GetFont(obj), _lib.FPDFText_GetFontSize(text, index)
        _lib.FPDFFont_GetDescent(font, em, descent)
        if font not in exact:
            name = ctypes.create_string_buffer(256)
            _lib.FPDFFont_GetBaseFontName(font, name, len(name))
            exact[font] = fonts.get(name.value.decode())
        return cls(font, em, matrix, descent.value, exact[font], widths.setdefault((font, em), {}))

    def measure(self, char: str) -> tuple[float, float]:
        """How far a character moves the pen in the text's own units, by its exact width where its font's PDF
        gives one, and how much further that is than PDFium moves it (by its width in whole thousandths of an
        em)."""
        width = ctypes.c_float()
        _lib.FPDFFont_GetGlyphWidth(self.font, ord(char), self.em, width)
        exact = self.exact.widths.get(char) if self.exact else None
        moved = width.value if exact is None else exact * self.em / 1000
        self.advances[char] = (moved, moved - width.value)
        return self.advances[char]


def glyph_styles(path: Path) -> tuple[tuple[tuple[str, tuple[int, int, int]], ...], ...]:
    """Each page's characters' font (its base name: pdfplumber's ``fontname`` without a subset's tag) and fill
    colour (RGB, 0 to 255), in the order and number :func:`text_pages` gives the characters."""
    with _opened(path) as document:
        return tuple(_styles(page) for page in document)


def font_names(path: Path) -> set[str]:
    """The fonts a printed PDF writes its characters in (base names, as :func:`glyph_styles` gives them)."""
    return {font for page in glyph_styles(path) for font, _ in page}


def _styles(page: pypdfium2.PdfPage) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    text = page.get_textpage()
    handle, found = _address(text), []
    name = ctypes.create_string_buffer(256)
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for index in range(_lib.FPDFText_CountChars(handle)):
        if _lib.FPDFText_IsGenerated(handle, index):
            continue
        font = _lib.FPDFTextObj_GetFont(_lib.FPDFText_GetTextObject(handle, index))
        _lib.FPDFFont_GetBaseFontName(font, name, len(name))
        _lib.FPDFText_GetFillColor(handle, index, r, g, b, a)
        found.append((name.value.decode(), (r.value, g.value, b.value)))
    text.close()
    return tuple(found)


def _quarter_size(glyph: Glyph) -> float:
    return 0.25 * glyph.size


def baselines(glyphs: Iterable[Glyph]) -> list[list[tuple[float, Glyph]]]:
    """The glyphs of a page line by line (turned text too): those sharing a direction and a baseline, each with
    how far along the line it starts, in order along it."""
    lines: dict[tuple[float, float, float], list[tuple[float, Glyph]]] = defaultdict(list)
    for glyph in glyphs:
        (x, y), (ux, uy) = glyph.origin, glyph.direction
        lines[(round(ux, 2), round(uy, 2), round(y * ux - x * uy, 1))].append((x * ux + y * uy, glyph))
    return [sorted(line, key=lambda placed: placed[0]) for line in lines.values()]


def words(glyphs: tuple[Glyph, ...], apart: Callable[[Glyph], float] = _quarter_size) -> list[list[Glyph]]:
    """The words of a page, line by line in the way each line is written (turned text too): glyphs sharing a
    direction and a baseline, in order along it, parted by spaces and by a gap wider than ``apart(glyph)``
    before a glyph (by default a quarter of its size)."""
    found: list[list[Glyph]] = []
    for line in baselines(glyphs):
        word: list[Glyph] = []
        end = 0.0  # where the glyph before ends along the line
        for along, glyph in line:
            if word and (glyph.text.isspace() or along - end > apart(glyph)):
                found.append(word)
                word = []
            if not glyph.text.isspace():
                word.append(glyph)
            end = along + glyph.advance
        if word:
            found.append(word)
    return found


@dataclass(frozen=True)
class Box:
    """A rectangle on a page, in PDF points from the page's top left corner (as pdfplumber measures)."""

    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def size(self) -> tuple[float, float]:
        """Its width and height."""
        return self.x1 - self.x0, self.bottom - self.top


@dataclass(frozen=True)
class DrawnPage:
    """A printed page's trim box and the axis-aligned rectangles drawn on it (inside its forms too)."""

    trim: Box
    rectangles: tuple[Box, ...]


def drawn_pages(path: Path, at_least: Size = (0.0, 0.0)) -> tuple[DrawnPage, ...]:
    """Each page of a printed PDF with its rectangles: each path that is one closed outline of four corners,
    its sides along the page's (``Shape.rectangle``); none PDFium bounds narrower or lower than ``at_least``
    (see :func:`shapes`)."""
    printed, pages = _printed(path), []
    for number in range(len(printed)):
        page = printed.page(number)
        height = page.get_height()
        left, bottom, right, top = page.get_trimbox()
        found = [
            shape.box
            for placed in _selected(printed, number, range(4, 6), False, at_least)  # a move, three or four lines
            if (shape := _shape(placed, height)).rectangle
        ]
        pages.append(DrawnPage(Box(left, height - top, right, height - bottom), tuple(found)))
    return tuple(pages)


class Placed(NamedTuple):
    """A path or image a page draws: its kind (``raw.FPDF_PAGEOBJ_PATH`` or ``_IMAGE``), whether it lies in a
    form, and the matrix from where it lies to the page (that form's, or the identity on the page itself)."""

    obj: Any
    kind: int
    in_form: bool
    form: pypdfium2.PdfMatrix

    @property
    def to_page(self) -> pypdfium2.PdfMatrix:
        """The matrix from its own space to the page."""
        return _to_page(self.obj, self.form)


def _paths(page: pypdfium2.PdfPage) -> Iterator[Placed]:
    """Every path a page draws (inside its forms too), placed."""
    return (placed for placed in _objects(page) if placed.kind == raw.FPDF_PAGEOBJ_PATH)


def _objects(page: pypdfium2.PdfPage) -> Iterator[Placed]:
    """Every path and image a page draws, those inside its forms too, placed (its text is read by ``_glyphs``:
    most objects of a map, left out here first)."""
    handle = _address(page)
    for index in range(_lib.FPDFPage_CountObjects(handle)):
        yield from _objects_of(_lib.FPDFPage_GetObject(handle, index), pypdfium2.PdfMatrix(), False)


def _objects_of(obj: Any, outer: pypdfium2.PdfMatrix, in_form: bool) -> Iterator[Placed]:
    kind = _lib.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        form = _to_page(obj, outer)
        for index in range(_lib.FPDFFormObj_CountObjects(obj)):
            yield from _objects_of(_lib.FPDFFormObj_GetObject(obj, index), form, True)
    elif kind != raw.FPDF_PAGEOBJ_TEXT:
        yield Placed(obj, kind, in_form, outer)


def _to_page(obj: Any, outer: pypdfium2.PdfMatrix) -> pypdfium2.PdfMatrix:
    """An object's own matrix, then ``outer``."""
    own = raw.FS_MATRIX()
    _lib.FPDFPageObj_GetMatrix(obj, own)
    a, b, c, d, e, f = own.a, own.b, own.c, own.d, own.e, own.f
    # PdfMatrix.from_raw(own).multiply(outer), its sums as it writes them, without the two matrices between
    return pypdfium2.PdfMatrix(
        a * outer.a + b * outer.c,
        a * outer.b + b * outer.d,
        c * outer.a + d * outer.c,
        c * outer.b + d * outer.d,
        e * outer.a + f * outer.c + outer.e,
        e * outer.b + f * outer.d + outer.f,
    )


@dataclass(frozen=True)
class Shape:
    """A path as printed, in PDF points from the page's top left corner: its corners (where each of its segments
    ends: a curve's end, not its control points; a closed path's start once), whether it is closed, whether it
    bends, whether it is drawn inside a form (a tile's board) rather than on the page itself, its fill and stroke
    colours (RGB, 0 to 255; None when not painted), its line's width on the page and whether its line is dashed."""

    points: tuple[tuple[float, float], ...]
    closed: bool
    curved: bool
    in_form: bool
    fill: tuple[int, int, int] | None
    stroke: tuple[int, int, int] | None
    line: float
    dashed: bool

    @property
    def box(self) -> Box:
        """The box round its corners."""
        xs, ys = zip(*self.points)
        return Box(min(xs), min(ys), max(xs), max(ys))

    @property
    def painted(self) -> bool:
        """Whether it is filled or stroked, and has a point."""
        return bool(self.points) and (self.fill is not None or self.stroke is not None)

    @property
    def straight(self) -> bool:
        """Whether it is one straight line: two points (pdfminer's ``LTLine``)."""
        return len(self.points) == 2 and not self.curved

    @property
    def rectangle(self) -> bool:
        """Whether it is one closed outline of four corners, its sides along the page's."""
        sides = zip(self.points, self.points[1:] + self.points[:1])
        along = all(abs(p[0] - q[0]) < 1e-6 or abs(p[1] - q[1]) < 1e-6 for p, q in sides)
        return self.closed and len(self.points) == 4 and not self.curved and along


Segments = int | range | None  # a path's count of segments (a curve counts three: a circle is 13), any when None
Size = tuple[float, float]  # width and height in PDF points


def shapes(
    path: Path, segments: Segments = None, first: int = 0, shown: bool = False, at_least: Size = (0.0, 0.0)
) -> tuple[tuple[Shape, ...], ...]:
    """Every path of each page of a printed PDF (inside its forms too), from page ``first`` on. Only some are
    read, much quicker on a map of many paths: those of so many ``segments``; with ``shown``, only what a tile
    shows of its board (a form's paths lying wholly outside the page's TrimBox are left out); and none PDFium
    bounds narrower or lower than ``at_least`` (its bounds hold every point and control point of a path)."""
    return page_shapes(path, None, segments, first, shown, at_least)


def path_counts(path: Path) -> tuple[int, ...]:
    """How many paths each page of a printed PDF draws (inside its forms too): as many as :func:`shapes` reads."""
    printed = _printed(path)
    return tuple(len(printed.paths(number)) for number in range(len(printed)))


def page_shapes(
    path: Path,
    number: int | None,
    segments: Segments = None,
    first: int = 0,
    shown: bool = False,
    at_least: Size = (0.0, 0.0),
) -> tuple[tuple[Shape, ...], ...]:
    """The paths of one page of a printed PDF (counted from 0), or of each page from ``first`` on when ``number``
    is None (see :func:`shapes`)."""
    printed, pages = _printed(path), []
    for n in range(first, len(printed)) if number is None else (number,):
        height = printed.page(n).get_height()
        pages.append(tuple(_shape(placed, height) for placed in _selected(printed, n, segments, shown, at_least)))
    return tuple(pages)


def _selected(printed: _Printed, number: int, segments: Segments, shown: bool, at_least: Size) -> Iterator[Placed]:
    """The paths of a page :func:`shapes` reads."""
    count, bounds, trim = _lib.FPDFPath_CountSegments, _lib.FPDFPageObj_GetBounds, printed.page(number).get_trimbox()
    counts = range(segments, segments + 1) if isinstance(segments, int) else segments
    wide, tall = at_least
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for placed in printed.paths(number):
        if counts is not None and count(placed.obj) not in counts:
            continue
        hidden = shown and placed.in_form
        if hidden or wide or tall:  # PDFium's bounds: every point, control point and line's width of a path
            bounds(placed.obj, left, bottom, right, top)  # where it lies in its form, if in one
            x0, y0, x1, y1 = placed.form.on_rect(left.value, bottom.value, right.value, top.value)
            if hidden and (x1 < trim[0] or trim[2] < x0 or y1 < trim[1] or trim[3] < y0):
                continue
            if x1 - x0 < wide or y1 - y0 < tall:
                continue
        yield placed


def _shape(placed: Placed, height: float, segments: range | None = None) -> Shape:
    """A path as printed, or only its ``segments`` (a run of its segment indexes)."""
    obj, to_page = placed.obj, placed.to_page
    points: list[tuple[float, float]] = []
    closed = curved = False
    controls = 0  # of the curve under way: PDFium gives a curve as three segments, two control points and its end
    x, y = ctypes.c_float(), ctypes.c_float()
    a, b, c, d, e, f = to_page.a, to_page.b, to_page.c, to_page.d, to_page.e, to_page.f  # to_page.on_point, inlined
    segment_of, kind_of, point_of, closes = (
        _lib.FPDFPath_GetPathSegment,
        _lib.FPDFPathSegment_GetType,
        _lib.FPDFPathSegment_GetPoint,
        _lib.FPDFPathSegment_GetClose,
    )
    curve = raw.FPDF_SEGMENT_BEZIERTO
    for index in range(_lib.FPDFPath_CountSegments(obj)) if segments is None else segments:
        segment = segment_of(obj, index)
        bends = kind_of(segment) == curve
        curved, controls = curved or bends, controls + 1 if bends else 0
        if controls % 3 == 0:
            point_of(segment, x, y)
            px, py = x.value, y.value
            points.append((a * px + c * py + e, height - (b * px + d * py + f)))
        closed = closed or bool(closes(segment))
    if len(points) > 1 and points[-1] == points[0]:
        points.pop()
        closed = True
    fill, stroke, width = ctypes.c_int(), ctypes.c_int(), ctypes.c_float()
    _lib.FPDFPath_GetDrawMode(obj, fill, stroke)
    _lib.FPDFPageObj_GetStrokeWidth(obj, width)
    return Shape(
        tuple(points),
        closed,
        curved,
        placed.in_form,
        _colour(_lib.FPDFPageObj_GetFillColor, obj) if fill.value else None,
        _colour(_lib.FPDFPageObj_GetStrokeColor, obj) if stroke.value else None,
        width.value * math.hypot(to_page.a, to_page.b),
        _lib.FPDFPageObj_GetDashCount(obj) > 0,
    )


def _colour(getter: Callable[..., bool], obj: Any) -> tuple[int, int, int]:
    r, g, b, a = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    getter(obj, r, g, b, a)
    return r.value, g.value, b.value


@dataclass(frozen=True)
class PrintedPage:
    """A printed page as pdfplumber reads one, in PDF points: its size, its characters in the order written and
    its paths, each parted at its moves as pdfminer parts them (into lines, rectangles and curves)."""

    width: float
    height: float
    glyphs: tuple[Glyph, ...]
    paths: tuple[Shape, ...]


def printed_pages(path: Path) -> tuple[PrintedPage, ...]:
    """Each page of a printed PDF with its characters and its paths (inside its forms too)."""
    printed = _printed(path)
    return tuple(
        PrintedPage(text.width, text.height, text.glyphs, tuple(_parted(printed, number)))
        for number, text in enumerate(text_pages(path))
    )


def _parted(printed: _Printed, number: int) -> Iterator[Shape]:
    """Each path of a page parted at each move into the shapes it draws."""
    height, segment_of = printed.page(number).get_height(), _lib.FPDFPath_GetPathSegment
    kind_of = _lib.FPDFPathSegment_GetType
    for placed in printed.paths(number):
        count = _lib.FPDFPath_CountSegments(placed.obj)
        moves = [i for i in range(count) if kind_of(segment_of(placed.obj, i)) == raw.FPDF_SEGMENT_MOVETO]
        for start, stop in zip(moves, [*moves[1:], count]):
            yield _shape(placed, height, range(start, stop))


class Inked(NamedTuple):
    """A printed character, the tight box of its ink (as PDFium measures it from the font's outline, where a
    :class:`Glyph`'s box runs from its font's descent up a size) and its fill colour (RGB, 0 to 255)."""

    text: str
    box: Box
    fill: tuple[int, int, int]


def glyph_ink(path: Path, number: int = 0) -> tuple[Inked, ...]:
    """Each printed character of one page (spaces aside) with its ink's box and colour, in the order written."""
    with _opened(path) as document:
        page = document[number]
        height, text = page.get_height(), page.get_textpage()
        handle, found = _address(text), []
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        for index in range(text.count_chars()):
            char = text.get_text_range(index, 1)
            if char.strip():
                left, bottom, right, top = text.get_charbox(index)
                _lib.FPDFText_GetFillColor(handle, index, r, g, b, a)
                found.append(Inked(char, Box(left, height - top, right, height - bottom), (r.value, g.value, b.value)))
        text.close()
        return tuple(found)


def inked_boxes(path: Path) -> tuple[tuple[Box, ...], ...]:
    """The box of everything each page of a printed PDF prints: each glyph (spaces too), each painted path and
    each image, inside its forms too."""
    data = path.read_bytes()
    fonts = _fonts(data)
    with _opened(data) as document:
        pages = []
        for page in document:
            height = page.get_height()
            boxes = [glyph.box(height) for glyph in _glyphs(page, fonts)]
            for placed in _objects(page):
                if placed.kind == raw.FPDF_PAGEOBJ_PATH and (shape := _shape(placed, height)).painted:
                    boxes.append(shape.box)
                elif placed.kind == raw.FPDF_PAGEOBJ_IMAGE:
                    boxes.append(_image_box(placed.to_page, height))
            pages.append(tuple(boxes))
        return tuple(pages)


def image_boxes(path: Path) -> tuple[tuple[Box, ...], ...]:
    """The box of each image each page of a printed PDF draws (inside its forms too)."""
    with _opened(path) as document:
        return tuple(
            tuple(
                _image_box(placed.to_page, page.get_height())
                for placed in _objects(page)
                if placed.kind == raw.FPDF_PAGEOBJ_IMAGE
            )
            for page in document
        )


class Lettering(NamedTuple):
    """A text object as printed: its characters, its box (points from the page's top left) and its size."""

    text: str
    box: Box
    size: float


def drawn_in_order(path: Path, number: int = 0) -> tuple[Shape | Lettering, ...]:
    """The paths and texts of one page of a printed PDF (``number`` from 0), inside its forms too, in the order
    the page draws them: what was drawn just before a text, such as the disc it is printed on."""
    with _opened(path) as document:
        page = document[number]
        height, text = page.get_height(), page.get_textpage()
        found: list[Shape | Lettering] = []

        def visit(obj: Any, outer: pypdfium2.PdfMatrix, in_form: bool) -> None:
            kind = _lib.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_FORM:
                form = _to_page(obj, outer)
                for index in range(_lib.FPDFFormObj_CountObjects(obj)):
                    visit(_lib.FPDFFormObj_GetObject(obj, index), form, True)
            elif kind == raw.FPDF_PAGEOBJ_PATH:
                found.append(_shape(Placed(obj, kind, in_form, outer), height))
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                found.append(_lettering(obj, outer, _address(text), height))

        handle = _address(page)
        for index in range(_lib.FPDFPage_CountObjects(handle)):
            visit(_lib.FPDFPage_GetObject(handle, index), pypdfium2.PdfMatrix(), False)
        text.close()
        page.close()
        return tuple(found)


def _lettering(obj: Any, outer: pypdfium2.PdfMatrix, text: int, height: float) -> Lettering:
    """A text object (lying in a form that ``outer`` places, or on the page)."""
    length = _lib.FPDFTextObj_GetText(obj, text, None, 0)
    buffer = (ctypes.c_ushort * max(1, length // 2))()
    _lib.FPDFTextObj_GetText(obj, text, buffer, length)
    chars = bytes(buffer).decode("utf-16-le").rstrip("\x00")
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    _lib.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    x0, y0, x1, y1 = outer.on_rect(left.value, bottom.value, right.value, top.value)
    size, to_page = ctypes.c_float(), _to_page(obj, outer)
    _lib.FPDFTextObj_GetFontSize(obj, size)
    return Lettering(chars, Box(x0, height - y1, x1, height - y0), size.value * math.hypot(to_page.a, to_page.b))


def _image_box(to_page: pypdfium2.PdfMatrix, height: float) -> Box:
    """An image's box: it fills the unit square its matrix maps."""
    left, bottom, right, top = to_page.on_rect(0, 0, 1, 1)
    return Box(left, height - top, right, height - bottom)


def ink_by_the_edges(path: Path, dpi: int, border_px: int) -> Iterator[int]:
    """For each page of a printed PDF rendered in greyscale on white at ``dpi``, how many pixels within
    ``border_px`` of its edges are not white (under 250 of 255). Only four strips round the edges are rendered
    (PDFium skips what lies inside them: several times quicker than the whole page), each ``_SEAM`` pixels wider
    than it is counted, as anti-aliasing may differ by a shade next to where a bitmap ends."""
    with _opened(path) as document:
        for page in document:
            width, height = math.ceil(page.get_width() * dpi / 72), math.ceil(page.get_height() * dpi / 72)
            b, wide = border_px, border_px + _SEAM
            strips = {  # what is cut off the page's bitmap, in pixels (left, bottom, right, top): what is counted
                (0, height - wide, 0, 0): (0, 0, width, b),
                (0, 0, 0, height - wide): (0, _SEAM, width, wide),
                (0, 0, width - wide, 0): (0, b, b, height - b),
                (width - wide, 0, 0, 0): (_SEAM, b, wide, height - b),
            }
            count = 0
            for crop, counted in strips.items():
                strip = page.render(scale=dpi / 72, grayscale=True, crop=crop).to_pil().convert("L")
                pixels = strip.crop(counted).tobytes()
                count += len(pixels) - sum(pixels.count(white) for white in range(250, 256))
            yield count


_SEAM = 16  # pixels rendered past a strip's counted part
