"""Every card and token face of a kit, each as a drawing of its own with bleed around the trim."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.cards import ItemSet
from pnp.printing.parts import Deck, Face, Kit, TokenSheet


def components(kit: Kit) -> Iterator[ItemSet]:
    """The decks and token sheets of ``kit`` as sets of equal-sized items, in the order its documents list them."""
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, (Deck, TokenSheet)):
                yield ItemSet.of(part)


def face_drawing(items: ItemSet, face: Face, bleed: float) -> Drawing:
    """``face`` on a picture of the trim size plus ``bleed`` on every side, its background run out to the edge."""
    w, h = items.width, items.height

    def draw(canvas: Canvas) -> None:
        with canvas.group(bleed, bleed):
            if items.shape == "round":  # the disc and an even ring of bleed; the corners stay white
                canvas.circle(w / 2, h / 2, w / 2 + bleed, fill=face.background, stroke=None)
            else:  # past the picture's edge, so no pixel at the border is left half white
                reach = bleed + 1
                canvas.rect(-reach, -reach, w + 2 * reach, h + 2 * reach, fill=face.background)
            face.draw(canvas)

    return Drawing(w + 2 * bleed, h + 2 * bleed, draw)
