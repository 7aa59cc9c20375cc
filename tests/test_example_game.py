"""The example game of docs/adding-a-game.md works, and the guide quotes its code exactly."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from example_game import SPEC
from example_game.notation import UpdraftMove
from support.games import registered
from support.pdfium import image_boxes

from pnp.errors import IllegalMove, NotationError, PnpError
from pnp.games.spec import KitRequest
from pnp.printing.parts import Board
from pnp.printing.render import write_drawing
from pnp.referee import keys, notation, session
from pnp.referee.driver import playout, random_chooser
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Commit, Game, Reveal, Secret, Setup, State
from pnp.variants.variant import art_keys

pytestmark = registered  # its rules speak from its catalogue, found as a registered game's
GUIDE = Path(__file__).parents[1] / "docs" / "adding-a-game.md"
SOURCES = "\n".join(p.read_text() for p in (Path(__file__).parent / "example_game").glob("*.py"))


@pytest.mark.parametrize("block", re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL))
def test_every_code_excerpt_in_the_guide_is_in_the_example_game(block):
    assert block in SOURCES


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_the_example_game_plays_to_the_end_with_its_notation_round_tripping(seed, bot):
    game = SPEC.rules()
    choose = SPEC.bots()["greedy"] if bot == "greedy" else random_chooser
    table = playout(game, Setup(("ann", "bob", "cy")), choose(random.Random(seed)), random.Random(seed))
    score = table.state.score()
    assert score.final and score.winners and table.state.to_move() is None
    assert any(row.breakdown["altitude"] == 12 for row in score.players)
    for move in table.history:
        if not isinstance(move, (Commit, Reveal)):
            assert game.parse_move(game.format_move(move)) == move
    assert "game over" in table.state.render_text(None)
    assert all(notation.parse(game, notation.format(game, move)) == move for move in table.history)


def _fly(game: Game, setup: Setup | None = None) -> State:
    """A state of ``game`` (two players unless ``setup`` says) past the lucky faces and the first round's burns (all
    of 1), at the first turn of play."""
    setup = setup or Setup(("ann", "bob"))
    state = game.new_state(setup)
    for slot in ("lucky", "burn"):
        for _ in setup.players:
            state.apply(Commit(slot, "0" * 64))
    for _ in setup.players:
        state.apply(Reveal("burn", "1"))
    return state


def test_a_roll_is_chance_and_drift_a_choice():
    game = SPEC.rules()
    state = _fly(game)
    chances = state.chance()
    assert sorted(notation.format(game, m) for m in chances) == [f"roll {face}" for face in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for p in chances.values())
    assert game.parse_move("drift") in state.legal_moves() and game.parse_move("drift") not in chances


def test_every_seat_seals_its_burn_before_any_is_revealed_under_one_name_every_round():
    game = SPEC.rules()
    assert game.round_secrets == ("burn",)
    state = game.new_state(Setup(("ann", "bob")))
    for _ in state.players:
        state.apply(Commit("lucky", "0" * 64))
    assert {m.slot for m in state.legal_moves() if isinstance(m, Secret)} == {"burn"}
    state.apply(Commit("burn", "0" * 64))
    assert state.to_move() == "bob" and all(isinstance(m, Secret) for m in state.legal_moves())
    state.apply(Commit("burn", "0" * 64))
    assert state.legal_moves() == [Reveal("burn")]
    with pytest.raises(IllegalMove, match="is not a burn of 0 to 2"):
        state.clone().apply(Reveal("burn", "3"))
    state = _fly(game)
    for _ in range(2):
        state.apply(game.parse_move("drift"))
    assert {m.slot for m in state.legal_moves() if isinstance(m, Secret)} == {"burn"}


def test_the_referee_keeps_each_round_of_burns_in_its_own_slot(tmp_path):
    record = tmp_path / "game.pnp"
    current = session.new(record, SPEC.name, ["ann", "bob"], [], 0, None)
    for player in ("ann", "bob"):
        current.play("secret lucky 6", player)
    burns = [i for i in legal_inputs(current, "ann") if i.kind == "secret"]
    assert [i.text for i in burns] == ["secret burn 0", "secret burn 1", "secret burn 2"]
    assert burns[1].label.endswith("(burn for round 1: everyone seals, then all reveal)")
    assert current.play("secret burn 1", "ann").startswith("ann: commit burn1 ")
    assert current.play("secret burn 2", "bob").startswith("bob: commit burn1 ")
    assert current.play("reveal burn", "ann") == f"ann: reveal burn1 1 {keys.read_keys(record, 'ann')['burn1'][1]}"
    current.play("reveal burn", "bob")
    current.play("drift", "ann")
    current.play("drift", "bob")
    assert current.play("secret burn 1", "ann").startswith("ann: commit burn2 ")
    assert current.own_secrets("ann") == {"lucky": "6", "burn1": "1", "burn2": "1"}
    assert current.private_view("ann", current.own_secrets("ann"))["burn for round 2"] == "1 (climb 1)"
    assert current.log_seen_by("bob")[-1] == "entered their burn for round 2 (hidden)"
    assert current.log_seen_by("bob")[4] == "revealed their burn for round 1: burn 1: climb 1"
    current.save()
    assert session.load(record).state.altitude == current.state.altitude == [2, 3]


def test_a_burn_is_not_revealed_before_every_seat_has_sealed_it(tmp_path):
    record = tmp_path / "game.pnp"
    current = session.new(record, SPEC.name, ["ann", "bob", "cy"], [], 0, None)
    for player in ("ann", "bob", "cy"):
        current.play("secret lucky 6", player)
    current.play("secret burn 1", "ann")
    current.save()
    before = record.read_bytes()
    with pytest.raises(
        IllegalMove,
        match=r"^during play: everyone seals, then all reveal: bob, cy must seal burn for round 1 before any is revealed",
    ):
        session.load(record).play("reveal burn", "bob")
    with pytest.raises(IllegalMove, match="bob, cy must seal burn for round 1"):
        session.load(record).play(f"reveal burn1 1 {'0' * 32}", "bob")
    assert record.read_bytes() == before


def test_rules_bound_to_a_custom_column_read_and_label_its_die(tmp_path):
    column = tmp_path / "tall.yaml"
    column.write_text("game: updraft\ntop: 20\ndie: [1, 2, 2, 3, 8]\n")
    setup = Setup(("ann", "bob"), map_path=column)
    rules = SPEC.rules()
    bound = rules.bind(setup)
    assert bound.parse_move("roll 8") == UpdraftMove("roll", 8) and bound.label(UpdraftMove("roll", 8)) == (
        "the d5 shows 8: climb 8"
    )
    with pytest.raises(NotationError, match="not a die face"):
        rules.parse_move("roll 8")  # the unbound rules read the built-in column
    with pytest.raises(NotationError, match="no face 6"):
        bound.parse_move("roll 6")
    chances = {bound.format_move(m): p for m, p in _fly(bound, setup).chance().items()}
    assert chances == pytest.approx({"roll 1": 0.2, "roll 2": 0.4, "roll 3": 0.2, "roll 8": 0.2})


@pytest.mark.parametrize("phase", ["start", "end"])
def test_the_example_game_passes_the_generic_kit_and_picture_checks(tmp_path, phase):
    from test_every_game import build_kit, check_kit, check_picture

    check_kit(build_kit(SPEC, "a4", tmp_path), "a4", "Updraft")
    game = SPEC.rules()
    table = playout(game, Setup(("ann", "bob")), random_chooser(random.Random(1)), random.Random(1))
    state = table.state if phase == "end" else game.new_state(Setup(("ann", "bob")))
    for viewer in (None, "ann"):
        check_picture(SPEC, state, viewer, tmp_path)


def test_the_example_games_art_box_is_declared_in_its_entry_and_takes_a_picture_behind_the_track(tmp_path):
    from PIL import Image

    sky = tmp_path / "sky.png"
    Image.new("RGB", (70, 100), (120, 170, 220)).save(sky)
    assert list(art_keys("updraft")) == ["sky"]  # what pnp variant lists and a variant's art: is checked against

    def images(request: KitRequest) -> int:
        board = next(p for doc in SPEC.kit(request).documents for p in doc.parts if isinstance(p, Board))
        write_drawing(board.drawing, tmp_path / "track.pdf")
        return len(image_boxes(tmp_path / "track.pdf")[0])

    assert images(KitRequest(art={"sky": sky})) == 1
    assert images(KitRequest()) == 0
    with pytest.raises(PnpError, match=r"^art key 'ground': Updraft has no such art box \(known: sky\)$"):
        SPEC.kit(KitRequest(art={"ground": sky}))
