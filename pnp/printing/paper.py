"""Paper sizes, margins and the rectangles pages are laid out in (all in mm)."""

from __future__ import annotations

from dataclasses import dataclass

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
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


def page_frame(paper: str, landscape: bool = False) -> PageFrame:
    """The frame of one page of ``paper``, portrait unless ``landscape``."""
    width, height = PAPERS[paper]
    return PageFrame(height, width) if landscape else PageFrame(width, height)


def orientations(paper: str) -> tuple[PageFrame, PageFrame]:
    """Portrait, then landscape."""
    return page_frame(paper), page_frame(paper, landscape=True)
