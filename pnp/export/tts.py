"""``pnp export --tts``: deck sheets, back images, board images and a saved object for Tabletop Simulator.

Tabletop Simulator takes a deck as sheets of up to 10 x 7 cards, at most 4096 px a side. The sheet's
last cell (bottom right) is the face it shows for a card in another player's hand: we put the deck's
back there. When every card of a deck has the same back, the deck has one back image; otherwise a back
sheet of the same grid (``UniqueBack``). Boards and sheets (player aids, die nets) are one image each.
The saved object (``<game>.json``) names the images by file name relative to itself, or under ``url``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from pnp.export.faces import components, face_drawing
from pnp.export.images import PngWriter
from pnp.export.raster import rasterise
from pnp.files import file_name, make_dir, write_atomic
from pnp.printing.cards import ItemSet
from pnp.printing.parts import Board, Face, Kit, Sheet

if TYPE_CHECKING:
    from pnp.printing.render import Progress

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


def step_count(kit: Kit) -> int:
    """How many steps ``export_tts`` reports for ``kit``: one per card and one per board or sheet."""
    return _steps(_decks(kit), _pictures(kit))


def export_tts(kit: Kit, out: Path, dpi: float, url: str = "", progress: Progress | None = None) -> list[Path]:
    """Write the sheets, backs, boards and ``<game>.json`` into ``out/<game>/tts/``; returns the files written.

    ``progress(done, total)`` is called as each sheet of cards and each board or sheet is saved.
    """
    folder = make_dir(Path(out) / file_name(kit.game) / "tts")
    decks, pictures = _decks(kit), _pictures(kit)
    total = _steps(decks, pictures)
    writer = PngWriter(dpi)
    written: list[Path] = []
    done = 0

    def save(name: str, image: Image.Image, steps: int = 0) -> str:
        nonlocal done
        written.append(writer.write(folder / name, image))
        done += steps
        if progress is not None and steps:
            progress(done, total)
        return url + name

    keys = itertools.count(1)  # one CustomDeck key per sheet, unique in the file
    objects = [_deck(deck, number, keys, dpi, save) for number, deck in enumerate(decks)]
    for index, picture in enumerate(pictures):
        drawing = picture.drawing
        px_per_mm = min(dpi / 25.4, MAX_SIDE / max(drawing.width, drawing.height))
        image = next(rasterise([drawing], [(round(drawing.width * px_per_mm), round(drawing.height * px_per_mm))]))
        objects.append(_board_object(picture.name, save(f"{file_name(picture.name)}.png", image, 1), index))
    path = folder / f"{file_name(kit.game)}.json"
    write_atomic(path, json.dumps(_saved_object(kit.title, objects), indent=2) + "\n", sync=False)
    return [*written, path]


def _steps(decks: list[ItemSet], pictures: list[Board | Sheet]) -> int:
    """Progress steps: one per card (counted as its sheet is saved) and one per board or sheet."""
    return sum(len(deck.items) for deck in decks) + len(pictures)


def _decks(kit: Kit) -> list[ItemSet]:
    return [c for c in components(kit) if c.kind == "card"]


def _pictures(kit: Kit) -> list[Board | Sheet]:
    """Boards, and sheets such as player aids: each one image on the table."""
    return [part for doc in kit.documents for part in doc.parts if isinstance(part, (Board, Sheet))]


def _deck(deck: ItemSet, number: int, keys: Iterator[int], dpi: float, save: Callable[..., str]) -> dict:
    """One deck's sheets and backs saved, and its object for the saved file.

    Every sheet of a deck has the first sheet's cell size. Backs that are one picture (compared
    pixel by pixel, as cards may draw the same back each with a function of its own) make one image.
    Faces are rendered a sheet at a time, so a large deck never holds more than a sheet in memory.
    """
    stem = file_name(deck.name)
    chunks = [deck.items[i : i + PER_SHEET] for i in range(0, len(deck.items), PER_SHEET)]
    cell = grid(len(chunks[0]), deck.width, deck.height, dpi).cell
    backs = _render(deck, [item.back or _PLAIN for item in deck.items], cell)
    hidden = next(backs)
    same_back = all(image.tobytes() == hidden.tobytes() for image in backs)  # stops at the first that differs
    backs.close()  # the rest unrendered, its PDF closed and removed now
    custom: dict[str, dict] = {}
    ids: list[int] = []
    back_url = save(f"{stem}-back.png", hidden) if same_back else ""
    for sheet, chunk in enumerate(chunks, 1):
        layout = grid(len(chunk), deck.width, deck.height, dpi, cell)
        if not same_back:
            back_sheet = _sheet(layout, _render(deck, [item.back or _PLAIN for item in chunk], cell), hidden)
            back_url = save(f"{stem}-back-{sheet}.png", back_sheet)
        fronts = _sheet(layout, _render(deck, [item.front for item in chunk], cell), hidden)
        face_url = save(f"{stem}-{sheet}.png", fronts, len(chunk))
        key = next(keys)  # a card's id is its sheet's key times 100 plus its cell
        custom[str(key)] = {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": layout.columns,
            "NumHeight": layout.rows,
            "BackIsHidden": False,  # the sheet's last cell is the hidden face
            "UniqueBack": not same_back,
            "Type": 0,  # a card with rounded corners
        }
        ids += [key * 100 + index for index in range(len(chunk))]
    cards = [_card(item.name, card_id, custom) for item, card_id in zip(deck.items, ids)]
    if len(cards) == 1:
        return cards[0] | {"Transform": _transform(number * 3.0)}
    return {
        "Name": "DeckCustom",
        "Nickname": deck.name,
        "Transform": _transform(number * 3.0),
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }


def _render(deck: ItemSet, faces: Sequence[Face], cell: tuple[int, int]) -> Generator[Image.Image, None, None]:
    """The faces at the deck's cut size (no bleed: a table shows the whole cell), one image at a time."""
    return rasterise([face_drawing(deck, face, 0.0) for face in faces], [cell] * len(faces))


def _sheet(layout: Grid, images: Iterable[Image.Image], hidden: Image.Image) -> Image.Image:
    """Images in reading order, the hidden face in the last cell, white elsewhere."""
    sheet = Image.new("RGB", layout.size, "white")
    for index, image in enumerate(images):
        sheet.paste(image, layout.origin(index))
    sheet.paste(hidden, layout.origin(layout.columns * layout.rows - 1))
    return sheet


def _card(name: str, card_id: int, custom: dict[str, dict]) -> dict:
    key = str(card_id // 100)
    return {
        "Name": "Card",
        "Nickname": name,
        "CardID": card_id,
        "Transform": _transform(0.0),
        "CustomDeck": {key: custom[key]},
    }


def _board_object(name: str, image_url: str, index: int) -> dict:
    return {
        "Name": "Custom_Board",
        "Nickname": name,
        "Transform": _transform(0.0, z=-20.0 * (index + 1), face_down=False),
        "CustomImage": {"ImageURL": image_url, "ImageSecondaryURL": "", "WidthScale": 0.0},
    }


def _transform(x: float, z: float = 0.0, face_down: bool = True) -> dict[str, float]:
    """Where an object lies on the table: cards and decks face down, boards face up."""
    turn = 180.0 if face_down else 0.0
    return {
        "posX": x, "posY": 1.0, "posZ": z,
        "rotX": 0.0, "rotY": turn, "rotZ": turn,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0,
    }  # fmt: skip


def _saved_object(title: str, objects: list[dict]) -> dict:
    """A saved-objects file: Tabletop Simulator's save format with just the objects filled in."""
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "ObjectStates": objects}
