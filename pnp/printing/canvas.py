"""The one small drawing interface every component is drawn against.

Coordinates are millimetres with the origin at the top-left and y growing
downwards (as in SVG). Colours are ``#rrggbb`` strings; ``None`` means none.
Text sizes are in points. Both backends (PDF and SVG) implement this protocol,
so a component's drawing code is written once.

How a mark is drawn (its colours, widths, dashes, a text's size...) is passed as
keywords, each declared once here: a style (``ShapeStyle``, ``TextStyle``...)
names them, and its defaults (``SHAPE_DEFAULTS``...) give the value each takes
when left out. A backend draws ``DEFAULTS | style``; a wrapper passes ``**style``
on, changing only what it is for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TypedDict, Unpack

if TYPE_CHECKING:
    from pnp.printing.art import Art
    from pnp.printing.fonts import Faces

Color = str
Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]
Direction = Literal["auto", "ltr", "rtl"]
# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathOp = tuple[Any, ...]

PT = 25.4 / 72  # one point in millimetres
CAP_MIDDLE = 0.36  # the middle of a capital above its baseline, in ems: a baseline this far under a centre centres it


class LineStyle(TypedDict, total=False):
    """How a line is drawn; what is left out is as in ``LINE_DEFAULTS``."""

    stroke: Color
    width: float  # mm
    dash: Sequence[float] | None  # dash and gap lengths in mm; None: solid


class ShapeStyle(TypedDict, total=False):
    """How a shape is painted; what is left out is as in ``SHAPE_DEFAULTS``."""

    fill: Color | None  # None: not filled
    stroke: Color | None  # None: no outline
    width: float  # of the outline, mm
    dash: Sequence[float] | None  # dash and gap lengths in mm; None: solid


class RectStyle(ShapeStyle, total=False):
    """How a rectangle is drawn; what is left out is as in ``RECT_DEFAULTS``."""

    radius: float  # of rounded corners, mm


class PolygonStyle(ShapeStyle, total=False):
    """How a polygon is drawn; what is left out is as in ``POLYGON_DEFAULTS``."""

    closed: bool  # False: an open polyline, never filled


class TextStyle(TypedDict, total=False):
    """How a text is drawn; what is left out is as in ``TEXT_DEFAULTS``."""

    size: float  # points
    anchor: Anchor  # which end of the text, or its middle, is at x
    bold: bool
    fill: Color
    rotate: float  # degrees clockwise about the anchor
    direction: Direction  # its base direction: "auto" is that of its first letter


# Every style's value when a drawing does not say: the one place the backends take them from.
LINE_DEFAULTS: Final[LineStyle] = {"stroke": "#000000", "width": 0.25, "dash": None}
SHAPE_DEFAULTS: Final[ShapeStyle] = {"fill": None, "stroke": "#000000", "width": 0.25, "dash": None}
RECT_DEFAULTS: Final[RectStyle] = {**SHAPE_DEFAULTS, "stroke": None, "radius": 0.0}  # no outline unless asked
POLYGON_DEFAULTS: Final[PolygonStyle] = {**SHAPE_DEFAULTS, "closed": True}
TEXT_DEFAULTS: Final[TextStyle] = {
    "size": 8.0,
    "anchor": "start",
    "bold": False,
    "fill": "#000000",
    "rotate": 0.0,
    "direction": "auto",
}


class Canvas(Protocol):
    """What a component may draw with; ``faces`` are the kit's faces its text is drawn and measured in."""

    @property
    def faces(self) -> Faces:
        """The faces text is drawn in (see ``pnp.printing.fonts``)."""

    def rect(self, x: float, y: float, w: float, h: float, **style: Unpack[RectStyle]) -> None:
        """A rectangle, optionally with rounded corners."""

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Unpack[LineStyle]) -> None:
        """A straight line."""

    def polygon(self, points: Sequence[Point], **style: Unpack[PolygonStyle]) -> None:
        """A polygon, or an open polyline."""

    def path(self, ops: Sequence[PathOp], **style: Unpack[ShapeStyle]) -> None:
        """A path of move, line, cubic-curve and close operations."""

    def circle(self, cx: float, cy: float, r: float, **style: Unpack[ShapeStyle]) -> None:
        """A circle of radius ``r`` mm."""

    def text(self, x: float, y: float, s: str, **style: Unpack[TextStyle]) -> None:
        """Text with its baseline at ``y``."""

    def group(
        self, dx: float = 0.0, dy: float = 0.0, *, rotate: float = 0.0, scale: float = 1.0, name: str | None = None
    ) -> AbstractContextManager[None]:
        """Draw inside a translated (then rotated clockwise, then scaled) frame.

        ``name`` labels the group in the output (an SVG ``data-name``), so tests
        and tools can find components.
        """

    def clip(self, x: float, y: float, w: float, h: float) -> AbstractContextManager[None]:
        """Limit drawing to a rectangle while the context is open."""

    def clip_path(self, ops: Sequence[PathOp]) -> AbstractContextManager[None]:
        """Limit drawing to the inside of a closed path (see ``path``) while the context is open."""

    def image(self, x: float, y: float, w: float, h: float, art: Art) -> None:
        """A picture fitted inside the box (aspect kept, centred) and clipped to it (see ``pnp.printing.art``)."""


Draw = Callable[[Canvas], None]
Area = tuple[float, float, float, float]  # x, y, width and height, in mm


@dataclass(frozen=True)
class Drawing:
    """A picture of a known size: a pure function drawn against a Canvas.

    For a state picture, what a phone opens on, in the drawing's own coordinates: ``seats`` maps a
    player's name to their part (their pieces, where they play next), as (name, area) pairs so that a
    drawing stays hashable (a key for :func:`pnp.printing.reuse.place`); ``focus`` is everyone else's
    (``None``: the whole picture). Both are public, so a picture drawn once for every viewer carries
    every seat's. The phone zooms in further until every text in sight is legible, and keeps in sight
    the seat's own pieces: the groups drawn with the name ``pieces:NAME`` (see :func:`pieces_of`).
    ``places`` are where the play is (Air King's aircraft with the spaces each may reach), most first: a
    phone that cannot show its whole focus legibly opens on as many of them as it can show together.
    ``grids`` are the areas of its maps' grids (inside their frames): the texts of its groups named ``grid
    references`` beyond an edge of one name its columns (above or below it) or rows (beside it), and a phone
    showing part of the grid keeps those of the columns and rows in sight along the frame's edges.
    """

    width: float
    height: float
    draw: Draw
    focus: Area | None = None
    seats: tuple[tuple[str, Area], ...] = ()
    places: tuple[Area, ...] = ()
    grids: tuple[Area, ...] = ()


def pieces_of(player: str) -> str:
    """The name of a group holding ``player``'s own pieces in a state picture."""
    return f"pieces:{player}"


def label_of(what: str) -> str:
    """The name of a group drawing one label of a state picture: a shape and the texts it carries (a callout
    box and its title, a badge and its number), which a phone's starting frame shows whole or not at all."""
    return f"label:{what}"
