"""What a kit puts on a virtual table: decks, tiles (tokens and cut-out pieces), dice, boards and loose sheets.

A printed sheet that declares what it stands for (``Sheet.pieces``, ``Sheet.board``) gives those instead of
its own picture; any other sheet (a player aid) is one card to pick up. Each thing is there with its ``name`` (its
images' file names) and its ``title``, what a player reads of it (a part's ``title``, else its name).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pnp.printing.canvas import Drawing
from pnp.printing.cards import Item, ItemSet
from pnp.printing.parts import Board, Card, Deck, Die, Face, Kit, Part, Piece, Sheet, Token, TokenSheet


def title(part: Card | Token | Piece | Die) -> str:
    """What a table reads of ``part``: its title, else its name."""
    return part.title or part.name


@dataclass(frozen=True)
class Tile:
    """A flat piece to move: a token (``round`` or ``square``) or a piece cut from a sheet."""

    name: str
    shape: Literal["round", "square"]
    width: float
    height: float
    front: Face
    back: Face | None
    title: str = ""

    def items(self) -> ItemSet:
        """The tile as a run of one item, to draw its faces as the card sheets do."""
        item = Item("", self.name, self.front, self.back)
        return ItemSet(self.name, "token", self.shape, self.width, self.height, (item,))


@dataclass(frozen=True)
class TableDeck:
    """A deck's cards as one run of items, and what the table reads of each card."""

    items: ItemSet
    titles: tuple[str, ...]


@dataclass(frozen=True)
class Picture:
    """A drawing that lies on the table as one image: a board, or a sheet taken up as a card."""

    name: str
    drawing: Drawing
    title: str


@dataclass(frozen=True)
class TableSet:
    """Everything of a kit a virtual table holds, by kind."""

    decks: tuple[TableDeck, ...]
    cards: tuple[Picture, ...]
    tiles: tuple[Tile, ...]
    dice: tuple[Die, ...]
    boards: tuple[Picture, ...]

    @classmethod
    def of(cls, kit: Kit) -> TableSet:
        parts = [part for document in kit.documents for part in document.parts]
        sheets = [part for part in parts if isinstance(part, Sheet)]
        cut = [piece for sheet in sheets for piece in sheet.pieces]
        return cls(
            decks=tuple(TableDeck(ItemSet.of([p]), tuple(map(title, p.cards))) for p in parts if isinstance(p, Deck)),
            cards=tuple(Picture(s.name, s.drawing, s.name) for s in sheets if not s.pieces and s.board is None),
            tiles=(*_tokens(part for part in parts if isinstance(part, TokenSheet)), *_pieces(cut)),
            dice=tuple(piece for piece in cut if isinstance(piece, Die)),
            boards=tuple(_boards(parts)),
        )

    @property
    def steps(self) -> int:
        """Progress steps of an export: one per card, tile, die, board and loose sheet."""
        items = sum(len(deck.titles) for deck in self.decks)
        return items + len(self.cards) + len(self.tiles) + len(self.dice) + len(self.boards)


def _tokens(sheets: Iterator[TokenSheet]) -> Iterator[Tile]:
    for sheet in sheets:
        for token in sheet.tokens:
            yield Tile(token.name, sheet.shape, sheet.diameter, sheet.diameter, token.front, token.back, title(token))


def _pieces(cut: list[Piece | Die]) -> Iterator[Tile]:
    for piece in cut:
        if isinstance(piece, Piece):
            yield Tile(piece.name, "square", piece.width, piece.height, piece.front, piece.back, title(piece))


def _boards(parts: list[Part]) -> Iterator[Picture]:
    for part in parts:
        if isinstance(part, Board):
            yield Picture(part.name, part.drawing, part.name)
        elif isinstance(part, Sheet) and part.board is not None:
            yield Picture("board", part.board, part.board_title or "board")
