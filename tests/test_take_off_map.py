"""Take Off!'s map data: the built-in world map's promises, the checks with their locations, generated maps."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import DataError
from pnp.games.take_off.maps import check_map, new_map, raise_errors
from pnp.games.take_off.model import TakeOffMap, load_data, load_map
from pnp.games.take_off.world import UNREACHABLE, compile_world
from pnp.loader import load_text

DATA = load_data().value
LOADED = load_map()
WORLD = compile_world(LOADED.value, DATA)
COLOURS = [c.name for c in DATA.route_colours]


def city(city_id: str):
    return WORLD.map.cities[WORLD.index[city_id]]


# -- the built-in world map ----------------------------------------------------------------------------------------


# The world map's routes the printed map draws through another city's dot, or along another route for 10 mm or more:
# tools/take_off_world.py routes it by distances in degrees, blind to the printed lines. Each is a warning (the map
# plays); pinned here so that any other finding fails, and each one mended is struck off.
MISDRAWN = {
    "andorra-la-vella blue through Madrid",
    "basseterre green through Santo Domingo",
    "bissau green through Banjul",
    "brazzaville red through Libreville",
    "brussels yellow through London",
    "castries red through Kingstown",
    "colombo green through Male",
    "conakry blue through Bissau",
    "damascus red through Amman",
    "doha green through Manama",
    "freetown blue through Bissau",
    "hanga-roa yellow along the red route from Santiago to Papeete",
    "managua blue through San Salvador",
    "maputo green through Mbabane",
    "mbabane red through Pretoria",
    "mexico-city blue along the red route from Guatemala City to Los Angeles",
    "mexico-city blue along the yellow route from Mexico City to San Francisco",
    "mexico-city yellow along the red route from Guatemala City to Los Angeles",
    "monrovia yellow through Conakry",
    "montevideo green through Buenos Aires",
    "muscat green through Abu Dhabi",
    "n-djamena green through Abuja",
    "nay-pyi-taw yellow through Dhaka",
    "podgorica blue through Zagreb",
    "porto-novo green through Lomé",
    "pretoria blue through Gaborone",
    "recife blue along the red route from Recife to Georgetown",
    "roseau red through St. John's",
    "san-jose green through San Salvador",
    "san-salvador yellow through Guatemala City",
    "sanaa yellow through Asmara",
    "santiago blue along the blue route from Buenos Aires to Hanga Roa",
    "santiago blue along the red route from Santiago to Papeete",
    "santiago red along the blue route from Buenos Aires to Hanga Roa",
    "santo-domingo yellow through Port-au-Prince",
    "st-john-s yellow through Santo Domingo",
    "tehran red through Beirut",
    "thimphu red through Kathmandu",
}
MISDRAWN_SAID = re.compile(
    r"cities\[(\d+)\]\.routes\.(\w+): on the printed map, the \w+ route from .+? to .+? "
    r"(?:runs (through) the dot of (.+?), so|is drawn (along) (the .+?) for \d+ mm)"
)


def misdrawn(message: str) -> str:
    """A misdrawn route's finding as MISDRAWN lists it: the route's city and colour, then what it is drawn over."""
    match = MISDRAWN_SAID.match(message)
    assert match, message
    city, colour, through, over, along, route = match.groups()
    return f"{WORLD.ids[int(city)]} {colour} {through or along} {over or route}"


def test_the_world_map_passes_its_checks_warning_only_of_its_misdrawn_routes():
    found = check_map(LOADED, DATA)
    assert {f.level for f in found} == {"warning"}
    assert sorted(misdrawn(f.message) for f in found) == sorted(MISDRAWN)


def test_every_city_reaches_finish():
    assert all(hops < UNREACHABLE for hops in WORLD.hops)
    assert WORLD.hops[WORLD.finish] == 0


def test_every_route_leads_west():
    for src, dests in enumerate(WORLD.routes):
        for dest in dests:
            if dest >= 0:
                assert WORLD.u[dest] < WORLD.u[src], (WORLD.ids[src], WORLD.ids[dest])


def test_every_city_but_finish_has_routes_in_several_colours():
    for i, c in enumerate(WORLD.map.cities):
        if i != WORLD.finish:
            assert len(c.routes) >= 2, c.id
            assert set(c.routes) <= set(COLOURS)


def test_the_rulebook_example_is_on_the_map():
    assert city("honolulu-east").routes["red"] == "midway"
    assert city("honolulu-east").routes["yellow"] == "taipei"
    assert city("midway").routes["yellow"] == "tokyo"
    assert city("taipei").routes["red"] == "wuhan"


def test_start_and_finish_are_honolulu_on_the_east_and_west_edges():
    m = WORLD.map
    start, finish = city(m.start), city(m.finish)
    assert start.name == finish.name == "Honolulu" and (start.lat, start.lon) == (finish.lat, finish.lon)
    assert WORLD.u[WORLD.start] == pytest.approx(m.east_edge) and WORLD.u[WORLD.finish] == pytest.approx(m.west_edge)
    assert max(WORLD.u) == WORLD.u[WORLD.start] and min(WORLD.u) == WORLD.u[WORLD.finish]


def test_the_hub_cities_are_there_without_cards():
    for hub in ("midway", "tokyo", "taipei", "wuhan", "urumqi"):
        assert hub in WORLD.index
    assert city("midway").country is None and city("taipei").country is None
    assert city("tokyo").country == "Japan"


def test_every_un_member_capital_has_one_card_in_the_deck_of_its_half():
    capitals = [i for i, c in enumerate(WORLD.map.cities) if c.country]
    assert len(capitals) == 193 and len({WORLD.map.cities[i].country for i in capitals}) == 193
    east, west = WORLD.decks
    assert sorted(east + west) == capitals
    assert all(WORLD.u[i] > WORLD.map.divide for i in east) and all(WORLD.u[i] <= WORLD.map.divide for i in west)
    assert abs(len(east) - len(west)) < 20  # the line splits the capitals roughly in half


@pytest.mark.parametrize("capital, lat, lon", [("tokyo", 35.7, 139.7), ("paris", 48.9, 2.3), ("lima", -12.0, -77.0)])
def test_capitals_stand_where_they_are_in_the_world(capital, lat, lon):
    c = city(capital)
    assert math.isclose(c.lat, lat, abs_tol=0.2) and math.isclose(c.lon, lon, abs_tol=0.2)


def test_dots_move_only_north_or_south_and_stay_apart():
    layout = WORLD.layout
    for (tx, _), (x, _) in zip(layout.true_xy, layout.dots):
        assert x == tx
    dots = layout.dots
    close = [(a, b) for a in range(len(dots)) for b in range(a) if math.dist(dots[a], dots[b]) < 4.3]
    assert close == []


# -- map checks, each located at its line and column ------------------------------------------------------------

SMALL = """\
game: take-off
title: Test strip
start: east
finish: west
west_edge: 0
east_edge: 40
north: 60
south: 0
divide: 20
scale: 5
grid: 10
cities:
  - {id: east, name: East, lat: 30, lon: 40, routes: {red: a, yellow: b}}
  - {id: a, name: A, country: Aland, lat: 40, lon: 32, routes: {red: c, yellow: d}}
  - {id: b, name: B, country: Bland, lat: 20, lon: 28, routes: {red: d, yellow: c}}
  - {id: c, name: C, country: Cland, lat: 45, lon: 10, routes: {red: west, yellow: west}}
  - {id: d, name: D, country: Dland, lat: 15, lon: 12, routes: {red: west, green: c}}
  - {id: west, name: West, lat: 30, lon: 0}
"""


def findings(text: str):
    return check_map(load_text(text, TakeOffMap, "m.yaml"), DATA)


def located(text: str, needle: str, occurrence: int = 0) -> str:
    """``m.yaml:LINE:COL`` of the n-th occurrence of ``needle`` in ``text``."""
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    return f"m.yaml:{line}:{at - text.rfind(chr(10), 0, at)}"


def only_error(text: str):
    errors = [f for f in findings(text) if f.level == "error"]
    assert len(errors) == 1, errors
    return errors[0]


def test_the_small_map_is_valid():
    assert findings(SMALL) == []


@pytest.mark.parametrize(
    "old, new, needle, words",
    [
        ("{red: a, yellow: b}", "{red: a, yellow: nowhere}", "nowhere", "not a city id"),
        ("{red: d, yellow: c}}", "{red: d, purple: c}}", "c}}", "unknown route colour"),
        ("{red: d, yellow: c}}", "{red: d, yellow: a}}", "a}}", "does not lead west"),
        ("start: east", "start: middle", "middle", "no city has the id"),
        ("id: b,", "id: B b,", "B b", "is not an id"),
        ("id: d,", "id: a,", "a, name: D", "already the id"),
        ("id: d,", "id: a-,", "a-, name: D", "reads like the id of cities[1] ('a')"),
        ("lat: 45,", "lat: 75,", "75", "off the map"),
        ("lon: 28,", "lon: -10,", "-10", "off the map"),
        ("divide: 20", "divide: 35", "35", "needs at least two capitals"),
        ("lon: 0}", "lon: 0, routes: {red: c}}", "{red: c}}", "Finish has no routes"),
        ("name: East,", "name: East, country: Eland,", "east", "Start cannot be a capital"),
        ("east_edge: 40", "east_edge: 50", "40, routes: {red: a", "must lie on the east edge"),
    ],
)
def test_each_error_is_found_at_its_line_and_column(old, new, needle, words):
    assert old in SMALL
    text = SMALL.replace(old, new, 1)
    matching = [f for f in findings(text) if f.level == "error" and words in f.message]
    assert len(matching) == 1, findings(text)
    assert matching[0].where == located(text, needle)


def test_a_city_with_no_route_cannot_reach_finish():
    text = SMALL.replace("lon: 12, routes: {red: west, green: c}}", "lon: 12}")
    error = only_error(text)
    assert error.message == "cities[4].id: D cannot reach Finish along the routes"
    assert error.where == located(text, "d, name: D")


def test_warnings_for_a_single_colour_and_a_city_no_route_leads_to():
    text = SMALL.replace("routes: {red: d, yellow: c}", "routes: {red: d}").replace(
        "{red: a, yellow: b}", "{red: a, yellow: a}"
    )
    levels = {(f.level, f.message.split(": ", 1)[1]) for f in findings(text)}
    assert ("warning", "B has routes in fewer than two colours") in levels
    assert ("warning", "no route leads to B: only a TAKE OFF! card gets there") in levels


def test_a_hub_nothing_leads_to_is_one_no_jet_can_reach():
    """A hub has no card, so with no route in, nothing reaches it; nor a hub whose only route in leaves from one."""
    hubs = (
        "  - {id: h1, name: Hub one, lat: 50, lon: 24, routes: {red: h2, yellow: c}}\n"
        "  - {id: h2, name: Hub two, lat: 52, lon: 16, routes: {red: c, yellow: west}}\n"
    )
    text = SMALL.replace("  - {id: west,", hubs + "  - {id: west,")
    unreachable = {f.where: f.message for f in findings(text) if "no jet can ever reach" in f.message}
    assert unreachable == {
        located(text, "h1, name"): "cities[5].id: no jet can ever reach Hub one: no route leads to it, and a hub "
        "has no TAKE OFF! card",
        located(text, "h2, name"): "cities[6].id: no jet can ever reach Hub two: its routes in leave only from "
        "cities no jet reaches, and a hub has no TAKE OFF! card",
    }
    reached = text.replace("{red: a, yellow: b}", "{red: a, yellow: b, green: h1}")
    assert not [f for f in findings(reached) if "reach" in f.message]


def test_a_route_through_a_city_is_found_where_the_dots_are_drawn():
    """Start's green route runs along latitude 30 to West. A hub on it is reported; two hubs side by side on it are
    drawn apart north and south (their dots may not overlap), clear of the line, and are not."""
    straight = SMALL.replace("{red: a, yellow: b}", "{red: a, yellow: b, green: west}")
    one = "  - {id: p, name: P, lat: 30, lon: 20, routes: {red: west}}\n"
    two = one + "  - {id: q, name: Q, lat: 30, lon: 20.4, routes: {red: west}}\n"
    through = " runs through the dot of "
    text = straight.replace("  - {id: west,", one + "  - {id: west,")
    said = [f for f in findings(text) if through in f.message]
    assert [(f.where, f.message.split(", so ")[0]) for f in said] == [
        (
            located(text, "west}}"),
            "cities[0].routes.green: on the printed map, the green route from East to West runs through the dot of P",
        )
    ]
    assert not [f for f in findings(straight.replace("  - {id: west,", two + "  - {id: west,")) if through in f.message]


def test_a_route_through_a_city_is_said_once_not_again_as_drawn_along_that_citys_routes(tmp_path):
    """The reviewer's map: Moscow's blue route to Berlin runs through Minsk, so along Moscow-Minsk and Minsk-Berlin."""
    guide = (Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml").read_text(encoding="utf-8")
    moscow = next(line for line in guide.splitlines() if line.startswith("  - {id: moscow,"))
    routes = "routes: {red: minsk, yellow: kyiv, green: warsaw, blue: berlin}}"
    text = guide.replace(moscow, moscow[: moscow.index("routes:")] + routes).replace("lat: 53.90", "lat: 54.42")
    said = [f"{f.level} {f.message.split(', so ')[0]}" for f in findings(text) if "printed map, the" in f.message]
    blue = "the blue route from Moscow to Berlin"
    assert said == [f"warning cities[0].routes.blue: on the printed map, {blue} runs through the dot of Minsk"]


def test_a_loader_error_is_located():
    with pytest.raises(DataError) as caught:
        load_text(SMALL.replace("scale: 5", "scale: big"), TakeOffMap, "m.yaml")
    assert str(caught.value).startswith(located(SMALL.replace("scale: 5", "scale: big"), "big"))


def test_raise_errors_raises_the_first_error_located():
    text = SMALL.replace("{red: a, yellow: b}", "{red: a, yellow: nowhere}")
    with pytest.raises(DataError, match=r"^m\.yaml:13:\d+: cities\[0\]\.routes\.yellow: "):
        raise_errors(load_text(text, TakeOffMap, "m.yaml"), DATA)


# -- generated maps ---------------------------------------------------------------------------------------------


def test_map_new_without_a_seed_is_the_built_in_map():
    assert new_map(None) == LOADED.source.text


@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_generated_maps_pass_the_checks(seed):
    loaded = load_text(new_map(seed), TakeOffMap, f"seed-{seed}.yaml")
    assert [f for f in check_map(loaded, DATA) if f.level == "error"] == []
    world = compile_world(loaded.value, DATA)
    assert all(len(c.routes) >= 2 for i, c in enumerate(world.map.cities) if i != world.finish)


@pytest.mark.parametrize(
    "old, new, needle, words",
    [
        ("die_faces: [R, Y, G, B, J, T]", "die_faces: [R, Y, G, B, J, X]", "X", "unknown face 'X'"),
        ("fleet_default: 2", "fleet_default: 9", "9", "fleet_default: must be at most fleet_max (4)"),
        ("fleet_default: 2", "fleet_default: 0", "0", "fleet_default: 0 is less than 1, the least allowed"),
        ("round_limit: 500", "round_limit: many", "many", "expected a whole number"),
    ],
)
def test_a_bad_value_in_the_game_data_is_located(tmp_path, old, new, needle, words):
    from pnp.resources import data_file

    text = data_file("take-off.yaml").read_text()
    assert old in text
    text = text.replace(old, new)
    path = tmp_path / "take-off.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_data(path)
    at = text.index(new) + new.index(needle)
    line, col = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    assert str(caught.value).startswith(f"{path}:{line}:{col}:") and words in str(caught.value)


def test_a_generated_map_prints_and_plays_to_the_end(tmp_path):
    import random
    import xml.etree.ElementTree as ET

    from pnp.games.take_off.drawing import board_drawing
    from pnp.games.take_off.rules import TakeOff
    from pnp.printing.render import drawing_to_svg
    from pnp.referee.driver import playout, random_chooser
    from pnp.referee.protocol import Setup

    path = tmp_path / "seeded.yaml"
    path.write_text(new_map(11))
    game = TakeOff()
    table = playout(game, Setup(("a", "b", "c"), {"fleet": 2}, map_path=path), random_chooser(random.Random(11)))
    assert table.state.is_over() and table.state.score().winners
    world = table.state.ctx.world
    root = ET.fromstring(drawing_to_svg(board_drawing(world, DATA)))
    assert root.get("width", "").startswith(f"{world.layout.width:g}")


@pytest.mark.parametrize("west", [-157.86, -10.0, 0.0, 33.3])
def test_start_and_finish_share_a_meridian_yet_sit_on_opposite_edges(west):
    from pnp.games.take_off.world import unwrap, unwrap_start

    east = west + 360.0  # not exactly representable sums must not flip Start to the west edge
    assert unwrap_start(west, east) == pytest.approx(east) and unwrap(west, west) == pytest.approx(west)
    assert unwrap(west - 20, west) == pytest.approx(west + 340)
