"""Take Off!'s world map read back from every tile of its PDF: route badges clear of each other and of every
word, registration crosshairs clear of every city dot, name and badge, on each paper a board is tiled on; each
inset whole on one tile, nothing in it overlapping, and nothing of the map under it.

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
from pypdf import PageObject
from support.boxes import distance, meets
from support.pdf import read
from support.pdfium import Shape, TextPage, page_shapes, shapes, text_pages

from pnp.games.take_off.drawing import map_text
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import load_data
from pnp.printing.labels import point_box_distance

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


def _round_mark(shape: Shape) -> str | None:
    """What a round path of the board is: "badge" (a route's), "dot" (a city's dot or ring), or None."""
    b = shape.box
    width = b.x1 - b.x0
    if abs(width - (b.bottom - b.top)) > 0.05 * width:
        return None  # not round
    if shape.fill == WHITE and shape.stroke in ROUTE_INKS:
        return "badge"
    ringed = _dark(shape.stroke) and shape.fill == WHITE
    return "dot" if 1.5 * MM < width < 5 * MM and (ringed or (shape.stroke is None and _dark(shape.fill))) else None


def _badge(shape: Shape) -> Badge:
    b = shape.box
    return Badge((b.x0 + b.x1) / 2, (b.top + b.bottom) / 2, (b.x1 - b.x0) / 2)


def read_tile(shapes: tuple[Shape, ...], text: TextPage, window: Box, label: str) -> TileInk:
    """What shows through a tile's ``window``: route badges and city dots (round paths of the board), glyphs, and
    the registration crosshairs (dark rings drawn on the page itself)."""
    badges, dots, rings = [], [], []
    for shape in shapes:
        bounds = shape.box
        x0, top, x1, bottom = bounds.x0, bounds.top, bounds.x1, bounds.bottom
        if not shape.in_form:
            ring = shape.stroke and not shape.fill and _dark(shape.stroke)  # a crosshair's circle and its stroke
            if ring and 3.6 * MM < x1 - x0 + shape.line < 4 * MM and 3.6 * MM < bottom - top + shape.line < 4 * MM:
                rings.append(((x0 + x1) / 2, (top + bottom) / 2))
            continue
        box = (x0, top, x1, bottom)
        if not meets(box, window):
            continue
        mark = _round_mark(shape)
        if mark == "badge":
            badges.append(_badge(shape))
        elif mark == "dot":
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
def map_pdf(request, printed_kits) -> Path:
    """The world map tiled on one paper."""
    return printed_kits.document("take-off", "map", request.param)


@pytest.fixture(scope="module")
def tiles(map_pdf) -> list[TileInk]:
    """The world map tiled on one paper, every tile read back."""
    return read_tiles(map_pdf)


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


TITLE_BAND = 6.0 * MM  # an inset's title, over its picture
FRAME = 0.5 * MM  # the line round an inset's picture
DOT = 1.3 * MM  # a capital's dot, to its ring
CARIBBEAN = ("St. John's", "Basseterre", "Roseau", "Castries", "Bridgetown", "Kingstown", "St. George's")
CARIBBEAN += ("Port of Spain", "Caracas")


@dataclass(frozen=True)
class PrintedInset:
    """An inset as the tile that prints it whole shows it: its title, its frame, the badges, dots and names (runs of
    6-pt glyphs on one baseline, their text without spaces) drawn in its picture, and the badges and dots of the map
    drawn there before it (which it hides)."""

    title: str
    frame: Box
    badges: list[Badge]
    dots: list[Box]
    names: list[Glyph]
    hidden: list[Badge]  # as discs
    cut: list[Badge]  # badges drawn in it that its frame line cuts


def _inside(box: Box, frame: Box) -> bool:
    return frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]


def _runs(glyphs: list[Glyph]) -> list[Glyph]:
    """Glyphs on one baseline less than a space and a half apart, joined: a name (a run of words)."""
    runs: list[Glyph] = []
    for glyph in sorted(glyphs, key=lambda g: (round(g.box[3], 1), g.box[0])):
        last = runs[-1] if runs else None
        if last and abs(last.box[3] - glyph.box[3]) < 0.1 and -0.5 < glyph.box[0] - last.box[2] < glyph.size * 0.5:
            box = (last.box[0], min(last.box[1], glyph.box[1]), glyph.box[2], max(last.box[3], glyph.box[3]))
            runs[-1] = Glyph(last.text + glyph.text, box, last.size)
        else:
            runs.append(glyph)
    return runs


def read_insets(path: Path, tiles: list[TileInk]) -> list[PrintedInset]:
    """Each inset a tile prints whole (a white box framed in black, its title at 8 pt), read back in the order the
    tile draws: the badges and dots drawn inside its frame before its box are the map's, which it hides."""
    found = []
    for number, tile in enumerate(tiles, 1):
        if not any(glyph.size == 8 for glyph in tile.glyphs):
            continue  # no inset's title (nor the legend's), so no inset: its paths need not be read again
        drawn = page_shapes(path, number, segments=range(4, CIRCLE + 1), shown=True)[0]
        below: list[Badge] = []  # the round marks drawn so far, each as a disc
        for k, shape in enumerate(drawn):
            if shape.in_form and shape.rectangle and shape.fill == WHITE and _dark(shape.stroke):
                if _inside(_box(shape), tile.window):
                    found.append(_inset(tile, _box(shape), drawn[k:], below))
            elif _round_mark(shape):
                below.append(_badge(shape))
    return found


def _inset(tile: TileInk, frame: Box, after: tuple[Shape, ...], before: list[Badge]) -> PrintedInset:
    picture = (frame[0], frame[1] + TITLE_BAND, frame[2], frame[3])
    title = "".join(
        g.text for g in sorted(tile.glyphs, key=lambda g: g.box[0]) if g.size == 8 and _inside(g.box, frame)
    )
    marks = [shape for shape in after if _round_mark(shape) and _inside(_box(shape), picture)]
    return PrintedInset(
        title,
        frame,
        [_badge(shape) for shape in marks if _round_mark(shape) == "badge"],
        [_box(shape) for shape in marks if _round_mark(shape) == "dot"],
        _runs([g for g in tile.glyphs if g.size == 6 and _inside(g.box, picture)]),
        [mark for mark in before if distance(mark.x, mark.y, frame) < mark.r],
        [_badge(shape) for shape in after if _round_mark(shape) == "badge" and _across(_box(shape), picture)],
    )


def _across(box: Box, picture: Box) -> bool:
    """True when a box reaches into a picture's frame line (0.5 mm wide) from inside or out."""
    inner = (picture[0] + FRAME / 2, picture[1] + FRAME / 2, picture[2] - FRAME / 2, picture[3] - FRAME / 2)
    return meets(
        box, (picture[0] - FRAME / 2, picture[1] - FRAME / 2, picture[2] + FRAME / 2, picture[3] + FRAME / 2)
    ) and not _inside(box, inner)


def _box(shape: Shape) -> Box:
    return shape.box.x0, shape.box.top, shape.box.x1, shape.box.bottom


@pytest.fixture(scope="module")
def insets(map_pdf, tiles) -> dict[str, list[PrintedInset]]:
    """Each inset of the world map (by its title's first words, spaces left out) as printed whole on a tile."""
    found: dict[str, list[PrintedInset]] = {}
    for inset in read_insets(map_pdf, tiles):
        found.setdefault(inset.title.split(":")[0], []).append(inset)
    return found


def test_each_inset_prints_whole_on_one_tile_the_caribbean_with_its_capitals(insets):
    assert sorted(insets) == ["CentralEurope", "EasternCaribbean"]
    assert all(len(prints) == 1 for prints in insets.values()), insets.keys()  # clear of the tiles' overlaps
    (caribbean,) = insets["EasternCaribbean"]
    printed = [name.text for name in caribbean.names]
    assert sorted(printed) == sorted(name.replace(" ", "") for name in CARIBBEAN)


def inset_clashes(inset: PrintedInset) -> list[str]:
    """Each two of an inset's names, dots and badges that overlap (a badge's own letter, at 5 pt, is not a name)."""
    discs = [(f"a badge at ({b.x:.0f}, {b.y:.0f})", b.x, b.y, b.r) for b in inset.badges]
    discs += [
        (f"a dot at ({d[0]:.0f}, {d[1]:.0f})", (d[0] + d[2]) / 2, (d[1] + d[3]) / 2, (d[2] - d[0]) / 2)
        for d in inset.dots
    ]
    found = [
        f"{a[0]} and {b[0]}"
        for i, a in enumerate(discs)
        for b in discs[i + 1 :]
        if math.dist(a[1:3], b[1:3]) < a[3] + b[3]
    ]
    for i, name in enumerate(inset.names):
        found += [f"{name.text!r} and {disc[0]}" for disc in discs if distance(disc[1], disc[2], name.box) < disc[3]]
        found += [f"{name.text!r} and {other.text!r}" for other in inset.names[i + 1 :] if meets(name.box, other.box)]
    return found


def test_nothing_overlaps_in_either_inset(insets):
    assert sorted(insets) == ["CentralEurope", "EasternCaribbean"]
    for (inset,) in insets.values():
        assert len(inset.names) >= len(CARIBBEAN) and len(inset.badges) >= 2 * len(CARIBBEAN)
        assert inset_clashes(inset) == [], inset.title


def test_no_inset_hides_a_city_name_or_badge_of_the_map(insets):
    """No badge or dot of the map is drawn under an inset, and each inset's names are those of the cities it
    shows, each once: a name of the map under it would be one more."""
    world, _ = load_world(None, DATA)
    shown = {}
    for spot in map_text(world, DATA).insets:
        dots = spot.world.layout.dots
        cities = [city for city, dot in enumerate(dots) if point_box_distance(*dot, spot.zoomed) == 0]
        shown[spot.inset.name.replace(" ", "")] = sorted(world.name(city).replace(" ", "") for city in cities)
    assert sorted(insets) == sorted(shown) == ["CentralEurope", "EasternCaribbean"]
    for title, (inset,) in insets.items():
        assert inset.hidden == [], title
        assert sorted(name.text for name in inset.names) == shown[title]


def test_no_badge_is_cut_by_an_inset_frame(insets):
    """A route's badge in an inset lies wholly inside its frame line, or is not drawn there."""
    for title, (inset,) in insets.items():
        assert inset.cut == [], title


def test_every_name_in_an_inset_is_nearer_its_own_dot_than_any_other(insets):
    """Read back as printed: each name's box is nearer its city's dot than any other dot the inset prints (its city
    known from the placement, its dot found where the placement put it), so that no name reads as another's."""
    world, _ = load_world(None, DATA)
    for spot in map_text(world, DATA).insets:
        (inset,) = insets[spot.inset.name.replace(" ", "")]
        x0, y0, *_ = spot.zoomed
        dots = {world.name(city).replace(" ", ""): dot for city, dot in enumerate(spot.world.layout.dots)}
        centres = [((d[0] + d[2]) / 2, (d[1] + d[3]) / 2) for d in inset.dots]
        for name in inset.names:
            x, y = dots[name.text]
            at = (inset.frame[0] + (x - x0) * MM, inset.frame[1] + TITLE_BAND + (y - y0) * MM)
            own = min(centres, key=lambda c: math.dist(c, at))
            if math.dist(own, at) > 0.1 * MM:  # a dot astride the frame, which ``read_insets`` leaves out
                picture = inset.frame[0], inset.frame[1] + TITLE_BAND, inset.frame[2], inset.frame[3]
                assert min(at[0] - picture[0], picture[2] - at[0], at[1] - picture[1], picture[3] - at[1]) < DOT
                own = at
            mine = distance(*own, name.box)
            nearest = min(distance(*c, name.box) for c in centres if c != own)
            assert mine < nearest, f"{name.text}: {mine / MM:.1f} mm from its dot, {nearest / MM:.1f} from another"


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
