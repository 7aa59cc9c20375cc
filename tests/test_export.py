"""`pnp export`: per-face PNGs and Tabletop Simulator decks, read back from the files written."""

from __future__ import annotations

import json
import struct
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from pnp.cli.progress import progress_bar
from pnp.export.png import export_png, face_count
from pnp.export.tts import BOARD_MARGIN, export_tts, step_count
from pnp.export.tts_decks import MAX_COLUMNS, MAX_ROWS, MAX_SIDE, PER_SHEET, grid
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import POKER, Board, Card, Deck, Face, Kit, KitDocument, Part, Sheet, Token, TokenSheet
from pnp.printing.render import PrintSettings, count_pages, render_kit

RED, BLUE, GREEN = "#d62728", "#1f4e9c", "#2ca02c"


def _label(text: str):
    def draw(canvas: Canvas) -> None:
        canvas.text(5, 10, text, size=9)
        canvas.rect(20, 30, 20, 20, fill="#000000")

    return draw


def _kit(cards: int = 5, backs: tuple[str, ...] = (BLUE,), first: int = 0) -> Kit:
    """A small kit: a poker deck of cards ``first`` to ``cards - 1`` (backs drawn by a function per card, as games
    do), round tokens, a board."""
    deck = Deck(
        "the deck",
        POKER,
        tuple(
            Card(f"card {i}", Face(_label(f"card {i}"), RED), Face(_label("back"), backs[i % len(backs)]))
            for i in range(first, cards)
        ),
    )
    tokens = TokenSheet("discs", "round", 20.0, (Token("disc", Face(_label("1"), GREEN)),))
    board = Board("map", Drawing(600.0, 150.0, lambda canvas: canvas.rect(0, 0, 600, 150, fill=GREEN)))
    aid = Sheet("aid", Drawing(100.0, 50.0, lambda canvas: canvas.rect(0, 0, 100, 50, fill=RED)))
    return Kit("tiny", "Tiny", (KitDocument("cards", (deck, tokens)), KitDocument("board", (board, aid))))


def _first_card(part: Part) -> Part:
    """A deck with its first card only (a deck's cards are one size); any other part as it is."""
    return replace(part, cards=part.cards[:1]) if isinstance(part, Deck) else part


def _phys(path: Path) -> tuple[int, int, int]:
    """The PNG's pHYs chunk: pixels per unit x and y, and the unit (1: metre)."""
    data = path.read_bytes()
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"pHYs":
            return struct.unpack(">IIB", data[at + 8 : at + 8 + length])
        at += 12 + length
    raise AssertionError(f"{path}: no pHYs chunk")


def _difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two equal-sized RGB images, 0-255."""
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def test_poker_card_png_is_exact_size_with_bleed_and_dpi(printed_kits, tmp_path):
    kit = printed_kits.kit("air-king")
    firsts = [replace(d, parts=tuple(_first_card(p) for p in d.parts)) for d in kit.documents]
    written = export_png(replace(kit, documents=tuple(firsts)), tmp_path, 300, 3.0)
    cards = [p for p in written if "token" not in p.parent.name]
    assert len({p.parent for p in cards}) == 5  # a card of each deck, front and back
    assert cards and all(p.suffix == ".png" for p in written)
    expected = (round((63.5 + 6) / 25.4 * 300), round((88.9 + 6) / 25.4 * 300))
    assert expected == (821, 1121)
    for path in cards:
        with Image.open(path) as image:
            assert image.size == expected, path
    assert _phys(cards[0]) == (11811, 11811, 1)  # 300 dpi in pixels per metre


def test_no_bleed_gives_the_cut_size_and_other_dpi(tmp_path):
    written = export_png(_kit(), tmp_path, 150, 0.0)
    with Image.open(written[0]) as card, Image.open(tmp_path / "tiny/png/discs/001-disc-front.png") as disc:
        assert card.size == (round(63.5 / 25.4 * 150), round(88.9 / 25.4 * 150))
        assert disc.size == (round(20 / 25.4 * 150),) * 2
    assert _phys(written[0])[:2] == (round(150 / 0.0254),) * 2


def test_files_are_named_by_component_number_name_and_side(tmp_path):
    kit = _kit(cards=3)
    written = export_png(kit, tmp_path, 100, 3.0)
    names = [str(p.relative_to(tmp_path / "tiny" / "png")) for p in written]
    assert names == [
        "the-deck/001-card-0-front.png",
        "the-deck/001-card-0-back.png",
        "the-deck/002-card-1-front.png",
        "the-deck/002-card-1-back.png",
        "the-deck/003-card-2-front.png",
        "the-deck/003-card-2-back.png",
        "discs/001-disc-front.png",  # a token without a back has no back image
    ]
    assert len(written) == face_count(kit)
    assert not list(tmp_path.rglob("*.tmp"))  # every file written whole, no temporary file left


def test_background_runs_into_the_bleed_and_faces_are_drawn(tmp_path):
    front, back = export_png(_kit(cards=1), tmp_path, 100, 3.0)[:2]
    with Image.open(front) as image:
        assert image.getpixel((0, 0)) == (0xD6, 0x27, 0x28)  # the corner of the bleed: the card's background
        assert image.getpixel((image.width - 1, image.height - 1)) == (0xD6, 0x27, 0x28)
        square = image.getpixel((round((3 + 30) / 25.4 * 100), round((3 + 40) / 25.4 * 100)))
        assert square == (0, 0, 0)  # the face's black square, 3 mm bleed further in
    with Image.open(back) as image:
        assert image.getpixel((0, 0)) == (0x1F, 0x4E, 0x9C)


@pytest.fixture(scope="module")
def tiny_tts(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    return out, export_tts(_kit(cards=75), out, 300)


def test_tts_writes_sheets_one_back_boards_and_a_saved_object(tiny_tts):
    out, written = tiny_tts
    folder = out / "tiny" / "tts"
    assert [p.name for p in written] == [
        "the-deck-back.png",
        "the-deck-1.png",
        "the-deck-2.png",
        "aid.png",
        "disc.png",
        "map.png",
        "tiny.json",
    ]
    saved = json.loads((folder / "tiny.json").read_text())
    deck, aid, disc, board = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "the deck"
    sheets = deck["CustomDeck"]
    assert list(sheets) == ["1", "2"]
    assert deck["DeckIDs"] == [100 + i for i in range(PER_SHEET)] + [200 + i for i in range(75 - PER_SHEET)]
    assert [card["CardID"] for card in deck["ContainedObjects"]] == deck["DeckIDs"]
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == [f"card {i}" for i in range(75)]
    for key, sheet in sheets.items():
        assert set(sheet) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
        assert sheet["BackURL"] == "the-deck-back.png" and sheet["UniqueBack"] is False
        with Image.open(folder / sheet["FaceURL"]) as image:  # relative to the saved object
            assert max(image.size) <= MAX_SIDE
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0
        cards = sum(1 for card in deck["ContainedObjects"] if card["CardID"] // 100 == int(key))
        assert cards < sheet["NumWidth"] * sheet["NumHeight"] <= MAX_COLUMNS * MAX_ROWS  # room for the hidden face
    assert (sheets["1"]["NumWidth"], sheets["1"]["NumHeight"]) == (10, 7)
    assert board["Name"] == "Custom_Board" and board["CustomImage"]["ImageURL"] == "map.png" and board["Locked"]
    assert aid["Name"] == "CardCustom" and aid["CustomDeck"]["3"]["FaceURL"] == "aid.png" and not aid["Locked"]
    assert disc["Name"] == "Custom_Tile" and disc["CustomImage"]["ImageURL"] == "disc.png" and not disc["Locked"]
    assert board["Transform"]["rotZ"] == 0 and deck["Transform"]["rotZ"] == 180  # boards face up, decks face down


def test_tts_cell_matches_the_single_png_and_the_last_cell_is_the_hidden_back(tiny_tts, tmp_path):
    out, _ = tiny_tts
    folder = out / "tiny" / "tts"
    sheet = json.loads((folder / "tiny.json").read_text())["ObjectStates"][0]["CustomDeck"]["2"]
    with Image.open(folder / sheet["FaceURL"]) as image, Image.open(folder / "the-deck-back.png") as back:
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        w, h = image.width // columns, image.height // rows
        assert back.size == (w, h)
        dpi = w / 63.5 * 25.4  # the sheet's resolution, from its cell width
        single = export_png(_kit(cards=73, first=72), tmp_path, dpi, 0.0)  # card 72 alone: cell 3 of sheet 2
        with Image.open(single[0]) as png:
            assert png.size == (w, h)
            assert _difference(image.crop((3 * w, 0, 4 * w, h)), png) < 1.0
        assert _difference(image.crop(((columns - 1) * w, (rows - 1) * h, columns * w, rows * h)), back) < 1.0
        empty = image.crop(((columns - 2) * w, (rows - 1) * h, (columns - 1) * w, rows * h))  # after the last card
        assert empty.getextrema() == ((255, 255),) * 3


def test_tts_backs_that_differ_make_back_sheets(tmp_path):
    written = export_tts(_kit(cards=4, backs=(BLUE, GREEN)), tmp_path, 100)
    folder = tmp_path / "tiny" / "tts"
    assert [p.name for p in written][:2] == ["the-deck-back-1.png", "the-deck-1.png"]
    sheet = json.loads((folder / "tiny.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert sheet["UniqueBack"] is True and sheet["BackURL"] == "the-deck-back-1.png"
    with Image.open(folder / sheet["BackURL"]) as backs:
        w = backs.width // sheet["NumWidth"]
        assert backs.getpixel((1, 1)) == (0x1F, 0x4E, 0x9C) and backs.getpixel((w + 1, 1)) == (0x2C, 0xA0, 0x2C)


def test_tts_boards_and_aids_are_one_image_each_within_4096_px(tiny_tts):
    out, _ = tiny_tts
    with Image.open(out / "tiny" / "tts" / "map.png") as board:
        margin = 2 * BOARD_MARGIN  # 600 x 150 mm and a margin round it, 7134 px wide at 300 dpi
        assert board.size == (MAX_SIDE, round(MAX_SIDE * (150 + margin) / (600 + margin)))
        assert board.getpixel((MAX_SIDE // 2, board.height // 2)) == (0x2C, 0xA0, 0x2C)
        assert board.getpixel((0, 0)) == (0xFF, 0xFF, 0xFF)
    with Image.open(out / "tiny" / "tts" / "aid.png") as aid:
        assert aid.size == (round(100 / 25.4 * 300), round(50 / 25.4 * 300))  # small enough for the dpi asked
        assert aid.getpixel((10, 10)) == (0xD6, 0x27, 0x28)


def test_progress_counts_up_to_the_announced_total(tmp_path):
    kit = _kit(cards=3)
    seen: list[tuple[int, int]] = []
    export_png(kit, tmp_path, 50, 0.0, lambda done, total: seen.append((done, total)))
    faces = face_count(kit)
    assert seen == [(n, faces) for n in range(1, faces + 1)]
    seen.clear()
    export_tts(kit, tmp_path, 50, progress=lambda done, total: seen.append((done, total)))
    # the deck's three cards, the aid, the token, the board
    assert seen == [(3, 6), (4, 6), (5, 6), (6, 6)] and step_count(kit) == 6


def test_one_bar_counts_built_pages_and_exported_images_alike(tmp_path):
    kit, settings = _kit(cards=3), PrintSettings()
    pages, faces, steps = count_pages(kit, settings), face_count(kit), step_count(kit)
    with progress_bar("all", pages + faces + steps, quiet=True) as bar:
        render_kit(kit, settings, tmp_path, bar.after(0))
        assert bar.progress.tasks[0].completed == pages
        export_png(kit, tmp_path, 50, 0.0, bar.after(pages))
        assert bar.progress.tasks[0].completed == pages + faces
        export_tts(kit, tmp_path, 50, progress=bar.after(pages + faces))
        assert bar.progress.tasks[0].completed == pages + faces + steps


@settings(max_examples=300, deadline=None)
@given(
    cards=st.integers(1, PER_SHEET),
    width=st.floats(10, 300),
    height=st.floats(10, 300),
    dpi=st.integers(30, 1200),
)
def test_every_grid_fits_tabletop_simulator(cards, width, height, dpi):
    layout = grid(cards, width, height, dpi)
    assert 2 <= layout.columns <= MAX_COLUMNS and 2 <= layout.rows <= MAX_ROWS
    assert layout.columns * layout.rows >= cards + 1  # every card and the hidden face
    assert (layout.columns - 1) * layout.rows < cards + 1 or layout.columns == 2  # no needless column
    assert max(layout.size) <= MAX_SIDE and min(layout.cell) >= 1
    cw, ch = layout.cell
    assert abs(cw / ch - width / height) <= width / height * (1 / cw + 1 / ch)  # the shape, to half a pixel a side


def test_cli_export_png_and_tts(cli, tmp_path):
    code, out, err = cli("export", "air-king", "--png", "--tts", "--dpi", "60", "--json")
    assert code == 0, err
    files = [Path(f) for f in json.loads(out)["files"]]
    assert len(files) == 108 + 14 and all((tmp_path / f).is_file() for f in files)
    # at 60 dpi too: the sheets are the same 14 files, and the URL their names are joined to is what is looked at
    code, out, err = cli("export", "air-king", "--tts", "--dpi", "60", "--url", "file:///C:/decks/", "-o", "elsewhere")
    assert code == 0, err
    assert "elsewhere/air-king/tts: 14 files" in out
    saved = json.loads((tmp_path / "elsewhere/air-king/tts/air-king.json").read_text())
    assert saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == "file:///C:/decks/airports-and-runways-1.png"


def test_the_tts_url_names_a_folder_and_its_absence_is_said(cli, tmp_path):
    """'--url https://example.org/air-king' made 'https://example.org/air-kingairports-and-runways-1.png'; an
    address that is none was taken as given; and without --url the saved object loaded no image, unsaid."""
    code, out, err = cli("export", "air-king", "--tts", "--dpi", "30", "--url", "https://example.org/air-king")
    saved = json.loads((tmp_path / "output/air-king/tts/air-king.json").read_text())
    face = saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    assert code == 0 and face == "https://example.org/air-king/airports-and-runways-1.png", err
    assert "--url" not in out
    said = "pnp: error: --url 'not a url': give the address of the images' folder, as https://example.org/kit/ or "
    assert cli("export", "air-king", "--tts", "--url", "not a url") == (1, "", said + "file:///C:/tts/\n")
    code, out, _ = cli("export", "air-king", "--tts", "--dpi", "30", "--json")
    assert code == 0 and json.loads(out)["notes"] == [
        "the TTS images are named by file alone: give --url where TTS will find them (docs/export.md)"
    ]


def test_cli_bar_counts_images_then_tts_steps_up_to_its_total(cli, monkeypatch):
    import pnp.cli.progress

    real, seen, totals = pnp.cli.progress.progress_bar, [], []

    @contextmanager
    def watched(description: str, total: int, quiet: bool):
        totals.append(total)
        with real(description, total, quiet) as bar:
            monkeypatch.setattr(bar.progress, "update", lambda task, completed=None, **_: seen.append(completed))
            yield bar

    monkeypatch.setattr(pnp.cli.progress, "progress_bar", watched)
    code, _, err = cli("export", "air-king", "--png", "--tts", "--dpi", "30")
    assert code == 0, err
    # 108 images one by one, then five deck sheets (4, 10, 10, 26 and 4 cards), the field mat, the rules sheet
    # and the four player aids
    assert totals == [108 + 54 + 6]
    assert [n for n in seen if n is not None] == [*range(1, 109), 112, 122, 132, 158, 162, *range(163, 169)]


def test_cli_says_when_a_game_has_nothing_for_png(cli):
    code, out, err = cli("export", "hauling-astronauts", "--png", "--json")
    assert code == 0, err
    manifest = json.loads(out)
    assert manifest["files"] == []
    assert manifest["notes"] == [
        "Hauling Astronauts has no cards or tokens to export as PNG; 'pnp build hauling-astronauts' prints its sheets"
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (("export", "aloft"), "say what to export: --png, --tts, or both"),
        (("export", "aloft", "--png", "--dpi", "5000"), "--dpi 5000: must be between 30 and 1200"),
        (("export", "alof", "--png"), "unknown game 'alof'"),
    ],
)
def test_cli_export_refusals_are_one_line(cli, args, message):
    code, out, err = cli(*args)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and message in err


def test_export_takes_the_map_seed_and_players_that_build_takes(cli, tmp_path):
    for seed in ("5", "6"):
        code, _, err = cli("export", "aeronaut-odyssey", "--tts", "--dpi", "40", "--seed", seed, "-o", seed)
        assert code == 0, err
    first, second = (Image.open(tmp_path / s / "aeronaut-odyssey" / "tts" / "board.png") for s in "56")
    assert first.size != second.size or _difference(first.convert("RGB"), second.convert("RGB")) > 1
    code, _, err = cli("export", "aloft", "--png", "--seed", "3")
    assert code == 1 and err == "pnp: error: Aloft's kit does not depend on a seed\n"
    code, _, err = cli("export", "all", "--png", "--players", "3")
    assert code == 1 and "apply to one game" in err
