"""The printed board: one page, or the map spread over 2 x 2 or 3 x 3 pages with each panel whole on one tile.

A board over several pages is drawn at the size the toolkit tiles into the same
grid on A4 and Letter (``pnp.printing.tiling``), so the layout knows every
tile's window (A3 and Tabloid tile it with the same columns): the map is enlarged over all of them, while the inventories and
the rules panel keep their one-page size and sit inside a single tile, clear of
the overlap bands, where they are neither cut nor split over two sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.aeronaut_odyssey.draw import (
    GAP,
    HEADER,
    INVENTORY_H,
    INVENTORY_W,
    PAGE_H,
    PAGE_W,
    draw_map,
    header,
    inventory,
    inventory_count,
    one_page,
    one_page_unit,
    panel,
    panel_width,
)
from pnp.games.aeronaut_odyssey.model import AeroMap, pages_for
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.tiling import OVERLAP, spans
from pnp.texts import Catalogue

PAD = 2.0  # between a panel and the overlap band of its tile
PANEL_COLUMNS = 2
PANEL_H = 110.0  # the two-column panel: room for every expansion's section
BODY_TOP = HEADER + INVENTORY_H + GAP  # the map's band starts below the top inventories


def page_size(pages: int) -> tuple[float, float]:
    """The board drawing's size: one page, or 2 x 2 / 3 x 3 pages less their overlaps."""
    k = {1: 1, 4: 2, 9: 3}[pages]
    return k * PAGE_W - (k - 1) * (OVERLAP + 2), k * PAGE_H - (k - 1) * (OVERLAP + 2)


def board_drawing(board: AeroMap, t: Catalogue, players: int | None = None) -> Drawing:
    """The whole printed board, worded from ``t``, with inventories for ``players`` (by default, the map's own
    count)."""
    width, height = page_size(pages_for(board))
    count = inventory_count(board.players if players is None else players)

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill="#ffffff", stroke=None)
        with c.group(name="board"):
            if pages_for(board) == 1:
                one_page(c, board, count, t)
            else:
                _spread(c, board, count, width, height, t)

    return Drawing(width, height, draw)


def printed_block(board: AeroMap) -> float:
    """Millimetres per block on paper."""
    if pages_for(board) == 1:
        return one_page_unit(board)
    return _layout(board, *page_size(pages_for(board))).unit


def inner_spans(length: float, page: float) -> list[tuple[float, float]]:
    """(start, end) of each tile along one axis of a spread board (pages ``page`` long), less its overlap bands
    and PAD."""
    windows = spans(length, page)
    margin = OVERLAP + PAD
    last = len(windows) - 1
    return [(x + (margin if i else 0), x + w - (margin if i < last else 0)) for i, (x, w) in enumerate(windows)]


@dataclass(frozen=True)
class Layout:
    """Where a spread board's pieces go, in millimetres: the map (top-left, mm per block), the top and bottom
    rows of inventories, and the panel."""

    map_x: float
    map_y: float
    unit: float
    top_y: float
    bottom_y: float
    panel_x: float
    panel_y: float


def _layout(board: AeroMap, width: float, height: float) -> Layout:
    """The map fills all but the last column's panel; the inventories sit beside it in the first and last row
    of tiles; the panel, in the last column of tiles, in the topmost row with room between them (which keeps
    it whole on A3 and Tabloid's grids as well)."""
    columns, rows = inner_spans(width, PAGE_W), inner_spans(height, PAGE_H)
    panel_x = columns[-1][1] - panel_width(PANEL_COLUMNS)
    room_w, room_h = panel_x - GAP, height - INVENTORY_H - GAP - BODY_TOP
    unit = min(room_w / board.width, room_h / board.height)
    map_x = (room_w - board.width * unit) / 2
    map_y = BODY_TOP + (room_h - board.height * unit) / 2
    top_y = min(map_y - GAP - INVENTORY_H, rows[0][1] - INVENTORY_H)
    bottom_y = max(map_y + board.height * unit + GAP, rows[-1][0])
    for top, bottom in rows:
        top, bottom = max(top, top_y + INVENTORY_H + GAP), min(bottom, bottom_y - GAP)
        if bottom - top >= PANEL_H:
            panel_y = (top + bottom - PANEL_H) / 2
            break
    else:  # pragma: no cover - every spread grid has a row with room (a test covers 2 x 2 and 3 x 3)
        raise AssertionError("no tile has room for the rules panel")
    return Layout(map_x, map_y, unit, top_y, bottom_y, panel_x, panel_y)


def _spread(c: Canvas, board: AeroMap, count: int, width: float, height: float, t: Catalogue) -> None:
    layout = _layout(board, width, height)
    header(c, board, width, t)
    with c.group(layout.map_x, layout.map_y, name="map"):
        draw_map(c, board, layout.unit)
    top = (count + 1) // 2
    number = 0
    for y, n, flipped in ((layout.top_y, top, True), (layout.bottom_y, count - top, False)):
        for start, end, here in _shares(inner_spans(width, PAGE_W), n):
            w = min(INVENTORY_W, (end - start - (here - 1) * GAP) / here)
            x = (start + end - here * w - (here - 1) * GAP) / 2
            for k in range(here):
                number += 1
                inventory(c, board, number, x + k * (w + GAP), y, w, flipped, t)
    with c.group(layout.panel_x, layout.panel_y, name="panel"):
        panel(c, board, PANEL_H, t, PANEL_COLUMNS)


def _shares(columns: list[tuple[float, float]], n: int) -> list[tuple[float, float, int]]:
    """``n`` inventories spread evenly over the columns of tiles: (start, end, how many) of each column used."""
    counts = [0] * len(columns)
    for k in range(n):
        counts[int((k + 0.5) * len(columns) / n)] += 1
    return [(start, end, here) for (start, end), here in zip(columns, counts) if here]
