"""Which fill pattern a drawing paints over each patch of colour, read from its canvas calls.

A pattern (``pnp.printing.patterns.hatch``) is drawn inside a clip of its own, just after the patch it covers;
it is told apart by what it draws there: horizontal, vertical or slanted lines, both of the first two (a
grid), dots, or nothing at all (plain).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

from pnp.printing.fonts import DEFAULT

Frame = list[Any]  # the calls made inside one clip or group: ("fill", colour), ("line", dx, dy), ("dot",), ("other",)


class PatternRecorder:
    """A canvas keeping every call in order: a fill's colour, a line's direction, a small dot, a clip or group as
    the list of the calls inside it, and anything else as ("other",)."""

    faces = DEFAULT  # what fitted text is measured in

    def __init__(self) -> None:
        self.top: Frame = []
        self._open: list[Frame] = [self.top]

    @contextmanager
    def _frame(self, *_: Any, **__: Any) -> Any:
        frame: Frame = []
        self._open[-1].append(frame)
        self._open.append(frame)
        try:
            yield
        finally:
            self._open.pop()

    clip = clip_path = group = _frame

    def _fill(self, style: dict[str, Any]) -> None:
        fill = style.get("fill")
        self._open[-1].append(("fill", str(fill).lower()) if fill else ("other",))

    def rect(self, x: float, y: float, w: float, h: float, **style: Any) -> None:
        self._fill(style)

    def path(self, ops: Any, **style: Any) -> None:
        self._fill(style)

    def polygon(self, points: Any, **style: Any) -> None:
        self._fill(style)

    def circle(self, cx: float, cy: float, r: float, **style: Any) -> None:
        if r < 1:
            self._open[-1].append(("dot",))
        else:
            self._fill(style)

    def line(self, x1: float, y1: float, x2: float, y2: float, **style: Any) -> None:
        self._open[-1].append(("line", x2 - x1, y2 - y1))

    def text(self, *_: Any, **__: Any) -> None:
        self._open[-1].append(("other",))

    def image(self, *_: Any, **__: Any) -> None:
        self._open[-1].append(("other",))


def pattern_of(item: Any) -> str:
    """The pattern a frame draws ("none" for anything that is not a frame, or a frame drawing nothing)."""
    kinds: set[str] = set()

    def walk(frame: Frame) -> None:
        for call in frame:
            if isinstance(call, list):
                walk(call)
            elif call[0] == "dot":
                kinds.add("dots")
            elif call[0] == "line":
                _, dx, dy = call
                kinds.add("horizontal" if abs(dy) < 1e-6 else "vertical" if abs(dx) < 1e-6 else "diagonal")

    if isinstance(item, list):
        walk(item)
    if kinds == {"horizontal", "vertical"}:
        return "grid"
    assert len(kinds) <= 1, f"a pattern of mixed strokes: {sorted(kinds)}"
    return kinds.pop() if kinds else "none"


def patterned_fills(draw: Any, colours: dict[str, str]) -> list[tuple[str, str]]:
    """Each patch drawn in one of ``colours`` (RGB -> name) by ``draw(canvas)``, in drawing order, with the pattern
    drawn over it: (name, pattern)."""
    recorder = PatternRecorder()
    draw(recorder)
    wanted = {rgb.lower(): name for rgb, name in colours.items()}
    found: list[tuple[str, str]] = []

    def walk(frame: Frame) -> None:
        for i, call in enumerate(frame):
            if isinstance(call, list):
                walk(call)
            elif call[0] == "fill" and call[1] in wanted:
                found.append((wanted[call[1]], pattern_of(frame[i + 1] if i + 1 < len(frame) else None)))

    walk(recorder.top)
    return found
