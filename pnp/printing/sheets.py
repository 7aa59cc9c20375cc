"""Text sheets: the sides of a rules sheet and the player aids, set from headings, paragraphs, lists, tables
and figures.

A game says what a sheet says (a list of blocks); this module sets it in columns, smaller step by step when it
does not fit (down to a 6 pt body; a title or heading too wide is set smaller on its own first, and a heading,
word or table cell still wider than its place does not fit either), and raises if it does not fit even then,
so a text that grows too long fails the build instead of running off the paper, saying what is over: the word
wider than its column, or how much text is past the last column. In
any text, ``*words*`` are set in bold. Figures sit on a light tint (``FIGURE_TINT``): the only place text may
be smaller than the body, since a figure is a component drawn to scale.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import NamedTuple

from pnp.errors import quote
from pnp.printing.canvas import PT, Anchor, Canvas, Draw, Drawing
from pnp.printing.fit import STEP_PT, Overflow, figures, fit_line
from pnp.printing.fonts import breaks, fit_size, may_break, right_to_left, stretches, text_width
from pnp.printing.legible import SMALLEST_PT, Legible
from pnp.printing.parts import Sheet
from pnp.printing.reuse import place
from pnp.texts import Catalogue

INK = "#1d1d1b"
FIGURE_TINT = "#f2f0ea"
RULE_GREY = "#8c8c8c"
HEADER_TINT = "#e4e8ee"  # a table's first row and column
CUT = "#9a9a9a"
TITLE_FIELD = "sheet title"  # what an Overflow of a sheet's title names as its field

# A rules side fits the content area of both A4 and Letter in portrait (200 x 283 and 205.9 x 265.4 mm);
# an aid card is a quarter of it at most, so four go on a page (side by side, with the packer's 5 mm between
# them), or a sixth for five or six players, so that their aids still take one page; its text is set as large
# as the card holds (AID_STYLE's body at most).
RULES_SIDE = (200.0, 265.0)
AID_CARD = (97.5, 130.0)
AID_GAP = RULES_SIDE[0] - 2 * AID_CARD[0]  # the packer's 5 mm between two cards side by side, and one above another
AID_CARD_OF_SIX = (AID_CARD[0], (RULES_SIDE[1] - 2 * AID_GAP) / 3)


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Text:
    """A paragraph."""

    text: str


@dataclass(frozen=True)
class Items:
    """A bulleted list, or a numbered one."""

    items: tuple[str, ...]
    numbered: bool = False


@dataclass(frozen=True)
class Table:
    """A small grid of equal columns, its first row and first column in bold."""

    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Figure:
    """A drawing scaled down to the column's width (and at most ``height`` mm), with a caption below it."""

    drawing: Drawing
    caption: str
    height: float


Block = Heading | Text | Items | Table | Figure


@dataclass(frozen=True)
class Aid:
    """A player aid for a screen: its blocks, and for each stage of a game the printed rule of that stage."""

    blocks: tuple[Block, ...]
    stages: Mapping[str, tuple[Block, ...]]


SHRINK_STEP = 0.5  # points a sheet's body shrinks by at a time when its text does not fit


@dataclass(frozen=True)
class Style:
    """Sizes in points, lengths in mm; ``step``: how much the body shrinks by at a time when the text does not
    fit (the heading and title with it)."""

    body: float
    heading: float
    title: float
    columns: int
    margin: float
    gutter: float
    step: float = SHRINK_STEP

    def scaled(self, body: float) -> Style:
        """The same style with a body of ``body`` points, its heading and title in proportion."""
        ratio = body / self.body
        return replace(self, body=body, heading=self.heading * ratio, title=self.title * ratio)


RULES_STYLE = Style(body=9.0, heading=11.0, title=16.0, columns=2, margin=6.0, gutter=7.0)
# an aid is read across the table: its body as large as its card holds, 10 pt at most, tried a quarter point at a time
AID_STYLE = Style(body=10.0, heading=34 / 3, title=40 / 3, columns=1, margin=4.0, gutter=0.0, step=STEP_PT)

_BOLD = re.compile(r"\*([^*]+)\*")


class Word(NamedTuple):
    """A word of a paragraph, or a piece of one where a line may end inside it (CJK text)."""

    text: str
    bold: bool
    spaced: bool  # a space stands before it
    breaks: bool  # a line may end before it: after a space, or between CJK characters (``fonts.may_break``)


def rules_sheets(title: str, sides: tuple[tuple[Block, ...], ...], texts: Catalogue) -> tuple[Sheet, ...]:
    """The rules on one side when they fit there at their own size, else on two (one sheet of paper printed on
    both, so the file asks the print dialog for double-sided printing, as card backs do), the first side filled
    before the second; their headings from ``texts``.

    ``sides`` is the text as the game divides it; only text that does not fit the first side goes on the second.
    """
    if not 1 <= len(sides) <= 2:
        raise ValueError(f"a rules sheet has one or two sides, not {len(sides)}")
    blocks = sum(sides, ())
    whole = texts("print.rules.whole.title", game=title)
    if _fits(whole, blocks):
        return (Sheet(texts("print.rules.whole.label"), _rules_side(whole, title, blocks, blocks)),)
    first = texts("print.rules.title", game=title, number=1, total=2)
    split = next(k for k in range(len(blocks) - 1, -1, -1) if _fits(first, blocks[:k]))
    while split and isinstance(blocks[split - 1], Heading):  # a heading goes over with its text
        split -= 1
    return tuple(
        Sheet(
            texts("print.rules.label", number=n),
            _rules_side(texts("print.rules.title", game=title, number=n, total=2), title, side, blocks),
            duplex_front=n == 1,
        )
        for n, side in enumerate((blocks[:split], blocks[split:]), 1)
    )


def _rules_side(title: str, game: str, blocks: tuple[Block, ...], flowed: tuple[Block, ...]) -> Drawing:
    return text_drawing(title, blocks, *RULES_SIDE, RULES_STYLE, flowed=flowed, written=game)


def _fits(title: str, blocks: tuple[Block, ...]) -> bool:
    """Whether ``blocks`` fit on one rules side at the rules' own size (``text_drawing`` would set them smaller)."""
    try:
        _Setter(title, *RULES_SIDE, RULES_STYLE).set(blocks)
    except _Full:
        return False
    return True


def player_aids(title: str, blocks: tuple[Block, ...], players: int, texts: Catalogue) -> tuple[Sheet, ...]:
    """One aid card per player, its text as large as its card holds (``aid_card``; ``AID_STYLE``'s body at most),
    the card as tall as its text, each framed by its cut line."""
    heading = texts("print.aid.title", game=title)
    card = text_drawing(heading, blocks, *aid_card(players), AID_STYLE, shrink=True, written=title)
    width, height = card.width, card.height

    def draw(c: Canvas) -> None:
        place(c, card)  # written once per file, however many players
        c.rect(0.2, 0.2, width - 0.4, height - 0.4, stroke=CUT, width=0.25, dash=(1.5, 1.0))

    return tuple(Sheet(texts("print.aid.label", number=n), Drawing(width, height, draw)) for n in range(1, players + 1))


def aid_card(players: int) -> tuple[float, float]:
    """The largest aid card for ``players`` (mm): a quarter of a rules side for up to four, a sixth beyond."""
    return AID_CARD if players <= 4 else AID_CARD_OF_SIX


def text_drawing(
    title: str,
    blocks: tuple[Block, ...],
    width: float,
    height: float,
    style: Style,
    shrink: bool = False,
    flowed: tuple[Block, ...] = (),
    written: str = "",
) -> Drawing:
    """``blocks`` set in ``style``'s columns under ``title``, smaller (down to a 6 pt body) when they do not fit
    ``height``; Overflow when they do not fit even then, saying what is over: a word wider than its column, or
    how much text is past the last column.

    ``shrink`` ends the drawing below its text instead, however tall that is up to ``height``. ``flowed``: the
    whole text ``blocks`` were cut from (a rules sheet's two sides), which a text past the last column names as
    what may have pushed it there (a paragraph that took the first side's room), rather than ``blocks`` alone.
    ``written``: the part of ``title`` a file writes (the game's name), which a title too wide names.
    """
    body = style.body
    while True:
        setter = _Setter(title, width, height, style.scaled(body), written=written)
        try:
            setter.set(blocks)
            break
        except _Full as full:
            if body <= SMALLEST_PT:
                if isinstance(full, _Wide):
                    raise full.overflow(title) from None
                raise _past(title, blocks, width, height, style.scaled(body), flowed or blocks) from None
            body = max(SMALLEST_PT, body - style.step)
    strokes = tuple(setter.strokes)
    style = setter.style

    def draw(c: Canvas) -> None:
        for stroke in strokes:
            stroke(c)

    return Drawing(width, min(height, setter.deepest + style.margin) if shrink else height, draw)


def _title_fits(c: Canvas, *, text: str, width: float, size: float, written: str) -> None:
    """Overflow when the sheet's title ``text`` is wider than ``width`` mm even at 6 pt (its own part), naming what
    of it a file writes (``written``: the game's name), where known."""
    fit_line(text, width, size, part=text, field=TITLE_FIELD, bold=True, faces=c.faces, written=written)


class _Full(Exception):
    """The text reached past the last column."""


class _Wide(_Full):
    """A word, heading or table cell (``what`` names it) that needs ``need`` mm of width where its column has
    ``room``: smaller text would not help it, nor would more columns. ``text``: the paragraph, item, heading or
    cell it is in, which a check finds in the files it came from."""

    def __init__(self, what: str, need: float, room: float, text: str) -> None:
        super().__init__(what)
        self.what, self.need, self.room, self.text = what, need, room, text

    def overflow(self, title: str) -> Overflow:
        """The Overflow of the sheet titled ``title``: the word and its width against its column's."""
        needs, holds = figures(self.need, self.room)
        over = f"it needs {needs} mm, the column holds {holds} mm"
        return Overflow(title, "text", f"{self.what} is wider than its column at {SMALLEST_PT:g} pt: {over}", self.text)


def _past(
    title: str, blocks: tuple[Block, ...], width: float, height: float, style: Style, flowed: tuple[Block, ...]
) -> Overflow:
    """How much ``blocks`` overrun their page in ``style``: set in as many columns as they take, measured; named
    with the texts of ``flowed``, one a line."""
    setter = _Setter(title, width, height, style, measuring=True)
    setter.set(blocks)
    column = setter.bottom - setter.top
    need, room = figures(setter.column * column + setter.y - setter.top, style.columns * column)
    over = f"the text needs {need} mm of column, the page holds {room} mm at {SMALLEST_PT:g} pt"
    return Overflow(title, "text", over, "\n".join(_words(block) for block in flowed))


def _words(block: Block) -> str:
    """What ``block`` says, a line for each of its paragraphs, items, rows or captions (for a check to find in the
    files it came from)."""
    if isinstance(block, Items):
        return "\n".join(block.items)
    if isinstance(block, Table):
        return "\n".join(cell for row in block.rows for cell in row)
    return block.caption if isinstance(block, Figure) else block.text


def runs(text: str) -> list[tuple[str, bool]]:
    """``text`` cut where its emphasis starts and stops: each run, and whether it stands between asterisks."""
    return [(part, index % 2 == 1) for index, part in enumerate(_BOLD.split(text)) if part]


def words_of(text: str) -> list[Word]:
    """The words of ``text``, each marked bold when it stands between asterisks; CJK text cut between its
    characters where a line may end (``fonts.breaks``)."""
    words: list[Word] = []
    before = " "
    for part, bold in runs(text):
        for n, (piece, spaced) in enumerate(breaks(part)):
            if n == 0:  # "*packed*." keeps its full stop
                spaced = before[-1].isspace() or part[0].isspace()
            words.append(Word(piece, bold, spaced, spaced or n > 0 or may_break(before[-1], piece[0])))
        before = part
    return words


def wrap_words(words: list[Word], size: float, width: float) -> list[list[Word]]:
    """``words`` in lines no wider than ``width`` mm at ``size`` points (a longer word has a line of its own)."""
    lines: list[list[Word]] = []
    used = 0.0
    for word in words:
        need = text_width(word.text, size, word.bold) + (text_width(" ", size) if word.spaced else 0.0)
        if lines and (not word.breaks or used + need <= width):
            lines[-1].append(word)
            used += need
        else:
            lines.append([word._replace(spaced=False)])
            used = text_width(word.text, size, word.bold)
    return lines


class _Setter:
    """Places blocks down the columns, keeping the drawing operations for later; ``measuring`` goes on past the
    last column (to see how far the text reaches)."""

    def __init__(
        self, name: str, width: float, height: float, style: Style, measuring: bool = False, written: str = ""
    ) -> None:
        self.name, self.written = name, written
        self.measuring = measuring
        self.style = style
        self.width = width
        self.column_width = (width - 2 * style.margin - style.gutter * (style.columns - 1)) / style.columns
        self.bottom = height - style.margin
        self.column = 0
        self.top = style.margin
        self.y = style.margin
        self.filled = style.margin  # the lowest point of the columns already full
        self.strokes: list[Draw] = []

    @property
    def x(self) -> float:
        return self.style.margin + self.column * (self.column_width + self.style.gutter)

    def leading(self, size: float) -> float:
        return size * PT * 1.3

    def set(self, blocks: tuple[Block, ...]) -> None:
        """The title, then every block; ``_Full`` when they reach past the last column."""
        self.title(self.name)
        for block in blocks:
            self.block(block)

    def wide(self, need: float, room: float, what: str, text: str) -> None:
        """``_Wide`` when ``what`` (a word, heading or cell of ``text``), ``need`` mm wide, has only ``room``
        (unless measuring, which goes on)."""
        if need > room + 1e-6 and not self.measuring:
            raise _Wide(what, need, room, text)

    def title(self, text: str) -> None:
        """The title at the style's size, or smaller to fit the width (down to the smallest size a kit prints)."""
        x, width = self.style.margin, self.width - 2 * self.style.margin
        size = fit_size(text, width, self.style.title, True, SMALLEST_PT)
        baseline = self.y + size * PT
        side: tuple[float, Anchor] = (x + width, "end") if right_to_left(text) else (x, "start")
        # a title too wide even at 6 pt is reported when the sheet is drawn, as a board's text is: a check collects
        # it beside the kit's other texts too long, and a build stops on it in the order the kit prints
        self.strokes.append(partial(_title_fits, text=text, width=width, size=self.style.title, written=self.written))
        self.strokes.append(_label(side[0], baseline, text, size, bold=True, anchor=side[1]))
        rule = baseline + 1.8
        self.strokes.append(lambda c: c.line(x, rule, x + width, rule, stroke=INK, width=0.4))
        self.top = self.y = rule + 2.5

    def room(self, need: float) -> None:
        """Move to the next column unless ``need`` mm still fit in this one."""
        if self.y + need <= self.bottom + 1e-6:
            return
        self.next_column()

    @property
    def deepest(self) -> float:
        """How far down the text reaches in any column so far."""
        return max(self.y, self.filled)

    def next_column(self) -> None:
        self.filled = max(self.filled, self.y)
        self.column += 1
        if self.column >= self.style.columns and not self.measuring:
            raise _Full
        self.y = self.top

    def block(self, block: Block) -> None:
        if isinstance(block, Heading):
            self.heading(block.text)
        elif isinstance(block, Text):
            self.paragraph(block.text, indent=0.0)
            self.y += self.leading(self.style.body) * 0.35
        elif isinstance(block, Items):
            for n, item in enumerate(block.items, 1):
                self.paragraph(item, indent=4.6 if block.numbered else 3.2, marker=f"{n}." if block.numbered else "•")
            self.y += self.leading(self.style.body) * 0.35
        elif isinstance(block, Table):
            self.table(block.rows)
        else:
            self.figure(block)

    def heading(self, text: str) -> None:
        """A heading at the style's size, or smaller down to the body's to fit the column."""
        size = fit_size(text, self.column_width, self.style.heading, True, self.style.body)
        self.wide(text_width(text, size, True), self.column_width, f"the heading {quote(text)}", text)
        first_line = self.leading(self.style.body) * 2  # never a heading alone at a column's foot
        if self.y > self.top:
            self.y += 1.2
        self.room(self.leading(size) + first_line)
        baseline, x = self.y + size * PT, self.x
        if right_to_left(text):  # a heading that reads from the right starts at the column's right edge
            self.strokes.append(_label(x + self.column_width, baseline, text, size, bold=True, anchor="end"))
        else:
            self.strokes.append(_label(x, baseline, text, size, bold=True))
        self.y += self.leading(size) + 0.4

    def paragraph(self, text: str, indent: float, marker: str = "") -> None:
        words = words_of(text)
        size = self.style.body
        lead = self.leading(size)
        rtl = _right_to_left(words)
        room = self.column_width - indent
        for number, line in enumerate(wrap_words(words, size, room)):
            # a line too wide is one word with what may not be cut from it ("*packed*." keeps its full stop)
            self.wide(_line_width(line, size), room, f"the word {quote(_line_text(line))}", text)
            self.room(lead)
            baseline, x = self.y + size * PT, self.x
            if number == 0 and marker:  # on the side the paragraph starts from
                side: tuple[float, Anchor] = (x + self.column_width, "end") if rtl else (x, "start")
                self.strokes.append(_label(side[0], baseline, marker, size, bold=True, anchor=side[1]))
            left = x if rtl else x + indent
            self.strokes.append(
                partial(_set_line, x=left, width=room, baseline=baseline, line=line, size=size, rtl=rtl)
            )
            self.y += lead

    def table(self, rows: tuple[tuple[str, ...], ...]) -> None:
        size = self.style.body
        row_height = self.leading(size) + 1.2
        self.room(row_height * len(rows))
        first, cell = self.table_columns(rows, size)
        x0, top = self.x, self.y
        for r, row in enumerate(rows):
            y = top + r * row_height
            for k, value in enumerate(row):
                left = x0 if k == 0 else x0 + first + (k - 1) * cell
                w = first if k == 0 else cell
                header = r == 0 or k == 0
                self.strokes.append(_cell(left, y, w, row_height, HEADER_TINT if header else None))
                baseline = y + row_height / 2 + size * PT * 0.35
                if k == 0:
                    self.strokes.append(_label(left + 1.5, baseline, value, size, bold=True))
                else:
                    self.strokes.append(_label(left + w / 2, baseline, value, size, bold=header, anchor="middle"))
        self.y = top + row_height * len(rows) + 2.0

    def table_columns(self, rows: tuple[tuple[str, ...], ...], size: float) -> tuple[float, float]:
        """The width of a table's first column (its widest cell's) and of each other (an equal share of what is
        left); ``_Wide`` for a cell wider than its column, or for the first column's widest when it takes more than
        an equal share: it is what leaves the others too narrow."""
        count = max(len(row) for row in rows)
        head = max((row[0] for row in rows), key=lambda value: text_width(value, size, True))
        first = text_width(head, size, True) + 3
        need, widest = max((text_width(v, size, r == 0) + 1.0, v) for r, row in enumerate(rows) for v in row[1:])
        if first > self.column_width / count:
            self.wide(first, self.column_width - need * (count - 1), f"the table cell {quote(head)}", head)
        cell = (self.column_width - first) / (count - 1)
        self.wide(need, cell, f"the table cell {quote(widest)}", widest)
        return first, cell

    def figure(self, figure: Figure) -> None:
        drawing = figure.drawing
        caption = wrap_words(words_of(figure.caption), self.style.body, self.column_width - 4)
        for line in caption:  # a word too wide would run off the figure's tint, as one of a paragraph off its column
            what = f"the word {quote(_line_text(line))}"
            self.wide(_line_width(line, self.style.body), self.column_width - 4, what, figure.caption)
        scale = min((self.column_width - 4) / drawing.width, figure.height / drawing.height)
        w, h = drawing.width * scale, drawing.height * scale
        box = h + 4 + len(caption) * self.leading(self.style.body) + 1
        self.room(box)
        x0, top, column_width = self.x, self.y, self.column_width
        left = x0 + (column_width - w) / 2

        def draw(c: Canvas) -> None:
            c.rect(x0, top, column_width, box, fill=FIGURE_TINT, stroke=None, radius=1.5)
            with c.clip(left, top + 2, w, h), c.group(left, top + 2, scale=scale, name="figure"):
                Legible(c, scale).draw(drawing)  # no text under the kit's smallest size, no badge left empty

        self.strokes.append(draw)
        self.y = top + h + 4
        rtl = _right_to_left([word for line in caption for word in line])
        for line in caption:
            baseline = self.y + self.style.body * PT
            set_line = partial(
                _set_line, x=x0 + 2, width=column_width - 4, baseline=baseline, line=line, size=self.style.body, rtl=rtl
            )
            self.strokes.append(set_line)
            self.y += self.leading(self.style.body)
        self.y = top + box + 2.5


def _label(x: float, baseline: float, text: str, size: float, bold: bool = False, anchor: Anchor = "start") -> Draw:
    return lambda c: c.text(x, baseline, text, size=size, bold=bold, anchor=anchor, fill=INK)


def _line_width(line: list[Word], size: float) -> float:
    """How wide a set line of ``line`` is at ``size`` points."""
    return sum(text_width(w.text, size, w.bold) + (text_width(" ", size) if w.spaced else 0.0) for w in line)


def _line_text(line: list[Word]) -> str:
    """What a set line of ``line`` reads."""
    return "".join((" " if word.spaced else "") + word.text for word in line)


def _cell(x: float, y: float, w: float, h: float, fill: str | None) -> Draw:
    return lambda c: c.rect(x, y, w, h, fill=fill, stroke=RULE_GREY, width=0.2)


def _right_to_left(words: list[Word]) -> bool:
    """Whether the paragraph of ``words`` reads from the right (its first letter with a direction does)."""
    return right_to_left("".join(word.text for word in words))


def _set_line(c: Canvas, x: float, width: float, baseline: float, line: list[Word], size: float, rtl: bool) -> None:
    """One set line of a paragraph in the ``width`` mm from ``x``, reading from the right or not (``rtl``): from
    the left edge, or else ending at the right one. In the order the bidirectional algorithm gives the whole
    line (a right-to-left one reads from its right end, its bold title there), each stretch of one weight and
    direction drawn after the one on its left."""
    text = ""
    bold: list[bool] = []  # for each character of the line, whether it is bold
    for word in line:
        if word.spaced:  # a space between words belongs to the word before it
            text, bold = text + " ", bold + bold[-1:]
        text, bold = text + word.text, bold + [word.bold] * len(word.text)
    weights = {index for index in range(1, len(text)) if bold[index] != bold[index - 1]}
    pieces = [(text[start:end], bold[start], turned) for start, end, turned in stretches(text, rtl, weights)]
    widths = [text_width(piece, size, heavy, c.faces) for piece, heavy, _ in pieces]
    if rtl:
        x += width - sum(widths)
    for (piece, heavy, turned), w in zip(pieces, widths):
        c.text(x, baseline, piece, size=size, bold=heavy, fill=INK, direction="rtl" if turned else "ltr")
        x += w
