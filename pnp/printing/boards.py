"""Boards and sheets: one page at 100 % when they fit, else an overview and tiles.

The overview and the tiles place the same board drawing, so a backend that can
keep it once per file (PDF) does not write it again for every page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import astuple, replace

from pnp.errors import PnpError
from pnp.printing.canvas import Canvas, Draw, Drawing, Point
from pnp.printing.fonts import extent, text_width, wrap
from pnp.printing.marks import GUIDE, HAIRLINE, HALO_WIDTH, INK, MARK_GAP, MARK_LENGTH, crosshair
from pnp.printing.pages import Page, size
from pnp.printing.paper import HOME_PAPERS, PageFrame, Rect, orientations, paper_name
from pnp.printing.parts import Board, Seams, Sheet
from pnp.printing.reuse import place
from pnp.printing.tiling import (
    NO_SEAMS,
    OVERLAP,
    Tile,
    Tiling,
    covered_size,
    cuts_on,
    plan_tiles,
    registration_points,
)
from pnp.texts import Catalogue

CROSSHAIR_ARM = 3.0
CROSSHAIR_REACH = CROSSHAIR_ARM + HALO_WIDTH / 2  # from a crosshair's centre to the outer edge of its ink
SHORTEST_TICK = 1.0  # mm: a cut mark shorter than this is left out
TITLE_BAND = 7.0  # the overview's title, above its instructions
STEPS = ("print.board.assemble.cut", "print.board.assemble.lay", "print.board.assemble.join")
STEP_SIZE = 7.0  # pt: the instructions for putting the board together, under the overview's title
STEP_LEADING = 3.1  # mm from one line's baseline to the next
STEP_GAP = 0.6  # mm more between two steps
SKETCH = (26.0, 19.0)  # mm: the corner of four tiles drawn beside the instructions
SKETCH_GAP = 4.0  # mm between the sketch and the instructions
BOARD_GAP = 3.0  # mm between the instructions and the board
FILLED = 0.85  # the least share of its page's printable area a tile of a board that grows covers


def _fits(drawing: Drawing, frame: PageFrame) -> bool:
    area = frame.content
    return drawing.width <= area.w + 1e-6 and drawing.height <= area.h + 1e-6


def _one_page_frame(drawing: Drawing, paper: str) -> PageFrame | None:
    """Landscape for wide drawings that fit it, else the first orientation that fits."""
    portrait, landscape = orientations(paper)
    preferred = (landscape, portrait) if drawing.width > drawing.height else (portrait, landscape)
    return next((f for f in preferred if _fits(drawing, f)), None)


def tiled_at_home(board: Board) -> bool:
    """Whether ``board`` is printed in tiles, with an overview page, on A4 or Letter (``HOME_PAPERS``)."""
    return any(_one_page_frame(board.drawing, paper) is None for paper in HOME_PAPERS)


def sheet_pages(sheet: Sheet, paper: str) -> list[Page]:
    """A sheet centred on one page at 100 %."""
    frame = _one_page_frame(sheet.drawing, paper)
    if frame is None:
        area = orientations(paper)[0].content
        raise PnpError(
            f"sheet '{sheet.name}': {size(sheet.drawing.width, sheet.drawing.height)} is larger than the "
            f"printable area of {paper_name(paper)} ({size(area.w, area.h)})"
        )
    area = _centred_area(sheet.drawing, frame)
    draw = placed_drawing(sheet.drawing, area.x, area.y, f"sheet:{sheet.name}")
    return [Page(frame, draw, sheet.name, {sheet.name: 1}, duplex_front=sheet.duplex_front, trim=area, bleed=area)]


def board_pages(board: Board, paper: str, texts: Catalogue) -> list[Page]:
    """A board on one page at 100 % if it fits, else an overview page followed by its tiles."""
    board = _filled(board, paper)
    frame = _one_page_frame(board.drawing, paper)
    if frame is not None:
        area = _centred_area(board.drawing, frame)
        draw = placed_drawing(board.drawing, area.x, area.y, f"board:{board.name}")
        return [Page(frame, draw, board.name, {board.name: 1}, trim=area, bleed=area)]
    tiling = plan_tiles(board.drawing.width, board.drawing.height, paper, _seams(board))
    pages = [_overview(board, tiling, paper, texts)]
    points = registration_points(tiling, board.keep_clear)
    total, rows, columns = len(tiling.tiles), tiling.rows, tiling.cols
    for index, tile in enumerate(tiling.tiles):
        name = _tile_name(index, texts)
        label = texts("print.board.tile", board=board.name, tile=name, total=total, rows=rows, columns=columns)
        draw = _tile_drawer(board, tiling, index, points)
        area = Rect(*_tile_origin(tile, tiling.frame), tile.window.w, tile.window.h)
        pages.append(Page(tiling.frame, draw, label, tile=name, trim=area, bleed=area))
    return pages


def _tile_name(index: int, texts: Catalogue) -> str:
    """What the tile ``index`` (reading order) is called on paper: numbered from 1, left to right and row by row,
    in words ("tile 3"), so that no tile can be taken for a square of a board's own grid (Take Off!'s B7,
    Air King's a1), as a row letter and a column number (B7) could."""
    return texts("print.board.tile_name", number=index + 1)


def _filled(board: Board, paper: str) -> Board:
    """``board`` drawn as large as its page, or its tiles' pages, hold (when it can be: ``Board.fill``)."""
    if board.fill is None:
        return board
    frame = _one_page_frame(board.drawing, paper)
    if frame is not None:
        width, height = frame.content.w, frame.content.h
    else:
        width, height = _tiled_size(board, paper)
    return replace(board, drawing=board.fill(width, height))


def _seams(board: Board) -> Seams:
    """Where ``board``, at the size it is drawn, welcomes its tiles' seams."""
    return board.seams(board.drawing.width, board.drawing.height) if board.seams else NO_SEAMS


def _tiled_size(board: Board, paper: str) -> tuple[float, float]:
    """The size a board that grows is drawn at over its tiles: as large as their pages hold, but along an axis
    whose seams can fall on the board's welcome lines with every tile still covering ``FILLED`` of its page,
    the largest (to the millimetre) at which they do."""
    own_w, own_h = board.drawing.width, board.drawing.height
    tiling = plan_tiles(own_w, own_h, paper)
    full_w, full_h = covered_size(tiling)
    if board.seams is None:
        return full_w, full_h
    seams, area, printable = board.seams, tiling.frame.content, tiling.frame.printable
    least_w, least_h = (FILLED * printable.w * printable.h / side for side in (area.h, area.w))
    width = _largest(own_w, full_w, lambda w: _cut_on(seams(w, own_h).x, w, area.w, tiling.cols, least_w))
    height = _largest(own_h, full_h, lambda h: _cut_on(seams(own_w, h).y, h, area.h, tiling.rows, least_h))
    return width, height


def _cut_on(lines: tuple[float, ...], length: float, window: float, count: int, least: float) -> bool:
    """Whether ``count`` tiles of at most ``window`` and at least ``least`` along ``length`` can be cut on
    ``lines``."""
    cuts = cuts_on(lines, length, window, count)
    if cuts is None:
        return False
    starts, ends = [0.0, *cuts], [cut + OVERLAP for cut in cuts] + [length]
    return all(end - start >= least for start, end in zip(starts, ends))


def _largest(own: float, full: float, aligned: Callable[[float], bool]) -> float:
    """The largest size from ``full`` down to ``own``, a millimetre at a time, that is ``aligned``; else ``full``."""
    sizes = (*(full - mm for mm in range(int(full - own) + 1)), own)
    return next((size for size in sizes if aligned(size)), full)


def _centred_area(drawing: Drawing, frame: PageFrame) -> Rect:
    """Where ``drawing`` goes, centred in the content area; its trim (nothing is printed past it: no bleed)."""
    area = frame.content
    x, y = area.x + (area.w - drawing.width) / 2, area.y + (area.h - drawing.height) / 2
    return Rect(x, y, drawing.width, drawing.height)


def placed_drawing(drawing: Drawing, x: float, y: float, name: str) -> Draw:
    """``drawing`` with its top-left corner at (x, y) of the page, clipped to its size, in a group named ``name``."""

    def draw(canvas: Canvas) -> None:
        with canvas.clip(x, y, drawing.width, drawing.height), canvas.group(x, y, name=name):
            drawing.draw(canvas)

    return draw


def _tile_origin(tile: Tile, frame: PageFrame) -> tuple[float, float]:
    """Where the tile's window sits on its page (top-left, centred in the content area)."""
    area = frame.content
    return area.x + (area.w - tile.window.w) / 2, area.y + (area.h - tile.window.h) / 2


def _laid_over(tiling: Tiling, index: int) -> list[Tile]:
    """The tiles laid over the tile ``index`` (reading order) when the board is put together: each tile is cut
    along its left and top sides and laid over the tiles left of and above it, so its right and lower neighbours
    (and the one below and right of it) cover the strips along its right and bottom sides."""
    row, col = divmod(index, tiling.cols)
    return [
        other
        for k, other in enumerate(tiling.tiles)
        if k != index and k // tiling.cols >= row and k % tiling.cols >= col
    ]


def _hidden_points(tiling: Tiling, index: int, points: list[Point]) -> list[Point]:
    """The registration points whose crosshair, drawn whole on the tile ``index``, a tile laid over it hides whole.

    The tile laid over a point shows the board there once it is put together, so it prints no crosshair: each
    prints on the tile underneath only, in the strip its neighbour covers, and none is left on the play area."""
    window, covers = tiling.tiles[index].window, [other.window for other in _laid_over(tiling, index)]
    hidden = []
    for px, py in points:
        reach = Rect(px - CROSSHAIR_REACH, py - CROSSHAIR_REACH, 2 * CROSSHAIR_REACH, 2 * CROSSHAIR_REACH)
        if window.contains(reach) and any(cover.contains(reach) for cover in covers):
            hidden.append((px, py))
    return hidden


def _cut_marks(canvas: Canvas, window: Rect, sides: tuple[bool, bool], room: Rect) -> None:
    """Crop marks in line with the sides ``window`` is cut along (left, top), beyond their ends, inside ``room``.

    A board drawn as large as its page leaves no room round its tile: its frame alone shows where to cut."""

    def tick(x1: float, y1: float, x2: float, y2: float) -> None:
        if abs(x2 - x1) + abs(y2 - y1) >= SHORTEST_TICK:
            canvas.line(x1, y1, x2, y2, stroke=INK, width=HAIRLINE)

    left, top = sides
    if left:
        x = window.x
        tick(x, max(room.y, window.y - MARK_GAP - MARK_LENGTH), x, window.y - MARK_GAP)
        tick(x, window.bottom + MARK_GAP, x, min(room.bottom, window.bottom + MARK_GAP + MARK_LENGTH))
    if top:
        y = window.y
        tick(max(room.x, window.x - MARK_GAP - MARK_LENGTH), y, window.x - MARK_GAP, y)
        tick(window.right + MARK_GAP, y, min(room.right, window.right + MARK_GAP + MARK_LENGTH), y)


def _tile_drawer(board: Board, tiling: Tiling, index: int, points: list[Point]) -> Draw:
    tile, frame = tiling.tiles[index], tiling.frame
    window = tile.window
    x, y = _tile_origin(tile, frame)
    dx, dy = x - window.x, y - window.y
    hidden = _hidden_points(tiling, index, points)
    row, col = divmod(index, tiling.cols)
    sides = (col > 0, row > 0)  # cut along its left side when a tile lies left of it, along its top likewise

    def draw(canvas: Canvas) -> None:
        with canvas.clip(x, y, window.w, window.h), canvas.group(dx, dy, name=f"tile:{board.name}:{index + 1}"):
            place(canvas, board.drawing)
        for px, py in hidden:
            crosshair(canvas, px + dx, py + dy, CROSSHAIR_ARM)
        inset = HAIRLINE / 2  # the frame's line stays inside the window, clear of the margin
        canvas.rect(x + inset, y + inset, window.w - HAIRLINE, window.h - HAIRLINE, stroke=GUIDE, width=HAIRLINE)
        _cut_marks(canvas, Rect(x, y, window.w, window.h), sides, frame.content)

    return draw


def _steps(texts: Catalogue, width: float) -> list[list[str]]:
    """The steps of putting a tiled board together, each broken into lines of at most ``width`` mm."""
    return [wrap(texts(key), STEP_SIZE, width) for key in STEPS]


def _lines_height(steps: list[list[str]]) -> float:
    """From the top of the first line of ``steps`` to the foot of the last."""
    lines = sum(len(step) for step in steps)
    ascent, descent = extent(STEP_SIZE)
    return ascent + (lines - 1) * STEP_LEADING + (len(steps) - 1) * STEP_GAP + descent


def _draw_steps(canvas: Canvas, steps: list[list[str]], x: float, y: float) -> None:
    """``steps`` in lines from (x, y), their top left corner."""
    baseline = y + extent(STEP_SIZE)[0]
    for step in steps:
        for line in step:
            canvas.text(x, baseline, line, size=STEP_SIZE)
            baseline += STEP_LEADING
        baseline += STEP_GAP


def _corner_sketch(canvas: Canvas, x: float, y: float, tiling: Tiling) -> None:
    """The board's top left corner, up to two tiles by two pulled apart, in the ``SKETCH`` box from (x, y): the
    sides each tile is cut along drawn bold, the strips that go under its neighbours grey with their crosshairs,
    arrows the way it is laid over the tiles left of and above it, and its number."""
    w, h, gap, strip = 11.0, 7.5, 3.5, 1.8
    rows, cols = min(tiling.rows, 2), min(tiling.cols, 2)
    x += (SKETCH[0] - cols * w - (cols - 1) * gap) / 2
    y += (SKETCH[1] - rows * h - (rows - 1) * gap) / 2
    for row in range(rows):
        for col in range(cols):
            left, top = x + col * (w + gap), y + row * (h + gap)
            canvas.rect(left, top, w, h, fill="#ffffff", stroke=GUIDE, width=0.2)
            right_strip, bottom_strip = col + 1 < tiling.cols, row + 1 < tiling.rows  # a tile is laid over them
            strips = [(left + w - strip, top, strip, h)] if right_strip else []
            strips += [(left, top + h - strip, w, strip)] if bottom_strip else []
            for sx, sy, sw, sh in strips:
                canvas.rect(sx, sy, sw, sh, fill="#d0d0d0")
                for k in (1, 2):  # two crosshairs, as on a tile
                    cx, cy = (sx + sw / 2, sy + sh * k / 3) if sw < sh else (sx + sw * k / 3, sy + sh / 2)
                    canvas.line(cx - 0.7, cy, cx + 0.7, cy, stroke=INK, width=0.1)
                    canvas.line(cx, cy - 0.7, cx, cy + 0.7, stroke=INK, width=0.1)
                    canvas.circle(cx, cy, 0.45, stroke=INK, width=0.1)
            number = f"{row * tiling.cols + col + 1}"  # the tile's number, as on the overview and its page
            middle_x = left + (w - (strip if right_strip else 0)) / 2
            middle_y = top + (h - (strip if bottom_strip else 0)) / 2
            canvas.text(middle_x, middle_y + 0.8, number, size=6, anchor="middle", fill=GUIDE)
            if col:  # cut along its left side, laid leftwards over its neighbour's strip
                canvas.line(left, top - 0.8, left, top + h + 0.8, stroke=INK, width=0.4)
                _arrow(canvas, (left - 0.4, middle_y), (left - gap + 0.6, middle_y))
            if row:  # cut along its top, laid upwards over its neighbour's strip
                canvas.line(left - 0.8, top, left + w + 0.8, top, stroke=INK, width=0.4)
                _arrow(canvas, (middle_x, top - 0.4), (middle_x, top - gap + 0.6))


def _arrow(canvas: Canvas, start: Point, end: Point) -> None:
    """A thin arrow from ``start`` to ``end``, its head at ``end``."""
    (x1, y1), (x2, y2) = start, end
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head, half = 1.0, 0.55
    base = (x2 - ux * head, y2 - uy * head)
    canvas.line(x1, y1, *base, stroke=INK, width=0.25)
    canvas.polygon(
        [(x2, y2), (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)],
        fill=INK,
        stroke=None,
    )


def _overview(board: Board, tiling: Tiling, paper: str, texts: Catalogue) -> Page:
    """The whole board scaled to fit one page, with the tile grid and names drawn over it, and under its title
    how to put the tiles together: a few lines in the catalogue's words and a sketch of a corner of four tiles."""
    drawing = board.drawing

    def steps_on(frame: PageFrame) -> list[list[str]]:
        return _steps(texts, frame.content.w - SKETCH[0] - SKETCH_GAP)

    def band_on(frame: PageFrame) -> float:
        return TITLE_BAND + max(SKETCH[1], _lines_height(steps_on(frame))) + BOARD_GAP

    def scale_on(frame: PageFrame) -> float:
        area = frame.content
        return min(area.w / drawing.width, (area.h - band_on(frame)) / drawing.height)

    frame = max(orientations(paper), key=scale_on)
    scale, band, steps = scale_on(frame), band_on(frame), steps_on(frame)
    area = frame.content
    x = area.x + (area.w - drawing.width * scale) / 2
    y = area.y + band + (area.h - band - drawing.height * scale) / 2
    text_w = max(text_width(line, STEP_SIZE) for step in steps for line in step)
    steps_x = area.x + (area.w - SKETCH[0] - SKETCH_GAP - text_w) / 2  # the sketch and the lines, centred
    top, lines_h = area.y + TITLE_BAND - 1, _lines_height(steps)  # the sketch and the lines, centred on each other
    sketch_y, lines_y = top + max(0, lines_h - SKETCH[1]) / 2, top + max(0, SKETCH[1] - lines_h) / 2
    title = texts(
        "print.board.overview",
        board=board.name,
        scale=f"{scale * 100:.0f}",
        total=len(tiling.tiles),
        rows=tiling.rows,
        columns=tiling.cols,
        overlap=f"{OVERLAP:g}",
    )

    def draw(canvas: Canvas) -> None:
        canvas.text(area.x + area.w / 2, area.y + 4, title, size=8, anchor="middle", bold=True)
        _corner_sketch(canvas, steps_x, sketch_y, tiling)
        _draw_steps(canvas, steps, steps_x + SKETCH[0] + SKETCH_GAP, lines_y)
        with (
            canvas.clip(x, y, drawing.width * scale, drawing.height * scale),
            canvas.group(x, y, scale=scale, name=f"overview:{board.name}"),
        ):
            place(canvas, drawing)
        for index, tile in enumerate(tiling.tiles):
            wx, wy, ww, wh = astuple(tile.window)
            rect = (x + wx * scale, y + wy * scale, ww * scale, wh * scale)
            canvas.rect(*rect, stroke="#000000", width=0.3, dash=(2.0, 1.0))
            cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
            name = _tile_name(index, texts)
            half = text_width(name, 9, bold=True) / 2 + 1.5
            canvas.rect(cx - half, cy - 3.5, 2 * half, 6, fill="#ffffff", stroke="#000000", width=0.2, radius=1)
            canvas.text(cx, cy + 1.2, name, size=9, anchor="middle", bold=True)

    return Page(frame, draw, texts("print.board.overview_label", board=board.name), {board.name: 1})
