"""The footer printed at the bottom of every page, inside the margins."""

from __future__ import annotations

from pnp.printing.canvas import Canvas
from pnp.printing.fonts import text_width
from pnp.printing.paper import PageFrame

SIZE = 6.0  # pt
SMALLEST = 5.0  # footers and fine print; everything else is 6 pt or larger
TILE_SIZE = 8.0
COLOR = "#404040"


def fit(
    text: str, width: float, size: float = SIZE, bold: bool = False, smallest: float = SMALLEST
) -> tuple[str, float]:
    """``text`` and a font size (down to ``smallest``) that fit ``width`` mm, cut short with … if need be."""
    natural = text_width(text, size, bold)
    if natural <= width:
        return text, size
    size = max(smallest, size * width / natural)
    while text and text_width(text, size, bold) > width:
        text = text[:-2] + "…"
    return text, size


def draw_footer(canvas: Canvas, frame: PageFrame, text: str, tile: str = "") -> None:
    """``text`` at the left of the footer band; a board tile's label in bold at its right."""
    area = frame.printable
    baseline = area.bottom - 1.0
    room = area.w - (text_width(tile, TILE_SIZE, bold=True) + 3 if tile else 0)
    line, size = fit(text, room)
    canvas.text(area.x, baseline, line, size=size, fill=COLOR)
    if tile:
        canvas.text(area.right, baseline, tile, size=TILE_SIZE, anchor="end", bold=True, fill=COLOR)
