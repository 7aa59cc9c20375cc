"""Small one-sided parts sharing a page, read back from the PDF: nothing overlaps, nothing leaves the page."""

from __future__ import annotations

import pytest
from support.pdfium import printed_pages
from support.printing import (
    BOARD_EDGE,
    FRONT_MARK,
    deck,
    grown,
    intersects,
    kit,
    outlines,
    page_size,
    sheet,
    stroked,
)
from support.printing import tokens as token_sheet

from pnp.printing.parts import POKER
from pnp.printing.render import PrintSettings, render_kit


def render(tmp_path, parts, paper="a4"):
    files = render_kit(kit(("extras", tuple(parts))), PrintSettings(paper=paper), tmp_path)
    return next(f for f in files if f.path.name == "extras.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_and_sheets_share_one_page_without_overlapping(tmp_path, paper):
    parts = [token_sheet("round", 12, 24, backs=False), sheet(100, 90, name="net 1"), sheet(100, 90, name="net 2")]
    written = render(tmp_path, parts, paper)
    assert (written.pages, written.sheets) == (1, 1)
    assert written.components == {"tokens": 24, "net 1": 1, "net 2": 1}
    page = printed_pages(written.path)[0]
    width, height = page_size(page)
    nets = outlines(page, BOARD_EDGE)  # the test sheets' edges
    tokens = list(stroked(page, FRONT_MARK).values())
    assert len(nets) == 2 and len(tokens) == 24
    for box in nets + [grown(t, 3) for t in tokens]:  # each token with its bleed
        assert box.x >= 4.99 and box.y >= 4.99 and box.right <= width - 4.99 and box.bottom <= height - 8.99
    assert not intersects(nets[0], nets[1])
    for net in nets:
        assert not any(intersects(net, grown(t, 3)) for t in tokens)


def test_parts_too_many_for_one_page_flow_on_and_a_lone_sheet_keeps_its_own_page(tmp_path):
    written = render(tmp_path, [token_sheet("round", 30, 60, backs=False), sheet(180, 120, name="aid")])
    assert written.components == {"tokens": 60, "aid": 1}
    assert written.pages == 2  # 54 tokens, then 6 more above the aid (apart: three pages)
    pages = printed_pages(written.path)
    assert len(stroked(pages[0], FRONT_MARK)) + len(stroked(pages[1], FRONT_MARK)) == 60
    assert len(outlines(pages[1], BOARD_EDGE)) == 1
    alone = render(tmp_path, [sheet(180, 120)])
    pages = printed_pages(alone.path)
    assert page_size(pages[0])[0] > page_size(pages[0])[1]  # landscape, as before


def test_cards_with_backs_never_share_a_page_with_one_sided_parts(tmp_path):
    written = render(tmp_path, [deck(POKER, 3), sheet(100, 50)])
    assert written.pages == 4  # fronts, backs, the sheet, its blank back


@pytest.mark.parametrize("game,document,pages", [("take-off", "jets-and-dice", 1), ("aloft", "tokens", 1)])
def test_small_parts_of_the_games_fit_one_page(printed_kits, game, document, pages):
    written = printed_kits.files(game)
    assert next(f for f in written if f.path.stem == document).pages == pages
