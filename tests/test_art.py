"""Pictures in art boxes: fitted inside the box (aspect kept, centred) in PDF and SVG, read back; SVG art drawn
as vectors in the PDF; a missing, broken or oversized picture, or an art key a game lacks, is one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from support.pdfium import image_boxes, shapes

from pnp.errors import PnpError
from pnp.games.spec import KitRequest
from pnp.printing import art
from pnp.printing.canvas import Drawing
from pnp.printing.paper import Rect
from pnp.printing.render import write_drawing

MM = 72 / 25.4
SLACK = 0.05  # mm
CIRCLE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">'
    '<circle cx="50" cy="25" r="20" fill="#0000ff"/></svg>'
)


@pytest.fixture
def png(tmp_path: Path) -> Path:
    path = tmp_path / "storm.png"
    Image.new("RGB", (300, 100), (200, 30, 30)).save(path)  # 3:1, wider than the box
    return path


def _storm_card(pictures: dict[str, art.Art]) -> Drawing:
    from pnp.games.air_king.cards import decks
    from pnp.games.air_king.model import load_data
    from pnp.games.air_king.texts import data_texts
    from pnp.texts import catalogue

    data = load_data().value
    texts = catalogue("air-king", None, {}, data_texts(data))
    found = [(deck, card) for deck in decks(data, texts, pictures) for card in deck.cards]
    deck, card = next((deck, card) for deck, card in found if card.name == "storm 1")
    return Drawing(deck.size.width, deck.size.height, card.front.draw)


def _inside(x0: float, top: float, x1: float, bottom: float, box: Rect) -> bool:
    return box.x - SLACK <= x0 and x1 <= box.right + SLACK and box.y - SLACK <= top and bottom <= box.bottom + SLACK


def test_a_png_in_an_event_cards_art_box_is_fitted_inside_it(png, tmp_path):
    drawing = _storm_card({"event:storm": art.load(png)})
    box = Rect(8, 17, drawing.width - 16, 34)  # the event card's art box
    write_drawing(drawing, tmp_path / "card.pdf")
    (image,) = image_boxes(tmp_path / "card.pdf")[0]
    x0, x1, top, bottom = (getattr(image, k) / MM for k in ("x0", "x1", "top", "bottom"))
    assert _inside(x0, top, x1, bottom, box)
    assert abs((x1 - x0) - box.w) < SLACK  # as wide as the box: it is the limiting side
    assert abs((x1 - x0) / (bottom - top) - 3) < 0.01  # aspect kept
    assert abs((top + bottom) / 2 - (box.y + box.h / 2)) < SLACK  # centred


def test_an_svg_picture_is_drawn_as_shapes_in_the_pdf_and_embedded_in_the_svg(tmp_path):
    path = tmp_path / "circle.svg"
    path.write_text(CIRCLE)
    picture = art.load(path)
    assert (picture.kind, picture.width, picture.height) == ("svg", 100, 50)
    drawing = _storm_card({"event:storm": picture})
    box = Rect(8, 17, drawing.width - 16, 34)
    write_drawing(drawing, tmp_path / "card.pdf")
    blue = [shape.box for shape in shapes(tmp_path / "card.pdf")[0] if shape.fill == (0, 0, 255)]
    assert not image_boxes(tmp_path / "card.pdf")[0] and blue
    assert all(_inside(b.x0 / MM, b.top / MM, b.x1 / MM, b.bottom / MM, box) for b in blue)
    write_drawing(drawing, tmp_path / "card.svg")
    svg = (tmp_path / "card.svg").read_text()
    assert svg.count("<image ") == 1 and 'xlink:href="data:image/svg+xml;base64,' in svg


def test_the_svg_kit_embeds_a_png_where_the_pdf_puts_it(png, tmp_path):
    drawing = _storm_card({"event:storm": art.load(png)})
    write_drawing(drawing, tmp_path / "card.svg")
    svg = (tmp_path / "card.svg").read_text()
    assert svg.count("<image ") == 1 and 'xlink:href="data:image/png;base64,' in svg
    at = art.load(png).placed(Rect(8, 17, drawing.width - 16, 34))
    image = re.search(r'<image height="([0-9.]+)" id="([^"]+)" preserveAspectRatio="none" width="([0-9.]+)"', svg)
    placed = r'<use transform="translate\(([-0-9.]+) ([-0-9.]+)\) scale\(([0-9.]+)\)" xlink:href="#([^"]+)"'
    use = re.search(placed, svg)
    assert image is not None and use is not None and use.group(4) == image.group(2)
    x, y, scale = map(float, use.group(1, 2, 3))
    width, height = float(image.group(3)) * scale, float(image.group(1)) * scale
    assert (x, y, width, height) == pytest.approx((at.x, at.y, at.w, at.h), abs=SLACK)


def test_air_king_field_mat_backdrop_fills_the_mat_behind_the_field(png, tmp_path):
    from pnp.games.air_king import components
    from pnp.printing.parts import Board

    kit = components.kit(KitRequest(art={"field-mat": png}))
    board = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Board))
    write_drawing(board.drawing, tmp_path / "mat.pdf")
    (image,) = image_boxes(tmp_path / "mat.pdf")[0]
    whole = Rect(0, 0, board.drawing.width, board.drawing.height)
    assert _inside(image.x0 / MM, image.top / MM, image.x1 / MM, image.bottom / MM, whole)


def test_art_keys_a_game_lacks_are_refused_naming_those_it_has(png):
    from pnp.games.air_king import components as air_king
    from pnp.games.aloft import components as aloft

    with pytest.raises(PnpError, match=r"^art key 'event:rain': Air King has no such art box \(known: event:extra, "):
        air_king.kit(KitRequest(art={"event:rain": png}))
    with pytest.raises(PnpError, match=r"^art key 'board': Aloft has no such art box \(known: none\)$"):
        aloft.kit(KitRequest(art={"board": png}))


def test_a_broken_missing_or_oversized_picture_is_one_line_naming_the_file(png, tmp_path, monkeypatch):
    text = tmp_path / "notes.png"
    text.write_text("not a picture")
    cut = tmp_path / "cut.png"
    cut.write_bytes(png.read_bytes()[:80])
    cases = {
        text: "not a PNG, JPEG or SVG picture",
        cut: "a broken picture (",
        tmp_path / "none.png": "cannot read the picture (",
    }
    for path, words in cases.items():
        with pytest.raises(PnpError) as caught:
            art.load(path)
        message = str(caught.value)
        assert message.startswith(f"{path}: {words}") and "\n" not in message, message
    monkeypatch.setattr(art, "MAX_BYTES", 100)
    with pytest.raises(PnpError, match=rf"^{png}: a picture of .* MB; at most .* MB$"):
        art.load(png)
    monkeypatch.setattr(art, "MAX_BYTES", 20_000_000)
    monkeypatch.setattr(art, "MAX_PIXELS", 1000)
    with pytest.raises(PnpError, match=rf"^{png}: 300x100 pixels; at most 1,000 in all$"):
        art.load(png)
