"""No text in any printed kit is smaller than 6 pt, read back with PDFium.

Footers and lone symbols (a letter or digit that stands alone, such as a route badge's colour letter) may
be 5 pt, the fine-print minimum.

Overview pages are left out: they are the board shrunk to show how the tiles go together, not a part.
"""

from __future__ import annotations

import pytest
from support.games import GAMES, registered
from support.pdfium import text_pages, words

from pnp.printing.paper import FOOTER_BAND, MARGIN

pytestmark = registered  # the guide's example game is checked as a registered game too
MM = 25.4 / 72
SMALLEST = 6.0
SMALLEST_FOOTER = 5.0


def too_small(path) -> list[str]:
    """Each character under the limit, as 'page N: size pt "text"' (one entry per page and size)."""
    found: set[str] = set()
    for number, page in enumerate(text_pages(path), 1):
        read = words(page.glyphs, apart=lambda _glyph: 1.0)  # badges side by side stay apart
        if "overview at" in " ".join("".join(glyph.text for glyph in word) for word in read):
            continue
        footer_top = page.height * MM - MARGIN - FOOTER_BAND
        for word in read:
            fine = len(word) == 1 or min(glyph.top(page.height) for glyph in word) * MM >= footer_top - 0.01
            limit = SMALLEST_FOOTER if fine else SMALLEST
            for glyph in word:
                if glyph.size < limit - 0.05:
                    found.add(f"page {number}: {glyph.size:.1f} pt {glyph.text!r}")
    return sorted(found)


def test_point_size_reads_turned_text(tmp_path):
    from pnp.printing.canvas import Drawing
    from pnp.printing.render import write_drawing

    def draw(c):
        for angle, size in ((0, 6), (90, 7), (-90, 8), (180, 9), (30, 10)):
            c.text(50, 50, "Wij", size=size, rotate=angle)

    write_drawing(Drawing(100, 100, draw), tmp_path / "t.pdf")
    (page,) = text_pages(tmp_path / "t.pdf")
    assert sorted({round(glyph.size, 1) for glyph in page.glyphs}) == [6, 7, 8, 9, 10]


@pytest.mark.parametrize("game", GAMES)
def test_no_printed_text_is_under_6_pt(printed_kits, game):
    written = printed_kits.files(game)
    problems = {f.path.name: too_small(f.path) for f in written}
    assert not any(problems.values()), {name: found[:8] for name, found in problems.items() if found}


def test_a_small_word_is_found_and_a_lone_symbol_at_5_pt_is_not(tmp_path):
    from pnp.printing.canvas import Drawing
    from pnp.printing.render import write_drawing

    def draw(c):
        c.text(20, 20, "Warsaw", size=5.5)  # a name: too small
        c.text(20, 40, "G", size=5)  # a badge letter: fine print
        c.text(23, 40, "R", size=5)  # its neighbour, a separate badge
        c.text(20, 60, "B", size=4.5)  # too small even for fine print

    write_drawing(Drawing(100, 100, draw), tmp_path / "t.pdf")
    found = too_small(tmp_path / "t.pdf")
    assert {entry.split("'")[1] for entry in found} == {*"Warsaw", "B"}
