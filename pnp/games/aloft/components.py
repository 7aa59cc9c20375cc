"""Aloft's print kit (its board, cards, tokens, rules and aids) and its state picture, in millimetres."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from pnp.games.aloft import notation, rules_sheet, shapes
from pnp.games.aloft.board import TOKEN, board_drawing, board_seams
from pnp.games.aloft.cards import balloon_cards, colour_cards, truck_cards
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import AloftData, Colour, load_board, load_data
from pnp.games.aloft.palette import INK, PAPER, ROAD, SKY
from pnp.games.aloft.shapes import SMALL
from pnp.games.aloft.state import INFLATED, OVER, PLAY, AloftState, formation_numbers
from pnp.games.aloft.text import packed, player_line, status
from pnp.games.aloft.texts import data_texts
from pnp.games.spec import KitRequest, raise_first_error
from pnp.printing import art, fit, fonts
from pnp.printing.canvas import CAP_MIDDLE, PT, Area, Canvas, Drawing
from pnp.printing.fonts import text_width, wrap
from pnp.printing.parts import Board, Deck, Face, Kit, KitDocument, Token, TokenSheet
from pnp.printing.patterns import hatch
from pnp.texts import Catalogue, catalogue


def kit(request: KitRequest) -> Kit:
    """Aloft's complete kit: board, cards with backs, tokens, the rules sheet and a player aid per player."""
    art.chosen(request.art, {}, "Aloft")  # no art boxes: a picture named for one is refused

    data = load_data(request.variant_path).value
    t = catalogue("aloft", request.language, request.texts, data_texts(data))
    board = load_board(request.map_path)
    raise_first_error(check_board(board, data))
    drawing = board_drawing(board.value, texts=t)
    fill = partial(board_drawing, board.value, texts=t)
    return Kit(
        game="aloft",
        title=t("title"),
        documents=(
            KitDocument("board", (Board(t("board.name"), drawing, fill, seams=partial(board_seams, board.value)),)),
            KitDocument("cards", _decks(data, t)),
            KitDocument("tokens", _token_sheets(data, t)),
            KitDocument("rules", rules_sheet.rules(data, board.value, t)),
            KitDocument("player-aids", rules_sheet.aids(data, t)),
        ),
        footer=t("kit.footer", columns=board.value.columns, rows=board.value.rows, digest=board.source.digest[:8]),
        texts=t,
        faces=fonts.chosen(request.fonts),
    )


def _decks(data: AloftData, t: Catalogue) -> tuple[Deck, ...]:
    """Three decks, printed on the same sheets; apart on a virtual table, where the colour cards are dealt face down."""
    return (
        Deck(t("deck.balloons"), data.card, one=t("deck.balloons.one"), cards=tuple(balloon_cards(data, t))),
        Deck(t("deck.trucks"), data.card, one=t("deck.trucks.one"), cards=tuple(truck_cards(data, t))),
        Deck(t("deck.colours"), data.card, one=t("deck.colours.one"), cards=tuple(colour_cards(data, t))),
    )


# -- the state picture -----------------------------------------------------
# Drawn for a screen, not for print: about 280 units wide, so that in a window 1000 px wide the
# smallest text (8 pt, 2.8 units) is about 10 px high and a balloon about 55 px.
CELL_W, CELL_H, LANE_H = 22.0, 25.0, 34.0
EDGE = 12.0  # the left margin, for row numbers; the right margin is half of it
R = 7.5  # a balloon's radius
SWATCH = 6.0  # the side of a colour's square in the legend, its pattern three strokes across (as a balloon half's)
TEXT = 8.5  # body text, pt (the smallest: SMALL)
LINE = 4.6  # between lines of body text
TITLE_PT = 13.0
SCORING = "#f3e3b5"  # the scoring tokens' colour
RING = 3.0  # mm the multicoloured token's colours run past its cut: the ring a default bleed gives a background
NUMBERS = 6.0  # above the sky and below the lane, for the column numbers


def picture(state: AloftState, viewer: str | None) -> Drawing:
    """The state for a screen: sky, convoy, formation numbers, tokens, where the game stands, and a legend.

    It shows what every player sees at the table: colour cards only once revealed (the state holds no other).
    """
    board, t = state.board, state.sky.catalogue
    room = board.columns * CELL_W
    width = EDGE * 1.5 + room
    header = [line for text in status(state, plain=True) for line in wrap(text, TEXT, room)]
    balloons = " ".join(packed(state)) or t("picture.none")
    info: list[tuple[str, bool]] = [(line, False) for line in wrap(t("picture.packed", balloons=balloons), TEXT, room)]
    for seat, player in enumerate(state.players):
        name = t("picture.you", player=player) if player == viewer else player
        bold = seat == state.seat and state.phase != OVER
        info += [(line, bold) for line in wrap(player_line(state, player, name), TEXT, room)]
    legend, legend_height = _legend(state, room)
    top = 12 + LINE * len(header) + 2 + NUMBERS
    lane_y = top + board.rows * CELL_H
    info_y = lane_y + LANE_H + 12
    legend_y = info_y + LINE * len(info) + 3
    height = legend_y + legend_height + 4

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=PAPER, stroke=None)
        c.text(EDGE, 9, t("picture.title"), size=TITLE_PT, bold=True, fill=INK)
        for i, line in enumerate(header):
            c.text(EDGE, 14.5 + i * LINE, line, size=TEXT, fill=INK)
        _sky(c, state, top, lane_y)
        for i, (line, bold) in enumerate(info):
            c.text(EDGE, info_y + i * LINE, line, size=TEXT, bold=bold, fill=INK)
        c.line(EDGE, legend_y - 3.5, width - EDGE / 2, legend_y - 3.5, stroke="#9a9486", width=0.3)
        with c.group(name="legend"):
            _draw_legend(c, legend, legend_y)

    focus = 0, top - NUMBERS, width, lane_y + LANE_H + NUMBERS - (top - NUMBERS)  # the sky, the lane, their numbers
    grid = EDGE, top, state.board.columns * CELL_W, lane_y + LANE_H - top  # the sky and the lane
    return Drawing(width, height, draw, focus, places=_places(state, top, lane_y), grids=(grid,))


# What a player weighs first on their turn, by action: a balloon that may launch, one that may ascend, then the
# trucks to inflate one on, then the trucks that may move.
WEIGHED = {"launch": 0, "ascend": 1, "inflate": 2, "truck": 3}


def _places(state: AloftState, top: float, lane_y: float) -> tuple[Area, ...]:
    """Where the play is, most first (see WEIGHED): round each move's spaces (a launching balloon's truck with the cell
    above it, a balloon's cell with the one above it, an inflating truck's, a truck's from its column to the next free
    one), with the column numbers they border (above the sky's top row, below the lane); out of play (set-up, the
    reveal), each truck's from the lead back. Public, as the moves are."""
    board, trucks, labels = state.board, state.trucks, (top - NUMBERS, lane_y + LANE_H + NUMBERS)

    def cell(column: int, row: int) -> tuple[float, float, float]:  # a column and the top and bottom of a row
        y = lane_y if row < 0 else top + (board.rows - 1 - row) * CELL_H
        return column, y, y + (LANE_H if row < 0 else CELL_H)

    def box(*spaces: tuple[float, float, float]) -> Area:
        columns, y0, y1 = [c for c, _, _ in spaces], min(s[1] for s in spaces), max(s[2] for s in spaces)
        y0, y1 = labels[0] if y0 <= top else y0, labels[1] if y1 >= lane_y + LANE_H else y1
        return EDGE + min(columns) * CELL_W, y0, (max(columns) - min(columns) + 1) * CELL_W, y1 - y0

    if state.phase != PLAY:
        return tuple(box(cell(column, -1)) for column in sorted(trucks, reverse=True))  # the lead first
    found: list[Area] = []
    moves = [move for move in state.legal_moves() if isinstance(move, notation.AloftMove)]
    for move in sorted(moves, key=lambda move: WEIGHED[move.action]):
        b = state.index.get(move.balloon, -1)
        if move.action == "truck":
            found.append(box(cell(move.column, -1), cell(state._target(state.truck_at(move.column)), -1)))
        elif move.action == "inflate":
            found.append(box(cell(move.column, -1)))
        elif move.action == "launch":
            column = trucks[state.load.index(b)]
            found.append(box(cell(column, -1), cell(column, 0)))
        else:
            row, column = divmod(state.where[b], board.columns)
            found.append(box(cell(column, row), cell(column, row + 1)))
    return tuple(dict.fromkeys(found))


def _sky(c: Canvas, state: AloftState, top: float, lane_y: float) -> None:
    """The sky with its flying balloons and their formation numbers, the lane with the convoy."""
    board, data = state.board, state.data
    columns = board.columns
    numbers = formation_numbers(state.grid)
    for row in range(board.rows):
        y = top + (board.rows - 1 - row) * CELL_H
        with c.group(name="grid references"):
            c.text(EDGE / 2, y + CELL_H / 2 + 1.2, str(row + 1), size=TEXT, bold=True, anchor="middle", fill=INK)
        for column in range(columns):
            x = EDGE + column * CELL_W
            c.rect(x, y, CELL_W, CELL_H, fill=SKY, stroke="#7fa7c4", width=0.3)
            balloon = state.grid[row * columns + column]
            if balloon >= 0:
                shapes.balloon(c, data, data.balloons[balloon], x + CELL_W / 2, y + 1.5 + R, R, initial=False)
                _number(c, x + 3.6, y + CELL_H - 3.8, numbers[balloon])
    c.rect(EDGE, lane_y, columns * CELL_W, LANE_H, fill=ROAD, stroke=INK, width=0.4)
    for column in range(columns):
        x = EDGE + column * CELL_W
        c.rect(x + 1, lane_y + 1, CELL_W - 2, LANE_H - 2, stroke="#ffffff", width=0.3, dash=(1.5, 1.2))
    with c.group(name="grid references"):
        for column in range(columns):
            for y in (top - 1.8, lane_y + LANE_H + 5):
                c.text(
                    EDGE + (column + 0.5) * CELL_W, y, str(column + 1), size=TEXT, bold=True, anchor="middle", fill=INK
                )
    for truck, column in enumerate(state.trucks):
        cx = EDGE + column * CELL_W + CELL_W / 2
        shapes.truck(c, cx, lane_y + LANE_H - 4, CELL_W * 0.8, safety=truck == len(state.trucks) - 1, data=data)
        carried = state.load[truck]
        if carried >= 0 and state.where[carried] == INFLATED:
            shapes.balloon(c, data, data.balloons[carried], cx, lane_y + 1.5 + R, R, initial=False)


def _number(c: Canvas, cx: float, cy: float, number: int) -> None:
    """A scoring token: the balloon's place in the formation."""
    c.circle(cx, cy, 3.1, fill=SCORING, stroke=INK, width=0.3)
    c.text(cx, cy + 1.0, str(number), size=SMALL, bold=True, anchor="middle", fill=INK)


class _Item(NamedTuple):
    """One entry of the legend: a symbol ``width`` x ``height`` drawn beside its label."""

    width: float
    height: float
    symbol: Callable[[Canvas, float, float], None] | None  # drawn with its left edge at x, centred on y; or none
    label: str
    new_row: bool = False  # starts a row of its own kind (the key to the colours' letters)
    chip: bool = False  # a colour of that key: of the entry before it, its label drawn with its symbol


def _draw_legend(c: Canvas, placed: list[tuple[_Item, float, float]], top: float) -> None:
    """The legend's entries from ``top``, each a group of its symbols and words (a phone lists them under its board:
    see pnp/table/static), the key's caption with its colours, each swatch and its letter one symbol."""
    entries: list[list[tuple[_Item, float, float]]] = []
    for placing in placed:
        if placing[0].chip:
            entries[-1].append(placing)
        else:
            entries.append([placing])
    for entry in entries:
        with c.group(name="legend entry"):
            for item, x, y in entry:
                at = x + item.width + 1.5 if item.symbol else x
                words = partial(c.text, at, top + y + 1.0, item.label, size=SMALL, fill=INK)
                if item.symbol:
                    with c.group(name="legend symbol"):
                        item.symbol(c, x, top + y)
                        if item.chip:  # a colour's letter and name are part of its chip
                            words()
                if not item.chip:
                    words()


def _legend(state: AloftState, room: float) -> tuple[list[tuple[_Item, float, float]], float]:
    """The legend's entries placed in rows ``room`` wide: each with its left edge and centre line; and its height."""
    data, t, titled = state.data, state.sky.catalogue, state.sky.words.titled
    truck_w = CELL_W * 0.8
    sample = next(b for b in data.balloons if not b.shape)
    specials = [b for b in data.balloons if b.shape]
    words = state.sky.words.colour

    def truck(safety: bool) -> Callable[[Canvas, float, float], None]:
        return lambda c, x, y: shapes.truck(c, x + truck_w / 2, y + 2.6, truck_w, safety=safety, data=data)

    def swatch(colour: Colour) -> Callable[[Canvas, float, float], None]:
        def draw(c: Canvas, x: float, y: float) -> None:  # the colour with its pattern, as on its balloons
            c.rect(x, y - SWATCH / 2, SWATCH, SWATCH, fill=colour.rgb, stroke=None)
            hatch(c, x, y - SWATCH / 2, SWATCH, SWATCH, colour.pattern, stroke=shapes.PATTERN_INK, spacing=SWATCH / 4)
            c.rect(x, y - SWATCH / 2, SWATCH, SWATCH, stroke=INK, width=0.3)

        return draw

    def faces(c: Canvas, x: float, y: float) -> None:
        for i, shape in enumerate(specials):
            shapes.balloon(c, data, shape, x + R + i * (2 * R + 1.5), y - 0.4 * R, R, initial=False)

    first, second = (words[code] for code in sample.colours)
    items = [
        _Item(truck_w, 10, truck(False), t("picture.legend.truck")),
        _Item(truck_w, 10, truck(True), t("picture.legend.safety")),
        _Item(
            2 * R,
            3 * R,
            lambda c, x, y: shapes.balloon(c, data, sample, x + R, y - 0.4 * R, R),
            t("picture.legend.balloon", first=first, second=second),
        ),
        _Item(6.2, 6.2, lambda c, x, y: _number(c, x + 3.1, y, 3), t("picture.legend.number")),
        _Item(
            len(specials) * (2 * R + 1.5),
            3 * R,
            faces,
            t("picture.legend.shapes", shapes=", ".join(titled[b.name] for b in specials)),
        ),
        _Item(0, SWATCH, None, t("picture.legend.letters"), new_row=True),
        *(
            _Item(SWATCH, SWATCH, swatch(colour), f"{colour.code} {words[colour.code]}", chip=True)
            for colour in data.colours
            if state.sky.wearing[colour.code]  # a colour no balloon wears is not on the table
        ),
    ]
    placed: list[tuple[_Item, float, float]] = []
    row: list[tuple[_Item, float]] = []
    y, x = 0.0, EDGE

    def close_row() -> None:
        nonlocal y
        tall = max(item.height for item, _ in row)
        placed.extend((item, at, y + tall / 2) for item, at in row)
        y += tall + 2.5
        row.clear()

    for item in items:
        need = (item.width + 1.5 if item.symbol else 0) + text_width(item.label, SMALL) + 5
        if row and (item.new_row or x + need > EDGE + room):
            close_row()
            x = EDGE
        row.append((item, x))
        x += need
    close_row()
    return placed, y


# -- tokens ---------------------------------------------------------------
def _token_sheets(data: AloftData, t: Catalogue) -> tuple[TokenSheet, ...]:
    r = TOKEN / 2  # every size below is a share of it (type sizes in points per mm of radius)
    any_colour, safety_word = t("token.any"), t("token.safety")

    def scoring(n: int) -> Token:
        def draw(c: Canvas) -> None:
            c.circle(r, r, r - 1.5, stroke=INK, width=0.3)
            size = r * 1.4  # a score of one or two digits, its figures' middle on the circle's centre
            c.text(r, r + size * PT * CAP_MIDDLE, str(n), size=size, bold=True, anchor="middle")

        return Token(f"score {n}", Face(draw, SCORING), title=t("part.scoring", number=n))

    def launch(colour: Colour) -> Token:
        def draw(c: Canvas) -> None:
            c.circle(r, r, r * 0.55, fill="#ffffff", stroke=INK, width=0.4)
            size = r * 1.2  # one capital, its middle on the disc's centre
            c.text(r, r + size * PT * CAP_MIDDLE, colour.code, size=size, bold=True, anchor="middle")

        title = t("part.launch", colour=t(f"data.colour.{colour.code}.name").lower())
        return Token(f"launch {colour.code}", Face(draw, colour.rgb), title=title)

    def multicoloured(c: Canvas) -> None:
        share = 2 * math.pi / len(data.colours)
        for i, colour in enumerate(data.colours):
            arc = [i * share + k * share / 8 for k in range(9)]
            reach = r + RING  # each colour runs on into the bleed, as the other tokens' backgrounds do
            rim = [(r + reach * math.cos(a), r + reach * math.sin(a)) for a in arc]
            c.polygon([(r, r), *rim], fill=colour.rgb, stroke=None)
        c.circle(r, r, r * 0.55, fill="#ffffff", stroke=INK, width=0.4)
        room, part = r * 1.1 - 1, "multicoloured token"  # across the white disc, its capitals' middle on its centre
        size = fit.fit_line(any_colour, room, r * 0.7, part=part, field="token.any", bold=True, faces=c.faces)
        c.text(r, r + size * PT * CAP_MIDDLE, any_colour, size=size, bold=True, anchor="middle")

    def safety(c: Canvas) -> None:
        shapes.truck(c, r, r * 1.4, TOKEN * 0.7, safety=True, data=data)
        room, size = r * 1.6, r * 0.6  # across the token, above the truck
        part, key = "safety token", "token.safety"
        fit.line(c, r, r * 0.6, safety_word, room, size=size, part=part, field=key, bold=True, anchor="middle")

    counts = data.tokens
    launches = [launch(colour) for colour in data.colours for _ in range(counts.launch_per_colour)]
    any_colour_title, safety_title = t("part.launch.any"), t("part.safety")
    launches += [
        Token("launch multicoloured", Face(multicoloured), title=any_colour_title) for _ in range(counts.multicoloured)
    ]
    safeties = tuple(Token("safety", Face(safety, "#fde2c8"), title=safety_title) for _ in range(counts.safety))
    scorings = tuple(scoring(n) for n in range(1, counts.scoring + 1))
    return (
        TokenSheet(t("tokens.scoring"), "round", TOKEN, scorings, t("tokens.scoring.one")),
        TokenSheet(t("tokens.launch"), "round", TOKEN, tuple(launches), t("tokens.launch.one")),
        TokenSheet(t("tokens.safety"), "round", TOKEN, safeties, t("tokens.safety.one")),
    )
