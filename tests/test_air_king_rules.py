"""Air King, rule by rule: turn phases, aircraft movement, every event card, deck tracking and goals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.errors import IllegalMove
from pnp.games.air_king.actions import ACT, DEAL, DISCARD, DRAW, FINAL, GOALS, LANDED, STORM, WAITING
from pnp.games.air_king.model import CARD_TYPES
from pnp.games.air_king.rules import AirKing
from pnp.games.air_king.state import AirKingState
from pnp.referee.driver import Table, random_chooser
from pnp.referee.protocol import Commit, Reveal, Secret, Setup

GAME = AirKing()
DIGEST = "0" * 64


def started(players: int = 2, dealt: tuple[str, ...] = ("pass", "pass", "pass", "pass"), **options) -> AirKingState:
    """A state at the first player's draw: goals committed, one card dealt to each."""
    state = GAME.new_state(Setup(tuple(f"p{i + 1}" for i in range(players)), options))
    for _ in range(players):
        state.apply(Commit("goal", DIGEST))
    for seat in range(players):
        play(state, f"draw {dealt[seat]}")
    return state


def acting(players: int = 2, drawn: str = "pass", **options) -> AirKingState:
    """A state in the first player's action phase, after drawing ``drawn``."""
    state = started(players, **options)
    play(state, f"draw {drawn}")
    return state


def play(state: AirKingState, *texts: str) -> None:
    for text in texts:
        state.apply(GAME.parse_move(text))


def put(state: AirKingState, number: int, space: str) -> None:
    """Place an aircraft directly (scenario set-up)."""
    a, cell = number - 1, state.rules.field.index[space]
    if state.pos[a] >= 0:
        state.occ[state.pos[a]] = 0
    state.pos[a], state.occ[cell] = cell, number


def give(state: AirKingState, kind: str, seat: int = 0) -> None:
    """Move a card of ``kind`` from the draw pile into a hand (keeps the card count)."""
    t = CARD_TYPES.index(kind)
    state.draw[t] -= 1
    state.hands[seat][t] += 1


def texts(state: AirKingState) -> set[str]:
    return {GAME.format_move(m) for m in state.legal_moves() if not isinstance(m, (Secret, Reveal))}


def rejects(state: AirKingState, text: str, match: str) -> IllegalMove:
    before = state.clone().__dict__
    with pytest.raises(IllegalMove, match=match) as caught:
        play(state, text)
    after = state.__dict__
    assert {k: v for k, v in after.items() if k != "rules"} == {k: v for k, v in before.items() if k != "rules"}
    return caught.value


# -- set-up and turn phases ----------------------------------------------------
def test_setup_asks_each_player_for_one_of_the_ten_goal_cards_then_deals_one_event_card_each():
    state = GAME.new_state(Setup(("ann", "bob")))
    assert state.phase == GOALS
    assert {m.value for m in state.legal_moves()} == {str(n) for n in range(1, 11)}
    state.apply(Commit("goal", DIGEST))
    state.apply(Commit("goal", DIGEST))
    assert state.phase == DEAL and state.to_move() == "ann"
    play(state, "draw storm", "draw hold")
    assert state.phase == DRAW and state.to_move() == "ann"
    assert state.hand_text(0) == "1 Storm" and state.hand_text(1) == "1 Holding"
    assert state.technical == [True, True]


def test_every_aircraft_starts_beside_its_airport_and_none_is_on_the_field():
    state = started()
    assert state.pos == [WAITING] * 10 and not any(state.occ)


def test_the_draw_entry_lists_exactly_the_card_types_left_in_the_draw_pile():
    state = started()
    assert texts(state) == {f"draw {t}" for t in CARD_TYPES}
    state.draw[CARD_TYPES.index("storm")] = 0
    assert "draw storm" not in texts(state)
    error = rejects(state, "draw storm", "no Storm card is left")
    assert error.rule == "deck tracking"


def draws(state: AirKingState) -> dict[str, float]:
    """The chance of each card type, as the state gives it."""
    return {GAME.format_move(move): p for move, p in state.chance().items()}


def test_a_fresh_deck_deals_each_card_type_by_its_count():
    state = GAME.new_state(Setup(("p1", "p2")))
    assert state.chance() == {}  # the goal cards are the players' own choice
    state.apply(Commit("goal", DIGEST))
    state.apply(Commit("goal", DIGEST))
    assert draws(state) == {
        "draw extra": 5 / 26,
        "draw diagonal": 4 / 26,
        "draw storm": 5 / 26,
        "draw clear": 4 / 26,
        "draw hold": 4 / 26,
        "draw pass": 4 / 26,
    }


def test_each_draw_is_weighted_by_the_cards_of_its_type_left_in_the_draw_pile():
    state = started(dealt=("pass", "pass"))
    assert state.phase == DRAW
    assert draws(state) == {
        "draw extra": 5 / 24,
        "draw diagonal": 4 / 24,
        "draw storm": 5 / 24,
        "draw clear": 4 / 24,
        "draw hold": 4 / 24,
        "draw pass": 2 / 24,
    }
    state.draw = [0, 0, 3, 0, 0, 1]
    assert draws(state) == {"draw storm": 3 / 4, "draw pass": 1 / 4}  # a type no longer in the pile cannot come


def test_the_odds_a_player_is_shown_count_the_other_hands_as_unseen_so_they_give_no_hand_away():
    shown = {}
    for dealt in ("pass", "storm", "clear"):
        state = started(dealt=("pass", dealt))  # p2's card is p2's alone
        odds = {GAME.format_move(move): p for move, p in state.odds("p1").items()}
        assert set(odds) == set(draws(state)) and sum(odds.values()) == pytest.approx(1)
        shown[dealt] = odds
    assert shown["pass"] == shown["storm"] == shown["clear"]
    # of the 26 cards p1 holds a Pass, so p1 counts 25 unseen: the pile's 24 and p2's one
    assert shown["storm"] == pytest.approx({"draw extra": 5 / 25, "draw diagonal": 4 / 25, "draw storm": 5 / 25,
                                            "draw clear": 4 / 25, "draw hold": 4 / 25, "draw pass": 3 / 25})  # fmt: skip
    state = started(dealt=("pass", "storm"))
    table = {GAME.format_move(move): p for move, p in state.odds(None).items()}
    assert table["draw pass"] == pytest.approx(4 / 26) and table["draw storm"] == pytest.approx(5 / 26)
    assert draws(state)["draw storm"] == 4 / 24, "the referee still draws from the pile itself"


def test_an_emptied_draw_pile_is_refilled_from_the_discards_and_drawn_by_their_counts():
    state = started()
    state.draw, state.discard = [0, 0, 0, 0, 0, 1], [2, 0, 1, 0, 0, 0]
    play(state, "draw pass")
    assert state.draw == [2, 0, 1, 0, 0, 0] and state.chance() == {}  # acting: no chance input
    play(state, "depart 1 a2", "depart 2 a4", "end")
    assert draws(state) == {"draw extra": 2 / 3, "draw storm": 1 / 3}


def test_a_claim_offered_at_the_draw_is_a_choice_not_chance():
    state = started()
    land_all(state, (1, 2, 6, 7))
    assert Reveal("goal") in state.legal_moves() and Reveal("goal") not in state.chance()
    assert sum(state.chance().values()) == pytest.approx(1)


@pytest.mark.parametrize("seed", range(4))
def test_chance_sums_to_one_over_exactly_the_listed_draws_in_every_state_of_a_game(seed):
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("p1", "p2", "p3"), {"rounds": 15}, seed)))
    choose, seen = random_chooser(rng), 0
    while not table.state.is_over():
        state, moves = table.state, table.state.legal_moves()
        chances = state.chance()
        if state.phase in (DEAL, DRAW):
            pile = sum(state.draw)
            assert set(chances) == {m for m in moves if not isinstance(m, Reveal)}
            assert all(p == state.draw[CARD_TYPES.index(m.card)] / pile for m, p in chances.items())
            assert sum(chances.values()) == pytest.approx(1)
            seen += 1
        else:
            assert chances == {}
        move = choose(state, moves, table.secrets_of(state.to_move() or ""))
        table.play(table.take_chance(chances, rng) if move in chances else move)
    assert seen > 20


def test_a_turn_needs_exactly_two_aircraft_moves_before_it_can_end():
    state = acting()
    rejects(state, "end", "2 aircraft move")
    play(state, "depart 1 a2")
    assert "end" not in texts(state)
    play(state, "fly 1 b2")
    rejects(state, "fly 1 c2", "both aircraft moves")
    assert "end" in texts(state)
    play(state, "end")
    assert state.to_move() == "p2" and state.phase == DRAW


def test_a_player_with_no_possible_aircraft_move_may_end_the_turn():
    state = acting()
    for number, space in ((1, "a2"), (2, "a4"), (6, "g2"), (7, "g4")):
        put(state, number, space)
    for space in ("b2", "a1", "b4", "a5", "f2", "g1", "f4", "g5"):
        state.occ[state.rules.field.index[space]] = STORM
    state.draw[CARD_TYPES.index("storm")] -= 8
    assert not state.flights()
    assert "end" in texts(state)
    play(state, "end")
    assert state.to_move() == "p2"


def test_two_cards_at_most_per_turn_and_only_one_movement_card():
    state = acting()
    for kind in ("storm", "storm", "extra", "diagonal"):
        give(state, kind)
    play(state, "depart 1 a2", "extra fly 1 b2")
    rejects(state, "diagonal 1 c1", "movement card was already played")
    play(state, "storm d3")
    error = rejects(state, "storm d4", "2 cards were already played")
    assert error.rule == "up to two cards per turn"


def test_cards_may_be_played_between_and_after_the_two_moves():
    state = acting()
    give(state, "storm")
    play(state, "depart 1 a2", "storm d3", "fly 1 b2", "end")
    assert state.occ[state.rules.field.index["d3"]] == STORM


def test_discard_down_to_four_at_the_end_of_the_turn():
    state = acting()  # hand: pass (dealt) + pass (drawn)
    for kind in ("storm", "hold", "clear"):
        give(state, kind)
    play(state, "depart 1 a2", "depart 2 a4", "end")
    assert state.phase == DISCARD and state.to_move() == "p1"
    assert texts(state) == {"discard pass", "discard storm", "discard hold", "discard clear"}
    rejects(state, "discard extra", "holds no Extra move")
    play(state, "discard storm")
    assert state.hand_size(0) == 4 and state.to_move() == "p2"
    assert state.discard[CARD_TYPES.index("storm")] == 1


def test_the_technical_return_card_never_counts_towards_the_hand_limit():
    state = acting()
    give(state, "storm")
    give(state, "hold")
    assert state.technical[0] and state.hand_size(0) == 4
    play(state, "depart 1 a2", "depart 2 a4", "end")
    assert state.to_move() == "p2" and state.phase == DRAW


def test_the_discard_pile_becomes_the_draw_pile_when_the_draw_pile_runs_out():
    state = started()
    state.discard = state.draw.copy()
    state.draw = [0] * 6
    state.draw[CARD_TYPES.index("hold")] = 1
    state.discard[CARD_TYPES.index("hold")] -= 1
    play(state, "draw hold")
    assert sum(state.draw) == 26 - 2 - 1 and sum(state.discard) == 0


# -- aircraft movement -------------------------------------------------------
def test_depart_only_into_a_free_departure_zone_of_the_aircrafts_own_airport():
    state = acting()
    assert {t for t in texts(state) if t.startswith("depart")} == {
        f"depart {n} {z}" for n in range(1, 6) for z in ("a2", "a4")
    } | {f"depart {n} {z}" for n in range(6, 11) for z in ("g2", "g4")}
    error = rejects(state, "depart 1 g2", "not a departure zone of airport A")
    assert error.rule == "depart into a departure zone"
    rejects(state, "depart 1 b2", "not a departure zone")
    play(state, "depart 1 a2")
    rejects(state, "depart 2 a2", "taken by aircraft 1")
    rejects(state, "depart 1 a4", "not waiting")


def test_fly_one_space_forward_or_sideways_never_backwards_or_diagonally():
    state = acting()
    put(state, 1, "c2")
    put(state, 6, "e4")
    flights = {t for t in texts(state) if t.startswith("fly")}
    assert {t for t in flights if t.startswith("fly 1 ")} == {"fly 1 d2", "fly 1 c1", "fly 1 c3"}
    assert {t for t in flights if t.startswith("fly 6 ")} == {"fly 6 d4", "fly 6 e3", "fly 6 e5"}
    assert rejects(state, "fly 1 b2", "may not fly backwards").rule == "never backwards"
    rejects(state, "fly 1 d1", "diagonally only with an Extra diagonal move")
    rejects(state, "fly 1 e2", "not next to")
    rejects(state, "fly 6 f4", "backwards")


def test_one_step_back_is_allowed_only_beyond_the_arrival_zone():
    state = acting()
    put(state, 1, "g2")  # beside airport B, past the arrival zone f3's column
    assert {t for t in texts(state) if t.startswith("fly 1 ")} == {"fly 1 f2", "fly 1 g1"}
    play(state, "fly 1 f2")
    rejects(state, "fly 1 e2", "backwards")
    play(state, "fly 1 f3", "end")
    assert state.pos[0] == state.rules.field.index["f3"]


def test_aircraft_land_only_from_the_arrival_zone_beside_their_destination():
    state = acting()
    put(state, 1, "f2")
    put(state, 6, "f3")  # aircraft 6 flies to A: f3 is B's runway, not its arrival zone
    error = rejects(state, "land 1", "lands only from the arrival zone f3")
    assert error.rule == "land only from the arrival zone"
    rejects(state, "land 6", "arrival zone b3")
    play(state, "fly 6 e3", "fly 1 f3")
    give(state, "extra")
    play(state, "extra land 1")
    assert state.pos[0] == LANDED and state.landed == 1
    assert not state.occ[state.rules.field.index["f3"]]


def test_the_airport_itself_is_not_a_space_to_fly_into():
    state = acting()
    put(state, 1, "f2")
    rejects(state, "fly 1 g3", "g3 is airport B")


def test_never_two_things_on_one_space():
    state = acting()
    put(state, 1, "c2")
    put(state, 2, "d2")
    put(state, 3, "c1")
    assert rejects(state, "fly 1 d2", "taken by aircraft 2").rule == "never two things on one space"
    rejects(state, "fly 1 c1", "taken by aircraft 3")
    give(state, "storm")
    play(state, "storm c3")
    rejects(state, "fly 1 c3", "taken by a Storm")
    give(state, "storm")
    rejects(state, "storm d2", "taken by aircraft 2")


def test_aircraft_never_fly_past_their_destination_airport(tmp_path):
    wide = tmp_path / "wide.yaml"
    wide.write_text("""game: air-king
columns: 8
lanes: 3
airports:
  A: {at: a2, runway: b2, departures: [a1, a3]}
  B: {at: g2, runway: f2, departures: [g1, g3]}
""")
    state = GAME.new_state(Setup(("p1", "p2"), map_path=wide))
    for _ in range(2):
        state.apply(Commit("goal", DIGEST))
    play(state, "draw pass", "draw pass", "draw pass")
    put(state, 1, "g1")
    assert "fly 1 h1" not in texts(state)
    rejects(state, "fly 1 h1", "past its destination airport")
    put(state, 6, "h1")  # behind its own airport B: forward is towards A
    assert "fly 6 g1" not in texts(state)


# -- event cards ---------------------------------------------------------------
def test_extra_move_gives_a_third_move_and_is_discarded():
    state = acting()
    give(state, "extra")
    play(state, "depart 1 a2", "depart 2 a4", "extra fly 1 b2")
    assert state.moves_left == 0 and state.cards_played == 1
    assert state.hands[0][CARD_TYPES.index("extra")] == 0
    assert state.discard[CARD_TYPES.index("extra")] == 1
    refused = rejects(state, "extra fly 1 c2", "holds no Extra move")
    # the hand is not listed: a refusal may show on the table's shared terminal, and the player sees their own
    assert refused.reason == "p1 holds no Extra move card" and "Pass" not in str(refused)


def test_extra_move_is_never_backwards():
    state = acting()
    give(state, "extra")
    put(state, 1, "c2")
    rejects(state, "extra fly 1 b2", "backwards")


def test_extra_move_never_takes_the_step_back_from_beyond_the_arrival_zone():
    state = acting()
    give(state, "extra")
    put(state, 1, "g2")  # beside airport B, past the arrival zone f3's column: a plain move may step back
    listed = texts(state)
    assert {"fly 1 f2", "extra fly 1 g1"} <= listed
    assert "extra fly 1 f2" not in listed
    error = rejects(state, "extra fly 1 f2", "any way but backwards")
    assert error.rule == "Extra move: never backwards"
    play(state, "fly 1 f2")  # as one of the turn's two moves it is allowed
    assert state.pos[0] == state.rules.field.index["f2"] and state.hands[0][CARD_TYPES.index("extra")] == 1


def test_extra_diagonal_move_goes_one_space_diagonally_forward_only():
    state = acting()
    give(state, "diagonal")
    put(state, 1, "c2")
    assert {t for t in texts(state) if t.startswith("diagonal 1")} == {"diagonal 1 d1", "diagonal 1 d3"}
    rejects(state, "diagonal 1 b1", "not diagonally ahead")
    play(state, "diagonal 1 d3")
    assert state.pos[0] == state.rules.field.index["d3"] and state.moves_left == 2
    assert state.movement_played


def test_storm_blocks_a_space_but_never_an_arrival_zone():
    state = acting()
    give(state, "storm")
    assert "storm b3" not in texts(state) and "storm f3" not in texts(state)
    assert rejects(state, "storm f3", "arrival zone").rule == "Storm"
    play(state, "storm d3")
    assert state.occ[state.rules.field.index["d3"]] == STORM
    assert state.hands[0][CARD_TYPES.index("storm")] == 0 and state.discard[CARD_TYPES.index("storm")] == 0


def test_aircraft_fly_around_a_storm():
    state = acting()
    give(state, "storm")
    put(state, 1, "c3")
    play(state, "storm d3")
    assert {t for t in texts(state) if t.startswith("fly 1 ")} == {"fly 1 c2", "fly 1 c4"}


def test_clear_sky_removes_a_storm_to_the_discard_pile():
    state = acting()
    give(state, "storm")
    give(state, "clear")
    rejects(state, "clear d3", "no Storm on d3")
    play(state, "storm d3")
    assert "clear d3" in texts(state)
    play(state, "clear d3")
    assert state.occ[state.rules.field.index["d3"]] == 0
    storm, clear = CARD_TYPES.index("storm"), CARD_TYPES.index("clear")
    assert state.discard[storm] == 1 and state.discard[clear] == 1


def test_a_held_aircraft_cannot_move():
    state = acting()
    give(state, "hold")
    put(state, 1, "c2")
    play(state, "hold 1")
    assert state.held[0]
    assert not any(t.startswith("fly 1 ") for t in texts(state))
    assert rejects(state, "fly 1 d2", "held").rule == "Holding"


def test_holding_is_released_when_another_aircraft_flying_the_same_way_overtakes():
    state = acting()
    give(state, "hold")
    put(state, 1, "c2")
    put(state, 2, "c4")  # level with it: not yet past
    put(state, 6, "e1")
    play(state, "hold 1")
    play(state, "fly 6 d1")  # the other way: no release
    assert state.held[0]
    play(state, "fly 2 d4")  # now ahead of aircraft 1
    assert not state.held[0]
    assert state.discard[CARD_TYPES.index("hold")] == 1


def test_moving_level_with_a_held_aircraft_does_not_release_it():
    state = acting()
    give(state, "hold")
    put(state, 1, "c2")
    put(state, 2, "b4")
    play(state, "hold 1", "fly 2 c4")
    assert state.held[0]


def test_holding_never_goes_on_the_last_aircraft_that_could_overtake_nor_on_an_arrival_zone():
    state = acting()
    give(state, "hold")
    for number, space in ((1, "e2"), (2, "e4"), (3, "d1"), (4, "d5"), (5, "f3")):
        put(state, number, space)
    assert rejects(state, "hold 5", "arrival zone").rule == "Holding"
    play(state, "hold 4")  # the rearmost, but 3 is level with it and could still overtake
    state.cards_played = 0
    give(state, "hold")
    assert "hold 1" in texts(state)  # 2 is level with it
    error = rejects(state, "hold 3", "it is the last one")  # only the held 4 is level or behind
    assert error.rule == "Holding"


def test_holding_counts_aircraft_still_waiting_to_depart_as_able_to_overtake():
    state = acting()
    give(state, "hold")
    put(state, 1, "c2")
    assert "hold 1" in texts(state)  # aircraft 2-5 can still depart and pass it


def test_a_landing_overtakes_held_aircraft_beside_the_destination_airport():
    state = acting()
    give(state, "hold")
    put(state, 1, "g2")
    put(state, 2, "f3")
    play(state, "hold 1", "land 2")
    assert not state.held[0]


def test_pass_swaps_two_aircraft_nose_to_nose_flying_opposite_ways():
    state = acting()  # p1 holds two Pass cards
    put(state, 1, "c2")
    put(state, 6, "d2")
    put(state, 2, "c4")
    put(state, 7, "b4")  # tail to tail with 2: not a pass
    assert {t for t in texts(state) if t.startswith("pass")} == {"pass 1 6"}
    assert rejects(state, "pass 2 7", "not nose to nose").rule == "Pass"
    play(state, "pass 6 1")
    field = state.rules.field
    assert state.pos[0] == field.index["d2"] and state.pos[5] == field.index["c2"]


def test_pass_refuses_two_aircraft_flying_the_same_way():
    state = acting()
    put(state, 1, "c2")
    put(state, 2, "d2")
    rejects(state, "pass 1 2", "not nose to nose")


def test_technical_return_sends_an_aircraft_home_once_per_player():
    state = acting()
    put(state, 6, "c3")
    play(state, "return 6")
    assert state.pos[5] == WAITING and not state.technical[0]
    assert sum(state.discard) == 0  # the card leaves the game
    assert "depart 6 g2" in texts(state)
    put(state, 7, "c3")
    assert rejects(state, "return 7", "has used their Technical Return").rule == "Technical Return once per player"


def test_technical_return_counts_as_one_of_the_two_cards_and_frees_a_held_aircraft():
    state = acting()
    give(state, "hold")
    put(state, 6, "c3")
    play(state, "hold 6", "return 6")
    assert not state.held[5] and state.discard[CARD_TYPES.index("hold")] == 1
    assert state.cards_played == 2


# -- goals -------------------------------------------------------------------
def land_all(state: AirKingState, numbers: tuple[int, ...]) -> None:
    for n in numbers:
        state.pos[n - 1] = LANDED
        state.landed |= 1 << (n - 1)
    state.any_complete = any(m & state.landed == m for m in state.rules.goal_masks)


def test_no_reveal_is_offered_before_some_goal_card_has_landed_completely():
    state = acting()
    land_all(state, (1, 2, 6))
    assert Reveal("goal") not in state.legal_moves()
    rejects(state.clone(), "end", "aircraft move")
    with pytest.raises(IllegalMove, match="no goal card has all its aircraft landed"):
        state.apply(Reveal("goal", "1", "0" * 32))


@pytest.mark.parametrize("value", ["11", "0", "³", "٣", "9" * 5000, "1.0", ""])
def test_a_revealed_value_that_is_no_goal_card_is_refused(value):
    state = acting()
    land_all(state, (1, 2, 6, 7))
    with pytest.raises(IllegalMove, match="is not a goal card") as caught:
        state.apply(Reveal("goal", value, "0" * 32))
    assert caught.value.rule == "goal cards" and not state.is_over()


def test_revealing_a_fully_landed_goal_on_your_own_turn_wins():
    state = acting()
    land_all(state, (1, 2, 6, 7))  # goal card 1
    assert Reveal("goal") in state.legal_moves()
    state.apply(Reveal("goal", "1", "0" * 32))
    assert state.is_over() and state.to_move() is None
    score = state.score()
    assert score.final and score.winners == ("p1",)
    assert dict(score.players[0].breakdown) == {"landed": 4, "claimed": 1}


def test_a_goal_revealed_too_early_becomes_public_and_wins_on_a_later_own_turn():
    state = acting()
    land_all(state, (1, 2, 6, 7))
    state.apply(Reveal("goal", "2", "0" * 32))  # goal 2 is 1 3 6 8: not yet landed
    assert not state.is_over() and state.goals[0] == 1
    assert Reveal("goal") not in state.legal_moves()
    assert any("before all of it had landed" in note for note in state.score().notes)
    land_all(state, (3, 8))
    play(state, "depart 4 a2", "depart 5 a4", "end")
    assert state.to_move() == "p2" and not state.is_over()  # landed on another's turn: wait
    play(state, "draw pass", "depart 9 g2", "depart 10 g4", "end")
    assert state.is_over() and state.score().winners == ("p1",)


def test_the_round_limit_ends_the_game_and_every_goal_is_revealed():
    state = acting(rounds=1)
    play(state, "depart 1 a2", "depart 2 a4", "end", "draw pass", "depart 6 g2", "depart 7 g4", "end")
    assert state.phase == FINAL and state.to_move() == "p1"
    assert state.legal_moves() == [Reveal("goal")]
    land_all(state, (1, 2))
    state.apply(Reveal("goal", "1", "0" * 32))
    assert state.to_move() == "p2"
    state.apply(Reveal("goal", "3", "0" * 32))
    score = state.score()
    assert score.final and score.winners == ("p1",)
    assert any("round limit" in note for note in score.notes)


def test_the_round_limit_option_is_checked():
    from pnp.errors import PnpError

    with pytest.raises(PnpError, match="rounds"):
        GAME.new_state(Setup(("a", "b"), {"rounds": 0}))


def test_a_hand_shows_only_to_its_owner():
    state = acting()
    give(state, "storm", seat=1)
    mine = state.render_text("p1")
    assert "p1: 2 cards (2 Pass)" in mine and "p2: 2 cards;" in mine and "1 Storm" not in mine
    assert "(1 Storm, 1 Pass)" in state.render_text("p2")
    assert "Pass)" not in state.render_text(None)


def test_a_move_in_the_wrong_phase_says_what_is_expected():
    state = started()
    error = rejects(
        state, "depart 1 a2", r"^during play: depart is not possible now; p1, enter the event card you drew"
    )
    assert error.rule == "turn phases"
    rejects(state, "discard pass", r"^during play: discarding is not possible now; p1, enter the event card you drew")


def test_the_example_session_in_the_notation_guide_is_accepted():
    section = (Path(__file__).parents[1] / "docs" / "notation.md").read_text().split("## Air King")[1].split("\n## ")[0]
    lines = section.split("```")[1].strip().splitlines()
    state = GAME.new_state(Setup(("ann", "bob")))
    for line in lines:
        number, rest = line.split(". ", 1)
        player, text = rest.split(": ", 1)
        assert state.to_move() == player, line
        text = text.split("(")[0].strip()
        if text.startswith("commit goal"):
            state.apply(Commit("goal", DIGEST))
        else:
            play(state, text)
    assert int(number) == len(lines) > 10
    assert state.to_move() == "bob" and state.phase == ACT
