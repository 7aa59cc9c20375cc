"""``pnp export --tts``: a kit's images and a saved object for Tabletop Simulator.

Decks become deck sheets (``pnp.export.tts_decks``); tokens and cut-out pieces tiles, piled where they look
the same; dice TTS's custom dice; boards locked boards; any other sheet (a player aid) a card. Each lies at its
printed size (``pnp.export.tts_sizes``), in rows spaced by what they hold. Images are at ``dpi`` with no side
over 4096 px. The saved object (``<game>.json``) names the images by file name relative to itself, or under
``url``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
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
from pnp.export.tts_sizes import card_scale, image_scale, units
from pnp.files import file_name, make_dir, write_atomic
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.fonts import Faces
from pnp.printing.parts import Die, Kit

if TYPE_CHECKING:
    from pnp.printing.render import Progress

GAP = 1.0  # table units between two things side by side, and between two rows
DIE_ROOM = 1.0  # table units a die takes (a die keeps TTS's own size)
BOARD_MARGIN = 2.0  # mm of white round a board, so that an outline on its edge (at most 1.6 mm wide) is whole


@dataclass(frozen=True)
class Spot:
    """What lies on one place of the table (a pile of tiles: one above another) and its size there, in table units."""

    objects: list[tts.Saved]
    width: float
    depth: float

    @classmethod
    def of(cls, state: tts.Saved, width: float, depth: float) -> Spot:
        """One object ``width`` x ``depth`` mm as printed."""
        return cls([state], units(width), units(depth))


def step_count(kit: Kit) -> int:
    """How many steps ``export_tts`` reports for ``kit``: one per card, tile, die, board and loose sheet."""
    return TableSet.of(kit).steps


def export_tts(kit: Kit, out: Path, dpi: float, url: str = "", progress: Progress | None = None) -> list[Path]:
    """Write the images and ``<game>.json`` into ``out/<game>/tts/``; returns the files written.

    Every object is scaled to its printed size (``pnp.export.tts_sizes``), so pieces, cards and boards keep their
    proportions to one another. ``progress(done, total)`` is called as each deck sheet, pile of tiles, die, board
    or loose sheet is saved.
    """
    folder = make_dir(Path(out) / file_name(kit.game) / "tts")
    table = TableSet.of(kit)
    files = ImageFiles(folder, PngWriter(dpi), url, table.steps, progress)
    keys = itertools.count(1)  # one CustomDeck key per sheet, unique in the file
    cards = [
        Spot.of(deck_object(deck, keys, dpi, kit.faces, files), deck.items.width, deck.items.height)
        for deck in table.decks
    ]
    cards += [_loose_card(picture, next(keys), dpi, kit.faces, files) for picture in table.cards]
    rows = [cards, _tiles(table.tiles, dpi, kit.faces, files), _dice(table.dice, dpi, kit.faces, files)]
    boards = [_board(picture, dpi, kit.faces, files) for picture in table.boards]
    objects = _lay_out([row for row in rows if row], boards)
    path = folder / f"{file_name(kit.game)}.json"
    write_atomic(path, json.dumps(tts.saved_file(kit.title, objects), indent=2) + "\n", sync=False)
    return [*files.written, path]


def _lay_out(rows: list[list[Spot]], boards: list[Spot]) -> list[tts.Saved]:
    """The rows left to right, one beyond another (decks and sheets first), and the boards one below another on
    the near side; every object, in that order."""
    objects: list[tts.Saved] = []
    near = 0.0
    for row in rows:
        depth = max(spot.depth for spot in row)
        _row(row, near + depth / 2)
        near += depth + GAP
        objects += [state for spot in row for state in spot.objects]
    far = -GAP
    for board in boards:
        _row([board], far - board.depth / 2)
        far -= board.depth + GAP
        objects += board.objects
    return objects


def _row(spots: list[Spot], z: float) -> None:
    """Lays ``spots`` side by side from the left, their centres at ``z``."""
    left = 0.0
    for spot in spots:
        for state in spot.objects:
            tts.place(state, left + spot.width / 2, z)
        left += spot.width + GAP


def image_size(width: float, height: float, dpi: float, longest: int = MAX_SIDE) -> tuple[int, int]:
    """The pixels of a ``width`` x ``height`` mm picture at ``dpi``, scaled down to ``longest`` px at most."""
    px_per_mm = min(dpi / 25.4, longest / max(width, height))
    return round(width * px_per_mm), round(height * px_per_mm)


def _picture(drawing: Drawing, dpi: float, typefaces: Faces) -> Image.Image:
    return next(rasterise([drawing], [image_size(drawing.width, drawing.height, dpi)], typefaces))


def _loose_card(picture: Picture, key: int, dpi: float, typefaces: Faces, files: ImageFiles) -> Spot:
    """A sheet (a player aid) as a card of its own that reads the same from both sides, sideways when wide."""
    drawing = picture.drawing
    url = files.save(picture.name, _picture(drawing, dpi, typefaces), 1)
    sheet = tts.custom_deck(url, url, 1, 1, hidden_back=True, unique_back=False)
    where = tts.transform(card_scale(drawing.height))
    sideways = drawing.width > drawing.height
    state = tts.card(picture.title, key * 100, {str(key): sheet}, where, sideways, kind="CardCustom")
    return Spot.of(state, drawing.width, drawing.height)


def _board(picture: Picture, dpi: float, typefaces: Faces, files: ImageFiles) -> Spot:
    """A board, locked, with a margin round it: what is drawn on its edge is whole."""
    drawing = _with_margin(picture.drawing, BOARD_MARGIN)
    url = files.save(picture.name, _picture(drawing, dpi, typefaces), 1)
    state = tts.board(picture.title, url, tts.transform(image_scale(drawing.width, drawing.height)))
    return Spot.of(state, drawing.width, drawing.height)


def _with_margin(drawing: Drawing, margin: float) -> Drawing:
    """``drawing`` with ``margin`` mm of white round it."""

    def draw(canvas: Canvas) -> None:
        with canvas.group(margin, margin):
            drawing.draw(canvas)

    return Drawing(drawing.width + 2 * margin, drawing.height + 2 * margin, draw)


def _faces(tiles: Sequence[Tile], dpi: float, typefaces: Faces, longest: int = MAX_SIDE) -> Iterator[Image.Image]:
    """Each tile's front, then its back if it has one, at its size (rendered from one PDF)."""
    drawings = [face_drawing(t.items(), face, 0.0) for t in tiles for face in (t.front, t.back) if face is not None]
    return rasterise(drawings, [image_size(d.width, d.height, dpi, longest) for d in drawings], typefaces)


def _tiles(tiles: Sequence[Tile], dpi: float, typefaces: Faces, files: ImageFiles) -> list[Spot]:
    """Each tile at its size, piled with those that look the same on both sides."""
    images = _faces(tiles, dpi, typefaces)
    piles: dict[bytes, list[tuple[Tile, Image.Image, Image.Image | None]]] = {}
    for tile in tiles:
        front, back = next(images), None if tile.back is None else next(images)
        look = front.tobytes() + repr(front.size).encode() + (b"" if back is None else back.tobytes())
        piles.setdefault(look, []).append((tile, front, back))
    spots = []
    for pile in piles.values():
        first, front, back = pile[0]
        back_url = "" if back is None else files.save(f"{first.name} back", back)
        front_url = files.save(first.name, front, len(pile))
        scale = image_scale(first.width, first.height)
        states = []
        for height, (tile, _, _) in enumerate(pile):
            where = tts.transform(scale, y=1.0 + height * tts.TILE_THICKNESS)
            states.append(tts.tile(tile.title or tile.name, front_url, back_url, tile.shape == "round", where))
        spots.append(Spot(states, units(first.width), units(first.height)))
    return spots


def _dice(all_dice: Sequence[Die], dpi: float, typefaces: Faces, files: ImageFiles) -> list[Spot]:
    """Each die as TTS's six-sided custom die, its faces filled into TTS's template, at TTS's own size."""
    as_tiles = [Tile(die.name, "square", die.side, die.side, face, None) for die in all_dice for face in die.faces]
    faces = _faces(as_tiles, dpi, typefaces, MAX_SIDE // dice.CELLS)
    spots = []
    for die in all_dice:
        image = dice.template([next(faces) for _ in die.faces])
        state = tts.dice(title(die), files.save(die.name, image, 1), tts.transform(1.0))
        spots.append(Spot([state], DIE_ROOM, DIE_ROOM))
    return spots
