"""Aloft, rule by rule."""

from __future__ import annotations

import random

import pytest

from pnp.errors import IllegalMove, NotationError
from pnp.games.aloft.bots import BOTS
from pnp.games.aloft.notation import AloftMove
from pnp.games.aloft.rules import Aloft
from pnp.games.aloft.state import REVEAL, AloftState, achievement_points, formation_numbers
from pnp.referee.protocol import Commit, Reveal, Secret, Setup

GAME = Aloft()
POINTS = (0, 1, 3, 6, 10, 15)


def started(players: int = 3) -> AloftState:
    """A state past set-up: every player has committed colour cards."""
    state = GAME.new_state(Setup(tuple(f"p{i + 1}" for i in range(players))))
    for _ in range(players):
        state.apply(Commit("colours", "0" * 64))
    return state


def play(state: AloftState, text: str) -> None:
    state.apply(GAME.parse_move(text))


def test_setup_asks_each_player_for_two_colour_cards_with_three_players():
    state = GAME.new_state(Setup(("a", "b", "c")))
    entries = state.legal_moves()
    assert all(isinstance(m, Secret) and len(m.value.split(",")) == 2 for m in entries)
    assert len(entries) == 15  # every pair of the six colours


def test_setup_asks_for_one_colour_card_with_four_or_more_players():
    state = GAME.new_state(Setup(("a", "b", "c", "d")))
    assert sorted(m.value for m in state.legal_moves()) == ["B", "G", "P", "R", "W", "Y"]


def test_no_action_before_every_colour_card_is_entered():
    state = GAME.new_state(Setup(("a", "b")))
    with pytest.raises(
        IllegalMove, match="^during set-up: a, enter your colour cards with 'pnp ref secret --player a'"
    ):
        play(state, "truck 5")


def test_convoy_starts_under_the_five_leftmost_columns_with_the_safety_truck_leading():
    state = started()
    assert state.trucks == [0, 1, 2, 3, 4]


def test_only_the_safety_truck_can_move_first():
    # any other truck would have to pass the safety truck
    state = started()
    assert [m for m in state.legal_moves() if m.action == "truck"] == [AloftMove("truck", column=4)]


def test_moving_the_safety_truck_earns_a_safety_token():
    state = started()
    play(state, "truck 5")
    assert state.trucks[-1] == 5
    assert state.tokens["p1"]["safety"] == 1


def test_a_truck_moves_to_the_next_unoccupied_space_on_its_right():
    state = started()
    play(state, "truck 5")  # convoy 0-3, gap at 4, safety at 5
    play(state, "truck 1")  # leaps over trucks at 1, 2, 3 into the gap
    assert sorted(state.trucks) == [1, 2, 3, 4, 5]
    assert state.tokens["p2"]["safety"] == 0


def test_convoy_never_has_more_than_one_empty_space():
    state = started()
    play(state, "truck 5")
    with pytest.raises(IllegalMove, match="more than one empty space"):
        play(state, "truck 6")


def test_safety_truck_must_stay_the_lead():
    state = started()
    with pytest.raises(IllegalMove, match="lead"):
        play(state, "truck 4")


def test_a_balloon_rides_along_on_its_truck():
    state = started()
    play(state, "inflate RW 5")
    play(state, "truck 5")
    assert state.trucks[state.load.index(state.index["RW"])] == 5


def test_inflate_needs_an_unoccupied_truck():
    state = started()
    play(state, "inflate RW 2")
    with pytest.raises(IllegalMove, match="no unoccupied truck"):
        play(state, "inflate GY 2")
    with pytest.raises(IllegalMove, match="no unoccupied truck"):
        play(state, "inflate GY 9")


def test_launch_goes_to_the_bottom_row_above_the_truck_and_earns_a_token_per_colour():
    state = started()
    play(state, "inflate RW 2")
    play(state, "launch RW")
    assert state.grid[1] == state.index["RW"]
    assert state.tokens["p2"]["R"] == 1 and state.tokens["p2"]["W"] == 1
    assert state.load == [-1] * 5


def test_special_shape_earns_a_multicoloured_token():
    state = started()
    play(state, "inflate lion 1")
    play(state, "launch lion")
    assert state.tokens["p2"]["multi"] == 1


def test_flying_balloons_are_never_orthogonally_adjacent():
    state = started()
    for text in ("inflate RW 1", "launch RW", "inflate GY 2"):
        play(state, text)
    with pytest.raises(IllegalMove, match="touch"):
        play(state, "launch GY")
    assert "launch GY" not in {GAME.format_move(m) for m in state.legal_moves()}


def test_ascend_moves_up_one_row_and_never_off_the_top():
    state = started()
    play(state, "inflate RW 1")
    play(state, "launch RW")
    for row in range(1, state.board.rows):
        play(state, "ascend RW")
        assert state.where[state.index["RW"]] == row * state.board.columns
    with pytest.raises(IllegalMove, match="top row"):
        play(state, "ascend RW")


def test_ascend_is_blocked_beside_another_balloon():
    state = started()
    for text in ("inflate RW 1", "launch RW", "ascend RW", "inflate GY 3", "launch GY"):
        play(state, text)
    # GY at row 0 col 2; RW at row 1 col 0. GY climbing to row 1 col 2 is fine (col 1 between them).
    play(state, "ascend GY")
    for text in ("inflate BP 2", "launch BP"):
        play(state, text)
    with pytest.raises(IllegalMove, match="touch"):
        play(state, "ascend BP")


def test_game_ends_when_no_truck_can_move_and_then_asks_for_reveals():
    state = started(2)
    while not [m for m in state.legal_moves() if isinstance(m, Reveal)]:
        trucks = [m for m in state.legal_moves() if isinstance(m, AloftMove) and m.action == "truck"]
        state.apply(trucks[0])
    assert max(state.trucks) == state.board.columns - 1
    assert sorted(state.trucks) == list(range(state.board.columns - 5, state.board.columns))
    assert state.to_move() == "p1"
    state.apply(Reveal("colours", "B,G", "x"))
    state.apply(Reveal("colours", "R,W", "x"))
    assert state.is_over() and state.to_move() is None


def test_reveal_checks_the_number_and_names_of_colours():
    state = started(4)
    state.phase = REVEAL  # as if the game had ended
    with pytest.raises(IllegalMove, match="1 colour card"):
        state.apply(Reveal("colours", "B,G", "x"))
    with pytest.raises(IllegalMove, match="unknown colour"):
        state.apply(Reveal("colours", "Q", "x"))


@pytest.mark.parametrize(
    ("players", "language", "clash"),
    [
        (2, None, "the blue colour card was entered by p1 and p2, but there is only one; both score it as entered"),
        (
            3,
            None,
            "the blue colour card was entered by p1, p2 and p3, but there is only one; each scores it as entered",
        ),
        (
            3,
            "fr",
            (
                "la carte couleur « bleu » a été saisie par p1, p2 et p3, mais elle n'existe qu'en un exemplaire ; "
                "chacun la compte comme saisie"
            ),
        ),
        (
            2,
            "fr",
            (
                "la carte couleur « bleu » a été saisie par p1 et p2, mais elle n'existe qu'en un exemplaire ; "
                "tous deux la comptent comme saisie"
            ),
        ),
    ],
)
def test_clashing_colours_are_reported_not_silently_accepted(players, language, clash):
    """In words ('colour B … one B card' once), the players listed as a list is ('p1 and p2 and p3' once), none of
    them 'both' when three entered it."""
    setup = Setup(tuple(f"p{i + 1}" for i in range(players)), language=language)
    state = GAME.new_state(setup)
    for _ in range(players):
        state.apply(Commit("colours", "0" * 64))
    state.phase = REVEAL
    for seat in range(players):
        state.apply(Reveal("colours", f"B,{'GRY'[seat]}", "x"))
    assert clash in state.score().notes


@pytest.mark.parametrize(
    ("tokens", "own", "expected"),
    [
        (
            {"B": 3, "G": 1, "safety": 2},
            (),
            {"launch B (3 tokens)": 6, "launch G (1 token)": 1, "safety (2 tokens)": 3},
        ),
        # own colours are discarded first
        ({"B": 3, "R": 2}, ("R",), {"launch B (3 tokens)": 6, "launch R (2 discarded: own colour)": 0}),
        ({"B": 7}, (), {"launch B (7 tokens)": 15}),  # 5 or more score 15
        # a multicoloured token joins the set that gains most, and the breakdown says so
        ({"B": 3, "G": 1, "multi": 1}, (), {"launch B (3 tokens + 1 multicoloured)": 10, "launch G (1 token)": 1}),
        # a fresh set, since R was discarded first: two in one set (3) beat one in each of two (2)
        ({"R": 4, "multi": 2}, ("R",), {"launch B (2 multicoloured)": 3, "launch R (4 discarded: own colour)": 0}),
        # ... or the player's own colour, when that set is the best place
        (
            {"B": 1, "G": 1, "multi": 1},
            ("B",),
            {"launch B (1 discarded: own colour)": 0, "launch G (1 token + 1 multicoloured)": 3},
        ),
    ],
)
def test_achievement_sets(tokens, own, expected):
    full = dict.fromkeys(["B", "G", "P", "R", "W", "Y"], 0) | {"multi": 0, "safety": 0} | tokens
    assert achievement_points(full, own, POINTS) == expected


def test_the_breakdown_names_the_colours_in_words():
    full = dict.fromkeys(["B", "G", "P", "R", "W", "Y"], 0) | {"multi": 1, "safety": 0, "R": 2}
    assert achievement_points(full, ("W",), POINTS, {"R": "red"}) == {"launch red (2 tokens + 1 multicoloured)": 6}


def test_formation_numbers_run_bottom_row_first_left_to_right():
    # 3 columns x 2 rows; balloons 7 (row 0, col 2), 4 (row 1, col 0), 9 (row 0, col 0)
    grid = [9, -1, 7, 4, -1, -1]
    assert formation_numbers(grid) == {9: 1, 7: 2, 4: 3}


def test_formation_scores_balloons_showing_your_colours_and_ties_are_reported():
    state = started(2)
    for text in ("inflate RW 1", "launch RW"):
        play(state, text)
    state.phase = REVEAL
    state.apply(Reveal("colours", "R,B", "x"))
    state.apply(Reveal("colours", "W,G", "x"))
    score = state.score()
    rows = {r.name: r for r in score.players}
    assert rows["p1"].breakdown["formation (red/white 1)"] == 1 and rows["p2"].breakdown["formation (red/white 1)"] == 1
    # p2 launched RW: its R and W tokens; W is p2's own colour, so p2 keeps R and drops W
    assert rows["p2"].breakdown["launch red (1 token)"] == 1
    assert rows["p2"].breakdown["launch white (1 discarded: own colour)"] == 0
    assert score.final and score.winners == ("p2",)


def test_equal_totals_share_the_win():
    """A decision (the rulebook names only the highest total): every player on the highest total wins."""
    state = started(2)
    state.phase = REVEAL
    state.apply(Reveal("colours", "R,B", "x"))
    state.apply(Reveal("colours", "W,G", "x"))
    score = state.score()
    assert [r.score for r in score.players] == [0, 0] and score.final and score.winners == ("p1", "p2")


def test_formation_is_listed_per_balloon_as_the_rulebook_counts_it():
    # the rulebook's example: red scores 12 for RW, 8 for PR, 6 for GR and 2 for RY (28 in all)
    state = started(2)
    state.grid = [-1] * len(state.grid)
    spots = {"RY": 2, "GR": 6, "PR": 8, "RW": 12}  # scoring number wanted -> put balloons in that order
    fillers = [name for name in state.names if "R" not in name and name not in ("lion", "wolf", "monkey")]
    order = []
    for number in range(1, 13):
        order.append(
            next(name for name, n in spots.items() if n == number) if number in spots.values() else fillers.pop()
        )
    for i, name in enumerate(order):
        cell = 2 * i if 2 * i < state.board.columns else state.board.columns * 2 + 2 * i - state.board.columns
        state.grid[cell] = state.index[name]
    state.phase = REVEAL
    state.apply(Reveal("colours", "R,P", "x"))
    state.apply(Reveal("colours", "B,G", "x"))
    [(key, points)] = [(k, v) for k, v in state.score().players[0].breakdown.items() if k.startswith("formation")]
    balloons = [part.rsplit(" ", 1) for part in key.removeprefix("formation (").removesuffix(")").split(" + ")]
    red = [(name, int(number)) for name, number in balloons if "red" in name.split("/")]
    assert red == [("red/yellow", 2), ("green/red", 6), ("purple/red", 8), ("red/white", 12)]
    assert sum(n for _, n in red) == 28
    numbers = [int(number) for _, number in balloons]
    assert numbers == sorted(numbers) and points == sum(numbers)  # in the order the tokens are laid


@pytest.mark.parametrize("text", ["", "truck", "truck x", "truck 0", "inflate RW", "fly RW", "launch"])
def test_bad_notation_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


@pytest.mark.parametrize("text", ["truck 5", "inflate RW 3", "launch lion", "ascend GY"])
def test_notation_round_trips(text):
    assert GAME.format_move(GAME.parse_move(text)) == text


def test_a_foreign_move_has_no_aloft_notation():
    with pytest.raises(NotationError):
        GAME.format_move(("truck", 5))


def test_the_greedy_bot_takes_the_move_that_raises_its_own_score_most():
    state = started()
    play(state, "inflate RW 2")
    play(state, "truck 5")
    # p3 holds B and P: launching RW earns an R and a W token (2 points); nothing else earns more than 1
    choose = BOTS["greedy"](random.Random(0))
    assert choose(state, state.legal_moves(), {"colours": "B,P"}) == AloftMove("launch", "RW")


def test_an_edited_map_is_read_afresh(tmp_path):
    board = tmp_path / "sky.yaml"
    board.write_text("game: aloft\ncolumns: 8\nrows: 3\n")
    assert len(GAME.new_state(Setup(("a", "b"), map_path=board)).grid) == 24
    board.write_text("game: aloft\ncolumns: 9\nrows: 3\n")
    assert len(GAME.new_state(Setup(("a", "b"), map_path=board)).grid) == 27


def test_the_bots_total_equals_the_breakdown_at_every_step():
    rng = random.Random(7)
    state = started(3)
    while state.stage() == "play":
        for player in state.players:
            for colours in (("B", "R"), ("G", "Y"), ()):
                assert state.total(player, colours) == sum(state.points(player, colours).values())
        state.apply(rng.choice(state.legal_moves()))
