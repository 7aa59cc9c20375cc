"""Checking a PDF against a print shop's file rules, as ``pnp preflight`` does: a list of problems, one line each.

Each page is checked for:

- **missing bleed**: no BleedBox, a BleedBox that does not hold the TrimBox or is not inside the MediaBox, or
  (for a print shop) less bleed round the trim than the shop asks on any side;
- **content in the safe zone**: a text object that reaches into the strip between the trim and the safe line
  (the trim shrunk by the shop's safe margin) while touching the trim; text wholly outside the trim is cut
  away, so it is not counted;
- **text under 6 pt**: its printed size (font size times the scale it is drawn at); fine print (a lone
  character, such as a badge's letter, or text outside the trim, such as a footer) may be 5 pt;
- **images under 300 dpi**: pixels per inch at the size the image is drawn;
- **fonts not embedded**;
- **total ink** over the shop's limit: the sum of the four inks of a CMYK colour (fills, strokes and CMYK
  images); RGB and grey files have no ink to add up.

and each file, for a shop that takes CMYK PDF/X-1a only (DriveThruCards), for **RGB colours** or **no PDF/X-1a**
(``pnp.printing.preflight_pdfx``): one line for the file, the shop refusing it whole.

Text inside a marked-content *Artifact* (a picture of parts printed elsewhere at full size, such as a board's
overview) is not held to the size and safe-zone rules. Everything is read with PDFium (pypdfium2, which also
rasterises ``pnp export``) but the colours of fills and strokes (``pnp.printing.inks``).
"""

from __future__ import annotations

import ctypes
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.printing.inks import ink_problems
from pnp.printing.preflight_pdfx import pdfx_problem

MM = 72 / 25.4  # points per millimetre
MAX_BYTES = 200 * 1024 * 1024  # a kit's largest PDF is well under 1 MB
SMALLEST_TEXT = 6.0  # pt
FINE_PRINT = 5.0  # pt: a lone character, or text cut away with the margin
SMALLEST_DPI = 300.0
Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # left, bottom, right, top in points
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Press:
    """A print shop's file rules: bleed and safe margin round the trim (mm), the most ink (% of one colour), and
    whether it takes CMYK PDF/X-1a files only."""

    name: str
    bleed: float
    safe: float
    ink: float
    pdfx: bool = False


INCH_EIGHTH = 25.4 / 8
PRESSES = {
    "tgc": Press("The Game Crafter", INCH_EIGHTH, INCH_EIGHTH, 300.0),
    "drivethru": Press("DriveThruCards", INCH_EIGHTH, INCH_EIGHTH, 240.0, pdfx=True),
    "generic": Press("a print shop", 3.0, 3.0, 300.0),
}
HOME = Press("a home printer", 0.0, 0.0, 300.0)  # boxes present and in order; no safe margin asked


def preflight(path: Path, press: Press = HOME) -> list[str]:
    """Every problem of the PDF at ``path`` for ``press``, each ``page N: what`` (or ``what`` of the whole file);
    empty when it is clean."""
    import pypdfium2

    _check_size(path)
    try:
        document = pypdfium2.PdfDocument(path)
    except pypdfium2.PdfiumError as error:
        raise PnpError(f"{path}: not a readable PDF ({error})") from None
    try:
        problems = [f"page {n}: {what}" for n, page in enumerate(document, 1) for what in _page_problems(page, press)]
    finally:
        document.close()
    problems += [f"page {n}: {what}" for n, what in ink_problems(path, press.ink)]
    whole = pdfx_problem(path, press.name) if press.pdfx else ""  # of the file, not a page
    return problems + ([whole] if whole else [])


def _check_size(path: Path) -> None:
    try:
        size = path.stat().st_size
    except OSError as error:
        raise PnpError(f"{path}: cannot read ({error.strerror})") from None
    if not path.is_file():
        raise PnpError(f"{path}: not a file")
    if size > MAX_BYTES:
        raise PnpError(f"{path}: {size / 2**20:.0f} MB, larger than the {MAX_BYTES // 2**20} MB pnp checks")


def _page_problems(page: Any, press: Press) -> Iterator[str]:
    import pypdfium2.raw as pdfium

    trim, problem = _boxes(page, press)
    if problem:
        yield problem
    safe = _shrink(trim, press.safe * MM)
    text_page = page.get_textpage()
    letters = _Letters(text_page)
    fonts: set[str] = set()
    raw = page.raw
    objects = [pdfium.FPDFPage_GetObject(raw, i) for i in range(pdfium.FPDFPage_CountObjects(raw))]
    for obj, kind, matrix, in_artifact in _objects(objects):
        if kind == pdfium.FPDF_PAGEOBJ_TEXT:
            artifact = in_artifact or _is_artifact(obj)
            yield from _text_problems(obj, matrix, artifact, text_page, letters, trim, safe, press, fonts)
        elif kind == pdfium.FPDF_PAGEOBJ_IMAGE:
            yield from _image_problems(obj, matrix, press, raw)


def _boxes(page: Any, press: Press) -> tuple[Box, str]:
    """The page's TrimBox, and what is wrong with its bleed ("" if nothing)."""
    import pypdfium2.raw as pdfium

    media = _box(pdfium.FPDFPage_GetMediaBox, page.raw) or (0.0, 0.0, *page.get_size())
    trim = _box(pdfium.FPDFPage_GetTrimBox, page.raw) or media
    bleed = _box(pdfium.FPDFPage_GetBleedBox, page.raw)
    if bleed is None:
        return trim, "missing bleed: no BleedBox"
    if not _inside(trim, bleed):
        return trim, "missing bleed: the TrimBox is not inside the BleedBox"
    if not _inside(bleed, media):
        return trim, "missing bleed: the BleedBox is not inside the MediaBox"
    sides = {"left": trim[0] - bleed[0], "right": bleed[2] - trim[2], "top": bleed[3] - trim[3]}
    sides["bottom"] = trim[1] - bleed[1]
    short = {side: room for side, room in sides.items() if room < press.bleed * MM - 0.01 * MM}
    if not short:
        return trim, ""
    least = min(short.values())
    where = "on every side" if len(short) == 4 else "at the " + " and ".join(short)
    return trim, f"missing bleed: {least / MM:.2f} mm {where}, under {press.name}'s {press.bleed:g} mm"


def _box(getter: Any, raw: Any) -> Box | None:
    values = [ctypes.c_float() for _ in range(4)]
    if not getter(raw, *values):
        return None
    left, bottom, right, top = (v.value for v in values)
    return min(left, right), min(bottom, top), max(left, right), max(bottom, top)


def _inside(inner: Box, outer: Box, tolerance: float = 0.01 * MM) -> bool:
    return (
        inner[0] >= outer[0] - tolerance
        and inner[1] >= outer[1] - tolerance
        and inner[2] <= outer[2] + tolerance
        and inner[3] <= outer[3] + tolerance
    )


def _shrink(box: Box, by: float) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _objects(
    objects: list[Any], outer: Matrix = _IDENTITY, artifact: bool = False
) -> Iterator[tuple[Any, int, Matrix, bool]]:
    """Every object that is not a form, with its type, the matrix of the forms round it (form space to page) and
    whether a form round it is an artifact (an object's own mark is read only for the objects that need it);
    forms are entered, however deep."""
    import pypdfium2.raw as pdfium

    for obj in objects:
        kind = pdfium.FPDFPageObj_GetType(obj)
        if kind == pdfium.FPDF_PAGEOBJ_FORM:
            held = [pdfium.FPDFFormObj_GetObject(obj, i) for i in range(pdfium.FPDFFormObj_CountObjects(obj))]
            yield from _objects(held, _then(_matrix(obj), outer), artifact or _is_artifact(obj))
        else:
            yield obj, kind, outer, artifact


def _is_artifact(obj: Any) -> bool:
    import pypdfium2.raw as pdfium

    for index in range(pdfium.FPDFPageObj_CountMarks(obj)):
        mark = pdfium.FPDFPageObj_GetMark(obj, index)
        length = ctypes.c_ulong()
        buffer = ctypes.create_string_buffer(64)
        name = ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort))
        named = pdfium.FPDFPageObjMark_GetName(mark, name, len(buffer), length)
        if named and buffer.raw[: max(0, length.value - 2)].decode("utf-16-le") == "Artifact":
            return True
    return False


def _matrix(obj: Any) -> Matrix:
    import pypdfium2.raw as pdfium

    m = pdfium.FS_MATRIX()
    pdfium.FPDFPageObj_GetMatrix(obj, m)
    return m.a, m.b, m.c, m.d, m.e, m.f


def _then(first: Matrix, second: Matrix) -> Matrix:
    """The matrix that applies ``first``, then ``second`` (PDF's row-vector order)."""
    a, b, c, d, e, f = first
    a2, b2, c2, d2, e2, f2 = second
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _scale(m: Matrix) -> float:
    """How much ``m`` enlarges an area's side, on average."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _bounds(obj: Any, outer: Matrix) -> Box:
    """An object's bounding box on the page (its own bounds are in the space of the form holding it)."""
    import pypdfium2.raw as pdfium

    values = [ctypes.c_float() for _ in range(4)]
    pdfium.FPDFPageObj_GetBounds(obj, *values)
    left, bottom, right, top = (v.value for v in values)
    a, b, c, d, e, f = outer
    xs, ys = [], []
    for x, y in ((left, bottom), (left, top), (right, bottom), (right, top)):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return min(xs), min(ys), max(xs), max(ys)


def _text_problems(
    obj: Any,
    outer: Matrix,
    artifact: bool,
    text_page: Any,
    letters: _Letters,
    trim: Box,
    safe: Box,
    press: Press,
    fonts: set[str],
) -> Iterator[str]:
    import pypdfium2.raw as pdfium

    font = pdfium.FPDFTextObj_GetFont(obj)
    if font and not pdfium.FPDFFont_GetIsEmbedded(font):
        name = _font_name(font)
        if name not in fonts:
            fonts.add(name)
            yield f"font not embedded: {name}"
    if artifact:
        return
    box = _bounds(obj, outer)
    on_part = _overlaps(box, trim)
    size = ctypes.c_float()
    pdfium.FPDFTextObj_GetFontSize(obj, size)
    printed = size.value * _scale(_then(_matrix(obj), outer))
    too_small = printed < SMALLEST_TEXT - 0.05
    unsafe = bool(press.safe) and on_part and not _inside(box, safe, tolerance=0.0)
    if not (too_small or unsafe):
        return
    count = letters(obj)
    if not count:
        return
    least = SMALLEST_TEXT if on_part and count > 1 else FINE_PRINT
    if not (unsafe or printed < least - 0.05):
        return
    text = " ".join(_text(obj, text_page).split())  # read only for a problem's line: the slowest step
    if printed < least - 0.05:
        yield f'text under {least:g} pt: "{_short(text)}" at {printed:.1f} pt'
    if unsafe:
        yield f'content in the safe zone: text "{_short(text)}" within {press.safe:g} mm of the trim'


class _Letters:
    """How many characters other than white space each text object of a page prints: its text as ``_text`` reads
    it, but counted for every object in one pass over the page's characters (``_text`` scans them all for one
    object), on the first question."""

    def __init__(self, text_page: Any) -> None:
        self._raw = text_page.raw
        self._counts: Counter[bytes] | None = None

    def __call__(self, obj: Any) -> int:
        import pypdfium2.raw as pdfium

        if self._counts is None:
            self._counts = Counter()
            for index in range(pdfium.FPDFText_CountChars(self._raw)):
                code = pdfium.FPDFText_GetUnicode(self._raw, index)
                if code and not (code < 0x110000 and chr(code).isspace()):
                    self._counts[bytes(pdfium.FPDFText_GetTextObject(self._raw, index))] += 1
        return self._counts[bytes(obj)]  # a handle's bytes: the object's address


def _text(obj: Any, text_page: Any) -> str:
    import pypdfium2.raw as pdfium

    length = pdfium.FPDFTextObj_GetText(obj, text_page.raw, None, 0)
    buffer = ctypes.create_string_buffer(length)
    pdfium.FPDFTextObj_GetText(obj, text_page.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), length)
    return buffer.raw.decode("utf-16-le", errors="replace").rstrip("\0")


def _font_name(font: Any) -> str:
    import pypdfium2.raw as pdfium

    length = pdfium.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(length)
    pdfium.FPDFFont_GetBaseFontName(font, buffer, length)
    return buffer.value.decode("latin-1") or "(unnamed)"


def _short(text: str, most: int = 30) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def _image_problems(obj: Any, outer: Matrix, press: Press, page: Any) -> Iterator[str]:
    import pypdfium2.raw as pdfium

    width, height = ctypes.c_uint(), ctypes.c_uint()
    if not pdfium.FPDFImageObj_GetImagePixelSize(obj, width, height):
        return
    a, b, c, d, _, _ = _then(_matrix(obj), outer)  # an image fills the unit square: its sides in points
    across, down = math.hypot(a, b), math.hypot(c, d)
    if not (across and down):
        return
    dpi = min(width.value / (across / 72), height.value / (down / 72))
    if dpi < SMALLEST_DPI - 0.5:
        yield f"image under {SMALLEST_DPI:g} dpi: {width.value}x{height.value} px at {dpi:.0f} dpi"
    ink = _image_ink(obj, page, width.value, height.value)
    if ink is not None and ink > press.ink + 0.5:
        yield f"total ink over {press.ink:g} %: an image at {ink:.0f} %"


def _image_ink(obj: Any, page: Any, width: int, height: int) -> float | None:
    """The most ink (%) of any pixel of a CMYK image, None for other images or ones PDFium cannot decode."""
    import pypdfium2.raw as pdfium
    from PIL import Image, ImageMath

    metadata = pdfium.FPDF_IMAGEOBJ_METADATA()
    if not pdfium.FPDFImageObj_GetImageMetadata(obj, page, metadata):  # the page gives the colour space
        return None
    if metadata.colorspace != pdfium.FPDF_COLORSPACE_DEVICECMYK:
        return None
    length = pdfium.FPDFImageObj_GetImageDataDecoded(obj, None, 0)
    if length != width * height * 4:  # not 8 bits an ink (or still compressed, as a JPEG is): not measured
        return None
    data = ctypes.create_string_buffer(length)
    pdfium.FPDFImageObj_GetImageDataDecoded(obj, data, length)
    c, m, y, k = (band.convert("I") for band in Image.frombytes("CMYK", (width, height), data.raw).split())
    total = ImageMath.lambda_eval(lambda inks: inks["c"] + inks["m"] + inks["y"] + inks["k"], c=c, m=m, y=y, k=k)
    return float(total.getextrema()[1]) / 255 * 100
