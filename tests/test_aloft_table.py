"""Aloft as players meet it at the table: stages and refusals, printed names, labels, show and the picture."""

from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ET

import pytest
from support import boxes as box_geometry
from support.patterns import patterned_fills

from pnp.errors import IllegalMove, NotationError
from pnp.games import REGISTRY
from pnp.games.aloft.notation import AloftMove
from pnp.games.aloft.rules import Aloft
from pnp.games.aloft.shapes import SMALL
from pnp.games.aloft.state import AloftState, Sky
from pnp.games.spec import KitRequest
from pnp.printing.canvas import PT
from pnp.printing.fonts import text_width
from pnp.printing.render import drawing_to_svg
from pnp.referee.driver import Table
from pnp.referee.protocol import STAGE_WORDS, Commit, Reveal, Secret, Setup

GAME = Aloft()
SVG = "{http://www.w3.org/2000/svg}"


def table(players: int = 2) -> Table:
    return Table(GAME, GAME.new_state(Setup(tuple(["ann", "bob", "cy", "dee", "eve", "fay"][:players]))))


def to_stage(t: Table, stage: str, rng: random.Random | None = None, trucks_only: bool = True) -> AloftState:
    """Play ``t`` on until its state reaches ``stage``; by moving trucks only, the game ends with no truck to move."""
    rng = rng or random.Random(1)
    state = t.state
    assert isinstance(state, AloftState)
    while state.stage() != stage:
        moves = state.legal_moves()
        if trucks_only and state.stage() == "play":
            moves = [m for m in moves if isinstance(m, AloftMove) and m.action == "truck"]
        t.play(rng.choice(moves))
    return state


def refusal(state: AloftState, move: object) -> str:
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    return str(caught.value)


# -- stages and refusals -------------------------------------------------------
def test_each_stage_is_named_in_the_shared_words():
    t = table()
    assert t.state.stage() == "set-up"
    assert to_stage(t, "play").stage() == "play"
    assert to_stage(t, "reveal").stage() == "reveal"
    assert to_stage(t, "over").is_over()


@pytest.mark.parametrize("players", [2, 4])
def test_every_move_of_another_stage_is_refused_naming_the_stage_in_force(players):
    samples = {
        "set-up": [Secret("colours", "B" if players > 3 else "B,G"), Commit("colours", "0" * 64)],
        "play": [AloftMove("truck", column=4), AloftMove("inflate", "RW", 2), AloftMove("launch", "RW")],
        "reveal": [Reveal("colours"), Reveal("colours", "B,G", "x")],
    }
    t = table(players)
    for stage in ("set-up", "play", "reveal", "over"):
        state = to_stage(t, stage)
        for other, moves in samples.items():
            if other == stage:
                continue
            for move in moves:
                before = state.clone().__dict__
                assert refusal(state, move).startswith(STAGE_WORDS[stage] + ": "), (stage, move)
                assert state.__dict__ == before  # a refusal changes nothing


def test_a_move_after_the_trucks_stop_names_the_end_and_the_reveal_that_is_due():
    # the case: once the trucks cannot move, 'inflate BG 8' was refused with the set-up message
    state = to_stage(table(), "reveal")
    message = refusal(state, GAME.parse_move("inflate BG 8"))
    assert message == (
        "the game has ended and secrets are being revealed: no truck can move; ann, reveal your colour cards "
        "for scoring with 'pnp ref reveal --player ann' (rule: reveal)"
    )
    assert "set-up" not in message


def test_the_end_after_the_last_launch_is_named_as_such():
    t = table()
    rng = random.Random(4)
    state = to_stage(t, "play")
    while state.stage() == "play":  # launch whenever possible, otherwise anything but ascend
        moves = state.legal_moves()
        launches = [m for m in moves if m.action in ("launch", "inflate")]
        t.play(rng.choice(launches or moves))
    if state.launched == len(state.names):
        assert state.end_reason() == "the last balloon has launched"
        assert "the last balloon has launched; ann, reveal" in refusal(state, AloftMove("truck", column=3))
    else:
        assert state.end_reason() == "no truck can move"


def test_set_up_refusals_say_who_enters_colour_cards_next():
    t = table(3)
    t.play(t.state.legal_moves()[0])
    message = refusal(t.state, AloftMove("truck", column=4))
    assert message == "during set-up: bob, enter your colour cards with 'pnp ref secret --player bob' (rule: set-up)"


def test_a_secret_or_reveal_during_play_is_refused_as_out_of_its_stage():
    state = to_stage(table(), "play")
    message = refusal(state, Reveal("colours", "B,G", "x"))
    assert message.startswith("during play: colour cards are entered at set-up and revealed for scoring")
    assert message.endswith("ann to move: move a truck or inflate, launch or ascend a balloon (rule: play)")
    assert refusal(state, Commit("colours", "0" * 64)).startswith("during play: ")


def test_after_the_last_reveal_every_move_is_refused_as_over():
    state = to_stage(table(), "over")
    message = refusal(state, AloftMove("truck", column=9))
    assert message == "the game is over: no truck can move; see the result with 'pnp ref score' (rule: over)"


def test_other_refusals_keep_naming_their_rule():
    state = to_stage(table(), "play")
    assert refusal(state, AloftMove("truck", column=3)).endswith("(rule: move a truck)")
    state = to_stage(table(), "reveal")
    assert refusal(state, Reveal("colours", "B", "x")) == "ann must hold 2 colour cards (rule: set-up)"
    assert "only secret is 'colours'" in refusal(state, Reveal("goal", "B,G", "x"))


# -- names as printed ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("inflate RW 3", "inflate RW 3"),
        ("inflate rw 3", "inflate RW 3"),
        ("inflate WR 3", "inflate RW 3"),  # the letters either way round
        ("inflate Red + White 3", "inflate RW 3"),  # as the card's subtitle prints it
        ("inflate white/red 3", "inflate RW 3"),
        ("inflate r. w. 3", "inflate RW 3"),  # spaces and punctuation are ignored
        ("launch BLUE GREEN", "launch BG"),
        ("ascend Lion", "ascend lion"),  # as the card's title prints it
        ("launch MONKEY", "launch monkey"),
    ],
)
def test_balloons_are_read_by_their_printed_names_and_written_back_as_ids(typed, canonical):
    assert GAME.format_move(GAME.parse_move(typed)) == canonical


@pytest.mark.parametrize(
    ("typed", "hint"),
    [
        ("launch lino", "there is no balloon 'lino'; did you mean 'Lion'?"),
        ("inflate XQ 3", "(balloons: BG BP BR"),
    ],
)
def test_an_unknown_balloon_suggests_the_nearest_or_lists_them(typed, hint):
    with pytest.raises(NotationError) as caught:
        GAME.parse_move(typed)
    assert hint in str(caught.value)


def test_every_listed_move_keeps_its_canonical_text():
    state = to_stage(table(), "play")
    for move in state.legal_moves():
        text = GAME.format_move(move)
        assert GAME.parse_move(text) == move
        assert text.split()[1] in state.names or text.startswith("truck")


# -- labels ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("move", "label"),
    [
        (AloftMove("inflate", "RW", 2), "inflate red/white on the truck under column 3"),
        (AloftMove("truck", column=4), "move the truck under column 5"),
        (AloftMove("launch", "BG"), "launch blue/green"),
        (AloftMove("ascend", "lion"), "ascend lion"),
        (Secret("colours", "B,G"), "blue and green"),
        (Secret("colours", "Y"), "yellow"),
        (Reveal("colours"), "reveal your colour cards"),
        (Reveal("colours", "P,W", "x"), "reveal your colour cards: purple and white"),
        (Commit("colours", "0" * 64), None),
    ],
)
def test_labels_read_as_the_printed_components(move, label):
    assert GAME.label(move) == label


def test_every_listed_move_has_a_label_without_codes():
    t = table()
    seen = set()
    for stage in ("set-up", "play", "reveal"):
        for move in to_stage(t, stage).legal_moves():
            label = GAME.label(move)
            assert label and not any(word in ("B", "G", "P", "R", "W", "Y", "RW") for word in label.split())
            seen.add(label)
    assert "inflate blue/green on the truck under column 1" in seen


def test_nothing_is_hidden_but_the_colour_cards():
    state = to_stage(table(), "play")
    assert GAME.public_text(AloftMove("inflate", "RW", 2)) is None
    assert state.private("ann") == {}


# -- show --------------------------------------------------------------------------
def test_show_has_a_legend_for_trucks_and_loads():
    text = to_stage(table(), "play").render_text(None)
    assert "legend: T truck; S the orange safety truck, always the lead; T:RW or S:RW a truck carrying" in text
    assert "B blue, G green, P purple, R red, W white, Y yellow" in text.replace("\n        ", " ")


def test_show_at_set_up_says_who_enters_colour_cards():
    t = table()
    t.play(t.state.legal_moves()[0])
    assert t.state.render_text(None).splitlines()[-1] == (
        "set-up (1 of 2 have entered their colour cards): bob, enter your colour cards with "
        "'pnp ref secret --player bob'"
    )


def test_show_after_the_trucks_stop_says_the_game_ended_and_whose_reveal_is_due():
    t = table()
    state = to_stage(t, "reveal")
    assert state.render_text(None).splitlines()[-2:] == [
        "the game has ended: no truck can move; colour cards still to reveal: ann, bob",
        "ann, reveal your colour cards with 'pnp ref reveal --player ann'",
    ]
    t.play(Reveal("colours"))
    assert "still to reveal: bob" in state.render_text(None)
    assert "colour cards: " + GAME.label(Secret("colours", t.kept[("ann", "colours")][0])) in state.render_text(None)


def test_show_at_the_end_names_the_winner_and_the_points():
    state = to_stage(table(), "over")
    text = state.render_text(None)
    winners = state.score().winners
    assert text.splitlines()[-1].startswith("the game is over (no truck can move); winner")
    assert all(name in text.splitlines()[-1] for name in winners)
    for row in state.score().players:
        assert f"{row.name}: {row.score} points; " in text


# -- the picture ---------------------------------------------------------------------
def text_boxes(svg: str) -> list[tuple[str, float, float, float, float, float]]:
    """Each text of an SVG picture: (text, size in mm, left, top, right, bottom), from its font metrics."""
    root = ET.fromstring(svg)
    assert not [e for e in root.iter() if e.get("transform")], "texts are placed without transforms"
    boxes = []
    for element in root.iter(f"{SVG}text"):
        size = float(element.get("font-size"))
        width = text_width(element.text, size / PT, element.get("font-weight") == "bold")
        x, y = float(element.get("x")), float(element.get("y"))
        left = x - {"start": 0, "middle": width / 2, "end": width}[element.get("text-anchor", "start")]
        boxes.append((element.text, size, left, y - 0.72 * size, left + width, y + 0.2 * size))
    return boxes


def overlapping(texts: list[tuple[str, float, float, float, float, float]]) -> list[tuple[str, str]]:
    return box_geometry.overlapping([(text, (left, top, right, bottom)) for text, _, left, top, right, bottom in texts])


def test_the_overlap_check_finds_overlapping_labels():
    boxes = text_boxes(
        '<svg xmlns="http://www.w3.org/2000/svg"><text x="0" y="10" font-size="3">truck lane</text>'
        '<text x="5" y="11" font-size="3">landed</text><text x="0" y="30" font-size="3">clear</text></svg>'
    )
    assert overlapping(boxes) == [("truck lane", "landed")]


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("stage", ["set-up", "play", "middle", "reveal", "over"])
def test_the_picture_reads_at_1000_px_wide(players, stage):
    t = table(players)
    rng = random.Random(players)
    state = to_stage(t, "play" if stage == "middle" else stage, rng, trucks_only=stage != "over")
    if stage == "middle":
        for _ in range(30):
            t.play(rng.choice(state.legal_moves()))
    drawing = REGISTRY["aloft"].picture(state, "ann")
    boxes = text_boxes(drawing_to_svg(drawing))
    px = 1000 / drawing.width  # per unit, when drawn 1000 px wide
    assert min(size for _, size, *_ in boxes) * px >= 9.5
    assert overlapping(boxes) == []
    assert max(box[4] for box in boxes) <= drawing.width and max(box[5] for box in boxes) <= drawing.height
    assert drawing.height * px < 1000  # the whole picture fits a window 1000 px wide and tall


def test_the_pictures_balloons_and_legend_wear_each_colours_pattern_from_its_colour_card():
    t = table()
    state = to_stage(t, "play")
    for text in ("inflate BW 1", "launch BW", "inflate GR 3", "launch GR", "inflate PY 2"):  # two up, one on a truck
        t.play(GAME.parse_move(text))
    colours = {colour.rgb: colour.code for colour in state.sky.data.colours}
    kit = REGISTRY["aloft"].kit(KitRequest())
    deck = next(part for part in kit.documents[1].parts if part.name == "colours")
    on_cards = dict(pair for card in deck.cards for pair in patterned_fills(card.front.draw, colours))
    drawn = patterned_fills(REGISTRY["aloft"].picture(state, None).draw, colours)
    halves = ["B", "W", "G", "R", "P", "Y", "B", "G"]  # BW, GR in the sky, PY on its truck, the legend's BG
    assert [code for code, _ in drawn] == halves + list(colours.values())  # then the legend's swatches
    assert drawn == [(code, on_cards[code]) for code in halves + list(colours.values())]


def test_the_picture_shows_pieces_numbers_legend_and_the_stage():
    t = table()
    state = to_stage(t, "play")
    for text in ("inflate RW 3", "launch RW", "inflate lion 2"):
        t.play(GAME.parse_move(text))
    svg = drawing_to_svg(REGISTRY["aloft"].picture(state, None))
    texts = [box[0] for box in text_boxes(svg)]
    assert "to move: bob" in texts
    assert texts.count("R") == 1 and texts.count("W") == 1  # RW in the sky (the legend shows B and G)
    assert "1" in texts  # RW's place in the formation
    for entry in ("truck", "the orange safety truck, always the lead", "B blue", "Y yellow"):
        assert entry in texts
    assert any(text.startswith("lion, wolf, monkey: special shapes") for text in texts)
    assert any(text.startswith("packed: BG BP") for text in texts)
    # the lion rides its truck, drawn as its face (12 mane tufts) beside the legend's; no initial, as a wolf's W
    # would read as white
    assert svg.count('fill="#d98b2b"') == 2 * 12 and "L" not in texts


def legend_words(state: AloftState) -> list[str]:
    """The texts of the legend of ``state``'s picture, in order."""
    root = ET.fromstring(drawing_to_svg(REGISTRY["aloft"].picture(state, None)))
    (legend,) = [g for g in root.iter(f"{SVG}g") if g.get("data-name") == "legend"]
    return ["".join(text.itertext()) for text in legend.iter(f"{SVG}text")]


@pytest.mark.parametrize(
    ("language", "caption", "chips"),
    [
        ("en", "letters on the balloons and launch tokens:", ["B blue", "G green", "R red", "W white", "Y yellow"]),
        (
            "fr",
            "lettres des ballons et des jetons de lancement :",
            ["B bleu", "G vert", "R rouge", "W blanc", "Y jaune"],
        ),
    ],
)
def test_the_legend_keys_the_letters_of_the_colours_in_play_in_the_sessions_language(language, caption, chips):
    """The letters on the balloons' halves, in the packed balloons' names ("BP") and on the launch tokens are the
    notation's (English initials): the legend keys each colour a balloon wears to its letter and its name in the
    session's language ("P violet") under a caption, leaving out a colour no balloon wears (cards without purple)."""
    sky = GAME.new_state(Setup(("ann", "bob"), language=language)).sky
    plain = dataclasses.replace(sky.data, balloons=tuple(b for b in sky.data.balloons if "P" not in b.colours))
    state = AloftState(("ann", "bob"), Sky(plain, sky.board, sky.catalogue, sky.loaded))
    words = legend_words(state)
    assert words[words.index(caption) + 1 :] == chips  # a chip a colour, after the caption, the legend's last row
    assert len(legend_words(AloftState(("ann", "bob"), sky))) == len(words) + 1  # with purple: "P ..." too


def places(state: AloftState) -> list[tuple[str, ...]]:
    """The picture's places, each as what lies whole inside it: the column numbers (below the lane; ``^``: above the
    sky), then the sky's cells (``column:row``, rows from 1 at the bottom) and the lane's spaces (``column:lane``)."""
    drawing = REGISTRY["aloft"].picture(state, None)
    svg = drawing_to_svg(drawing)
    rects = list(ET.fromstring(svg).iter(f"{SVG}rect"))
    sky = [e for e in rects if e.get("stroke") == "#7fa7c4"]  # row by row from the bottom
    lane = [e for e in rects if e.get("stroke-dasharray")]
    columns, lane_top = state.board.columns, float(lane[0].get("y"))

    def corners(e: ET.Element) -> tuple[float, float, float, float]:
        x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
        return x, y, x + w, y + h

    named = [(f"{i % columns + 1}:{i // columns + 1}", corners(e)) for i, e in enumerate(sky)]
    named += [(f"{i + 1}:lane", corners(e)) for i, e in enumerate(lane)]
    assert drawing.focus is not None
    fx, fy, fw, fh = drawing.focus
    numbers = [  # the column numbers: on the focus, right of the row numbers, larger than a formation number
        (text + ("" if top > lane_top else "^"), (left, top, right, bottom))
        for text, size, left, top, right, bottom in text_boxes(svg)
        if text.isdigit() and fy <= top and bottom <= fy + fh and left > 12 and size > SMALL * PT
    ]
    found = []
    for x, y, w, h in drawing.places:
        assert fx <= x and fy <= y and x + w <= fx + fw and y + h <= fy + fh  # on the focus
        found.append(
            tuple(name for name, (a, b, c, d) in numbers + named if x <= a and c <= x + w and y <= b and d <= y + h)
        )
    return found


def test_the_picture_names_where_the_play_is_each_move_with_its_column_numbers():
    """A phone's places: at set-up and at the reveal each truck's space, the lead first; in play, each move's spaces,
    what a player decides about first first (a balloon that may launch, with the cell above its truck; a balloon with
    the cell it may ascend to; a truck a balloon may be inflated on; a truck's from its space to where it goes), each
    with the column numbers it borders, above the sky's top row or below the lane; all on the focus."""
    t = table()
    assert places(t.state) == [("5", "5:lane"), ("4", "4:lane"), ("3", "3:lane"), ("2", "2:lane"), ("1", "1:lane")]
    state = to_stage(t, "play")
    for text in ("inflate RW 3", "launch RW", "inflate lion 2", "ascend RW"):
        t.play(GAME.parse_move(text))
    assert places(state)[:2] == [("2", "2:1", "2:lane"), ("3:2", "3:3")]  # RW up to row 3, in the sky's middle
    for text in ("truck 5", "ascend RW"):
        t.play(GAME.parse_move(text))
    assert places(state) == [
        ("2", "2:1", "2:lane"),  # the lion's launch from the truck at 2
        ("3^", "3:3", "3:4"),  # RW up to the top row, with the numbers above the sky
        ("1", "1:lane"),  # empty trucks to inflate a balloon on
        ("3", "3:lane"),
        ("4", "4:lane"),
        ("6", "6:lane"),
        ("1", "2", "3", "4", "5", "1:lane", "2:lane", "3:lane", "4:lane", "5:lane"),  # over the convoy to 5
        ("2", "3", "4", "5", "2:lane", "3:lane", "4:lane", "5:lane"),
        ("3", "4", "5", "3:lane", "4:lane", "5:lane"),
        ("4", "5", "4:lane", "5:lane"),
    ]
    to_stage(t, "reveal")  # the convoy stopped at the lane's end
    assert places(state) == [("12", "12:lane"), ("11", "11:lane"), ("10", "10:lane"), ("9", "9:lane"), ("8", "8:lane")]
