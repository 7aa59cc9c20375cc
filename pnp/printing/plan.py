"""Planning a kit document: its parts turned into pages, padded for duplex printing."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from pnp.errors import PnpError
from pnp.printing.boards import board_pages, sheet_pages
from pnp.printing.cards import ItemSet, run_pages, same_run
from pnp.printing.packing import packed_pages
from pnp.printing.pages import Page, blank
from pnp.printing.parts import Board, Deck, Kit, KitDocument, Part, Sheet, TokenSheet
from pnp.printing.settings import PrintSettings
from pnp.texts import Catalogue

Run = list[Deck | TokenSheet] | Board | Sheet  # a board, a sheet, or consecutive same-sized decks or token sheets


def part_pages(part: Board | Sheet, settings: PrintSettings, texts: Catalogue) -> list[Page]:
    """The pages of one board or sheet."""
    if isinstance(part, Board):
        return board_pages(part, settings.paper, texts)
    if isinstance(part, Sheet):
        return sheet_pages(part, settings.paper)
    raise TypeError(f"not a printable part: {part!r}")


def _runs(parts: tuple[Part, ...]) -> list[Run]:
    """The parts in order, with consecutive decks (or token sheets) that can share sheets gathered into one run."""
    runs: list[Run] = []
    for part in parts:
        if not isinstance(part, (Deck, TokenSheet)):
            runs.append(part)
        elif runs and isinstance(runs[-1], list) and same_run(runs[-1][0], part):
            runs[-1].append(part)
        else:
            runs.append([part])
    return runs


def _loose(run: Run, settings: PrintSettings) -> bool:
    """A sheet printed on one side, or a run of items without backs: parts that may share a page.

    With ``--cut-marks`` a run of items is laid out for the cutter on pages of its own, never beside a sheet.
    """
    if isinstance(run, Sheet):
        return not run.duplex_front
    return isinstance(run, list) and settings.cut_marks is None and not ItemSet.of(run).has_backs


def _group_pages(runs: list[Run], loose: bool, settings: PrintSettings, texts: Catalogue) -> list[Page]:
    """Each run on pages of its own; loose runs packed onto shared pages instead when that takes fewer."""
    apart = [
        page
        for run in runs
        for page in (run_pages(run, settings, texts) if isinstance(run, list) else part_pages(run, settings, texts))
    ]
    if not loose or len(runs) < 2:
        return apart
    shared = packed_pages([run for run in runs if isinstance(run, (Sheet, list))], settings)
    return shared if shared is not None and len(shared) < len(apart) else apart


@dataclass(frozen=True)
class PlannedDocument:
    """A document's pages in print order; ``duplex``: printed double-sided, every other page the back of the one
    before."""

    name: str
    pages: list[Page]
    duplex: bool

    def starts_sheet(self, index: int) -> bool:
        """Whether the page at ``index`` (from 0) is printed on a new sheet of paper."""
        return not (self.duplex and index % 2)


def plan_document(kit: Kit, document: KitDocument, settings: PrintSettings) -> PlannedDocument:
    """Every page of ``document`` in order, padded for duplex printing (see ``in_print_order``)."""
    pages: list[Page] = []
    try:
        for loose, group in groupby(_runs(document.parts), key=lambda run: _loose(run, settings)):
            pages += _group_pages(list(group), loose, settings, kit.texts)
    except PnpError as error:
        raise PnpError(f"{kit.game}: document '{document.name}': {error}") from None
    return in_print_order(document.name, pages, kit.texts)


def in_print_order(name: str, pages: list[Page], texts: Catalogue) -> PlannedDocument:
    """``pages`` as one document, double-sided when any has a duplex back (a front with its back on the next page).

    Then each one-sided page is followed by a blank one, so the whole file can be printed double-sided and every
    front still lands on the front of a sheet.
    """
    if not any(page.duplex_front for page in pages):
        return PlannedDocument(name, pages, duplex=False)
    padded: list[Page] = []
    remaining = iter(pages)
    for page in remaining:
        padded += [page, next(remaining) if page.duplex_front else blank(page.frame, texts("print.page.blank"))]
    return PlannedDocument(name, padded, duplex=True)
