"""Every card and token face of a kit, each as a drawing of its own with bleed around the trim."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Card, Deck, Face, Kit, Token, TokenSheet


@dataclass(frozen=True)
class Component:
    """One deck or token sheet as the export sees it: items of one trim size (mm) and shape.

    Built from the public parts alone, apart from the print toolkit's imposition, which groups
    parts its own way (several decks may share sheets there, never here).
    """

    name: str
    kind: Literal["card", "token"]
    round: bool
    width: float
    height: float
    items: tuple[Card | Token, ...]

    @classmethod
    def of(cls, part: Deck | TokenSheet) -> Component:
        if isinstance(part, Deck):
            return cls(part.name, "card", False, part.size.width, part.size.height, part.cards)
        return cls(part.name, "token", part.shape == "round", part.diameter, part.diameter, part.tokens)


def components(kit: Kit) -> Iterator[Component]:
    """The decks and token sheets of ``kit``, in the order its documents list them."""
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, (Deck, TokenSheet)):
                yield Component.of(part)


def face_drawing(component: Component, face: Face, bleed: float) -> Drawing:
    """``face`` on a picture of the trim size plus ``bleed`` on every side, its background run out to the edge."""
    w, h = component.width, component.height

    def draw(canvas: Canvas) -> None:
        with canvas.group(bleed, bleed):
            if component.round:  # the disc and an even ring of bleed; the corners stay white
                canvas.circle(w / 2, h / 2, w / 2 + bleed, fill=face.background, stroke=None)
            else:  # past the picture's edge, so no pixel at the border is left half white
                reach = bleed + 1
                canvas.rect(-reach, -reach, w + 2 * reach, h + 2 * reach, fill=face.background)
            face.draw(canvas)

    return Drawing(w + 2 * bleed, h + 2 * bleed, draw)
