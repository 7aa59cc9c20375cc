"""Planning a kit document: its parts turned into pages, padded for duplex printing."""

from __future__ import annotations

from pnp.errors import PnpError
from pnp.printing.boards import board_pages, sheet_pages
from pnp.printing.cards import run_pages, same_run
from pnp.printing.pages import Page, blank
from pnp.printing.parts import Board, Deck, Kit, KitDocument, Part, Sheet, TokenSheet
from pnp.printing.settings import PrintSettings


def part_pages(part: Board | Sheet, settings: PrintSettings) -> list[Page]:
    """The pages of one board or sheet."""
    if isinstance(part, Board):
        return board_pages(part, settings.paper)
    if isinstance(part, Sheet):
        return sheet_pages(part, settings.paper)
    raise TypeError(f"not a printable part: {part!r}")


def _runs(parts: tuple[Part, ...]) -> list[list[Deck | TokenSheet] | Board | Sheet]:
    """The parts in order, with consecutive decks (or token sheets) that can share sheets gathered into one run."""
    runs: list[list[Deck | TokenSheet] | Board | Sheet] = []
    for part in parts:
        if not isinstance(part, (Deck, TokenSheet)):
            runs.append(part)
        elif runs and isinstance(runs[-1], list) and same_run(runs[-1][0], part):
            runs[-1].append(part)
        else:
            runs.append([part])
    return runs


def document_pages(kit: Kit, document: KitDocument, settings: PrintSettings) -> list[Page]:
    """Every page of ``document`` in order.

    When the document has duplex sheets (a front with its back on the next page),
    each one-sided page is followed by a blank one, so the whole file can be
    printed double-sided and every front still lands on the front of a sheet.
    """
    pages: list[Page] = []
    for run in _runs(document.parts):
        try:
            pages += run_pages(run, settings) if isinstance(run, list) else part_pages(run, settings)
        except PnpError as error:
            raise PnpError(f"{kit.game}: document '{document.name}': {error}") from None
    if not any(page.duplex_front for page in pages):
        return pages
    padded: list[Page] = []
    remaining = iter(pages)
    for page in remaining:
        padded += [page, next(remaining) if page.duplex_front else blank(page.frame)]
    return padded
