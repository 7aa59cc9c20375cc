"""Hauling Astronauts' one-page kit and its state picture, drawn against the toolkit's Canvas."""

from __future__ import annotations

from contextlib import nullcontext
from functools import lru_cache, partial
from typing import Any

from pnp.games.described import chained, series
from pnp.games.hauling_astronauts import pieces
from pnp.games.hauling_astronauts.labels import said_die
from pnp.games.hauling_astronauts.layout import GAP, TITLE, WIDTH, Layout
from pnp.games.hauling_astronauts.model import Dock, HaulingData, Transport, load_data
from pnp.games.hauling_astronauts.notation import (
    GOLD,
    MOVED,
    RED,
    SIZE,
    SPACE_NAMES,
    SPACES,
    STRIP_NAMES,
    STRIPS,
    Depart,
    MoveDie,
    Place,
    Swap,
)
from pnp.games.hauling_astronauts.pieces import INK, PRINT_PT, SCREEN_PT, fitted
from pnp.games.hauling_astronauts.scoring import Departure, points
from pnp.games.hauling_astronauts.state import ACTION, DEPART, REVEAL, SETUP, SLOTS, VOID, HaulingState
from pnp.games.hauling_astronauts.text import doing
from pnp.games.spec import KitRequest
from pnp.printing import art, fit, fonts
from pnp.printing.canvas import Canvas, Drawing, label_of, pieces_of
from pnp.printing.color import tint
from pnp.printing.marks import GUIDE, HAIRLINE
from pnp.printing.paper import Rect
from pnp.printing.parts import Die, Face, Kit, KitDocument, Piece, Sheet
from pnp.texts import Catalogue, catalogue

BOARD = "#eef1f5"
DIE_SCALE = 0.68  # a die's side, against a grid space's
SPACE = "#ffffff"
DOCK = "#dde6ef"
PART = "board"  # how an Overflow names the page's texts
SUMMARY = tuple(f"summary.{n}" for n in range(1, 13))  # the turn summary's lines, the first in bold


def kit(request: KitRequest) -> Kit:
    """The whole game on one page (pieces to cut out above, the board below; a custom map's, if given), the
    rules sheet and a player aid per player."""
    art.chosen(request.art, {}, "Hauling Astronauts")  # no art boxes: a picture named for one is refused
    from pnp.games.hauling_astronauts import rules_sheet  # it draws this module's page

    loaded = load_data(request.map_path, request.variant_path)
    t = catalogue("hauling-astronauts", request.language, request.texts)
    return Kit(
        game="hauling-astronauts",
        title=t("title"),
        documents=(
            KitDocument("game", (_game_sheet(loaded.value, t),)),
            KitDocument("rules", rules_sheet.rules(loaded.value, page_drawing(loaded.value, t), t)),
            KitDocument("player-aids", rules_sheet.aids(t)),
        ),
        footer=t("kit.footer.map" if request.map_path else "kit.footer.data", digest=loaded.source.digest[:8]),
        texts=t,
        notes=(
            "Cut out the 12 transports, 2 bonus markers and 2 score markers along the grey lines; the board stays whole.",
        ),
        faces=fonts.chosen(request.fonts),
    )


def _game_sheet(data: HaulingData, t: Catalogue) -> Sheet:
    """The page, which stands on a virtual table for the board, the pieces cut from it and the nine dice."""
    layout = Layout.of(data)
    board_drawing = Drawing(WIDTH, layout.board_height, lambda c: board(c, data, layout, t))
    cut = _table_pieces(data, layout, t)
    return Sheet(t("page.name"), page_drawing(data, t), pieces=cut, board=board_drawing, board_title=t("part.board"))


def _table_pieces(data: HaulingData, layout: Layout, t: Catalogue) -> tuple[Piece | Die, ...]:
    """Each transport (its back as the table sees it hidden), the bonus-die and score markers, and the dice."""
    length, width = layout.length, layout.space
    found: list[Piece | Die] = []
    for player, fleet in enumerate(data.fleets):
        for transport in fleet.transports:
            box = Rect(0, 0, length, width)
            front = partial(pieces.transport, box=box, piece=transport, colour=fleet.colour, player=player, t=t)
            back = partial(pieces.face_down, box=box, colour=fleet.colour, player=player, t=t)
            name = f"P{player + 1} {transport.id} {transport.name}"
            title = t("part.transport", player=t("board.player", number=player + 1))  # by its back: it may lie so
            found.append(Piece(name, length, width, Face(front), Face(back), title))
    for gold, box in ((True, layout.marker(0)), (False, layout.marker(1))):
        marker = partial(pieces.marker, box=Rect(0, 0, box.w, box.h), gold=gold, t=t)
        title = t("part.marker.gold" if gold else "part.marker.red")
        found.append(Piece(f"{'gold' if gold else 'red'} marker", box.w, box.h, Face(marker), title=title))
    for player, fleet in enumerate(data.fleets):
        box = layout.score_marker(player)
        marker = partial(pieces.score_marker, box=Rect(0, 0, box.w, box.h), colour=fleet.colour, player=player, t=t)
        title = t("part.score", player=t("board.player", number=player + 1))
        found.append(Piece(f"P{player + 1} score marker", box.w, box.h, Face(marker), title=title))
    side = layout.space * DIE_SCALE
    faces = tuple(Face(partial(pieces.die, cx=side / 2, cy=side / 2, code=n, side=side)) for n in range(1, 7))
    found += [Die("die", side, faces, t("part.die")) for _ in SPACES]
    return tuple(found)


HEADER = 9.0  # the status line above the board in the state picture
KEY_ROW = 9.0  # one row of the symbol key below it
KEY_COLUMNS = 3


def page_drawing(data: HaulingData, texts: Catalogue | None = None) -> Drawing:
    """The printed page: pieces to cut out above, the board below, worded from ``texts`` (default: English)."""
    layout = Layout.of(data)
    t = texts or catalogue("hauling-astronauts")
    return Drawing(WIDTH, layout.page_height, lambda c: _page(c, data, layout, t))


@lru_cache(maxsize=4)
def _layout(data: HaulingData) -> Layout:
    """``data``'s layout, worked out once per map for its pictures (its track's length tries every pairing)."""
    return Layout.of(data)


def picture(state: HaulingState, viewer: str | None) -> Drawing:
    """The board with the dice, transports and score markers where they are, for a screen.

    Hidden transports lie face down, each marked by the strip it was sealed for (swaps are public); a status line
    names who is to move, and a key under the board explains the symbols in play.
    """
    layout, t = _layout(state.data), state.words
    symbols = _symbols(state)
    rows = -(-len(symbols) // KEY_COLUMNS)
    height = HEADER + layout.board_height + GAP + rows * KEY_ROW

    def draw(c: Canvas) -> None:
        c.rect(0, 0, WIDTH, height, fill=BOARD, stroke=None, radius=2)
        _status(c, state)
        with c.group(0, HEADER, name="board"):
            board(c, state.data, layout, t, state)
            _pieces(c, state, layout, t)
        with c.group(0, HEADER + layout.board_height + GAP, name="legend"):
            _key(c, symbols, state.data.fleets[0].colour)

    focus = (0, HEADER, WIDTH, layout.board_height)  # the board (with the seat's docked transports: see _pieces)
    places = tuple((r.x, r.y + HEADER, r.w, r.h) for r in _places(state, layout))
    return Drawing(WIDTH, height, draw, focus=focus, places=places)


def _places(state: HaulingState, layout: Layout) -> tuple[Rect, ...]:
    """Where the play is, in the order of the moves: at set-up, the docks of the player choosing transports; then each
    space a die may be placed on, each die's space with where it may move, the docks of a swap (the whole grid for a
    roll); a strip that may depart with its dock and each destination dock it may go to; the destination revealed."""
    p, space = state.seat, layout.grid_space
    if state.phase == SETUP:
        return tuple(layout.loading_dock(p, k) for k in range(SIZE))
    if state.phase == REVEAL:
        return (layout.destination(state.departures[state.pending].dock),)
    found: list[Rect] = []
    for move in state.legal_moves() if state.phase in (ACTION, DEPART) else ():
        if isinstance(move, Place):
            found.append(space(move.space))
        elif isinstance(move, MoveDie):
            found.append(_round(space(move.source), space(move.target)))
        elif isinstance(move, Swap):
            found += [layout.loading_dock(p, STRIP_NAMES[p].index(name)) for name in (move.first, move.second)]
        elif isinstance(move, Depart):
            k = STRIP_NAMES[p].index(move.strip)
            found += [_round(layout.loading_dock(p, k), *map(space, STRIPS[p][k])), layout.destination(move.dock)]
    return tuple(dict.fromkeys(found)) or tuple(map(space, SPACES))


def _round(*boxes: Rect) -> Rect:
    """The box round ``boxes``."""
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(x, y, max(b.right for b in boxes) - x, max(b.bottom for b in boxes) - y)


# -- the page ---------------------------------------------------------------
def _page(c: Canvas, data: HaulingData, layout: Layout, t: Catalogue) -> None:
    half = WIDTH / 2 - 2  # the title on the left half, the subtitle on the right
    fit.line(c, 0, TITLE - 3.5, t("page.title"), half, size=14, part=PART, field="page.title", bold=True, fill=INK)
    subtitle = t("page.subtitle")
    fit.line(c, WIDTH, TITLE - 3.5, subtitle, half, size=7, part=PART, field="page.subtitle", anchor="end", fill=INK)
    _cut_band(c, data, layout, t)
    with c.group(0, layout.board_top, name="board"):
        board(c, data, layout, t)


def _cut_band(c: Canvas, data: HaulingData, layout: Layout, t: Catalogue) -> None:
    with c.group(name="cut-out"):
        for player, fleet in enumerate(data.fleets):
            for index, transport in enumerate(fleet.transports):
                box = layout.cut_piece(player, index)
                pieces.transport(c, box, transport, fleet.colour, player, t)
                _cut_line(c, box)
        for which in (0, 1):
            box = layout.marker(which)
            pieces.marker(c, box, which == 0, t)
            _cut_line(c, box)
        for player, fleet in enumerate(data.fleets):
            box = layout.score_marker(player)
            pieces.score_marker(c, box, fleet.colour, player, t)
            _cut_line(c, box)
        box = layout.summary
        for i, key in enumerate(SUMMARY):
            y, size = box.y + 3 + i * 3.6, 6.5 if i else 7
            fit.line(c, box.x, y, t(key), box.w - 1, size=size, part=PART, field=key, bold=i == 0, fill=INK)


def _cut_line(c: Canvas, box: Rect) -> None:
    c.rect(box.x, box.y, box.w, box.h, stroke=GUIDE, width=HAIRLINE)


# -- the board (kit and picture alike) ---------------------------------------
def board(c: Canvas, data: HaulingData, layout: Layout, t: Catalogue, state: HaulingState | None = None) -> None:
    """The board: dice areas, legend, grid, loading docks, destination docks and scoring tracks.

    With a ``state`` (the picture), it is drawn for a screen: the players' names, no label under a docked
    transport, and each player's score marked on their track.
    """
    screen = state is not None
    c.rect(0, 0, WIDTH, layout.board_height, fill=BOARD, stroke=None, radius=2)
    _dice_areas(c, layout, t)
    _legend(c, data, layout, t, state.players if state else None)
    _grid(c, layout, screen)
    for player, fleet in enumerate(data.fleets):
        for strip in range(SIZE):
            slot = state.docked[player][strip] if state else -1
            labelled = state is None or slot < 0 or not state.placed(player, slot)
            _loading_dock(c, layout.loading_dock(player, strip), fleet.colour, player, strip, t, labelled, screen)
    for index, dock in enumerate(data.docks):
        label = pieces.printed_range(dock.low, dock.high, t)
        _destination(c, layout.destination(index), index, label, dock.bonus, screen)
    scores = [row.score for row in state.score().players] if state else [None, None]
    for player, fleet in enumerate(data.fleets):
        mark = t("board.player", number=player + 1)
        who = f"{mark} {state.players[player]} ({fleet.company})" if state else f"{mark} {fleet.company}"
        _track(c, layout, player, who, fleet.colour, t, scores[player])


def _dice_areas(c: Canvas, layout: Layout, t: Catalogue) -> None:
    for which, key in enumerate(("board.available", "board.booked")):
        box = layout.dice_area(which)
        title, hint = box.w * 0.4 - 3, box.w * 0.6 - 3  # the title's room on the left, the hint's on the right
        with c.group(name="available" if which == 0 else "booked"):
            c.rect(box.x, box.y, box.w, box.h, fill=SPACE, stroke=INK, width=0.4, radius=1.5)
            fit.line(c, box.x + 2.5, box.y + 4.5, t(key), title, size=8, part=PART, field=key, bold=True, fill=INK)
            x, y, key = box.right - 2.5, box.y + 4.5, f"{key}.hint"
            fit.line(c, x, y, t(key), hint, size=PRINT_PT, part=PART, field=key, anchor="end", fill=INK)


def _legend(c: Canvas, data: HaulingData, layout: Layout, t: Catalogue, players: tuple[str, ...] | None) -> None:
    """The corner key: whose strips are the rows and whose the columns (by name on a screen)."""
    box = layout.corner
    size = SCREEN_PT if players else PRINT_PT
    with c.group(name="legend"):
        screen = bool(players)

        def words(x: float, y: float, key: str, room: float, size: float, bold: bool = False) -> None:
            fitted(c, x, y, t(key), room, size, part=PART, field=key, screen=screen, bold=bold, fill=INK)

        words(box.x + 1, box.y + 4, "board.confirmed", box.w - 2, 7.5, bold=True)
        for i, (fleet, key) in enumerate(zip(data.fleets, ("board.rows", "board.columns"))):
            mark = t("board.player", number=i + 1)
            who = f"{mark} {players[i]}" if players else f"{mark} {fleet.company}"
            y = box.y + 9 + i * 8
            c.rect(box.x + 1, y - 2.6, 2.6, 2.6, fill=fleet.colour, stroke=None)
            field = f"P{i + 1} company"
            x = box.x + 4.5
            written = "" if players else fleet.company  # what the map writes, to find it there
            style: dict[str, Any] = {"bold": True, "fill": INK}
            fitted(c, x, y, who, box.w - 5, size, part=PART, field=field, screen=screen, written=written, **style)
            words(x, y + 3, key, box.w - 5, size)
        words(box.x + 1, box.bottom - 5.5, "board.depart1", box.w - 2, size)
        words(box.x + 1, box.bottom - 2.5, "board.depart2", box.w - 2, size)


def _grid(c: Canvas, layout: Layout, screen: bool) -> None:
    with c.group(name="grid"):
        for index, name in enumerate(SPACE_NAMES):
            cell = layout.grid_space(index)
            c.rect(cell.x, cell.y, cell.w, cell.h, fill=SPACE, stroke=INK, width=0.3)
            ink = "#6b7280" if screen else "#8a8f99"
            with c.group(name="grid references") if screen else nullcontext():  # a space's name, such as a1
                c.text(cell.x + 1.2, cell.y + 3.2, name, size=PRINT_PT, fill=ink)
        g = layout.grid
        c.rect(g.x, g.y, g.w, g.h, stroke=INK, width=0.9)


ARROW = 7.0  # the grid end of a loading dock: the arrow with the strip's name, left uncovered on a screen


def _loading_dock(
    c: Canvas,
    box: Rect,
    colour: str,
    player: int,
    strip: int,
    t: Catalogue,
    labelled: bool = True,
    screen: bool = False,
) -> None:
    """A loading dock: an arrow into its strip with the strip's name, and (while empty) its label."""
    name = STRIP_NAMES[player][strip]

    def label(x: float, y: float, key: str, room: float, rotate: float = 0.0) -> None:
        words = t(key, strip=name)
        style: dict[str, Any] = {"anchor": "middle", "fill": INK, "rotate": rotate}
        fitted(c, x, y, words, room, PRINT_PT, part=PART, field=key, screen=screen, **style)

    with c.group(name=f"loading:{name}"):
        c.rect(box.x, box.y, box.w, box.h, fill=tint(colour, 0.9), stroke=colour, width=0.5, dash=(1.5, 1))
        if player == 0:  # an arrow into the row, the strip's name in it
            x, y = box.right - 6, box.y + box.h / 2
            c.polygon([(x, y - 3.5), (x + 5, y), (x, y + 3.5)], fill=colour, stroke=None)
            if labelled:
                label(box.x + box.w / 2 - 3, y + 1.8, "board.dock1", box.w - 8)  # left of the arrow
        else:  # an arrow down the column
            x, y = box.x + box.w / 2, box.bottom - 6
            c.polygon([(x - 3.5, y), (x + 3.5, y), (x, y + 5)], fill=colour, stroke=None)
            if labelled:
                turn = 0 if screen else -90  # a screen keeps every text upright, for either seat
                room = box.w - 2 if screen else box.h - 8  # across the dock, or down it above the arrow
                label(x + 1, box.y + box.h / 2 - 3, "board.dock2", room, turn)
        label_x, label_y = (x + 1.7, y + 1.5) if player == 0 else (x, y + 2.7)  # the strip's name, such as a1
        c.text(label_x, label_y, name, size=PRINT_PT, bold=True, anchor="middle", fill="#ffffff")


def _docked_box(layout: Layout, player: int, strip: int) -> Rect:
    """Where a docked transport lies in the picture: its dock, less the arrow at the grid end."""
    box = layout.loading_dock(player, strip)
    if player == 0:
        return Rect(box.x, box.y, box.w - ARROW, box.h)
    return Rect(box.x, box.y, box.w, box.h - ARROW)


def _destination(c: Canvas, box: Rect, index: int, label: str, bonus: int, screen: bool = False) -> None:
    with c.group(name=f"destination:d{index + 1}"):
        c.rect(box.x, box.y, box.w, box.h, fill=DOCK, stroke=INK, width=0.5, radius=1.5)
        c.text(box.x + 2, box.y + 4.5, f"d{index + 1}", size=8, bold=True, fill=INK)  # d1 and +2: a few characters
        c.text(box.right - 2, box.y + 4.5, f"+{bonus}", size=9, bold=True, anchor="end", fill=INK)
        field = f"destination d{index + 1}"
        x, y = box.x + box.w / 2, box.y + 9.5
        fitted(c, x, y, label, box.w - 3, 7.5, part="board", field=field, screen=screen, anchor="middle", fill=INK)
        slot = _departed_box(box) if screen else _destination_slot(box)
        c.rect(slot.x, slot.y, slot.w, slot.h, stroke="#8a8f99", width=0.3, dash=(1.2, 1))


def _destination_slot(box: Rect) -> Rect:
    """Where a departed transport lies in a destination dock."""
    top = box.y + 11.5
    h = box.bottom - 1.5 - top
    w = min(box.w - 3, h * 0.66)
    return Rect(box.x + (box.w - w) / 2, top, w, h)


def _departed_box(box: Rect) -> Rect:
    """Where a departed transport lies in a destination dock in the picture: landscape, to read on a screen."""
    w = box.w - 3
    h = min(w * 0.625, box.bottom - 1.5 - (box.y + 12))
    return Rect(box.x + 1.5, box.y + 12, h / 0.625, h)


def _track(
    c: Canvas, layout: Layout, player: int, who: str, colour: str, t: Catalogue, marked: int | None = None
) -> None:
    """A scoring track; ``marked`` (the picture's score) is filled in the player's colour."""
    box = layout.track(player)
    if marked is not None:
        marked = min(max(marked, 0), layout.track_max)
    with c.group(name=f"track:P{player + 1}"):
        title = t("board.track", who=who) if marked is None else t("board.track.points", who=who, points=marked)
        field, screen = f"P{player + 1} scoring track", marked is not None
        x, y = box.x + 1, box.y + 3.3
        fitted(c, x, y, title, box.w - 2, 6, part="board", field=field, screen=screen, bold=True, fill=INK)
        for score in range(layout.track_max + 1):
            cell = layout.track_cell(player, score)
            here = score == marked
            shade = colour if here else tint(colour, 0.55 if score % 5 == 0 else 0.85)
            with c.group(name=f"score:P{player + 1}") if here else nullcontext():
                c.rect(cell.x, cell.y, cell.w, cell.h, fill=shade, stroke=INK, width=0.6 if here else 0.25)
                c.text(  # a score of one to three digits in its cell
                    cell.x + cell.w / 2,
                    cell.y + 4.2,
                    str(score),
                    size=6,
                    bold=here or score % 5 == 0,
                    anchor="middle",
                    fill="#ffffff" if here else INK,
                )


# -- the state's pieces on the board ------------------------------------------
def _pieces(c: Canvas, state: HaulingState, layout: Layout, t: Catalogue) -> None:
    """The dice, and the transports docked (in a group naming their player's pieces) or departed."""
    side = layout.space * DIE_SCALE
    for index, code in enumerate(state.grid):
        if code:
            cell = layout.grid_space(index)
            pieces.die(c, cell.x + cell.w / 2, cell.y + cell.h / 2, code & ~MOVED, side, moved=bool(code & MOVED))
    _dice_row(c, layout.dice_area(1), [(code, True) for code in state.booked], side)
    free = [GOLD] * bool(state.specials_free & GOLD) + [RED] * bool(state.specials_free & RED)
    plain = [0] * (state.available - len(free))
    _dice_row(c, layout.dice_area(0), [(code, False) for code in free + plain], side)
    for player in (0, 1):
        for strip, slot in enumerate(state.docked[player]):
            if slot >= 0 and state.placed(player, slot):
                transport = state.docked_transport(player, strip)
                with c.group(name=pieces_of(state.players[player])):
                    box = _docked_box(layout, player, strip)
                    _transport(c, state, box, player, transport, t(f"picture.tag.{SLOTS[strip]}"), t)
    for dock, index in enumerate(state.dest):
        if index >= 0:
            departure = state.departures[index]
            box = layout.destination(dock)
            void = state.transport_of[departure.player][departure.slot] == VOID
            tag = t("picture.tag.void" if void else f"picture.tag.{SLOTS[departure.strip]}")  # the strip it left
            transport = state.transport(departure)
            piece = _departed_box(box)
            _transport(c, state, piece, departure.player, transport, tag, t)
            _departure_notes(c, box, piece, departure, transport, state.data.docks[dock], void, t)


def _departure_notes(
    c: Canvas,
    box: Rect,
    piece: Rect,
    departure: Departure,
    transport: Transport | None,
    dock: Dock,
    void: bool,
    t: Catalogue,
) -> None:
    """Under a departed transport: its load, die by die, and what the departure scored (in the words of ``t``)."""
    dice = " + ".join(said_die(t, d) for d in departure.dice)
    if transport is None:
        scored = t("picture.scored.void" if void else "picture.scored.later")
    else:
        scored = t("picture.scored", points=sum(points(departure, transport, dock).values()))
    x, room, load = box.x + box.w / 2, box.w - 3, t("picture.load", load=departure.load, dice=dice)
    fitted(c, x, piece.bottom + 5, load, room, 6.5, screen=True, anchor="middle", fill=INK)
    fitted(c, x, piece.bottom + 10, scored, room, 7, screen=True, anchor="middle", bold=True, fill=INK)


def _transport(
    c: Canvas, state: HaulingState, box: Rect, player: int, transport: Transport | None, tag: str, t: Catalogue
) -> None:
    colour = state.data.fleets[player].colour
    with c.group(name=label_of("transport")):  # a tile and its words, shown whole or not at all
        if transport is None:
            pieces.face_down(c, box, colour, player, t, tag)
        else:
            pieces.transport(c, box, transport, colour, player, t, screen=True)


def _dice_row(c: Canvas, box: Rect, dice: list[tuple[int, bool]], side: float) -> None:
    step = min(side + 1.5, (box.w - 4) / max(len(dice), 1))
    y = box.y + 6 + (box.h - 6) / 2
    for i, (code, shown) in enumerate(dice):
        x = box.x + 2 + step * i + step / 2
        if shown:
            pieces.die(c, x, y, code, min(side, step - 1))
        else:
            pieces.blank_die(c, x, y, code, min(side, step - 1))


# -- the picture's status line and symbol key ----------------------------------
def _status(c: Canvas, state: HaulingState) -> None:
    """Who is to move and what is due, or the result."""
    t, score = state.words, state.score()
    if score.final:
        totals = [str(row.score) for row in sorted(score.players, key=lambda row: -row.score)]
        line = t(
            "picture.status.over",
            winners=series(t, score.winners),
            count=len(score.winners),
            totals=chained(t, "picture.totals", totals),
        )
    else:
        line = t("picture.status.move", player=state.to_move(), doing=doing(state, plain=True))
    with c.group(name="status"):
        fitted(c, 2, HEADER - 2.8, line, WIDTH - 4, 9, screen=True, bold=True, fill=INK)


def _symbols(state: HaulingState) -> list[tuple[str, str]]:
    """The symbols this game can show, as (kind, explanation)."""
    kinds = ["moved", *(("gold", "red") if state.bonus_dice else ()), *(("hidden",) if state.hidden else ())]
    first, last = (state.words(f"picture.tag.{slot}") for slot in (SLOTS[0], SLOTS[-1]))
    return [(kind, state.words(f"picture.key.{kind}", first=first, last=last)) for kind in (*kinds, "dock", "score")]


def _key(c: Canvas, symbols: list[tuple[str, str]], marker: str) -> None:
    """The symbols in rows of ``KEY_COLUMNS``, each a small drawing and its meaning (``marker``: a score's fill); each
    entry a group of the two (a phone lists them under its board: see pnp/table/static)."""
    column = WIDTH / KEY_COLUMNS
    for i, (kind, words) in enumerate(symbols):
        row, col = divmod(i, KEY_COLUMNS)
        x, y = col * column + 1, row * KEY_ROW
        middle = y + KEY_ROW / 2
        with c.group(name="legend entry"):
            with c.group(name="legend symbol"):
                _symbol(c, kind, x, middle, marker)
            fitted(c, x + 9, middle + 1.2, words, column - 11, 6.5, screen=True, fill=INK)


def _symbol(c: Canvas, kind: str, x: float, middle: float, marker: str) -> None:
    """The key's drawing of ``kind``, 7 mm wide from ``x``, on the line ``middle``."""
    if kind == "moved":
        pieces.die(c, x + 3.5, middle, 3, 5.5, moved=True, name="key:moved")
    elif kind in ("gold", "red"):
        pieces.blank_die(c, x + 3.5, middle, GOLD if kind == "gold" else RED, 6, name=f"key:{kind}")
    elif kind == "hidden":
        c.rect(x, middle - 3, 7, 6, fill="#d9d9d9", stroke=INK, width=0.4, radius=0.8)
        c.text(x + 3.5, middle + 1.2, "?", size=SCREEN_PT + 1, bold=True, anchor="middle", fill=INK)
    elif kind == "dock":
        c.rect(x, middle - 3, 7, 6, fill=DOCK, stroke=INK, width=0.4, radius=0.8)
        c.text(x + 3.5, middle + 1.1, "+2", size=SCREEN_PT + 0.5, bold=True, anchor="middle", fill=INK)
    else:
        c.rect(x, middle - 3, 7, 6, fill=marker, stroke=INK, width=0.6)
        c.text(x + 3.5, middle + 1.1, "7", size=SCREEN_PT + 0.5, bold=True, anchor="middle", fill="#ffffff")
