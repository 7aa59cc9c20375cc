"""Hauling Astronauts' one-page kit and state picture, read back from the files they print."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader
from support.pdfium import drawn_pages, glyph_ink, inked_boxes, plain_texts, text_page

from pnp.games.hauling_astronauts.components import picture
from pnp.games.hauling_astronauts.layout import WIDTH, Layout
from pnp.games.hauling_astronauts.model import builtin
from pnp.games.hauling_astronauts.notation import SPACES, STRIP_NAMES
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.printing.paper import MARGIN, PAPERS
from pnp.printing.render import drawing_to_svg
from pnp.referee.driver import Table
from pnp.referee.protocol import Setup

DATA = builtin()
LAYOUT = Layout.of(DATA)
MM = 72 / 25.4  # points per millimetre


@pytest.fixture(scope="module", params=["a4", "letter"])
def written(request, printed_kits):
    files = printed_kits.files("hauling-astronauts", request.param, ("pdf", "svg"))
    return request.param, {(f.path.name, f.format): f for f in files}


def _names(svg_path) -> list[str]:
    return [e.get("data-name") for e in ET.parse(svg_path).iter() if e.get("data-name")]


def test_the_whole_game_is_one_page_of_the_chosen_paper(written):
    paper, files = written
    game = files[("game.pdf", "pdf")]
    assert game.pages == 1
    reader = PdfReader(game.path)
    box = reader.pages[0].mediabox
    width, height = float(box.width) / MM, float(box.height) / MM
    assert {round(width, 1), round(height, 1)} == {round(v, 1) for v in PAPERS[paper]}


def test_everything_is_drawn_inside_the_margins(written):
    _, files = written
    path = files[("game.pdf", "pdf")].path
    page, (boxes, *_) = text_page(path), inked_boxes(path)  # every glyph, painted path and image
    margin = MARGIN * MM - 0.5
    assert boxes
    for box in boxes:
        assert box.x0 >= margin and box.top >= margin, box
        assert box.x1 <= page.width - margin and box.bottom <= page.height - margin, box


def test_the_page_shows_the_board_areas_docks_and_every_transport(written):
    _, files = written
    text = plain_texts(files[("game.pdf", "pdf")].path)[0]
    for word in ("Available to roll", "Booked", "Confirmed", "GOLD", "RED", "score"):
        assert word in text
    for index, dock in enumerate(DATA.docks):
        assert f"d{index + 1}" in text and f"+{dock.bonus}" in text and dock.label in text
    root = ET.parse(files[("game-01.svg", "svg")].path).getroot()
    pieces = {
        e.get("data-name"): " ".join(e.itertext())
        for e in root.iter()
        if e.get("data-name", "").startswith("transport:")
    }
    for fleet in DATA.fleets:
        for transport in fleet.transports:
            words = pieces[f"transport:{transport.id}"]
            assert transport.name in words and transport.label in words and f"pays {transport.profit}" in words


def test_the_svg_holds_every_component(written):
    _, files = written
    names = _names(files[("game-01.svg", "svg")].path)
    ids = [t.id for fleet in DATA.fleets for t in fleet.transports]
    assert sorted(n for n in names if n.startswith("transport:")) == sorted(f"transport:{i}" for i in ids)
    assert {"marker:gold", "marker:red", "grid", "available", "booked", "track:P1", "track:P2"} <= set(names)
    assert {"score-marker:P1", "score-marker:P2"} <= set(names)  # one per player
    assert {f"destination:d{i}" for i in range(1, 7)} <= set(names)
    assert {f"loading:{name}" for names_ in STRIP_NAMES for name in names_} <= set(names)


def test_pieces_are_cut_to_the_size_of_the_loading_docks(written):
    _, files = written
    rectangles = drawn_pages(files[("game.pdf", "pdf")].path)[0].rectangles
    sizes = [(round(width / MM, 1), round(height / MM, 1)) for width, height in (r.size for r in rectangles)]
    s, length = DATA.space_mm, DATA.transport_length_mm
    # six cut outlines plus three loading docks for each player; nine Confirmed spaces
    assert sizes.count((length, s)) >= 6 + 3
    assert sizes.count((s, length)) >= 6 + 3
    assert sizes.count((s, s)) >= len(SPACES)


def test_every_piece_keeps_its_text_2_mm_inside_its_cut_edge(written):
    """The words of a transport ("16 or more") stay clear of its cut edge and border: a cut a little off still
    leaves them whole."""
    _, files = written
    path = files[("game.pdf", "pdf")].path
    glyphs = [(char, box) for char, box, _ in glyph_ink(path)]
    s, length = DATA.space_mm * MM, DATA.transport_length_mm * MM
    outlines = [
        r
        for r in drawn_pages(path)[0].rectangles
        if any(abs(w - a) < 0.5 and abs(h - b) < 0.5 for (a, b) in ((length, s), (s, length)) for w, h in [r.size])
    ]
    names = {t.name for fleet in DATA.fleets for t in fleet.transports}

    def inside(box, outline) -> bool:
        x, y = (box.x0 + box.x1) / 2, (box.top + box.bottom) / 2
        return outline.x0 < x < outline.x1 and outline.top < y < outline.bottom

    checked = 0
    for outline in {(o.x0, o.top, o.x1, o.bottom): o for o in outlines}.values():  # a piece's outline drawn twice
        text = [(c, b) for c, b in glyphs if inside(b, outline)]
        if not any(name.replace(" ", "") in "".join(c for c, _ in text) for name in names):
            continue  # a loading dock (no transport's name in it), not a piece
        checked += 1
        for char, box in text:
            room = min(box.x0 - outline.x0, box.top - outline.top, outline.x1 - box.x1, outline.bottom - box.bottom)
            room /= MM
            assert room >= 2.0, f"{char!r} of {''.join(c for c, _ in text)!r} is {room:.2f} mm from the cut"
    assert checked == sum(len(fleet.transports) for fleet in DATA.fleets)


def test_the_layout_matches_pieces_to_docks_and_fits_both_papers():
    for player in (0, 1):
        cut = {(LAYOUT.cut_piece(player, i).w, LAYOUT.cut_piece(player, i).h) for i in range(6)}
        docks = {(LAYOUT.loading_dock(player, k).w, LAYOUT.loading_dock(player, k).h) for k in range(3)}
        assert cut == docks and len(cut) == 1
    assert LAYOUT.track_max + 1 <= LAYOUT.track_columns * LAYOUT.track_rows
    markers = [LAYOUT.score_marker(p) for p in (0, 1)]
    assert markers[0].right < markers[1].x and markers[1].right <= WIDTH  # side by side, within the page
    assert LAYOUT.marker(1).right < markers[0].x and markers[0].bottom <= LAYOUT.summary.y
    assert LAYOUT.page_height <= min(h for _, h in PAPERS.values()) - 2 * MARGIN - 4


# -- the state picture -------------------------------------------------------
def _midgame(seed: int, **options: bool) -> Table:
    game = HaulingAstronauts()
    table = Table(game, game.new_state(Setup(("ann", "bob"), options)))
    rng = random.Random(seed)
    while not table.state.departures and not table.state.is_over():
        table.play(rng.choice(table.state.legal_moves()))
    for _ in range(4):
        if not table.state.is_over():
            table.play(rng.choice(table.state.legal_moves()))
    return table


def _svg_names(table: Table) -> list[str]:
    root = ET.fromstring(drawing_to_svg(picture(table.state, None)))
    return [e.get("data-name") for e in root.iter() if e.get("data-name")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_picture_draws_every_die_and_transport_where_the_state_has_them(seed):
    table = _midgame(seed, bonus_dice=True)
    state = table.state
    names = _svg_names(table)
    assert names.count("die") == 9
    docked = sum(slot >= 0 for row in state.docked for slot in row)
    assert sum(n.startswith("transport:") for n in names) == docked + len(state.departures)
    assert {"score:P1", "score:P2", "grid"} <= set(names)


def test_hidden_transports_are_pictured_face_down_until_revealed():
    table = _midgame(5, hidden_transports=True)
    names = _svg_names(table)
    revealed = sum(table.state.transport(d) is not None for d in table.state.departures)
    assert names.count("transport:hidden") == 6 - revealed
    secrets = {value for (_, _), (value, _) in table.kept.items()}
    shown = {n.split(":")[1] for n in names if n.startswith("transport:") and n != "transport:hidden"}
    assert shown <= secrets and len(shown) <= revealed


def test_the_score_marker_moves_along_the_track():
    table = _midgame(7)
    state = table.state
    root = ET.fromstring(drawing_to_svg(picture(state, None)))
    marker = next(e for e in root.iter() if e.get("data-name") == "score:P1")
    rect = next(e for e in marker.iter() if e.tag.endswith("rect"))
    score = state.score().players[0].score
    cell = LAYOUT.track_cell(0, score)  # in the board's frame, under the picture's status line
    assert abs(float(rect.get("x")) - cell.x) < 0.01 and abs(float(rect.get("y")) - cell.y) < 0.01
    assert rect.get("fill") == state.data.fleets[0].colour
    assert "".join(next(e for e in marker.iter() if e.tag.endswith("text")).itertext()) == str(score)
