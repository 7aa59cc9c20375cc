"""Grids that reach the printable edges (nine poker cards on US Letter), read back from the PDF: ticks in the
bleed for crop marks, the footer beside the cards, mirrored backs, and nothing in the margins of a whole build."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest
from support.pdfium import ink_by_the_edges, printed_pages
from support.printing import (
    BACK_MARK,
    FRONT_MARK,
    Box,
    char_box,
    deck,
    grown,
    intersects,
    kit,
    lines,
    page_size,
    raster,
    stroked,
    upright,
)

from pnp.printing.footer import SMALLEST
from pnp.printing.imposition import TIGHT_BLEED
from pnp.printing.marks import HAIRLINE, HALO, HALO_WIDTH, MARK_LENGTH
from pnp.printing.paper import MARGIN
from pnp.printing.parts import POKER
from pnp.printing.render import PrintSettings, render_kit

LETTER = (215.9, 279.4)


def render(tmp_path: Path, parts, **settings):
    files = render_kit(kit(("cards", tuple(parts))), PrintSettings(**settings), tmp_path)
    return next(f for f in files if f.path.name == "cards.pdf")


def ticks_and_marks(page, trims: list[Box]) -> tuple[list[Box], list[Box]]:
    """The page's black hairlines: ticks (touching a trim line) and crop marks (clear of every card)."""
    ticks, marks = [], []
    for line in lines(page, width=HAIRLINE):
        (ticks if any(intersects(line, grown(t, 0.01)) for t in trims) else marks).append(line)
    return ticks, marks


def test_poker_cards_go_nine_to_a_letter_sheet_with_ticks_in_the_bleed_at_top_and_bottom(tmp_path):
    written = render(tmp_path, [deck(POKER, 18)], paper="letter", bleed=3.0)
    assert (written.pages, written.sheets) == (4, 2)
    page = printed_pages(written.path)[0]
    trims = list(stroked(page, FRONT_MARK).values())
    ticks, marks = ticks_and_marks(page, trims)
    halos = lines(page, HALO, width=HALO_WIDTH)
    assert len(trims) == 9
    top, bottom = min(t.y for t in trims), max(t.bottom for t in trims)
    assert top == pytest.approx(LETTER[1] - bottom, abs=0.01)
    assert top == pytest.approx((LETTER[1] - 3 * POKER.height) / 2, abs=0.01)
    xs = {round(v, 2) for t in trims for v in (t.x, t.right)}
    ys = {round(v, 2) for t in trims for v in (t.y, t.bottom)}
    # every cut across the sheet: a tick at each end, from the bleed's outer edge (the margin) to the trim line
    assert sorted((round(t.x, 2), round(t.y, 2), round(t.h, 2)) for t in ticks) == sorted(
        (x, y, round(top - MARGIN, 2)) for x in xs for y in (round(MARGIN, 2), round(bottom, 2))
    )
    assert top - MARGIN >= TIGHT_BLEED
    assert all(
        any(abs(h.x - t.x) < 0.01 and abs(h.y - t.y) < 0.01 and abs(h.h - t.h) < 0.01 for h in halos) for t in ticks
    )
    # every cut down the sheet: a crop mark at each side, clear of the bleed
    assert sorted((round(m.y, 2), m.x < LETTER[0] / 2) for m in marks) == sorted(
        (y, side) for y in ys for side in (True, False)
    )
    assert all(m.w == pytest.approx(MARK_LENGTH) and m.h < 1e-6 for m in marks)
    left, right = min(t.x for t in trims), max(t.right for t in trims)
    assert all(m.right <= left - 3.0 or m.x >= right + 3.0 for m in marks)
    # the bleed still runs past the cut at the top and bottom of the sheet, up to the margin
    rows = raster(written.path, 1, dpi=300)
    px = 300 / 25.4
    for y in (top - TIGHT_BLEED / 2, bottom + TIGHT_BLEED / 2):
        assert rows[round(y * px)][round((left + 20) * px)] < 240, f"no bleed at {y:.2f}"


def test_the_footer_moves_beside_the_cards_clear_of_marks_bleed_and_margin(tmp_path):
    written = render(tmp_path, [deck(POKER, 18)], paper="letter", bleed=3.0)
    pages = printed_pages(written.path)
    for number, page in enumerate(pages, 1):
        trims = list((stroked(page, FRONT_MARK) | stroked(page, BACK_MARK)).values())
        chars = [c for c in page.glyphs if not upright(c)]
        text = "".join(c.text for c in chars)
        assert f"page {number}/4" in text and "Test Game" in text and "seed 7" in text
        assert all(c.size >= SMALLEST - 0.01 for c in chars)
        width, height = page_size(page)
        hairlines = lines(page, width=HAIRLINE)
        for c in chars:
            box = char_box(page, c)
            assert MARGIN <= box.x and box.right <= width - MARGIN
            assert MARGIN <= box.y and box.bottom <= height - MARGIN
            assert not any(intersects(box, grown(t, 3.0)) for t in trims), f"{c.text!r} in a bleed"
            assert not any(intersects(box, grown(m, 0.1)) for m in hairlines), f"{c.text!r} on a mark"
        assert "Test Game" not in "".join(c.text for c in page.glyphs if upright(c))  # none left in its band


def test_backs_and_their_ticks_mirror_the_fronts_within_a_tenth_of_a_millimetre(tmp_path):
    written = render(tmp_path, [deck(POKER, 9)], paper="letter", back_offset=(0.0, 0.0))
    front_page, back_page = printed_pages(written.path)[:2]
    fronts = {c[-2:]: b for c, b in stroked(front_page, FRONT_MARK).items()}
    backs = {c[-2:]: b for c, b in stroked(back_page, BACK_MARK).items()}
    front_ticks, _ = ticks_and_marks(front_page, list(fronts.values()))
    back_ticks, back_marks = ticks_and_marks(back_page, list(backs.values()))
    assert len(fronts) == 9 and fronts.keys() == backs.keys()
    for key, front in fronts.items():
        back = backs[key]
        assert abs(back.x - (LETTER[0] - front.right)) < 0.1 and abs(back.y - front.y) < 0.1
    mirrored = sorted((round(LETTER[0] - t.x, 1), round(t.y, 1), round(t.h, 1)) for t in front_ticks)
    assert sorted((round(t.x, 1), round(t.y, 1), round(t.h, 1)) for t in back_ticks) == mirrored
    assert not back_marks  # a back carries only the ticks: its side marks would be printed behind the fronts'


def test_a_back_offset_never_pushes_a_back_into_the_margin(tmp_path):
    written = render(tmp_path, [deck(POKER, 9)], paper="letter", back_offset=(-2.0, -1.5))
    rows = raster(written.path, 2, dpi=200)
    border = int(4.9 / 25.4 * 200)
    assert all(v >= 250 for row in rows[:border] + rows[-border:] for v in row)
    assert all(v >= 250 for row in rows for v in row[:border] + row[-border:])
    page = printed_pages(written.path)[1]  # the footer goes to the side the backs moved away from
    backs = list(stroked(page, BACK_MARK).values())
    chars = [c for c in page.glyphs if not upright(c)]
    assert "Test Game" in "".join(c.text for c in chars)
    for c in chars:
        box = char_box(page, c)
        assert MARGIN <= box.x and box.right <= LETTER[0] - MARGIN
        assert not any(intersects(box, grown(b, 3.0)) for b in backs), f"{c.text!r} in a bleed"


def test_decks_of_many_backgrounds_reach_too_keeping_the_full_bleed_and_a_gap(tmp_path):
    mixed = deck(POKER, 9, backs="none")
    cards = tuple(
        replace(card, front=replace(card.front, background=f"#c0e0{i:02x}")) for i, card in enumerate(mixed.cards)
    )
    written = render(tmp_path, [replace(mixed, cards=cards)], paper="letter", bleed=3.0)
    pages = printed_pages(written.path)
    trims = list(stroked(pages[0], FRONT_MARK).values())
    assert len(trims) == 8  # turned, 2 x 4 (it was 2 x 3 before the grid could reach the footer band)
    tops = sorted({round(t.y, 2) for t in trims})
    assert tops[0] - MARGIN == pytest.approx(3.0, abs=0.01)  # the full outer bleed
    gaps = [b - a - POKER.width for a, b in pairwise(tops)]
    assert min(gaps) >= 2 * TIGHT_BLEED


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nothing_of_a_whole_build_is_printed_within_5_mm_of_the_paper_edge(printed_kits, paper):
    seen = 0
    for pdf in printed_kits.pdfs(paper):  # what ``pnp build all --paper PAPER`` writes
        for number, ink in enumerate(ink_by_the_edges(pdf, dpi=72, border_px=int(4.9 / 25.4 * 72)), 1):
            seen += 1
            # a pixel is 0.35 mm: this sees ink closer than ~4.6 mm to an edge, text, lines and fills alike
            assert ink == 0, f"{pdf.parent.name}/{pdf.name} {number}"
    assert seen > 100
