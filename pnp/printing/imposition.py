"""Imposition: where cards and tokens go on a page, and where their backs go.

Items of one size are laid out in a grid, upright or turned a quarter, whichever
fits more per page. The requested bleed runs out on the grid's outer edges, with
room for crop marks beyond it. Between neighbours the gap is up to twice the
bleed; when that would cost a row or column, neighbours sit closer and share the
gap (each keeps half of it as bleed, down to none: butted cards with a shared
cut line). A *tight* grid (for items whose neighbours share one background, so a
shared cut that wanders shows the same colour) may also trim the outer bleed, down
to :data:`TIGHT_BLEED`, when that wins a row or column; it is tight one way or both
(:class:`Tight`: items with a band along their top edge are butted only side by side). Round items are never
butted: a grid keeps at least ``apart`` mm between them (:data:`ROUND_GAP`), room for scissors or a punch, with
each item's bleed still no more than the bleed asked for. When even that is not enough,
a full-page grid (single or duplex, not gutterfold) may *reach* along one axis past
the layout region to the printable area's edges (over the footer band and the
crop-mark room at both ends) if that wins a row or column: a tight axis keeps what
is left as outer bleed (at least TIGHT_BLEED), any other the full bleed and at least
TIGHT_BLEED on each side of a gap, and the crop marks at those two ends become ticks
inside the bleed (see ``marks.tick_marks``). Only one axis reaches, so the other
keeps normal crop marks, with room for the footer between them. Backs mirror the
fronts: across the page's vertical centre line for long-edge duplex, or across a
fold line for gutterfold.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal, NamedTuple

from pnp.printing.marks import MARK_ZONE
from pnp.printing.paper import PageFrame, Rect

EPS = 1e-9
TIGHT_BLEED = 1.0  # the least outer bleed a tight grid keeps: enough for a cut that wanders a little
ROUND_GAP = 3.0  # the least gap between round items: a path for scissors, a punch's guide, cuts that miss the next


class Tight(NamedTuple):
    """Which ways upright items may be butted: side by side (``across``), one above another (``down``)."""

    across: bool = False
    down: bool = False


LOOSE = Tight()


@dataclass(frozen=True)
class Slot:
    """One item's place: its trim box on the page, turn and bleed (top, right, bottom, left)."""

    trim: Rect
    rotate: float
    bleed: tuple[float, float, float, float]

    @property
    def bleed_box(self) -> Rect:
        return self.trim.grow(*self.bleed)

    def origin(self) -> tuple[float, float]:
        """Where the item's own (0, 0) lands on the page once it is turned by ``rotate``."""
        w, h = (self.trim.h, self.trim.w) if self.rotate % 180 else (self.trim.w, self.trim.h)
        cos, sin = math.cos(math.radians(self.rotate)), math.sin(math.radians(self.rotate))
        cx, cy = self.trim.x + self.trim.w / 2, self.trim.y + self.trim.h / 2
        return cx - (w / 2 * cos - h / 2 * sin), cy - (w / 2 * sin + h / 2 * cos)

    def mirrored_x(self, axis: float) -> Slot:
        """This slot seen from the other side of a sheet flipped about the vertical line ``x = axis``."""
        top, right, bottom, left = self.bleed
        trim = replace(self.trim, x=2 * axis - self.trim.right)
        return Slot(trim, _turn(-self.rotate), (top, left, bottom, right))

    def mirrored_y(self, axis: float) -> Slot:
        """This slot seen from the other side of a sheet flipped about the horizontal line ``y = axis``."""
        top, right, bottom, left = self.bleed
        trim = replace(self.trim, y=2 * axis - self.trim.bottom)
        return Slot(trim, _turn(180 - self.rotate), (bottom, right, top, left))


@dataclass(frozen=True)
class Imposition:
    """A grid of front slots in reading order, and how backs relate to fronts.

    ``mirror`` is the axis backs are mirrored across (``("x", 105.0)`` is the
    vertical line x = 105 mm) or None for one-sided sheets; ``fold`` is the line
    to fold along when the backs share the page (gutterfold). ``ticks`` says which
    ends of the grid (left and right, top and bottom) reach the printable area's
    edges, with their crop marks drawn as ticks inside the bleed.
    """

    fronts: tuple[Slot, ...]
    cols: int
    bleed: float
    ticks: tuple[bool, bool] = (False, False)
    mirror: tuple[Literal["x", "y"], float] | None = None
    fold: tuple[float, float, float, float] | None = None

    def sheet(self, count: int) -> tuple[tuple[Slot, ...], tuple[Slot, ...]]:
        """Front and back slots for the first ``count`` items of a page.

        On a part-filled page an item with no neighbour on a side gets the full
        bleed on that side, even where a full page would share the gap.
        """
        fronts = []
        for index, slot in enumerate(self.fronts[:count]):
            top, right, bottom, left = slot.bleed
            if index % self.cols != self.cols - 1 and index + 1 >= count:
                right = self.bleed
            if count <= index + self.cols < len(self.fronts):  # an empty slot below, not the grid's edge
                bottom = self.bleed
            fronts.append(replace(slot, bleed=(top, right, bottom, left)))
        if self.mirror is None:
            return tuple(fronts), ()
        axis, at = self.mirror
        backs = tuple(s.mirrored_x(at) if axis == "x" else s.mirrored_y(at) for s in fronts)
        return tuple(fronts), backs


def _turn(angle: float) -> float:
    return (angle + 180) % 360 - 180


@dataclass(frozen=True)
class _Axis:
    """Items along one side of the region: how many, the gap between them, the bleed at both ends, the
    centre they are laid out about, and whether the ends reach past the region (marks become ticks)."""

    count: int
    gap: float
    outer: float
    centre: float
    ticks: bool = False


def _fitting(length: float, item: float, apart: float) -> int:
    """How many items fit along ``length`` at least ``apart`` mm from one another."""
    return max(0, math.floor((length + apart) / (item + apart) + EPS))


def _gap(room: float, count: int, item: float, bleed: float, apart: float) -> float:
    """The gap between ``count`` items spread over ``room``: up to twice the bleed, at least ``apart``."""
    spread = 2 * bleed if count < 2 else min(2 * bleed, (room - count * item) / (count - 1))
    return max(apart, spread)


def _axis(start: float, length: float, item: float, bleed: float, tight: bool, apart: float) -> _Axis:
    """The most items that fit along ``length``, at least ``apart`` mm apart; a tight axis brings them that close
    and trims the outer bleed if that fits more."""
    usable = length - 2 * (bleed + MARK_ZONE)
    count = _fitting(usable, item, apart)
    centre = start + length / 2
    if tight and bleed > TIGHT_BLEED:
        more = _fitting(length - 2 * (TIGHT_BLEED + MARK_ZONE), item, apart)
        if more > count:
            return _Axis(more, apart, (length - more * item - (more - 1) * apart) / 2 - MARK_ZONE, centre)
    return _Axis(count, _gap(usable, count, item, bleed, apart), bleed, centre)


def _reach(
    start: float, length: float, item: float, bleed: float, tight: bool, apart: float, beat: int
) -> _Axis | None:
    """Items spanning ``length`` with ticks for marks, if that fits more than ``beat``: a tight axis brings them
    ``apart`` mm close with an outer bleed of TIGHT_BLEED up to ``bleed``; any other keeps the full outer bleed
    and gaps that leave each neighbour at least TIGHT_BLEED."""
    least = TIGHT_BLEED if tight else bleed
    count = _fitting(length - 2 * least, item, apart)
    if count <= beat or bleed < TIGHT_BLEED:  # a tick needs a strip of bleed to sit in
        return None
    centre = start + length / 2
    if tight:
        outer = (length - count * item - (count - 1) * apart) / 2
        return _Axis(count, apart, min(bleed, outer), centre, ticks=True)
    gap = _gap(length - 2 * bleed, count, item, bleed, apart)
    if gap < 2 * TIGHT_BLEED - EPS:  # neighbours of different colours keep at least TIGHT_BLEED each
        return None
    return _Axis(count, gap, bleed, centre, ticks=True)


def grid(
    width: float,
    height: float,
    bleed: float,
    region: Rect,
    tight: Tight = LOOSE,
    reach: Rect | None = None,
    apart: float = 0.0,
) -> Imposition:
    """The best grid of ``width`` x ``height`` items in ``region``, at least ``apart`` mm from one another: most
    items, then widest gaps, then upright.

    A grid may reach one axis out to ``reach`` (a rectangle holding ``region``) when that fits more.
    """
    best: tuple[tuple[int, float, float, int], Imposition] | None = None
    for rotate in (0, 90):
        w, h = (height, width) if rotate else (width, height)
        tight_x, tight_y = (tight.down, tight.across) if rotate else tight  # turned, a top edge faces sideways
        across = [_axis(region.x, region.w, w, bleed, tight_x, apart)]
        down = [_axis(region.y, region.h, h, bleed, tight_y, apart)]
        if reach is not None:
            across += filter(None, [_reach(reach.x, reach.w, w, bleed, tight_x, apart, across[0].count)])
            down += filter(None, [_reach(reach.y, reach.h, h, bleed, tight_y, apart, down[0].count)])
        for x, y in product(across, down):
            if x.ticks and y.ticks:
                continue  # one axis keeps normal crop marks, and room for the footer between them
            slots = _slots(w, h, rotate, x, y, bleed)
            rank = (len(slots), min(x.gap, y.gap), min(x.outer, y.outer), -rotate)
            if best is None or rank > best[0]:
                best = (rank, Imposition(slots, x.count, bleed, ticks=(x.ticks, y.ticks)))
    assert best is not None
    return best[1]


def _slots(w: float, h: float, rotate: float, across: _Axis, down: _Axis, bleed: float) -> tuple[Slot, ...]:
    """The grid's slots, each sharing a gap with its neighbour (its half of it as bleed, ``bleed`` at most)."""
    cols, rows, gap_x, gap_y = across.count, down.count, across.gap, down.gap
    left = across.centre - (cols * w + (cols - 1) * gap_x) / 2
    top = down.centre - (rows * h + (rows - 1) * gap_y) / 2
    inner_x, inner_y = min(bleed, gap_x / 2), min(bleed, gap_y / 2)
    slots = []
    for row in range(rows):
        for col in range(cols):
            bleed_box = (
                down.outer if row == 0 else inner_y,
                across.outer if col == cols - 1 else inner_x,
                down.outer if row == rows - 1 else inner_y,
                across.outer if col == 0 else inner_x,
            )
            trim = Rect(left + col * (w + gap_x), top + row * (h + gap_y), w, h)
            slots.append(Slot(trim, rotate, bleed_box))
    return tuple(slots)


def single(
    width: float, height: float, bleed: float, frame: PageFrame, tight: Tight = LOOSE, apart: float = 0.0
) -> Imposition:
    """Fronts only, filling the page."""
    return grid(width, height, bleed, frame.content, tight, frame.printable, apart)


def duplex(
    width: float, height: float, bleed: float, frame: PageFrame, tight: Tight = LOOSE, apart: float = 0.0
) -> Imposition:
    """Fronts filling the page; backs on the next page, mirrored for a long-edge flip."""
    plan = grid(width, height, bleed, frame.content, tight, frame.printable, apart)
    return replace(plan, mirror=("x", frame.width / 2))


def gutterfold(
    width: float, height: float, bleed: float, frame: PageFrame, tight: Tight = LOOSE, apart: float = 0.0
) -> Imposition:
    """Fronts on one half of the page, backs mirrored on the other half, folded along the middle."""
    area = frame.content
    mid_x, mid_y = area.x + area.w / 2, area.y + area.h / 2
    side = grid(width, height, bleed, Rect(area.x, area.y, area.w / 2, area.h), tight, apart=apart)
    across = grid(width, height, bleed, Rect(area.x, area.y, area.w, area.h / 2), tight, apart=apart)
    if len(side.fronts) >= len(across.fronts):
        return replace(side, mirror=("x", mid_x), fold=(mid_x, area.y, mid_x, area.bottom))
    return replace(across, mirror=("y", mid_y), fold=(area.x, mid_y, area.right, mid_y))
