"""Card and token sheets, read back from the PDF: trim sizes, crop marks, backs, gutterfold, cut guides."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import combinations

import pytest
from support import pdfium
from support.pdfium import printed_pages
from support.printing import (
    BACK_MARK,
    FRONT_MARK,
    MM,
    Box,
    curves,
    deck,
    grown,
    ink_near_edges,
    intersects,
    kit,
    lines,
    page_size,
    page_text,
    raster,
    rects,
    stroked,
    tokens,
)

from pnp.printing.imposition import ROUND_GAP, TIGHT_BLEED
from pnp.printing.marks import GUIDE, HAIRLINE, MARK_LENGTH
from pnp.printing.pages import together
from pnp.printing.parts import CARD_SIZES, POKER, TAROT
from pnp.printing.render import PrintSettings, render_kit

CIRCLE = 13  # segments of a printed circle: a move and four curves of three
GUIDE_RGB = tuple(int(GUIDE[i : i + 2], 16) for i in (1, 3, 5))


def render(tmp_path, parts, **settings):
    files = render_kit(kit(("cards", tuple(parts))), PrintSettings(**settings), tmp_path)
    return next(f for f in files if f.path.name == "cards.pdf")


def fronts_and_backs(page) -> tuple[dict[str, Box], dict[str, Box]]:
    """Trim boxes of the fronts and backs on a page, keyed by item index (two hex digits)."""
    fronts = {c[-2:]: b for c, b in stroked(page, FRONT_MARK).items()}
    backs = {c[-2:]: b for c, b in stroked(page, BACK_MARK).items()}
    return fronts, backs


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [3.0, 0.0])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_cards_keep_their_trim_size_and_crop_marks_sit_on_the_trim_lines(tmp_path, size, bleed, paper):
    preset = CARD_SIZES[size]
    written = render(tmp_path, [deck(preset, 20, backs="none")], paper=paper, bleed=bleed)
    assert written.components == {"deck": 20}
    pages = printed_pages(written.path)
    seen = 0
    for page in pages:
        trims = list(stroked(page, FRONT_MARK).values())
        seen += len(trims)
        assert len(trims) > 1  # n-up
        for trim in trims:
            assert sorted((trim.w, trim.h)) == pytest.approx(sorted((preset.width, preset.height)), abs=0.1)
        marks = lines(page, width=HAIRLINE)
        vertical = {round(m.x, 2) for m in marks if m.w < 1e-6}
        horizontal = {round(m.y, 2) for m in marks if m.h < 1e-6}
        assert {round(v, 2) for t in trims for v in (t.x, t.right)} == vertical
        assert {round(v, 2) for t in trims for v in (t.y, t.bottom)} == horizontal
        width, height = page_size(page)
        for mark in marks:
            length = max(mark.w, mark.h)
            if any(intersects(mark, grown(t, 0.01)) for t in trims):
                # a tick: the grid reaches the printable edge there, so its marks run in the bleed to the trim
                assert TIGHT_BLEED - 0.01 <= length <= bleed + 0.01
                assert not any(intersects(mark, t, tolerance=0.01) for t in trims), "tick on a card"
            else:
                assert length == pytest.approx(MARK_LENGTH)
                # a tight grid (these cards share one background) may trim the outer bleed to TIGHT_BLEED
                assert not any(intersects(mark, grown(t, min(bleed, TIGHT_BLEED))) for t in trims), "in a bleed"
            edge = 5 - 0.01  # what the PDF's number precision allows
            assert mark.x >= edge and mark.y >= edge and mark.right <= width - edge and mark.bottom <= height - edge
    assert seen == 20


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_of_one_background_go_nine_to_an_a4_or_a_letter_sheet(tmp_path, paper):
    per_sheet = 9  # on Letter the rows reach the margins, their marks ticks in the bleed (test_printing_reach)
    written = render(tmp_path, [deck(POKER, 18)], paper=paper, bleed=3.0)
    assert written.pages == 2 * -(-18 // per_sheet)
    pages = printed_pages(written.path)
    trims = list(stroked(pages[0], FRONT_MARK).values())
    assert len(trims) == per_sheet
    # butted: neighbours share their cut lines
    assert any(abs(a.right - b.x) < 0.01 or abs(a.bottom - b.y) < 0.01 for a in trims for b in trims)
    rows = raster(written.path, 1, dpi=300)
    px = 300 / 25.4
    for trim in trims:  # the outer bleed still runs a safe width past every cut line, and stops short of the marks
        for x, y in ((trim.x, trim.y + trim.h / 2), (trim.right, trim.y + trim.h / 2)):
            outward = -1 if x == trim.x else 1
            inside = rows[round(y * px)][round((x + outward * (TIGHT_BLEED - 0.3)) * px)]
            assert inside < 240, f"no bleed just past the cut at {x:.1f}, {y:.1f}"


def test_round_tokens_that_sit_close_keep_a_ring_of_bleed_wherever_no_neighbour_is(tmp_path):
    """Tokens of 27 mm in many colours (as Aloft's) sit only ROUND_GAP apart above and below on A4, each with
    half the gap as bleed: each one's background still runs past its cut on the diagonals, not only as far as
    its narrowest side allows."""
    sheet = tokens("round", 27, 30, backs=False)
    coloured = [replace(t, front=replace(t.front, background=f"#c0{8 * i:02x}c0")) for i, t in enumerate(sheet.tokens)]
    written = render(tmp_path, [replace(sheet, tokens=tuple(coloured))], paper="a4", bleed=3.0)
    pages = printed_pages(written.path)
    trims = list(stroked(pages[0], FRONT_MARK).values())
    gap = min(b.y - a.bottom for a in trims for b in trims if b.y > a.bottom)
    assert ROUND_GAP <= gap < 2 * 3.0  # closer than two bleeds
    rows = raster(written.path, 1, dpi=300)
    px = 300 / 25.4
    for trim in trims:
        r, cx, cy = trim.w / 2, trim.x + trim.w / 2, trim.y + trim.h / 2
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            out = (r + 1.5) / 2**0.5  # 1.5 mm past the cut
            assert rows[round((cy + dy * out) * px)][round((cx + dx * out) * px)] < 240, f"no bleed at {trim}"


def test_a_sheet_of_numbered_parts_names_each_run_once_in_its_footer(printed_kits):
    assert together(["player aid 1", "player aid 2", "player aid 3"]) == "player aid 1–3"
    assert together(["jets", "die 1", "die 2", "score 1", "score 3"]) == "jets, die 1–2, score 1, score 3"
    pages = printed_pages(printed_kits.document("aloft", "player-aids"))
    assert "player aid 1–6 1/1" in page_text(pages[0]) and "player aid 2" not in page_text(pages[0])


def test_decks_of_one_size_share_sheets_and_each_page_counts_its_parts(tmp_path):
    small = [deck(POKER, 4, name="alpha"), deck(POKER, 3, name="beta"), tokens("round", 20, 5, backs=False)]
    written = render(tmp_path, small)
    assert (written.pages, written.sheets) == (4, 2)  # one duplex sheet for seven cards, one for the tokens
    assert written.components == {"alpha": 4, "beta": 3, "tokens": 5}
    pages = printed_pages(written.path)
    text = page_text(pages[0])
    assert all(name in text for name in ("A00", "A03", "B00", "B02")) and "alpha, beta fronts 1/1" in text


def test_decks_of_different_backs_are_imposed_apart_when_tight_grids_save_pages(tmp_path):
    east, west = deck(POKER, 18, name="east"), deck(POKER, 18, name="west")
    west = replace(west, cards=tuple(replace(c, back=replace(c.back, background="#603030")) for c in west.cards))
    written = render(tmp_path, [east, west])
    assert written.pages == 2 * (2 + 2)  # nine to a sheet each; together (eight to a sheet) would take five


def test_cards_of_many_backgrounds_keep_the_full_bleed(tmp_path):
    mixed = deck(POKER, 9, backs="none")
    cards = tuple(
        replace(card, front=replace(card.front, background=f"#c0e0{i:02x}")) for i, card in enumerate(mixed.cards)
    )
    written = render(tmp_path, [replace(mixed, cards=cards)], bleed=3.0)
    pages = printed_pages(written.path)
    assert len(stroked(pages[0], FRONT_MARK)) == 8  # turned, 2 x 4: no row is won by trimming the bleed
    written = render(tmp_path, [deck(POKER, 9, backs="none")], bleed=0.0)
    pages = printed_pages(written.path)
    assert len(stroked(pages[0], FRONT_MARK)) == 9  # 3 x 3 when there is no bleed to make room for


def test_nothing_is_printed_within_5_mm_of_the_page_edge(tmp_path):
    parts = [deck(POKER, 9), tokens("round", 25, 12, backs=True), tokens("square", 19, 12, backs=False)]
    written = render(tmp_path, parts, paper="letter")
    for number in range(1, written.pages + 1):
        rows = raster(written.path, number, dpi=200)
        # no AA on fills: this sees ink closer than ~4.75 mm
        assert ink_near_edges(rows, border_px=int(4.9 / 25.4 * 200)) == 0, f"page {number}"


@pytest.mark.parametrize("offset", [(0.0, 0.0), (2.5, -1.5)])
def test_back_pages_mirror_the_front_columns_and_apply_the_back_offset(tmp_path, offset):
    written = render(tmp_path, [deck(POKER, 12)], back_offset=offset)
    dx, dy = offset
    pages = printed_pages(written.path)
    assert written.pages == len(pages) == 4
    for front_page, back_page in ((pages[0], pages[1]), (pages[2], pages[3])):
        width, _ = page_size(front_page)
        fronts, _ = fronts_and_backs(front_page)
        _, backs = fronts_and_backs(back_page)
        assert fronts.keys() == backs.keys() and fronts
        columns = sorted({round(f.x, 2) for f in fronts.values()})
        assert len(columns) > 1
        for key, front in fronts.items():
            back = backs[key]
            assert back.x == pytest.approx(width - front.right + dx, abs=0.01)
            assert back.y == pytest.approx(front.y + dy, abs=0.01)
            assert (back.w, back.h) == pytest.approx((front.w, front.h), abs=0.01)


def test_cards_without_a_back_get_a_blank_back(tmp_path):
    written = render(tmp_path, [deck(POKER, 8, backs="odd")])
    pages = printed_pages(written.path)
    fronts, _ = fronts_and_backs(pages[0])
    _, backs = fronts_and_backs(pages[1])
    assert len(fronts) == 8
    assert sorted(backs) == [f"{i:02x}" for i in range(1, 8, 2)]


def test_a_one_sided_page_in_a_duplex_document_is_followed_by_a_blank_page(tmp_path):
    written = render(tmp_path, [tokens("square", 20, 5, backs=False), deck(POKER, 3)])
    pages = printed_pages(written.path)
    assert len(pages) == 4
    assert stroked(pages[0], FRONT_MARK) and not stroked(pages[1], "#")
    assert len(stroked(pages[2], FRONT_MARK)) == 3 and len(stroked(pages[3], BACK_MARK)) == 3


@pytest.mark.parametrize("size,fold", [(CARD_SIZES["mini"], "horizontal"), (TAROT, "vertical")])
def test_gutterfold_puts_each_back_opposite_its_front_across_the_fold(tmp_path, size, fold):
    written = render(tmp_path, [deck(size, 5)], layout="gutterfold")
    page = printed_pages(written.path)[0]
    fronts, backs = fronts_and_backs(page)
    folds = [line for line in lines(page, "#808080") if max(line.w, line.h) > 150]
    assert len(folds) == 1 and fronts.keys() == backs.keys() and len(fronts) >= 2
    line = folds[0]
    for key, front in fronts.items():
        back = backs[key]
        if fold == "vertical":
            assert line.w < 1e-6
            assert front.right < line.x < back.x
            assert back.x - line.x == pytest.approx(line.x - front.right, abs=0.01)
            assert back.y == pytest.approx(front.y, abs=0.01)
        else:
            assert line.h < 1e-6
            assert front.bottom < line.y < back.y
            assert back.y - line.y == pytest.approx(line.y - front.bottom, abs=0.01)
            assert back.x == pytest.approx(front.x, abs=0.01)


@pytest.mark.parametrize("shape", ["round", "square"])
def test_tokens_get_a_cut_guide_on_their_trim_and_crop_marks(tmp_path, shape):
    written = render(tmp_path, [tokens(shape, 22, 10, backs=True)])
    assert written.components == {"tokens": 10}
    pages = printed_pages(written.path)
    page = pages[0]
    trims = list(stroked(page, FRONT_MARK).values())
    grey = (128, 128, 128)  # #808080
    guides = [g.box for g in (curves(page) if shape == "round" else rects(page)) if g.stroke == grey]
    boxes = sorted((round(g.x0 * MM, 1), round(g.top * MM, 1)) for g in guides)
    assert boxes == sorted((round(t.x, 1), round(t.y, 1)) for t in trims)
    assert all((g.x1 - g.x0) * MM == pytest.approx(22, abs=0.1) for g in guides)
    assert lines(page, width=HAIRLINE)
    assert len(stroked(pages[1], BACK_MARK)) == 10


def test_names_and_manifest_counts_match_the_items(tmp_path):
    written = render(tmp_path, [deck(POKER, 10, name="heroes"), tokens("round", 20, 7, backs=False)])
    assert written.components == {"heroes": 10, "tokens": 7}
    pages = printed_pages(written.path)
    text = "".join(page_text(p) for p in pages)
    assert all(f"H{i:02d}" in text for i in range(10)) and all(f"T{i:02d}" in text for i in range(7))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_round_pieces_keep_room_to_cut_round_them_on_every_sheet(printed_kits, paper):
    """Aloft's round tokens and Take Off!'s jets were butted, or all but (0.4 mm at most): no room for scissors
    between two discs, nor for a punch's guide. Every round cut guide of every game's sheets is now at least
    ROUND_GAP from the next."""
    seen = 0
    for path in printed_kits.pdfs(paper):
        for number, page in enumerate(pdfium.shapes(path, segments=CIRCLE), 1):
            discs = [s.box for s in page if s.stroke == GUIDE_RGB and s.closed and abs(s.line * MM - HAIRLINE) < 0.01]
            seen += len(discs)
            for a, b in combinations(discs, 2):
                gap = (math.dist(_centre(a), _centre(b)) - (a.x1 - a.x0) / 2 - (b.x1 - b.x0) / 2) * MM
                where = f"{path.parent.name} {path.name} page {number}"
                assert gap >= ROUND_GAP - 0.05, f"{where}: discs {gap:.2f} mm apart"
    assert seen >= 59 + 24  # Aloft's tokens and Take Off!'s jets


def _centre(box: pdfium.Box) -> tuple[float, float]:
    return (box.x0 + box.x1) / 2, (box.top + box.bottom) / 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["take-off", "air-king"])
def test_a_card_with_a_band_along_its_top_is_never_butted_to_the_one_above(printed_kits, game, paper):
    """Take Off!'s capitals and every Air King card have a coloured band along the top and a white foot; the
    capitals on Letter were butted one above another (one background, so a tight grid), a cut that wandered
    leaving a sliver of the band on the white foot of the card above. Cards of one band still share their side
    cuts."""
    from pnp.printing.cards import ItemSet
    from pnp.printing.cutting import frames
    from pnp.printing.imposition import duplex
    from pnp.printing.parts import Deck

    decks = [p for d in printed_kits.kit(game).documents for p in d.parts if isinstance(p, Deck)]
    assert decks and all(card.front.band for deck in decks for card in deck.cards)
    for banded in decks:
        items = ItemSet.of([banded])
        assert not items.tight.down
        plan = duplex(banded.size.width, banded.size.height, 3.0, frames(paper, None)[0], items.tight)
        for slot in plan.fronts:
            turns = round(slot.rotate / 90)  # the card's top faces the page's side `turns` (top, right, bottom, left)
            top, foot = slot.bleed[turns % 4], slot.bleed[(turns + 2) % 4]
            assert min(top, foot) > 0.5, (banded.name, slot)  # neither its band nor its foot shares a cut
