"""pnp export --tts lays every object at its printed size: pieces, cards and boards keep their proportions.

Each object's size on the table is read back from the saved object (its scale) and its image (its shape), by
how TTS sizes an object at scale 1 (the facts gathered in ``pnp.export.tts_sizes``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from support.games import GAMES, example_in, registered

from pnp.export.tts import BOARD_MARGIN
from pnp.export.tts_sizes import CARD_HEIGHT, IMAGE_SIDE, MM_PER_UNIT
from pnp.printing.parts import Board, Deck, Kit, Piece, Sheet, TokenSheet

pytestmark = registered  # the guide's example game too
DPI = 100  # enough pixels for a 15 mm token's shape to within 1 %
CLOSE = 0.015  # relative: an image's shape is whole pixels


@pytest.fixture(scope="module")
def tables(printed_kits, example_catalogues) -> dict[str, tuple[Kit, list[dict], Path]]:
    """Each game's kit, the objects of its saved file and their folder."""
    with example_in(example_catalogues):
        exported = {game: printed_kits.tts(game, DPI) for game in GAMES}
    return {game: (kit, saved["ObjectStates"], folder) for game, (kit, saved, folder) in exported.items()}


def on_table(state: dict, folder: Path) -> tuple[float, float]:
    """How wide and deep ``state`` lies on the table, in table units: a card is CARD_HEIGHT deep at scale 1 and
    as wide as its cell's shape makes it; a tile's or a board's longer side is IMAGE_SIDE, the other its image's."""
    scale_x, scale_z = state["Transform"]["scaleX"], state["Transform"]["scaleZ"]
    if "CustomDeck" in state:
        sheet = next(iter(state["CustomDeck"].values()))
        with Image.open(folder / sheet["FaceURL"]) as image:
            cell = image.width / sheet["NumWidth"], image.height / sheet["NumHeight"]
        return CARD_HEIGHT * cell[0] / cell[1] * scale_x, CARD_HEIGHT * scale_z
    with Image.open(folder / state["CustomImage"]["ImageURL"]) as image:
        width, height = image.size
    return IMAGE_SIDE * width / max(image.size) * scale_x, IMAGE_SIDE * height / max(image.size) * scale_z


def printed(kit: Kit) -> dict[str, tuple[float, float]]:
    """Each object's printed size (mm) by the name a table reads: decks, sheets, tokens, pieces, boards."""
    parts = [part for document in kit.documents for part in document.parts]
    sizes = {p.name: (p.size.width, p.size.height) for p in parts if isinstance(p, Deck)}
    sizes |= {t.title or t.name: (p.diameter, p.diameter) for p in parts if isinstance(p, TokenSheet) for t in p.tokens}
    for sheet in (p for p in parts if isinstance(p, Sheet)):
        sizes |= {p.title or p.name: (p.width, p.height) for p in sheet.pieces if isinstance(p, Piece)}
        if sheet.board is not None:
            sizes[sheet.board_title or "board"] = _framed(sheet.board.width, sheet.board.height)
        elif not sheet.pieces:
            sizes[sheet.name] = (sheet.drawing.width, sheet.drawing.height)
    sizes |= {p.name: _framed(p.drawing.width, p.drawing.height) for p in parts if isinstance(p, Board)}
    return sizes


def _framed(width: float, height: float) -> tuple[float, float]:
    return width + 2 * BOARD_MARGIN, height + 2 * BOARD_MARGIN


def one(states: list[dict], name: str) -> dict:
    return next(state for state in states if name in state["Nickname"])


def ratio(first: tuple[float, float], second: tuple[float, float]) -> float:
    """How much longer ``first``'s longer side is than ``second``'s."""
    return max(first) / max(second)


@pytest.mark.parametrize("game", GAMES)
def test_every_object_lies_at_its_printed_size(tables, game):
    kit, states, folder = tables[game]
    sizes = printed(kit)
    for state in (s for s in states if s["Name"] != "Custom_Dice"):  # a die keeps TTS's own size
        width, depth = on_table(state, folder)
        mm = sizes[state["Nickname"]]
        assert width * MM_PER_UNIT == pytest.approx(mm[0], rel=CLOSE), state["Nickname"]
        assert depth * MM_PER_UNIT == pytest.approx(mm[1], rel=CLOSE), state["Nickname"]


def test_a_jet_is_to_a_card_as_printed(tables):
    kit, states, folder = tables["take-off"]
    jet, card = one(states, "jet K1"), next(s for s in states if s["Name"] == "DeckCustom")
    sizes = printed(kit)
    assert sizes[jet["Nickname"]] == (9, 9) and sizes[card["Nickname"]] == (63.5, 88.9)  # a 9 mm jet, a poker card
    assert ratio(on_table(jet, folder), on_table(card, folder)) == pytest.approx(9 / 88.9, rel=CLOSE)


def test_aloft_tokens_and_cards_fit_its_board_cells_as_printed(tables):
    kit, states, folder = tables["aloft"]
    token, card, board = one(states, "launch token"), one(states, "balloons"), one(states, "board")
    sizes = printed(kit)
    assert ratio(on_table(token, folder), on_table(card, folder)) == pytest.approx(25 / 63.5, rel=CLOSE)
    (part,) = (p for d in kit.documents for p in d.parts if isinstance(p, Board))
    seams = part.seams(part.drawing.width, part.drawing.height) if part.seams else None
    assert seams is not None
    cell = seams.x[1] - seams.x[0], seams.y[1] - seams.y[0]  # mm
    per_mm = on_table(board, folder)[0] / sizes[board["Nickname"]][0]  # table units per printed mm on the board
    card_width, card_depth = on_table(card, folder)
    assert card_width / (cell[0] * per_mm) == pytest.approx(44 / cell[0], rel=CLOSE)
    assert card_width < cell[0] * per_mm and card_depth < cell[1] * per_mm  # a card lies inside a cell


def test_air_king_cards_fit_its_field_spaces(tables):
    kit, states, folder = tables["air-king"]
    card, mat = one(states, "aircraft"), next(s for s in states if s["Name"] == "Custom_Board")
    (part,) = (p for d in kit.documents for p in d.parts if isinstance(p, Board))
    seams = part.seams(part.drawing.width, part.drawing.height) if part.seams else None
    assert seams is not None
    space = seams.x[1] - seams.x[0], seams.y[1] - seams.y[0]
    assert space == pytest.approx((94, 68))
    per_mm = on_table(mat, folder)[0] / printed(kit)[mat["Nickname"]][0]
    width, depth = on_table(card, folder)
    assert (depth / per_mm, width / per_mm) == pytest.approx((88.9, 63.5), rel=CLOSE)  # lies across a space


def test_hauling_transports_keep_their_shape_beside_the_board(tables):
    kit, states, folder = tables["hauling-astronauts"]
    transport, board = one(states, "transport"), one(states, "board")
    width, depth = on_table(transport, folder)
    assert width / depth == pytest.approx(32 / 20, rel=CLOSE)
    board_mm = printed(kit)[board["Nickname"]]
    assert on_table(board, folder)[0] / width == pytest.approx(board_mm[0] / 32, rel=CLOSE)


@pytest.mark.parametrize("game", GAMES)
def test_every_wide_card_is_sideways(tables, game):
    _, states, folder = tables[game]
    cards = [s for s in states if "CustomDeck" in s]
    for state in cards:
        width, depth = on_table(state, folder)
        assert state["SidewaysCard"] == (width > depth), state["Nickname"]
        assert all(card["SidewaysCard"] == state["SidewaysCard"] for card in state.get("ContainedObjects", []))
    if game in ("aloft", "take-off", "aeronaut-odyssey"):  # their player aids are wider than tall
        assert one(states, "player aid")["SidewaysCard"]


def test_objects_do_not_overlap(tables):
    for game, (_, states, folder) in tables.items():
        boxes = {}
        for state in states:
            t = state["Transform"]
            width, depth = on_table(state, folder) if state["Name"] != "Custom_Dice" else (1.0, 1.0)
            boxes.setdefault((t["posX"], t["posZ"]), (t["posX"], t["posZ"], width, depth))  # a pile: one place
        places = list(boxes.values())
        for i, (x1, z1, w1, d1) in enumerate(places):
            for x2, z2, w2, d2 in places[i + 1 :]:
                apart = abs(x1 - x2) >= (w1 + w2) / 2 or abs(z1 - z2) >= (d1 + d2) / 2
                assert apart, (game, (x1, z1), (x2, z2))


def test_the_docs_scales_are_the_exports(tables):
    text = " ".join((Path(__file__).parents[1] / "docs" / "export.md").read_text().split())
    found = re.search(
        r"a poker card is at scale ([\d.]+), a rules sheet \(200 x 265 mm\) at ([\d.]+), a 9 mm jet at ([\d.]+) "
        r"and Take Off!'s world map at ([\d.]+)",
        text,
    )
    assert found is not None
    _, states, _ = tables["take-off"]
    exported = [one(states, name)["Transform"]["scaleX"] for name in ("Brown deck", "rules", "jet K1", "world map")]
    assert [float(figure) for figure in found.groups()] == [round(scale, 2) for scale in exported]
