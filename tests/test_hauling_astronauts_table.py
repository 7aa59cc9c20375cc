"""Hauling Astronauts as players meet it: printed names, button labels, what each seat sees, the screen picture."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from conftest import random_game
from support.svg import apply, placed
from test_hauling_astronauts_rules import FILL, GAME, full_grid, new, play, started
from test_screen_pictures import check_apart, check_legend, check_screen, check_sizes

from pnp.errors import NotationError, PnpError
from pnp.games.hauling_astronauts.components import picture
from pnp.games.hauling_astronauts.model import load_data
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.printing.render import drawing_to_screen_svg
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Commit, Reveal, Secret, Setup

NAMES = {
    "A": "Tortoise", "B": "Drifter", "C": "Heron", "D": "Sparrow", "E": "Goliath", "F": "Needle",
    "U": "Lantern", "V": "Atlas", "W": "Magpie", "X": "Comet", "Y": "Pebble", "Z": "Titan",
}  # fmt: skip


def hidden(*after: str) -> HaulingState:
    """Hidden transports committed (the state sees commitments only), then ``after``."""
    state = GAME.new_state(Setup(("ann", "bob"), {"hidden_transports": True}))
    for _ in range(6):
        state.apply(Commit(f"t{state.committed[state.seat] + 1}", "0" * 64))
    return play(state, *after)


# -- names as printed ------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("choose Tortoise Heron Needle", "choose A C F"),
        ("choose tortoise c NEEDLE", "choose A C F"),
        ("choose lantern MAGPIE titan", "choose U W Z"),
        ("choose a c f", "choose A C F"),
    ],
)
def test_choose_reads_transports_by_id_or_printed_name_and_records_the_id(text, canonical):
    assert GAME.format_move(GAME.parse_move(text)) == canonical


def test_an_unknown_transport_name_suggests_the_nearest():
    with pytest.raises(NotationError, match=r"there is no transport 'Herron'; did you mean 'Heron'\?"):
        GAME.parse_move("choose A Herron F")


def test_every_printed_name_is_in_the_data_and_one_word(tmp_path):
    data = load_data().value
    assert {t.id: t.name for fleet in data.fleets for t in fleet.transports} == NAMES
    text = load_data().source.text
    (tmp_path / "two.yaml").write_text(text.replace("name: Heron", "name: Grey Heron"), encoding="utf-8")
    with pytest.raises(PnpError, match=r"name: 'Grey Heron' is not one word, with no spaces"):
        load_data(tmp_path / "two.yaml")
    (tmp_path / "clash.yaml").write_text(text.replace("name: Heron", "name: d"), encoding="utf-8")
    with pytest.raises(PnpError, match=r"transports\[3\].name: transport 'C' as 'd' and transport 'D' read alike"):
        load_data(tmp_path / "clash.yaml")


# -- labels ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "label"),
    [
        ("choose A C F", "choose Tortoise for strip 1, Heron for 2 and Needle for 3"),
        ("choose W U Z", "choose Magpie for strip a, Lantern for b and Titan for c"),
        ("roll 2 5g 6r", "roll 2, gold 5 and red 6"),
        ("roll 1 1 6", "roll 1, 1 and 6"),
        ("place 4 b2", "place the 4 on b2"),
        ("place 5g a1", "place the gold 5 on a1"),
        ("move b2 b3", "move the die on b2 to b3"),
        ("swap 1 3", "swap the transports at strips 1 and 3"),
        ("depart 2 d4", "depart strip 2 to d4 (10 – 11, +2)"),
        ("depart c d1 gold profit red bonus", "depart strip c to d1 (5 or less, +4), gold doubles the profit, red halves the bonus"),
        ("end", "end the turn without departing"),
        ("pass", "pass (nothing else is possible)"),
    ],
)  # fmt: skip
def test_a_move_reads_on_a_button_with_printed_names_and_dice_faces(move, label):
    assert GAME.label(GAME.parse_move(move)) == label


def test_a_secret_transport_reads_as_its_printed_piece():
    assert GAME.label(Secret("t1", "C")) == "Heron, 13 – 14, pays 4"
    assert GAME.label(Reveal("t2")) == "reveal your departing transport"  # only ever the one departing
    assert GAME.label(Secret("goal", "7")) is None  # not one of ours: the referee shows the notation


def test_a_secret_transport_is_entered_by_its_printed_name(tmp_path):
    from pnp.referee import keys, session

    path = tmp_path / "game.pnp"
    session.new(path, "hauling-astronauts", ["ann", "bob"], ["hidden_transports=true"], 1, None).save()
    for move in ("secret t1 heron", "secret t2 Needle", "secret t3 TORTOISE", "secret t1 Atlas", "secret t2 u"):
        current = session.load(path)
        current.play(move)
        current.save()
    assert {slot: value for slot, (value, _) in keys.read_keys(path, "ann").items()} == {
        "t1": "C",
        "t2": "F",
        "t3": "A",
    }
    assert {slot: value for slot, (value, _) in keys.read_keys(path, "bob").items()} == {"t1": "V", "t2": "U"}


@pytest.mark.parametrize("options", [{}, {"bonus_dice": True, "hidden_transports": True}], ids=str)
def test_every_listed_move_of_a_game_has_a_label_without_codes(options):
    table = random_game("hauling-astronauts", 2, 11, **options)
    state = GAME.new_state(Setup(("p1", "p2"), options, 11))
    kinds: set[type] = set()
    for move in [None, *table.history]:
        if move is not None:
            state.apply(move)
        for listed in state.legal_moves():
            label = GAME.label(listed)
            assert label and (isinstance(listed, (Secret, Reveal)) or label != GAME.format_move(listed))
            assert not re.search(r"\b\d[gr]\b|\bd\d\b(?! \()", label), (listed, label)  # no die codes, docks with range
            kinds.add(type(listed))
    assert len(kinds) >= 6, kinds


# -- what each seat sees -----------------------------------------------------------
def test_declining_the_departure_that_would_end_the_game_says_so_on_its_button(tmp_path):
    """ann, with nothing left but to pass and then depart, after bob passed and declined his departure, is told
    that ending her turn ends the game (a round of passes with nothing changed): her full strips would never
    depart. A departure is not so marked."""
    current = session.new(tmp_path / "h.pnp", "hauling-astronauts", ["ann", "bob"], [], 1, None)
    for text in ("choose A B C", "choose U V W", *FILL, "end", "swap a b", "end", "swap 1 2", "end", "pass", "end"):
        current.play(text)
    current.play("pass")
    assert current.state.to_move() == "ann"
    labels = {offered.text: offered.label for offered in legal_inputs(current, "ann")}
    assert labels["end"] == "end the turn without departing (ends the game)"
    departures = [label for text, label in labels.items() if text.startswith("depart")]
    assert departures and not any("ends the game" in label for label in departures)
    current.play("end")
    assert current.state.is_over()


def test_nothing_is_held_back_from_the_other_seat_beyond_the_secrets():
    # Dice and departures are public at the table; face-down transports are secrets the state never holds.
    state = hidden("roll 1 2 3", "place 1 a1")
    assert state.private("ann") == {} and state.private("bob") == {}
    assert all(GAME.public_text(move) is None for move in state.legal_moves())


def test_after_a_swap_the_owner_sees_which_secret_lies_at_each_strip():
    state = hidden("roll 1 2 3", "swap 1 3")
    ann = state.render_text("ann")
    assert "  1: your t3 (face down)" in ann and "  3: your t1 (face down)" in ann
    bob = state.render_text("bob")
    assert "  1: ann's t3 (face down)" in bob and "  a: your t1 (face down)" in bob
    assert "your" not in state.render_text(None)


def test_transports_not_yet_entered_are_not_shown_at_set_up():
    state = GAME.new_state(Setup(("ann", "bob"), {"hidden_transports": True}))
    state.apply(Commit("t1", "0" * 64))
    text = state.render_text("ann")
    assert "  1: your t1 (face down)" in text and "  2: (not chosen)" in text
    assert "enter transports t1 t2 t3 as secrets" in text


def test_the_opening_is_announced():
    state = started()
    assert "To move: ann (open the game: roll 3 dice)" in state.render_text(None)


# -- the picture on a screen -------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return ["".join(e.itertext()) for e in ET.fromstring(svg).iter(f"{SVG}text")]


def states_of_a_game(options: dict[str, bool], seed: int) -> list[HaulingState]:
    """The start, the middle and the end of a random game."""
    table = random_game("hauling-astronauts", 2, seed, **options)
    state = GAME.new_state(Setup(("p1", "p2"), options, seed))
    kept = [state.clone()]
    for i, move in enumerate(table.history):
        state.apply(move)
        if i == len(table.history) // 2:
            kept.append(state.clone())
    return [*kept, state]


@pytest.mark.parametrize(
    "options", [{}, {"bonus_dice": True}, {"hidden_transports": True, "bonus_dice": True}], ids=str
)
def test_the_picture_reads_on_a_screen_with_every_option(options):
    for state in states_of_a_game(options, seed=5):
        for viewer in (None, "p1"):
            root = check_screen(picture(state, viewer))
            check_sizes(root)
            check_apart(root)
            check_legend(root)


def turned_texts(svg: str) -> Iterator[tuple[str, float]]:
    """Each text of ``svg`` with the angle, in degrees, that the transforms above it (its own included) turn it by."""

    for element, matrix in placed(ET.fromstring(svg), "text"):
        yield "".join(element.itertext()), math.degrees(math.atan2(matrix[1], matrix[0]))


@pytest.mark.parametrize("options", [{}, {"hidden_transports": True}], ids=str)
def test_every_text_of_the_picture_stands_upright_for_either_seat(options):
    """P2's transports lie in the columns' docks, portrait: their text (a face-down "?", a name) is not turned."""
    for state in states_of_a_game(options, seed=5):
        for viewer in (None, "p1", "p2"):
            shown = turned_texts(drawing_to_screen_svg(picture(state, viewer)))
            turned = [(text, round(angle)) for text, angle in shown if abs(angle) > 0.01]
            assert not turned, turned


def test_the_picture_keeps_face_down_transports_face_down_for_every_viewer():
    state = hidden("roll 1 2 3", "swap 1 3")
    for viewer in (None, "ann", "bob"):
        shown = texts(drawing_to_screen_svg(picture(state, viewer)))
        assert not set(NAMES.values()) & set(shown)
        assert shown.count("1st") == 2 and shown.count("3rd") == 2  # each face-down piece by the strip it lies at
        assert not {"t1", "t2", "t3"} & set(shown)  # never by the slot the record writes
    assert "To move: bob (roll, then place / move / swap)" in shown


def test_the_picture_names_the_players_the_scores_and_the_result():
    state = play(full_grid(), "depart 2 d5")
    shown = texts(drawing_to_screen_svg(picture(state, None)))
    assert {"P1 ann", "P2 bob", "P1 ann (Redline Haulage): 2 points", "scored 2"} <= set(shown)
    assert "load 15 = 4 + 5 + 6" in shown
    table = random_game("hauling-astronauts", 2, 3)
    score = table.state.score()
    shown = texts(drawing_to_screen_svg(picture(table.state, None)))  # type: ignore[arg-type]
    assert any(t.startswith(f"Game over: {score.winners[0]}") for t in shown)


def test_the_key_explains_only_the_symbols_in_play():
    def key(**options: bool) -> str:
        root = ET.fromstring(drawing_to_screen_svg(picture(GAME.new_state(Setup(("a", "b"), options)), None)))
        legends = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == "legend"]
        return " ".join("".join(t.itertext()) for g in legends for t in g.iter(f"{SVG}text"))

    plain = key()
    assert "moved die" in plain and "dock bonus" in plain and "P1 a" in plain
    assert "gold die" not in plain and "face-down" not in plain
    both = key(bonus_dice=True, hidden_transports=True)
    assert "gold die" in both and "red die" in both and "face-down transport" in both


def test_the_picture_asks_for_face_down_transports_in_words_not_slots():
    """The shared screen and every phone read 'enter transports t1 t2 t3 as secrets': the terminal's slots."""
    from pnp.games import REGISTRY
    from pnp.printing.render import drawing_to_svg

    state = GAME.new_state(Setup(("ann", "bob"), {"hidden_transports": True}))
    shown = drawing_to_svg(REGISTRY["hauling-astronauts"].picture(state, "bob"))
    assert "To move: ann (choose three transports, face down)" in shown and "t1" not in shown


def places(state: HaulingState) -> list[tuple[str, ...]]:
    """The picture's places, each as the names drawn inside it: spaces (a1), loading docks (P1 dock 1, or a docked
    transport's: the strip's name on its arrow, 1 or a) and destination docks (d1); each checked to lie on the
    picture's focus, the board."""
    drawing = picture(state, None)
    assert drawing.focus is not None
    fx, fy, fw, fh = drawing.focus
    named = []
    for element, matrix in placed(ET.fromstring(drawing_to_screen_svg(drawing)), "text"):
        text = "".join(element.itertext())
        if re.fullmatch(r"[a-c][1-3]|d[1-6]|P[12] dock [1-3]|[1-3a-c]", text):
            named.append((text, *apply(matrix, float(element.get("x")), float(element.get("y")))))
    found = []
    for x, y, w, h in drawing.places:
        assert fx <= x and fy <= y and x + w <= fx + fw and y + h <= fy + fh
        found.append(tuple(text for text, tx, ty in named if x <= tx <= x + w and y <= ty <= y + h))
    return found


def test_the_picture_names_where_the_play_is_the_docks_spaces_and_destinations_of_the_moves():
    """A phone's places, in the order of the moves: at set-up the docks of the player choosing transports; then each
    space a booked die may go on, each die's space with where it may move, the docks a swap exchanges (before a
    roll, every space); a full strip with its dock, each with the destination docks it may depart to."""
    spaces = [(name,) for name in ("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3")]
    assert places(new(hidden_transports=True)) == [("P1 dock 1", "1"), ("P1 dock 2", "2"), ("P1 dock 3", "3")]
    assert places(started()) == spaces  # the opening roll
    state = play(started(), "roll 1 2 3", "place 1 a1")  # bob: two dice to place, a1's to move, a swap
    assert places(state) == [*spaces[1:], ("a1", "a2"), ("a1", "b1"), ("a",), ("b",), ("c",)]
    assert places(full_grid()) == [
        ("a1", "b1", "c1", "1"), ("d2",), ("a2", "b2", "c2", "2"), ("d5",), ("a3", "b3", "c3", "3"), ("d3",)
    ]  # fmt: skip
