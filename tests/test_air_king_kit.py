"""Air King's kit and state picture, read back from the files they print."""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.pdfium import page_shapes, plain_texts
from support.svg import apply, placed

from pnp.games import REGISTRY
from pnp.games.air_king.model import load_data
from pnp.games.spec import KitRequest
from pnp.printing.parts import POKER, Board, Deck
from pnp.printing.render import drawing_to_svg
from pnp.referee.driver import Table
from pnp.referee.protocol import Setup

SPEC = REGISTRY["air-king"]
MM = 25.4 / 72


@pytest.fixture(scope="module")
def kit(printed_kits):
    return printed_kits.kit("air-king")


@pytest.fixture(scope="module")
def written(printed_kits):
    return {(f.path.name, f.format): f for f in printed_kits.files("air-king", formats=("pdf", "svg"))}


def _svg_names(written, prefix: str) -> list[str]:
    names = []
    for (name, fmt), f in sorted(written.items()):
        if fmt == "svg" and name.startswith(prefix):
            names += re.findall(r'data-name="([^"]*)"', f.path.read_text())
    return names


def test_the_manifest_counts_every_card(written):
    assert written[("cards.pdf", "pdf")].components == {
        "airports and runways": 4,
        "aircraft": 10,
        "goals": 10,
        "events": 26,
        "Technical Return cards": 4,  # its cards' title, not a plural noun as the others
    }
    assert written[("field-mat.pdf", "pdf")].components == {"field mat": 1}
    assert written[("player-aids.pdf", "pdf")].components == {f"player aid {n}": 1 for n in range(1, 5)}
    assert written[("rules.pdf", "pdf")].components == {"rules": 1}  # one side holds them


def test_every_card_is_poker_size_and_has_a_back(kit, written):
    decks = [p for doc in kit.documents for p in doc.parts if isinstance(p, Deck)]
    assert all(d.size == POKER and all(c.back is not None for c in d.cards) for d in decks)
    names = _svg_names(written, "cards")
    fronts = {n.split(":", 1)[1] for n in names if n.startswith("card-front:")}
    backs = {n.split(":", 1)[1] for n in names if n.startswith("card-back:")}
    assert len(fronts) == 54 and fronts == backs
    assert {"airport A", "runway B", "aircraft 10", "goal 7", "storm 5", "technical return 4"} <= fronts


def test_the_printed_cards_are_cut_to_poker_size(written):
    (drawn,) = page_shapes(written[("cards.pdf", "pdf")].path, 0, segments=2)  # a move and a line
    lines = [shape.box for shape in drawn if shape.painted]
    vertical = sorted({round(line.x0 * MM, 1) for line in lines if abs(line.x0 - line.x1) < 0.01})
    horizontal = sorted({round(line.top * MM, 1) for line in lines if abs(line.top - line.bottom) < 0.01})
    gaps = {round(b - a, 1) for xs in (vertical, horizontal) for a, b in itertools.pairwise(xs)}
    assert round(POKER.width, 1) in gaps and round(POKER.height, 1) in gaps


def test_the_guide_states_the_cards_per_page_the_default_build_prints(written):
    fronts = [
        len(re.findall(r'data-name="card-front:', f.path.read_text()))
        for (name, fmt), f in written.items()
        if fmt == "svg" and name.startswith("cards")
    ]
    per_page = max(fronts)
    assert sum(fronts) == 54 and per_page == 8  # A4, 3 mm bleed, backs of five colours: no tight grid
    assert written[("cards.pdf", "pdf")].sheets == 7  # the five decks share their sheets
    guide = (Path(__file__).parents[1] / "docs" / "games" / "air-king.md").read_text()
    assert f"{('six', 'seven', 'eight', 'nine')[per_page - 6]} to an A4 page" in guide


def test_every_card_kind_prints_its_words(written):
    # the cards lie sideways on the page, so the words are read from the SVG pages
    text = " ".join(
        "".join(t.itertext())
        for (name, fmt), f in written.items()
        if fmt == "svg" and name.startswith("cards")
        for t in ET.parse(f.path).getroot().iter()
        if t.tag.endswith("text")
    )
    for words in (
        "Airport A",
        "Runway B",
        "Goal 10",
        "Extra move",
        "Extra diagonal move",
        "Storm",
        "Clear sky",
        "Holding",
        "Pass",
        "Technical Return",
        "one movement card per turn",
        "Brown crescent",
        "AIR KING",
    ):
        assert words in text, words


def test_goal_cards_show_their_four_aircraft(kit):
    from pnp.games.air_king.model import load_data

    data = load_data().value
    deck = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Deck) and p.name == "goals")
    recorder = Recorder()
    deck.cards[4].front.draw(recorder)
    numbers = [int(t) for t in recorder.texts if t.isdigit()]
    assert numbers == list(data.goals[4])


class Recorder:
    """A Canvas that keeps the text it is asked to draw."""

    def __init__(self) -> None:
        from pnp.printing.fonts import DEFAULT

        self.faces = DEFAULT  # what fitted text is measured in
        self.texts: list[str] = []

    def text(self, x, y, s, **kwargs) -> None:
        self.texts.append(s)

    def group(self, *args, **kwargs):
        import contextlib

        return contextlib.nullcontext()

    clip = group

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_the_field_mat_has_card_sized_spaces_and_is_tiled_over_pages(kit, written):
    board = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Board))
    root = ET.fromstring(drawing_to_svg(board.drawing))
    spaces = [g for g in root.iter() if g.get("data-name", "").startswith("space:")]
    assert len(spaces) == 35
    rect = next(g for g in spaces if g.get("data-name") == "space:d3").find("{http://www.w3.org/2000/svg}rect")
    width, height = float(rect.get("width")), float(rect.get("height"))
    assert width >= POKER.height + 2 and height >= POKER.width + 2
    mat = written[("field-mat.pdf", "pdf")]
    assert mat.pages > 2  # an overview and its tiles
    overview, *others = plain_texts(mat.path)
    tiles = " ".join(others)
    assert "overview" in overview and "tile 1" in overview
    for words in ("Arrival zone A", "Departure B", "Airport A", "arrival zone: the runway to land from"):
        assert words in tiles
    assert mat.pages == 7  # an overview and 2 x 3 tiles on A4: the legend costs no paper


def test_the_field_mat_sky_deepens_towards_its_edges_and_spaces_let_it_show():
    from pnp.games.air_king.maps import checked_field
    from pnp.games.air_king.mat import field_drawing
    from pnp.printing.color import luminance, rgb

    root = ET.fromstring(drawing_to_svg(field_drawing(checked_field(None))))
    ns = "{http://www.w3.org/2000/svg}"
    space = next(g for g in root.iter(f"{ns}g") if g.get("data-name") == "space:d3").find(f"{ns}rect")
    assert space.get("fill") in (None, "none")  # the sky behind shows through an open space
    wide = [r.get("fill", "") for r in root.iter(f"{ns}rect") if 600 < float(r.get("width", 0)) < 680]
    bands = [fill for fill in wide if fill.startswith("#")]
    light = [luminance(rgb(fill)) for fill in bands]
    middle = len(light) // 2
    assert len(light) > 10 and light[0] < light[middle] - 0.1 and light[-1] < light[middle] - 0.1


def test_the_four_player_aids_fit_one_page_and_name_every_event(kit, written):
    data = load_data().value
    (text,) = plain_texts(written[("player-aids.pdf", "pdf")].path)
    for event in data.events:
        assert text.count(f"{event.title}:") == 4


def test_a_custom_field_changes_the_mat(tmp_path):
    path = tmp_path / "wide.yaml"
    path.write_text(SPEC.maps.new(3))
    kit = SPEC.kit(KitRequest(map_path=path))
    board = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Board))
    from pnp.games.air_king.maps import checked_field

    field = checked_field(path)
    assert board.drawing.width == pytest.approx(field.columns * 94 + 28)


def test_the_state_picture_shows_the_pieces_but_no_hand():
    game = SPEC.rules()
    rng = random.Random(5)
    table = Table(game, game.new_state(Setup(("ann", "bob"))))
    while table.state.round < 4:
        table.play(rng.choice(table.state.legal_moves()))
    state = table.state
    root = ET.fromstring(drawing_to_svg(SPEC.picture(state, "ann")))
    drawn = {g.get("data-name") for g in root.iter() if g.get("data-name", "").startswith("aircraft:")}
    on_field = {f"aircraft:{a + 1}" for a, p in enumerate(state.pos) if p >= 0}
    assert drawn == on_field and on_field
    texts = " ".join("".join(t.itertext()) for t in root.iter() if t.tag.endswith("text"))
    assert f"draw pile {sum(state.draw)} cards" in texts
    assert "hand" not in texts


def test_the_aid_names_every_card_a_player_may_play_and_the_runway_is_the_arrival_zone(written):
    """The aid left out the Technical Return; the rules put the arrival zone in front of the runway, which is it."""
    aid = " ".join(" ".join(plain_texts(written[("player-aids.pdf", "pdf")].path)).split())
    rules = " ".join(" ".join(plain_texts(written[("rules.pdf", "pdf")].path)).split())
    for title in ("Extra move", "Extra diagonal move", "Storm", "Clear sky", "Holding", "Pass", "Technical Return"):
        assert f"{title}:" in aid or f"{title} (one each):" in aid, title
    assert "arrival zone in front of" not in rules
    assert "Land: from the arrival zone (the runway at its destination)" in rules


def test_a_fanned_hand_of_events_shows_each_cards_icon_and_title_at_its_left_edge(kit):
    """Event cards are held in a hand, fanned so that only a strip along each card's left edge shows: each has its
    kind's icon in the top-left corner of its band and its title set from beside it, where the title was centred
    and the strip showed only the band's colour (Extra move and Extra diagonal move share one)."""
    from pnp.games.air_king.cards import SAFE
    from pnp.printing.svg import svg_page

    deck = next(p for doc in kit.documents for p in doc.parts if isinstance(p, Deck) and p.name == "events")
    strip = 20.0  # mm of a card's left edge a fanned hand shows
    for card in deck.cards:
        root = ET.fromstring(svg_page(deck.size.width, deck.size.height, card.front.draw))
        icons = [
            (apply(m, float(e.get("cx")), float(e.get("cy"))), float(e.get("r"))) for e, m in placed(root, "circle")
        ]
        assert any(x + r <= strip and y + r <= 15 and r >= 4 for (x, y), r in icons), f"{card.name}: no corner icon"
        title, m = next(placed(root, "text"))  # the band's title, drawn first
        x, _y = apply(m, float(title.get("x")), float(title.get("y")))
        assert SAFE < x < strip and title.get("text-anchor", "start") == "start", f"{card.name}: {title.text} at {x}"


def test_the_direction_banners_leave_every_column_letter_in_sight(kit):
    """With an odd number of columns (seven, by default) the banners lay on the middle column's letters (d)."""
    board = next(p for d in kit.documents for p in d.parts if isinstance(p, Board))
    root = ET.fromstring(drawing_to_svg(board.drawing))
    badges = [apply(m, float(e.get("cx")), float(e.get("cy"))) for e, m in placed(root, "circle")
              if e.get("r") == "4.2" and e.get("fill") == "#ffffff"]  # fmt: skip
    assert len(badges) >= 2 * 7  # a letter above and below each column (and the legend's badge)
    banners = [(apply(m, float(e.get("x")), float(e.get("y"))), float(e.get("width")), float(e.get("height")))
               for e, m in placed(root, "rect") if e.get("width") == "80"]  # fmt: skip
    assert len(banners) == 2
    for (x, y), w, h in banners:
        assert all(not (x - 4.2 < bx < x + w + 4.2 and y - 4.2 < by < y + h + 4.2) for bx, by in badges)
