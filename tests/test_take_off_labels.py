"""Take Off!'s map names and route letters: read back from the printed map, and the placement that put them."""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.pdfium import Box, Glyph, Shape, TextPage, baselines, drawn_pages, shapes, text_pages

from pnp.errors import DataError
from pnp.games.take_off.drawing import board_drawing, map_text
from pnp.games.take_off.maps import check_map, new_map
from pnp.games.take_off.model import default_map_path, load_data, load_map
from pnp.games.take_off.placement import dot_radius, inset_badges
from pnp.games.take_off.rules import TakeOff
from pnp.printing.labels import Candidate, Obstacle, Scene, place_labels, point_box_distance
from pnp.printing.render import write_drawing
from pnp.referee.protocol import Setup

DATA = load_data().value
MM = 72 / 25.4  # PDF points per mm
ROUTE_INKS = {tuple(int(c.rgb[i : i + 2], 16) for i in (1, 3, 5)) for c in DATA.route_colours}


@pytest.fixture(scope="module")
def world():
    return TakeOff().new_state(Setup(("a", "b"))).ctx.world


@dataclass(frozen=True)
class Printed:
    """The map as printed: each glyph's size and box, its words, and the route lines and badges (in the route
    colours; a badge is filled white), in points from the page's top left."""

    glyphs: list[tuple[float, Box]]
    words: list[tuple[str, float, Box]]
    lines: list[Shape]
    badges: list[Shape]


@pytest.fixture(scope="module")
def printed(world, tmp_path_factory) -> Printed:
    """The map as printed at 100 % (one page the board's size), read back with PDFium."""
    path = tmp_path_factory.mktemp("take-off-map") / "map.pdf"
    write_drawing(board_drawing(world, DATA), path)
    (text,), (drawn,) = text_pages(path), shapes(path)
    routes = [s for s in drawn if s.stroke in ROUTE_INKS]
    return Printed(
        [(glyph.size, glyph.box(text.height)) for glyph in text.glyphs],
        _words(text),
        [s for s in routes if len(s.points) == 2 and not s.curved],
        [s for s in routes if s.curved and s.fill == (255, 255, 255)],
    )


def _words(text: TextPage) -> list[tuple[str, float, Box]]:
    """Each word's text, size and box: glyphs of one size on one baseline with no gap over 0.5 pt between them
    (spaces belong to the word: a city's name is one)."""
    runs: list[list[Glyph]] = []
    for line in baselines(text.glyphs):
        run: list[Glyph] = []
        end = 0.0  # where the glyph before ends along the line
        for along, glyph in line:
            if run and (along - end > 0.5 or abs(glyph.size - run[-1].size) > 0.01):
                runs.append(run)
                run = []
            run.append(glyph)
            end = along + glyph.advance
        runs.append(run)
    found = []
    for run in runs:
        if word := "".join(glyph.text for glyph in run).strip():
            boxes = [glyph.box(text.height) for glyph in run]
            left, top = min(b.x0 for b in boxes), min(b.top for b in boxes)
            found.append((word, run[0].size, Box(left, top, max(b.x1 for b in boxes), max(b.bottom for b in boxes))))
    return found


def _crosses(segment: tuple[tuple[float, float], ...], box: Box) -> bool:
    """True when a straight segment passes through a box (both in PDF points), by fine sampling."""
    (ax, ay), (bx, by) = segment
    x0, top, x1, bottom = box.x0, box.top, box.x1, box.bottom
    if max(ax, bx) <= x0 or x1 <= min(ax, bx) or max(ay, by) <= top or bottom <= min(ay, by):
        return False  # the segment lies beside the box: no point of it is inside
    steps = max(2, int(math.dist((ax, ay), (bx, by)) * 4))
    return any(
        x0 < ax + (bx - ax) * i / steps < x1 and top < ay + (by - ay) * i / steps < bottom for i in range(steps + 1)
    )


def _disc(badge: Shape) -> tuple[float, float, float]:
    """A round badge's centre and radius, out to its ring's outer edge."""
    ring = badge.box
    return (ring.x0 + ring.x1) / 2, (ring.top + ring.bottom) / 2, (ring.x1 - ring.x0) / 2 + badge.line / 2


def _touches(disc: tuple[float, float, float], box: Box) -> bool:
    """True when a badge's disc reaches into a box."""
    cx, cy, r = disc
    return math.dist((cx, cy), (min(max(cx, box.x0), box.x1), min(max(cy, box.top), box.bottom))) < r


def _labels(printed: Printed) -> list[tuple[str, float, Box]]:
    """The city names on the map: the words printed at 6 pt (the legend and grid use 7 pt and more)."""
    return [word for word in printed.words if abs(word[1] - 6) < 0.01]


def test_every_name_is_6_pt_and_every_route_letter_5_pt_or_more(printed, world):
    inside_badge = 0
    badges = [badge.box for badge in printed.badges]
    for size, box in printed.glyphs:
        if size >= 6 - 1e-6:
            continue
        centre = ((box.x0 + box.x1) / 2, (box.top + box.bottom) / 2)
        assert size >= 5 - 1e-6, box
        assert any(b.x0 < centre[0] < b.x1 and b.top < centre[1] < b.bottom for b in badges)
        inside_badge += 1
    routes = sum(1 for dests in world.routes for d in dests if d >= 0)
    # each inset prints its part again, with the badges of the routes it shows
    shown = sum(len(inset_badges(spot.zoomed, spot.text.badges)) for spot in map_text(world, DATA).insets)
    assert inside_badge == routes + shown == len(printed.badges) - len(DATA.route_colours)  # legend: larger
    names = " ".join(text for text, _, _ in _labels(printed))
    for city in range(len(world.ids)):
        assert world.name(city) in names


def test_no_name_is_crossed_by_a_route_line_or_touches_a_badge(printed):
    labels = _labels(printed)
    assert len(labels) >= 224
    crossed = [text for text, _, box in labels for line in printed.lines if _crosses(line.points, box)]
    discs = [_disc(badge) for badge in printed.badges]
    covered = [text for text, _, box in labels for disc in discs if _touches(disc, box)]
    assert (len(crossed), len(covered)) == (0, 0), (crossed[:5], covered[:5])


def test_names_keep_clear_of_jet_spaces_and_each_other(world):
    """(The registration crosshairs slide off the names: see test_take_off_map_clear.py.)"""
    placed = map_text(world, DATA)
    assert placed.problems == () and all(spot.problems == () for spot in placed.insets)
    jet = DATA.jet_token / 2
    dots = world.layout.dots
    for label in placed.labels:
        x0, y0, x1, y1 = label.box
        for city, (x, y) in enumerate(dots):  # no jet on any city covers a name
            assert math.dist((x, y), (min(max(x, x0), x1), min(max(y, y0), y1))) >= jet, (label.text, world.name(city))
    boxes = [label.box for label in placed.labels]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])


def test_a_jet_on_a_city_covers_no_other_city_dot(world):
    jet = DATA.jet_token / 2
    dots = world.layout.dots
    for i, a in enumerate(dots):
        for j, b in enumerate(dots[i + 1 :], i + 1):
            assert math.dist(a, b) >= jet + max(dot_radius(world, i), dot_radius(world, j)) - 1e-6


def test_central_europe_is_printed_again_larger_where_the_map_is_empty(world):
    placed = map_text(world, DATA)
    spot = placed.insets[0]
    assert spot.inset.name == "Central Europe" and spot.covers == 0
    x, y, w, h = spot.place
    for label in placed.labels:  # nothing of the map lies under it
        assert not (label.box[0] < x + w and x < label.box[2] and label.box[1] < y + h and y < label.box[3])
    for dot in world.layout.dots:
        assert not (x - 2 < dot[0] < x + w + 2 and y - 2 < dot[1] < y + h + 2)
    x0, y0, x1, y1 = spot.zoomed
    assert (x1 - x0, y1 - y0) == pytest.approx((w, h - 6.0)) and w == pytest.approx(26 * 3.5 * 1.8)
    named = {
        label.text
        for label in spot.text.labels
        if x0 <= label.box[0] and label.box[2] <= x1 and y0 <= label.box[1] and label.box[3] <= y1
    }
    assert {"Vienna", "Bratislava", "Ljubljana", "Zagreb", "Vaduz", "Bern", "Prague", "Budapest"} <= named
    dots = {city: dot for city, dot in enumerate(spot.world.layout.dots) if point_box_distance(*dot, spot.zoomed) == 0}
    assert named == {spot.world.name(city) for city in dots}  # every dot it prints has its name, none cut off
    inland = {city for city, (x, y) in dots.items() if min(x - x0, x1 - x, y - y0, y1 - y) > DATA.jet_token}
    leaders = [label for label in spot.text.labels if label.city in inland and label.leader]
    assert max(math.dist(leader.leader[:2], leader.leader[2:]) for leader in leaders) < 15  # by the edge: farther


def crowded_map(tmp_path):
    """Forty capitals packed into a few grid squares: more names than room (52 names left overlapping)."""
    rng = random.Random(3)
    cities = ["  - {id: east, name: East, lat: 30, lon: 40, routes: {red: c0}}"]
    for i in range(40):
        lon, lat = 38 - i * 0.6, 30 + rng.uniform(-4, 4)
        cities.append(
            f"  - {{id: c{i}, name: City number {i}, country: Land {i}, lat: {lat:.2f}, lon: {lon:.2f}, "
            f"routes: {{red: {f'c{i + 1}' if i < 39 else 'west'}}}}}"
        )
    cities.append("  - {id: west, name: West, lat: 30, lon: 0}")
    path = tmp_path / "crowded.yaml"
    path.write_text(
        "game: take-off\ntitle: Crowded\nstart: east\nfinish: west\nwest_edge: 0\neast_edge: 40\n"
        "north: 50\nsouth: 10\ndivide: 20\nscale: 3\ngrid: 10\ncities:\n" + "\n".join(cities) + "\n"
    )
    return path


def test_map_check_warns_of_every_overlap_left_on_a_crowded_map(tmp_path):
    path = crowded_map(tmp_path)
    warnings = [f.message for f in check_map(load_map(path)) if f.level == "warning"]
    printed = [w for w in warnings if "on the printed map" in w and "lies under the legend" not in w]
    assert printed and all(".name: on the printed map, City number" in w or "West" in w or "East" in w for w in printed)
    assert any("its name overlaps" in w for w in printed)
    names = [f for f in check_map(load_map()) if ".routes." not in f.path]  # its routes: see test_take_off_map
    assert names == []  # the world map's names and badges are clean


def test_map_check_warns_of_a_city_the_legend_covers(tmp_path):
    """The guide's regional map cut short in the south leaves no corner free for the legend: each city under it
    is named (its name overlapping the legend was all check said, while the legend hid the city itself)."""
    guide = (Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml").read_text(encoding="utf-8")
    path = tmp_path / "tight.yaml"
    path.write_text(guide.replace("south: 29 ", "south: 38 "), encoding="utf-8")
    hidden = [f for f in check_map(load_map(path)) if "lies under the legend" in f.message]
    assert hidden and all(f.level == "warning" and f.path.startswith("cities[") for f in hidden)
    assert "on the printed map, Budapest lies under the legend" in " ".join(f.message for f in hidden)
    path.write_text(guide, encoding="utf-8")
    assert not [f for f in check_map(load_map(path)) if "lies under the legend" in f.message]  # as the guide has it


def test_map_check_warns_of_a_grid_too_fine_for_its_names(tmp_path):
    """Squares of half a degree at 5 mm a degree: 2.5 mm, where 'CP' needs more; the warning names a grid that
    keeps the names apart, and that grid draws no warning."""
    guide = (Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml").read_text(encoding="utf-8")
    grid = next(line for line in guide.splitlines() if line.startswith("grid:"))
    path = tmp_path / "fine.yaml"
    path.write_text(guide.replace(grid, "grid: 0.5"), encoding="utf-8")
    (found,) = [f for f in check_map(load_map(path)) if f.path == "grid"]
    assert found.level == "warning" and "too small for its name" in found.message
    least = found.message.rsplit("a grid of ", 1)[1].split()[0]
    path.write_text(guide.replace(grid, f"grid: {least}"), encoding="utf-8")
    assert not [f for f in check_map(load_map(path)) if f.path == "grid"]


def test_the_label_with_least_room_is_placed_first():
    """Two labels, two places: the one with a single free place gets it, the other takes the other."""
    left, right = (0.0, 0.0, 10.0, 2.0), (20.0, 0.0, 30.0, 2.0)
    scene = Scene([Obstacle("route line", "segment", (40.0, -5.0, 40.0, 5.0), pad=0.5)])
    choices = place_labels(
        scene, [[Candidate(left), Candidate(right, 1.0)], [Candidate(left, 5.0), Candidate((35, 0, 45, 2))]]
    )
    assert choices == [1, 0] and all(not scene.conflicts(i) for i in (0, 1))


def test_a_place_asked_about_before_an_obstacle_is_added_is_answered_afresh_after():
    """A free place that an obstacle added later covers is then blocked, and scores that obstacle."""
    place = Candidate((0.0, 0.0, 10.0, 2.0))
    scene = Scene([Obstacle("city dot", "circle", (5.0, 1.0, 0.5), owner=0)])  # the label's own dot
    assert scene.free(0, place) and scene.score(0, place) == 0
    scene.add(Obstacle("legend", "box", (8.0, -1.0, 12.0, 3.0)))
    assert not scene.free(0, place) and scene.score(0, place) == 1000
    scene.add(Obstacle("route line", "segment", (2.0, -5.0, 2.0, 5.0), pad=0.5))
    assert not scene.free(0, place) and scene.score(0, place) == 2000


def test_map_check_reads_insets(tmp_path):
    path = crowded_map(tmp_path)
    text = path.read_text()
    path.write_text(text + "insets:\n  - {name: Huge, west: 5, east: 35, north: 45, south: 15}\n")
    warnings = [f.message for f in check_map(load_map(path)) if f.level == "warning"]
    assert any("insets[0]: the inset 'Huge' is larger than the map: it is left out" in w for w in warnings)
    path.write_text(text + "insets:\n  - {name: Busy, west: 20, east: 30, north: 35, south: 25}\n")
    warnings = [f.message for f in check_map(load_map(path)) if f.level == "warning"]
    assert any("insets[0]: the inset 'Busy' finds no empty place: it covers part of the map" in w for w in warnings)
    path.write_text(text + "insets:\n  - {name: Outside, west: 30, east: 50, north: 45, south: 15}\n")
    errors = [f.message for f in check_map(load_map(path)) if f.level == "error"]
    assert any("insets[0]: the inset 'Outside' must be a part of the map" in e for e in errors)
    path.write_text(text + "insets:\n  - {name: Outside, west: 30, east: 50, north: 45, south: 15, zoom: 9}\n")
    with pytest.raises(DataError, match=r"insets\[0\]\.zoom: 9 is more than 5, the most allowed"):
        load_map(path)


def test_a_generated_map_keeps_the_insets(tmp_path):
    path = tmp_path / "seeded.yaml"
    path.write_text(new_map(3))
    assert [inset.name for inset in load_map(path).value.insets] == ["Central Europe", "Eastern Caribbean"]


def test_two_insets_take_two_places_and_a_finding_names_its_own_inset(tmp_path):
    path = crowded_map(tmp_path)
    text = path.read_text()
    path.write_text(
        text + "insets:\n"
        "  - {name: Too big, west: 0, east: 40, north: 50, south: 10, zoom: 4}\n"  # left out: larger than the map
        "  - {name: West, west: 0, east: 3, north: 32, south: 28, zoom: 2}\n"
        "  - {name: East, west: 37, east: 40, north: 32, south: 28, zoom: 2}\n"
    )
    loaded = load_map(path)
    from pnp.games.take_off.world import compile_world

    placed = map_text(compile_world(loaded.value, DATA), DATA)
    first, second = (spot.place for spot in placed.insets)
    assert [spot.inset.name for spot in placed.insets] == ["West", "East"]
    apart = first[0] + first[2] <= second[0] or second[0] + second[2] <= first[0]
    assert apart or first[1] + first[3] <= second[1] or second[1] + second[3] <= first[1]
    findings = [f.message for f in check_map(loaded) if f.path.startswith("insets")]
    assert any(m.startswith("insets[0]: the inset 'Too big' is larger") for m in findings)
    assert not any(m.startswith("insets[0]") and "'West'" in m for m in findings)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3", "tabloid"])
def test_every_inset_prints_whole_on_a_tile_and_no_tile_edge_cuts_it(world, printed_kits, paper):
    """Read back from each tile of the printed map: an inset's frame lies inside the tile's window or clear of it."""
    sizes = {spot.inset.name: spot.place[2:] for spot in map_text(world, DATA).insets}
    whole: dict[str, list[int]] = {name: [] for name in sizes}
    smallest = (min(w for w, _ in sizes.values()) * MM - 0.1, min(h for _, h in sizes.values()) * MM - 0.1)
    pages = drawn_pages(printed_kits.document("take-off", "map", paper), smallest)[1:]  # after the overview, the tiles
    for number, page in enumerate(pages, 2):
        left, top, right, bottom = page.trim.x0, page.trim.top, page.trim.x1, page.trim.bottom
        for name, (w, h) in sizes.items():
            (frame,) = [r for r in page.rectangles if r.size == pytest.approx((w * MM, h * MM), abs=0.1)]
            inside = left <= frame.x0 and frame.x1 <= right and top <= frame.top and frame.bottom <= bottom
            clear = frame.x1 <= left or right <= frame.x0 or frame.bottom <= top or bottom <= frame.top
            assert inside or clear, f"{paper}: page {number}'s edge cuts the inset {name!r}"
            if inside:
                whole[name].append(number)
    assert all(whole.values()), whole


def test_insets_find_their_places_on_the_tiles_as_printed(world, printed_kits):
    """The map's tiles are cut on its grid lines where they can be (on A4 two rows 229 and 271.5 mm tall, not two
    of 250): the tiles an inset keeps whole on are those the kit prints, read back from each tile's TrimBox."""
    from support.pdf import read

    from pnp.games.take_off.placement import printed_tilings

    for paper, tiling in zip(("a4", "letter", "a3", "tabloid"), printed_tilings(world.layout)):
        pages = read(printed_kits.document("take-off", "map", paper)).pages[1:]  # after the overview, the tiles
        trims = [float(side) / MM for page in pages for side in (page.trimbox.width, page.trimbox.height)]
        assert trims == pytest.approx(
            [side for tile in tiling.tiles for side in (tile.window.w, tile.window.h)], abs=0.01
        ), paper


def test_an_inset_takes_the_empty_place_nearest_the_part_it_shows(world):
    """Two empty places 100 x 80 mm on a map inked all over: the one nearer the point asked for, though the other
    comes first from the top left."""
    from pnp.games.take_off.placement import CELL, _scan, _sums

    layout = world.layout
    ink = [[1] * (int(layout.width / CELL) + 1) for _ in range(int(layout.height / CELL) + 1)]
    for left, top in ((100, 50), (800, 300)):  # each a little larger than the place, a cell all round
        for row in ink[int(top / CELL) - 1 : int((top + 80) / CELL) + 3]:
            for column in range(int(left / CELL) - 1, int((left + 100) / CELL) + 3):
                row[column] = 0
    covers, (x, y) = _scan(world, _sums(ink), (100, 80), (1000, 400), [])
    assert covers == 0 and abs(x - 800) <= 2 * CELL and abs(y - 300) <= 2 * CELL


def test_map_check_warns_of_an_inset_larger_than_any_tile_as_printed(tmp_path, printed_kits):
    """The tile the warning names is the largest the kit prints on A4, whose tiles are cut on the grid's lines (two
    rows 229 and 271.5 mm tall, not two of 250): read back from the tiles' TrimBoxes."""
    from support.pdf import read

    pages = read(printed_kits.document("take-off", "map", "a4")).pages[1:]  # after the overview, the tiles
    widest = max(float(page.trimbox.width) for page in pages) / MM
    tallest = max(float(page.trimbox.height) for page in pages) / MM
    path = tmp_path / "wide-inset.yaml"
    before = default_map_path().read_text().replace("west: 3, east: 29", "west: 2, east: 30")  # the inset as it was
    path.write_text(before.replace("zoom: 1.8}", "zoom: 2}"))
    (warning,) = [f.message for f in check_map(load_map(path)) if f.path.startswith("insets")]
    said = re.fullmatch(
        r"insets\[0\]: the inset 'Central Europe' is 196 x 118 mm, larger than the largest tile of A4 as printed "
        r"holds \((\d+) x (\d+) mm\): it is cut across tiles",
        warning,
    )
    assert said, warning
    assert [float(said[1]), float(said[2])] == pytest.approx([widest, tallest], abs=0.51)  # 191 x 272, in whole mm
