"""Aloft's printed board as a landscape: bands of sky that deepen with height, a horizon, the road, a meadow.

Each row of the sky is one band of colour, so a row still reads as a row when
the tints are faint (``--ink-saver`` keeps a quarter of every fill); the cells
are also outlined, and the road's bays and centre line are lines, which ink
saver keeps dark. Every label is dark on light or light on the road, never
colour alone. Drawn larger than it needs (``board_drawing``'s size), the
landscape widens on both sides and the sky rises: the cells never move apart.
"""

from __future__ import annotations

import math

from pnp.games.aloft.model import AloftBoard
from pnp.games.aloft.palette import INK, PAPER, WHITE
from pnp.printing import fit
from pnp.printing.canvas import Anchor, Canvas, Drawing
from pnp.printing.color import blend
from pnp.printing.fonts import text_width
from pnp.printing.paper import Rect
from pnp.printing.parts import Seams
from pnp.texts import Catalogue, catalogue

MARGIN = 12.0  # mm around the cells for the row and column labels
TOP = 8.0  # the title band above the top column labels
LEGEND = 11.5  # the legend band below the bottom column labels (the board stays 2 tiles high on A4 and Letter)
HORIZON = "#dcecf7"  # the sky's colour just above the road
ZENITH = "#7faad3"  # the top row's colour
HIGH = "#6b98c8"  # the sky above the top row, at the board's upper edge
ASPHALT = "#5d636b"
VERGE = "#9cbf7a"
MEADOW = "#d3e6bd"  # the ground below the road: light, so the legend on it reads well
HILLS = ("#b9d59f", "#9fc387")  # the far range and the near range, beside the cells only
LINE = "#f2c14e"  # the road's centre line
BADGE = 4.2  # radius of a label badge
PANEL = 60.0  # mm of landscape beside the cells from which a side holds a supply spot
TOKEN = 25.0  # a token's diameter, mm: all 59 fit one A4 or Letter page 3 mm apart (27 mm took two pages)
TOKEN_SPOT = TOKEN / 2 + 1.0  # radius of a token pile's spot
PART = "board"  # how an Overflow names it


def board_drawing(
    board: AloftBoard, width: float = 0.0, height: float = 0.0, *, texts: Catalogue | None = None
) -> Drawing:
    """The board at least ``width`` x ``height`` mm: the landscape grows around cells that keep their size.

    ``texts``: the catalogue it is worded from (default: English)."""
    t = texts or catalogue("aloft")
    cw, ch = board.cell_width, board.cell_height
    width, height, left, top = _layout(board, width, height)
    side = left - MARGIN  # landscape either side of the labelled grid
    lane_y = top + board.rows * ch
    right = left + board.columns * cw

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=PAPER, stroke=None)
        _upper_sky(c, width, top)
        _rows(c, board, width, left, top)
        if side > 0:
            _hills(c, 0, left - MARGIN, lane_y, ch, inner=left - MARGIN)
            _hills(c, right + MARGIN, width, lane_y, ch, inner=right + MARGIN)
        _ground(c, width, height, lane_y + ch)
        _road(c, board, width, left, lane_y, t("board.lane"))
        _cells(c, board, left, top)
        room = (right - left) / 2 - 4  # each of the title and the launch line has half the grid's width
        _label(c, left, top - MARGIN - 1.5, t("board.brand"), room, 16, field="board.brand", bold=True)
        if side >= PANEL:  # on the road past the last bay, just under row 1, where the balloons go up from
            road = width - right - 2 * MARGIN
            _label(c, right + MARGIN, lane_y + 0.3 * ch, t("board.launch"), road, 9, field="board.launch")
        else:  # no road beside the bays: over the grid, beside the title
            _label(c, right, top - MARGIN - 1.5, t("board.launch"), room, 9, field="board.launch", anchor="end")
        for column in range(board.columns):
            x = left + (column + 0.5) * cw
            _badge(c, x, top - MARGIN / 2, str(column + 1), dark=False)
            _badge(c, x, lane_y + ch + MARGIN / 2, str(column + 1), dark=False)
        for row in range(board.rows):
            y = top + (board.rows - 0.5 - row) * ch
            _badge(c, left - MARGIN / 2, y, str(row + 1), dark=True)
            _badge(c, right + MARGIN / 2, y, str(row + 1), dark=True)
        if side >= PANEL:
            _balloon_park(c, MARGIN, top, left - 2 * MARGIN, board.rows * ch, t)
            _token_piles(c, right + MARGIN, top, width - right - 2 * MARGIN, board.rows * ch, t)
        _legend(c, left, height - LEGEND, board.columns * cw, t)

    return Drawing(width, height, draw)


def _layout(board: AloftBoard, width: float, height: float) -> tuple[float, float, float, float]:
    """The board's width and height (at least ``width`` x ``height`` mm), its cells' left edge and the top row's
    upper edge: extra width is landscape either side, extra height sky."""
    own_width = board.columns * board.cell_width + 2 * MARGIN
    own_height = TOP + MARGIN + (board.rows + 1) * board.cell_height + MARGIN + LEGEND
    width, height = max(width, own_width), max(height, own_height)
    return width, height, (width - own_width) / 2 + MARGIN, height - own_height + TOP + MARGIN


def board_seams(board: AloftBoard, width: float = 0.0, height: float = 0.0) -> Seams:
    """Where the tiles of the board drawn ``width`` x ``height`` mm are welcome to meet: the lines between its
    cells and round them, the lane's too."""
    _, _, left, top = _layout(board, width, height)
    return Seams(
        tuple(left + column * board.cell_width for column in range(board.columns + 1)),
        tuple(top + row * board.cell_height for row in range(board.rows + 2)),
    )


def _upper_sky(c: Canvas, width: float, bottom: float) -> None:
    """The sky above the top row: thin bands deepening from the zenith's blue up to the board's edge."""
    count = max(1, math.ceil(bottom / 4))
    for k in range(count):
        depth = 1 - (k + 0.5) / count  # 1 at the upper edge
        c.rect(0, k * bottom / count, width, bottom / count + 0.05, fill=blend(ZENITH, HIGH, depth), stroke=None)


def _label(
    c: Canvas,
    x: float,
    baseline: float,
    text: str,
    room: float,
    size: float,
    *,
    field: str,
    anchor: Anchor = "start",
    bold: bool = False,
) -> None:
    """Ink text on a white slip, so that it reads on any sky (``anchor``: start or end), shrunk to ``room`` mm."""
    size = fit.fit_line(text, room, size, part=PART, field=field, bold=bold, faces=c.faces)
    w = text_width(text, size, bold, c.faces)
    start = x if anchor == "start" else x - w
    rise, pad = size * 0.26, 1.2  # a capital's height in mm, and the slip's margin
    c.rect(start - pad, baseline - rise - pad, w + 2 * pad, rise + 2 * pad + 0.6, fill="#ffffff", stroke=None, radius=1)
    c.text(x, baseline, text, size=size, bold=bold, anchor=anchor, fill=INK)


def _rows(c: Canvas, board: AloftBoard, width: float, left: float, top: float) -> None:
    """One band of sky per row across the whole board, from the horizon's pale blue up to the zenith's, with
    faint clouds over the cells (the sky beside them is kept clear for the supply spots)."""
    cw, ch = board.cell_width, board.cell_height
    for row in range(board.rows):
        y = top + (board.rows - 1 - row) * ch
        depth = row / max(1, board.rows - 1)
        c.rect(0, y, width, ch, fill=blend(HORIZON, ZENITH, depth), stroke=None)
        cloud = blend(HORIZON, ZENITH, depth * 0.4)
        for k, first in enumerate(range(0, board.columns, 3)):  # a cloud bank every third column, staggered
            cx = left + (first + 1.2 + 0.9 * ((row + k) % 2)) * cw
            _cloud(c, cx, y + ch * (0.3 + 0.35 * ((row + k) % 2)), ch * 0.16, cloud)


def _cloud(c: Canvas, cx: float, cy: float, r: float, fill: str) -> None:
    for dx, dy, k in ((-1.3, 0.25, 0.7), (0.0, 0.0, 1.0), (1.25, 0.2, 0.75), (0.6, -0.45, 0.7), (-0.6, -0.35, 0.6)):
        c.circle(cx + dx * r, cy + dy * r, k * r, fill=fill, stroke=None)


def _hills(c: Canvas, x0: float, x1: float, horizon: float, ch: float, inner: float) -> None:
    """Two ranges of rolling hills rising from the horizon between x0 and x1, beside the cells, never on them:
    they sink to the horizon towards ``inner``, the side of the cells."""
    if x1 - x0 < 10:
        return
    for fill, height, wave in ((HILLS[0], 0.45, 37.0), (HILLS[1], 0.25, 23.0)):
        steps = max(2, math.ceil((x1 - x0) / 4))
        points = [(x0, horizon)]
        for k in range(steps + 1):
            x = x0 + (x1 - x0) * k / steps
            swell = 0.55 + 0.3 * math.sin(x / wave) + 0.15 * math.sin(x / (wave * 0.37) + 1.0)
            fade = min(1.0, abs(x - inner) / 30)
            points.append((x, horizon - ch * height * swell * fade))
        points.append((x1, horizon))
        c.polygon(points, fill=fill, stroke=None)


def _ground(c: Canvas, width: float, height: float, y: float) -> None:
    """The meadow below the road, down to the board's edge."""
    c.polygon([(0, y), (width, y), (width, height), (0, height)], fill=MEADOW, stroke=None)


def _road(c: Canvas, board: AloftBoard, width: float, left: float, y: float, lane: str) -> None:
    """The road across the whole landscape: a verge at the horizon, a dashed centre line, a bay under each column."""
    cw, ch = board.cell_width, board.cell_height
    c.rect(0, y, width, ch, fill=ASPHALT, stroke=None)
    c.line(0, y + ch, width, y + ch, stroke=INK, width=0.5)
    c.rect(0, y, width, 1.2, fill=VERGE, stroke=None)
    dash = 6.0
    x = left % (2 * dash) - 2 * dash  # the dashes line up with the cells wherever the road starts
    while x < width:
        if not left - MARGIN < x + dash < left:  # none through the lane's name
            c.line(max(0.0, x + 0.5 * dash), y + ch / 2, min(width, x + 1.5 * dash), y + ch / 2, stroke=LINE, width=0.9)
        x += 2 * dash
    for column in range(board.columns):
        c.rect(left + column * cw + 1, y + 2, cw - 2, ch - 3, stroke="#ffffff", width=0.5, dash=(2.5, 1.5), radius=1.5)
    with c.group(left - MARGIN / 2 + 1.2, y + ch / 2, rotate=-90):
        fit.line(c, 0, 0, lane, ch - 2, size=8, part=PART, field="board.lane", bold=True, anchor="middle", fill=WHITE)


def _cells(c: Canvas, board: AloftBoard, left: float, top: float) -> None:
    """Each cell outlined in white inside an ink frame round the sky's grid."""
    cw, ch = board.cell_width, board.cell_height
    for column in range(board.columns):
        for row in range(board.rows):
            x, y = left + column * cw, top + row * ch
            c.rect(x + 0.6, y + 0.6, cw - 1.2, ch - 1.2, stroke="#ffffff", width=0.7, radius=2)
    c.rect(left, top, board.columns * cw, board.rows * ch, stroke=INK, width=0.5)


def _balloon_park(c: Canvas, x: float, y: float, w: float, h: float, t: Catalogue) -> None:
    """Where the packed balloon cards wait beside the board, face up."""
    c.rect(x, y + 4, w, h - 8, stroke="#ffffff", width=1.2, dash=(4, 2), radius=4)
    c.rect(x + w / 2 - 25, y + 8, 50, 13.5, fill="#ffffff", stroke=None, radius=1.5)
    park, sub = t("board.park"), t("board.park.sub")
    middle = x + w / 2
    fit.line(c, middle, y + 13, park, 48, size=9, part=PART, field="board.park", bold=True, anchor="middle", fill=INK)
    fit.line(c, middle, y + 19, sub, 48, size=8, part=PART, field="board.park.sub", anchor="middle", fill=INK)


def _token_piles(c: Canvas, x: float, y: float, w: float, h: float, t: Catalogue) -> None:
    """A spot for each pile of tokens, within everyone's reach."""
    keys = ("board.pile.launch", "board.pile.safety", "board.pile.scoring")
    step = h / len(keys)
    for k, key in enumerate(keys):
        cy = y + (k + 0.45) * step
        c.circle(x + w / 2, cy, TOKEN_SPOT, fill="#ffffff", stroke=INK, width=0.4, dash=(2, 1.2))
        c.rect(x + w / 2 - 17, cy + TOKEN_SPOT + 2, 34, 6, fill="#ffffff", stroke=None, radius=1.5)
        baseline = cy + TOKEN_SPOT + 6.4
        fit.line(c, x + w / 2, baseline, t(key), 33, size=8, part=PART, field=key, bold=True, anchor="middle", fill=INK)


def _badge(c: Canvas, x: float, y: float, label: str, *, dark: bool) -> None:
    """A round label: white on ink for rows (altitude), ink on white for columns (a number of one or two digits)."""
    c.circle(x, y, BADGE, fill=INK if dark else "#ffffff", stroke=INK, width=0.5)
    c.text(x, y + 1.6, label, size=11, bold=True, anchor="middle", fill="#ffffff" if dark else INK)


def _legend(c: Canvas, x: float, y: float, width: float, t: Catalogue) -> None:
    """Four keys in a row on the meadow: rows, columns, a cell, the lane."""
    step = width / 4
    _badge(c, x + BADGE, y + 5, "1", dark=True)
    _key(c, Rect(x + 2 * BADGE + 3, y + 1, step - 2 * BADGE - 5, 9), "board.legend.rows", t)
    x += step
    _badge(c, x + BADGE, y + 5, "1", dark=False)
    _key(c, Rect(x + 2 * BADGE + 3, y + 1, step - 2 * BADGE - 5, 9), "board.legend.columns", t)
    x += step
    c.rect(x, y + 1, 6, 8.5, fill=blend(HORIZON, ZENITH, 0.5), stroke=INK, width=0.3, radius=1)
    _key(c, Rect(x + 9, y + 1, step - 11, 9), "board.legend.cell", t)
    x += step
    c.rect(x, y + 1, 6, 8.5, fill=ASPHALT, stroke=INK, width=0.3)
    c.rect(x + 1, y + 2.2, 4, 6.1, stroke="#ffffff", width=0.4, dash=(1.5, 1))
    _key(c, Rect(x + 9, y + 1, step - 9, 9), "board.legend.bay", t)


def _key(c: Canvas, box: Rect, key: str, t: Catalogue) -> None:
    """One legend entry in ``box``: on one line when it fits, else wrapped to two and shrunk."""
    text = t(key)
    if text_width(text, 8, False, c.faces) <= box.w:
        c.text(box.x, box.y + 5.3, text, size=8, fill=INK)  # on the line it always had, beside its key
    else:
        fit.block(c, box, text, size=8, part=PART, field=key, fill=INK)
