"""``pnp build --press``: every card face as a print shop takes it.

- **tgc** (The Game Crafter): one PNG per face at 300 dpi, the shop's product size with 1/8 in bleed
  (a poker card is 825 x 1125 px);
- **drivethru** (DriveThruCards): one PDF per deck, a page per face (each card's front, then its back),
  1/8 in bleed;
- **generic**: one PDF per card (its front, then its back), 3 mm bleed.

A card goes on the shop's product whose trim holds its own within ``FIT`` mm a side (Aloft's 44 mm wide
cards on a 1.75 in mini card), centred, its background running out to the edge; an item no product holds
keeps its own trim. Every PDF page carries its TrimBox (the product's cut) and BleedBox (the whole page).
Files go to ``<out>/<game>/press-<shop>/``. Faces are drawn as ``pnp export`` draws them (``faces``).
Tokens are left to the kit's sheets: shops punch them from boards, a product of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.export.faces import components, face_drawing
from pnp.files import file_name, make_dir
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.cards import ItemSet
from pnp.printing.fonts import Faces
from pnp.printing.paper import Rect
from pnp.printing.parts import Face, Kit

if TYPE_CHECKING:
    from pnp.printing.render import Progress, WrittenFile

INCH = 25.4
DPI = 300
FIT = 1.0  # mm a side a card's trim may be smaller than the product it goes on


@dataclass(frozen=True)
class Shop:
    """A print shop: its name, the bleed it asks (mm a side), what it takes and its card products (trims in mm)."""

    name: str
    bleed: float
    takes: str  # "png": an image per face; "deck": a PDF per deck; "card": a PDF per card
    products: tuple[tuple[float, float], ...] = ()


# The Game Crafter's cards, in inches: poker, bridge, mini, square, tarot (the poker card's 825 x 1125 px
# with bleed is its published size; the others follow its templates' trims)
_TGC = tuple((w * INCH, h * INCH) for w, h in ((2.5, 3.5), (2.25, 3.5), (1.75, 2.5), (2.5, 2.5), (2.75, 4.75)))
SHOPS = {
    "tgc": Shop("The Game Crafter", INCH / 8, "png", _TGC),
    "drivethru": Shop("DriveThruCards", INCH / 8, "deck", ((2.5 * INCH, 3.5 * INCH),)),
    "generic": Shop("a print shop", 3.0, "card"),
}


@dataclass(frozen=True)
class PressFace:
    """One face laid out for a shop: the picture (trim and bleed) and where its trim is on it."""

    drawing: Drawing
    trim: Rect


def press_face(items: ItemSet, face: Face, shop: Shop) -> PressFace:
    """``face`` on the shop's product for ``items`` (or on their own trim), with the shop's bleed round it."""
    width, height = _product(items, shop)
    across, down = (width - items.width) / 2, (height - items.height) / 2
    bleed = shop.bleed + max(across, down)  # the face's background covers the wider margin on both axes
    inner = face_drawing(items, face, bleed)
    dx, dy = shop.bleed + across - bleed, shop.bleed + down - bleed

    def draw(canvas: Canvas) -> None:
        with canvas.group(dx, dy):
            inner.draw(canvas)

    picture = Drawing(width + 2 * shop.bleed, height + 2 * shop.bleed, draw)
    return PressFace(picture, Rect(shop.bleed, shop.bleed, width, height))


def _product(items: ItemSet, shop: Shop) -> tuple[float, float]:
    """The trim of the smallest product that holds ``items`` upright within FIT mm a side, else their own."""
    fitting = [
        (w, h)
        for w, h in shop.products
        if items.width <= w + 1e-6 <= items.width + 2 * FIT and items.height <= h + 1e-6 <= items.height + 2 * FIT
    ]
    return min(fitting, key=lambda size: size[0] * size[1], default=(items.width, items.height))


def decks(kit: Kit) -> list[ItemSet]:
    """The decks of ``kit``, each on its own."""
    return [items for items in components(kit) if items.kind == "card"]


def face_count(kit: Kit) -> int:
    """How many faces ``export_press`` lays out for ``kit``."""
    return sum(1 + (item.back is not None) for deck in decks(kit) for item in deck.items)


def export_press(kit: Kit, out: Path, shop_key: str, progress: Progress | None = None) -> list[WrittenFile]:
    """Write every card face of ``kit`` for the shop ``shop_key``; returns the files written."""
    shop = SHOPS[shop_key]
    folder = Path(out) / file_name(kit.game) / f"press-{shop_key}"
    total = face_count(kit)
    done = 0

    def step(faces: int) -> None:
        nonlocal done
        done += faces
        if progress is not None:
            progress(done, total)

    written: list[WrittenFile] = []
    for items in decks(kit):
        writer = _png_files if shop.takes == "png" else _pdf_files
        written += writer(items, shop, kit.faces, folder, step)
    return written


def _faces(items: ItemSet, shop: Shop) -> list[tuple[str, list[tuple[str, PressFace]]]]:
    """Each item's file stem (``<nnn>-<name>``) and its faces laid out (front, then back if it has one)."""
    digits = max(3, len(str(len(items.items))))
    cards = []
    for number, item in enumerate(items.items, 1):
        sides = (("front", item.front), ("back", item.back))
        faces = [(side, press_face(items, face, shop)) for side, face in sides if face is not None]
        cards.append((f"{number:0{digits}d}-{file_name(item.name)}", faces))
    return cards


def _png_files(
    items: ItemSet, shop: Shop, typefaces: Faces, folder: Path, step: Callable[[int], None]
) -> list[WrittenFile]:
    """A PNG per face at DPI: ``<component>/<nnn>-<name>-<side>.png``."""
    from pnp.export.images import PngWriter
    from pnp.export.raster import pixels, rasterise
    from pnp.printing.render import WrittenFile

    where = make_dir(folder / file_name(items.name))
    faces = [(where / f"{stem}-{side}.png", face) for stem, sides in _faces(items, shop) for side, face in sides]
    drawings = [face.drawing for _, face in faces]
    sizes = [(pixels(d.width, DPI), pixels(d.height, DPI)) for d in drawings]
    writer, written = PngWriter(DPI), []
    for (path, _), image in zip(faces, rasterise(drawings, sizes, typefaces)):
        writer.write(path, image)
        written.append(WrittenFile(path, "png", 1, {items.name: 1}, 0))
        step(1)
    return written


def _pdf_files(
    items: ItemSet, shop: Shop, typefaces: Faces, folder: Path, step: Callable[[int], None]
) -> list[WrittenFile]:
    """A PDF per deck (``<component>.pdf``) or per card (``<component>/<nnn>-<name>.pdf``), a page per face."""
    from pnp.printing.pdf import PdfWriter
    from pnp.printing.render import WrittenFile

    cards = _faces(items, shop)
    if shop.takes == "deck":
        files = [(make_dir(folder) / f"{file_name(items.name)}.pdf", [f for _, sides in cards for _, f in sides])]
    else:
        where = make_dir(folder / file_name(items.name))
        files = [(where / f"{stem}.pdf", [f for _, f in sides]) for stem, sides in cards]
    written = []
    for path, faces in files:
        pdf = PdfWriter(path, f"{items.name}: {path.stem}", faces=typefaces)
        for face in faces:
            picture = face.drawing
            pdf.page(picture.width, picture.height, picture.draw, trim=face.trim)  # bled to the page's edges
            step(1)
        pdf.close()
        cards_in_file = len(items.items) if shop.takes == "deck" else 1
        written.append(WrittenFile(path, "pdf", len(faces), {items.name: cards_in_file}, 0))
    return written
