"""Take Off!'s world map read back from every tile of its PDF: route badges clear of each other and of every
word, registration crosshairs clear of every city dot, name and badge, on each paper a board is tiled on.

The tiles are read with PDFium (tests/support/pdfium.py): glyph boxes (as pdfminer boxes them: a glyph's cell,
from its descent up one size), and the paths' shapes and colours, in page points. Only what shows through a
tile's window (its TrimBox) is counted.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.boxes import distance, meets
from pypdf import PageObject
from support.pdf import read
from support.pdfium import Shape, TextPage, shapes, text_pages

from pnp.games.take_off.model import load_data

DATA = load_data().value
MM = 72 / 25.4  # PDF points per mm
CLEARANCE = 0.3 * MM  # what a badge keeps from another badge or word, and a crosshair from a dot, name or badge
CROSSHAIR_REACH = 3.3 * MM  # a crosshair's arm and its white halo, from its centre
ROUTE_INKS = {tuple(int(c.rgb[i : i + 2], 16) for i in (1, 3, 5)) for c in DATA.route_colours}
WHITE = (255, 255, 255)
CIRCLE = 13  # segments of a circle (a badge, a dot, a crosshair's ring) as PDFium gives it: a move, four curves
PAPERS = ("a4", "letter", "a3", "tabloid")

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in page points, from the page's top left


@dataclass(frozen=True)
class Badge:
    x: float
    y: float
    r: float  # to the outer edge of its ring's stroke


@dataclass(frozen=True)
class Glyph:
    text: str
    box: Box
    size: float  # pt, as printed


@dataclass(frozen=True)
class TileInk:
    """What one tile shows: its window, route badges, glyphs, city dots and registration crosshairs."""

    label: str
    window: Box
    badges: list[Badge]
    glyphs: list[Glyph]
    dots: list[Box]
    crosshairs: list[tuple[float, float]]


def _dark(rgb: tuple[int, int, int] | None) -> bool:
    return rgb is not None and max(rgb) < 60


def read_tile(shapes: tuple[Shape, ...], text: TextPage, window: Box, label: str) -> TileInk:
    """What shows through a tile's ``window``: route badges and city dots (round paths of the board), glyphs, and
    the registration crosshairs (dark rings drawn on the page itself)."""
    badges, dots, rings = [], [], []
    for shape in shapes:
        bounds = shape.box
        x0, top, x1, bottom = bounds.x0, bounds.top, bounds.x1, bounds.bottom
        if not shape.in_form:
            if shape.stroke and not shape.fill and _dark(shape.stroke):  # a crosshair's circle and its stroke
                if 3.6 * MM < x1 - x0 + shape.line < 4 * MM and 3.6 * MM < bottom - top + shape.line < 4 * MM:
                    rings.append(((x0 + x1) / 2, (top + bottom) / 2))
            continue
        box = (x0, top, x1, bottom)
        width = x1 - x0
        if not meets(box, window) or abs(width - (bottom - top)) > 0.05 * width:
            continue  # not on the tile, or not round
        if shape.fill == WHITE and shape.stroke in ROUTE_INKS:
            badges.append(Badge((x0 + x1) / 2, (top + bottom) / 2, width / 2))
        elif 1.5 * MM < width < 5 * MM and (
            (_dark(shape.stroke) and shape.fill == WHITE) or (shape.stroke is None and _dark(shape.fill))
        ):
            dots.append(box)
    glyphs = []
    for glyph in text.glyphs:
        cell = glyph.box(text.height)
        box = (cell.x0, cell.top, cell.x1, cell.bottom)
        if not glyph.text.isspace() and box[2] > box[0] and meets(box, window):
            glyphs.append(Glyph(glyph.text, box, round(glyph.size, 2)))
    return TileInk(label, window, badges, glyphs, dots, rings)


def read_tiles(path: Path) -> list[TileInk]:
    """Every tile of a tiled board's PDF (the first page, the overview, is left out)."""
    paths, texts = shapes(path, segments=CIRCLE, first=1, shown=True), text_pages(path, first=1)  # not the overview
    windows = [_trim(page) for page in read(path).pages[1:]]
    return [read_tile(paths[i], texts[i], windows[i], f"tile {i + 1}") for i in range(len(paths))]


def _trim(page: PageObject) -> Box:
    """A page's TrimBox in points from its top left corner."""
    height, trim = float(page.mediabox.top), page.trimbox
    return (float(trim.left), height - float(trim.top), float(trim.right), height - float(trim.bottom))


def _own_letter(badge: Badge, glyph: Glyph) -> bool:
    x, y = (glyph.box[0] + glyph.box[2]) / 2, (glyph.box[1] + glyph.box[3]) / 2
    return math.dist((x, y), (badge.x, badge.y)) < badge.r


def badge_clashes(tile: TileInk) -> list[str]:
    """Each pair of badges closer than the clearance, and each badge that closer to a glyph not its own letter."""
    found = []
    # only glyphs whose left edge lies within a badge's reach (and the widest glyph, and a point spare) of it
    # can come that close: the rest are left out by their left edges, in order
    by_left = sorted(range(len(tile.glyphs)), key=lambda k: tile.glyphs[k].box[0])
    lefts = [tile.glyphs[k].box[0] for k in by_left]
    widest = max((g.box[2] - g.box[0] for g in tile.glyphs), default=0.0)
    for i, a in enumerate(tile.badges):
        for b in tile.badges[i + 1 :]:
            if math.dist((a.x, a.y), (b.x, b.y)) < a.r + b.r + CLEARANCE:
                found.append(f"{tile.label}: badges at ({a.x:.0f}, {a.y:.0f}) and ({b.x:.0f}, {b.y:.0f})")
        reach = a.r + CLEARANCE
        near = by_left[bisect_left(lefts, a.x - reach - widest - 1) : bisect_right(lefts, a.x + reach + 1)]
        for glyph in (tile.glyphs[k] for k in sorted(near)):  # the distance first: most glyphs near are not that near
            if distance(a.x, a.y, glyph.box) < reach and not _own_letter(a, glyph):
                found.append(f"{tile.label}: badge at ({a.x:.0f}, {a.y:.0f}) touches {glyph.text!r}")
    return found


def crosshair_clashes(tile: TileInk) -> list[str]:
    """Each crosshair within the clearance of a city dot, a name (6 pt) or a route badge."""
    found = []
    for x, y in tile.crosshairs:
        reach = CROSSHAIR_REACH + CLEARANCE
        mark = (x - reach, y - reach, x + reach, y + reach)
        hits = [f"a dot at ({d[0]:.0f}, {d[1]:.0f})" for d in tile.dots if meets(mark, d)]
        hits += [f"the name letter {g.text!r}" for g in tile.glyphs if g.size >= 6 and meets(mark, g.box)]
        hits += [f"a badge at ({b.x:.0f}, {b.y:.0f})" for b in tile.badges if distance(b.x, b.y, mark) < b.r]
        found += [f"{tile.label}: crosshair at ({x:.0f}, {y:.0f}) covers {hit}" for hit in hits]
    return found


@pytest.fixture(scope="module", params=PAPERS)
def tiles(request, printed_kits) -> list[TileInk]:
    """The world map tiled on one paper, every tile read back."""
    return read_tiles(printed_kits.document("take-off", "map", request.param))


def test_every_tile_shows_badges_dots_names_and_crosshairs(tiles):
    assert len(tiles) >= 4
    assert all(tile.badges and tile.dots and tile.glyphs for tile in tiles)
    assert sum(len(tile.crosshairs) for tile in tiles) >= 2 * len(tiles)


def test_no_badge_meets_another_badge_or_a_word_on_any_tile(tiles):
    clashes = [clash for tile in tiles for clash in badge_clashes(tile)]
    assert clashes == [], clashes[:10]


def test_no_crosshair_covers_a_dot_a_name_or_a_badge_on_any_tile(tiles):
    clashes = [clash for tile in tiles for clash in crosshair_clashes(tile)]
    assert clashes == [], clashes[:10]


def test_a_crosshair_slides_along_its_overlap_band_off_a_box_it_keeps_clear_of():
    from pnp.printing.marks import CROSSHAIR_CLEAR
    from pnp.printing.tiling import plan_tiles, registration_points

    tiling = plan_tiles(500, 380, "a4")  # two columns and two rows
    home = registration_points(tiling)
    x, y = home[0]  # in the band between the columns: it may slide up or down only
    name = (x - 20, y - 2, x + 20, y + 1)
    moved = registration_points(tiling, [name])
    assert moved[1:] == home[1:]
    mx, my = moved[0]
    assert mx == x and my != y and abs(my - y) < tiling.tiles[0].window.h / 6
    assert my - CROSSHAIR_CLEAR >= name[3] or my + CROSSHAIR_CLEAR <= name[1]
    assert abs(my - y) <= CROSSHAIR_CLEAR + 2 + 0.5  # the nearest clear spot, not any
