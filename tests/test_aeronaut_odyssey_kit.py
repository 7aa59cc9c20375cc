"""Aeronaut Odyssey's printed board, read back from the PDF and SVG files."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.pdfium import Box, glyph_ink, page_shapes, path_counts, plain_texts, text_page, text_pages, words
from support.printing import hex_colour

from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.draw import INK, TYPE_COLOURS, TYPE_LETTER, tint
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.maps import new
from pnp.games.aeronaut_odyssey.model import EXPANSIONS, load_map, pages_for
from pnp.games.spec import KitRequest
from pnp.printing.color import contrast
from pnp.printing.render import PrintSettings, drawing_to_svg, render_kit

SPEC = REGISTRY["aeronaut-odyssey"]
NS = {"svg": "http://www.w3.org/2000/svg"}
MM = 72 / 25.4


def build(tmp_path, request: KitRequest, paper: str = "a4", formats=("pdf",)):
    files = render_kit(SPEC.kit(request), PrintSettings(paper=paper, formats=formats), tmp_path)
    return {(f.path.name, f.format): f for f in files}


def named(root: ET.Element, prefix: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{{{NS['svg']}}}g") if g.get("data-name", "").startswith(prefix)]


@pytest.fixture(scope="module")
def default(printed_kits):
    return {(f.path.name, f.format): f for f in printed_kits.files("aeronaut-odyssey", formats=("pdf", "svg"))}


def test_the_default_board_is_one_landscape_page_with_the_seed_and_the_reminders(default):
    path = default[("board.pdf", "pdf")].path
    (text,) = plain_texts(path)
    page = text_page(path)
    assert (round(page.width / MM), round(page.height / MM)) == (297, 210)
    board = generate(0)
    assert "AERONAUT ODYSSEY" in text and f"seed 0 · regular · {len(board.cities)} cities" in text
    for said in ("TURN: MOVE OR CLAIM", "SCORING", "BALLOON TYPES", "INVENTORY 3", "INVENTORY 4"):
        assert said in text
    assert "TRAJECTORIES" not in text, "the base game prints no trajectories panel"


def test_the_svg_map_holds_every_city_route_space_and_area(default):
    root = ET.parse(default[("board-01.svg", "svg")].path).getroot()
    board = generate(0)
    (map_group,) = named(root, "map")
    assert {g.get("data-name") for g in named(map_group, "city:")} == {f"city:{c.name}" for c in board.cities}
    routes = named(map_group, "route:")
    assert len(routes) == len(board.routes)
    spaces = sum(len(g.findall("svg:polygon", NS)) for g in routes)
    assert spaces == sum(r.length for r in board.routes), "one writable space per route space"
    assert len(named(map_group, "area:")) == len(board.areas)
    assert len(named(root, "inventory-")) == 6 and len(named(root, "panel")) == 1  # one for each of six players


def test_the_rules_panel_is_set_at_8_pt_or_more_where_it_has_room(default):
    """The default board's panel held its reminders at 6 pt in 38 % of its height: it is set as large as fits."""
    page = text_page(default[("board.pdf", "pdf")].path)
    panel = [  # right of the map and under the header
        glyph
        for glyph in page.glyphs
        if glyph.origin[0] > page.width * 0.74 and page.height - glyph.origin[1] > 15 * MM and glyph.text.strip()
    ]
    said = "".join(glyph.text for glyph in panel)
    assert "MOVEORCLAIM" in said and "Doubleroute" in said  # from its first heading to its last line
    assert min(glyph.size for glyph in panel) >= 8.0


def test_a_seed_prints_its_own_map(tmp_path):
    written = build(tmp_path, KitRequest(seed=123), paper="letter")
    path = written[("board.pdf", "pdf")].path
    (text,) = plain_texts(path)
    page = text_page(path)
    assert (round(page.width / MM, 1), round(page.height / MM, 1)) == (279.4, 215.9)
    assert f"seed 123 · regular · {len(generate(123).cities)} cities" in text


@pytest.mark.parametrize("pages, paper", [(4, "a4"), (9, "letter")])
def test_a_board_over_4_or_9_pages_is_tiled_with_an_overview(tmp_path, pages, paper):
    path = tmp_path / "m.yaml"
    path.write_text(new(5, pages=pages, expansions=EXPANSIONS), encoding="utf-8")
    written = build(tmp_path, KitRequest(map_path=path), paper=paper)
    texts = plain_texts(written[("board.pdf", "pdf")].path)
    assert len(texts) == pages + 1
    assert "overview" in texts[0] and f"tile {pages}" in texts[0]


def test_expansions_print_their_panels_and_players_their_inventories(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(new(8, players=6, expansions=EXPANSIONS), encoding="utf-8")
    written = build(tmp_path, KitRequest(map_path=path), formats=("pdf", "svg"))
    path = written[("board.pdf", "pdf")].path
    page = text_page(path)
    (text,) = plain_texts(path)
    (panel,) = plain_texts(path, Box(page.width * 0.74, 0, page.width, page.height))  # clear of map letters
    assert "INVENTORY 6" in text
    for said in ("TRAJECTORIES", "BONUSES", "Gray: pay any one type", "Dashed multiroute"):
        assert said in panel
    root = ET.parse(written[("board-01.svg", "svg")].path).getroot()
    assert len(named(root, "inventory-")) == 6


def _route_letters(path: Path) -> list[tuple[str, str, str]]:
    """Each character printed on a route space (its type's letter, a bonus's code) or on the panel's key to the
    types, on a one-page board: the character, its colour and the fill of the space it stands on (the smallest
    filled four-cornered shape under its middle), as ``#rrggbb``."""
    spaces = [
        shape
        for shape in page_shapes(path, 0)[0]
        if shape.fill and shape.closed and not shape.curved and len(shape.points) == 4
    ]
    fills = {tint(colour, 0.55) for colour in TYPE_COLOURS.values()}
    found = []
    for char, box, fill in glyph_ink(path):
        x, y = (box.x0 + box.x1) / 2, (box.top + box.bottom) / 2
        under = [s for s in spaces if _within((x, y), s.points)]
        if not under:
            continue
        ground = hex_colour(min(under, key=lambda s: s.box.size[0] * s.box.size[1]).fill)
        if ground in fills:
            found.append((char, hex_colour(fill), ground))
    return found


def _within(point: tuple[float, float], corners) -> bool:
    """Whether ``point`` lies inside the convex polygon ``corners`` (either way round)."""
    x, y = point
    sides = [
        (bx - ax) * (y - ay) - (by - ay) * (x - ax) for (ax, ay), (bx, by) in zip(corners, [*corners[1:], corners[0]])
    ]
    return all(side > 0 for side in sides) or all(side < 0 for side in sides)


def test_every_route_letter_reads_at_4_5_to_1_on_its_space(default, tmp_path):
    """The route-type letters are the colour-blind player's aid: each has WCAG's 4.5:1 against its space (the
    yellow ones had 3.1:1, the orange ones 3.6:1), on the default board and on one with every expansion (gray)."""
    path = tmp_path / "m.yaml"
    path.write_text(new(8, players=6, expansions=EXPANSIONS), encoding="utf-8")
    expanded = build(tmp_path, KitRequest(map_path=path))[("board.pdf", "pdf")].path
    for board, pdf in ((generate(0), default[("board.pdf", "pdf")].path), (load_map(path).value, expanded)):
        letters = _route_letters(pdf)  # the panel's key and the bonus codes on a space are in ink
        coloured = [found for found in letters if found[0] in TYPE_LETTER.values() and found[1] != INK]
        assert len(coloured) == sum(r.length for r in board.routes), "a letter in its colour on every route space"
        worst = min(letters, key=lambda found: contrast(found[1], found[2]))
        assert contrast(worst[1], worst[2]) >= 4.5, worst


def test_contrast_is_wcags_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the lightest grey that reads on white


def test_an_ink_friendly_map_prints_outlines_only(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(new(2, ink_friendly=True), encoding="utf-8")
    written = build(tmp_path, KitRequest(map_path=path), formats=("svg",))
    root = ET.parse(written[("board-01.svg", "svg")].path).getroot()
    (map_group,) = named(root, "map")
    fills = {p.get("fill") for g in named(map_group, "route:") for p in g.findall("svg:polygon", NS)}
    assert fills == {"none"}
    tints = {tint(colour, 0.55) for colour in TYPE_COLOURS.values()}
    normal = build(tmp_path / "normal", KitRequest(seed=2), formats=("svg",))
    root = ET.parse(normal[("board-01.svg", "svg")].path).getroot()
    (map_group,) = named(root, "map")
    assert {p.get("fill") for g in named(map_group, "route:") for p in g.findall("svg:polygon", NS)} <= tints


def test_the_preview_adds_route_names_and_positions(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(new(1), encoding="utf-8")
    svg = drawing_to_svg(SPEC.maps.preview(load_map(path)))
    root = ET.fromstring(svg)
    texts = {t.text for t in root.iter(f"{{{NS['svg']}}}text")}
    board = generate(1)
    first = board.routes[0].between
    assert f"{first[0]}-{first[1]}" in texts and f"({board.cities[0].x:g}, {board.cities[0].y:g})" in texts


@pytest.mark.parametrize("size", ["large", "huge"])
def test_every_printed_route_is_joined_to_both_its_cities(tmp_path, size):
    """Read back from the SVG: each route's two tethers run from inside a city's disc to the end of a space."""
    path = tmp_path / "m.yaml"
    path.write_text(new(21, size=size), encoding="utf-8")  # seed 21 once printed long routes as floating bars
    root = ET.fromstring(drawing_to_svg(SPEC.maps.preview(load_map(path))))
    (map_group,) = named(root, "map")
    discs = {}
    for g in named(map_group, "city:"):
        circle = g.find("svg:circle", NS)
        discs[g.get("data-name")[5:]] = (float(circle.get("cx")), float(circle.get("cy")), float(circle.get("r")))
    for g in named(map_group, "route:"):
        cities = g.get("data-name")[6:].split("/")[0].split("-")
        ends = []  # the middles of each space's two short sides
        for polygon in g.findall("svg:polygon", NS):
            p = [tuple(map(float, xy.split(","))) for xy in polygon.get("points").split()]
            ends += [((p[i][0] + p[j][0]) / 2, (p[i][1] + p[j][1]) / 2) for i, j in ((0, 3), (1, 2))]
        lines = g.findall("svg:line", NS)
        assert len(lines) == 2, g.get("data-name")
        reached = set()
        for line in lines:
            x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
            for (cx_, cy_), (sx, sy) in (((x1, y1), (x2, y2)), ((x2, y2), (x1, y1))):
                inside = [c for c in cities if (cx_ - discs[c][0]) ** 2 + (cy_ - discs[c][1]) ** 2 < discs[c][2] ** 2]
                if inside and min((sx - x) ** 2 + (sy - y) ** 2 for x, y in ends) < 0.01**2:
                    reached.update(inside)
        assert reached == set(cities), f"{g.get('data-name')} is joined to {sorted(reached)} only"


@pytest.mark.parametrize("players, inventories", [(2, 4), (5, 5), (6, 6)])
def test_build_players_prints_an_inventory_for_each_player(cli, players, inventories):
    code, _, err = cli("build", "aeronaut-odyssey", "--players", str(players), "--format", "svg", "-o", "kit")
    assert code == 0, err
    root = ET.parse(Path("kit/aeronaut-odyssey/svg/board-01.svg")).getroot()
    assert len(named(root, "inventory-")) == inventories  # two players keep two inventories each
    texts = {t.text for t in root.iter(f"{{{NS['svg']}}}text")}
    assert any(t and t.startswith("seed 0 · regular") for t in texts)  # a print setting, not an edit of the map


def test_inventory_labels_print_at_6_pt_or_more(tmp_path):
    written = build(tmp_path, KitRequest(players=6))
    printed = words(text_page(written[("board.pdf", "pdf")].path).glyphs)  # each as written, upside down too
    labels = [word for word in printed if "".join(glyph.text for glyph in word) in ("INVENTORY", "icon")]
    assert len(labels) == 6 * 2
    assert min(glyph.size for word in labels for glyph in word) >= 6 - 1e-6


def test_a_large_map_prints_over_4_pages_and_a_huge_one_over_9_unless_it_says(tmp_path):
    assert [Knobs(size=s).pages for s in ("tiny", "small", "regular", "large", "huge")] == [1, 1, 1, 4, 9]
    assert Knobs(size="huge", pages=1).pages == 1
    path = tmp_path / "m.yaml"
    text = "\n".join(line for line in new(4, size="large").splitlines() if not line.startswith("pages:"))
    path.write_text(text + "\n", encoding="utf-8")
    board = load_map(path).value
    assert board.pages is None and pages_for(board) == 4  # a map file without pages: goes by its size
    written = build(tmp_path, KitRequest(map_path=path))
    assert len(plain_texts(written[("board.pdf", "pdf")].path)) == 4 + 1  # the tiles and their overview


def test_no_text_on_the_board_is_under_6_pt_but_the_footer(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(new(3, expansions=EXPANSIONS), encoding="utf-8")
    written = build(tmp_path, KitRequest(map_path=path, players=6))
    page = text_page(written[("board.pdf", "pdf")].path)
    footer = page.height - 8 * MM
    sizes = [glyph.size for glyph in page.glyphs if glyph.top(page.height) < footer]  # turned along a route too
    # each glyph at its own size, route letters turned along their routes too (they scale with the map, and on this
    # one would have printed at 5.996 pt but for their floor)
    assert len(sizes) > 500 and min(sizes) >= 6 - 1e-3


def _pages(path: Path) -> list[tuple[str, int, int]]:
    """Each page's text and its counts of paths and characters: what tells two printed boards apart."""
    texts, paths, glyphs = plain_texts(path), path_counts(path), text_pages(path)
    return [(text, drawn, len(page.glyphs)) for text, drawn, page in zip(texts, paths, glyphs)]


def test_build_size_prints_the_map_that_map_new_makes_for_the_same_settings(cli):
    settings = ("--size", "large", "--seed", "3", "--players", "5")
    code, _, err = cli("build", "aeronaut-odyssey", *settings, "-o", "direct")
    assert code == 0, err
    code, _, err = cli("map", "new", "aeronaut-odyssey", *settings, "-o", "m.yaml")
    assert code == 0, err
    code, _, err = cli("build", "aeronaut-odyssey", "--map", "m.yaml", "-o", "via-map")
    assert code == 0, err
    direct = _pages(Path("direct/aeronaut-odyssey/board.pdf"))
    assert len(direct) == 4 + 1 and "seed 3 · large" in direct[1][0] + direct[2][0]
    assert direct == _pages(Path("via-map/aeronaut-odyssey/board.pdf"))


@pytest.mark.parametrize(
    "args, message",
    [
        (("aloft", "--size", "large"), "Aloft's kit has no --size setting"),
        (("aeronaut-odyssey", "--size", "large", "--map", "m.yaml"), "--size sets up a generated map"),
        (("aeronaut-odyssey", "--size", "enormous"), "unknown map size 'enormous'"),
        (("all", "--size", "large"), "apply to one game"),
    ],
)
def test_build_size_is_refused_where_no_map_is_generated(cli, args, message):
    assert cli("map", "new", "aeronaut-odyssey", "--seed", "1", "-o", "m.yaml")[0] == 0
    code, out, err = cli("build", *args, "-o", "kit")
    assert (code, out) == (1, "") and message in err and len(err.strip().splitlines()) == 1
    assert not Path("kit").exists()
