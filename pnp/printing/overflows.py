"""Every text of a kit too long for its box, found by drawing the kit on a canvas that draws nothing.

``pnp map check`` reports them beside a map's other errors, so a designer hears of every long name before
``pnp build`` stops on the first one, at the line that writes it (:func:`written_at`). Each card, token, board
and sheet is drawn once, its texts too long drawn at 6 pt and collected (``fit.collected``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Unpack

from pnp.errors import PnpError
from pnp.files import read_text
from pnp.printing.art import Art
from pnp.printing.calibration import calibration_pages
from pnp.printing.canvas import Draw, LineStyle, PathOp, Point, PolygonStyle, RectStyle, ShapeStyle, TextStyle
from pnp.printing.fit import Overflow, collected
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.parts import Board, Deck, Die, Face, Kit, Piece, TokenSheet
from pnp.printing.settings import PrintSettings


class Blank:
    """The Canvas protocol drawing nothing, measuring text in ``faces``."""

    def __init__(self, faces: Faces = DEFAULT) -> None:
        self._faces = faces

    @property
    def faces(self) -> Faces:
        return self._faces

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        return None

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        return None

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        return None

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        return None

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        return None

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        return None

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        return nullcontext()

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        return nullcontext()

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        return nullcontext()

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        return None


def _drawings(kit: Kit) -> Iterator[Draw]:
    """What each part of ``kit`` draws: every face of its cards and tokens, its boards and its sheets (and
    the pieces, dice and board a sheet stands for), and the calibration sheet in its words (on A4, the narrower
    of the home papers)."""
    yield from (page.draw for page in calibration_pages(PrintSettings(), kit.texts))
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, Deck | TokenSheet):
                items = part.cards if isinstance(part, Deck) else part.tokens
                for item in items:
                    yield item.front.draw
                    if item.back is not None:
                        yield item.back.draw
            elif isinstance(part, Board):
                yield part.drawing.draw
            else:  # a sheet, then what a virtual table cuts from it, each on its own (its first overflow each)
                yield part.drawing.draw
                yield from (face.draw for piece in part.pieces for face in _faces(piece))
                if part.board is not None:
                    yield part.board.draw


def _faces(piece: Piece | Die) -> tuple[Face, ...]:
    if isinstance(piece, Die):
        return piece.faces
    return (piece.front,) if piece.back is None else (piece.front, piece.back)


def overflows(kit: Kit) -> list[Overflow]:
    """Every text of ``kit`` that does not fit its box at 6 pt, each message once, in the order printed, the
    kit's title before its message."""
    canvas = Blank(kit.faces)
    with collected() as found:
        for draw in _drawings(kit):
            try:
                draw(canvas)
            except Overflow as exc:  # raised by a drawing's own check: the rest of that drawing is not seen
                found.append(exc)
    titled = (Overflow(f"{kit.title} {exc.part}", exc.field, exc.over, exc.text) for exc in found)
    return list({str(overflow): overflow for overflow in titled}.values())


def built_overflows(build: Callable[[], Kit]) -> list[Overflow]:
    """The overflows of the kit ``build`` makes, or the one that stops it being made (a rules sheet or an aid,
    set as the kit is made)."""
    try:
        kit = build()
    except Overflow as exc:
        return [exc]
    return overflows(kit)


@contextmanager
def located(files: Sequence[Path]) -> Iterator[None]:
    """Within it, a text too long for its box that one of ``files`` writes (a map's city name) is raised again as
    one line at the line that writes it, as ``pnp map check`` reports it."""
    try:
        yield
    except Overflow as exc:
        where = written_at(exc.text, files)
        if where is None:
            raise
        raise PnpError(f"{where}: {exc}") from None


MAX_SOURCE_BYTES = 2**20  # a map, a variant or a CSV deck read to find a text in it: the loaders' own limit
QUOTED = 12  # characters: a CSV cell shorter than this is no sign that a longer text quotes it (a title, a count)


def written_at(text: str, files: Sequence[Path]) -> str | None:
    """``FILE:LINE:COL`` where the first of ``files`` writes ``text`` as it is (in a CSV file, the cell that
    holds it, as ``FILE:ROW:COLUMN``, else the longest cell of some words that ``text`` quotes: a card's text
    too long for the player aid that lists it), a comment aside; None when none of them does."""
    if not text.strip():
        return None
    for path in files:
        try:
            source = read_text(path, MAX_SOURCE_BYTES)
        except (OSError, ValueError):  # read whole by its loader already: a file changed since is not looked in
            continue
        if path.suffix.lower() == ".csv":
            cells = [
                (cell, f"{path}:{row}:{column}")
                for row, line in enumerate(csv.reader(io.StringIO(source)), start=1)
                for column, cell in enumerate(line, start=1)
            ]
            exact = [where for cell, where in cells if cell == text]
            quoted = sorted((len(cell), where) for cell, where in cells if len(cell) >= QUOTED and cell in text)
            if exact or quoted:
                return exact[0] if exact else quoted[-1][1]
            continue
        for number, line in enumerate(source.splitlines(), start=1):
            column = line.find(text)
            if column >= 0 and not line.lstrip().startswith("#"):
                return f"{path}:{number}:{column + 1}"
    return None
