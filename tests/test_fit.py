"""Text fits its box or the build says so: every game's long texts are wrapped and shrunk inside their boxes,
never under 6 pt (read back from the PDF), and a text too long even at 6 pt is one line naming the card, the
field and how much is over."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml
from support.fitting import MM, SLACK, Boxes
from support.pdfium import baselines, printed_as, text_page

from pnp.games.spec import KitRequest
from pnp.printing import fit, fonts
from pnp.printing.canvas import Drawing
from pnp.printing.paper import Rect
from pnp.printing.parts import Card, Deck, Kit, Sheet
from pnp.printing.render import PrintSettings, render_kit, write_drawing
from pnp.texts import catalogue

ROOT = Path(__file__).resolve().parents[1]
LONG = "the Interplanetary Logistics and Heavy Orbital Haulage Company of the Outer Moons"


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> Boxes:
    return Boxes(monkeypatch)


def _card(kit: Kit, name: str) -> Card:
    decks = [part for doc in kit.documents for part in doc.parts if isinstance(part, Deck)]
    return next(card for deck in decks for card in deck.cards if card.name == name)


def _card_drawing(kit: Kit, name: str) -> Drawing:
    card = _card(kit, name)
    deck = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Deck) and card in p.cards)
    return Drawing(deck.size.width, deck.size.height, card.front.draw)


# -- the fitting itself ---------------------------------------------------------------------------------------


def test_a_block_wraps_first_then_shrinks_and_stays_in_its_box():
    box = Rect(0, 0, 40, 12)
    short = fit.fit_block("two words", box, 8, part="card", field="text")
    assert short.size == 8 and short.lines == ("two words",)
    wrapped = fit.fit_block("a text of some length that needs two lines", box, 8, part="card", field="text")
    assert wrapped.size == 8 and len(wrapped.lines) == 2  # wrapped, not shrunk
    long = fit.fit_block(" ".join(["words"] * 16), box, 8, part="card", field="text")
    assert fit.SMALLEST_PT <= long.size < 8 and len(long.lines) > 2


def test_a_text_too_long_at_6_pt_names_the_part_the_field_and_how_much_is_over():
    with pytest.raises(fit.Overflow) as caught:
        fit.fit_block(" ".join(["words"] * 80), Rect(0, 0, 40, 12), 8, part="event card 'Extra move'", field="text")
    message = str(caught.value)
    assert message.startswith("event card 'Extra move', text: the text needs ")
    assert "mm of height, the box holds 12.0 mm at 6 pt" in message and "\n" not in message
    with pytest.raises(fit.Overflow, match=r"title: the text needs .* mm of width, the box holds 10.0 mm at 6 pt"):
        fit.fit_line(LONG, 10, 9, part="card", field="title")
    assert fit.fit_line("short", 30, 9, part="card", field="title") == 9


# -- long texts in every game ---------------------------------------------------------------------------------


def test_air_king_event_cards_fit_a_long_title_and_text(boxes, tmp_path, monkeypatch):
    from pnp.games.air_king import cards, components, model
    from pnp.games.air_king.texts import data_texts

    loaded = model.load_data()
    title, text = "Extra move for the long haul", "Make one more aircraft move this turn. " * 5
    first = dataclasses.replace(loaded.value.events[0], title=title, text=text.strip())
    data = dataclasses.replace(loaded.value, events=(first, *loaded.value.events[1:]))
    monkeypatch.setattr(components, "load_data", lambda *_: dataclasses.replace(loaded, value=data))
    kit = components.kit(KitRequest())
    boxes.check(_card_drawing(kit, "extra 1"), tmp_path, wanted=title)
    boxes.check(_card_drawing(kit, "extra 1"), tmp_path, wanted="Make one more aircraft")

    first = dataclasses.replace(first, text=text * 3)
    data = dataclasses.replace(loaded.value, events=(first, *loaded.value.events[1:]))
    texts = catalogue("air-king", None, {}, data_texts(data))
    card = next(card for deck in cards.decks(data, texts, {}) for card in deck.cards if card.name == "extra 1")
    message = r"^event card 'Extra move for the long haul', text: the text needs .* mm of height, the box holds .*"
    with pytest.raises(fit.Overflow, match=message):
        write_drawing(Drawing(63.5, 88.9, card.front.draw), tmp_path / "card.pdf")


def test_a_japanese_card_text_wraps_between_its_characters_inside_its_box(boxes, tmp_path):
    from pnp.games.air_king import components

    text = "このカードを空いているマスに置きます。何も入れません。"  # 27 characters, no space
    kit = components.kit(KitRequest(texts={"data.event.storm.text": text}))
    write_drawing(_card_drawing(kit, "storm 1"), tmp_path / "card.pdf")
    (box,) = [box for fitted, box in boxes.blocks if "".join(fitted.lines) == text]
    page = text_page(tmp_path / "card.pdf")
    lines = ["".join(glyph.text for _, glyph in line) for line in baselines(printed_as(page.glyphs, text))]
    assert len(lines) >= 2 and "".join(lines) == text, lines  # every character printed, on two lines or more
    assert not any(line[0] in "。、」）" or line[-1] in "「（" for line in lines), lines  # none starts with a full stop
    for glyph in printed_as(page.glyphs, text):
        inked = glyph.box(page.height)
        assert box.x - SLACK <= inked.x0 / MM and inked.x1 / MM <= box.right + SLACK, (glyph, box)
        assert box.y - SLACK <= inked.top / MM and inked.bottom / MM <= box.bottom + SLACK, (glyph, box)


def test_cjk_text_breaks_between_characters_but_not_around_its_punctuation_and_latin_at_spaces():
    text = "東京（とうきょう）は「空の港」です。大阪！Tokyo is well-kept."
    lines = fonts.wrap(text, 8, fonts.text_width("東京（と", 8))  # room for four characters at most
    assert "".join(lines) == text.replace(" ", "") and len(lines) > 5
    assert not any(line[0] in "）」。！" or line[-1] in "（「" for line in lines), lines
    assert lines[-3:] == ["Tokyo", "is", "well-kept."]  # Latin still breaks at spaces only


def _hauling_map(tmp_path: Path, company: str, transport: str) -> Path:
    data = yaml.safe_load((ROOT / "data/hauling-astronauts.yaml").read_text())
    data["fleets"][0]["company"] = company
    data["fleets"][0]["transports"][0]["name"] = transport
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_hauling_long_company_and_transport_names_shrink_inside_their_boxes(boxes, tmp_path):
    from pnp.games.hauling_astronauts import components

    company, transport = "Interstellar Haul", "Tortoise-Haulers"
    kit = components.kit(KitRequest(map_path=_hauling_map(tmp_path, company, transport)))
    sheet = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Sheet) and p.board is not None)
    assert sheet.board is not None
    boxes.check(sheet.board, tmp_path, wanted=company)
    piece = next(p for p in sheet.pieces if p.name.startswith("P1 A "))
    boxes.check(Drawing(piece.width, piece.height, piece.front.draw), tmp_path, wanted=transport)


def test_hauling_a_company_name_too_long_stops_the_build_in_one_line(cli, tmp_path):
    path = _hauling_map(tmp_path, "Interplanetary Logistics", "Tortoise")  # was cut to "P1 Interplanetary Logis"
    code, _, err = cli("build", "hauling-astronauts", "--map", str(path), "-o", str(tmp_path / "out"))
    assert code != 0
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert "Hauling Astronauts board, P1 company: the text needs" in lines[0] and "at 6 pt" in lines[0]


def test_take_off_a_long_city_name_shrinks_on_its_card(boxes, tmp_path):
    from pnp.games.take_off import components

    name = "Apia-upon-the-Vaisigano Harbour"
    text = (ROOT / "boards/take-off-world.yaml").read_text().replace('name: "Apia"', f'name: "{name}"', 1)
    path = tmp_path / "long.yaml"
    path.write_text(text)
    kit = components.kit(KitRequest(map_path=path))
    boxes.check(_card_drawing(kit, f"{name} (Samoa)"), tmp_path, wanted=name)

    path.write_text(text.replace(name, LONG))
    message = rf"^Take Off! World Edition city card '{LONG}', name: the text needs .* mm of width"
    with pytest.raises(Exception, match=message):
        render_kit(components.kit(KitRequest(map_path=path)), PrintSettings(), tmp_path)


def test_aloft_a_long_balloon_name_shrinks_on_its_card(boxes, tmp_path, monkeypatch):
    from pnp.games.aloft import components, model

    loaded = model.load_data()
    name = "Montgolfier Brothers"
    balloon = next(b for b in loaded.value.balloons if b.shape)
    balloons = tuple(dataclasses.replace(b, name=name) if b is balloon else b for b in loaded.value.balloons)
    data = dataclasses.replace(loaded.value, balloons=balloons)
    monkeypatch.setattr(components, "load_data", lambda *_: dataclasses.replace(loaded, value=data))
    kit = components.kit(KitRequest())
    boxes.check(_card_drawing(kit, f"balloon {name}"), tmp_path, wanted=name.title())

    balloons = tuple(dataclasses.replace(b, name=LONG) if b is balloon else b for b in loaded.value.balloons)
    data = dataclasses.replace(loaded.value, balloons=balloons)
    with pytest.raises(Exception, match=r"^Aloft balloon card '.*', title: the text needs .* mm of width"):
        render_kit(components.kit(KitRequest()), PrintSettings(), tmp_path)


def test_aeronaut_odyssey_trajectory_lines_shrink_beside_their_slots(boxes, tmp_path):
    from pnp.games.aeronaut_odyssey import draw
    from pnp.games.aeronaut_odyssey.maps import read
    from pnp.games.aeronaut_odyssey.model import Trajectory

    board = read(None)
    goal = Trajectory(kind="routes", reward="points", value=5, slots=4, types=draw.TYPES[:5])
    wide, english = dataclasses.replace(board, trajectories=(goal,)), catalogue("aeronaut-odyssey")
    panel = Drawing(draw.PANEL_W, draw.BODY_H, lambda c: draw.panel(c, wide, draw.BODY_H, english))
    boxes.check(panel, tmp_path, wanted="own routes of")
    assert any(text.startswith("own routes of") for text, _, _ in boxes.lines)

    crowded = dataclasses.replace(board, trajectories=(dataclasses.replace(goal, slots=9),))
    with pytest.raises(fit.Overflow, match=r"^board's trajectory 1, goal: the text needs .* mm of width"):
        panel = Drawing(draw.PANEL_W, draw.BODY_H, lambda c: draw.panel(c, crowded, draw.BODY_H, english))
        write_drawing(panel, tmp_path / "x.pdf")


def test_a_player_aid_a_little_too_long_is_set_smaller_not_refused(tmp_path):
    from pnp.printing.sheets import AID_CARD, AID_STYLE, Text, text_drawing

    blocks = tuple(Text("a rule of the game in a few words " * 6) for _ in range(9))
    with pytest.raises(fit.Overflow):
        text_drawing("Aid", blocks * 2, *AID_CARD, AID_STYLE)
    drawing = text_drawing("Aid", blocks, *AID_CARD, AID_STYLE)
    path = tmp_path / "aid.pdf"
    write_drawing(drawing, path)
    page = text_page(path)
    sizes = {round(glyph.size, 1) for glyph in page.glyphs if glyph.text.strip()}
    inside = all(0 <= box.x0 and box.x1 <= page.width for box in (glyph.box(page.height) for glyph in page.glyphs))
    assert min(sizes) >= fit.SMALLEST_PT - 0.05 and max(sizes) < AID_STYLE.title and inside
    assert AID_STYLE.body not in sizes  # the body was set smaller than its style's


def test_map_check_reports_every_text_too_long_for_its_box(cli, tmp_path):
    """Each at the line and column that writes the text (the map's YAML is where a designer mends it)."""
    path = _hauling_map(tmp_path, "Interplanetary Logistics", "Tortoise-Heavy-Haulage-Company")
    code, out, err = cli("map", "check", str(path), "--game", "hauling-astronauts")
    assert code == 1 and "Traceback" not in err
    out += err
    lines = path.read_text(encoding="utf-8").splitlines()
    company, transport = (
        next(f"{path}:{n}:{line.index(text) + 1}" for n, line in enumerate(lines, 1) if text in line)
        for text in ("Interplanetary Logistics", "Tortoise-Heavy-Haulage-Company")
    )
    assert f"{company}: error: Hauling Astronauts board, P1 company: the text needs " in out
    assert f"{transport}: error: Hauling Astronauts P1 transport A, name: the text needs " in out


def test_a_part_named_by_an_overlong_text_is_named_short(cli, tmp_path):
    """A Take Off! map titled at length: its overflow says where the title is written, and names the board
    without repeating the whole title."""
    title = "The Grand Trans-European Express from the Frozen Steppes of the East to the Sunlit Atlantic Shores, "
    title += "in the Deluxe Edition for Collectors"
    guide = (Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml").read_text(encoding="utf-8")
    old = next(line for line in guide.splitlines() if line.startswith("title:"))
    path = tmp_path / "long.yaml"
    path.write_text(guide.replace(old, f"title: {title}"), encoding="utf-8")
    code, out, err = cli("map", "check", str(path))
    found = [line for line in (out + err).splitlines() if "title: the text needs" in line]
    lines = path.read_text(encoding="utf-8").splitlines()
    row = next(n for n, line in enumerate(lines, 1) if line.startswith("title:"))
    assert code == 1 and found and found[0].startswith(f"{path}:{row}:8: error: ")
    assert title not in found[0] and "…" in found[0]


@pytest.mark.parametrize(
    ("need", "said"),
    [
        (30.0, "needs 30.0 mm of height, the box holds 22.4 mm"),
        (22.44, "needs 22.44 mm of height, the box holds 22.40 mm"),
    ],
)
def test_a_text_over_by_a_hair_says_by_how_much(need, said):
    """A text over its box by under 0.05 mm read 'the text needs 22.4 mm of height, the box holds 22.4 mm'."""
    with pytest.raises(fit.Overflow, match=said):
        fit.check_height(need, 22.4, part="event card", field="text")


def test_a_box_left_no_room_says_so_rather_than_a_size_below_nothing():
    """An Air King event card at mini size: its text's box read 'the box holds -3.0 mm at 6 pt'."""
    with pytest.raises(fit.Overflow) as refused:
        fit.check_height(7.2, -3.0, part="event card", field="text")
    assert (
        str(refused.value)
        == "event card, text: the text needs 7.2 mm of height, but the rest of the part leaves it no room"
    )


def test_a_city_name_too_long_stops_the_build_at_the_maps_line_as_check_says(cli, tmp_path):
    """``pnp build --map`` puts a name too long for its card where the map writes it, as ``pnp map check`` does;
    it said only the card, leaving the designer to search the map."""
    text = (ROOT / "boards/take-off-world.yaml").read_text().replace('name: "Apia"', f'name: "{LONG}"', 1)
    (tmp_path / "long.yaml").write_text(text)
    line = 1 + text[: text.index(LONG)].count("\n")
    _, _, checked = cli("map", "check", "long.yaml")
    assert checked.startswith(f"long.yaml:{line}:"), checked
    where = checked.split(": error: ", 1)[0]
    code, out, err = cli("build", "take-off", "--map", "long.yaml", "-o", "out")
    assert (code, out) == (1, "") and err.startswith(f"pnp: error: {where}: Take Off! World Edition city card "), err


def test_a_quoted_name_cut_short_keeps_its_closing_quote():
    """A part named by an overlong quoted name is cut inside the quotes, and closes them: the message read
    "city card 'Budapest the Magnificent … on t…, name: …", its quote left open."""
    said = str(fit.Overflow(f"Take Off! city card '{LONG}'", "name", "too long"))
    assert said.endswith("…', name: too long") and said.count("'") == 2 and len(said.split(", name")[0]) == 100
