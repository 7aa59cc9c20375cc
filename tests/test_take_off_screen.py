"""Take Off!'s state picture as a browser shows it 1000 px wide: every text readable and clear of the others,
jets large enough to see, Start and Finish named in full, a legend for every symbol."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pytest
from support.boxes import overlapping as overlapping_boxes
from support.said import variant_in

from pnp.games import REGISTRY
from pnp.games.take_off.rules import TakeOff
from pnp.games.take_off.screen import measure
from pnp.printing.render import drawing_to_svg
from pnp.referee.protocol import Setup

SPEC = REGISTRY["take-off"]
SVG = "{http://www.w3.org/2000/svg}"
SCREEN_PX = 1000.0


@dataclass(frozen=True)
class Text:
    text: str
    px: float  # font size in pixels at 1000 px wide
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels


def _transform(text: str) -> tuple[float, float, float]:
    """(dx, dy, scale) of a translate-then-scale transform; rotation is not expected in this picture."""
    assert "rotate" not in text
    dx = dy = 0.0
    scale = 1.0
    for name, args in re.findall(r"(\w+)\(([^)]*)\)", text):
        values = [float(v) for v in re.split(r"[\s,]+", args.strip())]
        if name == "translate":
            dx, dy = values[0] * scale + dx, (values[1] if len(values) > 1 else 0.0) * scale + dy
        elif name == "scale":
            scale *= values[0]
    return dx, dy, scale


def texts_at_screen_size(svg: str) -> tuple[list[Text], list[tuple[float, float, float]], float]:
    """Every text and circle (x, y, r) of an SVG in pixels when it is drawn 1000 px wide, and its height."""
    root = ET.fromstring(svg)
    view = [float(v) for v in root.get("viewBox", "").split()]
    px = SCREEN_PX / view[2]
    texts: list[Text] = []
    circles: list[tuple[float, float, float]] = []

    def walk(element: ET.Element, dx: float, dy: float, scale: float) -> None:
        tdx, tdy, tscale = _transform(element.get("transform", ""))
        dx, dy, scale = dx + tdx * scale, dy + tdy * scale, scale * tscale
        if element.tag == f"{SVG}text":
            size = float(element.get("font-size")) * scale * px
            x = (dx + float(element.get("x")) * scale) * px
            y = (dy + float(element.get("y")) * scale) * px
            content = "".join(element.itertext())
            width = measure(content, size, element.get("font-weight") == "bold")
            anchor = element.get("text-anchor", "start")
            left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
            texts.append(Text(content, size, (left, y - 0.78 * size, left + width, y + 0.22 * size)))
        if element.tag == f"{SVG}circle":
            cx = (dx + float(element.get("cx")) * scale) * px
            cy = (dy + float(element.get("cy")) * scale) * px
            circles.append((cx, cy, float(element.get("r")) * scale * px))
        for child in element:
            walk(child, dx, dy, scale)

    walk(root, 0.0, 0.0, 1.0)
    return texts, circles, view[3] * px


def overlapping(texts: list[Text]) -> list[tuple[str, str]]:
    """Every two texts whose boxes overlap."""
    return overlapping_boxes([(t.text, t.box) for t in texts])


def states_of_a_game(players: int, fleet: int, seed: int, map_path=None, names=(), variant=None):
    """The start, the middle and the end of a random game (in the language of ``variant``, a variant file, if given)."""
    game = TakeOff()
    names = names or tuple(f"player {i + 1}" for i in range(players))
    state = game.new_state(Setup(names, {"fleet": fleet}, map_path=map_path, variant_path=variant))
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        seen.append(state.clone())
    return {"start": seen[0], "middle": seen[len(seen) // 2], "end": seen[-1]}


GAMES = [(2, 1, 1), (3, 2, 5), (4, 3, 8), (6, 4, 11), (6, 4, 12), (5, 4, 3)]


@pytest.mark.parametrize(("players", "fleet", "seed"), GAMES)
def test_no_text_is_small_or_overlaps_another_and_jets_are_large(players, fleet, seed):
    for phase, state in states_of_a_game(players, fleet, seed).items():
        texts, circles, height = texts_at_screen_size(drawing_to_svg(SPEC.picture(state, state.players[0])))
        where = f"{players} players, fleets of {fleet}, {phase}"
        assert min(t.px for t in texts) >= 11, where
        assert overlapping(texts) == [], where
        assert not [t.text for t in texts if "…" in t.text], where  # nothing cut short on the world map
        assert all(0 <= t.box[0] and t.box[2] <= SCREEN_PX and 0 <= t.box[1] and t.box[3] <= height for t in texts)
        tokens = [c for c in circles if c[2] >= 9]
        assert len(tokens) >= players * fleet, where  # every jet on the map (and a swatch per fleet)


def test_start_and_finish_are_named_in_full_clear_of_their_dots():
    state = states_of_a_game(2, 2, 1)["start"]
    texts, circles, _ = texts_at_screen_size(drawing_to_svg(SPEC.picture(state, None)))
    for title in ("START Honolulu", "FINISH Honolulu"):
        (label,) = [t for t in texts if t.text == title]
        x0, y0, x1, y1 = label.box
        assert 20 < x0 and x1 < 980  # inside the map, not cut by its edge
        for cx, cy, r in (c for c in circles if c[2] >= 3):  # no large dot or token covers the name
            assert not (x0 - r < cx < x1 + r and y0 - r < cy < y1 + r), (title, cx, cy)


def test_the_picture_has_a_legend_for_every_symbol_and_a_row_per_fleet():
    state = states_of_a_game(3, 2, 5)["middle"]
    texts = [t.text for t in texts_at_screen_size(drawing_to_svg(SPEC.picture(state, "player 2")))[0]]
    for colour in ("red route (R)", "yellow route (Y)", "green route (G)", "blue route (B)"):
        assert colour in texts
    assert "Legend:" in texts
    assert any(t.startswith("capital") for t in texts) and any(t.startswith("hub city") for t in texts)
    assert any(t.startswith("half-line") for t in texts) and any(t.startswith("jet: fleet letter") for t in texts)
    assert {"player 1", "player 2 (you)", "player 3"} <= set(texts)
    world = state.ctx.world
    for seat in range(3):
        for j, city in enumerate(state.jets_of(seat)):
            if city not in (world.start, -1):  # each jet's city named with its square, in its row and its callout
                named = f"{world.name(city)} {world.layout.city_reference(city)}"
                assert f"{'KWO'[seat]}{j + 1} {named}" in texts and named in texts


def test_the_end_names_the_winner_above_the_map_and_in_the_table():
    state = states_of_a_game(3, 1, 2)["end"]
    (winner,) = state.score().winners
    texts = [t.text for t in texts_at_screen_size(drawing_to_svg(SPEC.picture(state, None)))[0]]
    assert texts[0] == f"The game is over: {winner} wins."
    assert sum(t.endswith("place 1 - winner") for t in texts) == 1


def test_a_small_custom_map_fits_the_same_way(tmp_path):
    from tests.test_take_off_rules import SMALL

    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    for state in states_of_a_game(4, 3, 2, map_path=path).values():
        texts, _, height = texts_at_screen_size(drawing_to_svg(SPEC.picture(state, None)))
        assert overlapping(texts) == [] and min(t.px for t in texts) >= 11 and height < 1400


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_longest_player_names_still_fit_beside_four_jets_each(tmp_path, language):
    """In French too, whose words are longer: nothing overlaps, nothing leaves the picture or is cut short."""
    names = tuple(f"{'x' * 22}_{i}" for i in range(6))  # the referee allows 24 characters
    variant = variant_in(tmp_path, "take-off", language)
    you = {"en": "(you)", "fr": "(vous)"}[language]
    for state in states_of_a_game(6, 4, 3, names=names, variant=variant).values():
        texts, _, height = texts_at_screen_size(drawing_to_svg(SPEC.picture(state, names[0])))
        assert overlapping(texts) == [] and not [t.text for t in texts if "…" in t.text]
        assert all(0 <= t.box[0] and t.box[2] <= SCREEN_PX and 0 <= t.box[1] and t.box[3] <= height for t in texts)
        assert {f"{names[0]} {you}", *names[1:]} <= {t.text for t in texts}
