"""A drawing placed, or a piece repeated, with a key on a screen picture is drawn once per process and reads
as if drawn each time."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import partial

import pytest
from support.games import GAMES, registered
from test_every_game import state_at

from pnp.games import REGISTRY
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.render import drawing_to_screen_svg
from pnp.printing.reuse import Repeating, place
from pnp.printing.svg import kept_drawing, screen_svg, svg_page
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Setup
from pnp.texts.shipped import languages

pytestmark = registered  # the guide's example game is checked as a registered game too
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


@pytest.mark.parametrize("name", GAMES)
def test_a_picture_keeps_nothing_drawn_in_another_language(name):
    """One position pictured in each language the game ships, one after another in one process: each reads as drawn
    afresh, so no map or piece kept from a picture in another language (its key naming all its words depend on)
    stands in a picture, nor is sent apart by its digest for one."""
    spec = REGISTRY[name]
    for language in languages(name):
        drawing = spec.picture(state_at(name, "middle", language), None)
        page = leaves(svg_page(drawing.width, drawing.height, drawing.draw))  # a page's canvas keeps nothing
        assert leaves(drawing_to_screen_svg(drawing)) == page, language


def test_a_picture_for_a_page_leaves_its_kept_drawings_apart_named_by_digest():
    spec = REGISTRY["take-off"]
    game = spec.rules()
    setup = Setup(("ann", "bob"), {option.key: option.default for option in game.options}, 5)
    drawing = spec.picture(playout(game, setup, random_chooser(random.Random(5))).state, "ann")
    whole, apart = drawing_to_screen_svg(drawing), drawing_to_screen_svg(drawing, kept_apart=True)
    (digest,) = re.findall(r'<g data-kept="([0-9a-f]{16})" />', apart)
    document = kept_drawing(digest)
    assert document is not None and len(apart) * 20 < len(whole)  # the map is the bulk of the picture
    (group,) = ET.fromstring(document)  # one <g>, which the page puts in the marker's place
    assert apart.replace(f'<g data-kept="{digest}" />', document[document.index(">") + 1 : -len("</svg>")]) == whole
    assert group.tag == "{http://www.w3.org/2000/svg}g" and kept_drawing("0" * 16) is None


def test_a_repeated_piece_is_drawn_once_per_key_and_written_again_as_it_was_drawn():
    drawn: list[int] = []

    def piece(canvas: Canvas, n: int) -> None:
        drawn.append(n)
        with canvas.group(n, n, name=f"piece {n}"):
            canvas.rect(0, 0, 2, 2, fill="#abcdef")
            canvas.text(0, 1, "<&>", size=8)

    def picture(repeated: bool) -> Callable[[Canvas], None]:
        def draw(canvas: Canvas) -> None:
            assert isinstance(canvas, Repeating)
            for n in (1, 2, 1):
                if repeated:
                    canvas.repeat(("a test's piece", n), partial(piece, canvas, n))
                else:
                    piece(canvas, n)

        return draw

    first, again = screen_svg(10, 10, picture(True)), screen_svg(10, 10, picture(True))
    assert drawn == [1, 2]  # the third piece, and the whole second picture, written from what was kept
    assert first == again == screen_svg(10, 10, picture(False))


def test_a_repeated_piece_may_not_clip():
    def draw(canvas: Canvas) -> None:
        assert isinstance(canvas, Repeating)
        canvas.repeat(("a test's clipped piece",), partial(canvas.clip, 0, 0, 1, 1))

    with pytest.raises(ValueError, match="may not clip"):
        screen_svg(10, 10, draw)


def test_aeronaut_odysseys_picture_reads_the_same_with_its_routes_and_cities_kept():
    spec = REGISTRY["aeronaut-odyssey"]
    game = spec.rules()
    setup = Setup(("ann", "bob", "cy"), {option.key: option.default for option in game.options}, 3)
    state, rng = game.new_state(setup), random.Random(3)
    for step in range(40):  # travellers arrive and leave, routes are claimed: pieces change and come back
        for viewer in ("ann", None) if step % 10 == 0 else (None,):
            drawing = spec.picture(state, viewer)
            screen = drawing_to_screen_svg(drawing)
            page = svg_page(drawing.width, drawing.height, drawing.draw)  # a page's canvas keeps nothing
            assert screen[screen.index(">") :] == page[page.index(">") :], step
        state.apply(rng.choice(state.legal_moves()))
