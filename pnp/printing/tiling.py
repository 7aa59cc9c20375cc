"""Tiling a board that is larger than a page: windows, labels and registration points.

Tiles are equal windows onto the board, as few as cover it, each as small as
lets neighbours overlap by exactly :data:`OVERLAP` mm: room for the registration
crosshairs and for glue, and no more paper spent on printing the board twice. Rows are lettered and columns numbered
(A1 is top-left). Registration points sit in the middle of every overlap band,
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

OVERLAP = 10.0  # a crosshair (6 mm across) in the middle of the band, and a strip to glue


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


def spans(length: float, window: float, overlap: float = OVERLAP) -> list[tuple[float, float]]:
    """(start, size) of each tile along one axis: the fewest windows that fit, overlapping by exactly ``overlap``."""
    if length <= window:
        return [(0.0, length)]
    count = math.ceil((length - overlap) / (window - overlap) - 1e-9)
    size = (length + (count - 1) * overlap) / count
    return [(i * (size - overlap), size) for i in range(count)]


def row_name(row: int) -> str:
    """A, B, ... Z, AA, AB, ..."""
    name = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name


def plan_tiles(width: float, height: float, paper: str) -> Tiling:
    """The tiling with fewest pages (portrait first on a tie)."""
    best: Tiling | None = None
    for frame in orientations(paper):
        area = frame.content
        xs, ys = spans(width, area.w), spans(height, area.h)
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
