"""Text that fits its box: wrapped first, then shrunk, down to the smallest size a kit prints; below that, one
line naming the part, the field and how much is over.

Every game draws its printed text boxes (card titles and texts, token and piece labels, names on boards)
through ``line`` (one line) or ``block`` (wrapped lines in a rectangle), measured in the canvas's own faces.
``pnp.printing.render`` puts the kit's title before the message of an :class:`Overflow`. A text too long stops
the drawing, but within :func:`collected` (a check that reports every text too long) it is drawn at 6 pt and
kept. ``fit_block`` only measures, and always raises: a drawing may try a box with it (``wrapped`` is what draws).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from pnp.errors import PnpError
from pnp.printing import fonts
from pnp.printing.canvas import PT, Anchor, Canvas, Color
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.legible import SMALLEST_PT
from pnp.printing.paper import Rect

LEADING = 1.2  # from one baseline to the next, in sizes
STEP_PT = 0.25  # how much a wrapped text shrinks at a time
_SLACK = 1e-6  # mm of rounding a fitted width may exceed its room by


class Overflow(PnpError):
    """A text that does not fit its box even at ``SMALLEST_PT``: the ``part`` it is printed on, its ``field`` (a
    catalogue key, where the text is one, so a check can point at the line of a variant that sets it), by how
    much it is over, and the ``text`` itself (where known: a check looks for it in the files it came from; for a
    sheet run past its last column, every paragraph, item, cell and caption that may have pushed it, one a
    line)."""

    def __init__(self, part: str, field: str, over: str, text: str = "") -> None:
        super().__init__(f"{_short(part)}, {field}: {over}")
        self.part, self.field, self.over, self.text = part, field, over, text

    def of_kit(self, title: str) -> Overflow:
        """The same overflow, its part named with the title of the kit it is in and its message led by it (as a
        build stops on it): "Air King event card 'Storm', text: ..."."""
        titled = Overflow(f"{title} {self.part}", self.field, self.over, self.text)
        titled.args = (f"{title} {self}",)
        return titled


def _short(part: str, most: int = 100) -> str:
    """A part's name cut to ``most`` characters: one named by its own overlong title need not say it whole (a
    quoted name at its end keeps its closing quote: "city card 'Budapest the…'")."""
    if len(part) <= most:
        return part
    closing = "'" if part.endswith("'") else ""
    return part[: most - 1 - len(closing)].rstrip() + "…" + closing


@dataclass(frozen=True)
class Fitted:
    """A text's lines at the size that fits them."""

    lines: tuple[str, ...]
    size: float

    @property
    def step(self) -> float:
        """mm from one baseline to the next."""
        return self.size * LEADING * PT


_COLLECTED: ContextVar[list[Overflow] | None] = ContextVar("collected overflows", default=None)


@contextmanager
def collected() -> Iterator[list[Overflow]]:
    """Within it, a text too long for its box is drawn at 6 pt and added to the list yielded, rather than raised."""
    found: list[Overflow] = []
    token = _COLLECTED.set(found)
    try:
        yield found
    finally:
        _COLLECTED.reset(token)


def _drawn_anyway(overflow: Overflow) -> None:
    """Raise ``overflow``, or keep it when the overflows are being collected."""
    found = _COLLECTED.get()
    if found is None:
        raise overflow
    found.append(overflow)


def figures(need: float, room: float) -> tuple[str, str]:
    """The mm a text needs and the mm its place holds, as a message writes them: to a tenth, or to a hundredth
    where tenths would read as if it fitted ("needs 22.43 mm, holds 22.40 mm")."""
    places = 1 if f"{need:.1f}" != f"{room:.1f}" else 2
    return f"{need:.{places}f}", f"{room:.{places}f}"


def _overflow(part: str, field: str, need: float, room: float, dimension: str, text: str = "") -> Overflow:
    needs, holds = figures(need, room)
    if room <= 0:  # the part's other contents take all its room (a small card): no size of text would help
        over = f"the text needs {needs} mm of {dimension}, but the rest of the part leaves it no room"
    else:
        over = f"the text needs {needs} mm of {dimension}, the box holds {holds} mm at {SMALLEST_PT:g} pt"
    return Overflow(part, field, over, text)


def check_height(need: float, room: float, *, part: str, field: str) -> None:
    """Overflow when text already at 6 pt needs ``need`` mm of height and its box holds ``room``."""
    if need > room + _SLACK:
        _drawn_anyway(_overflow(part, field, need, room, "height"))


def fit_line(
    text: str,
    width: float,
    size: float,
    *,
    part: str,
    field: str,
    bold: bool = False,
    faces: Faces = DEFAULT,
    written: str = "",
) -> float:
    """The largest size up to ``size`` at which ``text`` fits ``width`` mm on one line; Overflow below 6 pt (6 pt
    when collected). ``written``: the part of ``text`` a file writes, where the drawing adds to it ("P1 " before a
    company)."""
    fitted = fonts.fit_size(text, width, size, bold, SMALLEST_PT, faces)
    need = fonts.text_width(text, fitted, bold, faces)
    if need > width + _SLACK:
        _drawn_anyway(_overflow(part, field, need, width, "width", written or text))
        return SMALLEST_PT
    return fitted


def _height(lines: int, size: float, bold: bool, faces: Faces) -> float:
    """mm from the top of the first line to the bottom of the last."""
    ascent, descent = fonts.extent(size, bold, faces)
    return (lines - 1) * size * LEADING * PT + ascent + descent


def fit_block(
    text: str, box: Rect, size: float, *, part: str, field: str, bold: bool = False, faces: Faces = DEFAULT
) -> Fitted:
    """``text`` wrapped to ``box``'s width at the largest size (down from ``size`` in quarter points) at which its
    lines fit the box; Overflow when they do not at 6 pt (a word too wide, or too many lines)."""
    current = size
    while True:
        lines = fonts.wrap(text, current, box.w, bold, faces)
        widest = max((fonts.text_width(line, current, bold, faces) for line in lines), default=0.0)
        tall = _height(len(lines), current, bold, faces) if lines else 0.0
        if widest <= box.w + _SLACK and tall <= box.h + _SLACK:
            return Fitted(tuple(lines), current)
        if current <= SMALLEST_PT:
            if widest > box.w + _SLACK:
                raise _overflow(part, field, widest, box.w, "width", text)
            raise _overflow(part, field, tall, box.h, "height", text)
        current = max(SMALLEST_PT, current - STEP_PT)


def wrapped(
    text: str, box: Rect, size: float, *, part: str, field: str, bold: bool = False, faces: Faces = DEFAULT
) -> Fitted:
    """The lines to draw ``text`` in, as :func:`fit_block` finds them; at 6 pt for a text too long, when collected."""
    try:
        return fit_block(text, box, size, part=part, field=field, bold=bold, faces=faces)
    except Overflow as overflow:
        _drawn_anyway(overflow)
        return Fitted(tuple(fonts.wrap(text, SMALLEST_PT, box.w, bold, faces)), SMALLEST_PT)


def line(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    width: float,
    *,
    size: float,
    part: str,
    field: str,
    bold: bool = False,
    anchor: Anchor = "start",
    fill: Color = "#000000",
    rotate: float = 0.0,
    written: str = "",
) -> float:
    """One line with its baseline at ``y``, shrunk to fit ``width`` mm (anchored as ``anchor`` says); its size.
    ``written``: as :func:`fit_line` has it."""
    fitted = fit_line(text, width, size, part=part, field=field, bold=bold, faces=c.faces, written=written)
    c.text(x, y, text, size=fitted, anchor=anchor, bold=bold, fill=fill, rotate=rotate)
    return fitted


def block(
    c: Canvas,
    box: Rect,
    text: str,
    *,
    size: float,
    part: str,
    field: str,
    bold: bool = False,
    anchor: Anchor = "start",
    fill: Color = "#000000",
    low: bool = False,
) -> Fitted:
    """``text`` wrapped and shrunk into ``box``, from its top (``low``: its last line on the box's bottom); its
    lines."""
    fitted = wrapped(text, box, size, part=part, field=field, bold=bold, faces=c.faces)
    ascent, descent = fonts.extent(fitted.size, bold, c.faces)
    y = box.y + ascent
    if low:
        y = box.bottom - descent - (len(fitted.lines) - 1) * fitted.step
    x = {"start": box.x, "middle": box.x + box.w / 2, "end": box.right}[anchor]
    for text_line in fitted.lines:
        c.text(x, y, text_line, size=fitted.size, anchor=anchor, bold=bold, fill=fill)
        y += fitted.step
    return fitted
