"""The calibration sheet: rulers (mm and inch) and a square to check 100 % printing, and a duplex registration grid.

The front carries long thin crosses; the back carries, at the mirrored spots, a
millimetre scale in each direction. Held against a light with the back facing
you, the front's crosses show through: where each cross meets the scales is the
correction to add to the back offset (right and down positive).
"""

from __future__ import annotations

from pnp.printing.canvas import Canvas, Point
from pnp.printing.fit import wrapped
from pnp.printing.fonts import extent
from pnp.printing.marks import HAIRLINE, INK
from pnp.printing.pages import Page
from pnp.printing.paper import PageFrame, Rect, page_frame
from pnp.printing.settings import PrintSettings
from pnp.texts import Catalogue

RULER = 100.0
INCH = 25.4  # mm
INCHES = 4  # the inch scale's length, ticked every eighth of an inch
INCH_GAP = 3.0  # mm from the ruler's baseline down to the inch scale's
SCALE = 6  # the back's scales run from -SCALE to +SCALE mm
CROSS_ARM = 9.0  # the front's crosses reach past the scales
EDGE = 17.0  # grid points' distance from the printable edge
TEXT_SIZE = 7.0
SCALE_TEXT = 6.0  # the smallest text printed anywhere on a part
LINE = 4.0
SQUARE_TOP = 38.0  # below the printable area's top, as are the next two
TEXT_TOP = 149.0
TEXT_END = TEXT_TOP + 20  # the front's text ends here (the back's too, from BACK_TOP): the crosses lie below
BACK_TOP = 60.0
PART = "calibration sheet"

FRONT_TEXT = ("print.calibration.front1", "print.calibration.front2", "print.calibration.front3")
BACK_TEXT = ("print.calibration.back1", "print.calibration.back2", "print.calibration.back3", "print.calibration.back4")


def grid_points(frame: PageFrame) -> list[Point]:
    """Front registration crosses: the corners and middles of the page's sides, and two down its centre line."""
    area = frame.printable
    left, centre, right = area.x + EDGE, frame.width / 2, area.right - EDGE
    top, middle, bottom = area.y + EDGE, frame.height / 2, frame.content.bottom - EDGE
    below_text = (area.y + TEXT_END + bottom) / 2
    return [(x, y) for y in (top, middle, bottom) for x in (left, right)] + [(centre, below_text), (centre, bottom)]


def calibration_pages(settings: PrintSettings, texts: Catalogue) -> list[Page]:
    """The front (ruler, square, crosses) and the back (scales), shifted by the back offset in use."""
    frame = page_frame(settings.paper)
    dx, dy = settings.back_offset

    def front(canvas: Canvas) -> None:
        area = frame.content
        left = (frame.width - RULER) / 2
        canvas.text(frame.width / 2, area.y + 6, texts("print.calibration.title"), size=11, anchor="middle", bold=True)
        _ruler(canvas, left, area.y + 24, texts("print.calibration.mm"))
        _inch_scale(canvas, left, area.y + 24 + INCH_GAP, texts("print.calibration.inches"))
        canvas.rect(left, area.y + SQUARE_TOP, RULER, RULER, stroke=INK, width=0.3)
        square = texts("print.calibration.square")
        canvas.text(frame.width / 2, area.y + SQUARE_TOP + RULER / 2, square, size=10, anchor="middle", bold=True)
        _paragraph(canvas, frame, area.y + TEXT_TOP, _entries(texts, FRONT_TEXT))
        for x, y in grid_points(frame):
            canvas.line(x - CROSS_ARM, y, x + CROSS_ARM, y, stroke=INK, width=HAIRLINE)
            canvas.line(x, y - CROSS_ARM, x, y + CROSS_ARM, stroke=INK, width=HAIRLINE)

    def back(canvas: Canvas) -> None:
        with canvas.group(dx, dy, name="calibration-back"):
            below = _paragraph(canvas, frame, frame.content.y + BACK_TOP, _entries(texts, BACK_TEXT))
            note = texts("print.calibration.offset", x=f"{dx:g}", y=f"{dy:g}")
            _paragraph(canvas, frame, below + LINE, (("print.calibration.offset", note),))
            for x, y in grid_points(frame):
                _scales(canvas, frame.width - x, y)

    return [
        Page(
            frame, front, texts("print.calibration.front_label"), {texts("document.calibration"): 1}, duplex_front=True
        ),
        Page(frame, back, texts("print.calibration.back_label")),
    ]


def _entries(texts: Catalogue, keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((key, texts(key)) for key in keys)


def _ruler(canvas: Canvas, x: float, y: float, unit: str) -> None:
    """A 100 mm ruler along the baseline ``y``, ticks every millimetre, numbered every ten."""
    canvas.line(x, y, x + RULER, y, stroke=INK, width=HAIRLINE)
    for mm in range(int(RULER) + 1):
        tick = 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5
        canvas.line(x + mm, y, x + mm, y - tick, stroke=INK, width=HAIRLINE)
        if mm % 10 == 0:
            canvas.text(x + mm, y - 5, str(mm), size=6, anchor="middle")
    canvas.text(x + RULER + 2, y, unit, size=6)


def _inch_scale(canvas: Canvas, x: float, y: float, unit: str) -> None:
    """An INCHES-inch scale hanging below the baseline ``y``: ticks every eighth, longer at quarters, halves, inches."""
    canvas.line(x, y, x + INCHES * INCH, y, stroke=INK, width=HAIRLINE)
    for eighth in range(INCHES * 8 + 1):
        tick = 4.0 if eighth % 8 == 0 else 3.0 if eighth % 4 == 0 else 2.2 if eighth % 2 == 0 else 1.4
        at = x + eighth * INCH / 8
        canvas.line(at, y, at, y + tick, stroke=INK, width=HAIRLINE)
        if eighth % 8 == 0:
            canvas.text(at, y + 6.3, str(eighth // 8), size=6, anchor="middle")
    canvas.text(x + INCHES * INCH + 2, y + 2, unit, size=6)


def _scales(canvas: Canvas, x: float, y: float) -> None:
    """Millimetre scales crossing at (x, y): X across (right +), Y down (down +)."""
    canvas.line(x - SCALE, y, x + SCALE, y, stroke=INK, width=HAIRLINE)
    canvas.line(x, y - SCALE, x, y + SCALE, stroke=INK, width=HAIRLINE)
    for mm in range(-SCALE, SCALE + 1):
        tick = 1.6 if mm % 5 == 0 else 0.9
        canvas.line(x + mm, y, x + mm, y + tick, stroke=INK, width=HAIRLINE)
        canvas.line(x, y + mm, x + tick, y + mm, stroke=INK, width=HAIRLINE)
    for mm in (-5, 5):
        canvas.text(x + mm, y - 1.2, f"{mm:+d}", size=SCALE_TEXT, anchor="middle")  # above: clear of the Y labels
        canvas.text(x - 1.2, y + mm + 0.8, f"{mm:+d}", size=SCALE_TEXT, anchor="end")
    canvas.text(x + SCALE + 1, y + 0.8, "X", size=SCALE_TEXT, bold=True)
    canvas.text(x, y + SCALE + 3, "Y", size=SCALE_TEXT, anchor="middle", bold=True)


def _paragraph(canvas: Canvas, frame: PageFrame, top: float, entries: tuple[tuple[str, str], ...]) -> float:
    """Each entry (catalogue key, text) in centred lines clear of the grid's side columns, the first baseline at
    ``top``, ``LINE`` apart; one too long for a line wraps onto the next, and one that the page's room for text
    (down to ``TEXT_END``) cannot hold even at 6 pt is an overflow, as a card's text is. The next baseline."""
    room = frame.printable.w - 4 * EDGE
    x, bottom = (frame.width - room) / 2, frame.content.y + TEXT_END
    ascent, _ = extent(TEXT_SIZE, False, canvas.faces)
    for index, (key, text) in enumerate(entries):
        later = len(entries) - 1 - index  # a line kept for each entry still to come
        box = Rect(x, top - ascent, room, max(0.0, bottom - top + ascent - later * LINE))
        fitted = wrapped(text, box, TEXT_SIZE, part=PART, field=key, faces=canvas.faces)
        for line in fitted.lines:
            canvas.text(frame.width / 2, top, line, size=fitted.size, anchor="middle")
            top += fitted.step
        top = min(top + LINE - fitted.step, box.bottom + ascent)  # an overflow, drawn anyway, pushes none on
    return top
