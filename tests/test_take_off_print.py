"""Take Off!'s cards and die nets, read back from the PDF pages they print on."""

from __future__ import annotations

import re

import pytest
from support.boxes import meets
from support.pdfium import Box, Shape, drawn_pages, page_shapes, plain_texts, text_pages, words

from pnp.games.take_off.components import art_box
from pnp.games.take_off.model import load_data
from pnp.printing.parts import Deck
from pnp.printing.pdf import PdfWriter

DATA = load_data().value
MM = 72 / 25.4  # PDF points per mm


@pytest.fixture(scope="module")
def printed(printed_kits):
    """The kit's PDFs by name: cards and jets-and-dice are read here (the map in test_take_off_labels.py)."""
    return {f.path.stem: f.path for f in printed_kits.files("take-off")}


def _near(a: float, b: float) -> bool:
    return abs(a - b) < 0.3


def test_the_deck_footer_sits_below_the_locator_map_never_in_it(printed_kits, tmp_path):
    kit = printed_kits.kit("take-off")
    decks = [p for doc in kit.documents for p in doc.parts if isinstance(p, Deck)]
    path = tmp_path / "fronts.pdf"
    writer = PdfWriter(path, "fronts")
    sample = [card for deck in decks for card in deck.cards[::8]]
    for card in sample:
        writer.page(decks[0].size.width, decks[0].size.height, card.front.draw)
    writer.close()
    height = decks[0].size.height * MM
    x, y, w, h = (v * MM for v in art_box(decks[0].size.width))
    locator = (x, y, x + w, y + h)
    for page in text_pages(path):
        inked = [glyph for glyph in page.glyphs if not glyph.text.isspace()]
        (found,) = re.finditer(r"(Brown|Blue)deck:(east|west)ernhalf", "".join(glyph.text for glyph in inked))
        boxes = [glyph.box(page.height) for glyph in inked[found.start() : found.end()]]
        footer = Box(
            min(b.x0 for b in boxes), min(b.top for b in boxes), max(b.x1 for b in boxes), max(b.bottom for b in boxes)
        )
        assert not meets((footer.x0, footer.top, footer.x1, footer.bottom), locator)
        assert footer.top > locator[3]  # under the map (below its map square), clear of it
        assert footer.bottom < height - 2 * MM  # and clear of the trim


def test_cards_print_names_with_their_accents(printed):
    fronts = text_pages(printed["cards"])[::2]  # fronts only (the cards lie sideways on the page)
    read = {"".join(glyph.text for glyph in word) for page in fronts for word in words(page.glyphs)}
    for name in ("Yaoundé", "Lomé", "São", "Tomé", "Bogotá", "Asunción", "Brasília", "Reykjavík", "Astana", "Malabo"):
        assert name in read
    for old in ("Yaounde", "Bogota", "Nur-Sultan", "Ciudad"):
        assert old not in read


def test_die_nets_fold_on_dashed_lines_and_cut_on_solid_ones(printed):
    side = DATA.die_size * MM
    path = printed["jets-and-dice"]
    texts = plain_texts(path)
    pages = [number for number, text in enumerate(texts) if "fold on the dashed lines" in text]
    nets = sum(texts[number].count("fold on the dashed lines") for number in pages)
    assert nets == 2  # both dice, on one page or two as the packing decides
    for number in pages:
        here = texts[number].count("fold on the dashed lines")
        (drawn,) = page_shapes(path, number)
        lines = [shape for shape in drawn if shape.painted and len(shape.points) == 2]
        edges = [line for line in lines if _near(max(line.box.size), side)]
        dashed = [line for line in edges if line.dashed]
        solid = [line for line in edges if not line.dashed]
        assert len(dashed) == 12 * here  # five between faces, seven between a face and its glue tab
        assert len(solid) == 7 * here  # the rest of the cross's outline
        spots = {_spot(line) for line in dashed}
        assert len(spots) == 12 * here and not spots & {_spot(line) for line in solid}
        # the glue tabs' free edges are cut: solid, and never along a face's edge
        tabs = [shape for shape in drawn if shape.stroke and len(shape.points) > 2 and not shape.rectangle]
        assert len(tabs) >= 7 * here and all(not tab.dashed for tab in tabs)
        assert not spots & {_spot(tab) for tab in tabs}


def _spot(shape: Shape) -> tuple[int, ...]:
    """Where a path lies, to the nearest point."""
    box = shape.box
    return tuple(round(v) for v in (box.x0, box.top, box.x1, box.bottom))


def test_the_header_band_runs_into_the_bleed_on_the_top_and_both_sides(printed_kits, tmp_path):
    """A cut that wanders off the trim must show band colour, not white: the band overhangs the card."""
    kit = printed_kits.kit("take-off")
    deck = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Deck))
    w, h = deck.size.width, deck.size.height
    path = tmp_path / "front.pdf"
    writer = PdfWriter(path, "front")
    writer.page(w, h, deck.cards[0].front.draw)
    writer.close()
    widest = max(drawn_pages(path)[0].rectangles, key=lambda r: r.x1 - r.x0)
    bleed = 3 * MM  # the default bleed, and more
    assert widest.x0 <= -bleed and widest.x1 >= w * MM + bleed and widest.top <= -bleed
    assert widest.bottom < h * MM / 2  # the band, not a background


def test_the_rules_figure_prints_no_word_of_the_card_it_covers(printed_kits):
    """The card behind showed only its band, but its capital, country and map square stayed in the text layer:
    copied or read aloud, they were words no one sees."""
    decks = [part for doc in printed_kits.kit("take-off").documents for part in doc.parts if isinstance(part, Deck)]
    front, behind = (re.fullmatch(r"(.+) \((.+)\)", deck.cards[0].name) for deck in decks)
    assert front is not None and behind is not None
    text = plain_texts(printed_kits.pdf("take-off", "rules"))[0]
    assert front[1] in text and front[2] in text
    assert behind[1] not in text and behind[2] not in text
