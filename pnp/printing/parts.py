"""The printable parts a game's kit is made of.

A game describes *what* to print (cards with faces and backs, tokens, boards,
single sheets); the toolkit decides *where*: imposition, bleed, crop marks,
duplex backs, tiling and footers all happen in the toolkit, never in a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from pnp.printing.canvas import Color, Draw, Drawing
from pnp.printing.fonts import DEFAULT, Faces
from pnp.printing.settings import MAX_BLEED
from pnp.printing.sizes import BRIDGE, CARD_SIZES, MINI, POKER, SQUARE, TAROT, CardSize  # noqa: F401 - re-exported
from pnp.texts import Catalogue, toolkit

# mm a face may draw beyond its trim box so that colour covers any bleed chosen (the sheet clips the rest)
BLEED_REACH = MAX_BLEED


@dataclass(frozen=True)
class Face:
    """One side of a card or token.

    ``background`` fills the trim area and runs on into the bleed; ``draw``
    paints the content within the trim box (0, 0)-(width, height). ``band``: the colour of a band the drawing
    runs along the top edge and on into the bleed, so that the face is never butted to the one above it.
    """

    draw: Draw
    background: Color = "#ffffff"
    band: Color | None = None


@dataclass(frozen=True)
class Card:
    """A card with a ``name`` (shown in manifests and used by tests) and its faces.

    ``name``, on every part, is its stable identifier in every language (build manifests, print shops' file names,
    tests). ``title``, here and on tokens, pieces and dice: what a table reads: the part in the kit's language; the
    name when empty. A virtual table shows it whichever way up the part lies, so a part whose back hides its face is
    titled by what both sides show (whose piece it is, not which).
    """

    name: str
    front: Face
    back: Face | None = None
    title: str = ""


@dataclass(frozen=True)
class Deck:
    """Cards of one size, imposed n-up on card sheets (with backs when any card has one).

    ``one``: what one of its cards is called, for a count of one ("1 colour card"); empty: its ``name``.
    """

    name: str
    size: CardSize
    cards: tuple[Card, ...]
    one: str = ""


@dataclass(frozen=True)
class Token:
    """A round or square token of ``diameter`` mm (the side, for a square)."""

    name: str
    front: Face
    back: Face | None = None
    title: str = ""  # see Card


@dataclass(frozen=True)
class TokenSheet:
    """Tokens of one shape and size, imposed with cut guides; ``one`` as on a deck ("1 safety token")."""

    name: str
    shape: Literal["round", "square"]
    diameter: float
    tokens: tuple[Token, ...]
    one: str = ""


@dataclass(frozen=True)
class Seams:
    """Where a seam between a board's tiles is welcome (mm): the ``x`` of each vertical line, the ``y`` of each
    horizontal one. The lines between cells, say, where a tile laid slightly askew does not show."""

    x: tuple[float, ...] = ()
    y: tuple[float, ...] = ()


@dataclass(frozen=True)
class Board:
    """A board of any size; tiled over pages when it does not fit on one.

    ``fill``, when given, draws the same board larger (width, height in mm): its play area unchanged, only
    the art around it extended. The printer asks for the size at which the board covers its page, or its
    tiles cover theirs, so that no paper printed is left blank.

    ``keep_clear``: boxes of the board (mm: x0, y0, x1, y1) that registration crosshairs slide off.

    ``seams``: where, on the board drawn width x height mm (its own size, or as ``fill`` draws it), its tiles are
    welcome to meet; the printer cuts them there when as many pages allow it (see ``pnp.printing.tiling``).
    """

    name: str
    drawing: Drawing
    fill: Callable[[float, float], Drawing] | None = None
    keep_clear: tuple[tuple[float, float, float, float], ...] = ()
    seams: Callable[[float, float], Seams] | None = None


@dataclass(frozen=True)
class Piece:
    """A piece cut from a sheet (a transport, a marker), ``width`` x ``height`` mm, for a virtual table."""

    name: str
    width: float
    height: float
    front: Face
    back: Face | None = None
    title: str = ""  # see Card


@dataclass(frozen=True)
class Die:
    """A six-sided die of ``side`` mm: ``faces[n - 1]`` is the face that counts as n (opposite faces sum to 7)."""

    name: str
    side: float
    faces: tuple[Face, ...]
    title: str = ""  # see Card

    def __post_init__(self) -> None:
        if len(self.faces) != 6:
            raise ValueError(f"die {self.name!r}: {len(self.faces)} faces, not 6")


@dataclass(frozen=True)
class Sheet:
    """A single page's worth of drawing (player aid, die net), centred on the page.

    For a virtual table (Tabletop Simulator) a sheet is a card to pick up, unless it declares what it
    stands for: the ``pieces`` and dice cut from it (or played beside it), and the ``board`` that stays whole,
    which a table reads as ``board_title`` (in the kit's language; "board" when empty).
    ``duplex_front``: the next part is printed on this sheet's back (a rules sheet's two sides).
    """

    name: str
    drawing: Drawing
    pieces: tuple[Piece | Die, ...] = ()
    board: Drawing | None = None
    duplex_front: bool = False
    board_title: str = ""


Part = Deck | TokenSheet | Board | Sheet


@dataclass(frozen=True)
class KitDocument:
    """One output file (``<name>.pdf``, or SVG pages) made of parts."""

    name: str
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Kit:
    """Everything printed for one game. ``footer`` adds e.g. a seed or data version; ``texts`` is the catalogue
    the kit was printed from, whose ``print.*`` entries the toolkit prints (labels, footers, calibration sheet);
    ``faces``: the fonts every page's text is drawn in (``pnp.printing.fonts.chosen`` of ``KitRequest.fonts``)."""

    game: str
    title: str
    documents: tuple[KitDocument, ...]
    footer: str = ""
    notes: tuple[str, ...] = field(default=())
    texts: Catalogue = field(default_factory=toolkit)
    faces: Faces = DEFAULT
