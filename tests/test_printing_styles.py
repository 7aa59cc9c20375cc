"""Each drawing style is declared once (``pnp.printing.canvas``): the backends draw a style left out as its
declared default, and the wrappers pass every style on as given, changing only the colours they are for."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.pdfium import text_page

from pnp.printing.canvas import (
    LINE_DEFAULTS,
    POLYGON_DEFAULTS,
    PT,
    RECT_DEFAULTS,
    SHAPE_DEFAULTS,
    TEXT_DEFAULTS,
    Canvas,
    Draw,
    Drawing,
)
from pnp.printing.fonts import DEFAULT
from pnp.printing.forwarding import Forwarding
from pnp.printing.legible import Legible
from pnp.printing.render import drawing_to_svg, write_drawing
from pnp.printing.svg import num


def bare(c: Canvas) -> None:
    """Every kind of mark, with no style given."""
    c.rect(10, 10, 20, 10)
    c.rect(10, 30, 20, 10, fill="#ff0000")  # a rectangle is not outlined unless asked
    c.line(10, 50, 40, 50)
    c.polygon([(10, 60), (30, 60), (20, 70)])
    c.path([("M", 40, 60), ("L", 60, 60), ("L", 50, 70), ("Z",)])
    c.circle(80, 80, 5)
    c.text(10, 100, "Styled")


def spelt_out(c: Canvas) -> None:
    """The same marks with every style given as declared."""
    c.rect(10, 10, 20, 10, **RECT_DEFAULTS)
    c.rect(10, 30, 20, 10, **(RECT_DEFAULTS | {"fill": "#ff0000"}))
    c.line(10, 50, 40, 50, **LINE_DEFAULTS)
    c.polygon([(10, 60), (30, 60), (20, 70)], **POLYGON_DEFAULTS)
    c.path([("M", 40, 60), ("L", 60, 60), ("L", 50, 70), ("Z",)], **SHAPE_DEFAULTS)
    c.circle(80, 80, 5, **SHAPE_DEFAULTS)
    c.text(10, 100, "Styled", **TEXT_DEFAULTS)


def _pdf(draw: Draw, folder: Path) -> bytes:
    """The PDF of ``draw`` (its file's name is written in it: the same each time)."""
    folder.mkdir(exist_ok=True)
    path = folder / "styles.pdf"
    write_drawing(Drawing(100, 120, draw), path)
    return path.read_bytes()


def test_both_backends_draw_a_style_left_out_as_declared(tmp_path: Path) -> None:
    assert drawing_to_svg(Drawing(100, 120, bare)) == drawing_to_svg(Drawing(100, 120, spelt_out))
    assert _pdf(bare, tmp_path / "bare") == _pdf(spelt_out, tmp_path / "spelt")


def test_a_changed_default_reaches_both_backends_and_the_legibility_filter(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(TEXT_DEFAULTS, "size", 14.0)
    monkeypatch.setitem(LINE_DEFAULTS, "stroke", "#123456")
    monkeypatch.setitem(SHAPE_DEFAULTS, "width", 0.75)
    monkeypatch.setitem(POLYGON_DEFAULTS, "width", 0.5)
    monkeypatch.setitem(RECT_DEFAULTS, "stroke", "#654321")
    svg = drawing_to_svg(Drawing(100, 120, bare))
    assert f'font-size="{num(14 * PT)}"' in svg
    strokes = re.findall(r'<(\w+)[^>]* stroke="(#\w+)" stroke-width="([\d.]+)"', svg)
    rect, shape = ("rect", "#654321", "0.25"), ("#000000", "0.75")
    line, polygon = ("line", "#123456", "0.25"), ("polygon", "#000000", "0.5")
    assert strokes == [rect, rect, line, polygon, ("path", *shape), ("circle", *shape)]
    _pdf(bare, tmp_path)
    sizes = {round(glyph.size, 1) for glyph in text_page(tmp_path / "styles.pdf").glyphs}
    assert sizes == {14.0}
    shown = Recorder()
    Legible(shown, 0.5).text(0, 0, "Kept")  # type: ignore[arg-type]  # 7 pt at half size (8 pt: 4, left out)
    assert shown.calls == [("text", (0, 0, "Kept"), {})]


class Recorder:
    """A canvas that keeps each call made on it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        def record(*args: Any, **style: Any) -> None:
            self.calls.append((name, args, style))

        return record


SHAPE = {"fill": "#111111", "stroke": "#222222", "width": 0.5, "dash": (1, 2)}  # every key, none at its default
EVERY_STYLE: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("rect", (1, 2, 3, 4), SHAPE | {"radius": 1.0}),
    ("line", (1, 2, 3, 4), {"stroke": "#222222", "width": 0.5, "dash": (1, 2)}),
    ("polygon", ([(0, 0), (1, 1), (0, 1)],), SHAPE | {"closed": False}),
    ("path", ([("M", 0, 0), ("L", 1, 1)],), SHAPE),
    ("circle", (1, 2, 3), SHAPE),
    # a word, not a key: a figure sets a turned key upright (test_rules_sheets)
    ("text", (1, 2, "Hello"), {"size": 9.0, "anchor": "end", "bold": True, "fill": "#333333", "rotate": 90.0}),
]


@pytest.mark.parametrize("name, args, style", EVERY_STYLE, ids=[call[0] for call in EVERY_STYLE])
def test_wrappers_pass_every_style_on_as_given(name: str, args: tuple[Any, ...], style: dict[str, Any]) -> None:
    for wrap in (Forwarding, lambda inner: Legible(inner, 1.0)):
        inner = Recorder()
        wrapped = wrap(inner)
        getattr(wrapped, name)(*args, **style)
        if isinstance(wrapped, Legible):
            wrapped.flush()  # it holds a shape back until it knows whether the text after it is left out
        assert inner.calls == [(name, args, style)]


class Measuring(Recorder):
    """A recorder that measures text in the kit's default faces, as a canvas does."""

    faces = DEFAULT


def test_a_figure_leaves_a_badge_out_with_its_text_and_sets_a_key_a_little_too_small_at_the_smallest_size() -> None:
    """At a quarter of its size, a disc with a number of 8 pt (2 pt) and a slip with a word go, a square cell with
    its number stays; a disc with a letter of 20 pt (5 pt) keeps it at 6 pt; a truck's cab keeps its size, the
    wheels drawn between it and its 'S'."""
    shown = Measuring()
    legible = Legible(shown, 0.25)  # type: ignore[arg-type]
    legible.circle(10, 10, 4, fill="#ffffff")
    legible.text(10, 11, "12", size=8, anchor="middle")
    legible.rect(20, 8, 20, 5, fill="#ffffff", radius=1)
    legible.text(21, 12, "Airport A", size=8)
    legible.rect(50, 8, 6, 5, fill="#eeeeee")  # a track's cell
    legible.text(53, 12, "7", size=8, anchor="middle")
    legible.circle(70, 10, 4, fill="#1d1d1b")
    legible.text(70, 12, "A", size=20, anchor="middle")
    legible.rect(80, 5, 8, 6, fill="#ff8800", radius=1)  # a cab
    legible.circle(82, 13, 1, fill="#000000")  # a wheel
    legible.text(84, 9, "S", size=10, anchor="middle")
    legible.flush()
    drawn = [(name, args[:3]) for name, args, _ in shown.calls]
    assert drawn == [
        ("rect", (50, 8, 6)),
        ("circle", (70, 10, 4)),
        ("text", (70, pytest.approx(12 + (24 - 20) * PT * 0.36), "A")),  # lowered by half the growth of a capital
        ("rect", (80, 5, 8)),
        ("circle", (82, 13, 1)),
    ]
    assert shown.calls[2][2]["size"] == pytest.approx(24)  # 6 pt at a quarter


class Marker(Forwarding):
    """Fills drawn in one colour, strokes and texts in another."""

    def paint(self, color: str) -> str:
        return "#0000f1"

    def ink(self, color: str) -> str:
        return "#0000e1"


def test_a_recolouring_wrapper_changes_only_colours_even_those_left_out() -> None:
    inner = Recorder()
    bare(Marker(inner))  # type: ignore[arg-type]
    filled, inked = {"fill": "#0000f1"}, {"stroke": "#0000e1"}
    assert inner.calls == [
        ("rect", (10, 10, 20, 10), {"fill": None, "stroke": None}),  # no fill, no outline: none to change
        ("rect", (10, 30, 20, 10), filled | {"stroke": None}),
        ("line", (10, 50, 40, 50), inked),
        ("polygon", ([(10, 60), (30, 60), (20, 70)],), {"fill": None} | inked),
        ("path", ([("M", 40, 60), ("L", 60, 60), ("L", 50, 70), ("Z",)],), {"fill": None} | inked),
        ("circle", (80, 80, 5), {"fill": None} | inked),
        ("text", (10, 100, "Styled"), {"fill": "#0000e1"}),
    ]
