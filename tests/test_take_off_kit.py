"""Take Off!'s kit and state picture, read back from the PDF and SVG they print."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.pdf import read
from support.pdfium import plain_text

from pnp.games import REGISTRY
from pnp.games.take_off.drawing import board_drawing, map_text
from pnp.games.take_off.model import load_data
from pnp.games.take_off.rules import TakeOff
from pnp.printing.canvas import Drawing
from pnp.printing.parts import Board, Deck, Sheet, TokenSheet
from pnp.printing.render import drawing_to_svg
from pnp.referee.protocol import Setup

SPEC = REGISTRY["take-off"]
DATA = load_data().value
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def the_kit(printed_kits):
    return printed_kits.kit("take-off")


@pytest.fixture(scope="module")
def written(printed_kits):
    return {f.path.name: f for f in printed_kits.files("take-off")}


@pytest.fixture(scope="module")
def world():
    return TakeOff().new_state(Setup(("a", "b"))).ctx.world


def parts(kit, kind):
    return [p for doc in kit.documents for p in doc.parts if isinstance(p, kind)]


def svg_of(drawing: Drawing) -> ET.Element:
    return ET.fromstring(drawing_to_svg(drawing))


def group(root: ET.Element, name: str) -> ET.Element:
    found = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == name]
    assert len(found) == 1, name
    return found[0]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def test_the_manifest_counts_every_component(written):
    assert written["cards.pdf"].components == {"Brown deck: eastern half": 96, "Blue deck: western half": 97}
    assert written["jets-and-dice.pdf"].components == {"jets": 24, "die 1": 1, "die 2": 1}
    assert written["map.pdf"].components == {"world map": 1}


def test_the_map_is_tiled_over_pages_with_an_overview(written, world):
    board = written["map.pdf"]
    reader = read(board.path)
    assert board.pages == len(reader.pages) >= 5
    sizes = {
        (round(float(p.mediabox.width) * 25.4 / 72), round(float(p.mediabox.height) * 25.4 / 72)) for p in reader.pages
    }
    assert sizes <= {(210, 297), (297, 210)}  # every page is A4
    overview = plain_text(board.path)  # read by PDFium (pypdf takes half a second, pdfplumber seconds)
    assert "overview" in overview and "tile 1" in overview
    assert "START Honolulu" in overview and "Honolulu FINISH" in overview
    for name in ("Tokyo", "Midway", "Taipei", "Wuhan", "Reykjavík"):
        assert name in overview


def test_every_route_has_its_letter_and_an_arrow_and_every_city_its_label(world):
    root = svg_of(board_drawing(world, DATA))
    routes = group(root, "routes")
    count = sum(1 for dests in world.routes for d in dests if d >= 0)
    letters = texts(routes)
    assert len(letters) == count and set(letters) == {c.letter for c in DATA.route_colours}
    assert len(list(routes.iter(f"{SVG}polygon"))) >= count  # at least one arrowhead per route
    dashed = {line.get("stroke-dasharray") for line in routes.iter(f"{SVG}line")}
    assert len(dashed) == len(DATA.route_colours)  # one line pattern per colour (solid has none)
    shown = set(texts(group(root, "cities")))
    assert {label.text for label in map_text(world, DATA).labels} == shown
    assert len(shown) == len(world.ids)  # each city labelled once (Start and Finish with their words)
    grid = texts(group(root, "grid"))
    assert grid.count("A") == 2 and grid.count("X") == 2 and grid.count("9") == 2
    coasts = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == "coastlines"]
    assert len(coasts) == 1 + len(map_text(world, DATA).insets)  # the map's, and each inset's
    assert len(list(coasts[0].iter(f"{SVG}polygon"))) > 500
    assert len(list(group(root, "half-line").iter(f"{SVG}line"))) == 1


def test_each_card_shows_capital_country_and_map_square(the_kit, world):
    decks = parts(the_kit, Deck)
    assert [d.size.name for d in decks] == [DATA.card_size] * 2
    for deck, cities in zip(decks, world.decks):
        assert len(deck.cards) == len(cities)
        for card, city in list(zip(deck.cards, cities))[::12]:
            info = world.map.cities[city]
            shown = texts(svg_of(Drawing(deck.size.width, deck.size.height, card.front.draw)))
            assert info.name in shown and info.country in shown
            assert world.layout.city_reference(city) in shown
    brown_back = texts(svg_of(Drawing(63.5, 88.9, decks[0].cards[0].back.draw)))
    blue_back = texts(svg_of(Drawing(63.5, 88.9, decks[1].cards[0].back.draw)))
    assert "E" in brown_back and "W" in blue_back
    assert decks[0].cards[0].back.background != decks[1].cards[0].back.background


def test_the_tokyo_card_names_the_square_the_map_shows_it_in(world):
    layout = world.layout
    x, y = layout.dots[world.index["tokyo"]]
    column = chr(ord("A") + int((x - 9.0) // layout.cell))
    row = int((y - 9.0) // layout.cell) + 1
    assert layout.city_reference(world.index["tokyo"]) == f"{column}{row}"


def test_jet_tokens_come_in_every_player_colour(the_kit):
    (sheet,) = parts(the_kit, TokenSheet)
    assert sheet.shape == "round" and sheet.diameter == DATA.jet_token
    backgrounds = [t.front.background for t in sheet.tokens]
    assert sorted(set(backgrounds)) == sorted(c.rgb for c in DATA.jet_colours)
    shown = texts(svg_of(Drawing(12, 12, sheet.tokens[0].front.draw)))
    assert shown == [f"{DATA.jet_colours[0].letter}1"]


def test_two_die_nets_show_every_face_with_seven_glue_tabs(the_kit):
    nets = [s for s in parts(the_kit, Sheet) if s.name.startswith("die")]
    assert len(nets) == 2
    for net in nets:
        root = svg_of(net.drawing)
        shown = texts(root)
        for colour in DATA.route_colours:
            assert colour.letter in shown and colour.name in shown
        assert "TAKE OFF!" in shown and "any colour" in shown
        faces = [g for g in root.iter(f"{SVG}g") if (g.get("data-name") or "").startswith("face ")]
        assert len(faces) == 6
        tabs = [p for p in root.iter(f"{SVG}polygon") if p.get("fill") == "#d9d9d9"]
        assert len(tabs) == 7


def test_the_board_is_one_board_part(the_kit, world):
    (board,) = parts(the_kit, Board)
    assert (board.drawing.width, board.drawing.height) == (world.layout.width, world.layout.height)


def test_the_picture_shows_every_jet_and_whose_turn_it_is():
    game = TakeOff()
    state = game.new_state(Setup(("ann", "bob", "cy"), {"fleet": 2}))
    for text in ("roll R Y", "fly 1 taipei wuhan"):
        state.apply(game.parse_move(text))
    root = svg_of(SPEC.picture(state, None))
    jets = group(root, "jets")
    assert len(list(jets.iter(f"{SVG}circle"))) == 6
    assert {"K1", "K2", "W1", "W2", "O1", "O2"} == set(texts(jets))
    assert any("bob to roll" in t for t in texts(root))


def test_the_rules_sheet_speaks_of_the_map_in_use(cli, tmp_path):
    """The authoring guide's Europe map printed the world map's goal ("once round the world: from Start, Honolulu")
    and "the overview page shows where each tile goes" beside a one-page map; the build listed a "world map"."""
    europe = Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml"
    printed = {}
    for out, args in (("world", ()), ("europe", ("--map", str(europe)))):
        code, manifest, err = cli("build", "take-off", *args, "-o", out, "--json")
        assert code == 0, err
        components = {Path(f["path"]).name: f["components"] for f in json.loads(manifest)["files"]}
        printed[out] = " ".join(plain_text(tmp_path / out / "take-off" / "rules.pdf").split()), components["map.pdf"]
    (world, world_map), (regional, regional_map) = printed["world"], printed["europe"]
    assert "once round the world: from Start, Honolulu on the map's east edge" in world
    assert "the overview page shows where each tile goes" in world and world_map == {"world map": 1}
    assert "westward across the map: from Start, Moscow on its east edge, to Finish, Lisbon" in regional
    assert "round the world" not in regional and "Honolulu" not in regional
    assert "overview" not in regional and "Lay the map out" in regional and regional_map == {"map": 1}
