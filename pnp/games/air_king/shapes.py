"""Air King's drawn shapes: aircraft symbols, the plane, badges and event icons."""

from __future__ import annotations

import math

from pnp.games.air_king.model import Aircraft
from pnp.printing.canvas import Canvas, Color, label_of
from pnp.printing.color import luminance, rgb

INK = "#1d2330"
WHITE = "#ffffff"


def ink_on(fill: Color) -> Color:
    """Ink or white, whichever reads better on ``fill``."""
    return INK if luminance(rgb(fill)) > 0.45 else WHITE


def _regular(cx: float, cy: float, r: float, sides: int, turn: float = -90.0) -> list[tuple[float, float]]:
    angles = [math.radians(turn + i * 360 / sides) for i in range(sides)]
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


def symbol(c: Canvas, kind: str, cx: float, cy: float, r: float, fill: Color, stroke: Color = INK) -> None:
    """One of the ten aircraft symbols, about ``r`` mm in radius."""
    width = max(0.25, r * 0.08)
    if kind == "circle":
        c.circle(cx, cy, r * 0.9, fill=fill, stroke=stroke, width=width)
    elif kind == "square":
        c.rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, fill=fill, stroke=stroke, width=width)
    elif kind in ("triangle", "diamond", "pentagon", "hexagon"):
        sides = {"triangle": 3, "diamond": 4, "pentagon": 5, "hexagon": 6}[kind]
        c.polygon(_regular(cx, cy + (r * 0.15 if sides == 3 else 0), r, sides), fill=fill, stroke=stroke, width=width)
    elif kind == "star":
        points = [p for i in range(5) for p in (_regular(cx, cy, r, 5)[i], _regular(cx, cy, r * 0.42, 5, -54)[i])]
        c.polygon(points, fill=fill, stroke=stroke, width=width)
    elif kind == "cross":
        a, b = r * 0.3, r * 0.9
        c.polygon(
            [
                (cx - a, cy - b),
                (cx + a, cy - b),
                (cx + a, cy - a),
                (cx + b, cy - a),
                (cx + b, cy + a),
                (cx + a, cy + a),
                (cx + a, cy + b),
                (cx - a, cy + b),
                (cx - a, cy + a),
                (cx - b, cy + a),
                (cx - b, cy - a),
                (cx - a, cy - a),
            ],
            fill=fill,
            stroke=stroke,
            width=width,
        )
    elif kind == "heart":
        c.path(
            [
                ("M", cx, cy + r * 0.85),
                ("C", cx - r * 1.3, cy - r * 0.1, cx - r * 0.6, cy - r * 1.1, cx, cy - r * 0.4),
                ("C", cx + r * 0.6, cy - r * 1.1, cx + r * 1.3, cy - r * 0.1, cx, cy + r * 0.85),
                ("Z",),
            ],
            fill=fill,
            stroke=stroke,
            width=width,
        )
    else:  # crescent
        c.path(
            [
                ("M", cx + r * 0.2, cy - r * 0.9),
                ("C", cx - r * 1.2, cy - r * 0.7, cx - r * 1.2, cy + r * 0.7, cx + r * 0.2, cy + r * 0.9),
                ("C", cx - r * 0.45, cy + r * 0.45, cx - r * 0.45, cy - r * 0.45, cx + r * 0.2, cy - r * 0.9),
                ("Z",),
            ],
            fill=fill,
            stroke=stroke,
            width=width,
        )


def plane(c: Canvas, cx: float, cy: float, size: float, fill: Color, rotate: float = 0.0) -> None:
    """An aircraft seen from above, nose up (``rotate`` degrees clockwise), ``size`` mm long."""
    s = size / 2
    outline = [
        (0, -1.0),
        (0.1, -0.85),
        (0.1, -0.25),
        (0.95, 0.15),
        (0.95, 0.28),
        (0.1, 0.1),
        (0.08, 0.62),
        (0.35, 0.82),
        (0.35, 0.92),
        (0, 0.85),
        (-0.35, 0.92),
        (-0.35, 0.82),
        (-0.08, 0.62),
        (-0.1, 0.1),
        (-0.95, 0.28),
        (-0.95, 0.15),
        (-0.1, -0.25),
        (-0.1, -0.85),
    ]
    with c.group(cx, cy, rotate=rotate):
        c.polygon([(x * s, y * s) for x, y in outline], fill=fill, stroke=INK, width=max(0.25, size * 0.012))


def badge(c: Canvas, craft: Aircraft, x: float, y: float, w: float, h: float) -> None:
    """An aircraft's colour, symbol and number in a ``w`` x ``h`` box: readable without colour."""
    with c.group(name=label_of(f"aircraft {craft.number}")):
        c.rect(x, y, w, h, fill=craft.rgb, stroke=INK, width=0.35, radius=h * 0.18)
        r = h * 0.32
        symbol(c, craft.symbol, x + h * 0.5, y + h / 2, r, WHITE)
        box = w - h * 1.05
        c.rect(x + h * 0.95, y + h * 0.15, box - h * 0.1, h * 0.7, fill=WHITE, stroke=INK, width=0.25, radius=h * 0.1)
        # the aircraft's number, the only text in the badge (a few digits)
        number = str(craft.number)
        c.text(x + h * 0.9 + box / 2, y + h * 0.69, number, size=h * 1.45, bold=True, anchor="middle", fill=INK)


def event_icon(c: Canvas, kind: str, cx: float, cy: float, r: float) -> None:
    """A picture for each event type (and 'return' for Technical Return), drawn in ink on white."""
    w = max(0.4, r * 0.1)
    c.circle(cx, cy, r, fill=WHITE, stroke=INK, width=w)
    if kind in ("extra", "diagonal"):
        turn = 45 if kind == "diagonal" else 0
        plane(c, cx, cy + r * 0.1, r * 1.2, "#dfe6ee", rotate=turn)
        with c.group(cx + r * 0.5, cy - r * 0.5):
            c.line(-r * 0.22, 0, r * 0.22, 0, stroke=INK, width=w * 1.6)
            c.line(0, -r * 0.22, 0, r * 0.22, stroke=INK, width=w * 1.6)
    elif kind in ("storm", "clear"):
        if kind == "clear":
            for i in range(8):
                a = math.radians(i * 45)
                c.line(
                    cx + r * 0.45 * math.cos(a),
                    cy - r * 0.15 + r * 0.45 * math.sin(a),
                    cx + r * 0.7 * math.cos(a),
                    cy - r * 0.15 + r * 0.7 * math.sin(a),
                    stroke="#d9a400",
                    width=w,
                )
            c.circle(cx, cy - r * 0.15, r * 0.33, fill="#f2cd2e", stroke=INK, width=w * 0.6)
            return
        for dx, dy, rr in ((-0.3, 0.0, 0.3), (0.05, -0.18, 0.38), (0.38, 0.02, 0.27)):
            c.circle(cx + dx * r, cy + dy * r, rr * r, fill="#7d8591", stroke=None)
        c.rect(cx - r * 0.58, cy, r * 1.2, r * 0.28, fill="#7d8591", stroke=None)
        c.polygon(
            [
                (cx, cy + r * 0.25),
                (cx - r * 0.18, cy + r * 0.62),
                (cx - r * 0.02, cy + r * 0.6),
                (cx - r * 0.12, cy + r * 0.85),
                (cx + r * 0.16, cy + r * 0.48),
                (cx, cy + r * 0.5),
            ],
            fill="#f2cd2e",
            stroke=INK,
            width=w * 0.5,
        )
    elif kind == "hold":
        c.circle(cx, cy, r * 0.55, stroke=INK, width=w * 1.5, dash=(r * 0.3, r * 0.15))
        c.rect(cx - r * 0.25, cy - r * 0.3, r * 0.16, r * 0.6, fill=INK, stroke=None)
        c.rect(cx + r * 0.09, cy - r * 0.3, r * 0.16, r * 0.6, fill=INK, stroke=None)
    elif kind == "pass":
        plane(c, cx - r * 0.42, cy, r * 0.95, "#dfe6ee", rotate=90)
        plane(c, cx + r * 0.42, cy, r * 0.95, "#dfe6ee", rotate=-90)
        c.path(
            [
                ("M", cx - r * 0.3, cy - r * 0.45),
                ("C", cx - r * 0.1, cy - r * 0.75, cx + r * 0.1, cy - r * 0.75, cx + r * 0.3, cy - r * 0.45),
            ],
            stroke=INK,
            width=w,
        )
        c.path(
            [
                ("M", cx + r * 0.3, cy + r * 0.45),
                ("C", cx + r * 0.1, cy + r * 0.75, cx - r * 0.1, cy + r * 0.75, cx - r * 0.3, cy + r * 0.45),
            ],
            stroke=INK,
            width=w,
        )
    else:  # technical return: a U-turn arrow
        c.path(
            [
                ("M", cx + r * 0.35, cy + r * 0.55),
                ("L", cx + r * 0.35, cy - r * 0.1),
                ("C", cx + r * 0.35, cy - r * 0.65, cx - r * 0.35, cy - r * 0.65, cx - r * 0.35, cy - r * 0.1),
                ("L", cx - r * 0.35, cy + r * 0.25),
            ],
            stroke=INK,
            width=w * 1.8,
        )
        c.polygon(
            [(cx - r * 0.6, cy + r * 0.2), (cx - r * 0.1, cy + r * 0.2), (cx - r * 0.35, cy + r * 0.6)],
            fill=INK,
            stroke=None,
        )
