"""Every game's state picture reads on a screen: a viewBox, text large enough and apart, and a legend.

The picture is the one ``pnp ref show --svg`` writes (``drawing_to_screen_svg``), taken at the start,
middle and end of a seeded random game (:func:`test_every_game.state_at`), for a spectator and for a
player, in every language pnp ships the game in. Drawn 1000 px wide:

- no text is smaller than ``MIN_PX`` (its font size, scaled by its groups, in millimetres of the viewBox);
- no two texts overlap: each text's box is estimated from its font size, anchor, rotation and its width
  as reportlab measures it in the embedded Vera fonts (the fonts the PDF carries), from ``ASCENT`` above
  its baseline to ``DESCENT`` below, and boxes may touch by at most ``SLACK_PX``;
- the picture has a legend: a group named "legend" (``Canvas.group(name="legend")``) with text in it.
"""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from support import boxes
from support.games import GAMES, registered
from support.svg import Matrix, Point, apply, placed
from test_every_game import SVG, in_language, state_at

from pnp.games import REGISTRY
from pnp.printing import fonts
from pnp.printing.canvas import Drawing
from pnp.printing.render import drawing_to_screen_svg
from pnp.texts import languages

pytestmark = registered  # GAMES holds the guide's example too

SCREEN_PX = 1000  # the width the picture is drawn at
MIN_PX = 9.0
ASCENT, DESCENT = 0.72, 0.2  # of the font size: Vera's capitals above the baseline, most of a descender below
SLACK_PX = 0.5
LEGEND = "legend"


@dataclass(frozen=True)
class Label:
    """One text as drawn: its words, its size in user units and its box's four corners (user units)."""

    text: str
    size: float
    corners: tuple[Point, ...]


def labels(root: ET.Element) -> Iterator[Label]:
    """Every non-blank text of an SVG, with its box placed by every transform above it."""

    for element, matrix in placed(root, "text"):
        text = "".join(element.itertext())
        if text.strip():
            yield label(element, text, matrix)


def label(element: ET.Element, text: str, matrix: Matrix) -> Label:
    """The box of one text element: font size, anchor and width by the Vera metrics, under ``matrix``."""
    size = float(element.get("font-size", "16"))
    fonts.register()
    width = stringWidth(text, fonts.DEFAULT.name(element.get("font-weight") == "bold"), size)
    x, y = float(element.get("x", "0")), float(element.get("y", "0"))
    left = x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[element.get("text-anchor", "start")]
    top, bottom = y - ASCENT * size, y + DESCENT * size
    box = ((left, top), (left + width, top), (left + width, bottom), (left, bottom))
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    corners = tuple(apply(matrix, px, py) for px, py in box)
    return Label(text, size * scale, corners)


def overlap(one: Label, other: Label) -> float:
    """How far two boxes overlap (user units) along the axis that separates them best; 0 if they do not."""
    least = math.inf
    for corners in (one.corners, other.corners):
        for (x1, y1), (x2, y2) in itertools.pairwise(corners):
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            axis = ((y1 - y2) / length, (x2 - x1) / length)
            a = [px * axis[0] + py * axis[1] for px, py in one.corners]
            b = [px * axis[0] + py * axis[1] for px, py in other.corners]
            least = min(least, min(max(a), max(b)) - max(min(a), min(b)))
    return max(least, 0.0)


def bounds(one: Label) -> boxes.Rect:
    """The upright box round a text's (perhaps turned) box."""
    xs, ys = [x for x, _ in one.corners], [y for _, y in one.corners]
    return min(xs), min(ys), max(xs), max(ys)


def view_width(root: ET.Element) -> float:
    box = [float(v) for v in re.split(r"[\s,]+", root.get("viewBox", "").strip()) if v]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0, f"no usable viewBox: {root.get('viewBox')!r}"
    return box[2]


def check_screen(drawing: Drawing) -> ET.Element:
    """The screen SVG of ``drawing``: it parses, has a viewBox and fills its container's width."""
    root = ET.fromstring(drawing_to_screen_svg(drawing))
    assert root.tag == f"{SVG}svg"
    view_width(root)
    assert root.get("width") == "100%" and root.get("height") is None, "a screen picture scales to its container"
    return root


def check_sizes(root: ET.Element) -> None:
    """No text is smaller than ``MIN_PX`` when the picture is ``SCREEN_PX`` wide."""
    px = SCREEN_PX / view_width(root)
    small = sorted({(round(t.size * px, 1), t.text) for t in labels(root) if t.size * px < MIN_PX})
    assert not small, f"{len(small)} texts under {MIN_PX} px, e.g. {small[:5]}"


def check_apart(root: ET.Element) -> None:
    """No two texts overlap by more than ``SLACK_PX`` when the picture is ``SCREEN_PX`` wide."""
    px = SCREEN_PX / view_width(root)
    found = list(labels(root))
    # Two texts whose upright bounds do not meet are apart (their boxes are convex): only the others are measured.
    near = boxes.overlapping([(str(i), bounds(t)) for i, t in enumerate(found)])
    clashes = [
        (one.text, other.text, round(overlap(one, other) * px, 1))
        for one, other in ((found[int(i)], found[int(j)]) for i, j in near)
        if overlap(one, other) * px > SLACK_PX
    ]
    assert not clashes, f"{len(clashes)} overlapping texts (px), e.g. {clashes[:5]}"


def check_legend(root: ET.Element) -> None:
    """A group named "legend" with some text in it."""
    legends = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == LEGEND]
    assert legends, 'no legend: draw one in Canvas.group(name="legend")'
    assert any("".join(t.itertext()).strip() for g in legends for t in g.iter(f"{SVG}text")), "the legend is blank"


CHECKS = {"sizes": check_sizes, "apart": check_apart, "legend": check_legend}


@pytest.mark.parametrize("language", languages())
@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("name", GAMES)
def test_the_state_picture_reads_on_a_screen(name, check, language):
    spec, spoken = REGISTRY[name], in_language(name, language)
    for phase in ("start", "middle", "end"):
        state = state_at(name, phase, spoken)
        for viewer in (None, state.players[0]):
            root = check_screen(spec.picture(state, viewer))
            try:
                CHECKS[check](root)
            except AssertionError as exc:
                raise AssertionError(f"{name} at the {phase}, seen by {viewer or 'a spectator'}: {exc}") from None


# -- the checks have teeth ----------------------------------------------------------------------------


def _picture(draw) -> ET.Element:
    return check_screen(Drawing(100, 50, draw))


def test_a_picture_for_a_screen_has_a_viewbox_and_no_fixed_size():
    root = _picture(lambda c: c.circle(5, 5, 2))
    assert root.get("viewBox") == "0 0 100 50" and root.get("width") == "100%" and root.get("height") is None


def test_small_text_fails_the_size_check():
    check_sizes(_picture(lambda c: c.text(10, 10, "readable", size=2.6)))  # 0.92 mm of a 100 mm picture: 9.2 px
    with pytest.raises(AssertionError, match="under 9.0 px"):
        check_sizes(_picture(lambda c: c.text(10, 10, "tiny", size=2.4)))

    def scaled(c) -> None:
        with c.group(scale=0.5):
            c.text(10, 10, "halved", size=4)

    with pytest.raises(AssertionError, match="halved"):
        check_sizes(_picture(scaled))


def test_overlapping_text_fails_and_text_apart_passes_the_overlap_check():
    check_apart(_picture(lambda c: (c.text(10, 10, "one", size=8), c.text(10, 14, "two", size=8))))
    with pytest.raises(AssertionError, match="'one', 'two'"):
        check_apart(_picture(lambda c: (c.text(10, 10, "one", size=8), c.text(10, 12, "two", size=8))))
    wide = "a long label that runs on"
    with pytest.raises(AssertionError, match="1 overlapping"):  # the width comes from the font metrics
        check_apart(_picture(lambda c: (c.text(5, 10, wide, size=8), c.text(35, 10, "next", size=8))))
    check_apart(_picture(lambda c: (c.text(5, 10, "short", size=8), c.text(35, 10, "next", size=8))))
    with pytest.raises(AssertionError, match="1 overlapping"):  # anchored at its end, the text runs left
        check_apart(_picture(lambda c: (c.text(45, 10, wide, size=8, anchor="end"), c.text(12, 10, "x", size=8))))


def test_rotated_and_moved_text_is_placed_by_its_transforms():
    def turned(c) -> None:
        c.text(20, 30, "upward label", size=8, rotate=-90)
        c.text(24, 30, "beside", size=8)

    check_apart(_picture(turned))  # upright, the two would overlap
    with pytest.raises(AssertionError, match="1 overlapping"):
        check_apart(_picture(lambda c: (c.text(20, 30, "upward label", size=8), c.text(24, 30, "beside", size=8))))

    def moved(c) -> None:
        c.text(10, 10, "here", size=8)
        with c.group(30, 0):
            c.text(-20, 10, "there", size=8)

    with pytest.raises(AssertionError, match="'here', 'there'"):
        check_apart(_picture(moved))


def test_a_picture_without_a_legend_fails_the_legend_check():
    def legend(c) -> None:
        with c.group(name=LEGEND):
            c.text(5, 5, "T: safety truck", size=8)

    check_legend(_picture(legend))
    with pytest.raises(AssertionError, match="no legend"):
        check_legend(_picture(lambda c: c.text(5, 5, "T: safety truck", size=8)))
