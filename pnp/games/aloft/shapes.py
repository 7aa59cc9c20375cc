"""Aloft's shapes, drawn alike on cards, tokens and the state picture: balloons (two colours or a special
shape's face) and trucks."""

from __future__ import annotations

import math

from pnp.games.aloft.model import AloftData, Balloon
from pnp.games.aloft.palette import INK
from pnp.printing.canvas import Canvas, PathOp
from pnp.printing.patterns import hatch

SMALL = 8.0  # pt: the smallest text of the state picture, and of a balloon's colour letters
PATTERN_INK = "#3a3a3a"  # a colour's pattern, on its card, its balloons and the picture's legend


def _envelope(cx: float, cy: float, r: float) -> list[PathOp]:
    """A balloon envelope: round on top, narrowing to the basket."""
    k = 0.5523 * r
    return [
        ("M", cx, cy + 1.35 * r),
        ("C", cx - 0.45 * r, cy + 1.1 * r, cx - r, cy + 0.55 * r, cx - r, cy),
        ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        ("C", cx + r, cy + 0.55 * r, cx + 0.45 * r, cy + 1.1 * r, cx, cy + 1.35 * r),
        ("Z",),
    ]


def balloon(
    c: Canvas, data: AloftData, balloon: Balloon, cx: float, cy: float, r: float, *, initial: bool = True
) -> None:
    """A balloon: two colour halves, each with its colour's pattern (as on the colour card) and letter, or a special
    shape's face (and its initial)."""
    colours = {colour.code: colour for colour in data.colours}
    c.line(cx - 0.35 * r, cy + 1.3 * r, cx - 0.25 * r, cy + 1.65 * r, stroke=INK, width=0.3)
    c.line(cx + 0.35 * r, cy + 1.3 * r, cx + 0.25 * r, cy + 1.65 * r, stroke=INK, width=0.3)
    c.rect(cx - 0.28 * r, cy + 1.62 * r, 0.56 * r, 0.35 * r, fill="#8a5a2b", stroke=INK, width=0.3)
    if balloon.shape:
        c.path(_envelope(cx, cy, r), fill="#f6e7c8", stroke=INK, width=0.5)
        _special_face(c, balloon.shape, cx, cy, r, initial)
        return
    left, right = balloon.colours
    envelope = _envelope(cx, cy, r)
    for side, code in ((0, left), (1, right)):
        half = (cx - r + side * r, cy - r, r, 2.4 * r)
        with c.clip(*half), c.clip_path(envelope):  # the pattern fills this half of the envelope, to its edge
            c.path(envelope, fill=colours[code].rgb, stroke=None)
            hatch(c, *half, colours[code].pattern, stroke=PATTERN_INK, spacing=r / 4)
    c.path(envelope, stroke=INK, width=0.5)
    for side, code in ((-1, left), (1, right)):  # each half's colour code, one letter
        c.circle(cx + side * r * 0.5, cy, r * 0.3, fill="#ffffff", stroke=INK, width=0.3)
        c.text(cx + side * r * 0.5, cy + r * 0.13, code, size=max(r * 1.1, SMALL), bold=True, anchor="middle")


def _special_face(c: Canvas, shape: str, cx: float, cy: float, r: float, initial: bool = True) -> None:
    """A simple face for the lion, wolf or monkey, and its initial (left out on screen, where W would read as white)."""
    if shape == "lion":
        for i in range(12):
            a = i * math.pi / 6
            c.circle(cx + 0.62 * r * math.cos(a), cy + 0.62 * r * math.sin(a), 0.28 * r, fill="#d98b2b", stroke=None)
        c.circle(cx, cy, 0.55 * r, fill="#f2c36b", stroke=INK, width=0.3)
    elif shape == "wolf":
        for s in (-1, 1):
            ear = [
                (cx + s * 0.6 * r, cy - 0.2 * r),
                (cx + s * 0.45 * r, cy - 0.85 * r),
                (cx + s * 0.1 * r, cy - 0.45 * r),
            ]
            c.polygon(ear, fill="#7d8591", stroke=INK, width=0.3)
        c.circle(cx, cy, 0.55 * r, fill="#a3abb6", stroke=INK, width=0.3)
    else:
        for s in (-1, 1):
            c.circle(cx + s * 0.6 * r, cy - 0.1 * r, 0.22 * r, fill="#9a6b43", stroke=INK, width=0.3)
        c.circle(cx, cy, 0.55 * r, fill="#9a6b43", stroke=INK, width=0.3)
        c.circle(cx, cy + 0.12 * r, 0.35 * r, fill="#e8c9a0", stroke=None)
    for s in (-1, 1):
        c.circle(cx + s * 0.2 * r, cy - 0.1 * r, 0.06 * r, fill=INK, stroke=None)
    if initial:
        c.text(cx, cy + 0.35 * r, shape[0].upper(), size=r * 0.9, bold=True, anchor="middle")  # its initial


def truck(c: Canvas, cx: float, cy: float, w: float, *, safety: bool, data: AloftData) -> None:
    """A flatbed truck, orange and marked S for the safety truck."""
    h = w * 0.3
    body = data.safety_colour if safety else "#5b6f86"
    c.rect(cx - w / 2, cy - h, w * 0.7, h * 0.6, fill="#d8d2c4", stroke=INK, width=0.4)
    c.rect(cx + w * 0.2, cy - h * 1.3, w * 0.3, h * 0.9, fill=body, stroke=INK, width=0.4, radius=1)
    c.rect(cx - w / 2, cy - h * 0.45, w, h * 0.3, fill=body, stroke=INK, width=0.4)
    for wheel in (-0.32, 0.0, 0.35):
        c.circle(cx + wheel * w, cy, h * 0.28, fill=INK, stroke=None)
    if safety:
        c.text(cx + w * 0.35, cy - h * 0.6, "S", size=h * 1.6, bold=True, anchor="middle", fill="#ffffff")
