"""How much of each printed page is left blank, read back from every kit's PDFs on A4 and Letter.

A page's content area (inside the margins, above the footer) is cut into 4 mm squares; a square is used when
any glyph, path or image printed on the page covers part of it (a card's face, bleed included, a board, a
line of text). A board's tile is used wherever its window (the TrimBox) reaches: the board fills it. At most
15 % of a page may stay unused, except on pages that cannot be fuller, known by what they hold (``why_emptier``),
and those of a game pnp ships listed in ``ALLOWED``, each for the reason given there. A board smaller than its
page gives ``Board.fill`` to cover it (docs/adding-a-game.md): a board page is never excused.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.pdf import read
from support.pdfium import Box, inked_boxes

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.paper import FOOTER_BAND, MARGIN
from pnp.printing.parts import Deck, Kit, KitDocument, Sheet, TokenSheet
from pnp.printing.plan import PlannedDocument, plan_document
from pnp.printing.render import PrintSettings, render_kit

pytestmark = registered  # the guide's example game is checked as a registered game too
MM = 72 / 25.4
CELL = 4.0  # mm
MOST_UNUSED = 0.15

# Pages that cannot be fuller, whatever the game, by what they hold
OVERVIEW = "the overview: the whole board scaled to one page keeps its proportions"
RULES = "the rules on one side, as long as their text: the rest of the side is margin"
DECK_END = "a deck's last sheet holds what is left of the deck (front and back)"
LEFT = "the document's last page of small parts (tokens, aids, die nets) holds what is left of them"
# (game, document) of a game pnp ships, and why all its pages may stay emptier
ALLOWED = {
    ("take-off", "map"): "the tiles print the map at its own scale (its jet spaces fit the jets), 2 rows of 250 mm "
    "on A4's 283: 16 % of the page (13 % on Letter)",
}


def unused_share(path: Path, index: int) -> float:
    """The share of page ``index``'s content area that nothing printed covers."""
    page = read(path).pages[index]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    left, top = MARGIN * MM, MARGIN * MM
    columns = int((width - 2 * MARGIN * MM) / (CELL * MM))
    rows = int((height - (2 * MARGIN + FOOTER_BAND) * MM) / (CELL * MM))
    used = [bytearray(columns) for _ in range(rows)]

    def square(points: float, origin: float) -> int:
        return int((points - origin) / (CELL * MM))

    for box in printed_boxes(path)[index]:
        first, last = max(square(box.x0, left), 0), min(square(box.x1, left) + 1, columns)
        if first < last:  # (a box wholly left of the area would make a slice from the row's end)
            for row in used[max(square(box.top, top), 0) : max(square(box.bottom, top) + 1, 0)]:
                row[first:last] = b"\1" * (last - first)
    return 1 - sum(map(sum, used)) / (columns * rows)


@cache
def printed_boxes(path: Path) -> tuple[tuple[Box, ...], ...]:
    """What each page of a printed PDF prints, read once for the module (with PDFium: pdfplumber reads each page
    of Take Off's cards for a second)."""
    return inked_boxes(path)


def tile_unused_share(path, index: int) -> float:
    """The share of a tile page's content area outside the tile's window (its TrimBox)."""
    page = read(path).pages[index]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    content = (width - 2 * MARGIN * MM) * (height - (2 * MARGIN + FOOTER_BAND) * MM)
    return 1 - float(page.trimbox.width) * float(page.trimbox.height) / content


def why_emptier(kit: Kit, document: KitDocument, index: int, planned: PlannedDocument) -> str | None:
    """Why page ``index`` of a planned document may stay emptier, or None: the overview of a tiled board, a rules
    sheet, a deck's last sheet, or the document's last page of small parts; or a reason ALLOWED gives."""
    if (kit.game, document.name) in ALLOWED:
        return ALLOWED[kit.game, document.name]
    pages = planned.pages
    front = index - index % 2 if planned.duplex else index  # a back counts as its front does
    parts = {part.name: part for part in document.parts}
    held = [parts[name] for name in pages[front].components]
    if not pages[front].tile and front + 1 < len(pages) and pages[front + 1].tile:
        return OVERVIEW
    rules = {kit.texts("print.rules.whole.label"), *(kit.texts("print.rules.label", number=n) for n in (1, 2))}
    if held and all(part.name in rules for part in held):
        return RULES
    cards = [
        sum(page.components.values()) for page in pages if all(isinstance(parts[n], Deck) for n in page.components)
    ]
    if held and all(isinstance(part, Deck) for part in held) and sum(pages[front].components.values()) < max(cards):
        return DECK_END
    small = all(isinstance(part, TokenSheet) or (isinstance(part, Sheet) and not part.duplex_front) for part in held)
    return LEFT if held and small and front == len(pages) - (2 if planned.duplex else 1) else None


def too_empty(kit: Kit, document: KitDocument, paper: str, path: Path) -> list[str]:
    """Each page of a printed document left more than MOST_UNUSED unused that may not stay emptier."""
    planned = plan_document(kit, document, PrintSettings(paper=paper))
    found = []
    for index, page in enumerate(planned.pages):
        if why_emptier(kit, document, index, planned):
            continue
        share = tile_unused_share(path, index) if page.tile else unused_share(path, index)
        if share > MOST_UNUSED:
            found.append(f"{document.name} page {index + 1}: {share:.0%} unused")
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_no_page_leaves_more_than_15_percent_unused_but_the_listed_ones(game, paper, printed_kits):
    kit = printed_kits.kit(game)
    found = []
    for document in kit.documents:
        found += too_empty(kit, document, paper, printed_kits.pdf(game, document.name, paper))
    assert found == []


# Aeronaut Odyssey's generated maps beyond the default one: (size, seed, players), the players' inventories
# printed on the board; huge seed 7 is the map whose corner tile once came out almost empty
LARGE_MAPS = [("large", 3, 2), ("huge", 7, 5)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("size", "seed", "players"), LARGE_MAPS)
def test_the_large_and_huge_maps_fill_their_tiles(size, seed, players, paper, tmp_path):
    """Only the board is printed: the kit's other documents are the default kit's (checked above) but for the
    aids, one per player, which leave room on their sheet when fewer than six play."""
    kit = REGISTRY["aeronaut-odyssey"].kit(KitRequest(seed=seed, players=players, knobs={"size": size}))
    board = replace(kit, documents=tuple(d for d in kit.documents if d.name == "board"))
    (path,) = [f.path for f in render_kit(board, PrintSettings(paper=paper), tmp_path) if f.path.stem == "board"]
    assert len(plan_document(board, board.documents[0], PrintSettings(paper=paper)).pages) > 4  # tiled, not one page
    assert too_empty(board, board.documents[0], paper, path) == []


def test_a_board_that_does_not_fill_its_page_is_found(tmp_path):
    """Updraft's track printed without its ``fill``: narrower than the page, its page is found mostly blank."""
    kit = REGISTRY["updraft"].kit(KitRequest())
    (track,) = [document for document in kit.documents if document.name == "track"]
    (board,) = track.parts
    track = replace(track, parts=(replace(board, fill=None),))
    unfilled = replace(kit, documents=(track,))
    (path,) = [f.path for f in render_kit(unfilled, PrintSettings(), tmp_path) if f.path.stem == "track"]
    (found,) = too_empty(unfilled, track, "a4", path)
    assert found.startswith("track page 1: ")


def test_the_measure_sees_a_page_mostly_blank(printed_kits):
    """The calibration page is mostly blank, the token sheet and a board tile full: the measure tells them apart."""
    assert unused_share(printed_kits.pdf("aloft", "calibration"), 0) > 0.5
    assert unused_share(printed_kits.pdf("aloft", "tokens"), 0) < MOST_UNUSED
    assert tile_unused_share(printed_kits.pdf("aloft", "board"), 1) < MOST_UNUSED
