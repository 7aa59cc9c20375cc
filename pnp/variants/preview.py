"""``pnp variant preview``: a variant's cards drawn as its kit prints them, side by side on one picture.

:func:`write_preview` reads the file and writes the picture in one call, so a loop watching the file for
changes rebuilds by calling it again.
"""

from __future__ import annotations

import math
from pathlib import Path

from pnp import games
from pnp.errors import PnpError
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.fit import Overflow
from pnp.printing.parts import Board, Card, Deck, Kit, Sheet
from pnp.printing.sizes import CardSize
from pnp.variants.findings import overflows_located
from pnp.variants.game import read_variant, with_variant

GAP = 4.0  # mm between two cards of the preview
COLUMNS = 8


def preview(kit: Kit) -> Drawing:
    """The kit's cards, every one, in rows; a game without cards shows its first board, or its first page."""
    parts = [part for document in kit.documents for part in document.parts]
    cards = [(card, part.size) for part in parts if isinstance(part, Deck) for card in part.cards]
    if cards:
        return _sheet(cards)
    return next(part.drawing for part in parts if isinstance(part, (Board, Sheet)))


def write_preview(path: Path, out: Path, game: str | None = None) -> None:
    """Read the variant at ``path`` and write its preview to ``out`` (.svg or .pdf); a text too long for its box
    stops it at the variant's line that writes it."""
    from pnp.printing.render import write_drawing

    if out.suffix.lower() not in (".svg", ".pdf"):
        raise PnpError(f"{out}: the preview is written as .svg or .pdf")
    variant = read_variant(path, game)
    with overflows_located(path, variant.game):
        kit = games.get(variant.game).kit(with_variant(KitRequest(), variant))
        try:
            write_drawing(preview(kit), out, kit.faces)
        except Overflow as exc:
            raise exc.of_kit(kit.title) from None


def named_files(path: Path, game: str | None = None) -> list[Path]:
    """The files the variant at ``path`` names (its deck, fonts and art); none while it cannot be read."""
    try:
        variant = read_variant(path, game)
    except PnpError:
        return []
    return list(variant.files[1:])


def _sheet(cards: list[tuple[Card, CardSize]]) -> Drawing:
    """Every card's front at its printed size, ``COLUMNS`` to a row, each cut to its own box as it is once cut out
    (a face's colour runs on into the bleed, as far as ``BLEED_REACH``: over its neighbour, uncut)."""
    cell_w = max(size.width for _, size in cards) + GAP
    cell_h = max(size.height for _, size in cards) + GAP
    rows = math.ceil(len(cards) / COLUMNS)

    def draw(canvas: Canvas) -> None:
        for index, (card, size) in enumerate(cards):
            x, y = GAP + (index % COLUMNS) * cell_w, GAP + (index // COLUMNS) * cell_h
            with canvas.group(x, y, name=card.name):
                with canvas.clip(0, 0, size.width, size.height):
                    canvas.rect(0, 0, size.width, size.height, fill=card.front.background, stroke=None)
                    card.front.draw(canvas)
                canvas.rect(0, 0, size.width, size.height, stroke="#999999", width=0.2)

    return Drawing(GAP + min(len(cards), COLUMNS) * cell_w, GAP + rows * cell_h, draw)
