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
    ("text", (1, 2, "Hi"), {"size": 9.0, "anchor": "end", "bold": True, "fill": "#333333", "rotate": 90.0}),
]


@pytest.mark.parametrize("name, args, style", EVERY_STYLE, ids=[call[0] for call in EVERY_STYLE])
def test_wrappers_pass_every_style_on_as_given(name: str, args: tuple[Any, ...], style: dict[str, Any]) -> None:
    for wrap in (Forwarding, lambda inner: Legible(inner, 1.0)):
        inner = Recorder()
        getattr(wrap(inner), name)(*args, **style)
        assert inner.calls == [(name, args, style)]


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
