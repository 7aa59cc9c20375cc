"""Tabletop Simulator sets: every component of every kit on the table, in TTS's save format."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from PIL import Image
from support.games import GAMES, example_in, registered
from support.said import english_left

from pnp.export import dice
from pnp.export.raster import pixels
from pnp.export.tts import BOARD_MARGIN, export_tts, image_size, step_count
from pnp.export.tts_decks import grid
from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import POKER, Board, Deck, Die, Face, Kit, KitDocument, Piece, Sheet, Token, TokenSheet
from pnp.texts import english
from pnp.texts.catalogue import PLACEHOLDER

pytestmark = registered  # the guide's example game too
DPI = 30  # small images: the counts and shapes do not depend on the resolution
DOC = Path(__file__).parents[1] / "docs" / "export.md"

# The save-file fields we write, with their types, from the classes of TTS's save format (knowledge base,
# "Save File Format": SaveState, ObjectState, TransformState, CustomDeckState, CustomImageState,
# CustomTileState, CustomDiceState); enumerations as its scripting API lists them.
NUMBER = (int, float)
TRANSFORM = {f"{kind}{axis}": NUMBER for kind in ("pos", "rot", "scale") for axis in "XYZ"}
CUSTOM_DECK = {
    "FaceURL": str,
    "BackURL": str,
    "NumWidth": int,
    "NumHeight": int,
    "BackIsHidden": bool,
    "UniqueBack": bool,
    "Type": int,
}
CUSTOM_TILE = {"Type": int, "Thickness": NUMBER, "Stackable": bool, "Stretch": bool}
CUSTOM_DICE = {"Type": int}
CUSTOM_IMAGE = {
    "ImageURL": str,
    "ImageSecondaryURL": str,
    "WidthScale": NUMBER,
    "CustomTile": CUSTOM_TILE,
    "CustomDice": CUSTOM_DICE,
}
OBJECT_STATE = {
    "Name": str,
    "Transform": TRANSFORM,
    "Nickname": str,
    "Locked": bool,
    "HideWhenFaceDown": bool,
    "CardID": int,
    "SidewaysCard": bool,
    "DeckIDs": list,
    "CustomDeck": dict,
    "CustomImage": CUSTOM_IMAGE,
    "ContainedObjects": list,
}
SAVE_STATE = {"ObjectStates": list} | dict.fromkeys(("SaveName", "GameMode", "Date", "Table", "Sky", "Note"), str)
# what each kind of object must carry besides Name, Transform, Nickname and Locked
REQUIRED = {
    "Card": {"CardID", "CustomDeck"},
    "CardCustom": {"CardID", "CustomDeck"},
    "DeckCustom": {"DeckIDs", "CustomDeck", "ContainedObjects"},
    "Custom_Board": {"CustomImage"},
    "Custom_Tile": {"CustomImage"},
    "Custom_Dice": {"CustomImage"},
}
ENUMS = {("CustomTile", "Type"): range(4), ("CustomDice", "Type"): range(6), ("CustomDeck", "Type"): range(5)}


def check_fields(value: dict, schema: dict, where: str) -> list[str]:
    """Each field of ``value`` that ``schema`` does not name, or of another type, as ``where.field: why``."""
    problems = []
    for key, item in value.items():
        if key not in schema:
            problems.append(f"{where}.{key}: not a save-file field")
        elif isinstance(schema[key], dict) and not isinstance(item, dict):
            problems.append(f"{where}.{key}: not an object")
        elif isinstance(schema[key], dict):
            problems += check_fields(item, schema[key], f"{where}.{key}")
        elif not isinstance(item, schema[key]) or (schema[key] is not bool and isinstance(item, bool)):
            problems.append(f"{where}.{key}: {type(item).__name__}")
        elif (where.rsplit(".", 1)[-1], key) in ENUMS and item not in ENUMS[(where.rsplit(".", 1)[-1], key)]:
            problems.append(f"{where}.{key}: {item} is not a documented value")
    return problems


def check_object(state: dict, where: str = "ObjectStates") -> list[str]:
    """An object of the saved file against the save format, its contents too."""
    name = state.get("Name")
    where = f"{where}[{name} {state.get('Nickname')!r}]"
    if name not in REQUIRED:
        return [f"{where}: unknown object type"]
    problems = check_fields(state, OBJECT_STATE, where)
    missing = ({"Name", "Transform", "Nickname", "Locked"} | REQUIRED[name]) - set(state)
    problems += [f"{where}.{key}: missing" for key in sorted(missing)]
    for key, sheet in state.get("CustomDeck", {}).items():
        problems += check_fields(sheet, CUSTOM_DECK, f"{where}.CustomDeck")
        problems += [f"{where}.CustomDeck.{key}.{f}: missing" for f in sorted(set(CUSTOM_DECK) - set(sheet))]
        problems += [] if key.isdigit() else [f"{where}.CustomDeck.{key}: not a number"]
    if "CardID" in state and str(state["CardID"] // 100) not in state["CustomDeck"]:
        problems.append(f"{where}.CardID: {state['CardID']} has no sheet {state['CardID'] // 100}")
    if name in ("Custom_Tile", "Custom_Dice"):
        nested = "CustomTile" if name == "Custom_Tile" else "CustomDice"
        problems += [] if nested in state["CustomImage"] else [f"{where}.CustomImage.{nested}: missing"]
    for inner in state.get("ContainedObjects", []):
        problems += check_object(inner, where)
    return problems


@pytest.fixture(scope="module")
def sets(printed_kits, example_catalogues) -> dict[str, tuple[Kit, dict, Path]]:
    """Each game's kit, its saved object and its folder, exported once at a low dpi."""
    with example_in(example_catalogues):
        return {game: printed_kits.tts(game, DPI) for game in GAMES}


def parts(kit: Kit) -> list:
    return [part for document in kit.documents for part in document.parts]


def kit_counts(kit: Kit) -> dict[str, int]:
    """What the printed kit holds, counted from its parts."""
    sheets = [p for p in parts(kit) if isinstance(p, Sheet)]
    cut = [piece for sheet in sheets for piece in sheet.pieces]
    return {
        "cards": sum(len(p.cards) for p in parts(kit) if isinstance(p, Deck)),
        "tiles": sum(len(p.tokens) for p in parts(kit) if isinstance(p, TokenSheet))
        + sum(isinstance(p, Piece) for p in cut),
        "dice": sum(isinstance(p, Die) for p in cut),
        "boards": sum(isinstance(p, Board) for p in parts(kit)) + sum(s.board is not None for s in sheets),
        "sheets as cards": sum(not s.pieces and s.board is None for s in sheets),
    }


def table_counts(saved: dict) -> dict[str, int]:
    """What the saved object puts on the table, counted by object type."""
    objects = saved["ObjectStates"]
    names = [o["Name"] for o in objects]
    return {
        "cards": sum(len(o["ContainedObjects"]) for o in objects if o["Name"] == "DeckCustom") + names.count("Card"),
        "tiles": names.count("Custom_Tile"),
        "dice": names.count("Custom_Dice"),
        "boards": names.count("Custom_Board"),
        "sheets as cards": names.count("CardCustom"),
    }


def doc_table() -> dict[str, dict[str, int]]:
    """The table of docs/export.md that says what each game puts on the table."""
    lines = DOC.read_text().splitlines()
    head = lines.index("| game | cards | tiles | dice | boards | sheets as cards |")
    columns = [c.strip() for c in lines[head].strip("|").split("|")][1:]
    rows = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        game, *values = (c.strip() for c in line.strip("|").split("|"))
        rows[game] = dict(zip(columns, map(int, values)))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_component_of_the_kit_is_an_object_on_the_table(sets, game):
    kit, saved, _ = sets[game]
    assert table_counts(saved) == kit_counts(kit)


def test_export_air_king_tts_loads_as_decks(sets):
    _, saved, _ = sets["air-king"]  # the decks are the same at any dpi
    decks = [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]
    assert [d["Nickname"] for d in decks] == [
        "airports and runways",
        "aircraft",
        "goals",
        "events",
        "Technical Return cards",
    ]
    assert sum(len(d["DeckIDs"]) for d in decks) == 54
    keys = [key for d in decks for key in d["CustomDeck"]]
    assert len(keys) == len(set(keys))  # card ids are unique across the file


@pytest.mark.parametrize("game", GAMES)
def test_each_deck_on_the_table_has_one_back(sets, game):
    """Cards with other backs are another deck at the table: dealt, shuffled and kept secret apart."""
    _, saved, folder = sets[game]
    for deck in (o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"):
        for sheet in deck["CustomDeck"].values():
            assert sheet["UniqueBack"] is False and (folder / sheet["BackURL"]).is_file(), deck["Nickname"]


def test_aloft_deals_its_secret_colours_from_a_deck_of_their_own(sets):
    decks = {o["Nickname"]: o for o in sets["aloft"][1]["ObjectStates"] if o["Name"] == "DeckCustom"}
    assert {name: len(deck["DeckIDs"]) for name, deck in decks.items()} == {"balloons": 18, "trucks": 5, "colours": 6}


def test_tokens_jets_pieces_and_dice_are_there_by_name(sets):
    assert table_counts(sets["aloft"][1])["tiles"] == 59
    assert table_counts(sets["take-off"][1]) | {"cards": 193} == {**kit_counts(sets["take-off"][0]), "cards": 193}
    assert table_counts(sets["take-off"][1])["tiles"] == 24 and table_counts(sets["take-off"][1])["dice"] == 2
    jets = {o["Nickname"] for o in sets["take-off"][1]["ObjectStates"] if o["Name"] == "Custom_Tile"}
    assert {"Pink jet M1", "Black jet K4"} <= jets  # named as they print: Pink's letter is M (P is Purple's)
    hauling = table_counts(sets["hauling-astronauts"][1])
    assert (hauling["tiles"], hauling["dice"]) == (12 + 2 + 2, 9)  # transports, bonus and score markers; dice
    for game, (kit, saved, _) in sets.items():
        tokens = [t.title or t.name for p in parts(kit) if isinstance(p, TokenSheet) for t in p.tokens]
        cut = [p for s in parts(kit) if isinstance(s, Sheet) for p in s.pieces]
        pieces = [p.title or p.name for p in cut if isinstance(p, Piece)]
        assert [o["Nickname"] for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile"] == tokens + pieces, game
        dice = [d.title or d.name for d in cut if isinstance(d, Die)]
        assert [o["Nickname"] for o in saved["ObjectStates"] if o["Name"] == "Custom_Dice"] == dice, game
        cards = [c.title or c.name for p in parts(kit) if isinstance(p, Deck) for c in p.cards]
        decks = [o.get("ContainedObjects", [o]) for o in saved["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]
        assert [card["Nickname"] for deck in decks for card in deck] == cards, game


def test_the_docs_table_says_what_each_export_holds(sets):
    """What docs/export.md says of each game it lists, pnp's five (not the guide's example game)."""
    listed = doc_table()
    assert len(listed) >= 5 and listed == {game: table_counts(sets[game][1]) for game in listed}


@pytest.mark.parametrize("game", GAMES)
def test_every_object_has_the_save_file_fields(sets, game):
    _, saved, _ = sets[game]
    assert check_fields(saved, SAVE_STATE, "SaveState") == []
    assert [problem for state in saved["ObjectStates"] for problem in check_object(state)] == []


def test_the_schema_check_catches_a_misspelt_or_missing_field():
    card = {"Name": "Card", "Nickname": "x", "Transform": dict.fromkeys(TRANSFORM, 0.0), "Locked": False}
    sheet = dict(zip(CUSTOM_DECK, ("a.png", "b.png", 2, 2, False, False, 0)))
    assert check_object(card | {"CardID": 100, "CustomDeck": {"1": sheet}}) == []
    assert check_object(card | {"CardId": 100, "CustomDeck": {"1": sheet}}) == [
        "ObjectStates[Card 'x'].CardId: not a save-file field",
        "ObjectStates[Card 'x'].CardID: missing",
    ]
    tile = {"Name": "Custom_Tile", "Nickname": "t", "Transform": card["Transform"], "Locked": False}
    assert check_object(tile | {"CustomImage": {"ImageURL": "t.png", "CustomTile": {"Type": 7}}}) == [
        "ObjectStates[Custom_Tile 't'].CustomImage.CustomTile.Type: 7 is not a documented value"
    ]
    assert check_object(tile | {"CustomImage": {"ImageURL": "t.png"}, "Locked": "no"}) == [
        "ObjectStates[Custom_Tile 't'].Locked: str",
        "ObjectStates[Custom_Tile 't'].CustomImage.CustomTile: missing",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_nothing_is_locked_but_the_boards(sets, game):
    _, saved, _ = sets[game]
    assert [o["Locked"] for o in saved["ObjectStates"]] == [o["Name"] == "Custom_Board" for o in saved["ObjectStates"]]
    assert any(o["Locked"] for o in saved["ObjectStates"])  # every kit has its board
    assert all(not card["Locked"] for o in saved["ObjectStates"] for card in o.get("ContainedObjects", []))


@pytest.mark.parametrize("game", GAMES)
def test_images_have_the_declared_grid_and_the_parts_shape(sets, game):
    kit, saved, folder = sets[game]
    decks = {p.name: p.size for p in parts(kit) if isinstance(p, Deck)}
    sheets = {p.name: p.drawing for p in parts(kit) if isinstance(p, Sheet)}
    tokens = {t.title or t.name: p for p in parts(kit) if isinstance(p, TokenSheet) for t in p.tokens}
    tiles = {name: (p.diameter, p.diameter) for name, p in tokens.items()}
    cut = [piece for s in parts(kit) if isinstance(s, Sheet) for piece in s.pieces]
    tiles |= {p.title or p.name: (p.width, p.height) for p in cut if isinstance(p, Piece)}
    for state in saved["ObjectStates"]:
        if state["Name"] in ("DeckCustom", "CardCustom"):
            size = decks[state["Nickname"]] if state["Name"] == "DeckCustom" else sheets[state["Nickname"]]
            for sheet in state["CustomDeck"].values():
                with Image.open(folder / sheet["FaceURL"]) as image:
                    columns, rows = sheet["NumWidth"], sheet["NumHeight"]
                    assert image.width % columns == 0 and image.height % rows == 0
                    cell = (image.width // columns, image.height // rows)
                    assert _same_shape(cell, (size.width, size.height)), state["Nickname"]
                with Image.open(folder / sheet["BackURL"]) as back:
                    assert back.size in (cell, image.size)  # one back, or a back sheet of the same grid
        elif state["Name"] == "Custom_Tile":
            for url in (state["CustomImage"]["ImageURL"], state["CustomImage"]["ImageSecondaryURL"]):
                if url:
                    with Image.open(folder / url) as image:
                        assert _same_shape(image.size, tiles[state["Nickname"]]), state["Nickname"]
            token = tokens.get(state["Nickname"])
            assert state["CustomImage"]["CustomTile"]["Type"] == (2 if token and token.shape == "round" else 0)
        elif state["Name"] == "Custom_Dice":
            with Image.open(folder / state["CustomImage"]["ImageURL"]) as image:
                assert image.width == image.height and image.width % dice.CELLS == 0
        else:
            with Image.open(folder / state["CustomImage"]["ImageURL"]) as image:
                assert max(image.size) <= 4096


def _same_shape(pixels_size: tuple[int, int], mm: tuple[float, float]) -> bool:
    """The pixels have the millimetres' proportions, to within a pixel on each side."""
    (w, h), (width, height) = pixels_size, mm
    return abs(w / h - width / height) <= width / height * (1 / w + 1 / h)


COLOURS = ("#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff")


def _marked(colour: str):
    """A face of one colour with a black square in its top-left corner, to see which way up it lies."""

    def draw(canvas: Canvas) -> None:
        canvas.rect(0, 0, 20, 20, fill=colour, stroke=None)
        canvas.rect(0, 0, 5, 5, fill="#000000", stroke=None)

    return draw


def test_a_die_fills_tts_d6_template_faces_1_and_6_upside_down(tmp_path):
    die = Die("die", 20.0, tuple(Face(_marked(c)) for c in COLOURS))
    kit = Kit("d", "D", (KitDocument("d", (Sheet("net", Drawing(100, 100, lambda c: None), pieces=(die,)),)),))
    saved = json.loads(export_tts(kit, tmp_path, 100)[-1].read_text())
    (state,) = saved["ObjectStates"]
    assert state["Name"] == "Custom_Dice" and state["CustomImage"]["CustomDice"]["Type"] == 1
    with Image.open(tmp_path / "d" / "tts" / state["CustomImage"]["ImageURL"]) as image:
        cell = image.width // 3
        assert image.size == (3 * cell, 3 * cell) and cell == pixels(20, 100)
        # the top row is blank; middle row 2 4 5, bottom row 1 3 6
        assert {image.getpixel((x * cell + cell // 2, cell // 2)) for x in range(3)} == {(255, 255, 255)}
        for value, (column, row) in zip((2, 4, 5, 1, 3, 6), [(c, r) for r in (1, 2) for c in range(3)]):
            red, green, blue = (int(COLOURS[value - 1][i : i + 2], 16) for i in (1, 3, 5))
            assert image.getpixel((column * cell + cell // 2, row * cell + cell // 2)) == (red, green, blue)
            top_left = image.getpixel((column * cell + 2, row * cell + 2))
            bottom_right = image.getpixel(((column + 1) * cell - 3, (row + 1) * cell - 3))
            upside_down = value in (1, 6)
            assert (bottom_right if upside_down else top_left) == (0, 0, 0), value
            assert (top_left if upside_down else bottom_right) == (red, green, blue), value


def test_a_die_needs_six_faces():
    with pytest.raises(ValueError, match="5 faces, not 6"):
        Die("die", 10.0, (Face(lambda c: None),) * 5)


def test_same_looking_tiles_pile_up_and_share_their_image(tmp_path):
    face = Face(lambda c: c.rect(0, 0, 10, 10, fill="#123456"))
    other = Face(lambda c: c.rect(0, 0, 10, 10, fill="#654321"))
    tokens = TokenSheet("t", "square", 10.0, (*(Token("same", face) for _ in range(3)), Token("other", other)))
    kit = Kit("p", "P", (KitDocument("t", (tokens,)),))
    written = export_tts(kit, tmp_path, 60)
    assert [p.name for p in written] == ["same.png", "other.png", "p.json"]
    states = json.loads(written[-1].read_text())["ObjectStates"]
    spots = [(s["Transform"]["posX"], s["Transform"]["posZ"], s["Transform"]["posY"]) for s in states]
    assert spots[0][:2] == spots[1][:2] == spots[2][:2] != spots[3][:2]  # one pile, another beside it
    assert spots[0][2] < spots[1][2] < spots[2][2]  # stacked, each above the last
    assert all(s["CustomImage"]["CustomTile"]["Stackable"] for s in states)


def test_a_sheet_with_a_board_and_pieces_gives_them_instead_of_its_page(sets):
    kit, saved, folder = sets["hauling-astronauts"]
    (page,) = (p for p in parts(kit) if isinstance(p, Sheet) and p.board is not None)
    assert page.board is not None and page.board.height < page.drawing.height  # the board without the cut-out band
    (board,) = (o for o in saved["ObjectStates"] if o["Name"] == "Custom_Board")
    with Image.open(folder / board["CustomImage"]["ImageURL"]) as image:
        margin = 2 * BOARD_MARGIN  # the board with a margin round it
        assert image.size == image_size(page.board.width + margin, page.board.height + margin, DPI)
    transports = [o for o in saved["ObjectStates"] if o["Name"] == "Custom_Tile" and "transport" in o["Nickname"]]
    assert len(transports) == 12 and all(o["CustomImage"]["ImageSecondaryURL"] for o in transports)  # a hidden side


def test_a_board_image_holds_its_outlines_whole(printed_kits, tmp_path):
    """Hauling Astronauts' frames (Available to roll at the top left, d3 and d6 at the right) are drawn on the
    board's edge: the image keeps a white margin round them, its outermost pixels white, the frames' lines within."""
    dpi = 100
    saved = export_tts(printed_kits.kit("hauling-astronauts"), tmp_path, dpi)[-1]
    (board,) = (o for o in json.loads(saved.read_text())["ObjectStates"] if o["Name"] == "Custom_Board")
    with Image.open(saved.parent / board["CustomImage"]["ImageURL"]) as image:
        grey = image.convert("L")
    width, height = grey.size
    margin = pixels(BOARD_MARGIN, dpi)
    edges = {
        "top": [(x, 0) for x in range(width)],
        "bottom": [(x, height - 1) for x in range(width)],
        "left": [(0, y) for y in range(height)],
        "right": [(width - 1, y) for y in range(height)],
    }
    for side, ring in edges.items():
        assert all(grey.getpixel(xy) == 255 for xy in ring), f"the {side} edge is drawn on"
    inside = {  # a line of pixels ``d`` in from a side
        "top": lambda d: [(x, d) for x in range(width)],
        "left": lambda d: [(d, y) for y in range(height)],
        "right": lambda d: [(width - 1 - d, y) for y in range(height)],
    }
    for side, line in inside.items():  # the frames' outlines lie along the side, within the margin
        dark = max(sum(grey.getpixel(xy) < 96 for xy in line(d)) for d in range(1, margin + 1))
        assert dark > len(line(0)) // 10, f"no frame at the {side}"


def test_the_docs_figures_are_the_exports(sets):
    text = DOC.read_text()
    world = next(p for p in parts(sets["take-off"][0]) if isinstance(p, Board)).drawing
    width = re.search(r"world map, ([\d,]+) mm wide, would be ([\d,]+) px at 300 dpi", text)
    assert width is not None
    assert (float(width[1].replace(",", "")), int(width[2].replace(",", ""))) == (world.width, pixels(world.width, 300))
    card = re.search(r"at 300 dpi is (\d+) x (\d+) px; with `--no-bleed`, (\d+) x (\d+) px", text)
    assert card is not None
    assert tuple(map(int, card.groups())) == (
        pixels(POKER.width + 6, 300),
        pixels(POKER.height + 6, 300),
        pixels(POKER.width, 300),
        pixels(POKER.height, 300),
    )
    sheet = re.search(r"a full 10 x 7 sheet of poker cards is (\d+) x (\d+) px a\s+card, about (\d+) dpi", text)
    assert sheet is not None
    cell = grid(69, POKER.width, POKER.height, 300).cell
    assert tuple(map(int, sheet.groups())) == (*cell, round(cell[0] / POKER.width * 25.4))
    decks = {
        game: [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"] for game, (_, saved, _) in sets.items()
    }
    assert '"UniqueBack": false`. Every deck of the five games is so' in " ".join(text.split())
    assert not any(s["UniqueBack"] for found in decks.values() for deck in found for s in deck["CustomDeck"].values())
    assert "Aloft's balloons, trucks and colour cards are three decks" in " ".join(text.split())
    assert [deck["Nickname"] for deck in decks["aloft"]] == ["balloons", "trucks", "colours"]


def test_progress_counts_each_tile_die_and_board_up_to_the_total(tmp_path):
    face = Face(lambda c: c.rect(0, 0, 10, 10, fill="#123456"))
    cut = (Piece("a", 10.0, 5.0, face), Piece("b", 10.0, 5.0, face), Die("d", 10.0, (face,) * 6))
    board = Drawing(50, 30, lambda c: c.rect(0, 0, 50, 30, fill="#00ff00"))
    kit = Kit("s", "S", (KitDocument("s", (Sheet("page", Drawing(80, 80, lambda c: None), cut, board),)),))
    seen: list[tuple[int, int]] = []
    written = export_tts(kit, tmp_path, 40, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 4), (3, 4), (4, 4)] and step_count(kit) == 4  # a pile of two tiles, the die, the board
    names = [state["Name"] for state in json.loads(written[-1].read_text())["ObjectStates"]]
    assert names == ["Custom_Tile", "Custom_Tile", "Custom_Dice", "Custom_Board"]  # the page itself is not there


# -- what a player reads on hover: each object's Nickname ------------------------------------------------------------
CARDS = ("Card", "CardCustom", "DeckCustom")
ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "áçéíñóšúýžÁÇÉÍÑÓŠÚÝŽ")
RUNS = re.compile(r"[^\W\d_]+")  # runs of letters, in any script


@cache
def names(game: str) -> frozenset[str]:
    """The words ``game`` prints as they are in every language, names: Take Off!'s capitals and countries, as its
    map file gives them."""
    if game != "take-off":
        return frozenset()
    from pnp.games.take_off.maps import load_world
    from pnp.games.take_off.model import load_data

    world, _ = load_world(None, load_data().value)
    cities = world.map.cities
    return frozenset(run for city in cities for name in (city.name, city.country or "") for run in RUNS.findall(name))


def _accented(text: str) -> str:
    """``text`` with the letters outside its ``{placeholders}`` accented: a word read back unaccented was not
    taken from the catalogue."""
    return "".join(p if i % 2 else p.translate(ACCENTS) for i, p in enumerate(re.split(r"(\{[^}]*\})", text)))


def on_the_table(saved: dict) -> Iterator[tuple[dict, bool]]:
    """Each object of a saved set, a deck's cards too, and whether it lies face down as the set is spawned."""
    for state in saved["ObjectStates"]:
        down = state["Transform"]["rotZ"] == 180
        yield state, down
        for inner in state.get("ContainedObjects", []):
            yield inner, down


def _exported(kit: Kit, out: Path) -> tuple[dict, Path]:
    saved = export_tts(kit, out, DPI)[-1]
    return json.loads(saved.read_text()), saved.parent


@pytest.fixture(scope="module")
def french_sets(tmp_path_factory, example_catalogues) -> dict[str, tuple[dict, Path]]:
    """Each game's set from its French kit, and its folder."""
    out = tmp_path_factory.mktemp("tts-fr")
    with example_in(example_catalogues):
        return {game: _exported(REGISTRY[game].kit(KitRequest(language="fr")), out) for game in GAMES}


@pytest.fixture(scope="module")
def accented_sets(tmp_path_factory, example_catalogues) -> dict[str, dict]:
    """Each game's set from a kit whose every catalogue entry is accented (see test_catalogue_kits)."""
    out = tmp_path_factory.mktemp("tts-accented")
    found = {}
    with example_in(example_catalogues):
        for game in GAMES:
            texts = {key: _accented(entry.text) for key, entry in english(game).items()}
            found[game] = _exported(REGISTRY[game].kit(KitRequest(texts=texts)), out)[0]
    return found


def test_accenting_keeps_placeholders():
    assert _accented("Goal {number}: land it") == "Góál {number}: láñd ít"
    assert PLACEHOLDER.findall(_accented("{fleet} jet {label}")) == ["fleet", "label"]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_no_part_tells_its_hidden_face_on_hover(sets, french_sets, game, language):
    """TTS shows an object's Nickname on hover. A card (every deck is spawned face down) is hidden when face down,
    its tooltip too; a tile is not (its back is a picture of its own, see tts_objects.tile), so a tile whose back
    hides its face is named by what its back shows: one name for every tile whose back looks the same (Hauling
    Astronauts' transports, laid face down in the hidden-transports variant)."""
    saved, folder = (sets[game][1], sets[game][2]) if language == "en" else french_sets[game]
    for state, down in on_the_table(saved):
        if state["Name"] in CARDS or down:
            assert state.get("HideWhenFaceDown") is True, (state["Name"], state["Nickname"])
    by_back: dict[bytes, set[str]] = {}  # the Nicknames of the tiles whose backs are one picture
    for state in (o for o, _ in on_the_table(saved) if o["Name"] == "Custom_Tile"):
        assert state.get("HideWhenFaceDown") is False, state["Nickname"]  # said, not left to TTS's default
        if state["CustomImage"]["ImageSecondaryURL"]:
            with Image.open(folder / state["CustomImage"]["ImageSecondaryURL"]) as back:
                by_back.setdefault(back.tobytes(), set()).add(state["Nickname"])
    assert [said for said in by_back.values() if len(said) > 1] == []
    if game == "hauling-astronauts":
        assert len(by_back) == 2  # one back per player: six transports each, named alike
        transports = [t for fleet in _hauling_fleets() for t in fleet]
        for said in by_back.values():
            assert not any(re.search(rf"\b{re.escape(w)}\b", n) for n in said for w in transports), said


def _hauling_fleets() -> list[list[str]]:
    from pnp.games.hauling_astronauts.model import load_data

    return [[w for t in f.transports for w in (t.id, t.name)] for f in load_data(None).value.fleets]


@pytest.mark.parametrize("game", GAMES)
def test_every_nickname_is_words_of_the_catalogue(accented_sets, game):
    """A set made from an accented catalogue: every word of every Nickname is accented, so was read from the
    catalogue, or is a name the game prints as it is (a capital, a country); and each Nickname has a word, not
    notation alone ('BG', 'K1')."""
    leaks = {}
    for state, _ in on_the_table(accented_sets[game]):
        runs = RUNS.findall(state["Nickname"])
        english_runs = [r for r in runs if r.isascii() and len(r) > 1 and r not in names(game)]
        if english_runs or not any(len(run) > 2 for run in runs):
            leaks[state["Nickname"]] = english_runs
    assert leaks == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_french_set_reads_french(sets, french_sets, game):
    """Object by object, a French Nickname is not the English one unless it is names only, and no English of the
    game's catalogue is left in any."""
    english_saved, french = sets[game][1], french_sets[game][0]
    pairs = list(zip(on_the_table(english_saved), on_the_table(french), strict=True))
    assert [a["Name"] for (a, _), _ in pairs] == [b["Name"] for _, (b, _) in pairs]
    same = [a["Nickname"] for (a, _), (b, _) in pairs if a["Nickname"] == b["Nickname"]]
    assert [n for n in same if not all(run in names(game) or len(run) == 1 for run in RUNS.findall(n))] == []
    assert english_left(game, [b["Nickname"] for _, (b, _) in pairs], keys="", places=names(game)) == []


def test_a_colour_named_in_a_nickname_is_a_word_of_the_sentence(sets, french_sets):
    """Aloft's colours are capitalised as a card's title prints them, but in lower case inside a name, as the moves'
    labels write them: 'ballon bleu + vert', not 'ballon Bleu + Vert'."""
    french = {state["Nickname"] for state, _ in on_the_table(french_sets["aloft"][0])}
    english = {state["Nickname"] for state, _ in on_the_table(sets["aloft"][1])}
    assert {"ballon bleu + vert", "carte couleur bleu", "jeton de lancement bleu"} <= french
    assert {"blue + green balloon", "blue colour card", "blue launch token"} <= english
