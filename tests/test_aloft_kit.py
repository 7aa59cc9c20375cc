"""Aloft's kit, read back from the files it prints."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from support.patterns import patterned_fills
from support.pdfium import Box, glyph_ink, page_shapes, plain_texts, printed_as, text_pages

from pnp.errors import DataError
from pnp.games import REGISTRY
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import load_board, load_data
from pnp.games.spec import KitRequest
from pnp.loader import load_text
from pnp.printing.parts import MINI, Deck
from pnp.texts import catalogue

MM = 25.4 / 72  # millimetres per point
SPAN = ((min, "x0"), (min, "top"), (max, "x1"), (max, "bottom"))  # a box round boxes

SPEC = REGISTRY["aloft"]


@pytest.fixture(scope="module")
def written(printed_kits):
    return {(f.path.name, f.format): f for f in printed_kits.files("aloft", formats=("pdf", "svg"))}


def test_the_manifest_counts_every_component(written):
    cards = written[("cards.pdf", "pdf")].components
    tokens = written[("tokens.pdf", "pdf")].components
    assert cards == {"balloons": 18, "trucks": 5, "colours": 6}  # 15 balloons and 3 special shapes
    assert tokens == {"scoring tokens": 18, "launch tokens": 33, "safety tokens": 8}
    assert written[("tokens.pdf", "pdf")].pages == 1  # the three kinds of token share one sheet, 3 mm apart


def test_token_numbers_and_letters_sit_in_the_middle_of_their_circle(written):
    """A scoring token's number, a launch token's colour letter and the multicoloured token's ANY: the middle of
    their ink (capitals and figures, no descenders) within 0.3 mm of their circle's centre, up and down."""
    path = written[("tokens.pdf", "pdf")].path
    circles = [shape.box for shape in page_shapes(path, 0)[0] if shape.closed and shape.curved]
    codes = {colour.code for colour in load_data().value.colours}
    words: list[list[tuple[str, Box]]] = []
    for char, box, _ in glyph_ink(path):  # a word: characters written one after the other on one line
        last = words[-1][-1][1] if words else None
        if last and abs(box.bottom - last.bottom) < 1 and abs(box.x0 - last.x1) < 2 / MM:  # within 2 mm
            words[-1].append((char, box))
        else:
            words.append([(char, box)])
    checked = {"number": 0, "letter": 0, "ANY": 0}
    for word in words:
        text = "".join(char for char, _ in word)
        kind = "number" if text.isdigit() else "letter" if text in codes else text if text == "ANY" else None
        if kind is None:
            continue
        top, bottom = min(b.top for _, b in word), max(b.bottom for _, b in word)
        x, y = (word[0][1].x0 + word[-1][1].x1) / 2, (top + bottom) / 2
        circle = min(
            (c for c in circles if c.x0 < x < c.x1 and c.top < y < c.bottom), key=lambda c: c.size[0], default=None
        )
        assert circle is not None, text
        off = (y - (circle.top + circle.bottom) / 2) * MM
        assert abs(off) <= 0.3, f"{kind} {text!r} is {off:+.2f} mm below its circle's centre"
        checked[kind] += 1
    assert checked == {"number": 18, "letter": 30, "ANY": 3}


def test_every_card_is_printed_with_its_title(written):
    text = " ".join(plain_texts(written[("cards.pdf", "pdf")].path))
    for title in ("BG", "RW", "WY", "Lion", "Wolf", "Monkey", "Safety truck", "Truck 1", "Purple", "Yellow"):
        assert title in text


def test_cards_are_cut_to_the_mini_size(written):
    # the trim lines run through the crop marks: the gaps between mark positions give the card size
    (drawn,) = page_shapes(written[("cards.pdf", "pdf")].path, 0, segments=2)  # a move and a line
    lines = [shape.box for shape in drawn if shape.painted]
    xs = sorted({round(line.x0 * 25.4 / 72, 2) for line in lines if abs(line.x0 - line.x1) < 0.01 and line.top < 20})
    widths = {round(b - a, 1) for a, b in pairwise(xs)}
    assert round(MINI.width, 1) in widths


def test_the_board_is_tiled_with_labels_and_an_overview(written):
    board = written[("board.pdf", "pdf")]
    assert board.pages >= 4
    overview, *tiles = plain_texts(board.path)
    assert "tile 1" in overview and "ALOFT" in overview
    assert board.pages == 7  # 2 x 3 tiles on A4 and an overview: the art fits the same paper as the bare grid did
    legend = " ".join(tiles)
    assert "one sky cell holds one balloon card" in legend and "the convoy starts under the leftmost columns" in legend


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_launch_line_is_on_the_road_just_under_row_1(printed_kits, paper):
    """Where the balloons go up from: in the road's upper half, past the last truck bay (it sat over the top row)."""
    from pnp.games.aloft.board import ASPHALT
    from pnp.printing.color import rgb

    path = printed_kits.pdf("aloft", "board", paper)
    *_, page = pages = text_pages(path)  # the last tile: the board's lower right corner
    glyphs = printed_as(page.glyphs, catalogue("aloft")("board.launch"))
    text = Box(*(f(getattr(g.box(page.height), side) for g in glyphs) for f, side in SPAN))
    (shapes,) = page_shapes(path, len(pages) - 1, shown=True)
    asphalt = tuple(round(255 * c) for c in rgb(ASPHALT))
    (road,) = [s.box for s in shapes if s.fill == asphalt and s.box.x0 <= text.x0 and text.x1 <= s.box.x1]
    assert road.top < text.top and text.bottom < (road.top + road.bottom) / 2, (text, road)
    bays = [s.box for s in shapes if s.dashed and road.top < s.box.top < road.bottom]
    assert bays and text.x0 > max(bay.x1 for bay in bays), (text, bays)


def test_the_sky_deepens_upward_and_the_road_is_dark_asphalt():
    from pnp.games.aloft.board import ASPHALT, board_drawing
    from pnp.printing.color import luminance, rgb
    from pnp.printing.fonts import DEFAULT

    fills: list[tuple[float, str]] = []

    class Recorder:
        faces = DEFAULT  # what its text is measured in

        def rect(self, x, y, w, h, *, fill=None, **_):
            if fill and w > 500 and h > 10:  # the bands across the whole board
                fills.append((y, fill))

        def __getattr__(self, name):
            from contextlib import nullcontext

            return lambda *a, **k: nullcontext()

    board_drawing(load_board(None).value).draw(Recorder())
    bands = [fill for _, fill in sorted(fills)][1:]  # the paper first, then the rows top down, then the road
    lightness = [luminance(rgb(fill)) for fill in bands[:-1]]
    assert lightness == sorted(lightness) and len(set(lightness)) == 4  # darker towards the top
    assert bands[-1] == ASPHALT


def test_svg_pages_parse(written):
    svgs = [f for (name, fmt), f in written.items() if fmt == "svg" and name.startswith("cards")]
    assert svgs
    for f in svgs:
        assert ET.parse(f.path).getroot().tag.endswith("svg")


def test_balloon_patterns_are_clipped_to_the_envelope_not_a_rectangle(written):
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(written[("cards-01.svg", "svg")].path).getroot()
    shaped = {clip.get("id") for clip in root.iter(f"{ns}clipPath") if clip.find(f"{ns}path") is not None}
    patterned = [
        g for g in root.iter(f"{ns}g") if g.get("clip-path", "")[5:-1] in shaped and g.find(f".//{ns}line") is not None
    ]
    assert len(patterned) >= 2 * 9 - 4  # both halves of the two-colour balloons on the first page (most hatched)


def test_each_balloon_half_wears_the_pattern_of_its_colour_card():
    """A player who cannot tell red from green looks for their colour card's pattern on the balloons: every half
    of every balloon card is drawn with the pattern its colour's card shows, whatever the other half's colour."""
    from pnp.games.aloft.model import load_data

    data = load_data().value
    colours = {colour.rgb: colour.code for colour in data.colours}
    decks = {deck.name: deck for deck in SPEC.kit(KitRequest()).documents[1].parts if isinstance(deck, Deck)}
    on_cards = {}
    for card in decks["colours"].cards:
        ((code, pattern),) = patterned_fills(card.front.draw, colours)  # one patch: the card's colour
        on_cards[code] = pattern
    assert sorted(on_cards) == sorted(colours.values())
    assert len(set(on_cards.values())) == len(on_cards)  # no two colours share a pattern
    drawn, wanted = {}, {}
    for balloon, card in zip(data.balloons, decks["balloons"].cards, strict=True):
        halves = patterned_fills(card.front.draw, colours)  # none on a special shape
        assert [code for code, _ in halves] == list(balloon.colours), card.name
        drawn.update({(balloon.name, code): pattern for code, pattern in halves})
        wanted.update({(balloon.name, code): on_cards[code] for code in balloon.colours})
    assert len(drawn) == 2 * 15 and drawn == wanted  # (balloon, half's colour) -> the pattern drawn on it


def test_cards_fit_the_cells_of_the_built_in_board():
    assert [f for f in check_board(load_board()) if f.level == "error"] == []


@pytest.mark.parametrize(
    ("text", "problem", "where"),
    [
        ("columns: 5\nrows: 4\n", "too narrow for a convoy", "b.yaml:1:10"),
        ("columns: 12\nrows: 4\ncell_width: 40\n", "too narrow for a 44 mm card", "b.yaml:3:13"),
        ("columns: 12\nrows: 4\ncell_height: 60\n", "too short", "b.yaml:3:14"),
    ],
)
def test_each_board_check_points_at_its_line_and_column(text, problem, where):
    from pnp.games.aloft.model import AloftBoard

    findings = check_board(load_text(text, AloftBoard, "b.yaml"))
    errors = [f for f in findings if f.level == "error"]
    assert errors and problem in errors[0].message and errors[0].where == where


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("columns: 12\nrows: 0\n", "b.yaml:2:7: rows: 0 is less than 1, the least allowed"),
        ("columns: 12\nrows: 21\n", "b.yaml:2:7: rows: 21 is more than 20, the most allowed"),
        ("columns: 61\nrows: 4\n", "b.yaml:1:10: columns: 61 is more than 60, the most allowed"),
    ],
)
def test_a_board_out_of_bounds_is_refused_at_its_value(text, error):
    from pnp.games.aloft.model import AloftBoard

    with pytest.raises(DataError) as caught:
        load_text(text, AloftBoard, "b.yaml")
    assert str(caught.value) == error


def test_balance_concerns_are_warnings():
    from pnp.games.aloft.model import AloftBoard

    findings = check_board(load_text("columns: 30\nrows: 2\n", AloftBoard, "b.yaml"))
    assert findings and {f.level for f in findings} == {"warning"}


def test_a_taller_custom_board_prints_taller(tmp_path):
    tall = tmp_path / "tall.yaml"
    tall.write_text("game: aloft\ncolumns: 12\nrows: 6\n")
    kit = SPEC.kit(KitRequest(map_path=tall))
    board = kit.documents[0].parts[0].drawing
    default = SPEC.kit(KitRequest()).documents[0].parts[0].drawing
    assert board.height - default.height == pytest.approx(2 * 67.5)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_board_legend_says_no_truck_count_the_variant_may_change(cli, tmp_path, language):
    """A variant with 3 trucks printed "the convoy starts under columns 1-5" on its board; its rules said 3."""
    (tmp_path / "three.yaml").write_text("game: aloft\ntrucks: 3\n", encoding="utf-8")
    code, _, err = cli("build", "aloft", "--variant", "three.yaml", "--lang", language, "-o", "out")
    assert code == 0, err
    board = " ".join(plain_texts(tmp_path / "out" / "aloft" / "board.pdf")).replace("\n", " ")
    bay = catalogue("aloft", language)("board.legend.bay")
    assert bay in board and not any(digit in bay for digit in "0123456789")
