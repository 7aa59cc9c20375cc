"""Colour that reaches a card's or token's cut runs on into its bleed, so that a cut that wanders shows no white
edge: every face of every game's kit, drawn as ``pnp export`` draws it (3 mm of bleed), read back in pixels."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from PIL import Image
from support.games import GAMES, registered

from pnp.export.faces import components, face_drawing
from pnp.export.raster import pixels, rasterise
from pnp.printing.cards import ItemSet

pytestmark = registered  # the guide's example game is checked as a registered game too
DPI = 254  # a pixel a tenth of a millimetre
BLEED = 3.0  # mm, the default
INSIDE, OUTSIDE = 0.1, 1.5  # mm from the cut: what the face shows there, and what a wandering cut would show
STEP = 2.0  # mm between the points looked at along a cut
SAME = 24  # the most two colours may differ in any channel (of 255) and count as one (anti-aliasing, rounding)


def _px(mm: float) -> int:
    return round((BLEED + mm) / 25.4 * DPI)


def _cut_points(items: ItemSet) -> Iterator[tuple[str, tuple[float, float], tuple[float, float]]]:
    """Along the cut: where it is (an edge, or a bearing in degrees), a point just inside it and one in the bleed
    straight out from it (mm from the trim's top-left corner)."""
    w, h = items.width, items.height
    if items.shape == "round":
        r = w / 2
        for degrees in range(0, 360, 5):
            a = math.radians(degrees)
            dx, dy = math.cos(a), math.sin(a)
            inside, outside = r - INSIDE, r + OUTSIDE
            yield f"{degrees} degrees", (r + inside * dx, r + inside * dy), (r + outside * dx, r + outside * dy)
        return
    for along in range(1, int(w / STEP)):
        x = along * STEP
        yield "top", (x, INSIDE), (x, -OUTSIDE)
        yield "bottom", (x, h - INSIDE), (x, h + OUTSIDE)
    for along in range(1, int(h / STEP)):
        y = along * STEP
        yield "left", (INSIDE, y), (-OUTSIDE, y)
        yield "right", (w - INSIDE, y), (w + OUTSIDE, y)


def _stops_at_the_cut(image: Image.Image, items: ItemSet) -> set[str]:
    """The edges (or bearings) of a face where what it shows inside the cut is not what its bleed shows."""
    stops = set()
    for where, (ix, iy), (ox, oy) in _cut_points(items):
        inside, outside = image.getpixel((_px(ix), _px(iy))), image.getpixel((_px(ox), _px(oy)))
        if max(abs(a - b) for a, b in zip(inside, outside)) > SAME:
            stops.add(where)
    return stops


@pytest.mark.parametrize("name", GAMES)
def test_colour_at_every_cut_runs_on_into_the_bleed(printed_kits, name):
    kit = printed_kits.kit(name)
    found = []
    for items in components(kit):
        faces = [
            (f"{item.name} {side}", face)
            for item in items.items
            for side, face in (("front", item.front), ("back", item.back))
            if face is not None
        ]
        size = (pixels(items.width + 2 * BLEED, DPI), pixels(items.height + 2 * BLEED, DPI))
        drawings = [face_drawing(items, face, BLEED) for _, face in faces]
        for (face, _), image in zip(faces, rasterise(drawings, [size] * len(drawings), kit.faces)):
            stops = _stops_at_the_cut(image, items)
            if stops:
                found.append(f"{items.name}: {face}: {', '.join(sorted(stops))}")
    assert not found, f"{len(found)} faces stop at their cut: " + "; ".join(found[:5])
