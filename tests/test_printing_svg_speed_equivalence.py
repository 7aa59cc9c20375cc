"""The SVG backend writes its text itself, exactly as svgwrite wrote it through ElementTree.

The bytes of a sample drawing are pinned as the svgwrite backend wrote them; values are escaped as
ElementTree escapes them; and tricky drawings (markup in text and names, line ends, nested groups,
clips, kept drawings) read back through ElementTree as drawn.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.reuse import place
from pnp.printing.svg import escape_attribute, escape_text, screen_svg, svg_page

SVG = "{http://www.w3.org/2000/svg}"
TRICKY = 'Say "hi" <3 & é – ✈ 東京'
TRICKY_NAME = 'a & b <c> "d"\ne\r\tf'


def sample(c: Canvas) -> None:
    c.rect(1, 2, 3.25, 4, fill="#ff0000", stroke="#000000", width=0.5, radius=1, dash=(1, 0.5))
    with c.group(10, 0, rotate=90, scale=2, name="A & B"):
        c.circle(0, -0.0001, 1.5, fill=None, stroke=None)
        c.text(0, 5, 'Say "hi" <3 – é', size=10, anchor="middle", bold=True, rotate=-45)
        with c.group(name="empty"):
            pass
    with c.clip(0, 0, 20, 10):
        c.line(0, 0, 20, 10, dash=(2,))
        c.polygon([(0, 0), (1, 0), (0, 1)], closed=False, fill="#00ff00")
    with c.clip_path([("M", 0, 0), ("L", 5, 0), ("L", 0, 5), ("Z",)]):
        c.path([("M", 0, 0), ("C", 1, 2, 3, 4, 5, 6), ("Z",)], fill="#0000ff")
    c.text(1, 1, "")


# As the svgwrite backend wrote it (pnp before issue 25), byte for byte.
SAMPLE_PAGE = (
    '<svg baseProfile="full" height="20mm" version="1.1" viewBox="0 0 30 20" width="30mm"'
    ' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
    ' xmlns:xlink="http://www.w3.org/1999/xlink">'
    '<defs><clipPath id="clip1"><rect height="10" width="20" x="0" y="0" /></clipPath>'
    '<clipPath id="clip2"><path d="M0 0 L5 0 L0 5 Z" /></clipPath></defs>'
    '<rect fill="#ff0000" height="4" rx="1" ry="1" stroke="#000000" stroke-dasharray="1 0.5" stroke-width="0.5"'
    ' width="3.25" x="1" y="2" />'
    '<g data-name="A &amp; B" transform="translate(10 0) rotate(90) scale(2)">'
    '<circle cx="0" cy="0" fill="none" r="1.5" />'
    '<text fill="#000000" font-family="Bitstream Vera Sans, DejaVu Sans, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew,'
    ' Droid Sans Fallback, sans-serif" font-size="3.528"'
    ' font-weight="bold" text-anchor="middle" transform="rotate(-45 0 5)" x="0" y="5">Say "hi" &lt;3 – é</text>'
    '<g data-name="empty" /></g>'
    '<g clip-path="url(#clip1)">'
    '<line fill="none" stroke="#000000" stroke-dasharray="2" stroke-width="0.25" x1="0" x2="20" y1="0" y2="10" />'
    '<polyline fill="none" points="0,0 1,0 0,1" stroke="#000000" stroke-width="0.25" /></g>'
    '<g clip-path="url(#clip2)">'
    '<path d="M0 0 C1 2 3 4 5 6 Z" fill="#0000ff" stroke="#000000" stroke-width="0.25" /></g>'
    '<text fill="#000000" font-family="Bitstream Vera Sans, DejaVu Sans, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew,'
    ' Droid Sans Fallback, sans-serif" font-size="2.822" x="1" y="1" />'
    "</svg>"
)
SAMPLE_SCREEN = (
    '<svg baseProfile="full" version="1.1" viewBox="0 0 5 5" width="100%"'
    ' xmlns="http://www.w3.org/2000/svg" xmlns:ev="http://www.w3.org/2001/xml-events"'
    ' xmlns:xlink="http://www.w3.org/1999/xlink">'
    '<defs /><g><defs /><rect fill="#cccccc" height="5" width="5" x="0" y="0" /></g>'
    '<circle cx="2" cy="2" fill="#ff0000" r="1" stroke="#000000" stroke-width="0.25" /></svg>'
)


def test_a_sample_page_is_written_byte_for_byte_as_before():
    assert svg_page(30, 20, sample) == SAMPLE_PAGE


def test_a_sample_screen_picture_with_a_kept_drawing_is_written_byte_for_byte_as_before():
    backdrop = Drawing(5, 5, lambda c: c.rect(0, 0, 5, 5, fill="#cccccc", stroke=None))

    def picture(c: Canvas) -> None:
        place(c, backdrop, ("sample backdrop", __name__))
        c.circle(2, 2, 1, fill="#ff0000")

    assert screen_svg(5, 5, picture) == SAMPLE_SCREEN
    assert screen_svg(5, 5, picture) == SAMPLE_SCREEN  # the second time from the kept text


@given(st.text())
def test_attribute_values_are_escaped_as_elementtree_escapes_them(value):
    written = ET.tostring(ET.Element("e", v=value), encoding="unicode")
    assert f'<e v="{escape_attribute(value)}" />' == written


@given(st.text())
def test_text_is_escaped_as_elementtree_escapes_it(value):
    element = ET.Element("e")
    element.text = value
    written = ET.tostring(element, encoding="unicode")
    assert (f"<e>{escape_text(value)}</e>" if value else "<e />") == written


def test_the_escapes_cover_markup_quotes_and_line_ends():
    assert escape_attribute('a&b<c>"d"\r\n\t') == "a&amp;b&lt;c&gt;&quot;d&quot;&#13;&#10;&#09;"
    assert escape_text('a&b<c>"d"\n') == 'a&amp;b&lt;c&gt;"d"\n'


def tricky(c: Canvas) -> None:
    with c.group(5, 6, name=TRICKY_NAME):
        with c.group(rotate=30, scale=0.5, name="inner"):
            c.text(1, 2, TRICKY, fill="#112233")
        with c.clip(0, 0, 10, 10):
            c.rect(0, 0, 4, 4, fill="#445566", stroke=None)
    with c.clip_path([("M", 0, 0), ("L", 9, 0), ("L", 0, 9), ("Z",)]):
        place(c, Drawing(20, 20, kept), ("tricky kept", __name__))


def kept(c: Canvas) -> None:
    with c.clip(1, 1, 2, 2), c.group(name="kept & clipped"):
        c.circle(1, 1, 1, fill="#778899")


def test_tricky_drawings_read_back_as_drawn():
    for svg in (svg_page(20, 20, tricky), screen_svg(20, 20, tricky), screen_svg(20, 20, tricky)):
        root = ET.fromstring(svg)
        outer = root.find(f"{SVG}g")
        assert outer is not None
        assert (outer.get("data-name"), outer.get("transform")) == (TRICKY_NAME, "translate(5 6)")
        inner, clipped = list(outer)
        assert (inner.get("data-name"), inner.get("transform")) == ("inner", "rotate(30) scale(0.5)")
        [text] = list(inner)
        assert (text.tag, text.text, text.get("fill"), text.get("x"), text.get("y")) == (
            f"{SVG}text",
            TRICKY,
            "#112233",
            "1",
            "2",
        )
        [square] = list(clipped)
        assert square.get("fill") == "#445566" and square.get("stroke") is None
        # every clip-path refers to a clipPath defined once in the document, whether kept or not
        defined = [c.get("id") for c in root.iter(f"{SVG}clipPath")]
        used = [
            re.fullmatch(r"url\(#(.+)\)", g.get("clip-path", "")) for g in root.iter(f"{SVG}g") if g.get("clip-path")
        ]
        assert len(defined) == len(set(defined)) == len(used) == 3
        assert sorted(m.group(1) for m in used if m) == sorted(defined)
        [named] = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == "kept & clipped"]
        assert [child.get("fill") for child in named] == ["#778899"]


def test_a_kept_drawing_keeps_its_own_clip_ids_and_sits_where_it_was_placed():
    svg = screen_svg(20, 20, tricky)
    root = ET.fromstring(svg)
    placed = [g for g in root.iter(f"{SVG}g") if g.get("clip-path") == "url(#clip2)"]
    assert len(placed) == 1
    [fragment] = list(placed[0])  # the kept drawing: one group with its own definitions
    assert fragment.tag == f"{SVG}g" and not fragment.attrib
    defs, clipped = list(fragment)
    [clip] = list(defs)
    assert re.fullmatch(r"kept\d+-clip1", clip.get("id", "")) and clipped.get("clip-path") == f"url(#{clip.get('id')})"
