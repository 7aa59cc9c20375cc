"""``pnp export --tts``: a kit's images and a saved object for Tabletop Simulator.

Decks become deck sheets (``pnp.export.tts_decks``); tokens and cut-out pieces tiles, piled where they look
the same; dice TTS's custom dice; boards locked boards; any other sheet (a player aid) a card. Images are at
``dpi`` with no side over 4096 px. The saved object (``<game>.json``) names the images by file name
relative to itself, or under ``url``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from pnp.export import dice
from pnp.export import tts_objects as tts
from pnp.export.faces import face_drawing
from pnp.export.images import ImageFiles, PngWriter
from pnp.export.raster import rasterise
from pnp.export.table import Picture, TableSet, Tile, title
from pnp.export.tts_decks import MAX_SIDE, deck_object
from pnp.files import file_name, make_dir, write_atomic
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.fonts import Faces
from pnp.printing.parts import Die, Kit

if TYPE_CHECKING:
    from pnp.printing.render import Progress

DECK_STEP = 3.0  # table units between two decks (or loose cards) in the first row
ROW = 8.0  # table units from the decks to the tiles, and from the tiles to the dice
TILE_STEP, DIE_STEP = 2.5, 2.0  # table units between two piles of tiles, two dice
BOARD_STEP = 20.0  # table units between boards, below the decks
BOARD_MARGIN = 2.0  # mm of white round a board, so that an outline on its edge (at most 1.6 mm wide) is whole


def step_count(kit: Kit) -> int:
    """How many steps ``export_tts`` reports for ``kit``: one per card, tile, die, board and loose sheet."""
    return TableSet.of(kit).steps


def export_tts(kit: Kit, out: Path, dpi: float, url: str = "", progress: Progress | None = None) -> list[Path]:
    """Write the images and ``<game>.json`` into ``out/<game>/tts/``; returns the files written.

    ``progress(done, total)`` is called as each deck sheet, pile of tiles, die, board or loose sheet is saved.
    """
    folder = make_dir(Path(out) / file_name(kit.game) / "tts")
    table = TableSet.of(kit)
    files = ImageFiles(folder, PngWriter(dpi), url, table.steps, progress)
    keys = itertools.count(1)  # one CustomDeck key per sheet, unique in the file
    objects = [
        deck_object(deck, keys, dpi, kit.faces, files, tts.transform(number * DECK_STEP, face_down=True))
        for number, deck in enumerate(table.decks)
    ]
    for number, picture in enumerate(table.cards, len(table.decks)):
        objects.append(_loose_card(picture, next(keys), dpi, kit.faces, files, tts.transform(number * DECK_STEP)))
    objects += _tiles(table.tiles, dpi, kit.faces, files)
    objects += _dice(table.dice, dpi, kit.faces, files)
    for number, picture in enumerate(table.boards, 1):
        where = tts.transform(0.0, z=-BOARD_STEP * number)
        image = _picture(framed(picture.drawing, BOARD_MARGIN), dpi, kit.faces)
        objects.append(tts.board(picture.title, files.save(picture.name, image, 1), where))
    path = folder / f"{file_name(kit.game)}.json"
    write_atomic(path, json.dumps(tts.saved_file(kit.title, objects), indent=2) + "\n", sync=False)
    return [*files.written, path]


def image_size(width: float, height: float, dpi: float, longest: int = MAX_SIDE) -> tuple[int, int]:
    """The pixels of a ``width`` x ``height`` mm picture at ``dpi``, scaled down to ``longest`` px at most."""
    px_per_mm = min(dpi / 25.4, longest / max(width, height))
    return round(width * px_per_mm), round(height * px_per_mm)


def framed(drawing: Drawing, margin: float) -> Drawing:
    """``drawing`` with ``margin`` mm of white round it."""

    def draw(canvas: Canvas) -> None:
        with canvas.group(margin, margin):
            drawing.draw(canvas)

    return Drawing(drawing.width + 2 * margin, drawing.height + 2 * margin, draw)


def _picture(drawing: Drawing, dpi: float, typefaces: Faces) -> Image.Image:
    return next(rasterise([drawing], [image_size(drawing.width, drawing.height, dpi)], typefaces))


def _loose_card(
    picture: Picture, key: int, dpi: float, typefaces: Faces, files: ImageFiles, where: dict[str, float]
) -> tts.Saved:
    """A sheet (a player aid) as a card of its own that reads the same from both sides."""
    url = files.save(picture.name, _picture(picture.drawing, dpi, typefaces), 1)
    sheet = tts.custom_deck(url, url, 1, 1, hidden_back=True, unique_back=False)
    sideways = picture.drawing.width > picture.drawing.height
    return tts.card(picture.title, key * 100, {str(key): sheet}, where, sideways, kind="CardCustom")


def _faces(tiles: Sequence[Tile], dpi: float, typefaces: Faces, longest: int = MAX_SIDE) -> Iterator[Image.Image]:
    """Each tile's front, then its back if it has one, at its size (rendered from one PDF)."""
    drawings = [face_drawing(t.items(), face, 0.0) for t in tiles for face in (t.front, t.back) if face is not None]
    return rasterise(drawings, [image_size(d.width, d.height, dpi, longest) for d in drawings], typefaces)


def _tiles(tiles: Sequence[Tile], dpi: float, typefaces: Faces, files: ImageFiles) -> list[tts.Saved]:
    """Each tile, piled with those that look the same on both sides; the piles in a row beyond the decks."""
    images = _faces(tiles, dpi, typefaces)
    piles: dict[bytes, list[tuple[Tile, Image.Image, Image.Image | None]]] = {}
    for tile in tiles:
        front, back = next(images), None if tile.back is None else next(images)
        look = front.tobytes() + repr(front.size).encode() + (b"" if back is None else back.tobytes())
        piles.setdefault(look, []).append((tile, front, back))
    objects = []
    for column, pile in enumerate(piles.values()):
        first, front, back = pile[0]
        back_url = "" if back is None else files.save(f"{first.name} back", back)
        front_url = files.save(first.name, front, len(pile))
        for height, (tile, _, _) in enumerate(pile):
            where = tts.transform(column * TILE_STEP, z=ROW, y=1.0 + height * tts.TILE_THICKNESS)
            objects.append(tts.tile(tile.title or tile.name, front_url, back_url, tile.shape == "round", where))
    return objects


def _dice(all_dice: Sequence[Die], dpi: float, typefaces: Faces, files: ImageFiles) -> list[tts.Saved]:
    """Each die as TTS's six-sided custom die, its faces filled into TTS's template; in a row beyond the tiles."""
    as_tiles = [Tile(die.name, "square", die.side, die.side, face, None) for die in all_dice for face in die.faces]
    faces = _faces(as_tiles, dpi, typefaces, MAX_SIDE // dice.CELLS)
    objects = []
    for number, die in enumerate(all_dice):
        image = dice.template([next(faces) for _ in die.faces])
        where = tts.transform(number * DIE_STEP, z=2 * ROW)
        objects.append(tts.dice(title(die), files.save(die.name, image, 1), where))
    return objects
