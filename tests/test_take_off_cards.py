"""Take Off!'s capital cards, read back from the PDF: the locator map, its ring and the header on every card."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.pdfium import Box, Glyph, Shape, glyph_styles, shapes, text_pages, words

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.games.take_off.components import BAND, NAME_PT, art_box
from pnp.games.take_off.drawing import GROUND, INK, SHORE
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import load_data
from pnp.games.take_off.world import MARGIN, strip_lon
from pnp.printing.canvas import PT
from pnp.printing.color import luminance, rgb
from pnp.printing.geometry import clip_polygon, clip_polyline, simplify
from pnp.printing.inksaver import InkSaver
from pnp.printing.parts import CARD_SIZES, Deck
from pnp.printing.pdf import PdfWriter
from pnp.printing.render import PrintSettings, render_kit

DATA = load_data().value
WORLD = load_world(None, DATA)[0]
SPEC = REGISTRY["take-off"]
CARD = CARD_SIZES[DATA.card_size]
CLOSE = 0.02  # mm: the PDF's rounding
RING_WIDTH = 0.5  # mm: the ring's line, the only line of its width on a card


@pytest.fixture(scope="module")
def the_kit():
    return SPEC.kit(KitRequest())


@pytest.fixture(scope="module")
def decks(the_kit) -> list[Deck]:
    return [part for doc in the_kit.documents for part in doc.parts if isinstance(part, Deck)]


@pytest.fixture(scope="module")
def cards(decks) -> list[tuple[int, object]]:
    """Every capital card with its city, deck by deck, in the map's order."""
    return [(city, card) for deck, cities in zip(decks, WORLD.decks) for city, card in zip(cities, deck.cards)]


def _fronts(path: Path, cards, ink_saver: bool = False) -> Path:
    """Every card's front on a page of its own, the card's size: the page's coordinates are the card's."""
    writer = PdfWriter(path, "fronts")
    for _, card in cards:
        draw = (lambda canvas, d=card.front.draw: d(InkSaver(canvas))) if ink_saver else card.front.draw
        writer.page(CARD.width, CARD.height, draw)
    writer.close()
    return path


@dataclass(frozen=True)
class Char:
    """A character as printed on a card: its text, box (points from the card's top), font, size and fill colour."""

    text: str
    box: Box
    font: str
    size: float
    fill: tuple[int, int, int]


@dataclass(frozen=True)
class Front:
    """A card's front read back with PDFium (pdfplumber takes seconds over the 193 locators): its paths and its
    characters, in the order drawn."""

    shapes: tuple[Shape, ...]
    chars: tuple[Char, ...]
    glyphs: tuple[Glyph, ...]


def _read(path: Path) -> list[Front]:
    fronts = []
    for text, styles, drawn in zip(text_pages(path), glyph_styles(path), shapes(path)):
        styled = zip(text.glyphs, styles)
        chars = tuple(Char(g.text, g.box(text.height), font, g.size, fill) for g, (font, fill) in styled)
        fronts.append(Front(drawn, chars, text.glyphs))
    return fronts


@pytest.fixture(scope="module")
def pages(cards, tmp_path_factory) -> list[tuple[int, Front]]:
    """Each card's front read back: (city, front)."""
    path = _fronts(tmp_path_factory.mktemp("fronts") / "fronts.pdf", cards)
    return [(city, front) for (city, _), front in zip(cards, _read(path))]


def _mm(box: Box) -> tuple[float, float, float, float]:
    """A box in mm from the card's top-left corner: x0, y0, x1, y1."""
    return box.x0 * PT, box.top * PT, box.x1 * PT, box.bottom * PT


def _is(value: tuple[int, int, int] | None, colour: str) -> bool:
    return value == tuple(round(255 * v) for v in rgb(colour))


def _art() -> tuple[float, float, float, float]:
    x, y, w, h = art_box(CARD.width)
    return x, y, x + w, y + h


def _inside(box, outer, slack: float = CLOSE) -> bool:
    x0, y0, x1, y1 = outer
    return x0 - slack <= box[0] and box[2] <= x1 + slack and y0 - slack <= box[1] and box[3] <= y1 + slack


def _overlaps(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_every_capital_has_a_card(cards):
    assert len(cards) == sum(1 for city in WORLD.map.cities if city.country) == 193


def test_each_card_shows_coastlines_only_inside_its_art_box(pages):
    art = _art()
    bare = []
    for city, page in pages:
        land = [s for s in page.shapes if _is(s.fill, GROUND)]
        coast = land + [s for s in page.shapes if _is(s.stroke, SHORE)]
        outside = [_mm(s.box) for s in coast if not _inside(_mm(s.box), art)]
        assert not outside, f"{WORLD.name(city)}: coastline outside the art box {art}: {outside[:3]}"
        if not coast:
            bare.append(WORLD.name(city))
    assert not bare, f"no land round {bare}"  # three squares across always reach some, even in the Pacific


def _expected_mark(city: int) -> tuple[float, float]:
    """Where the capital's ring belongs, worked out from the map data: the dot's column comes from the city's
    longitude on the map's strip (dots only move north-south), the window is three squares wide with the city's
    square in the middle, scaled to the art box."""
    layout, game_map = WORLD.layout, WORLD.map
    x = MARGIN + (strip_lon(game_map, game_map.cities[city]) - game_map.west_edge) * game_map.scale
    y = layout.dots[city][1]
    assert x == pytest.approx(layout.dots[city][0])
    cell = game_map.grid * game_map.scale
    column, row = int((x - MARGIN) // cell), int((y - MARGIN) // cell)
    ax, ay, aw, ah = art_box(CARD.width)
    scale = aw / (3 * cell)
    return ax + (x - (MARGIN + (column - 1) * cell)) * scale, ay + ah / 2 + (y - (MARGIN + (row + 0.5) * cell)) * scale


def _ring(page: Front) -> tuple[float, float, float, float]:
    lines = [s for s in page.shapes if s.curved and s.fill is None and _is(s.stroke, INK)]
    rings = [_mm(s.box) for s in lines if abs(s.line * PT - RING_WIDTH) < 0.01]
    assert len(rings) == 1, rings
    return rings[0]


def test_the_ring_marks_the_capital_where_the_map_data_puts_it(pages):
    art = _art()
    ax, ay, aw, ah = art_box(CARD.width)
    middle = (ax + aw / 3, ay + ah / 2 - aw / 6, ax + 2 * aw / 3, ay + ah / 2 + aw / 6)  # the capital's square
    for city, page in pages:
        x0, y0, x1, y1 = _ring(page)
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        assert centre == pytest.approx(_expected_mark(city), abs=CLOSE), WORLD.name(city)
        assert _inside((*centre, *centre), art, 0.0), WORLD.name(city)
        assert _inside((*centre, *centre), middle), WORLD.name(city)


def test_no_text_touches_the_locator(pages):
    art = _art()
    for city, page in pages:
        on_it = [c.text for c in page.chars if _overlaps(_mm(c.box), art)]
        assert not on_it, f"{WORLD.name(city)}: {''.join(on_it)!r} on the locator"


def test_the_header_names_the_capital_and_country_as_the_data_does_in_one_size(pages):
    _, art_top, _, _ = _art()
    for city, page in pages:
        header = [c for c in page.chars if BAND < c.box.top * PT < art_top and c.text.strip()]  # under the band
        name = [c for c in header if c.font.endswith("Bold") and c.size == pytest.approx(NAME_PT)]
        lines = _lines(page, name[0].box.top - 1, art_top / PT)
        info = WORLD.map.cities[city]
        assert lines == [info.name, info.country], WORLD.name(city)
        assert len(name) == len(info.name.replace(" ", "")), f"{info.name}: not all in {NAME_PT} pt bold"


def _lines(page: Front, top: float, bottom: float) -> list[str]:
    """The lines of words printed between ``top`` and ``bottom`` (points from the card's top), top line first."""
    height = CARD.height / PT
    band = [g for g in page.glyphs if g.box(height).bottom > top and g.box(height).top < bottom]
    lines = {}
    for word in words(tuple(band)):
        lines.setdefault(round(word[0].box(height).bottom, 1), []).append("".join(g.text for g in word))
    return [" ".join(line) for _, line in sorted(lines.items())]


def test_in_ink_saver_mode_the_header_and_the_ring_stay_dark(cards, tmp_path):
    sample = cards[::24]
    for (city, _), page in zip(sample, _read(_fronts(tmp_path / "saver.pdf", sample, ink_saver=True))):
        _ring(page)  # still the usual ink
        for char in page.chars:
            assert luminance(tuple(v / 255 for v in char.fill)) <= 0.36, (WORLD.name(city), char.text)


def test_a_card_sheet_keeps_each_squares_picture_once(the_kit, tmp_path):
    """A square's locator (coastlines, grid, cities) is written once per file and placed on each of its cards."""
    kit = replace(the_kit, documents=tuple(d for d in the_kit.documents if d.name == "cards"))
    render_kit(kit, PrintSettings(), tmp_path)
    forms = set()
    for page in PdfReader(tmp_path / "take-off" / "cards.pdf").pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            if ref.get_object()["/Subtype"] == "/Form":
                forms.add(ref.idnum)
    squares = {WORLD.layout.cell_of(*WORLD.layout.dots[i]) for i, city in enumerate(WORLD.map.cities) if city.country}
    assert len(forms) == len(squares) == 68


def _area(points) -> float:
    return abs(sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]))) / 2


def test_the_locators_geometry_cuts_shapes_at_the_box_and_thins_lines():
    box = (0.0, 0.0, 10.0, 10.0)
    assert _area(clip_polygon([(-5, -5), (5, -5), (5, 5), (-5, 5)], box)) == pytest.approx(25.0)
    assert clip_polygon([(20, 20), (30, 20), (25, 30)], box) == []
    inside = [(1, 1), (9, 1), (5, 9)]
    assert clip_polygon(inside, box) == inside
    pieces = clip_polyline([(-5, 5), (5, 5), (15, 5), (15, 8), (5, 8)], box)  # in, out and in again
    assert pieces == [[(0, 5), (5, 5), (10, 5)], [(10, 8), (5, 8)]]
    assert simplify([(0, 0), (1, 0.01), (2, 0), (3, 2)], 0.1) == [(0, 0), (2, 0), (3, 2)]
