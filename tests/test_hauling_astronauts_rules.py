"""Hauling Astronauts, rule by rule."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pnp.errors import IllegalMove, PnpError
from pnp.games.hauling_astronauts.model import builtin
from pnp.games.hauling_astronauts.notation import GOLD, RED, Depart, Pass, Roll
from pnp.games.hauling_astronauts.rules import HaulingAstronauts
from pnp.games.hauling_astronauts.scoring import Departure, highest_score, points
from pnp.games.hauling_astronauts.state import ACTION, DEPART, OVER, REVEAL, HaulingState
from pnp.referee.protocol import STAGE_WORDS, Commit, Reveal, Secret, Setup

GAME = HaulingAstronauts()

# Nine dice that fill the grid; player 1 places the ninth (c3).
#   rows (player 1, transports A 9-12, B 3-8, C 13-14):   1: 1 2 3 = 6    2: 4 5 6 = 15   3: 2 3 4 = 9
#   columns (player 2, transports U 9-12, V 13-18, W 7-8): a: 7          b: 10           c: 13
FILL = (
    "roll 1 2 3", "place 1 a1", "place 2 b1", "place 3 c1",
    "roll 4 5 6", "place 4 a2", "place 5 b2", "place 6 c2",
    "roll 2 3 4", "place 2 a3", "place 3 b3", "place 4 c3",
)  # fmt: skip


def new(**options: bool) -> HaulingState:
    return GAME.new_state(Setup(("ann", "bob"), options))


def play(state: HaulingState, *texts: str) -> HaulingState:
    for text in texts:
        state.apply(GAME.parse_move(text))
    return state


def started(**options: bool) -> HaulingState:
    """Past set-up: ann docks A B C at rows 1 2 3, bob U V W at columns a b c."""
    return play(new(**options), "choose A B C", "choose U V W")


def full_grid() -> HaulingState:
    """All nine spaces just filled by ann, who may now depart."""
    return play(started(), *FILL)


def rejected(state: HaulingState, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        play(state, text)
    assert caught.value.rule == rule
    return caught.value


def dice_count(state: HaulingState) -> int:
    return state.available + len(state.booked) + sum(1 for d in state.grid if d)


# -- set-up ----------------------------------------------------------------
def test_each_player_docks_three_different_transports_of_their_own_fleet():
    state = new()
    assert len(state.legal_moves()) == 6 * 5 * 4
    rejected(state, "choose A A B", "set-up")
    rejected(state, "choose U V W", "set-up")
    play(state, "choose C A F")
    assert state.to_move() == "bob"
    assert [state.docked_transport(0, k).id for k in range(3)] == ["C", "A", "F"]


def test_the_options_are_true_or_false():
    assert not new().bonus_dice and new(bonus_dice=True, hidden_transports=True).hidden
    with pytest.raises(PnpError, match="true or false"):
        GAME.new_state(Setup(("a", "b"), {"bonus_dice": "maybe"}))


def test_hidden_transports_are_committed_one_slot_at_a_time():
    state = new(hidden_transports=True)
    assert state.legal_moves() == [Secret("t1", i) for i in "ABCDEF"]
    rejected(state, "choose A B C", "hidden transports")
    with pytest.raises(IllegalMove, match="t1 is next"):
        state.apply(Commit("t2", "0" * 64))
    for slot in ("t1", "t2", "t3"):
        state.apply(Commit(slot, "0" * 64))
    assert state.to_move() == "bob" and state.legal_moves()[0] == Secret("t1", "U")
    for slot in ("t1", "t2", "t3"):
        state.apply(Commit(slot, "0" * 64))
    assert state.phase == ACTION and state.to_move() == "ann"
    assert state.docked_transport(0, 0) is None  # face down: the state never knows it


# -- the opening roll --------------------------------------------------------
def test_player_1_opens_the_game_with_a_roll_before_any_action():
    for state in (started(), play(new(hidden_transports=True))):
        if state.hidden:
            for _ in range(6):
                state.apply(Commit(f"t{state.committed[state.seat] + 1}", "0" * 64))
        assert state.to_move() == "ann" and all(isinstance(m, Roll) for m in state.legal_moves())
        error = rejected(state, "swap 1 2", "opening roll")
        assert "ann, roll" in str(error)
        rejected(state, "pass", "opening roll")
        play(state, "roll 1 2 3")
        assert state.to_move() == "ann" and GAME.parse_move("swap 1 2") in state.legal_moves()
        play(state, "swap 1 2")  # after the opening roll, any action
        assert state.to_move() == "bob"


# -- stages ----------------------------------------------------------------
def hidden_last_departure() -> HaulingState:
    """Hidden transports; ann has departed all three, bob departs his last and must reveal it."""
    state = play(hidden_full_grid(), "depart 1 d2")
    state.apply(Reveal("t1", "B", "0" * 32))
    play(state, "swap a b", "swap 2 3", "depart 2 d5")
    state.apply(Reveal("t3", "C", "0" * 32))
    play(state, "swap b c", "roll 1 1 1", "pass", "depart 3 d3")
    state.apply(Reveal("t2", "A", "0" * 32))
    play(state, "roll 6 6 6", "place 6 a1", "place 6 a2", "place 6 a3", "depart a d6")
    state.apply(Reveal("t2", "V", "0" * 32))  # column a held slot t2 since the swap
    play(state, "place 1 b1", "place 1 b2", "place 1 b3", "depart b d1")
    state.apply(Reveal("t3", "W", "0" * 32))  # then column b, after the second swap
    return play(state, "roll 4 4 4", "place 4 c1", "place 4 c2", "place 4 c3", "depart c d4")


def test_each_part_of_the_game_is_its_stage():
    assert new().stage() == "set-up" and started().stage() == "play"
    state = play(hidden_full_grid(), "depart 1 d2")
    assert (state.phase, state.stage()) == (REVEAL, "play")  # a reveal during the game is part of play
    state = hidden_last_departure()
    assert (state.phase, state.stage(), state.to_move()) == (REVEAL, "reveal", "bob")
    state.apply(Reveal("t1", "U", "0" * 32))
    assert state.stage() == "over" and state.is_over()


@pytest.mark.parametrize(
    ("state", "text", "stage", "next_step"),
    [
        (new, "roll 1 2 3", "set-up", "ann, choose your transports for strips 1 2 3 (e.g. 'choose A B C')"),
        (lambda: new(hidden_transports=True), "depart 1 d2", "set-up", "ann, enter your transport t1 with"),
        (started, "choose A B C", "play", "ann, open the game by rolling 3 dice"),
        (full_grid, "choose A B C", "play", "ann, depart from a full strip (e.g. 'depart 2 d4') or 'end'"),
        (hidden_last_departure, "roll 1 2 3", "reveal", "bob, reveal the departing transport t1 with 'pnp ref"),
        (hidden_last_departure, "end", "reveal", "bob, reveal the departing transport t1"),
    ],
)
def test_a_move_of_another_stage_is_refused_naming_the_stage_and_the_next_step(state, text, stage, next_step):
    error = rejected(state(), text, stage)
    assert str(error).startswith(f"{STAGE_WORDS[stage]}: {next_step}")


def test_a_secret_or_a_reveal_out_of_its_stage_names_the_stage_in_force():
    state = started()
    with pytest.raises(IllegalMove, match="^during play: ") as caught:
        state.apply(Secret("t1", "A"))
    assert caught.value.rule == "play"
    with pytest.raises(IllegalMove, match="^during play: cannot reveal now") as caught:
        state.apply(Reveal("t1", "A", "0" * 32))
    assert caught.value.rule == "turn order"
    state = hidden_last_departure()
    with pytest.raises(IllegalMove, match="^the game has ended and secrets are being revealed: .* t1"):
        state.apply(Reveal("t2", "A", "0" * 32))
    with pytest.raises(IllegalMove, match="^the game has ended .* fills in its value"):
        state.apply(Reveal("t1"))  # offered without its value: the referee fills it in
    with pytest.raises(IllegalMove, match="through the referee"):
        new(hidden_transports=True).apply(Secret("t1", "A"))  # never reaches a state unconverted


def test_a_reveal_may_name_the_transport_as_printed():
    state = play(hidden_full_grid(), "depart 1 d2")
    state.apply(Reveal("t1", "drifter", "0" * 32))
    assert state.transport(state.departures[0]).id == "B" and state.score().players[0].score == 5


# -- rolling ---------------------------------------------------------------
def test_a_roll_moves_three_dice_from_available_to_booked_once_per_turn():
    state = play(started(), "roll 6 1 3")
    assert state.booked == [1, 3, 6] and state.available == 6
    assert not any(isinstance(m, Roll) for m in state.legal_moves())
    rejected(state, "roll 2 2 2", "one roll per turn")


def test_rolling_needs_three_available_dice():
    state = play(started(), "roll 1 1 1", "place 1 a1", "roll 2 2 2", "place 1 b1", "roll 3 3 3", "place 1 c1")
    assert state.available == 0 and state.to_move() == "bob"
    assert not any(isinstance(m, Roll) for m in state.legal_moves())
    rejected(state, "roll 4 4 4", "rolling needs 3 Available dice")


def test_bonus_marks_need_the_option_and_the_die_in_available():
    rejected(started(), "roll 1 2g 3", "bonus dice")
    state = play(started(bonus_dice=True), "roll 1 2g 3r", "place 2g a1")
    assert state.specials_free == 0
    rejected(state, "roll 4 5g 6", "bonus dice")  # the gold die is on the grid


def test_when_fewer_than_three_plain_dice_remain_the_roll_includes_the_bonus_dice():
    state = play(started(bonus_dice=True), "roll 1 1 1", "place 1 a1", "roll 2 2 2", "place 1 b1")
    # Available: one plain die, the gold and the red one
    rolls = [m for m in state.legal_moves() if isinstance(m, Roll)]
    assert rolls and all(sorted(d & 24 for d in m.dice) == [0, 8, 16] for m in rolls)
    rejected(state, "roll 1 2 3g", "roll")


# -- the odds of a roll ------------------------------------------------------
def counted_odds(state: HaulingState) -> dict[Roll, Fraction]:
    """Every roll's probability, counted: each set of three dice in Available alike, then each face alike."""
    pool = [k for k in (GOLD, RED) if state.specials_free & k]
    pool += [0] * (state.available - len(pool))
    trios = list(itertools.combinations(pool, 3))
    counted: dict[Roll, Fraction] = {}
    for trio in trios:
        for faces in itertools.product(range(1, 7), repeat=3):
            roll = Roll(tuple(sorted(f | k for f, k in zip(faces, trio))))
            counted[roll] = counted.get(roll, Fraction(0)) + Fraction(1, len(trios) * 216)
    return counted


def odds(state: HaulingState, *texts: str) -> list[float]:
    return [state.chance()[GAME.parse_move(text)] for text in texts]


def test_a_roll_of_plain_dice_counts_the_orders_its_faces_can_come_in():
    state = started()
    assert odds(state, "roll 1 1 1", "roll 1 1 2", "roll 1 2 3") == pytest.approx([1 / 216, 3 / 216, 6 / 216])
    assert len(state.chance()) == 56 and sum(state.chance().values()) == pytest.approx(1)
    assert state.chance() == pytest.approx(counted_odds(state))


def test_the_bonus_dice_are_rolled_when_they_are_among_three_dice_taken_at_random():
    state = started(bonus_dice=True)  # 7 plain dice, the gold and the red one: 84 ways to take three
    assert odds(state, "roll 1 2 3", "roll 1 2 3g", "roll 1 2g 3r", "roll 2 2 5r") == pytest.approx(
        [35 / 84 * 6 / 216, 21 / 84 * 2 / 216, 7 / 84 / 216, 21 / 84 / 216]
    )
    assert len(state.chance()) == 56 + 2 * 21 * 6 + 6 * 6 * 6
    assert state.chance() == pytest.approx(counted_odds(state))


def test_the_odds_follow_the_dice_left_in_available():
    state = play(started(bonus_dice=True), "roll 1 2 3g", "place 3g a1")  # bob: 5 plain dice and the red one
    assert odds(state, "roll 4 5 6", "roll 4 5 6r") == pytest.approx([10 / 20 * 6 / 216, 10 / 20 * 2 / 216])
    assert GAME.parse_move("roll 4 5g 6") not in state.chance()
    assert state.chance() == pytest.approx(counted_odds(state))
    state = play(started(bonus_dice=True), "roll 1 1 1", "place 1 a1", "roll 2 2 2", "place 1 b1")
    assert len(state.chance()) == 216 and list(state.chance().values()) == pytest.approx([1 / 216] * 216)
    assert state.chance() == pytest.approx(counted_odds(state))  # one plain die, the gold and the red


def test_no_chance_once_rolled_nor_without_three_dice_in_available_nor_outside_the_action():
    assert play(started(), "roll 1 2 3").chance() == {}
    state = play(started(), "roll 1 1 1", "place 1 a1", "roll 2 2 2", "place 1 b1", "roll 3 3 3", "place 1 c1")
    assert state.available == 0 and state.chance() == {}
    assert new().chance() == {} and full_grid().chance() == {}


# -- actions ---------------------------------------------------------------
def test_place_takes_a_booked_die_to_an_empty_space():
    state = play(started(), "roll 1 2 3")
    rejected(state, "place 4 a1", "place a die from Booked")
    play(state, "place 2 b2")
    assert state.grid[4] == 2 and state.booked == [1, 3] and state.to_move() == "bob"
    rejected(state, "place 1 b2", "one die per space")


def test_a_die_moves_one_space_orthogonally_and_only_once():
    state = play(started(), "roll 1 2 3", "place 1 a1")
    rejected(state, "move a1 b2", "move one space orthogonally")
    rejected(state, "move a1 c1", "move one space orthogonally")
    play(state, "move a1 b1")
    assert state.grid[0] == 0 and state.grid[1] & 7 == 1
    play(state, "place 2 a1")
    rejected(state, "move b1 c1", "a die moves only once")
    rejected(state, "move a1 b1", "one die per space")


def test_swap_exchanges_two_of_your_own_transports():
    state = play(started(), "roll 1 2 3")
    rejected(state, "swap a b", "own strips")
    play(state, "swap 1 3")
    assert [state.docked_transport(0, k).id for k in range(3)] == ["C", "B", "A"]


def test_no_second_swap_until_a_die_has_moved():
    state = play(started(), "roll 1 2 3", "swap 1 2", "swap a b")
    rejected(state, "swap 1 2", "no swap twice without progress")
    play(state, "roll 4 5 6", "swap 1 2")  # the roll moved dice


def test_pass_only_when_no_roll_and_no_action_is_possible():
    state = play(started(), "roll 1 2 3")
    rejected(state, "pass", "pass only when stuck")
    assert Pass() not in state.legal_moves()


# -- departures ------------------------------------------------------------
def test_no_departure_before_all_nine_spaces_have_been_full():
    state = play(started(), *FILL[:-1])  # eight dice: rows 1 and 2 and columns a and b are full
    assert state.phase == ACTION and state.to_move() == "ann"
    assert not any(isinstance(m, Depart) for m in state.legal_moves())
    play(state, "place 4 c3")
    assert state.phase == DEPART
    assert {m.strip for m in state.legal_moves() if isinstance(m, Depart)} == {"1", "2", "3"}


def test_departure_is_optional():
    state = play(full_grid(), "end")
    assert state.to_move() == "bob" and state.phase == ACTION and all(state.grid)


def test_one_departure_ends_the_turn_and_its_dice_return_to_available():
    state = play(full_grid(), "depart 2 d5")  # load 15 fits d5 (13-15)
    assert state.to_move() == "bob" and state.phase == ACTION
    assert state.grid[3:6] == [0, 0, 0] and state.available == 3 and dice_count(state) == 9
    assert state.closed[0] == 0b010


def test_departures_stay_allowed_after_the_grid_has_once_been_full():
    state = play(full_grid(), "depart 2 d5", "roll 5 5 5", "place 5 a2")  # bob refills column a
    assert state.phase == DEPART and not all(state.grid)
    assert {m.strip for m in state.legal_moves() if isinstance(m, Depart)} == {"a"}


def test_a_departed_strip_is_closed_to_its_owner():
    state = play(full_grid(), "depart 2 d5", "roll 5 5 5", "place 5 a2", "end")
    rejected(state, "place 5 b2", "closed strips")
    rejected(state, "move b1 b2", "closed strips")  # into row 2
    assert [GAME.format_move(m) for m in state.legal_moves()] == ["swap 1 3"]


def test_a_die_cannot_be_moved_out_of_your_closed_strip_either():
    state = play(full_grid(), "depart 2 d5", "roll 5 5 5", "place 5 b2", "end")  # bob's die in ann's row 2
    error = rejected(state, "move b2 a2", "closed strips")
    assert "move from b2" in error.reason


def test_the_other_player_may_still_use_a_closed_strips_spaces():
    state = play(full_grid(), "depart 2 d5", "roll 5 5 5")
    assert {GAME.format_move(m) for m in state.legal_moves()} >= {"place 5 a2", "place 5 b2", "place 5 c2"}


def test_only_your_own_full_strips_depart():
    rejected(full_grid(), "depart a d2", "own strips")
    state = play(full_grid(), "depart 1 d2", "roll 1 1 1", "place 1 a1")  # bob refills a1 only
    play(state, "end")
    assert state.to_move() == "ann"
    state.phase = DEPART  # let ann try to depart bob's incomplete strip or her departed row
    rejected(state, "depart b d3", "own strips")
    rejected(state, "depart 1 d3", "closed strips")


def test_a_load_must_go_to_a_free_dock_that_pays_a_bonus_if_there_is_one():
    state = full_grid()  # row 2 carries 15: of the docks only d5 (13-15) pays
    assert {m.dock for m in state.legal_moves() if isinstance(m, Depart) and m.strip == "2"} == {4}
    error = rejected(state, "depart 2 d1", "dock if possible")
    assert "d5" in error.reason
    play(state, "depart 2 d5")
    assert state.dest[4] == 0


def test_when_no_free_dock_pays_any_free_dock_will_do():
    state = full_grid()
    for dock in (1, 3, 4):
        state.dest[dock] = 99  # as if d2, d4 and d5 were taken: no free dock pays for 6
    assert {m.dock for m in state.legal_moves() if isinstance(m, Depart) and m.strip == "1"} == {0, 2, 5}
    rejected(state, "depart 1 d2", "one transport per dock")


def test_scores_add_the_profit_when_the_load_fits_and_the_bonus_when_the_dock_pays():
    state = play(full_grid(), "depart 3 d3")  # row 3: C (13-14) carries 9: no profit; d3 (9-12) pays 1
    assert state.score().players[0].breakdown == {"profit": 0, "bonus": 1, "gold die": 0, "red die": 0}
    state = play(full_grid(), "end", "swap a b", "end", "swap 1 2")
    play(state, "depart 1 d2")  # row 1 now holds B (3-8): 6 fits and pays 3; d2 (6-8) pays 2
    ann = state.score().players[0]
    assert (ann.score, ann.breakdown["profit"], ann.breakdown["bonus"]) == (5, 3, 2)


# -- bonus dice ------------------------------------------------------------
def bonus_row_one(first_roll: str = "roll 1g 2 3r") -> HaulingState:
    """A full grid whose row 1 holds the three dice of ``first_roll``, bonus dice in play."""
    dice = first_roll.split()[1:]
    fill = (first_roll, f"place {dice[0]} a1", f"place {dice[1]} b1", f"place {dice[2]} c1", *FILL[4:])
    return play(started(bonus_dice=True), *fill)


def test_a_departure_with_a_bonus_die_aboard_says_which_part_it_changes():
    state = bonus_row_one()
    row_one = [m for m in state.legal_moves() if isinstance(m, Depart) and m.strip == "1"]
    assert {(m.gold, m.red) for m in row_one} == {(g, r) for g in ("profit", "bonus") for r in ("profit", "bonus")}
    rejected(state, "depart 1 d2", "bonus dice")
    rejected(state, "depart 2 d5 gold bonus", "bonus dice")  # row 2 carries no bonus die


def test_gold_doubles_the_chosen_part():
    state = play(bonus_row_one(), "depart 1 d2 gold bonus red profit")  # A misses 6; d2 pays 2, doubled
    assert state.score().players[0].breakdown == {"profit": 0, "bonus": 2, "gold die": 2, "red die": 0}
    assert state.specials_free == GOLD | RED  # the bonus dice are back in Available


def test_gold_and_red_on_the_same_part_cancel_out():
    state = play(bonus_row_one(), "depart 1 d2 gold bonus red bonus")
    ann = state.score().players[0]
    assert ann.breakdown == {"profit": 0, "bonus": 2, "gold die": 2, "red die": -2} and ann.score == 2


def test_red_halves_the_chosen_part_rounding_down():
    # row 1 carries 11: A pays 2 and d3 (9-12) pays 1
    state = play(bonus_row_one("roll 4g 4r 3"), "depart 1 d3 gold profit red bonus")
    assert state.score().players[0].breakdown == {"profit": 2, "bonus": 1, "gold die": 2, "red die": -1}
    state = play(bonus_row_one("roll 4g 4r 3"), "depart 1 d3 gold bonus red profit")
    assert state.score().players[0].breakdown == {"profit": 2, "bonus": 1, "gold die": 1, "red die": -1}


# -- hidden transports -----------------------------------------------------
def hidden_full_grid() -> HaulingState:
    state = new(hidden_transports=True)
    for _ in range(6):
        state.apply(Commit(f"t{state.committed[state.seat] + 1}", "0" * 64))
    return play(state, *FILL)


def test_a_hidden_transport_is_revealed_when_it_departs_and_only_then_scores():
    state = play(hidden_full_grid(), "depart 1 d2")
    assert state.phase == REVEAL and state.to_move() == "ann"
    assert state.legal_moves() == [Reveal("t1")]
    assert state.score().players[0].score == 0
    with pytest.raises(IllegalMove, match="t1"):
        state.apply(Reveal("t2", "B", "0" * 32))
    state.apply(Reveal("t1", "B", "0" * 32))  # B takes 3-8: 6 pays 3; d2 pays 2
    assert state.score().players[0].score == 5 and state.to_move() == "bob"


def test_a_swapped_hidden_transport_reveals_the_slot_now_at_that_strip():
    state = play(hidden_full_grid(), "end", "swap a b", "end", "swap 1 3", "depart 1 d2")
    assert state.legal_moves() == [Reveal("t3")]


def test_a_reveal_that_repeats_a_transport_is_void_and_noted():
    state = play(hidden_full_grid(), "depart 1 d2")
    state.apply(Reveal("t1", "B", "0" * 32))
    play(state, "swap a b", "swap 2 3", "depart 2 d5")  # row 2 now holds slot t3
    state.apply(Reveal("t3", "B", "0" * 32))  # B again
    score = state.score()
    assert score.players[0].score == 5 + 0  # the second B is void: no profit and no bonus
    assert any("void" in note and "ann" in note for note in score.notes)


# -- the end ---------------------------------------------------------------
ANN_DEPARTS_ALL = (
    "depart 1 d2",
    "swap a b",
    "swap 2 3",
    "depart 2 d5",
    "swap b c",
    "roll 1 1 1",
    "pass",
    "depart 3 d3",
)


def test_when_one_player_has_departed_all_three_the_other_plays_on_alone():
    state = play(full_grid(), *ANN_DEPARTS_ALL)
    assert state.finished(0) and not state.is_over()
    for move in ("roll 6 6 6", "place 6 a1", "place 6 a2"):
        assert state.to_move() == "bob"
        play(state, move)
    assert state.to_move() == "bob"


def test_the_game_ends_once_both_fleets_have_departed():
    state = play(full_grid(), *ANN_DEPARTS_ALL)
    play(state, "roll 6 6 6", "place 6 a1", "place 6 a2", "place 6 a3", "depart a d6")  # V takes 18
    play(state, "place 1 b1", "place 1 b2", "place 1 b3", "depart b d1")  # W misses 3
    play(state, "roll 4 4 4", "place 4 c1", "place 4 c2", "place 4 c3")
    assert not state.is_over()
    play(state, "depart c d4")  # U takes 12, no free dock pays: d4
    assert state.is_over() and state.to_move() is None and state.legal_moves() == []
    score = state.score()
    assert [p.score for p in score.players] == [5, 3 + 4 + 4 + 2]
    assert score.final and score.winners == ("bob",)


def test_the_game_ends_when_every_player_still_in_it_passes_without_a_change():
    state = play(full_grid(), "end", "swap a b", "end", "swap 1 2", "end")  # nothing left but passing
    assert state.legal_moves() == [Pass()] and state.to_move() == "bob"
    play(state, "pass", "end")  # a pass may still be followed by a departure; bob declines
    assert not state.is_over() and state.legal_moves() == [Pass()]
    play(state, "pass", "end")
    assert state.is_over() and state.departures == []
    score = state.score()
    assert score.final and score.winners == ("ann", "bob")
    assert any(note.startswith("tie") for note in score.notes)
    assert "the game ended after a round in which every player still playing passed and nothing changed" in (
        " ".join(score.notes)
    )  # the table is told why it ended with transports still docked


def test_any_move_after_the_end_is_rejected():
    state = play(full_grid(), *ANN_DEPARTS_ALL)
    state.phase = OVER
    error = rejected(state, "roll 1 2 3", "over")
    assert str(error).startswith("the game is over: ") and "pnp ref score" in str(error)


# -- the highest score (the length of the printed tracks) -------------------
def _best_with_gold(transport, dock) -> int:
    """The most ``points`` gives one departure of ``transport`` to ``dock``, over every roll with the gold die."""
    best = 0
    for faces in itertools.combinations_with_replacement(range(1, 7), 3):
        dice = (faces[0] | GOLD, *faces[1:])
        for target in ("profit", "bonus"):
            earned = points(Departure(0, 0, 0, 0, dice, gold=target), transport, dock)
            best = max(best, sum(earned.values()))
    return best


def test_the_gold_die_can_ride_every_departure_and_the_tracks_reach_the_best_total():
    data = builtin()
    fleet = data.fleets[0]
    by_id = {t.id: t for t in fleet.transports}
    # F to d1 carrying 5, E to d6 carrying 16, C to d5 carrying 13, the gold die doubling each profit
    trips = [("F", 0, (1 | GOLD, 2, 2)), ("E", 5, (6 | GOLD, 5, 5)), ("C", 4, (5 | GOLD, 4, 4))]
    total = sum(
        sum(points(Departure(0, 0, 0, dock, dice, gold="profit"), by_id[t], data.docks[dock]).values())
        for t, dock, dice in trips
    )
    assert total == 40 and highest_score(data) >= total
    pair = {(t, d): _best_with_gold(t, d) for f in data.fleets for t in f.transports for d in data.docks}
    best = max(
        sum(pair[trip] for trip in zip(trio, docks))
        for f in data.fleets
        for trio in itertools.combinations(f.transports, 3)
        for docks in itertools.permutations(data.docks, 3)
    )
    assert highest_score(data) == best  # a bound that some game can reach, so no longer than needed
