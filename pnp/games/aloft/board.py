"""Aloft's printed board: a sky that deepens with height above a road, labels on every side, a legend.

Fills are mid-tones or lighter so that ``--ink-saver`` keeps them apart; every
label is dark on light (or drawn with a light halo), never colour alone.
"""

from __future__ import annotations

from pnp.games.aloft.model import AloftBoard
from pnp.games.aloft.palette import INK, PAPER
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.color import blend

MARGIN = 12.0  # mm around the cells for the row and column labels
TOP = 8.0  # the title band above the top column labels
LEGEND = 11.5  # the legend band below the bottom column labels (the board stays 2 tiles high on A4 and Letter)
HORIZON = "#dcecf7"  # the sky's colour just above the road
ZENITH = "#7faad3"  # the top row's colour
ASPHALT = "#5d636b"
VERGE = "#9cbf7a"
LINE = "#f2c14e"  # the road's centre line
BADGE = 4.2  # radius of a label badge


def board_drawing(board: AloftBoard) -> Drawing:
    """The panoramic board: rows of sky, the truck lane, row and column badges, and a legend."""
    cw, ch = board.cell_width, board.cell_height
    width = board.columns * cw + 2 * MARGIN
    lane_y = TOP + MARGIN + board.rows * ch
    height = lane_y + ch + MARGIN + LEGEND

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=PAPER, stroke=None)
        c.text(MARGIN, TOP - 1.5, "ALOFT", size=16, bold=True, fill=INK)
        c.text(width - MARGIN, TOP - 1.5, "balloons launch from the trucks into row 1", size=9, anchor="end", fill=INK)
        _sky(c, board, TOP + MARGIN)
        _road(c, board, lane_y)
        for column in range(board.columns):
            x = MARGIN + (column + 0.5) * cw
            _badge(c, x, TOP + MARGIN / 2, str(column + 1), dark=False)
            _badge(c, x, lane_y + ch + MARGIN / 2, str(column + 1), dark=False)
        for row in range(board.rows):
            y = TOP + MARGIN + (board.rows - 0.5 - row) * ch
            _badge(c, MARGIN / 2, y, str(row + 1), dark=True)
            _badge(c, width - MARGIN / 2, y, str(row + 1), dark=True)
        _legend(c, MARGIN, height - LEGEND, width - 2 * MARGIN)

    return Drawing(width, height, draw)


def _sky(c: Canvas, board: AloftBoard, top: float) -> None:
    """Rows shading from the horizon up to the zenith, faint cloud banks, and the cells as a fine grid."""
    cw, ch = board.cell_width, board.cell_height
    for row in range(board.rows):
        y = top + (board.rows - 1 - row) * ch
        depth = row / max(1, board.rows - 1)
        c.rect(MARGIN, y, board.columns * cw, ch, fill=blend(HORIZON, ZENITH, depth), stroke=None)
        for k, first in enumerate(range(0, board.columns, 3)):  # a cloud bank every third column, staggered
            cx = MARGIN + (first + 1.2 + 0.9 * ((row + k) % 2)) * cw
            _cloud(c, cx, y + ch * (0.3 + 0.35 * ((row + k) % 2)), ch * 0.16, blend(HORIZON, ZENITH, depth * 0.4))
    for column in range(board.columns):
        for row in range(board.rows):
            left, upper = MARGIN + column * cw, top + row * ch
            c.rect(left + 0.6, upper + 0.6, cw - 1.2, ch - 1.2, stroke="#ffffff", width=0.7, radius=2)
    c.rect(MARGIN, top, board.columns * cw, board.rows * ch, stroke=INK, width=0.5)


def _cloud(c: Canvas, cx: float, cy: float, r: float, fill: str) -> None:
    for dx, dy, k in ((-1.3, 0.25, 0.7), (0.0, 0.0, 1.0), (1.25, 0.2, 0.75), (0.6, -0.45, 0.7), (-0.6, -0.35, 0.6)):
        c.circle(cx + dx * r, cy + dy * r, k * r, fill=fill, stroke=None)


def _road(c: Canvas, board: AloftBoard, y: float) -> None:
    """Asphalt under a grass verge, a dashed centre line, a parking bay under each column, named in the margin."""
    cw, ch = board.cell_width, board.cell_height
    x0, w = MARGIN, board.columns * cw
    c.rect(x0, y, w, ch, fill=ASPHALT, stroke=INK, width=0.5)
    c.rect(x0, y, w, 1.2, fill=VERGE, stroke=None)
    dash = 6.0
    for k in range(int(w / (2 * dash))):
        c.line(x0 + (2 * k + 0.5) * dash, y + ch / 2, x0 + (2 * k + 1.5) * dash, y + ch / 2, stroke=LINE, width=0.9)
    for column in range(board.columns):
        x = x0 + column * cw
        c.rect(x + 1, y + 2, cw - 2, ch - 3, stroke="#ffffff", width=0.5, dash=(2.5, 1.5), radius=1.5)
    with c.group(MARGIN / 2 + 1.2, y + ch / 2, rotate=-90):
        c.text(0, 0, "TRUCK LANE", size=8, bold=True, anchor="middle", fill=INK)


def _badge(c: Canvas, x: float, y: float, label: str, *, dark: bool) -> None:
    """A round label: white on ink for rows (altitude), ink on white for columns."""
    c.circle(x, y, BADGE, fill=INK if dark else "#ffffff", stroke=INK, width=0.5)
    c.text(x, y + 1.6, label, size=11, bold=True, anchor="middle", fill="#ffffff" if dark else INK)


def _legend(c: Canvas, x: float, y: float, width: float) -> None:
    """Four keys in a row: rows, columns, a cell, the lane."""
    step = width / 4
    _badge(c, x + BADGE, y + 5, "1", dark=True)
    c.text(x + 2 * BADGE + 3, y + 6.3, "rows: height above the road, 1 lowest", size=8, fill=INK)
    x += step
    _badge(c, x + BADGE, y + 5, "1", dark=False)
    c.text(x + 2 * BADGE + 3, y + 6.3, "columns: left to right, on both edges", size=8, fill=INK)
    x += step
    c.rect(x, y + 1, 6, 8.5, fill=blend(HORIZON, ZENITH, 0.5), stroke=INK, width=0.3, radius=1)
    c.text(x + 9, y + 6.3, "one sky cell holds one balloon card", size=8, fill=INK)
    x += step
    c.rect(x, y + 1, 6, 8.5, fill=ASPHALT, stroke=INK, width=0.3)
    c.rect(x + 1, y + 2.2, 4, 6.1, stroke="#ffffff", width=0.4, dash=(1.5, 1))
    c.text(x + 9, y + 6.3, "lane bay: one truck card; the convoy starts under columns 1-5", size=8, fill=INK)
