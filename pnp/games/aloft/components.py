"""Aloft's print kit and state picture, drawn against the toolkit's Canvas in millimetres."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from pnp.games.aloft import notation
from pnp.games.aloft.board import TOKEN, board_drawing
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import AloftData, Balloon, Colour, load_board, load_data
from pnp.games.aloft.palette import INK, PAPER, ROAD, SKY, WHITE
from pnp.games.aloft.state import INFLATED, OVER, PACKED, AloftState, formation_numbers
from pnp.games.aloft.text import holdings, status
from pnp.games.aloft.texts import data_texts
from pnp.games.spec import KitRequest, raise_first_error
from pnp.printing import art, fit, fonts
from pnp.printing.canvas import Area, Canvas, Drawing, PathOp
from pnp.printing.fonts import text_width, wrap
from pnp.printing.parts import Board, Card, Deck, Face, Kit, KitDocument, Sheet, Token, TokenSheet
from pnp.printing.patterns import PatternKind, hatch
from pnp.texts import Catalogue, catalogue


def kit(request: KitRequest) -> Kit:
    """Aloft's complete kit: board, cards with backs, tokens, the rules sheet and a player aid per player."""
    art.chosen(request.art, {}, "Aloft")  # no art boxes: a picture named for one is refused
    from pnp.games.aloft import rules_sheet  # it draws the trucks of this module

    data = load_data(request.variant_path).value
    t = catalogue("aloft", request.language, request.texts, data_texts(data))
    board = load_board(request.map_path)
    raise_first_error(check_board(board, data))
    cards = (*_balloon_cards(data, t), *truck_cards(data, t), *_colour_cards(data, t))
    drawing = board_drawing(board.value, texts=t)
    return Kit(
        game="aloft",
        title=t("title"),
        documents=(
            KitDocument("board", (Board(t("board.name"), drawing, partial(board_drawing, board.value, texts=t)),)),
            KitDocument("cards", (Deck(t("deck.cards"), data.card, cards),)),
            KitDocument("tokens", _token_sheets(data, t)),
            KitDocument("rules", rules_sheet.rules(data, board.value, t)),
            KitDocument("player-aids", rules_sheet.aids(data, t)),
        ),
        footer=t("kit.footer", columns=board.value.columns, rows=board.value.rows, digest=board.source.digest[:8]),
        texts=t,
        faces=fonts.chosen(request.fonts),
    )


# -- the state picture -----------------------------------------------------
# Drawn for a screen, not for print: about 280 units wide, so that in a window 1000 px wide the
# smallest text (8 pt, 2.8 units) is about 10 px high and a balloon about 55 px.
CELL_W, CELL_H, LANE_H = 22.0, 25.0, 34.0
EDGE = 12.0  # the left margin, for row numbers; the right margin is half of it
R = 7.5  # a balloon's radius
TEXT, SMALL = 8.5, 8.0  # body text and the smallest text, pt
LINE = 4.6  # between lines of body text
TITLE_PT = 13.0
SCORING = "#f3e3b5"  # the scoring tokens' colour
FOCUS_COLUMNS, FOCUS_ROWS = 4, 3  # what a screen opens on: the lead's columns and the rows above the lane


def picture(state: AloftState, viewer: str | None) -> Drawing:
    """The state for a screen: sky, convoy, formation numbers, tokens, where the game stands, and a legend.

    It shows what every player sees at the table: colour cards only once revealed (the state holds no other).
    """
    board, data = state.board, state.data
    room = board.columns * CELL_W
    width = EDGE * 1.5 + room
    header = [line for text in status(state, plain=True) for line in wrap(text, TEXT, room)]
    packed = " ".join(n for n, w in zip(state.names, state.where) if w == PACKED) or "none"
    info: list[tuple[str, bool]] = [(line, False) for line in wrap(f"packed: {packed}", TEXT, room)]
    for seat, player in enumerate(state.players):
        you = " (you)" if player == viewer else ""
        bold = seat == state.seat and state.phase != OVER
        info += [(line, bold) for line in wrap(f"{player}{you}: {holdings(state, player)}", TEXT, room)]
    legend, legend_height = _legend(data, room)
    top = 12 + LINE * len(header) + 2
    lane_y = top + board.rows * CELL_H
    info_y = lane_y + LANE_H + 12
    legend_y = info_y + LINE * len(info) + 3
    height = legend_y + legend_height + 4

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=PAPER, stroke=None)
        c.text(EDGE, 9, "ALOFT", size=TITLE_PT, bold=True, fill=INK)
        for i, line in enumerate(header):
            c.text(EDGE, 14.5 + i * LINE, line, size=TEXT, fill=INK)
        _sky(c, state, top, lane_y)
        for i, (line, bold) in enumerate(info):
            c.text(EDGE, info_y + i * LINE, line, size=TEXT, bold=bold, fill=INK)
        c.line(EDGE, legend_y - 3.5, width - EDGE / 2, legend_y - 3.5, stroke="#9a9486", width=0.3)
        with c.group(name="legend"):
            for item, x, y in legend:
                item.symbol(c, x, legend_y + y)
                c.text(x + item.width + 1.5, legend_y + y + 1.0, item.label, size=SMALL, fill=INK)

    return Drawing(width, height, draw, _focus(state, top, lane_y))


def _focus(state: AloftState, top: float, lane_y: float) -> Area:
    """Where a screen opens: the convoy's lead (the safety truck), the column it moves to next and those
    behind it, from the lane up :data:`FOCUS_ROWS` rows of sky, where balloons are inflated and take off."""
    columns = state.board.columns
    wide = min(FOCUS_COLUMNS, columns)
    first = min(max(state.trucks[-1] - wide + 2, 0), columns - wide) if state.trucks else 0
    rows = min(FOCUS_ROWS, state.board.rows)
    y = max(lane_y - rows * CELL_H, top)
    return EDGE + first * CELL_W, y, wide * CELL_W, lane_y + LANE_H - y


def _sky(c: Canvas, state: AloftState, top: float, lane_y: float) -> None:
    """The sky with its flying balloons and their formation numbers, the lane with the convoy."""
    board, data = state.board, state.data
    columns = board.columns
    numbers = formation_numbers(state.grid)
    for row in range(board.rows):
        y = top + (board.rows - 1 - row) * CELL_H
        c.text(EDGE / 2, y + CELL_H / 2 + 1.2, str(row + 1), size=TEXT, bold=True, anchor="middle", fill=INK)
        for column in range(columns):
            x = EDGE + column * CELL_W
            c.rect(x, y, CELL_W, CELL_H, fill=SKY, stroke="#7fa7c4", width=0.3)
            balloon = state.grid[row * columns + column]
            if balloon >= 0:
                _balloon(c, data, data.balloons[balloon], x + CELL_W / 2, y + 1.5 + R, R, initial=False)
                _number(c, x + 3.6, y + CELL_H - 3.8, numbers[balloon])
    c.rect(EDGE, lane_y, columns * CELL_W, LANE_H, fill=ROAD, stroke=INK, width=0.4)
    for column in range(columns):
        x = EDGE + column * CELL_W
        c.rect(x + 1, lane_y + 1, CELL_W - 2, LANE_H - 2, stroke="#ffffff", width=0.3, dash=(1.5, 1.2))
        c.text(x + CELL_W / 2, lane_y + LANE_H + 5, str(column + 1), size=TEXT, bold=True, anchor="middle", fill=INK)
    for truck, column in enumerate(state.trucks):
        cx = EDGE + column * CELL_W + CELL_W / 2
        _truck(c, cx, lane_y + LANE_H - 4, CELL_W * 0.8, safety=truck == len(state.trucks) - 1, data=data)
        carried = state.load[truck]
        if carried >= 0 and state.where[carried] == INFLATED:
            _balloon(c, data, data.balloons[carried], cx, lane_y + 1.5 + R, R, initial=False)


def _number(c: Canvas, cx: float, cy: float, number: int) -> None:
    """A scoring token: the balloon's place in the formation."""
    c.circle(cx, cy, 3.1, fill=SCORING, stroke=INK, width=0.3)
    c.text(cx, cy + 1.0, str(number), size=SMALL, bold=True, anchor="middle", fill=INK)


class _Item(NamedTuple):
    """One entry of the legend: a symbol ``width`` x ``height`` drawn beside its label."""

    width: float
    height: float
    symbol: Callable[[Canvas, float, float], None]  # drawn with its left edge at x, centred on y
    label: str
    new_row: bool = False  # starts a row of its own kind (the colours)


def _legend(data: AloftData, room: float) -> tuple[list[tuple[_Item, float, float]], float]:
    """The legend's entries placed in rows ``room`` wide: each with its left edge and centre line; and its height."""
    truck_w = CELL_W * 0.8
    sample = next(b for b in data.balloons if not b.shape)
    shapes = [b for b in data.balloons if b.shape]
    words = notation.words(data).colour

    def truck(safety: bool) -> Callable[[Canvas, float, float], None]:
        return lambda c, x, y: _truck(c, x + truck_w / 2, y + 2.6, truck_w, safety=safety, data=data)

    def swatch(colour: Colour) -> Callable[[Canvas, float, float], None]:
        return lambda c, x, y: c.rect(x, y - 2.5, 5, 5, fill=colour.rgb, stroke=INK, width=0.3)

    def faces(c: Canvas, x: float, y: float) -> None:
        for i, shape in enumerate(shapes):
            _balloon(c, data, shape, x + R + i * (2 * R + 1.5), y - 0.4 * R, R, initial=False)

    items = [
        _Item(truck_w, 10, truck(False), "truck"),
        _Item(truck_w, 10, truck(True), "the orange safety truck, always the lead"),
        _Item(
            2 * R,
            3 * R,
            lambda c, x, y: _balloon(c, data, sample, x + R, y - 0.4 * R, R),
            f"a balloon and its colours ({' and '.join(words[code] for code in sample.colours)}): "
            "on a truck, inflated; in the sky, flying",
        ),
        _Item(6.2, 6.2, lambda c, x, y: _number(c, x + 3.1, y, 3), "place in the formation: its points at the end"),
        _Item(
            len(shapes) * (2 * R + 1.5),
            3 * R,
            faces,
            f"{', '.join(b.name for b in shapes)}: special shapes, no player colour",
        ),
        *(
            _Item(5, 5, swatch(colour), f"{colour.code} {words[colour.code]}", new_row=i == 0)
            for i, colour in enumerate(data.colours)
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
        need = item.width + 1.5 + text_width(item.label, SMALL) + 5
        if row and (item.new_row or x + need > EDGE + room):
            close_row()
            x = EDGE
        row.append((item, x))
        x += need
    close_row()
    return placed, y


# -- shapes ---------------------------------------------------------------
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


def _balloon(
    c: Canvas, data: AloftData, balloon: Balloon, cx: float, cy: float, r: float, *, initial: bool = True
) -> None:
    """A balloon: two colour halves with its pattern and letters, or a special shape's face (and its initial)."""
    rgb = {colour.code: colour.rgb for colour in data.colours}
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
            c.path(envelope, fill=rgb[code], stroke=None)
            hatch(c, *half, balloon.pattern, stroke="#3a3a3a", spacing=r / 4)
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


def _truck(c: Canvas, cx: float, cy: float, w: float, *, safety: bool, data: AloftData) -> None:
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


# -- cards ----------------------------------------------------------------
def _card_size(data: AloftData) -> tuple[float, float]:
    size = data.card
    return size.width, size.height


def _title(c: Canvas, w: float, text: str, sub: str, card: str) -> None:
    """A card's title and the line under it, each fitted to the card's safe area (``card`` names it)."""
    room = w - 6
    fit.line(c, w / 2, 8, text, room, size=10, part=card, field="title", bold=True, anchor="middle", fill=INK)
    fit.line(c, w / 2, 12.5, sub, room, size=6, part=card, field="subtitle", anchor="middle", fill=INK)


def _back(data: AloftData, kind: str, t: Catalogue) -> Face:
    w, h = _card_size(data)
    card, room, label, brand = f"{kind} card back", w - 10, t(f"back.{kind}"), t("back.brand")

    def draw(c: Canvas) -> None:
        c.rect(4, 4, w - 8, h - 8, stroke="#ffffff", width=0.6, radius=3)
        y = h / 2
        fit.line(
            c, w / 2, y, brand, room, size=13, part=card, field="back.brand", bold=True, anchor="middle", fill=WHITE
        )
        fit.line(c, w / 2, y + 6, label, room, size=7, part=card, field=f"back.{kind}", anchor="middle", fill=WHITE)

    return Face(draw, background="#2c4a6e")


def _balloon_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    back = _back(data, "balloon", t)
    cards = []
    for balloon in data.balloons:
        if balloon.shape:
            title, sub = t(f"data.shape.{balloon.name}.name"), t("card.shape.sub")
        else:
            first, second = (t(f"data.colour.{code}.name") for code in balloon.colours)
            title, sub = balloon.name.upper(), t("card.balloon.colours", first=first, second=second)

        def draw(c: Canvas, balloon: Balloon = balloon, title: str = title, sub: str = sub) -> None:
            _title(c, w, title, sub, f"balloon card {balloon.name!r}")
            _balloon(c, data, balloon, w / 2, h * 0.45, w * 0.3)

        cards.append(Card(f"balloon {balloon.name}", Face(draw, background=SKY), back))
    return cards


def truck_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    back = _back(data, "truck", t)
    cards = []
    for index in range(data.trucks):
        safety = index == data.trucks - 1
        title = t("card.safety") if safety else t("card.truck", number=index + 1)
        sub = t("card.safety.sub") if safety else ""

        def draw(c: Canvas, safety: bool = safety, title: str = title, sub: str = sub, index: int = index) -> None:
            _title(c, w, title, sub, f"truck card {index + 1}")
            _truck(c, w / 2, h * 0.6, w * 0.8, safety=safety, data=data)

        name = "truck safety" if safety else f"truck {index + 1}"
        cards.append(Card(name, Face(draw, background=ROAD), back))
    return cards


def _colour_cards(data: AloftData, t: Catalogue) -> list[Card]:
    w, h = _card_size(data)
    patterns: tuple[PatternKind, ...] = ("diagonal", "horizontal", "vertical", "grid", "dots", "none")
    back = _back(data, "colour", t)
    cards = []
    for colour, pattern in zip(data.colours, patterns):

        def draw(c: Canvas, colour: Colour = colour, pattern: PatternKind = pattern) -> None:
            _title(c, w, t(f"data.colour.{colour.code}.name"), t("card.colour.sub"), f"colour card {colour.code}")
            c.rect(6, 17, w - 12, h - 27, fill=colour.rgb, stroke=INK, width=0.5, radius=2)
            hatch(c, 6, 17, w - 12, h - 27, pattern, stroke="#4a4a4a", spacing=3)
            c.circle(w / 2, h / 2 + 3, 9, fill="#ffffff", stroke=INK, width=0.5)
            c.text(w / 2, h / 2 + 8, colour.code, size=22, bold=True, anchor="middle")  # one letter, B G P R W Y

        cards.append(Card(f"colour {colour.code}", Face(draw, background=PAPER), back))
    return cards


# -- tokens ---------------------------------------------------------------
def _token_sheets(data: AloftData, t: Catalogue) -> tuple[TokenSheet, ...]:
    r = TOKEN / 2  # every size below is a share of it (type sizes in points per mm of radius)
    any_colour, safety_word = t("token.any"), t("token.safety")

    def scoring(n: int) -> Token:
        def draw(c: Canvas) -> None:
            c.circle(r, r, r - 1.5, stroke=INK, width=0.3)
            c.text(r, r * 1.3, str(n), size=r * 1.4, bold=True, anchor="middle")  # a score of one or two digits

        return Token(f"score {n}", Face(draw, SCORING))

    def launch(colour: Colour) -> Token:
        def draw(c: Canvas) -> None:
            c.circle(r, r, r * 0.55, fill="#ffffff", stroke=INK, width=0.4)
            c.text(r, r * 1.28, colour.code, size=r * 1.2, bold=True, anchor="middle")  # one letter

        return Token(f"launch {colour.code}", Face(draw, colour.rgb))

    def multicoloured(c: Canvas) -> None:
        share = 2 * math.pi / len(data.colours)
        for i, colour in enumerate(data.colours):
            arc = [i * share + k * share / 8 for k in range(9)]
            rim = [(r + r * math.cos(a), r + r * math.sin(a)) for a in arc]
            c.polygon([(r, r), *rim], fill=colour.rgb, stroke=None)
        c.circle(r, r, r * 0.55, fill="#ffffff", stroke=INK, width=0.4)
        room, size = r * 1.1 - 1, r * 0.7  # across the white disc
        part = "multicoloured token"
        fit.line(c, r, r * 1.18, any_colour, room, size=size, part=part, field="token.any", bold=True, anchor="middle")

    def safety(c: Canvas) -> None:
        _truck(c, r, r * 1.4, TOKEN * 0.7, safety=True, data=data)
        room, size = r * 1.6, r * 0.6  # across the token, above the truck
        part, key = "safety token", "token.safety"
        fit.line(c, r, r * 0.6, safety_word, room, size=size, part=part, field=key, bold=True, anchor="middle")

    counts = data.tokens
    launches = [launch(colour) for colour in data.colours for _ in range(counts.launch_per_colour)]
    launches += [Token("launch multicoloured", Face(multicoloured)) for _ in range(counts.multicoloured)]
    safeties = tuple(Token("safety", Face(safety, "#fde2c8")) for _ in range(counts.safety))
    return (
        TokenSheet(t("tokens.scoring"), "round", TOKEN, tuple(scoring(n) for n in range(1, counts.scoring + 1))),
        TokenSheet(t("tokens.launch"), "round", TOKEN, tuple(launches)),
        TokenSheet(t("tokens.safety"), "round", TOKEN, safeties),
    )
