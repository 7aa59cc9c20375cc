"""Tabletop Simulator deck sheets: cards in grids of up to 10 x 7, the deck's back in the last cell.

The sheet's last cell (bottom right) is the face TTS shows for a card in another player's hand: we put
the deck's back there. When every card of a deck has the same back, the deck has one back image;
otherwise a back sheet of the same grid (``UniqueBack``).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass

from PIL import Image

from pnp.export import tts_objects as tts
from pnp.export.faces import face_drawing
from pnp.export.images import ImageFiles
from pnp.export.raster import rasterise
from pnp.export.table import TableDeck
from pnp.export.tts_sizes import card_scale
from pnp.printing.cards import ItemSet
from pnp.printing.fonts import Faces
from pnp.printing.parts import Face

MAX_SIDE = 4096  # pixels, a side of any image
MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_CELLS = 2  # a side of the grid at least: single-row sheets are not documented, blank cells cost little
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last cell holds the hidden face
_PLAIN = Face(lambda canvas: None)  # a white back for a deck whose cards have none


@dataclass(frozen=True)
class Grid:
    """A sheet's grid and its cell size in pixels."""

    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]

    def origin(self, index: int) -> tuple[int, int]:
        """Where cell ``index`` (in reading order) starts on the sheet."""
        return index % self.columns * self.cell[0], index // self.columns * self.cell[1]


def grid(cards: int, width: float, height: float, dpi: float, cell: tuple[int, int] | None = None) -> Grid:
    """The smallest grid for ``cards`` and a hidden face, its cells ``cell`` or at ``dpi`` within the size limit."""
    rows = max(MIN_CELLS, math.ceil((cards + 1) / MAX_COLUMNS))
    columns = max(MIN_CELLS, math.ceil((cards + 1) / rows))
    if cell is None:
        px_per_mm = min(dpi / 25.4, MAX_SIDE // columns / width, MAX_SIDE // rows / height)
        cell = (min(round(width * px_per_mm), MAX_SIDE // columns), min(round(height * px_per_mm), MAX_SIDE // rows))
    return Grid(columns, rows, cell)


def deck_object(
    table_deck: TableDeck, keys: Iterator[int], dpi: float, typefaces: Faces, files: ImageFiles
) -> tts.Saved:
    """One deck's sheets and backs saved, and its object for the saved file (a lone card for a deck of one), face
    down at its printed size, sideways when its cards are wide, each card named by its title.

    Every sheet of a deck has the first sheet's cell size. Backs that are one picture (compared
    pixel by pixel, as cards may draw the same back each with a function of its own) make one image.
    Faces are rendered a sheet at a time, so a large deck never holds more than a sheet in memory.
    """
    deck = table_deck.items
    chunks = [deck.items[i : i + PER_SHEET] for i in range(0, len(deck.items), PER_SHEET)]
    cell = grid(len(chunks[0]), deck.width, deck.height, dpi).cell
    backs = _render(deck, [item.back or _PLAIN for item in deck.items], cell, typefaces)
    hidden = next(backs)
    same_back = all(image.tobytes() == hidden.tobytes() for image in backs)  # stops at the first that differs
    backs.close()  # the rest unrendered, its PDF closed now
    sheets: dict[str, tts.Saved] = {}
    ids: list[int] = []
    back_url = files.save(f"{deck.name} back", hidden) if same_back else ""
    for number, chunk in enumerate(chunks, 1):
        layout = grid(len(chunk), deck.width, deck.height, dpi, cell)
        if not same_back:
            back_sheet = _sheet(layout, _render(deck, [item.back or _PLAIN for item in chunk], cell, typefaces), hidden)
            back_url = files.save(f"{deck.name} back {number}", back_sheet)
        fronts = _sheet(layout, _render(deck, [item.front for item in chunk], cell, typefaces), hidden)
        face_url = files.save(f"{deck.name} {number}", fronts, len(chunk))
        key = next(keys)  # a card's id is its sheet's key times 100 plus its cell
        # the sheet's last cell is the hidden face, so BackIsHidden is false
        sheets[str(key)] = tts.custom_deck(face_url, back_url, layout.columns, layout.rows, False, not same_back)
        ids += [key * 100 + index for index in range(len(chunk))]
    scale, sideways = card_scale(deck.height), deck.width > deck.height
    cards = [
        tts.card(title, card_id, {str(card_id // 100): sheets[str(card_id // 100)]}, tts.transform(scale), sideways)
        for title, card_id in zip(table_deck.titles, ids, strict=True)
    ]
    where = tts.transform(scale, face_down=True)
    if len(cards) == 1:
        return cards[0] | {"Transform": where}
    return tts.deck(deck.name, cards, sheets, where, sideways)


def _render(
    deck: ItemSet, faces: Sequence[Face], cell: tuple[int, int], typefaces: Faces
) -> Generator[Image.Image, None, None]:
    """The faces at the deck's cut size (no bleed: a table shows the whole cell), their text in ``typefaces``,
    one image at a time."""
    return rasterise([face_drawing(deck, face, 0.0) for face in faces], [cell] * len(faces), typefaces)


def _sheet(layout: Grid, images: Iterable[Image.Image], hidden: Image.Image) -> Image.Image:
    """Images in reading order, the hidden face in the last cell, white elsewhere."""
    sheet = Image.new("RGB", layout.size, "white")
    for index, image in enumerate(images):
        sheet.paste(image, layout.origin(index))
    sheet.paste(hidden, layout.origin(layout.columns * layout.rows - 1))
    return sheet
