"""Take Off!'s world map read back from every tile of its PDF: route badges clear of each other and of every
word, registration crosshairs clear of every city dot, name and badge, on each paper a board is tiled on.

The tiles are read with PDFium (pypdfium2, which ``pnp export`` uses): glyph boxes, and the paths' shapes
and colours, in page points. Only what shows through a tile's window (its TrimBox) is counted.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from support.boxes import distance, meets

from pnp.games.take_off.model import load_data

DATA = load_data().value
MM = 72 / 25.4  # PDF points per mm
CLEARANCE = 0.3 * MM  # what a badge keeps from another badge or word, and a crosshair from a dot, name or badge
CROSSHAIR_REACH = 3.3 * MM  # a crosshair's arm and its white halo, from its centre
ROUTE_INKS = {tuple(int(c.rgb[i : i + 2], 16) for i in (1, 3, 5)) for c in DATA.route_colours}
PAPERS = ("a4", "letter", "a3", "tabloid")

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in page points, y upwards


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


def _colour(getter, obj) -> tuple[int, int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not getter(obj.raw, r, g, b, a):
        return (-1, -1, -1, 0)
    return r.value, g.value, b.value, a.value


def _modes(obj) -> tuple[bool, bool]:
    """(filled, stroked) of a path object."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
    return fill.value != 0, bool(stroke.value)


def _dark(rgb: tuple[int, ...]) -> bool:
    return max(rgb[:3]) < 60


def read_tile(page, label: str) -> TileInk:
    window: Box = tuple(page.get_trimbox())  # type: ignore[assignment]
    badges, dots, rings = [], [], []
    form = pdfium.PdfMatrix()
    for obj in page.get_objects(max_depth=2):
        if obj.type == raw.FPDF_PAGEOBJ_FORM:
            form = obj.get_matrix()
            continue
        if obj.type != raw.FPDF_PAGEOBJ_PATH:
            continue
        if obj.level == 0:  # drawn on the page itself: frame, marks, footer
            filled, stroked = _modes(obj)
            x0, y0, x1, y1 = obj.get_bounds()
            if stroked and not filled and _dark(_colour(raw.FPDFPageObj_GetStrokeColor, obj)):
                if 3.6 * MM < x1 - x0 < 4 * MM and 3.6 * MM < y1 - y0 < 4 * MM:  # the crosshair's circle and stroke
                    rings.append(((x0 + x1) / 2, (y0 + y1) / 2))
            continue
        x0, y0, x1, y1 = form.on_rect(*obj.get_bounds())
        filled, stroked = _modes(obj)
        line = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, line)
        half = line.value * math.hypot(form.a, form.b) / 2 if stroked else 0.0  # PDFium's bounds hold it twice
        box = (min(x0, x1) + half, min(y0, y1) + half, max(x0, x1) - half, max(y0, y1) - half)
        if not meets(box, window):
            continue
        fill = _colour(raw.FPDFPageObj_GetFillColor, obj)
        stroke = _colour(raw.FPDFPageObj_GetStrokeColor, obj)
        width = box[2] - box[0]
        if abs(width - (box[3] - box[1])) > 0.05 * width:
            continue  # not round
        if filled and fill[:3] == (255, 255, 255) and stroked and stroke[:3] in ROUTE_INKS:
            badges.append(Badge((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, width / 2))
        elif 1.5 * MM < width < 5 * MM and (
            (stroked and _dark(stroke) and fill[:3] == (255, 255, 255)) or (filled and not stroked and _dark(fill))
        ):
            dots.append(box)
    text = page.get_textpage()
    glyphs = []
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        x0, y0, x1, y1 = text.get_charbox(i)
        if char.isspace() or x1 <= x0 or not meets((x0, y0, x1, y1), window):
            continue
        glyphs.append(Glyph(char, (x0, y0, x1, y1), round(raw.FPDFText_GetFontSize(text.raw, i) * math.hypot(form.a, form.b) / MM, 2)))
    return TileInk(label, window, badges, glyphs, dots, rings)


def read_tiles(path: Path) -> list[TileInk]:
    """Every tile of a tiled board's PDF (the first page, the overview, is left out)."""
    pdf = pdfium.PdfDocument(path)
    try:
        return [read_tile(pdf[i], f"tile {i}") for i in range(1, len(pdf))]
    finally:
        pdf.close()


def _own_letter(badge: Badge, glyph: Glyph) -> bool:
    x, y = (glyph.box[0] + glyph.box[2]) / 2, (glyph.box[1] + glyph.box[3]) / 2
    return math.dist((x, y), (badge.x, badge.y)) < badge.r


def badge_clashes(tile: TileInk) -> list[str]:
    """Each pair of badges closer than the clearance, and each badge that closer to a glyph not its own letter."""
    found = []
    for i, a in enumerate(tile.badges):
        for b in tile.badges[i + 1 :]:
            if math.dist((a.x, a.y), (b.x, b.y)) < a.r + b.r + CLEARANCE:
                found.append(f"{tile.label}: badges at ({a.x:.0f}, {a.y:.0f}) and ({b.x:.0f}, {b.y:.0f})")
        for glyph in tile.glyphs:
            if not _own_letter(a, glyph) and distance(a.x, a.y, glyph.box) < a.r + CLEARANCE:
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
    return read_tiles(printed_kits.pdf("take-off", "map", request.param))


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
