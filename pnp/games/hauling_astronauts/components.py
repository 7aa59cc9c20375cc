"""Hauling Astronauts' one-page kit and its state picture, drawn against the toolkit's Canvas."""

from __future__ import annotations

from pnp.games.hauling_astronauts import pieces
from pnp.games.hauling_astronauts.layout import TITLE, WIDTH, Layout
from pnp.games.hauling_astronauts.model import HaulingData, Transport, load_data
from pnp.games.hauling_astronauts.notation import GOLD, MOVED, RED, SIZE, SPACE_NAMES, STRIP_NAMES
from pnp.games.hauling_astronauts.pieces import INK, fitted
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.color import tint
from pnp.printing.marks import GUIDE, HAIRLINE
from pnp.printing.paper import Rect
from pnp.printing.parts import Kit, KitDocument, Sheet

BOARD = "#eef1f5"
SPACE = "#ffffff"
DOCK = "#dde6ef"
SUMMARY = (
    "Your turn:",
    "1. You may roll 3 dice from Available",
    "    into Booked (3+ dice Available).",
    "2. Do one: place a Booked die on an",
    "    empty space; move a die one space",
    "    (once: turn it 45°); or swap two",
    "    of your transports.",
    "3. Once all 9 spaces have been full,",
    "    you may depart one full strip of yours",
    "    to a free dock that pays, if any does.",
    "Profit if the load fits the transport;",
    "bonus if it fits the dock's range.",
)


def kit(request: KitRequest) -> Kit:
    """The whole game on one page: pieces to cut out above, the board below."""
    loaded = load_data()
    data = loaded.value
    layout = Layout.of(data)
    page = Drawing(WIDTH, layout.page_height, lambda c: _page(c, data, layout))
    return Kit(
        game="hauling-astronauts",
        title="Hauling Astronauts",
        documents=(KitDocument("game", (Sheet("board and pieces", page),)),),
        footer=f"data {loaded.source.digest[:8]}",
        notes=("Cut out the 12 transports and 2 markers along the grey lines; the board stays whole.",),
    )


def picture(state: HaulingState, viewer: str | None) -> Drawing:
    """The board with the dice, transports and score markers where they are (hidden transports face down)."""
    layout = Layout.of(state.data)

    def draw(c: Canvas) -> None:
        board(c, state.data, layout)
        _pieces(c, state, layout)

    return Drawing(WIDTH, layout.board_height, draw)


# -- the page ---------------------------------------------------------------
def _page(c: Canvas, data: HaulingData, layout: Layout) -> None:
    c.text(0, TITLE - 3.5, "HAULING ASTRONAUTS", size=14, bold=True, fill=INK)
    c.text(WIDTH, TITLE - 3.5, "2 players · 9 dice · cut out the pieces below", size=7, anchor="end", fill=INK)
    _cut_band(c, data, layout)
    with c.group(0, layout.board_top, name="board"):
        board(c, data, layout)


def _cut_band(c: Canvas, data: HaulingData, layout: Layout) -> None:
    with c.group(name="cut-out"):
        for player, fleet in enumerate(data.fleets):
            for index, transport in enumerate(fleet.transports):
                box = layout.cut_piece(player, index)
                pieces.transport(c, box, transport, fleet.colour, player)
                _cut_line(c, box)
        for which in (0, 1):
            box = layout.marker(which)
            pieces.marker(c, box, gold=which == 0)
            _cut_line(c, box)
        box = layout.summary
        for i, line in enumerate(SUMMARY):
            c.text(box.x, box.y + 3 + i * 3.6, line, size=6.5 if i else 7, bold=i == 0, fill=INK)


def _cut_line(c: Canvas, box: Rect) -> None:
    c.rect(box.x, box.y, box.w, box.h, stroke=GUIDE, width=HAIRLINE)


# -- the board (kit and picture alike) ---------------------------------------
def board(c: Canvas, data: HaulingData, layout: Layout) -> None:
    """The board: dice areas, legend, grid, loading docks, destination docks and scoring tracks."""
    c.rect(0, 0, WIDTH, layout.board_height, fill=BOARD, stroke=None, radius=2)
    _dice_areas(c, layout)
    _legend(c, data, layout)
    _grid(c, layout)
    for player, fleet in enumerate(data.fleets):
        for strip in range(SIZE):
            _loading_dock(c, layout.loading_dock(player, strip), fleet.colour, player, strip)
    for index, dock in enumerate(data.docks):
        _destination(c, layout.destination(index), index, dock.label, dock.bonus)
    for player, fleet in enumerate(data.fleets):
        _track(c, layout, player, fleet.company, fleet.colour)


def _dice_areas(c: Canvas, layout: Layout) -> None:
    titles = (
        ("AVAILABLE TO ROLL", "roll 3 of these when 3 or more lie here"),
        ("BOOKED", "rolled dice wait here for either player"),
    )
    for which, (title, hint) in enumerate(titles):
        box = layout.dice_area(which)
        with c.group(name="available" if which == 0 else "booked"):
            c.rect(box.x, box.y, box.w, box.h, fill=SPACE, stroke=INK, width=0.4, radius=1.5)
            c.text(box.x + 2.5, box.y + 4.5, title, size=8, bold=True, fill=INK)
            c.text(box.right - 2.5, box.y + 4.5, hint, size=5.5, anchor="end", fill=INK)


def _legend(c: Canvas, data: HaulingData, layout: Layout) -> None:
    box = layout.corner
    with c.group(name="legend"):
        c.text(box.x + 1, box.y + 4, "CONFIRMED", size=7.5, bold=True, fill=INK)
        lines = [(f"P1 {data.fleets[0].company}", "rows 1 2 3"), (f"P2 {data.fleets[1].company}", "columns a b c")]
        for i, (who, strips) in enumerate(lines):
            colour = data.fleets[i].colour
            y = box.y + 9 + i * 8
            c.rect(box.x + 1, y - 2.6, 2.6, 2.6, fill=colour, stroke=None)
            fitted(c, box.x + 4.5, y, who, box.w - 5, 5.2, bold=True, fill=INK)
            c.text(box.x + 4.5, y + 3, strips, size=5.2, fill=INK)
        c.text(box.x + 1, box.bottom - 5.5, "Depart a full strip", size=5, fill=INK)
        c.text(box.x + 1, box.bottom - 2.5, "once all 9 were full.", size=5, fill=INK)


def _grid(c: Canvas, layout: Layout) -> None:
    with c.group(name="grid"):
        for index, name in enumerate(SPACE_NAMES):
            cell = layout.grid_space(index)
            c.rect(cell.x, cell.y, cell.w, cell.h, fill=SPACE, stroke=INK, width=0.3)
            c.text(cell.x + 1.2, cell.y + 3, name, size=5, fill="#8a8f99")
        g = layout.grid
        c.rect(g.x, g.y, g.w, g.h, stroke=INK, width=0.9)


def _loading_dock(c: Canvas, box: Rect, colour: str, player: int, strip: int) -> None:
    name = STRIP_NAMES[player][strip]
    with c.group(name=f"loading:{name}"):
        c.rect(box.x, box.y, box.w, box.h, fill=tint(colour, 0.9), stroke=colour, width=0.5, dash=(1.5, 1))
        if player == 0:  # an arrow into the row, the strip's name in it
            x, y = box.right - 6, box.y + box.h / 2
            c.polygon([(x, y - 3.5), (x + 5, y), (x, y + 3.5)], fill=colour, stroke=None)
            c.text(box.x + box.w / 2 - 3, y + 1.8, f"P1 dock {name}", size=5.5, anchor="middle", fill=INK)
        else:  # an arrow down the column
            x, y = box.x + box.w / 2, box.bottom - 6
            c.polygon([(x - 3.5, y), (x + 3.5, y), (x, y + 5)], fill=colour, stroke=None)
            c.text(x + 1, box.y + box.h / 2 - 3, f"P2 dock {name}", size=5.5, anchor="middle", fill=INK, rotate=-90)
        label_x, label_y = (x + 1.5, y + 1.3) if player == 0 else (x, y + 2.6)
        c.text(label_x, label_y, name, size=5, bold=True, anchor="middle", fill="#ffffff")


def _destination(c: Canvas, box: Rect, index: int, label: str, bonus: int) -> None:
    with c.group(name=f"destination:d{index + 1}"):
        c.rect(box.x, box.y, box.w, box.h, fill=DOCK, stroke=INK, width=0.5, radius=1.5)
        c.text(box.x + 2, box.y + 4.5, f"d{index + 1}", size=8, bold=True, fill=INK)
        c.text(box.right - 2, box.y + 4.5, f"+{bonus}", size=9, bold=True, anchor="end", fill=INK)
        fitted(c, box.x + box.w / 2, box.y + 9.5, label, box.w - 3, 7.5, anchor="middle", fill=INK)
        slot = _destination_slot(box)
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke="#8a8f99", width=0.3, dash=(1.2, 1))


def _destination_slot(box: Rect) -> Rect:
    """Where a departed transport lies in a destination dock."""
    top = box.y + 11.5
    h = box.bottom - 1.5 - top
    w = min(box.w - 3, h * 0.66)
    return Rect(box.x + (box.w - w) / 2, top, w, h)


def _track(c: Canvas, layout: Layout, player: int, company: str, colour: str) -> None:
    box = layout.track(player)
    with c.group(name=f"track:P{player + 1}"):
        c.text(box.x + 1, box.y + 3.3, f"P{player + 1} {company}: score", size=6, bold=True, fill=INK)
        for score in range(layout.track_max + 1):
            cell = layout.track_cell(player, score)
            shade = tint(colour, 0.55 if score % 5 == 0 else 0.85)
            c.rect(cell.x, cell.y, cell.w, cell.h, fill=shade, stroke=INK, width=0.25)
            c.text(
                cell.x + cell.w / 2, cell.y + 4.2, str(score), size=6, bold=score % 5 == 0, anchor="middle", fill=INK
            )


# -- the state's pieces on the board ------------------------------------------
def _pieces(c: Canvas, state: HaulingState, layout: Layout) -> None:
    side = layout.space * 0.68
    for index, code in enumerate(state.grid):
        if code:
            cell = layout.grid_space(index)
            pieces.die(c, cell.x + cell.w / 2, cell.y + cell.h / 2, code & ~MOVED, side, moved=bool(code & MOVED))
    _dice_row(c, layout.dice_area(1), [(code, True) for code in state.booked], side)
    free = [GOLD] * bool(state.specials_free & GOLD) + [RED] * bool(state.specials_free & RED)
    plain = [0] * (state.available - len(free))
    _dice_row(c, layout.dice_area(0), [(code, False) for code in free + plain], side)
    for player, fleet in enumerate(state.data.fleets):
        for strip in range(SIZE):
            if state.docked[player][strip] >= 0:
                _transport(c, state, layout.loading_dock(player, strip), player, state.docked_transport(player, strip))
    for dock, index in enumerate(state.dest):
        if index >= 0:
            departure = state.departures[index]
            box = layout.destination(dock)
            _transport(c, state, _destination_slot(box), departure.player, state.transport(departure))
            c.text(
                box.x + box.w / 2, box.y + 4.5, f"load {departure.load}", size=7, bold=True, anchor="middle", fill=INK
            )
    for score in state.score().players:
        player = state.players.index(score.name)
        cell = layout.track_cell(player, min(max(score.score, 0), layout.track_max))
        with c.group(name=f"score:P{player + 1}"):
            c.rect(cell.x + 0.5, cell.y + 0.5, cell.w - 1, cell.h - 1, stroke=state.data.fleets[player].colour, width=1)
            c.circle(
                cell.x + cell.w / 2, cell.y - 0.2, 1.2, fill=state.data.fleets[player].colour, stroke=INK, width=0.2
            )


def _transport(c: Canvas, state: HaulingState, box: Rect, player: int, transport: Transport | None) -> None:
    colour = state.data.fleets[player].colour
    if transport is None:
        pieces.face_down(c, box, colour, player)
    else:
        pieces.transport(c, box, transport, colour, player)


def _dice_row(c: Canvas, box: Rect, dice: list[tuple[int, bool]], side: float) -> None:
    step = min(side + 1.5, (box.w - 4) / max(len(dice), 1))
    y = box.y + 6 + (box.h - 6) / 2
    for i, (code, shown) in enumerate(dice):
        x = box.x + 2 + step * i + step / 2
        if shown:
            pieces.die(c, x, y, code, min(side, step - 1))
        else:
            pieces.blank_die(c, x, y, code, min(side, step - 1))
