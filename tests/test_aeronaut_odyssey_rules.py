"""Aeronaut Odyssey's rules, one by one, on small hand-made maps."""

from __future__ import annotations

import pytest

from pnp.errors import IllegalMove, PnpError
from pnp.games.aeronaut_odyssey.board import W, compile_board
from pnp.games.aeronaut_odyssey.model import LETTERS, AeroMap
from pnp.games.aeronaut_odyssey.notation import parse
from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.aeronaut_odyssey.text import render
from pnp.games.aeronaut_odyssey.wording import inventory
from pnp.loader import load_text
from pnp.referee.protocol import Setup

# A square A-B-C-D with the diagonal A-C, and E hanging off B: two enclosed areas.
BASE = {
    "cities": [("A", 3, 3, 2), ("B", 6, 3, 1), ("C", 6, 6, 3), ("D", 3, 6, 3), ("E", 9, 3, 3)],
    "routes": [
        "{between: [A, B], type: red, length: 2}",
        "{between: [A, B], type: blue, length: 2}",
        "{between: [B, C], type: green, length: 3}",
        "{between: [C, D], type: yellow, length: 2}",
        "{between: [A, D], type: orange, length: 1}",
        "{between: [A, C], type: purple, length: 3}",
        "{between: [B, E], type: purple, length: 2}",
        "{between: [C, E], type: red, length: 2}",
    ],
    "areas": ["{x: 5.0, y: 4.0, points: 3}", "{x: 4.0, y: 5.0, points: 4}", "{x: 7.0, y: 3.8, points: 2}"],
}


def map_text(routes=None, cities=None, areas=None, extra: str = "", inventory: int = 6) -> str:
    """A map file with the BASE map, or the given parts instead."""
    cities = BASE["cities"] if cities is None else cities
    routes = BASE["routes"] if routes is None else routes
    areas = BASE["areas"] if areas is None else areas
    lines = ["game: aeronaut-odyssey", "width: 11", "height: 8", f"inventory_spaces: {inventory}", "cities:"]
    lines += [f"  - {{name: {n}, x: {x}, y: {y}, slots: {s}}}" for n, x, y, s in cities]
    lines += ["routes:"] + [f"  - {r}" for r in routes]
    lines += ["areas:" + ("" if areas else " []")] + [f"  - {a}" for a in areas]
    return "\n".join(lines) + "\n" + extra


def state_for(text: str, players: int = 3, variant: str = "none") -> AeroState:
    loaded = load_text(text, AeroMap, "test.yaml")
    from pnp.games.aeronaut_odyssey.maps import raise_errors

    raise_errors(loaded)
    return AeroState(compile_board(loaded.value), tuple(f"p{i + 1}" for i in range(players)), variant)


def play(state: AeroState, *moves: str) -> None:
    for text in moves:
        state.apply(parse(text))


def give(state: AeroState, seat: int, balloons: str) -> None:
    """Put balloons straight into a player's inventory (a test shortcut)."""
    for letter in balloons:
        t = W if letter == "w" else LETTERS.index(letter)
        state.held[seat * 7 + t] += 1
        state.blank[seat] -= 1


def held(state: AeroState, seat: int) -> str:
    return "".join(("w" if t == W else LETTERS[t]) * n for t, n in enumerate(state.inventory(seat)))


def texts(state: AeroState) -> set[str]:
    from pnp.games.aeronaut_odyssey.notation import format_move

    return {format_move(m) for m in state.legal_moves()}


@pytest.fixture
def base() -> AeroState:
    return state_for(map_text(), players=3)


def test_compensation_balloons_by_seat_before_the_first_turn():
    state = state_for(map_text(), players=6)
    askers = []
    while state.queue:
        askers.append(state.to_move())
        assert "gain space" not in texts(state), "compensation is balloons, not inventory spaces"
        play(state, "gain r")
    assert askers == ["p2", "p3", "p4", "p4", "p5", "p5", "p6", "p6", "p6"]
    assert state.to_move() == "p1" and [held(state, s) for s in range(6)] == ["", "r", "r", "rr", "rr", "rrr"]


def test_compensation_cannot_be_taken_as_a_space():
    state = state_for(map_text(), players=2)
    with pytest.raises(IllegalMove, match="balloon of choice"):
        play(state, "gain space")


def test_a_move_goes_only_to_a_connected_city_with_a_free_slot(base):
    play(base, "gain r", "gain r")  # compensation of p2 and p3
    with pytest.raises(IllegalMove, match="no route joins A to E") as caught:
        play(base, "move E")
    assert caught.value.rule.startswith("move")
    play(base, "move B", "pick r", "pick r")
    assert base.pos[0] == 1 and base.visits[1] == 1
    with pytest.raises(IllegalMove, match="no free movement slot"):
        play(base, "move B")
    assert "move B" not in texts(base) and "move D" in texts(base)


def test_picks_are_limited_to_the_types_of_routes_at_the_destination(base):
    play(base, "gain r", "gain r", "move D")
    assert texts(base) == {"pick y", "pick o"}
    with pytest.raises(IllegalMove, match="no route at D is r"):
        play(base, "pick r")
    play(base, "pick y", "pick y")
    assert held(base, 0) == "yy" and base.to_move() == "p2"


def test_a_double_route_is_travelled_over_the_lane_chosen(base):
    play(base, "gain r", "gain r")
    assert {"move B", "move B/2"} <= texts(base)
    with pytest.raises(IllegalMove, match="not a double route"):
        play(base, "move D/2")


def test_owners_are_rewarded_for_travel_over_their_routes_and_for_picks_of_their_type(base):
    play(base, "gain r", "gain r")
    give(base, 0, "ppp")
    play(base, "claim A-C ppp", "gain space")  # p1 sits at A, beside A-C: rewarded
    play(base, "move C")  # p2 travels over p1's purple route
    play(base, "pick p")  # and picks purple, a type of p1's route at C
    play(base, "pick g")
    assert [base.to_move(), base.asked()] == ["p1", "be rewarded: a balloon or an inventory space"]
    play(base, "gain o", "gain o")  # one reward for the travel, one for the pick
    assert held(base, 0) == "oo" and base.to_move() == "p3"


def test_an_own_route_rewards_nobody(base):
    play(base, "gain r", "gain r")
    give(base, 0, "o")
    play(base, "claim A-D o", "gain space", "move B", "pick r", "pick r", "move C", "pick r", "pick r")
    play(base, "move D", "pick o", "pick y")  # p1 over its own orange route, picking its own type
    assert base.to_move() == "p2" and not base.queue


def test_a_claim_pays_the_type_times_the_length(base):
    play(base, "gain r", "gain r")
    give(base, 0, "rrrbg")
    with pytest.raises(IllegalMove, match="is g: pay g"):
        play(base, "claim B-C rrr")
    with pytest.raises(IllegalMove, match="costs 2 balloons, not 3"):
        play(base, "claim A-B rrr")
    with pytest.raises(IllegalMove, match="does not hold bb"):
        play(base, "claim A-B/2 bb")
    assert {"claim A-B rr", "claim C-E rr"} <= texts(base) and "claim A-B/2 bb" not in texts(base)
    play(base, "claim A-B rr")
    assert held(base, 0) == "rgb" and base.owner[0] == 0 and base.blank[0] == 6 - 5


def test_a_claim_may_be_made_anywhere_and_is_rewarded_only_beside_the_route(base):
    play(base, "gain r", "gain r")
    give(base, 0, "rr")
    play(base, "claim C-E rr")  # p1 is at A, not beside C-E: no reward, the turn passes
    assert base.owner[7] == 0 and base.to_move() == "p2" and not base.queue
    give(base, 1, "r")
    play(base, "claim A-B rr")  # p2 is at A, beside A-B: rewarded
    assert [base.to_move(), base.asked()] == ["p2", "be rewarded: a balloon or an inventory space"]


def test_a_route_is_claimed_only_once(base):
    play(base, "gain r", "gain r")
    give(base, 0, "oo")
    play(base, "claim A-D o", "gain o")
    give(base, 1, "o")
    with pytest.raises(IllegalMove, match="already claimed by p1") as caught:
        play(base, "claim A-D o")
    assert caught.value.rule == "claim: once only"


def test_with_two_players_a_double_route_acts_as_a_single_route():
    state = state_for(map_text(), players=2)
    play(state, "gain b")
    give(state, 0, "rr")
    play(state, "claim A-B rr", "gain space")
    give(state, 1, "b")
    with pytest.raises(IllegalMove, match="only one lane of A-B") as caught:
        play(state, "claim A-B/2 bb")
    assert caught.value.rule == "two players" and "claim A-B/2 bb" not in texts(state)
    assert state.blank == [11, 10], "two players each use two inventories of 6 spaces"


def test_with_three_players_both_lanes_can_be_claimed(base):
    play(base, "gain b", "gain r")
    give(base, 0, "rr")
    give(base, 1, "b")
    play(base, "claim A-B rr", "gain space", "claim A-B/2 bb", "gain space")
    assert base.owner[:2] == [0, 1]


def test_with_three_players_one_player_may_claim_both_lanes(base):
    """A decision (the rulebook limits doubles only at two players): the lanes are two routes, both for anyone."""
    play(base, "gain b", "gain r")
    give(base, 0, "rrbb")
    give(base, 1, "rr")
    give(base, 2, "yy")
    play(base, "claim A-B rr", "gain space", "claim C-E rr", "claim C-D yy")  # p2 and p3 claim far away
    assert "claim A-B/2 bb" in texts(base)
    play(base, "claim A-B/2 bb")
    assert base.owner[:2] == [0, 0]


def test_a_reward_is_a_balloon_or_a_space_and_a_full_inventory_allows_only_a_space():
    state = state_for(map_text(inventory=3), players=2)
    play(state, "gain r")
    give(state, 0, "oooooo")  # p1: 6 spaces, all used now
    play(state, "claim A-D o")
    assert texts(state) == {"gain space"}, "paid balloons are crossed out: their spaces stay used"
    play(state, "gain space")
    state2 = state_for(map_text(inventory=3), players=2)
    play(state2, "gain r")
    give(state2, 0, "oooooo")
    play(state2, "move D")
    assert state2.to_move() == "p2", "a full inventory takes no balloons: the picks are skipped"


def test_picks_stop_when_the_inventory_is_full():
    state = state_for(map_text(inventory=3), players=2)
    play(state, "gain r")
    give(state, 0, "rrrrr")  # one free space left
    play(state, "move D", "pick y")
    assert state.to_move() == "p2" and held(state, 0) == "rrrrry"


def test_the_game_ends_when_every_route_is_claimed():
    routes = ["{between: [A, D], type: orange, length: 1}", "{between: [A, B], type: red, length: 1}"]
    cities = [("A", 3, 3, 2), ("B", 6, 3, 2), ("D", 3, 6, 2)]
    state = state_for(map_text(routes, cities, areas=[]), players=2)
    play(state, "gain o")
    give(state, 0, "r")
    play(state, "claim A-B r", "gain space", "claim A-D o")
    assert state.is_over() and state.to_move() is None and state.legal_moves() == []
    assert [r.score for r in state.score().players] == [1, 1] and state.score().winners == ("p1", "p2")


def test_players_who_cannot_act_are_passed_over_and_the_game_ends_when_nobody_can(base):
    play(base, "gain y", "gain y")
    base.visits[:] = list(base.board.slots)  # every movement slot is used
    give(base, 0, "o")
    give(base, 2, "rr")  # p2 holds one y: it can neither move nor claim
    play(base, "claim A-D o", "gain space")
    assert base.to_move() == "p3"
    play(base, "claim C-E rr")
    assert base.is_over() and base.open_lanes, "nobody can act, though routes are left"


def test_scoring_uses_the_route_table():
    state = state_for(map_text(), players=2)
    state.owner[:] = [0, 1, 0, 1, 0, 1, 0, 1]
    rows = {r.name: r.breakdown["routes"] for r in state.score().players}
    # p1: A-B (2) B-C (3) A-D (1) B-E (2) = 2+3+1+2; p2: A-B/2 (2) C-D (2) A-C (3) C-E (2) = 2+2+3+2
    assert rows == {"p1": 2 + 3 + 1 + 2, "p2": 2 + 2 + 3 + 2}


def test_an_enclosed_area_goes_to_the_majority_of_its_routes():
    state = state_for(map_text(), players=3)
    # area ABC (3 points): A-B p1, A-B/2 p1, B-C p2, A-C p1 -> p1 holds 3 of 4
    state.owner[:] = [0, 0, 1, -1, -1, 0, -1, -1]
    assert [r.breakdown["areas"] for r in state.score().players] == [3, 0, 0]


def test_an_area_tie_gives_the_points_to_everyone_tied():
    state = state_for(map_text(), players=3)
    # area ABC (3 points): A-B p3, B-C p1, A-C p2 -> one each, a tie; area ACD (4): C-D p2, A-D p3, A-C p2
    state.owner[:] = [2, -1, 0, 1, 2, 1, -1, -1]
    areas = [r.breakdown["areas"] for r in state.score().players]
    assert areas == [3, 3 + 4, 3]


def test_an_area_not_yet_enclosed_scores_nothing():
    state = state_for(map_text(), players=2)
    state.owner[:] = [0, 0, 0, -1, -1, -1, -1, -1]
    assert [r.breakdown["areas"] for r in state.score().players] == [0, 0]


def test_trajectories_of_both_kinds_are_taken_with_their_reward():
    goals = (
        "trajectories:\n"
        "  - {kind: cities, cities: [D, B], reward: points, value: 4, slots: 1}\n"
        "  - {kind: routes, types: [orange, red], reward: rewards, value: 2, slots: 2}\n"
    )
    state = state_for(map_text(extra=goals), players=2)
    play(state, "gain r")
    give(state, 0, "orr")
    play(state, "claim A-D o", "gain space")
    assert state.goal_takers == [(), ()]
    play(state, "move D", "pick y", "pick y", "gain space")  # p2 travelled over p1's route
    play(state, "claim A-B rr")  # p1 now links D-A-B and owns orange and red routes
    assert state.goal_takers == [(0,), (0,)] and state.goal_points == [4, 0]
    play(state, "gain b", "gain b", "gain b")  # beside A-B, then the trajectory's 2 rewards
    assert held(state, 0) == "bbb" and state.to_move() == "p2"


def test_a_trajectory_is_taken_once_per_player_and_not_beyond_its_slots():
    goals = (
        "trajectories:\n"
        "  - {kind: routes, types: [purple], reward: points, value: 3, slots: 1}\n"
        "  - {kind: routes, types: [red], reward: points, value: 2, slots: 1}\n"
    )
    state = state_for(map_text(extra=goals), players=3)
    play(state, "gain b", "gain b")
    give(state, 0, "ppppp")
    give(state, 1, "rr")
    give(state, 2, "rr")
    play(state, "claim B-E pp")  # p1 takes the purple trajectory
    play(state, "claim C-E rr")  # p2 takes the red one
    play(state, "claim A-B rr", "gain space")  # p3 owns red too, but its only slot is taken
    play(state, "claim A-C ppp", "gain space")  # p1 cannot take the purple one twice
    assert state.goal_takers == [(0,), (1,)] and state.goal_points == [3, 2, 0]


def test_a_swap_trades_one_balloon_for_another_in_a_new_space():
    goals = "trajectories:\n  - {kind: routes, types: [orange], reward: swaps, value: 1, slots: 1}\n"
    state = state_for(map_text(extra=goals), players=2)
    play(state, "gain r")
    give(state, 0, "org")
    free = state.blank[0]
    play(state, "claim A-D o", "gain space")
    assert state.asked().startswith("swap") and "swap r b" in texts(state) and "skip" in texts(state)
    play(state, "swap r b")
    assert held(state, 0) == "gb" and state.blank[0] == free + 1


def test_the_referee_counts_inventory_spaces_as_the_paper_shows_them():
    goals = "trajectories:\n  - {kind: routes, types: [orange], reward: swaps, value: 1, slots: 1}\n"
    state = state_for(map_text(extra=goals), players=2)
    play(state, "gain r")
    give(state, 0, "org")
    assert state.spaces(0) == 12 and "p1: at A (start); 1 red, 1 orange, 1 green; 9 free of 12 printed" in render(
        state, None
    )
    play(state, "claim A-D o", "gain space")  # the orange is crossed out, and a space is added
    play(state, "swap r b")  # the red is crossed out, the blue written in a new space
    assert (state.blank[0], state.crossed[0], state.spaces(0)) == (10, 2, 14)
    assert "p1: at A (start); 1 green, 1 blue; 10 free of 14 printed" in render(state, None)
    assert inventory(state.words, state, 0) == "1 green, 1 blue (10 free of 14 printed)"


def test_a_gray_route_takes_any_one_type_and_wildcards():
    routes = [*BASE["routes"][:5], "{between: [A, C], type: gray, length: 3}", *BASE["routes"][6:]]
    state = state_for(map_text(routes), players=2)
    play(state, "gain r")
    give(state, 0, "yyrw")
    assert "claim A-C yyw" in texts(state) and "claim A-C rrw" not in texts(state)
    with pytest.raises(IllegalMove, match="gray: pay balloons of one type") as caught:
        play(state, "claim A-C yrw")
    assert caught.value.rule == "wild winds"
    play(state, "claim A-C yyw", "gain space")
    assert held(state, 0) == "r"


def test_a_wildcard_pick_is_the_only_balloon_of_the_turn():
    routes = [*BASE["routes"][:5], "{between: [A, C], type: gray, length: 3}", *BASE["routes"][6:]]
    state = state_for(map_text(routes), players=2)
    play(state, "gain r", "move C")
    assert "pick w" in texts(state)
    play(state, "pick w")
    assert held(state, 0) == "w" and state.to_move() == "p2"
    play(state, "move D", "pick y")
    with pytest.raises(IllegalMove, match="no gray route touches D"):
        play(state, "pick w")


def test_a_wildcard_pays_for_any_colour():
    state = state_for(map_text(), players=2)
    play(state, "gain r")
    give(state, 0, "gww")
    play(state, "claim B-C gww")
    assert held(state, 0) == "" and state.owner[2] == 0


MULTI = [
    *BASE["routes"][:2],
    "{between: [B, C], type: multi, length: 3, spaces: [green, red, blue]}",
    *BASE["routes"][3:],
]


def test_a_multiroute_is_claimed_one_space_at_a_time_and_scores_to_all_once_complete():
    state = state_for(map_text(MULTI), players=3)
    play(state, "gain r", "gain r")
    give(state, 0, "gg")
    give(state, 1, "r")
    give(state, 2, "w")
    with pytest.raises(IllegalMove, match="claim one space"):
        play(state, "claim B-C g")
    with pytest.raises(IllegalMove, match="costs one b"):
        play(state, "claim B-C:3 g")
    play(state, "claim B-C:1 g")
    assert state.to_move() == "p2" and "claim B-C:1 r" not in texts(state)
    play(state, "claim B-C:2 r")
    assert [r.breakdown["routes"] for r in state.score().players] == [0, 0, 0], "incomplete: nobody scores"
    play(state, "claim B-C:3 w")
    assert [r.breakdown["routes"] for r in state.score().players] == [3, 3, 3]


def test_a_complete_multiroute_counts_for_every_participant_in_trajectories():
    goals = "trajectories:\n  - {kind: cities, cities: [B, C], reward: points, value: 5, slots: 3}\n"
    state = state_for(map_text(MULTI, extra=goals), players=2)
    play(state, "gain r")
    give(state, 0, "gb")
    give(state, 1, "r")
    play(state, "claim B-C:1 g", "claim B-C:2 r", "claim B-C:3 b")
    assert state.goal_points == [5, 5]


def _bonus_map(bonus: str) -> str:
    routes = [
        "{between: [A, D], type: orange, length: 1, bonus: " + bonus + "}",
        *BASE["routes"][:4],
        *BASE["routes"][5:],
    ]
    return map_text(routes)


@pytest.mark.parametrize("bonus, points", [("point", 1), ("penalty", -1)])
def test_immediate_point_bonuses(bonus, points):
    state = state_for(_bonus_map(bonus), players=2)
    play(state, "gain r")
    give(state, 0, "o")
    play(state, "claim A-D o", "gain space")
    assert state.score().players[0].breakdown["bonus"] == points


def test_immediate_balloon_space_and_swap_bonuses():
    state = state_for(_bonus_map("balloon"), players=2)
    play(state, "gain r")
    give(state, 0, "o")
    play(state, "claim A-D o", "gain space")
    assert state.asked() == "take a balloon" and "gain space" not in texts(state)
    play(state, "gain g")
    assert held(state, 0) == "g"
    state = state_for(_bonus_map("space"), players=2)
    play(state, "gain r")
    give(state, 0, "o")
    before = state.blank[0]
    play(state, "claim A-D o", "gain space")
    assert state.blank[0] == before + 2
    state = state_for(_bonus_map("swap"), players=2)
    play(state, "gain r")
    give(state, 0, "or")
    play(state, "claim A-D o", "gain space", "swap r y")
    assert held(state, 0) == "y"


def test_the_jump_ability_moves_to_any_city_once():
    state = state_for(_bonus_map("jump"), players=2)
    play(state, "gain r")
    give(state, 0, "o")
    play(state, "claim A-D o", "gain space", "move B", "pick r", "pick r")
    assert state.abilities[0:3] == [1, 0, 0] and "move E" not in texts(state)
    play(state, "use jump")
    assert "move E" in texts(state)
    play(state, "move E")
    assert state.pos[0] == 4 and state.abilities[0:3] == [0, 0, 0]
    play(state, "pick p", "pick p", "move C", "pick g", "pick g")
    with pytest.raises(IllegalMove, match="holds no unused jump"):
        play(state, "use jump")


def test_the_discount_ability_saves_one_balloon():
    state = state_for(_bonus_map("discount"), players=2)
    play(state, "gain r")
    give(state, 0, "oyy")
    play(state, "claim A-D o", "gain space", "move B", "pick r", "pick r", "use discount")
    assert "claim C-D y" in texts(state)
    with pytest.raises(IllegalMove, match="costs 1 balloon, not 2"):
        play(state, "claim C-D yy")
    play(state, "claim C-D y")
    assert state.owner[4] == 0 and held(state, 0) == "y"


def test_the_extra_ability_picks_three_balloons():
    state = state_for(_bonus_map("extra"), players=2)
    play(state, "gain r")
    give(state, 0, "o")
    play(state, "claim A-D o", "gain space", "move B", "pick r", "pick r")
    play(state, "use extra", "move C", "pick r", "pick g", "pick p")
    assert held(state, 0) == "rgp" and state.to_move() == "p2"


def test_variant_different_types_while_possible():
    state = state_for(map_text(), players=2, variant="different")
    play(state, "gain r", "move D", "pick y")
    assert texts(state) == {"pick o"}
    with pytest.raises(IllegalMove, match="different"):
        play(state, "pick y")


def test_variant_not_the_type_travelled_over():
    state = state_for(map_text(), players=2, variant="not-travelled")
    play(state, "gain r", "move D")
    assert texts(state) == {"pick y"}, "A-D is orange"


def test_variant_block_lets_an_owner_refuse_a_pick():
    state = state_for(map_text(), players=2, variant="block")
    play(state, "gain r")
    give(state, 0, "yy")
    play(state, "claim C-D yy")
    play(state, "move D", "pick y")
    assert state.to_move() == "p1" and texts(state) == {"block", "allow"}
    play(state, "block")
    assert state.to_move() == "p2" and texts(state) == {"pick o"}
    play(state, "pick o", "pick o")
    assert held(state, 1) == "roo"


def test_variant_block_allowed_pick_rewards_the_owner():
    state = state_for(map_text(), players=2, variant="block")
    play(state, "gain r")
    give(state, 0, "yy")
    play(state, "claim C-D yy", "move D", "pick y", "allow")
    assert state.to_move() == "p2" and state.asked().startswith("pick")
    play(state, "pick y", "allow", "gain b", "gain b")
    assert held(state, 1) == "ryy" and held(state, 0) == "bb"


def test_a_move_out_of_turn_order_is_rejected_with_the_stage_and_whose_input_is_due():
    state = state_for(map_text(), players=2)
    with pytest.raises(IllegalMove, match="^during set-up: p2, take a balloon of choice") as caught:
        play(state, "move D")
    assert caught.value.rule == "set-up"
    play(state, "gain r", "move D")
    with pytest.raises(IllegalMove, match="^during play: 'move B' does not fit now: p1 must pick a balloon") as caught:
        play(state, "move B")
    assert caught.value.rule == "turn order"


def test_setup_reads_the_map_file_or_generates_from_the_seed(tmp_path):
    game = AeronautOdyssey()
    path = tmp_path / "m.yaml"
    path.write_text(map_text(), encoding="utf-8")
    from_file = game.new_state(Setup(("a", "b"), {}, 5, path))
    assert from_file.board.cities == ("A", "B", "C", "D", "E")
    assert list(game.rules_inputs(Setup(("a", "b"), {}, 5, path))) == [path]
    generated = game.new_state(Setup(("a", "b"), {}, 5))
    assert generated.board.source.seed == 5 and list(game.rules_inputs(Setup(("a", "b"), {}, 5))) == ["generated-map"]


def test_a_bad_map_or_variant_is_a_clear_error(tmp_path):
    game = AeronautOdyssey()
    path = tmp_path / "m.yaml"
    path.write_text(map_text(cities=[(n, x, y, s) for n, x, y, s in BASE["cities"] if n != "A"]), encoding="utf-8")
    with pytest.raises(PnpError, match=r"m.yaml:\d+:\d+"):
        game.new_state(Setup(("a", "b"), {}, 0, path))
    with pytest.raises(PnpError, match="variant: 'nasty' is not one of none, different"):
        game.new_state(Setup(("a", "b"), {"variant": "nasty"}, 0))


def test_a_map_file_edited_between_sessions_is_read_afresh(tmp_path):
    game = AeronautOdyssey()
    path = tmp_path / "m.yaml"
    path.write_text(map_text(), encoding="utf-8")
    assert game.new_state(Setup(("a", "b"), {}, 0, path)).board.slots[1] == 1
    path.write_text(map_text(cities=[(n, x, y, 2 if n == "B" else s) for n, x, y, s in BASE["cities"]]), "utf-8")
    assert game.new_state(Setup(("a", "b"), {}, 0, path)).board.slots[1] == 2
