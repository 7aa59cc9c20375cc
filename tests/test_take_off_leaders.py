"""Take Off!'s city-name leader lines read back from the printed map: no two cross and none runs through another
city's name, on every tile of the world map (A4 and Letter), on the whole French map and on generated maps, their
insets included. Two crossing leaders set two names in the opposite order to their dots, and a player puts a jet
on the wrong capital.

Read with PDFium (tests/support/pdfium.py): a name's leader is a straight grey line 0.2 mm wide (the thinner grey
lines lead from a dot set apart to its city's true place); names are the words printed at 6 pt.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.pdfium import Shape, shapes, text_page, words

from pnp.games.take_off.drawing import LEADER, board_drawing
from pnp.games.take_off.maps import new_map
from pnp.games.take_off.model import TakeOffMap, load_data
from pnp.games.take_off.placement import LEADER_LINE, NameScene
from pnp.games.take_off.rules import TakeOff
from pnp.games.take_off.world import compile_world
from pnp.loader import load_text
from pnp.printing.labels import Candidate, Scene, clip_segment, place_labels
from pnp.printing.render import write_drawing
from pnp.referee.protocol import Setup
from pnp.texts import catalogue

DATA = load_data().value
MM = 72 / 25.4  # PDF points per mm
LEADER_INK = tuple(int(LEADER[i : i + 2], 16) for i in (1, 3, 5))
LEADER_WIDTH = 0.2 * MM  # a name's leader as printed at full size (a tile prints the map at 100 %)
INSIDE = 0.3  # pt: a leader reaching less far into a name's box only touches its edge (its own name's, where it ends)

Point = tuple[float, float]
Line = tuple[Point, ...]
Box = tuple[float, float, float, float]  # x0, top, x1, bottom in points from the page's top left


def leaders(drawn: tuple[Shape, ...]) -> list[Line]:
    """The names' leader lines a page draws."""
    return [
        shape.points
        for shape in drawn
        if shape.straight and shape.stroke == LEADER_INK and abs(shape.line - LEADER_WIDTH) < 0.01 * MM
    ]


def crossing(a: Line, b: Line) -> Point | None:
    """Where two lines cross (the ends of each strictly either side of the other), or None."""
    (ax, ay), (bx, by) = a
    (cx, cy), (dx, dy) = b
    side_a, side_b = _side(b, ax, ay), _side(b, bx, by)
    if side_a * side_b >= 0 or _side(a, cx, cy) * _side(a, dx, dy) >= 0:
        return None
    t = side_a / (side_a - side_b)
    return ax + (bx - ax) * t, ay + (by - ay) * t


def _side(line: Line, x: float, y: float) -> float:
    """Positive on one side of a line, negative on the other, 0 on it."""
    (ax, ay), (bx, by) = line
    return (bx - ax) * (y - ay) - (by - ay) * (x - ax)


def crossings(lines: list[Line]) -> list[str]:
    """Where each two of the lines cross, in mm from the page's top left corner."""
    found = []
    for i, a in enumerate(lines):
        for b in lines[i + 1 :]:
            if (point := crossing(a, b)) is not None:
                found.append(f"leaders cross at ({point[0] / MM:.1f}, {point[1] / MM:.1f}) mm")
    return found


def through_names(lines: list[Line], names: list[tuple[str, Box]]) -> list[str]:
    """Each leader line that runs into a name's box (a leader ends on its own name's edge)."""
    found = []
    for line in lines:
        (ax, ay), (bx, by) = line
        for text, (x0, top, x1, bottom) in names:
            if clip_segment((ax, ay, bx, by), (x0 + INSIDE, top + INSIDE, x1 - INSIDE, bottom - INSIDE)) is not None:
                found.append(f"the leader from ({ax / MM:.1f}, {ay / MM:.1f}) mm runs through {text!r}")
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_two_leader_lines_cross_on_any_tile_of_the_world_map(printed_kits, paper):
    """Every tile page (the overview, a reduced copy of the same map, aside), its insets included."""
    tiles = shapes(printed_kits.document("take-off", "map", paper), segments=2, first=1, shown=True)
    assert sum(len(leaders(tile)) for tile in tiles) >= 40  # the leaders are read (some twice, where tiles overlap)
    found = [f"page {number}: {where}" for number, tile in enumerate(tiles, 2) for where in crossings(leaders(tile))]
    assert found == [], found


SEEDS = (2, 5, 7)  # generated maps that had five to eight pairs of crossing leaders (seed 5 one in the Caribbean)


@pytest.fixture(scope="module", params=[None, *SEEDS], ids=["world map in French", *(f"seed {s}" for s in SEEDS)])
def printed_map(request, tmp_path_factory) -> Path:
    """A map printed whole on one page at full size: the world map in French, or a generated one."""
    seed = request.param
    if seed is None:
        world, texts = TakeOff().new_state(Setup(("a", "b"))).ctx.world, catalogue("take-off", "fr")
    else:
        world, texts = compile_world(load_text(new_map(seed), TakeOffMap, f"seed-{seed}.yaml").value, DATA), None
    path = tmp_path_factory.mktemp("take-off-leaders") / "map.pdf"
    write_drawing(board_drawing(world, DATA, texts), path)
    return path


def test_no_leader_line_crosses_another_or_runs_through_a_name(printed_map):
    (drawn,) = shapes(printed_map, segments=2)
    lines = leaders(drawn)
    text = text_page(printed_map)
    names = [
        ("".join(glyph.text for glyph in word), _box([glyph.box(text.height) for glyph in word]))
        for word in words(text.glyphs)
        if abs(word[0].size - 6) < 0.01
    ]
    assert len(lines) >= 40 and len(names) >= 224
    assert crossings(lines) == []
    assert through_names(lines, names) == []


def _box(boxes) -> Box:
    return min(b.x0 for b in boxes), min(b.top for b in boxes), max(b.x1 for b in boxes), max(b.bottom for b in boxes)


# Two dots side by side and two places above them, each name offered the place over the other's dot first: their
# leaders would cross there.
DOTS = ((0.0, 0.0), (10.0, 0.0))
PLACES = ((-2.0, -12.0, 3.0, -10.0), (7.0, -12.0, 12.0, -10.0))


def _place(dot: Point, box: Box, cost: float) -> Candidate:
    return Candidate(box, cost, (*dot, (box[0] + box[2]) / 2, box[3]))


def test_names_whose_leaders_would_cross_take_the_places_on_their_own_sides():
    """The cheaper places cross the two leaders; a plain scene takes them, the names' scene does not."""
    options = [[_place(dot, PLACES[1 - k], 0.0), _place(dot, PLACES[k], 1.0)] for k, dot in enumerate(DOTS)]
    assert place_labels(Scene(), options) == [0, 0]
    scene = NameScene()
    assert place_labels(scene, options) == [1, 1]
    assert scene.conflicts(0) == scene.conflicts(1) == []


def test_two_names_left_with_crossing_leaders_are_told_apart_from_names_one_over_the_other():
    options = [[_place(dot, PLACES[1 - k], 0.0)] for k, dot in enumerate(DOTS)]
    scene = NameScene()
    place_labels(scene, options)
    assert scene.conflicts(0) == [(LEADER_LINE, 1)] and scene.conflicts(1) == [(LEADER_LINE, 0)]
