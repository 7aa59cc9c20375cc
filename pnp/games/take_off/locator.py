"""A capital card's locator: the world map round the capital's grid square, the capital ringed.

The window is three grid squares wide with the capital's square in the middle, so the capitals of one square
share it: its picture (sea, land, shorelines, grid, half-line, every city as a faint dot, the square outlined)
is cut to the window once per square and kept once per file by a backend that can (``pnp.printing.reuse``);
each card only adds its ring. It is the printed map scaled down, in the same projection, with the capital at
its printed dot; shapes are cut to the window geometrically, so nothing runs past the card's art box.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from itertools import pairwise
from typing import Any

from pnp.cache import remembered
from pnp.games.take_off import coast
from pnp.games.take_off.coast import LAND, shore_runs, shores
from pnp.games.take_off.drawing import GRID, GROUND, INK, SEA, SHORE
from pnp.games.take_off.placement import collector_paused
from pnp.games.take_off.world import World
from pnp.printing.canvas import Canvas, Drawing, PathOp, Point
from pnp.printing.geometry import clip_polygon, clip_polyline, simplify
from pnp.printing.labels import clip_segment
from pnp.printing.reuse import place

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Span = tuple[float, float, float, float]  # the least and greatest x, then y, of a run of points
SQUARES_ACROSS = 3  # the capital's square and one either side
NEIGHBOUR, DOT = "#8a8a8a", 0.8  # the other cities: faint dots, DOT mm across
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle's Bézier handles, as a share of the radius
RING_R, MARK_R, HALO = 2.2, 0.8, 0.6  # mm: the capital's ring, its dot, and the white either side of the ring
TOLERANCE = 0.1  # mm on the card: how far a simplified shoreline may stray from the data's
SPECK = 0.6  # mm on the card: islands smaller than this are left out
ROUNDING = 3  # decimals of a mm kept
UNITS = 10**ROUNDING  # of a mm
RUN = 24  # points of a shoreline asked together whether they lie wholly beside a window


@dataclass(frozen=True)
class Picture:
    """What a square's locator shows besides the ring, cut to the art box (card mm, rounded to ROUNDING)."""

    shapes: tuple[tuple[bool, bool, tuple[Point, ...]], ...]  # land (else a lake), stroked (else see shorelines)
    shorelines: tuple[tuple[Point, ...], ...]  # the shores cut along the 180th meridian in the window, but the cut
    grid: tuple[tuple[Point, Point], ...]
    divide: float | None  # the half-line's x, when it is in the window
    dots: tuple[Point, ...]  # every city

    @cached_property
    def bounds(self) -> tuple[Box, ...]:
        """Each shape's box."""
        found = []
        for _, _, outline in self.shapes:
            xs, ys = [x for x, _ in outline], [y for _, y in outline]
            found.append((min(xs), min(ys), max(xs), max(ys)))
        return tuple(found)


class Locators:
    """The locators of ``world``'s capitals, each drawn into an art box of ``width`` x ``height`` mm."""

    def __init__(self, world: World, width: float, height: float) -> None:
        self.world, self.width, self.height = world, width, height
        self.scale = width / (SQUARES_ACROSS * world.layout.cell)  # card mm per map mm
        self._drawings: dict[tuple[int, int], Drawing] = {}

    def window(self, city: int) -> Box:
        """The part of the printed map (in its mm) a city's locator shows: the city's square in the middle."""
        x0, y0, _, _ = self._square(city)
        cell = self.world.layout.cell
        half = self.height / self.scale / 2
        return x0 - cell, y0 + cell / 2 - half, x0 + 2 * cell, y0 + cell / 2 + half

    def mark(self, city: int) -> Point:
        """Where a city's ring goes in its art box: its dot on the printed map, scaled into the window."""
        x0, y0, _, _ = self.window(city)
        x, y = self.world.layout.dots[city]
        return (x - x0) * self.scale, (y - y0) * self.scale

    def draw(self, canvas: Canvas, city: int) -> None:
        """A city's locator with its top-left corner at the origin."""
        square = self.world.layout.cell_of(*self.world.layout.dots[city])
        drawing = self._drawings.get(square)
        if drawing is None:
            drawing = self._drawings[square] = self._drawing(self.pictures[square])
        place(canvas, drawing, ("take-off locator", self.width, self.height, self.window(city)))
        x, y = self.mark(city)
        self._clear_core(canvas, self.pictures[square], x, y)
        canvas.path(_halo(x, y), fill="#ffffff", stroke=None)
        canvas.circle(x, y, RING_R, stroke=INK, width=0.5)
        canvas.circle(x, y, MARK_R / 2, fill=INK, stroke=INK, width=MARK_R)  # its line keeps it dark in ink-saver mode
        canvas.rect(0, 0, self.width, self.height, stroke=INK, width=0.3)

    @staticmethod
    def _clear_core(canvas: Canvas, picture: Picture, x: float, y: float) -> None:
        """Inside the ring only sea and land, drawn again over the grid, the lines and the other cities' dots."""
        reach = RING_R + HALO
        box = (x - reach, y - reach, x + reach, y + reach)
        with canvas.clip_path(_circle(x, y, reach, 1)):
            canvas.rect(box[0], box[1], 2 * reach, 2 * reach, fill=SEA, stroke=None)
            for (is_land, stroked, outline), (left, top, right, bottom) in zip(picture.shapes, picture.bounds):
                if right < box[0] or left > box[2] or bottom < box[1] or top > box[3]:
                    continue
                piece = clip_polygon(outline, box)  # its edges cut along the box lie outside the ring
                if piece:
                    canvas.polygon(piece, fill=GROUND if is_land else SEA, stroke=SHORE if stroked else None, width=0.2)

    @cached_property
    def pictures(self) -> dict[tuple[int, int], Picture]:
        """The picture of every square that holds a capital, by (column, row): kept on disk between runs."""
        made_from = repr((self.world.map, self.width, self.height)) + coast.index()
        with collector_paused():
            return remembered("take-off-locators", made_from, self._pictures, _encode, _decode)

    def _pictures(self) -> dict[tuple[int, int], Picture]:
        layout = self.world.layout
        capitals = {layout.cell_of(*layout.dots[i]): i for i, city in enumerate(self.world.map.cities) if city.country}
        return {square: self._picture(self.window(city)) for square, city in sorted(capitals.items())}

    def _square(self, city: int) -> Box:
        """The map box of a city's grid square."""
        layout = self.world.layout
        column, row = layout.cell_of(*layout.dots[city])
        x0 = layout.x_of(layout.west_edge) + column * layout.cell
        y0 = layout.y_of(layout.north) + row * layout.cell
        return x0, y0, x0 + layout.cell, y0 + layout.cell

    @cached_property
    def _shores(self) -> list[tuple[bool, Box, list[Point], list[Span], list[list[Point]] | None]]:
        """Each shore large enough to see on a card, in map mm: whether it is land, its bounds, its outline
        simplified to the card's scale with the spans of its runs (see ``_beside``), and its shorelines where the
        data cuts it along the 180th meridian (None: its outline is its shoreline)."""
        layout = self.world.layout
        tolerance = TOLERANCE / self.scale
        found = []
        for shore in shores():
            west, south, east, north = shore.bounds
            bounds = (layout.x_of(west), layout.y_of(north), layout.x_of(east), layout.y_of(south))
            if max(bounds[2] - bounds[0], bounds[3] - bounds[1]) < SPECK / self.scale:
                continue
            outline = [(layout.x_of(lon), layout.y_of(lat)) for lon, lat in shore.points]
            runs = shore_runs(shore.points, outline)
            whole = len(runs) == 1 and len(runs[0]) == len(outline) + 1
            cut = None if whole else [simplify(run, tolerance) for run in runs]
            simple = simplify(outline, tolerance)
            found.append((shore.level == LAND, bounds, simple, _spans(simple), cut))
        return found

    @cached_property
    def _dots(self) -> list[Point]:
        """Every city's dot in map mm, and once more a world's width to either side."""
        around = 360.0 * self.world.layout.scale
        return [(x + shift, y) for x, y in self.world.layout.dots for shift in (-around, 0.0, around)]

    def _picture(self, window: Box) -> Picture:
        """Everything in ``window`` but the capital's ring, cut to the art box."""
        layout, scale = self.world.layout, self.scale
        x0, y0, x1, y1 = window
        art = (0.0, 0.0, self.width, self.height)
        around = 360.0 * layout.scale  # map mm once round the world
        meridian = layout.x_of(180.0)  # where the data cuts a shore (and at -180, a world west of it)

        def to_art(points: Sequence[Point], shift: float = 0.0) -> list[Point]:
            return [((x + shift - x0) * scale, (y - y0) * scale) for x, y in points]

        shapes = []
        shorelines: list[tuple[Point, ...]] = []
        for is_land, (left, top, right, bottom), outline, spans, cut in self._shores:
            if bottom < y0 or top > y1:
                continue
            for shift in (-around, 0.0, around):
                if right + shift < x0 or left + shift > x1:
                    continue
                cut_here = cut is not None and any(x0 <= m + shift <= x1 for m in (meridian, meridian - around))
                inside = clip_polygon(to_art(_beside(outline, spans, shift, (x0, y0), scale, art), shift), art)
                if inside:  # stroked round when it is its own shoreline here: the art box's frame hides the cut edges
                    shapes.append((is_land, not cut_here, _rounded(inside)))
                for run in (cut or []) if cut_here else []:
                    shorelines += map(_rounded, clip_polyline(to_art(run, shift), art))
        grid = tuple((a, b) for a, b in map(_rounded, map(to_art, self._grid(window))))
        divide = round((layout.x_of(self.world.map.divide) - x0) * scale, ROUNDING)
        dots = self._dots
        return Picture(
            tuple(shapes),
            tuple(shorelines),
            grid,
            divide if 0 < divide < self.width else None,
            _rounded(to_art([(x, y) for x, y in dots if x0 <= x <= x1 and y0 <= y <= y1])),
        )

    def _drawing(self, picture: Picture) -> Drawing:
        cell = self.world.layout.cell * self.scale
        square = (cell * (SQUARES_ACROSS - 1) / 2, (self.height - cell) / 2, cell, cell)

        def draw(canvas: Canvas) -> None:
            canvas.rect(0, 0, self.width, self.height, fill=SEA, stroke=None)
            for is_land, stroked, outline in picture.shapes:
                canvas.polygon(outline, fill=GROUND if is_land else SEA, stroke=SHORE if stroked else None, width=0.2)
            for line in picture.shorelines:
                canvas.polygon(line, closed=False, stroke=SHORE, width=0.2)
            for (ax, ay), (bx, by) in picture.grid:
                canvas.line(ax, ay, bx, by, stroke=GRID, width=0.2, dash=(1.0, 1.0))
            if picture.divide is not None:
                canvas.line(picture.divide, 0, picture.divide, self.height, stroke=INK, width=0.6)
            for x, y in picture.dots:  # squares: a fifth of a circle's numbers, and as round at this size
                canvas.rect(x - DOT / 2, y - DOT / 2, DOT, DOT, fill=NEIGHBOUR, stroke=None)
            canvas.rect(*square, stroke=INK, width=0.4)

        return Drawing(self.width, self.height, draw)

    def _grid(self, window: Box) -> list[tuple[Point, Point]]:
        """The map's grid lines inside ``window`` (map mm), round the world's ends where it reaches past them."""
        around = 360.0 * self.world.layout.scale
        found = []
        for shift in (-around, 0.0, around):
            for ax, ay, bx, by in self._grid_lines:
                if (
                    max(ax, bx) + shift < window[0]
                    or min(ax, bx) + shift > window[2]
                    or max(ay, by) < window[1]
                    or min(ay, by) > window[3]
                ):
                    continue  # wholly to one side of the window: most lines, settled without clipping
                cut = clip_segment((ax + shift, ay, bx + shift, by), window)
                if cut is not None and (cut[0], cut[1]) != (cut[2], cut[3]):
                    found.append(((cut[0], cut[1]), (cut[2], cut[3])))
        return found

    @cached_property
    def _grid_lines(self) -> list[tuple[float, float, float, float]]:
        """The map's grid lines (map mm): its columns' edges, then its rows'."""
        layout = self.world.layout
        left, top = layout.x_of(layout.west_edge), layout.y_of(layout.north)
        right, bottom = left + layout.columns() * layout.cell, top + layout.rows() * layout.cell
        lines = [(x, top, x, bottom) for x in (left + c * layout.cell for c in range(1, layout.columns()))]
        return lines + [(left, y, right, y) for y in (top + r * layout.cell for r in range(1, layout.rows()))]


def _spans(outline: list[Point]) -> list[Span]:
    """The least and the greatest x and y of each run of RUN points of ``outline``, for ``_beside``."""
    found = []
    for i in range(0, len(outline), RUN):
        xs, ys = [x for x, _ in outline[i : i + RUN]], [y for _, y in outline[i : i + RUN]]
        found.append((min(xs), max(xs), min(ys), max(ys)))
    return found


def _beside(
    outline: list[Point], spans: list[Span], shift: float, corner: Point, scale: float, art: Box
) -> list[Point]:
    """``outline`` without the points that cutting it to the art box would drop unasked: of each run of RUN
    points that all lie past one side of it, only the first and last stay (no side of the run between them
    crosses the box's edges). The cut is then the same, point for point, and its first steps read a few
    hundred points instead of all of a continent's.

    Each test maps a run's extremes (``spans``, worked out once for every window) as ``to_art`` maps a point,
    so it decides as the cut itself would.
    """
    x0, y0 = corner
    kept: list[Point] = []
    for start, (least_x, most_x, least_y, most_y) in zip(range(0, len(outline), RUN), spans):
        run = outline[start : start + RUN]
        if len(run) > 2 and (
            (most_x + shift - x0) * scale < art[0]
            or (least_x + shift - x0) * scale > art[2]
            or (most_y - y0) * scale < art[1]
            or (least_y - y0) * scale > art[3]
        ):
            kept += (run[0], run[-1])
        else:
            kept += run
    return kept


def _halo(x: float, y: float) -> list[PathOp]:
    """A white band either side of the ring, so it stands clear of shores and lines while the land inside it
    shows: two circles drawn opposite ways, filled (a white fill stays white in ink-saver mode, a white line
    would turn grey)."""
    return _circle(x, y, RING_R + HALO, 1) + _circle(x, y, RING_R - HALO, -1)


def _circle(x: float, y: float, radius: float, turn: int) -> list[PathOp]:
    """A closed circle of four quarter curves, drawn clockwise on the page (``turn`` 1) or the other way (-1)."""
    r, k = radius, radius * KAPPA * turn
    ops: list[PathOp] = [("M", x + r, y)]
    for (ax, ay), (bx, by) in pairwise([(r, 0.0), (0.0, r * turn), (-r, 0.0), (0.0, -r * turn), (r, 0.0)]):
        # each handle leaves its end square to the radius: onwards from a, backwards into b
        first, second = (x + ax - k * ay / r, y + ay + k * ax / r), (x + bx + k * by / r, y + by - k * bx / r)
        ops.append(("C", *first, *second, x + bx, y + by))
    ops.append(("Z",))
    return ops


def _rounded(points: Sequence[Point]) -> tuple[Point, ...]:
    """Points to ROUNDING decimals (to the nearest multiple, found more quickly than by ``round(x, ROUNDING)``):
    a kept picture reads back as it was made, so every run prints the same."""
    return tuple([(round(x * UNITS) / UNITS, round(y * UNITS) / UNITS) for x, y in points])


def _encode(pictures: dict[tuple[int, int], Picture]) -> list[Any]:
    """The pictures as JSON data (``_decode`` reads them back): each field as it is, JSON writing tuples as lists
    (``dataclasses.asdict`` would copy every point first, which took as long as making the pictures)."""
    names = [field.name for field in fields(Picture)]
    return [[square, {name: getattr(picture, name) for name in names}] for square, picture in pictures.items()]


def _decode(data: list[Any]) -> dict[tuple[int, int], Picture]:
    """The pictures from ``_encode``'s data; a LookupError, TypeError or ValueError if it is not that."""

    def points(values: Sequence[Sequence[float]]) -> tuple[Point, ...]:
        return tuple((float(x), float(y)) for x, y in values)

    found = {}
    for (column, row), p in data:
        divide = p["divide"]
        found[int(column), int(row)] = Picture(
            tuple((bool(land), bool(stroked), points(outline)) for land, stroked, outline in p["shapes"]),
            tuple(map(points, p["shorelines"])),
            tuple((a, b) for a, b in map(points, p["grid"])),
            None if divide is None else float(divide),
            points(p["dots"]),
        )
    return found
