"""A drawing placed with a key on a screen picture is drawn once per process and reads as if drawn each time."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from pnp.games import REGISTRY
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.render import drawing_to_screen_svg
from pnp.printing.reuse import place
from pnp.printing.svg import screen_svg, svg_page
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Setup

_CLIP = re.compile(r"url\(#[^)]*\)|^[\w-]*clip\d+$")


def leaves(svg: str) -> list[tuple[str, tuple[tuple[str, str], ...], str]]:
    """Every drawn element (tag, attributes, text), sorted, with clip ids left out: what the picture shows."""
    found = []
    for element in ET.fromstring(svg).iter():
        if len(element) == 0 and not element.tag.endswith("defs"):
            attrs = tuple(sorted((k, v) for k, v in element.attrib.items() if not _CLIP.search(v) and k != "id"))
            found.append((element.tag, attrs, element.text or ""))
    return sorted(found)


def test_a_kept_drawing_is_drawn_once_and_placed_in_every_later_picture():
    drawn: list[int] = []

    def backdrop(canvas: Canvas) -> None:
        drawn.append(1)
        with canvas.clip(0, 0, 10, 10):
            canvas.rect(1, 2, 3, 4, fill="#123456")

    kept = Drawing(20, 20, backdrop)

    def picture(dot: float) -> Callable[[Canvas], None]:
        def draw(canvas: Canvas) -> None:
            with canvas.clip(0, 0, 20, 20):
                place(canvas, kept)
                canvas.circle(dot, dot, 1, fill="#ff0000")

        return draw

    first, second = screen_svg(20, 20, picture(5)), screen_svg(20, 20, picture(6))
    assert len(drawn) == 1  # the second picture reused the text of the first
    assert first.count('fill="#123456"') == second.count('fill="#123456"') == 1
    for svg in (first, second):
        ids = re.findall(r'id="([^"]+)"', svg)
        assert len(ids) == len(set(ids)) == 2, ids  # the picture's clip and the kept drawing's, never the same
    assert leaves(first) == leaves(svg_page(20, 20, picture(5)))  # a print page draws it as ever


def test_take_offs_picture_reads_the_same_with_its_map_kept():
    spec = REGISTRY["take-off"]
    game = spec.rules()
    setup = Setup(("ann", "bob", "cy"), {option.key: option.default for option in game.options}, 3)
    state = playout(game, setup, random_chooser(random.Random(3))).state
    for viewer in ("ann", None):
        drawing = spec.picture(state, viewer)
        assert leaves(drawing_to_screen_svg(drawing)) == leaves(svg_page(drawing.width, drawing.height, drawing.draw))
