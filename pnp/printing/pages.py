"""A planned page: its size, what draws it, and what the footer and manifest say about it.

Planning is cheap (arithmetic only), so page counts are known before any
drawing; drawing happens when a backend asks a page to draw itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pnp.printing.canvas import Canvas, Draw
from pnp.printing.cutting import Cut
from pnp.printing.paper import PageFrame, Rect


@dataclass(frozen=True)
class Page:
    """One page. ``duplex_front``: the next page is printed on its back; ``cuts``: a cutting machine's lines on it;
    ``footer_strips``: where the footer goes when cards take its band (see ``footer.aside``); ``trim``: what is
    left once the page is cut (None: the whole page) and ``bleed``: the trim and the bleed printed round it."""

    frame: PageFrame
    draw: Draw
    label: str
    components: Mapping[str, int] = field(default_factory=dict)
    tile: str = ""
    duplex_front: bool = False
    cuts: tuple[Cut, ...] = ()
    footer_strips: tuple[Rect, ...] = ()
    trim: Rect | None = None
    bleed: Rect | None = None


def blank(frame: PageFrame, label: str) -> Page:
    """An empty back, so the next front lands on the front of a sheet."""
    return Page(frame, _nothing, label)


def _nothing(canvas: Canvas) -> None:
    pass


def bounds(rects: Iterable[Rect]) -> Rect:
    """The smallest rectangle holding all of ``rects``."""
    rects = list(rects)
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.right for r in rects) - x, max(r.bottom for r in rects) - y)


def overlap(a: Rect, b: Rect) -> Rect:
    """The part of ``a`` inside ``b`` (``a`` shrunk to a line or point where they do not meet)."""
    x, y = min(max(a.x, b.x), b.right), min(max(a.y, b.y), b.bottom)
    return Rect(x, y, max(0.0, min(a.right, b.right) - x), max(0.0, min(a.bottom, b.bottom) - y))


def size(w: float, h: float) -> str:
    """A size for messages: ``63.5x88.9 mm``."""
    return f"{w:g}x{h:g} mm"


def together(names: list[str]) -> str:
    """Part names joined by commas, a run of one name numbered on said once: "player aid 1, player aid 2,
    player aid 3" reads "player aid 1–3"."""
    runs: list[list[str | int]] = []  # [stem, first, last], or [a name without a number]
    for name in names:
        stem, _, number = name.rpartition(" ")
        last = runs[-1] if runs else []
        if stem and number.isdigit() and len(last) == 3 and last[0] == stem and last[2] == int(number) - 1:
            last[2] = int(number)
        else:
            runs.append([stem, int(number), int(number)] if stem and number.isdigit() else [name])
    return ", ".join(
        str(run[0]) if len(run) == 1 else f"{run[0]} {run[1]}" + (f"–{run[2]}" if run[2] != run[1] else "")
        for run in runs
    )
