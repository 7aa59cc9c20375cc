"""Paper sizes, margins and the rectangles pages are laid out in (all in mm)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.errors import PnpError

# Named papers, portrait (width, height) in mm. Any other size is given as WxH in mm ("300x400").
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}
HOME_PAPERS = ("a4", "letter")  # what a home printer takes: fixed-size parts are made to fit both
CUSTOM_SIDES = (100.0, 1500.0)  # mm: a custom paper's shorter side holds a card with its marks; no plotter is wider
_CUSTOM = re.compile(r"(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)", re.IGNORECASE)
MARGIN = 5.0  # nothing is printed closer than this to a page edge
FOOTER_BAND = 4.0  # the strip at the bottom of the printable area that holds the footer


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def grow(self, top: float, right: float, bottom: float, left: float) -> Rect:
        """This rectangle pushed outwards by the given amounts on each side."""
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.bottom <= self.bottom + tolerance
        )


@dataclass(frozen=True)
class PageFrame:
    """A page of one paper in one orientation, with its printable areas."""

    width: float
    height: float

    @property
    def printable(self) -> Rect:
        """Everything inside the margins (the footer included)."""
        return Rect(MARGIN, MARGIN, self.width - 2 * MARGIN, self.height - 2 * MARGIN)

    @property
    def content(self) -> Rect:
        """The printable area above the footer band: where parts are laid out."""
        area = self.printable
        return Rect(area.x, area.y, area.w, area.h - FOOTER_BAND)


def paper_size(paper: str) -> tuple[float, float]:
    """``paper``'s portrait width and height in mm: a name from PAPERS, or WxH in mm ("300x400")."""
    if paper.lower() in PAPERS:
        return PAPERS[paper.lower()]
    match = _CUSTOM.fullmatch(paper.strip())
    if match is None:
        raise PnpError(f"paper {paper!r}: unknown (known: {', '.join(PAPERS)}, or WxH in mm such as 300x400)")
    low, high = CUSTOM_SIDES
    width, height = sorted(float(side) for side in match.groups())
    if not (low <= width and height <= high):
        raise PnpError(f"paper {paper!r}: each side must be {low:g} to {high:g} mm")
    return width, height


def paper_name(paper: str) -> str:
    """How messages name ``paper``: "A4", "Tabloid", "300 x 400 mm"."""
    if paper.lower() in PAPERS:
        return paper.upper() if paper.lower()[0] == "a" else paper.title()
    width, height = paper_size(paper)
    return f"{width:g} x {height:g} mm"


def page_frame(paper: str, landscape: bool = False) -> PageFrame:
    """The frame of one page of ``paper``, portrait unless ``landscape``."""
    width, height = paper_size(paper)
    return PageFrame(height, width) if landscape else PageFrame(width, height)


def orientations(paper: str) -> tuple[PageFrame, PageFrame]:
    """Portrait, then landscape."""
    return page_frame(paper), page_frame(paper, landscape=True)
