"""Print-and-cut: where a cutting machine lets parts go, its registration marks, and the cut files.

With ``--cut-marks silhouette`` card and token sheets carry Silhouette Studio's Type 1 marks (a
filled square at the top left, L-shaped corners at the top right and bottom left) and their parts
stay clear of the marks' keep-out zone. With ``--cut-marks cricut`` nothing of ours is printed as
a mark (Design Space prints its own sensor marks), and parts stay within the largest area Print
Then Cut handles. Either way each sheet's cut lines (the trim, without bleed) are written as an SVG
in the page's own millimetres. See docs/printing.md for the facts behind the numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from pnp.printing.canvas import Canvas
from pnp.printing.paper import PageFrame, Rect, page_frame

Machine = Literal["silhouette", "cricut"]
MACHINES: tuple[Machine, ...] = ("silhouette", "cricut")

# Silhouette Studio, registration marks "Type 1 (CAMEO, Portrait, Curio)"
INSET = 10.0  # from the paper's edges to the marks: the least Studio accepts
LENGTH = 20.0  # each leg of an L; also the side of the square keep-out at a marked corner
THICKNESS = 0.3  # of an L's legs: thin lines register more precisely (see docs/printing.md)
SQUARE = 5.0  # the filled square at the top left
CLEARANCE = 1.0  # between the marks' lines and anything printed inside them (our choice)

# Cricut Design Space, Print Then Cut: the largest image it prints with its sensor marks and cuts
CRICUT_AREA = (171.45, 234.95)  # 6.75 x 9.25 in

CUT_COLOR = "#ff0000"  # cut lines in the cut file: hairlines, no fill
CUT_WIDTH = 0.1


@dataclass(frozen=True)
class CutFrame(PageFrame):
    """A page of a print-and-cut sheet: parts, footer included, stay within ``area`` (page mm)."""

    area: Rect
    machine: Machine

    @property
    def printable(self) -> Rect:
        return self.area


@dataclass(frozen=True)
class Cut:
    """One cut line on a page: a card or square token's trim rectangle, or a round token's circle."""

    name: str
    shape: Literal["rect", "round"]
    trim: Rect


def frames(paper: str, machine: Machine | None) -> list[PageFrame]:
    """The page frames a sheet of items may use, to be tried in order (the first of the best wins).

    Without a machine, the plain page. For a Silhouette, three rectangles within the marks that miss
    the three marked corners (leave out the left and right strips, the top and bottom, or the top and
    left); for a Cricut, the Print Then Cut area centred on the page.
    """
    plain = page_frame(paper)
    if machine is None:
        return [plain]
    w, h = plain.width, plain.height
    if machine == "cricut":
        aw, ah = min(CRICUT_AREA[0], plain.printable.w), min(CRICUT_AREA[1], plain.printable.h)
        return [CutFrame(w, h, Rect((w - aw) / 2, (h - ah) / 2, aw, ah), machine)]
    near, far = INSET + CLEARANCE, INSET + LENGTH + CLEARANCE  # from an edge, beside and past a marked corner
    sides = [(far, near, far, near), (near, far, near, far), (far, far, near, near)]  # left, top, right, bottom
    return [
        CutFrame(w, h, Rect(left, top, w - left - right, h - top - bottom), machine)
        for left, top, right, bottom in sides
    ]


def registration_marks(canvas: Canvas, frame: PageFrame) -> None:
    """Silhouette Type 1 marks on a Silhouette sheet: a square at the top left, Ls at the top right and bottom left."""
    if not (isinstance(frame, CutFrame) and frame.machine == "silhouette"):
        return
    left, top, right, bottom = INSET, INSET, frame.width - INSET, frame.height - INSET
    canvas.rect(left, top, SQUARE, SQUARE, fill="#000000")
    half = THICKNESS / 2  # each L's outer edges lie on the marks' rectangle
    canvas.polygon(
        [(right - LENGTH, top + half), (right - half, top + half), (right - half, top + LENGTH)],
        closed=False,
        stroke="#000000",
        width=THICKNESS,
    )
    canvas.polygon(
        [(left + half, bottom - LENGTH), (left + half, bottom - half), (left + LENGTH, bottom - half)],
        closed=False,
        stroke="#000000",
        width=THICKNESS,
    )


def cuts(kind: str, shape: str, names: Iterable[str], trims: Iterable[Rect]) -> tuple[Cut, ...]:
    """The cut lines of items laid out at ``trims`` (page mm)."""
    return tuple(
        Cut(f"{kind}:{name}", "round" if shape == "round" else "rect", trim) for name, trim in zip(names, trims)
    )


def cut_file(width: float, height: float, lines: Sequence[Cut]) -> str:
    """An SVG of one page's cut lines, ``width`` x ``height`` mm, in the page's own coordinates."""
    from pnp.printing.svg import svg_page

    def draw(canvas: Canvas) -> None:
        for cut in lines:
            t = cut.trim
            with canvas.group(name=cut.name):
                if cut.shape == "round":
                    canvas.circle(t.x + t.w / 2, t.y + t.h / 2, t.w / 2, stroke=CUT_COLOR, width=CUT_WIDTH)
                else:
                    canvas.rect(t.x, t.y, t.w, t.h, stroke=CUT_COLOR, width=CUT_WIDTH)

    return svg_page(width, height, draw)
