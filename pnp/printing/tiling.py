"""Tiling a board that is larger than a page: windows, labels and registration points.

Tiles are windows onto the board, as few as cover it, neighbours overlapping by exactly :data:`OVERLAP` mm:
room for the registration crosshairs and for glue, and no more paper spent on printing the board twice. Along
each axis they are equal, unless the board names lines where a seam is welcome (between its cells, say) and
the same number of tiles can be cut on them: then each tile's cut edge, the seam once it is laid over its
neighbour, falls on one of those lines. Rows are lettered and columns numbered (A1 is top-left). Registration points sit in the middle of every overlap band,
on both neighbours (the boards module prints each on the tile underneath only, where the other hides it);
along the band each slides off what the board asks it to keep clear of (names, say).
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from pnp.printing.canvas import Point
from pnp.printing.marks import Box, clear_spot
from pnp.printing.paper import PageFrame, Rect, orientations
from pnp.printing.parts import Seams

OVERLAP = 10.0  # a crosshair (6 mm across) in the middle of the band, and a strip to glue
NO_SEAMS = Seams()  # a board that names no lines: equal tiles


@dataclass(frozen=True)
class Tile:
    """One page's window onto the board, in board millimetres."""

    label: str
    window: Rect


@dataclass(frozen=True)
class Tiling:
    """The tiles of one board and the page frame they are printed on."""

    frame: PageFrame
    cols: int
    rows: int
    tiles: tuple[Tile, ...]

    @property
    def columns(self) -> list[tuple[float, float]]:
        """(start, width) of each column of tiles, left to right (board mm)."""
        return [(t.window.x, t.window.w) for t in self.tiles[: self.cols]]

    @property
    def bands(self) -> list[tuple[float, float]]:
        """(start, height) of each row of tiles, top to bottom (board mm)."""
        return [(t.window.y, t.window.h) for t in self.tiles[:: self.cols]]


def uncut(start: float, size: float, spans: Sequence[tuple[float, float]]) -> bool:
    """Whether the stretch from ``start`` lies inside or clear of each (start, size) span, crossing no span's end."""
    end = start + size
    return all(s <= start and end <= s + n or end <= s or s + n <= start for s, n in spans)


def spans(
    length: float, window: float, overlap: float = OVERLAP, lines: Sequence[float] = ()
) -> list[tuple[float, float]]:
    """(start, size) of each tile along one axis: the fewest windows that fit, overlapping by exactly ``overlap``,
    each after the first starting on one of ``lines`` when they allow it, else all equal."""
    if length <= window:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (window - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    cuts = cuts_on(lines, length, window, count, overlap) or [i * (size - overlap) for i in range(1, count)]
    ends = [cut + overlap for cut in cuts] + [length]
    return [(start, end - start) for start, end in zip([0.0, *cuts], ends)]


def cuts_on(
    lines: Sequence[float], length: float, window: float, count: int, overlap: float = OVERLAP
) -> list[float] | None:
    """Where ``count`` tiles of at most ``window`` can be cut along ``length``, every cut on one of ``lines`` (each
    tile from its cut to the next cut plus ``overlap``), nearest the equal cuts; None when no such cuts exist."""
    step = (length - overlap) / count  # equal tiles' cuts are this far apart
    best: dict[float, tuple[float, list[float]]] = {0.0: (0.0, [])}  # by the last cut: (cost, the cuts)
    for k in range(1, count):
        best = {line: found for line in lines if (found := _cheapest(best, line, k * step, window, overlap))}
    ends = [found for cut, found in best.items() if length - window <= cut <= length - overlap]
    return min(ends)[1] if ends else None


def _cheapest(
    best: dict[float, tuple[float, list[float]]], line: float, equal: float, window: float, overlap: float
) -> tuple[float, list[float]] | None:
    """The cheapest cuts that go on to ``line`` (cost: squared distance from the equal cuts), or None."""
    reach = [(cost, cuts) for cut, (cost, cuts) in best.items() if overlap <= line - cut <= window - overlap]
    if not reach:
        return None
    cost, cuts = min(reach)
    return cost + (line - equal) ** 2, [*cuts, line]


def row_name(row: int) -> str:
    """A, B, ... Z, AA, AB, ..."""
    name = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name


def plan_tiles(width: float, height: float, paper: str, seams: Seams = NO_SEAMS) -> Tiling:
    """The tiling with fewest pages (portrait first on a tie), cut on the lines ``seams`` welcome where it can be."""
    best: Tiling | None = None
    for frame in orientations(paper):
        area = frame.content
        xs, ys = spans(width, area.w, lines=seams.x), spans(height, area.h, lines=seams.y)
        tiles = tuple(
            Tile(f"{row_name(r)}{c + 1}", Rect(x, y, w, h))
            for r, (y, h) in enumerate(ys)
            for c, (x, w) in enumerate(xs)
        )
        tiling = Tiling(frame, len(xs), len(ys), tiles)
        if best is None or len(tiles) < len(best.tiles):
            best = tiling
    assert best is not None
    return best


def covered_size(tiling: Tiling) -> tuple[float, float]:
    """The largest board the same tiles can hold: every tile as large as its page's content area."""
    area = tiling.frame.content
    return tiling.cols * area.w - (tiling.cols - 1) * OVERLAP, tiling.rows * area.h - (tiling.rows - 1) * OVERLAP


def registration_points(tiling: Tiling, keep_clear: Sequence[Box] = ()) -> list[Point]:
    """Crosshair positions (board mm): in the middle of each overlap band, at a third and two thirds of each tile.

    Each slides along its band, by at most a sixth of the tile less a millimetre, to the nearest spot where it
    covers none of the boxes in ``keep_clear`` (board mm).
    """
    columns = [t.window for t in tiling.tiles[: tiling.cols]]
    rows = [t.window for t in tiling.tiles[:: tiling.cols]]
    points: list[Point] = []
    for left, right in pairwise(columns):
        x = (right.x + left.right) / 2
        for r in rows:
            for k in (1, 2):
                home, room = r.y + r.h * k / 3, r.h / 6 - 1
                points.append(clear_spot((x, home), False, (home - room, home + room), keep_clear))
    for top, bottom in pairwise(rows):
        y = (bottom.y + top.bottom) / 2
        for c in columns:
            for k in (1, 2):
                home, room = c.x + c.w * k / 3, c.w / 6 - 1
                points.append(clear_spot((home, y), True, (home - room, home + room), keep_clear))
    return points
