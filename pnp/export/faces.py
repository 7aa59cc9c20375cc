"""Every card and token face of a kit, each as a drawing of its own with bleed around the trim."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pnp.printing.canvas import Canvas, Draw, Drawing
from pnp.printing.parts import Deck, Face, Kit, TokenSheet

Side = Literal["front", "back"]


@dataclass(frozen=True)
class Item:
    """One card or token of a component (a deck or token sheet) and its faces."""

    name: str
    front: Face
    back: Face | None


@dataclass(frozen=True)
class Component:
    """A deck or token sheet: items of one trim size and shape."""

    name: str
    kind: Literal["card", "token"]
    round: bool
    width: float
    height: float
    items: tuple[Item, ...]

    @classmethod
    def of(cls, part: Deck | TokenSheet) -> Component:
        if isinstance(part, Deck):
            cards = tuple(Item(c.name, c.front, c.back) for c in part.cards)
            return cls(part.name, "card", False, part.size.width, part.size.height, cards)
        tokens = tuple(Item(t.name, t.front, t.back) for t in part.tokens)
        return cls(part.name, "token", part.shape == "round", part.diameter, part.diameter, tokens)

    def drawing(self, face: Face, bleed: float) -> Drawing:
        """``face`` on a picture of the trim size plus ``bleed`` on every side."""
        return Drawing(self.width + 2 * bleed, self.height + 2 * bleed, _face_drawer(self, face, bleed))


def components(kit: Kit) -> Iterator[Component]:
    """The decks and token sheets of ``kit``, in the order its documents list them."""
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, (Deck, TokenSheet)):
                yield Component.of(part)


def _face_drawer(component: Component, face: Face, bleed: float) -> Draw:
    w, h = component.width, component.height

    def draw(canvas: Canvas) -> None:
        with canvas.group(bleed, bleed):
            if component.round:  # the disc and an even ring of bleed; the corners stay white
                canvas.circle(w / 2, h / 2, w / 2 + bleed, fill=face.background, stroke=None)
            else:  # past the picture's edge, so no pixel at the border is left half white
                reach = bleed + 1
                canvas.rect(-reach, -reach, w + 2 * reach, h + 2 * reach, fill=face.background)
            face.draw(canvas)

    return draw
