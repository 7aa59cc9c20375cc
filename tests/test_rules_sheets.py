"""Every kit's rules sheet and player aids, and every printed word of every kit, read back from the PDFs."""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from support.boxes import Rect, overlapping
from support.pdf import read
from support.pdfium import (
    Box,
    Glyph,
    Lettering,
    Shape,
    TextPage,
    baselines,
    drawn_in_order,
    plain_texts,
    printed_as,
    shapes,
    text_page,
    text_pages,
    words,
)
from support.printing import kit as support_kit

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing import fonts
from pnp.printing.canvas import PT
from pnp.printing.paper import FOOTER_BAND, MARGIN
from pnp.printing.render import PrintSettings, render_kit, write_drawing
from pnp.printing.sheets import (
    AID_STYLE,
    FIGURE_TINT,
    Figure,
    Heading,
    Items,
    Text,
    aid_card,
    rules_sheets,
    text_drawing,
)
from pnp.texts import toolkit

GAMES = ("aloft", "air-king", "hauling-astronauts", "aeronaut-odyssey", "take-off")
MOST_PLAYERS = {"aloft": 6, "air-king": 4, "hauling-astronauts": 2, "aeronaut-odyssey": 6, "take-off": 6}
BODY_PT, AID_PT = 8.0, 7.0
READING_PT = 10.0  # an aid's body when its card leaves room: read across the table
CUT_INSET = 0.2  # mm from an aid card's edge to its dashed cut line
TINT = tuple(int(FIGURE_TINT[i : i + 2], 16) for i in (1, 3, 5))
APART = 3.0  # pt: a gap that parts two words, as pdfplumber's extract_words has it (x_tolerance)

# Referee input in printed text: a move's verb and its arguments ending in a square such as b2 or a placeholder
# ("fly 3 b2", "discard CARD"), a verb and two numbers ("pass 3 8"), or any verb opening a bracket ("(land 3)").
_VERB = (
    r"(?:draw|discard|depart|fly|land|extra|diagonal|storm|clear|hold|pass|return|reveal|secret|commit|truck|"
    r"inflate|launch|ascend|choose|roll|place|move|swap|claim|pick|gain|end)"
)
_PLACEHOLDER = r"(?:CARD|SPACE|SLOT|VALUE|CITY|ROUTE|TYPE|BALLOON|COLUMN|DOCK|PAYMENT|N)"
NOTATION = re.compile(
    rf"\b{_VERB}(?:\s+\d+)*\s+(?:[a-z]\d|{_PLACEHOLDER})\b|\b{_VERB}\s+\d+\s+\d+\b|\({_VERB}\b[^)]*\)"
)
COMMANDS = re.compile(r"\bpnp |\bref |\breferee\b", re.IGNORECASE)

# Each name as the kit's data spells it: every printed occurrence must keep its casing (a capital that starts
# a sentence aside) and its wording.
NAMES = {
    "air-king": (
        "Extra move",
        "Extra diagonal move",
        "Storm",
        "Clear sky",
        "Holding",
        "Pass",
        "Technical Return",
        "Airport A",
        "Airport B",
        "Runway A",
        "Runway B",
    ),
    "aloft": ("Safety truck", "Lion", "Wolf", "Monkey"),
    "take-off": ("Brown deck: eastern half", "Blue deck: western half"),
    "hauling-astronauts": ("Available", "Booked", "Confirmed"),
    "aeronaut-odyssey": (),
}
WORDINGS = {"take-off": re.compile(r"(?:brown|blue) deck\W+(?:eastern|western) half", re.IGNORECASE)}


@pytest.fixture(scope="module")
def kits(printed_kits) -> dict[str, Path]:
    """Every kit's folder on A4 (printed once for the session)."""
    return {game: printed_kits.pdf(game, "rules").parent for game in GAMES}


@pytest.fixture(scope="module")
def letter(printed_kits) -> dict[str, Path]:
    """Every kit's folder on Letter."""
    return {game: printed_kits.pdf(game, "rules", "letter").parent for game in GAMES}


@dataclass(frozen=True)
class Word:
    """Characters printed together (a character alone too), with their box (points from the page's top)."""

    text: str
    box: Box
    size: float  # the first character's


@dataclass(frozen=True)
class Page:
    """A printed page read back with PDFium: its size, its characters, its lines of words (top line first, each
    word as pdfplumber's ``extract_words`` parts them) and the figures' boxes."""

    width: float
    height: float
    chars: tuple[Word, ...]
    lines: tuple[tuple[Word, ...], ...]
    figures: tuple[Box, ...]  # the only places where smaller, drawn-to-scale text may stand

    def text(self, bottom: float) -> str:
        """The words of each line starting above ``bottom``, a line to a line of text."""
        return "\n".join(" ".join(w.text for w in line) for line in self.lines if line[0].box.top < bottom)


def _word(glyphs: list[Glyph], height: float) -> Word:
    boxes = [g.box(height) for g in glyphs]
    box = Box(
        min(b.x0 for b in boxes), min(b.top for b in boxes), max(b.x1 for b in boxes), max(b.bottom for b in boxes)
    )
    return Word("".join(g.text for g in glyphs), box, glyphs[0].size)


@cache
def _pages(path: Path) -> tuple[Page, ...]:
    """The pages of a printed PDF (pdfplumber reads them many times slower)."""
    pages = []
    for text, drawn, pdf_page in zip(text_pages(path), shapes(path), read(path).pages):
        height = text.height
        lines = sorted(baselines(text.glyphs), key=lambda line: line[0][1].box(height).top)
        split = (words(tuple(glyph for _, glyph in line), lambda _: APART) for line in lines)
        pages.append(
            Page(
                float(pdf_page.cropbox.width),
                height,
                tuple(_word([glyph], height) for glyph in text.glyphs),
                tuple(tuple(_word(word, height) for word in line) for line in split),
                tuple(shape.box for shape in drawn if shape.fill == TINT),
            )
        )
    return tuple(pages)


def _inside(box: Box, boxes: tuple[Box, ...]) -> bool:
    return any(f.x0 <= box.x0 and box.x1 <= f.x1 and f.top <= box.top and box.bottom <= f.bottom for f in boxes)


def _rect(box: Box) -> Rect:
    return box.x0, box.top, box.x1, box.bottom


def _check_pages(path: Path, smallest: float) -> int:
    """Every page's text: at least ``smallest`` pt outside figures, inside the margins, no two words overlapping."""
    margin = MARGIN / PT
    pages = _pages(path)
    for number, page in enumerate(pages, 1):
        figures = page.figures
        footer = page.height - (MARGIN + FOOTER_BAND) / PT  # the toolkit's footer line, set smaller
        body = [c for c in page.chars if c.text.strip() and c.box.top < footer and not _inside(c.box, figures)]
        assert body, f"{path.name} page {number}: no text"
        small = sorted({round(c.size, 2) for c in body if c.size < smallest - 0.01})
        assert not small, f"{path.name} page {number}: text at {small} pt, under {smallest} pt"
        for c in page.chars:
            assert margin - 0.5 <= c.box.x0 and c.box.x1 <= page.width - margin + 0.5, (path.name, c.text)
            assert margin - 0.5 <= c.box.top and c.box.bottom <= page.height - margin + 0.5, (path.name, c.text)
        found = [w for line in page.lines for w in line if w.box.top < footer and not _inside(w.box, figures)]
        clashes = overlapping([(w.text, _rect(w.box)) for w in found], slack=0.5)
        assert not clashes, f"{path.name} page {number}: {clashes[0][0]!r} on {clashes[0][1]!r}"
    return len(pages)


@pytest.mark.parametrize("game", GAMES)
def test_every_kits_rules_print_on_one_side_when_they_fit_there(game, kits):
    """No side left mostly blank: each game's rules fit one side, so the file is one page printed one-sided."""
    rules = PdfReader(kits[game] / "rules.pdf")
    assert len(rules.pages) == 1
    assert "/Duplex" not in rules.trailer["/Root"].get("/ViewerPreferences", {})


def test_rules_too_long_for_one_side_fill_it_before_a_second_side_printed_double_sided(tmp_path):
    """The game's division into two sides is not kept: the second side holds only what the first cannot."""
    words = "Each turn a player moves one piece and then draws a card from the pile beside the board. " * 4
    front = (Heading("Short front"), Text(words))
    back = tuple(block for n in range(20) for block in (Heading(f"Part {n}"), Text(words)))
    sides = rules_sheets("Long", (front, back), toolkit())
    assert [side.name for side in sides] == ["rules side 1", "rules side 2"] and sides[0].duplex_front
    files = render_kit(support_kit(("rules", sides)), PrintSettings(), tmp_path)
    (written,) = [f for f in files if f.path.stem == "rules"]
    reader = PdfReader(written.path)
    assert len(reader.pages) == 2 and reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    first, second = (page.text(page.height) for page in _pages(written.path))
    moved = sorted(int(n) for n in re.findall(r"Part (\d+)", second))
    assert moved and "Part 0" in first and moved == list(range(moved[0], 20))  # side 1 holds parts up to the flow
    assert f"Part {moved[0] - 1}" in first
    with pytest.raises(
        PnpError, match=r"^Too long: rules \(2/2\), text: the text needs .* mm of column, the page holds"
    ):
        rules_sheets("Too long", (front, back * 3), toolkit())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_the_rules_fit_one_side_in_readable_text(game, paper, kits, letter):
    folder = kits[game] if paper == "a4" else letter[game]
    assert _check_pages(folder / "rules.pdf", BODY_PT) == 1
    pages = _pages(folder / "rules.pdf")
    text = " ".join(page.text(page.height) for page in pages)
    assert len(pages[0].figures) == 1, "the set-up figure is on the first side"
    for topic in ("Set-up", "turn", "The end"):
        assert topic.lower() in text.lower(), f"{game}: the rules say nothing under {topic!r}"


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_take_offs_figure_shows_each_decks_letter_a_cards_country_and_every_die_face(paper, kits, letter):
    """Drawn small enough, the figure lost the letters E and W, the country and the TAKE OFF! face's words."""
    page = _pages((kits if paper == "a4" else letter)["take-off"] / "rules.pdf")[0]
    shown = [w.text for line in page.lines for w in line if _inside(w.box, page.figures)]
    assert {"E", "W", "Apia", "Samoa", "X6", "R", "Y", "G", "B"} <= set(shown)
    assert shown.count("TAKE") == 3  # the band of each card, and the die's sixth face


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_rules_sheet_reads_upright_its_figures_keys_too(game, kits):
    """Hauling Astronauts' figure printed player 2's transport letters turned a quarter, as the page they are cut
    from turns the pieces: at that size V, Y and Z read as ">", ">" and "N"."""
    for number, page in enumerate(text_pages(kits[game] / "rules.pdf"), 1):
        turned = "".join(glyph.text for glyph in page.glyphs if glyph.direction[0] < 0.99)
        assert not turned, f"{game}: side {number}: {turned!r} turned"
    if game == "hauling-astronauts":
        assert set("UVWXYZ") <= {glyph.text for glyph in text_pages(kits[game] / "rules.pdf")[0].glyphs}


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_aeronaut_odysseys_figure_letters_its_cities_and_the_sheet_says_what_a_dashed_space_is(paper, kits, letter):
    """The figure's city names printed under 6 pt and were left out; the inventories' dashed spaces were unexplained."""
    folder = (kits if paper == "a4" else letter)["aeronaut-odyssey"]
    page = _pages(folder / "rules.pdf")[0]
    shown = {w.text for line in page.lines for w in line if _inside(w.box, page.figures)}
    assert set("ABCDEFGHIJKLMNOPQRS") <= shown  # the built-in map's 19 cities
    assert "a dashed space opens when you gain a space" in " ".join(" ".join(plain_texts(folder / "rules.pdf")).split())
    aid = " ".join(" ".join(plain_texts(folder / "player-aids.pdf")).split())
    assert "A balloon of your choice, or a space (ink in a dashed one)" in aid


def _figure(game: str, monkeypatch: pytest.MonkeyPatch) -> Figure:
    """The figure on the game's rules sheet, as its kit hands it to the sheet."""
    module = importlib.import_module(f"pnp.games.{game.replace('-', '_')}.rules_sheet")
    found: list[Figure] = []
    sheets = module.rules_sheets

    def spy(title, sides, t):
        found.extend(block for side in sides for block in side if isinstance(block, Figure))
        return sheets(title, sides, t)

    monkeypatch.setattr(module, "rules_sheets", spy)
    REGISTRY[game].kit(KitRequest())
    (figure,) = found
    return figure


def _badges(drawn: tuple[Shape | Lettering, ...]) -> list[tuple[Shape, Lettering]]:
    """Each disc or rounded slip a text is printed on: the shape drawn just before the text, round its middle and
    hugging it (its short side at most three times the text's size, where a card or a runway is much larger)."""
    found = []
    for shape, text in pairwise(drawn):
        if not (isinstance(shape, Shape) and isinstance(text, Lettering) and text.text.strip()):
            continue
        hugs = min(shape.box.size) <= 3 * text.size
        if shape.closed and shape.curved and shape.fill and _round(shape.box, text.box) and hugs:
            found.append((shape, text))
    return found


def _round(box: Box, text: Box) -> bool:
    """Whether ``box`` lies round the middle of ``text``."""
    x, y = (text.x0 + text.x1) / 2, (text.top + text.bottom) / 2
    return box.x0 <= x <= box.x1 and box.top <= y <= box.bottom


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_no_badge_in_a_figure_is_printed_empty(game, paper, kits, letter, monkeypatch, tmp_path):
    """A figure drawn small once printed the discs, slips and circles its labels sit on without the labels,
    too small to print (Aloft's columns and rows, Air King's spaces, Hauling's fleet letters, Aeronaut Odyssey's
    areas): each badge the drawing prints with a text is in the figure with its text, or not at all."""
    figure = _figure(game, monkeypatch)
    write_drawing(figure.drawing, tmp_path / "full.pdf")  # the drawing at its size: every text printed
    full = drawn_in_order(tmp_path / "full.pdf")
    badges = _badges(full)
    path = (kits if paper == "a4" else letter)[game] / "rules.pdf"
    page, printed = _pages(path)[0], drawn_in_order(path)
    (tint,) = page.figures
    width, height = figure.drawing.width / PT, figure.drawing.height / PT  # in points, as the PDFs measure
    scale = min((tint.size[0] - 4 / PT) / width, figure.height / PT / height)  # as the sheet sets it
    left, top = tint.x0 + (tint.size[0] - width * scale) / 2, tint.top + 2 / PT

    def placed(box: Box) -> Box:
        return Box(left + box.x0 * scale, top + box.top * scale, left + box.x1 * scale, top + box.bottom * scale)

    def near(a: Box, b: Box) -> bool:
        return all(abs(p - q) <= 0.3 for p, q in zip((a.x0, a.top, a.x1, a.bottom), (b.x0, b.top, b.x1, b.bottom)))

    def printed_at(shape: Shape) -> bool:
        box = placed(shape.box)
        return any(isinstance(p, Shape) and p.fill == shape.fill and near(p.box, box) for p in printed)

    ground = max((s for s in full if isinstance(s, Shape) and s.fill), key=lambda s: s.box.size[0] * s.box.size[1])
    assert printed_at(ground), f"{game}: the drawing's largest shape is not where the figure places it"
    shown = [(shape, text) for shape, text in badges if _inside(placed(shape.box), (placed(Box(0, 0, width, height)),))]
    assert shown, f"{game}: no badge in the figure's drawing"  # the test sees the badges it is about
    texts = [t.box for t in printed if isinstance(t, Lettering) and t.text.strip()]
    empty = []
    for shape, text in shown:
        if printed_at(shape) and not any(_round(placed(shape.box), t) for t in texts):
            empty.append(text.text.strip())
    assert not empty, f"{game}: {len(empty)} of {len(shown)} badges printed empty in the figure: {sorted(set(empty))}"


# What a sheet once left out or said otherwise than the rulebook (its line in ../shared/rules/<game>.txt)
RULEBOOK_POINTS = [
    # aloft.txt 79-82: sets by colour and of safety tokens; a multicoloured token joins a colour, never safety
    ("aloft", "player-aids", "Sets: launch tokens by colour (not yours; multicoloured join any) and safety tokens"),
    ("take-off", "rules", "one or two for a first game"),  # take-off.txt 13: for beginners
    ("hauling-astronauts", "player-aids", "player 1 must, to open the game"),  # hauling-astronauts.txt 57
    ("hauling-astronauts", "game", "P1 must, to open"),
]


@pytest.mark.parametrize(("game", "document", "words"), RULEBOOK_POINTS)
def test_the_sheets_say_what_the_rulebook_says(game, document, words, kits):
    assert words in " ".join(" ".join(plain_texts(kits[game] / f"{document}.pdf")).split())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_one_aid_per_player_several_to_a_page(game, paper, kits, letter):
    folder = kits[game] if paper == "a4" else letter[game]
    pages = _check_pages(folder / "player-aids.pdf", AID_PT)
    above = [page.text(page.height - (MARGIN + FOOTER_BAND) / PT) for page in _pages(folder / "player-aids.pdf")]
    aids = sum(text.count(": player aid") for text in above)  # the footer, which lists the page's aids, left out
    assert aids == MOST_PLAYERS[game]
    assert pages == -(-MOST_PLAYERS[game] // 6)  # six to a page: larger text never took a second page


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_each_aid_is_set_as_large_as_its_card_holds(game, paper, kits, letter):
    """The aids were set at 7.5 pt (Air King's at 7) on cards as short as their text, with room to spare: now the
    body is READING_PT, or within 0.5 pt of the largest the card holds (half a point more and the text, growing in
    proportion, would overrun the card's greatest height: a quarter page, a sixth for five or six players), and
    every word stays inside its cut line."""
    path = (kits[game] if paper == "a4" else letter[game]) / "player-aids.pdf"
    greatest = aid_card(MOST_PLAYERS[game])[1]
    for number, (page, drawn) in enumerate(zip(_pages(path), shapes(path)), 1):
        cards = [shape.box for shape in drawn if shape.dashed and shape.rectangle]
        footer = page.height - (MARGIN + FOOTER_BAND) / PT
        text = [c for c in page.chars if c.text.strip() and c.box.top < footer]
        assert all(any(_inside(c.box, (card,)) for card in cards) for c in text), f"{game} page {number}: overflow"
        for card in cards:
            sizes = Counter(round(c.size, 2) for c in text if _inside(c.box, (card,)))
            body = sizes.most_common(1)[0][0]
            grown = ((card.bottom - card.top) * PT + 2 * CUT_INSET) * (body + 0.5) / body
            assert body >= READING_PT - 0.01 or grown > greatest, f"{game} page {number}: {body} pt, room to spare"


def test_a_kit_built_for_fewer_players_prints_their_aids(tmp_path):
    kit = REGISTRY["aeronaut-odyssey"].kit(KitRequest(players=3))
    aids = next(d for d in kit.documents if d.name == "player-aids")
    assert [sheet.name for sheet in aids.parts] == ["player aid 1", "player aid 2", "player aid 3"]


def _page_text(page: TextPage) -> str:
    """The page's text in every direction it is set (card backs stand sideways or upside down), row by row."""
    runs: dict[tuple[int, int], list[Glyph]] = {}
    for glyph in page.glyphs:
        runs.setdefault((round(glyph.direction[0]), round(glyph.direction[1])), []).append(glyph)
    lines = []
    for (dx, dy), glyphs in runs.items():

        def along(g: Glyph, dx: int = dx, dy: int = dy) -> float:
            return g.origin[0] * dx + g.origin[1] * dy

        def across(g: Glyph, dx: int = dx, dy: int = dy) -> int:
            return round(g.origin[1] * dx - g.origin[0] * dy)

        glyphs.sort(key=lambda g: (-across(g), along(g)))
        line, end, row = "", 0.0, None
        for g in glyphs:
            if row != across(g):
                lines.append(line)
                line = ""
            elif along(g) - end > 0.15 * g.size:
                line += " "
            line += g.text
            end, row = along(g) + g.advance, across(g)
        lines.append(line)
    return "\n".join(lines)


@cache
def _printed(folder: Path) -> str:
    """Every word a kit prints (read with PDFium: pdfplumber takes half a minute over Take Off's map tiles)."""
    texts = []
    for path in sorted(folder.glob("*.pdf")):
        if path.name == "calibration.pdf":  # the toolkit's test page, not the game's: it names pnp itself
            continue
        texts += [_page_text(page) for page in text_pages(path)]
    return re.sub(r"\s+", " ", "\n".join(texts))


@pytest.mark.parametrize("game", GAMES)
def test_printed_material_speaks_to_people_not_to_the_referee(game, kits):
    text = _printed(kits[game])
    assert not COMMANDS.findall(text), f"{game}: {sorted(set(COMMANDS.findall(text)))}"
    assert not NOTATION.findall(text), f"{game}: notation {sorted(set(NOTATION.findall(text)))[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_each_name_has_one_casing_and_one_wording(game, kits):
    text = _printed(kits[game])
    for name in NAMES[game]:
        found = re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)
        assert found, f"{game}: {name!r} is never printed"
        casings = {f[0].lower() + f[1:] for f in found}  # a capital that opens a sentence is no other casing
        assert casings == {name[0].lower() + name[1:]}, f"{game}: {name!r} printed as {sorted(set(found))}"
    if game in WORDINGS:
        assert set(WORDINGS[game].findall(text)) <= set(NAMES[game]), sorted(set(WORDINGS[game].findall(text)))


def test_text_that_does_not_fit_is_refused():
    long = tuple(Text("word " * 80) for _ in range(20))
    with pytest.raises(
        PnpError, match=r"^Too long, text: the text needs .* mm of column, the page holds .* mm at 6 pt$"
    ):
        text_drawing("Too long", (Heading("A"), *long), 97.5, 130.0, AID_STYLE)


def test_a_japanese_paragraph_wraps_between_its_characters_inside_its_column(tmp_path):
    text = "*追加の移動*：このターンに飛行機をもう一回動かします。あなたの二回の移動に加えて行います。決して後ろには戻れません。"
    write_drawing(text_drawing("ルール", (Text(text),), 97.5, 130.0, AID_STYLE), tmp_path / "aid.pdf")
    page = text_page(tmp_path / "aid.pdf")
    glyphs = printed_as(page.glyphs, text.replace("*", ""))
    lines = ["".join(glyph.text for _, glyph in line) for line in baselines(glyphs)]
    assert len(lines) >= 2 and not any(line[0] in "。：" for line in lines), lines
    column = (AID_STYLE.margin / PT, (97.5 - AID_STYLE.margin) / PT)
    assert all(column[0] <= g.box(page.height).x0 and g.box(page.height).x1 <= column[1] + 0.5 for g in glyphs)


def test_a_right_to_left_item_is_ordered_as_one_line_its_brackets_mirrored(tmp_path):
    # an Arabic event line as the rules sheet writes it: "*{title}* ({count}): {text}"
    item = "*انتظار* (5): ضع هذه البطاقة."
    drawing = text_drawing("Rules", (Items((item,)),), 97.5, 60.0, AID_STYLE)
    write_drawing(drawing, tmp_path / "aid.pdf")
    with pdfplumber.open(tmp_path / "aid.pdf") as pdf:  # the characters as drawn (PDFium mirrors what it reads)
        chars = sorted(pdf.pages[0].chars, key=lambda char: char["x0"])
    baseline = min(round(char["matrix"][5], 1) for char in chars)  # the item's, below the title (y grows upwards)
    line = [char for char in chars if round(char["matrix"][5], 1) == baseline and char["text"] != "•"]
    drawn = unicodedata.normalize("NFKC", "".join(char["text"] for char in line))  # joined forms as letters
    # read from the right: the bold title, its count in brackets that face the right way, then the text
    assert drawn == ".ةقاطبلا هذه عض :(5) راظتنا" == fonts.visual(item.replace("*", ""))  # as a card draws it
    bold = "".join(char["text"] for char in line if char["fontname"].endswith("-Bold")).strip()
    assert unicodedata.normalize("NFKC", bold) == "راظتنا" and line[-1]["fontname"].endswith("-Bold")
    write_drawing(drawing, tmp_path / "aid.svg")  # the browser orders each piece: the lone bracket reads from the right
    assert re.search(r'<text direction="rtl" [^>]*>\(</text>', (tmp_path / "aid.svg").read_text(encoding="utf-8"))


def test_a_right_to_left_sheets_title_headings_paragraphs_and_bullets_keep_to_the_right_edge(tmp_path):
    heading = "قواعد اللعبة"
    paragraph = "يتحرك كل لاعب بطائرته مربعا واحدا في كل دور، ثم يسحب بطاقة من الكومة ويقرأها بصوت عال للجميع."
    item = "ضع البطاقة أمامك حتى نهاية الجولة التالية ثم أعدها إلى أسفل الكومة."
    blocks = (Heading(heading), Text(paragraph), Items((item,)), Text("Left as ever."))
    drawing = text_drawing("القواعد", blocks, 97.5, 90.0, AID_STYLE.scaled(7.5))  # the item on one line
    write_drawing(drawing, tmp_path / "aid.pdf")
    with pdfplumber.open(tmp_path / "aid.pdf") as pdf:
        chars = [char for char in pdf.pages[0].chars if char["text"].strip()]
    lines: dict[float, list[dict]] = {}
    for char in chars:
        lines.setdefault(round(char["top"], 1), []).append(char)
    rows = [(min(c["x0"] for c in row), max(c["x1"] for c in row), row) for _, row in sorted(lines.items())]
    left, right = AID_STYLE.margin / PT, (97.5 - AID_STYLE.margin) / PT  # the column, in points
    arabic = [(x0, x1) for x0, x1, row in rows if any(unicodedata.bidirectional(c["text"]) == "AL" for c in row)]
    *heading_and_paragraph, item_line = arabic
    assert len(heading_and_paragraph) >= 4, rows  # the title, the heading, and a paragraph of two lines or more
    assert all(abs(x1 - right) < 1.0 for _x0, x1 in heading_and_paragraph), (arabic, right)  # at the right edge
    assert any(x0 > left + 20 for x0, _x1 in arabic)  # the short lines do not start at the left
    bullet = next(c for c in chars if c["text"] == "•")
    assert abs(bullet["x1"] - right) < 1.0  # the bullet where the item starts, at the right; the item indented
    assert abs(item_line[1] - (right - 3.2 / PT)) < 1.0 and item_line[1] < bullet["x0"], (item_line, bullet)
    english = next(x0 for x0, _x1, row in rows if row[0]["text"] == "L")
    assert abs(english - left) < 1.0  # a left-to-right paragraph still starts at the left edge
