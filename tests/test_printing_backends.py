"""The PDF and SVG backends draw one Canvas drawing at the same millimetre positions."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from support.pdfium import Glyph, Shape, printed_pages
from support.printing import MM, box_mm, char_box, curves, page_size, raster, rects, straight

from pnp.printing.canvas import PT, Canvas, Drawing
from pnp.printing.color import luminance, rgb
from pnp.printing.fonts import text_width
from pnp.printing.inksaver import dark_line, light_fill
from pnp.printing.render import drawing_to_svg, write_drawing

SVG = "{http://www.w3.org/2000/svg}"


def picture(c: Canvas) -> None:
    c.rect(10, 20, 30, 40, fill="#ff0000", stroke="#000000", width=0.5)
    with c.group(100, 50, rotate=90, name="turned"):
        c.rect(0, 0, 10, 5, fill="#00ff00")
    with c.group(60, 100, scale=2, name="doubled"):
        c.circle(5, 5, 5, fill="#0000ff", stroke=None)
    c.text(100, 150, "Middle", size=10, anchor="middle")
    c.text(100, 170, "End", size=10, anchor="end", bold=True)
    c.text(50, 200, "Down", size=10, rotate=90)
    c.path([("M", 120, 20), ("L", 140, 20), ("C", 150, 30, 150, 40, 140, 50), ("Z",)], fill="#ffff00")
    c.polygon([(10, 250), (30, 250), (20, 270)], fill="#00ffff")
    c.line(150, 100, 190, 100, stroke="#000000", width=1.0, dash=(2, 1))
    with c.clip(150, 200, 10, 10):
        c.rect(100, 150, 100, 100, fill="#000000")


DRAWING = Drawing(210, 297, picture)


@pytest.fixture(scope="module")
def pdf_page(tmp_path_factory):
    path = tmp_path_factory.mktemp("backend") / "picture.pdf"
    write_drawing(DRAWING, path)
    return path, printed_pages(path)[0]


def _box(shape: Shape) -> tuple[float, ...]:
    box = box_mm(shape.box)
    return tuple(round(v, 2) for v in (box.x, box.y, box.w, box.h))


def test_shapes_land_in_millimetres_from_the_top_left(pdf_page):
    _, page = pdf_page
    assert page_size(page) == pytest.approx((210, 297), abs=0.01)
    boxes = {r.fill: _box(r) for r in rects(page) if r.fill is not None}
    assert boxes[(255, 0, 0)] == (10, 20, 30, 40)
    assert boxes[(0, 255, 0)] == (95, 50, 5, 10)  # turned a quarter clockwise about (100, 50)
    circle = next(c for c in curves(page) if c.fill == (0, 0, 255))
    assert _box(circle) == (60, 100, 20, 20)  # scaled twice about (60, 100)
    dashed = next(line for line in straight(page) if line.line > 2)
    assert _box(dashed)[:3] == (150, 100, 40) and dashed.line * MM == pytest.approx(1.0)


def test_text_sits_on_its_baseline_with_its_anchor_and_turn(pdf_page):
    _, page = pdf_page
    height = page.height

    def word(text: str) -> tuple[Glyph, ...]:
        chars = page.glyphs
        for i in range(len(chars)):
            if "".join(ch.text for ch in chars[i : i + len(text)]) == text:
                return chars[i : i + len(text)]
        raise AssertionError(text)

    middle, end, down = word("Middle"), word("End"), word("Down")
    assert char_box(page, middle[0]).x == pytest.approx(100 - text_width("Middle", 10) / 2, abs=0.05)
    assert char_box(page, end[-1]).right == pytest.approx(100, abs=0.05)
    assert text_width("End", 10, bold=True) > text_width("End", 10)
    for ch in middle:
        assert (height - ch.origin[1]) * MM == pytest.approx(150, abs=0.01)  # baseline
        assert ch.size * MM == pytest.approx(10 * PT, abs=0.01)
    assert [round(ch.origin[0] * MM, 2) for ch in down] == [50.0] * 4  # reads downwards along x = 50
    tops = [(height - ch.origin[1]) * MM for ch in down]
    assert tops[0] == pytest.approx(200, abs=0.01) and tops == sorted(tops)


def test_clip_limits_what_is_painted(pdf_page):
    path, _ = pdf_page
    rows = raster(path, 1, dpi=100)
    px = 100 / 25.4

    def dark(x_mm: float, y_mm: float) -> bool:
        return rows[int(y_mm * px)][int(x_mm * px)] < 128

    assert dark(155, 205)  # inside the clip
    assert not dark(145, 205) and not dark(165, 205) and not dark(155, 195) and not dark(155, 215)


def test_svg_holds_the_same_shapes_in_millimetres():
    root = ET.fromstring(drawing_to_svg(DRAWING))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    red = next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#ff0000")
    assert [red.get(k) for k in ("x", "y", "width", "height", "stroke-width")] == ["10", "20", "30", "40", "0.5"]
    groups = {g.get("data-name"): g for g in root.iter(f"{SVG}g") if g.get("data-name")}
    assert groups["turned"].get("transform") == "translate(100 50) rotate(90)"
    assert groups["doubled"].get("transform") == "translate(60 100) scale(2)"
    texts = {t.text: t for t in root.iter(f"{SVG}text")}
    assert texts["Middle"].get("text-anchor") == "middle" and texts["End"].get("font-weight") == "bold"
    assert [(texts[t].get("x"), texts[t].get("y")) for t in ("Middle", "End", "Down")] == [
        ("100", "150"),
        ("100", "170"),
        ("50", "200"),
    ]
    assert texts["Down"].get("transform") == "rotate(90 50 200)"
    assert float(texts["Middle"].get("font-size")) == pytest.approx(10 * PT, abs=0.001)
    assert "Bitstream Vera Sans" in texts["Middle"].get("font-family")
    clip = root.find(f"{SVG}defs/{SVG}clipPath/{SVG}rect")
    assert [clip.get(k) for k in ("x", "y", "width", "height")] == ["150", "200", "10", "10"]
    assert any(g.get("clip-path") == "url(#clip1)" for g in root.iter(f"{SVG}g"))
    line = next(root.iter(f"{SVG}line"))
    assert line.get("stroke-dasharray") == "2 1"
    assert next(root.iter(f"{SVG}path")).get("d") == "M120 20 L140 20 C150 30 150 40 140 50 Z"


@pytest.mark.parametrize("color", ["#000000", "#cc3333", "#2040a0", "#ffffff", "#ffee00"])
def test_ink_saver_colours(color):
    lighter = rgb(light_fill(color))
    assert all(after >= before for before, after in zip(rgb(color), lighter))
    assert luminance(lighter) >= 0.74
    darker = rgb(dark_line(color))
    assert luminance(darker) <= 0.351
    if luminance(rgb(color)) <= 0.35:
        assert dark_line(color) == color


def _triangle_clipped(c: Canvas) -> None:
    with c.clip_path([("M", 10, 10), ("L", 90, 10), ("L", 10, 90), ("Z",)]):
        c.rect(0, 0, 100, 100, fill="#000000")


def test_a_path_clip_keeps_drawing_inside_the_path_in_both_backends(tmp_path):
    drawing = Drawing(100, 100, _triangle_clipped)
    write_drawing(drawing, tmp_path / "clip.pdf")
    rows = raster(tmp_path / "clip.pdf", 1, dpi=72)
    px = 72 / 25.4
    ink = {(x, y): rows[round(y * px)][round(x * px)] < 128 for x, y in ((20, 20), (40, 45), (75, 40), (40, 75))}
    assert ink == {(20, 20): True, (40, 45): True, (75, 40): False, (40, 75): False}  # the rectangle's ink
    root = ET.fromstring(drawing_to_svg(drawing))
    clip = root.find(f".//{SVG}clipPath/{SVG}path")
    assert clip is not None and clip.get("d", "").startswith("M10 10")
