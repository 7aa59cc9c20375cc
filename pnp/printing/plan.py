"""Planning a kit document: its parts turned into pages, padded for duplex printing."""

from __future__ import annotations

from pnp.errors import PnpError
from pnp.printing.boards import board_pages, sheet_pages
from pnp.printing.cards import item_pages
from pnp.printing.pages import Page, blank
from pnp.printing.parts import Board, Deck, Kit, KitDocument, Part, Sheet, TokenSheet
from pnp.printing.settings import PrintSettings


def part_pages(part: Part, settings: PrintSettings) -> list[Page]:
    """The pages of one part."""
    if isinstance(part, (Deck, TokenSheet)):
        return item_pages(part, settings)
    if isinstance(part, Board):
        return board_pages(part, settings.paper)
    if isinstance(part, Sheet):
        return sheet_pages(part, settings.paper)
    raise TypeError(f"not a printable part: {part!r}")


def document_pages(kit: Kit, document: KitDocument, settings: PrintSettings) -> list[Page]:
    """Every page of ``document`` in order.

    When the document has duplex sheets (a front with its back on the next page),
    each one-sided page is followed by a blank one, so the whole file can be
    printed double-sided and every front still lands on the front of a sheet.
    """
    pages: list[Page] = []
    for part in document.parts:
        try:
            pages += part_pages(part, settings)
        except PnpError as error:
            raise PnpError(f"{kit.game}: document '{document.name}': {error}") from None
    if not any(page.duplex_front for page in pages):
        return pages
    padded: list[Page] = []
    remaining = iter(pages)
    for page in remaining:
        padded += [page, next(remaining) if page.duplex_front else blank(page.frame)]
    return padded
