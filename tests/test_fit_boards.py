"""Every board text fits or the build says so: a variant's very long board texts, in each game, shrink (or wrap)
inside their boxes, never under 6 pt when the kit is read back from the PDF; texts too long even at 6 pt stop the
build, and ``pnp variant check`` names the part, the catalogue key and how much is over."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import yaml
from support.cli import run_pnp
from support.fitting import MM, Boxes
from support.games import GAMES, registered
from support.pdfium import plain_texts, printed_as, text_pages

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing import fit
from pnp.printing.canvas import Drawing
from pnp.printing.overflows import built_overflows, overflows
from pnp.printing.parts import Board, Kit, Sheet
from pnp.printing.render import write_drawing
from pnp.texts import english, toolkit
from pnp.texts.catalogue import PLACEHOLDER

pytestmark = registered  # the guide's example game is checked as a registered game too
HUGE = " ".join(["words"] * 300)  # too long for any box at 6 pt


def _board(kit: Kit) -> Drawing:
    """The kit's board: a Board part, or the board a sheet stands for (Hauling Astronauts)."""
    for document in kit.documents:
        for part in document.parts:
            if isinstance(part, Board):
                return part.drawing
            if isinstance(part, Sheet) and part.board is not None:
                return part.board
    raise AssertionError(f"{kit.title} has no board")


LONG_TEXTS = [  # game, catalogue key, a text longer than its box holds at its usual size (drawn at the origin)
    (
        "air-king",
        "mat.legend.departure",
        (
            "departure zone: each aircraft enters the field from here, facing the airport it flies to at the far end "
            "of the field, and then waits"
        ),
    ),
    (
        "air-king",
        "mat.legend.names",
        "lanes and columns: a space is named by its column letter, then its lane number, such as c3, as on the edges",
    ),
    (
        "aloft",
        "board.legend.columns",
        "columns: numbered from left to right along the top and the bottom edges of the sky, 1 at the far left",
    ),
    (
        "aloft",
        "board.legend.bay",
        "lane bay: one truck card in each; the convoy of trucks starts under columns 1 to 5 and drives to the right",
    ),
    ("hauling-astronauts", "board.available", "Dice available to roll now"),
    ("hauling-astronauts", "board.confirmed", "Confirmed cargo strips"),
    ("aeronaut-odyssey", "header.title", "AERONAUT ODYSSEY: A GRAND TOUR OF THE SKIES BY BALLOON AND AIRSHIP"),
]


@pytest.mark.parametrize(("game", "key", "text"), LONG_TEXTS, ids=[f"{g}-{k}" for g, k, _ in LONG_TEXTS])
def test_a_long_board_text_shrinks_inside_its_box(game, key, text, monkeypatch, tmp_path):
    boxes = Boxes(monkeypatch)
    kit = REGISTRY[game].kit(KitRequest(texts={key: text}))
    boxes.check(_board(kit), tmp_path, wanted=text)


SET_SMALLER = [  # game, key, a long text, its usual size, the room it has (mm; None: the board's width)
    ("aloft", "board.launch", "balloons launch from the trucks on the road into row 1 of the sky " * 3, 9, None),
    # two lines at 7 pt are too few for this one
    ("take-off", "map.west", "THE WESTERN HALF OF THE WORLD, WHERE THE WEST DECK " * 15, 7, None),
    ("take-off", "legend.card1", "Each TAKE OFF! card names a capital city and its grid square", 7, 67),
    ("take-off", "legend.capital", "capital city: it has a TAKE OFF! card in one of the decks", 7, 61),
    ("aeronaut-odyssey", "panel.scoring", "Points for each route you claim, by length", 7.5, 56),
]


@pytest.mark.parametrize(
    ("game", "key", "text", "usual", "room"), SET_SMALLER, ids=[f"{g}-{k}" for g, k, *_ in SET_SMALLER]
)
def test_a_long_board_text_in_a_frame_of_its_own_is_set_smaller_to_its_room(game, key, text, usual, room, tmp_path):
    """Texts drawn inside a moved frame (a legend, a panel) or measured before they are drawn (a slip, the
    half-line's labels): read back, they are smaller than usual, at 6 pt or more, and no wider than their room."""
    text = text.strip()
    board = _board(REGISTRY[game].kit(KitRequest(texts={key: text})))
    path = tmp_path / f"{game}.pdf"
    write_drawing(board, path)
    (page,) = text_pages(path)
    glyphs = printed_as(page.glyphs, text.split(",")[0])
    assert glyphs, f"{game}: {key} is not on the board"
    sizes = {round(glyph.size, 2) for glyph in glyphs}
    assert fit.SMALLEST_PT - 0.05 <= min(sizes) and max(sizes) < usual, sizes
    boxes = [glyph.box(page.height) for glyph in glyphs]
    left, right = min(box.x0 for box in boxes) / MM, max(box.x1 for box in boxes) / MM
    assert 0 <= left and right <= board.width
    if room is not None:
        assert right - left <= room + 0.1, (right - left, room)


OVERFLOWING = [  # game, catalogue key, the part the message names: texts of pnp's games, each set too long below
    ("air-king", "mat.legend.airport", "field mat"),
    ("air-king", "back.brand", "field card back"),
    ("aloft", "board.legend.cell", "board"),
    ("aloft", "board.launch", "board"),
    ("aloft", "token.safety", "safety token"),
    ("hauling-astronauts", "board.depart1", "board"),
    ("hauling-astronauts", "summary.3", "board"),
    ("take-off", "legend.west", "board"),
    ("take-off", "map.east", "board"),
    ("take-off", "die.howto", "die 1"),
    ("aeronaut-odyssey", "inventory.icon", "inventory 1"),
    ("aeronaut-odyssey", "panel.types", "rules panel"),
]


@pytest.mark.parametrize(("game", "key", "part"), OVERFLOWING, ids=[f"{g}-{k}" for g, k, _ in OVERFLOWING])
def test_a_board_text_too_long_at_6_pt_names_its_part_and_key(game, key, part):
    kit = REGISTRY[game].kit(KitRequest(texts={key: HUGE}))
    found = [str(overflow) for overflow in overflows(kit)]
    assert any(line.startswith(f"{kit.title} {part}, {key}: the text needs ") for line in found), found
    assert all("\n" not in line and "at 6 pt" in line for line in found)


def test_every_text_too_long_on_one_part_is_found_in_one_check():
    """A part went on past its first text too long only on the next check, once that one was mended."""
    keys = ("board.legend.cell", "board.launch")  # both on Aloft's board
    kit = REGISTRY["aloft"].kit(KitRequest(texts=dict.fromkeys(keys, HUGE)))
    assert {overflow.field for overflow in overflows(kit) if overflow.part == f"{kit.title} board"} >= set(keys)


def test_a_rules_panel_longer_than_the_board_stops_the_build():
    """Aeronaut Odyssey's panel paragraphs are at 6 pt already: too many lines for the panel's height are refused,
    naming the section that runs over."""
    paragraph = "a rule of the game in many words " * 55
    kit = REGISTRY["aeronaut-odyssey"].kit(KitRequest(texts=dict.fromkeys(("panel.move", "panel.area"), paragraph)))
    found = [str(overflow) for overflow in overflows(kit)]
    message = f"{kit.title} rules panel, the section under panel.turn: the text needs "
    assert any(line.startswith(message) and "mm of height" in line for line in found), found


def long_entry(text: str) -> str:
    """HUGE, with the placeholders of an entry whose text is ``text`` (a text without them is refused)."""
    return " ".join([HUGE, *("{" + inside + "}" for inside in PLACEHOLDER.split(text)[1::2])])


def overflowing_key(game: str) -> str:
    """The first entry of ``game``'s own catalogue (the toolkit's, which every kit shares, aside) whose text, made
    very long, a part of the kit reports too long for its box (a board's, a card's, a token's: a rules sheet, set as
    the kit is made, names no entry)."""
    shared = set(toolkit())
    for key, entry in english(game).items():
        if key not in shared:
            request = KitRequest(texts={key: long_entry(entry.text)})
            if any(overflow.field == key for overflow in built_overflows(partial(REGISTRY[game].kit, request))):
                return key
    raise AssertionError(
        f"{game}: no text of its catalogue, made very long, is found too long for its box: a kit draws its words "
        "through pnp.printing.fit (docs/adding-a-game.md, The kit and the picture)"
    )


def test_a_kit_whose_words_are_fitted_to_no_box_is_found_out(monkeypatch):
    """Updraft's one text in a box (the line over its track) drawn as it comes, at its size: none is found."""
    monkeypatch.setattr(fit, "line", lambda c, x, y, text, width, **style: c.text(x, y, text, size=style["size"]))
    with pytest.raises(AssertionError, match="no text of its catalogue"):
        overflowing_key("updraft")


@pytest.mark.parametrize("game", GAMES)
def test_variant_check_reports_each_board_text_too_long_for_its_box(game, monkeypatch, tmp_path):
    key = overflowing_key(game)
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"game": game, "texts": {key: long_entry(english(game)[key].text)}}))
    code, out, err = run_pnp(["variant", "check", str(path)], monkeypatch)
    assert code == 1 and "Traceback" not in out + err
    lines = [line for line in (out + err).splitlines() if "the text needs " in line]
    value = len(key) + 5  # the column of the text, after "  KEY: "
    assert lines and lines[0].startswith(f"{path}:3:{value}: error: texts.{key}: too long for the "), out + err


def test_variant_check_of_a_variant_that_fits_finds_no_overflow(monkeypatch, tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text(yaml.safe_dump({"game": "aloft", "texts": {"board.launch": "launch into row 1"}}))
    code, out, err = run_pnp(["variant", "check", str(path)], monkeypatch)
    assert code == 0 and "the text needs" not in out + err, out + err


def test_the_build_stops_on_a_board_text_too_long_in_one_line(monkeypatch, tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump({"game": "air-king", "texts": {"mat.legend.names": HUGE}}))
    code, _, err = run_pnp(["build", "air-king", "--variant", str(path), "-o", str(tmp_path / "out")], monkeypatch)
    assert code != 0 and "Traceback" not in err
    lines = err.strip().splitlines()
    located = f"pnp: error: {path}:3:21: texts.mat.legend.names: too long for the Air King field mat: the text needs "
    assert len(lines) == 1 and lines[0].startswith(located), err


def test_the_kit_builds_as_before_with_its_own_texts(tmp_path):
    """No built-in text is refused: every game's kit draws without an overflow."""
    for game in sorted(REGISTRY):
        assert overflows(REGISTRY[game].kit(KitRequest())) == [], game


def _strip_map(tmp_path: Path, divide: float) -> Path:
    """Take Off's country-twice fixture (a strip 40 degrees wide) with its half-line at ``divide``."""
    text = (Path(__file__).parent / "fixtures/maps/take-off/country-twice.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    data["cities"][2]["country"] = "Bland"  # one capital a country: no other finding
    data["cities"][3]["lon"], data["cities"][4]["lon"] = 1.5, 1  # the western half's capitals, near its edge
    path = tmp_path / "strip.yaml"
    path.write_text(yaml.safe_dump({**data, "divide": divide}, sort_keys=False), encoding="utf-8")
    return path


def test_a_half_line_label_wraps_on_a_narrow_map_and_is_left_off_where_no_room_holds_it(monkeypatch, tmp_path):
    """On a strip map each half is ~40 mm wide: its deck label wraps to two lines. With the half-line 2 degrees
    from the west edge, the western label cannot print at 6 pt: check warns and the map prints without it."""
    spec = REGISTRY["take-off"]
    for divide, left_off in ((20, []), (2, ["west"])):
        path = _strip_map(tmp_path, divide)
        code, out, err = run_pnp(["map", "check", str(path)], monkeypatch)
        narrow = [line for line in out.splitlines() if "too narrow on the printed map" in line]
        assert code == 0 and len(narrow) == len(left_off), out + err
        assert all(line.startswith(f"{path}:") and "western half" in line for line in narrow)
        board = _board(spec.kit(KitRequest(map_path=path)))
        pdf = tmp_path / f"board-{divide}.pdf"
        write_drawing(board, pdf)
        words = plain_texts(pdf)[0]
        assert ("west half" in words.lower()) == (not left_off)
        assert "east half" in words.lower()
