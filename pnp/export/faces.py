"""Every card and token face of a kit, each as a drawing of its own with bleed around the trim."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.cards import ItemSet, draw_face
from pnp.printing.parts import Deck, Face, Kit, TokenSheet


def components(kit: Kit) -> Iterator[ItemSet]:
    """Each deck and token sheet of ``kit`` on its own (the printed sheets may impose several together),
    in the order its documents list them."""
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, (Deck, TokenSheet)):
                yield ItemSet.of([part])


def face_drawing(items: ItemSet, face: Face, bleed: float) -> Drawing:
    """``face`` on a picture of the trim size plus ``bleed`` on every side, its background run out to the edge."""
    # a round item's ring stays within the picture (the corners stay white); a square background runs past its
    # edge, so no pixel at the border is left half white
    reach = bleed if items.shape == "round" else bleed + 1

    def draw(canvas: Canvas) -> None:
        with canvas.group(bleed, bleed):
            draw_face(canvas, items, face, (reach,) * 4)

    return Drawing(items.width + 2 * bleed, items.height + 2 * bleed, draw)
