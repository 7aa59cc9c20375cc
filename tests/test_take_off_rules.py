"""Take Off! rule by rule, on a small map whose every route is known, and on the world map's example."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from pnp.errors import IllegalMove, NotationError, PnpError
from pnp.games.take_off.labels import Labels
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send
from pnp.games.take_off.rules import TakeOff
from pnp.games.take_off.state import DRAW, FLY, ROLL, SEND
from pnp.games.take_off.world import HOME
from pnp.referee.protocol import STAGE_WORDS, Setup

# Start (east) and Finish (west) on a 40-degree strip; the line at 20 leaves a, b east and c, d west.
SMALL = """\
game: take-off
title: Test strip
start: east
finish: west
west_edge: 0
east_edge: 40
north: 60
south: 0
divide: 20
scale: 3
grid: 10
cities:
  - {id: east, name: East, lat: 30, lon: 40, routes: {red: a, yellow: b}}
  - {id: a, name: A, country: Aland, lat: 40, lon: 32, routes: {red: c, yellow: d, blue: b}}
  - {id: b, name: B, country: Bland, lat: 20, lon: 28, routes: {red: d, yellow: c}}
  - {id: c, name: C, country: Cland, lat: 45, lon: 10, routes: {red: west, yellow: west}}
  - {id: d, name: D, country: Dland, lat: 15, lon: 12, routes: {red: west, green: c}}
  - {id: west, name: West, lat: 30, lon: 0}
"""
GAME = TakeOff()


@pytest.fixture
def small(tmp_path):
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)

    def start(players=("ann", "bob"), **options):
        return GAME.new_state(Setup(players, {"fleet": 1, **options}, map_path=path))

    return start


def rules_of(state) -> TakeOff:
    """The rules bound to the map of ``state``: they read its cities' names."""
    return TakeOff(Labels(state.ctx.world, state.ctx.data, state.ctx.words))


def play(state, *texts):
    for text in texts:
        state.apply(rules_of(state).parse_move(text))
    return state


def where(state, seat):
    world = state.ctx.world
    return ["home" if c == HOME else world.ids[c] for c in state.jets_of(seat)]


def legal(state):
    return {GAME.format_move(m) for m in state.legal_moves()}


def refusal(state, text):
    with pytest.raises(IllegalMove) as caught:
        state.apply(rules_of(state).parse_move(text))
    return caught.value


# -- the rulebook's example on the world map ---------------------------------------------------------------------


def shown_progress(state) -> list[int]:
    """The progress ``show`` prints for each player, in seat order."""
    return [int(n) for n in re.findall(r"\| home \d+, progress (-?\d+), place", state.render_text(None))]


def test_show_prints_each_fleets_progress_the_number_the_score_adds_up():
    state = GAME.new_state(Setup(("ann", "bob"), {"fleet": 2}))
    play(state, "roll R Y", "fly 1 taipei wuhan")
    world = state.ctx.world
    gained = world.hops[world.start] - world.hops[world.index["wuhan"]]
    assert gained > 0 and shown_progress(state) == [gained, 0] == [p.score for p in state.score().players]
    assert dict(state.score().players[0].breakdown) == {"jet 1 progress": gained, "jet 2 progress": 0}
    assert "routes flown" not in state.render_text(None)


def test_progress_is_never_negative_after_the_rulebooks_example_move():
    state = GAME.new_state(Setup(("ann", "bob"), {"fleet": 2}))
    world = state.ctx.world
    assert world.hops[world.index["tokyo"]] == world.hops[world.start] + 1  # Tokyo is farther from Finish than Start
    play(state, "roll R Y", "fly 1 midway tokyo")
    assert shown_progress(state) == [0, 0]
    assert dict(state.score().players[0].breakdown) == {"jet 1 progress": 0, "jet 2 progress": 0}


def test_progress_counts_routes_to_finish_from_the_jets_city(small):
    state = small(fleet=2)
    assert state.progress(0) == [0, 0]  # Start: 3 routes from Finish
    play(state, "roll R B", "fly 1 a b")  # a and b: 2 routes from Finish
    assert state.progress(0) == [1, 0]
    play(state, "roll G B", "pass", "roll R R", "fly 1 d west")  # d: 1 route; west: Finish, home
    assert state.progress(0) == [3, 0]


def test_the_example_in_the_notation_guide_is_accepted_on_the_world_map():
    guide = (Path(__file__).parents[1] / "docs" / "notation.md").read_text()
    block = guide.split("## Take Off! World Edition")[1].split("```")[1]
    lines = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    state = GAME.new_state(Setup(("ann", "bob"), {"fleet": 2}))
    play(state, *lines)
    assert len(lines) == 11 and state.to_move() == "ann" and state.phase == ROLL
    assert where(state, 0) == ["cairo", "moscow"] and where(state, 1) == ["nairobi", "majuro"]
    assert shown_progress(state) == [11, 5]  # as the guide says after the block


def test_the_rulebook_example_holds_on_the_world_map():
    state = GAME.new_state(Setup(("ann", "bob"), {"fleet": 2}))
    play(state, "roll R Y")
    moves = legal(state)
    assert {"fly 1 midway tokyo", "fly 1 taipei wuhan", "fly 1 midway 2 taipei"} <= moves
    play(state, "fly 1 taipei wuhan")
    assert where(state, 0) == ["wuhan", "honolulu-east"]


# -- dice faces --------------------------------------------------------------------------------------------------


def test_a_roll_lists_every_face_combination_once(small):
    state = small()
    assert state.phase == ROLL
    rolls = [m for m in state.legal_moves() if isinstance(m, Roll)]
    assert len(rolls) == len(state.legal_moves()) == 21  # 6 faces: 15 pairs and 6 doubles
    assert GAME.parse_move("roll Y R") == GAME.parse_move("roll R Y") == Roll("R", "Y")


def test_two_colours_move_one_jet_along_two_routes_in_either_order(small):
    state = play(small(), "roll R Y")
    assert state.phase == FLY
    assert legal(state) == {"fly 1 a d", "fly 1 b d"}  # red then yellow, or yellow then red
    play(state, "fly 1 b d")
    assert where(state, 0) == ["d"]


def test_two_colours_may_move_two_jets_one_route_each(small):
    state = play(small(fleet=2), "roll R Y")
    assert {"fly 1 a 2 b", "fly 1 b 2 a"} <= legal(state)
    play(state, "fly 1 b 2 a")
    assert where(state, 0) == ["b", "a"]


def test_both_colours_must_be_used_when_possible(small):
    state = play(small(), "roll R Y")
    error = refusal(state, "fly 1 a")
    assert error.rule == "both colours must be used if possible"
    assert state.phase == FLY and where(state, 0) == ["east"]


def test_one_colour_is_used_when_the_other_cannot_be(small):
    state = play(small(), "roll R G")  # no green route from East, nor from A after red
    assert legal(state) == {"fly 1 a"}
    assert refusal(state, "pass").rule == "to begin"


def test_a_player_passes_when_no_rolled_colour_leads_anywhere(small):
    state = play(small(), "roll G B")
    assert state.legal_moves() == [Pass()]
    play(state, "pass")
    assert state.to_move() == "bob" and where(state, 0) == ["east"]


def test_the_jet_face_is_any_colour(small):
    state = play(small(), "roll J G")  # green is of no use from East: the jet face goes first, then green
    assert legal(state) == {"fly 1 b", "fly 1 a"}
    state = play(small(), "roll J R")
    assert legal(state) == {"fly 1 a b", "fly 1 a c", "fly 1 a d", "fly 1 b d"}  # red, then anything


def test_a_route_of_the_wrong_colour_is_refused_with_its_colours(small):
    state = play(small(), "roll R R")
    error = refusal(state, "fly 1 b d")
    assert error.rule == "dice colours" and "yellow" in error.reason


def test_only_westward_routes_can_be_flown(small):
    state = play(small(), "roll R R")
    error = refusal(state, "fly 1 c a")
    assert error.rule == "only forward (westward) movement"


# -- TAKE OFF! ---------------------------------------------------------------------------------------------------


def test_take_off_draws_from_the_brown_deck_while_a_jet_is_east(small):
    state = play(small(), "roll T R")
    assert state.phase == DRAW
    assert legal(state) == {"draw a", "draw b"}
    assert refusal(state, "draw c").rule == "TAKE OFF! facet: which deck"
    play(state, "draw b", "send 1")
    assert where(state, 0) == ["b"]
    assert state.phase == FLY and legal(state) == {"fly 1 d"}  # then the other die
    play(state, "fly 1 d")
    assert state.to_move() == "bob"


def test_take_off_draws_from_the_blue_deck_once_every_jet_is_west(small):
    state = small(fleet=2)
    state.pos[0:2] = [state.ctx.world.index["c"], state.ctx.world.index["d"]]
    play(state, "roll T G")
    assert legal(state) == {"draw c", "draw d"}


def test_a_drawn_card_is_gone_until_the_deck_is_used_up(small):
    state = play(small(), "roll T G", "draw a", "send 1", "pass", "roll G B", "pass", "roll T G")
    assert legal(state) == {"draw b"}  # ann's jet on A is east: brown deck, A already drawn
    play(state, "draw b", "send 1", "pass", "roll G B", "pass", "roll T G")
    assert legal(state) == {"draw a", "draw b"}  # the deck ran out and was made again from its discards


def test_a_take_off_card_may_send_a_jet_back_east(small):
    state = small(fleet=2)
    state.pos[0] = state.ctx.world.index["d"]  # jet 2 still at Start: the brown deck
    play(state, "roll T G", "draw a", "send 1")
    assert where(state, 0) == ["a", "east"]


# -- chance: the dice and the decks -----------------------------------------------------------------------------


def odds(state):
    return {GAME.format_move(move): p for move, p in state.chance().items()}


def test_a_roll_is_as_likely_as_the_ordered_outcomes_of_two_dice_that_give_it(small):
    state = small()
    chances = odds(state)
    assert set(chances) == legal(state)  # every roll is chance, nothing else is
    assert chances["roll R R"] == chances["roll T T"] == 1 / 36  # a double: one outcome of 36
    assert chances["roll R Y"] == chances["roll J T"] == 2 / 36  # two faces: either die shows either
    assert sum(p for text, p in chances.items() if text.split()[1] == text.split()[2]) == pytest.approx(1 / 6)
    assert sum(chances.values()) == pytest.approx(1)


def test_a_card_is_drawn_uniformly_from_the_cards_left_in_the_deck(small):
    state = play(small(), "roll T G")
    assert odds(state) == {"draw a": 1 / 2, "draw b": 1 / 2}  # the fresh brown deck: A and B
    play(state, "draw a", "send 1", "pass", "roll G B", "pass", "roll T G")
    assert odds(state) == {"draw b": 1.0}  # A was drawn: only B is left
    play(state, "draw b", "send 1", "pass", "roll G B", "pass", "roll T G")
    assert odds(state) == {"draw a": 1 / 2, "draw b": 1 / 2}  # the deck ran out and was made again


def test_the_world_decks_give_each_capital_one_chance_in_the_deck(small):
    state = play(GAME.new_state(Setup(("ann", "bob"))), "roll T T")
    east = state.ctx.world.decks[0]
    assert set(odds(state).values()) == {1 / len(east)} and len(odds(state)) == len(east) == 96
    play(state, "draw tokyo")  # the second card of the double comes from the same deck, one card short
    assert len(odds(state)) == 95 and "draw tokyo" not in odds(state)
    assert sum(odds(state).values()) == pytest.approx(1)


def test_sending_and_flying_are_the_players_choices_not_chance(small):
    state = play(small(), "roll T R", "draw b")
    assert state.phase == SEND and state.chance() == {}
    play(state, "send 1")
    assert state.phase == FLY and state.chance() == {}


@pytest.mark.parametrize("seed", range(3))
def test_chance_sums_to_one_at_every_step_of_a_random_game(seed):
    import random

    from pnp.referee.driver import playout, random_chooser

    pick = random_chooser(random.Random(seed))
    seen = Counter()

    def check(state, moves, own):
        chances = state.chance()
        if chances:
            assert set(chances) == set(moves) and sum(chances.values()) == pytest.approx(1)
            assert all(p > 0 for p in chances.values())
        seen[state.phase] += bool(chances)
        return pick(state, moves, own)

    table = playout(GAME, Setup(("a", "b", "c"), {"fleet": 2}), check, random.Random(seed))
    assert table.state.is_over() and seen[ROLL] > 0 and seen[DRAW] > 0 and seen[FLY] == seen[SEND] == 0


# -- doubles -----------------------------------------------------------------------------------------------------


def test_a_double_gives_another_turn(small):
    state = play(small(), "roll R R", "fly 1 a c")
    assert state.to_move() == "ann" and state.phase == ROLL
    play(state, "roll G B", "pass")
    assert state.to_move() == "bob"


def test_a_double_that_cannot_be_used_still_gives_another_turn(small):
    state = play(small(), "roll G G", "pass")
    assert state.to_move() == "ann"


def test_double_take_off_moves_a_lone_jet_to_both_cities_in_order(small):
    state = play(small(), "roll T T")
    play(state, "draw b", "draw a")
    assert state.phase == SEND and legal(state) == {"send 1"}
    play(state, "send 1")
    assert where(state, 0) == ["b"]
    play(state, "send 1")
    assert where(state, 0) == ["a"] and state.to_move() == "ann"  # and the double gives another turn


def test_double_take_off_moves_two_different_jets(small):
    state = play(small(fleet=2), "roll T T", "draw a", "draw b", "send 2")
    assert legal(state) == {"send 1"}
    assert refusal(state, "send 2").rule == "doubles"
    play(state, "send 1")
    assert where(state, 0) == ["b", "a"]


# -- bumping and the finish --------------------------------------------------------------------------------------


def test_landing_on_an_opponent_sends_it_back_to_start(small):
    state = play(small(), "roll R Y", "fly 1 a d", "roll R G", "fly 1 a")
    assert where(state, 0) == ["d"] and where(state, 1) == ["a"]
    state = play(small(), "roll R B", "fly 1 a b", "roll Y G", "fly 1 b")
    assert where(state, 0) == ["east"] and where(state, 1) == ["b"]
    assert state.bumped == [(0, 0)]


def test_a_take_off_card_bumps_too(small):
    state = play(small(), "roll R G", "fly 1 a", "roll T G", "draw a", "send 1")
    assert where(state, 0) == ["east"] and where(state, 1) == ["a"]


def test_own_jets_share_a_city(small):
    state = play(small(fleet=2), "roll R R", "fly 1 a 2 a")
    assert where(state, 0) == ["a", "a"]


def test_a_jet_at_finish_leaves_play_and_the_first_full_fleet_wins(small):
    state = small(fleet=2)
    state.pos[0:2] = [state.ctx.world.index["c"], state.ctx.world.index["d"]]
    play(state, "roll R B", "fly 1 west")
    assert where(state, 0) == ["home", "d"] and not state.is_over()
    play(state, "roll G B", "pass", "roll T G")  # bob passes; ann: one jet home, one on D, both west
    assert legal(state) == {"draw c", "draw d"}
    state = small(fleet=2)
    state.pos[0:2] = [HOME, state.ctx.world.index["d"]]
    play(state, "roll R B", "fly 2 west")
    assert state.is_over() and state.to_move() is None and state.legal_moves() == []
    score = state.score()
    assert score.final and score.winners == ("ann",)
    assert score.notes[0] == "order of finish: 1. ann, 2. bob"


def test_play_on_decides_every_place(small):
    state = small(players=("ann", "bob", "cy"), play_on=True)
    west = state.ctx.world.index["c"]
    state.pos[:] = [west, west, west]
    play(state, "roll R G", "fly 1 west")
    assert not state.is_over() and state.to_move() == "bob"
    play(state, "roll R G", "fly 1 west")
    assert state.is_over()
    assert state.score().notes[0] == "order of finish: 1. ann, 2. bob, 3. cy"


def test_the_round_limit_ends_the_game_and_ranks_by_progress(small):
    state = play(small(rounds=1), "roll R G", "fly 1 a", "roll G B", "pass")
    assert state.is_over()
    score = state.score()
    assert score.winners == ("ann",) and [p.score for p in score.players] == [1, 0]
    assert any("limit of 1 round:" in note and "ranked by progress" in note for note in score.notes)


# -- stages: play, then over ------------------------------------------------------------------------------------


def finished(small):
    state = small(fleet=2)
    state.pos[0:2] = [HOME, state.ctx.world.index["d"]]
    return play(state, "roll R B", "fly 2 west")


def test_the_stage_is_play_until_a_fleet_is_home_then_over(small):
    state = small(fleet=2)
    assert state.stage() == "play"
    play(state, "roll T R", "draw a", "send 1")
    assert state.stage() == "play"
    assert finished(small).stage() == "over"


@pytest.mark.parametrize("text", ["roll R Y", "draw a", "send 1", "fly 1 c", "pass"])
def test_once_over_every_move_is_refused_naming_the_stage_the_winner_and_the_score(small, text):
    error = refusal(finished(small), text)
    assert error.rule == "over"
    assert error.reason == f"{STAGE_WORDS['over']}: ann wins; see the scores with 'pnp ref score'"


def test_show_names_the_winner_at_the_end(small):
    shown = finished(small).render_text(None)
    assert shown.splitlines()[1] == "The game is over: ann wins."
    state = play(small(rounds=1), "roll R G", "fly 1 a", "roll G B", "pass")
    assert state.render_text(None).splitlines()[1] == "The game is over at its limit of 1 round: ann wins on progress."


def test_a_tie_at_the_round_limit_names_every_winner(small):
    state = play(small(rounds=1), "roll G B", "pass", "roll G B", "pass")
    assert state.score().winners == ("ann", "bob")
    assert "ann and bob win on progress" in state.render_text(None)
    assert "ann and bob win" in refusal(state, "roll R Y").reason


# -- turn order, options, notation -------------------------------------------------------------------------------


def test_moves_out_of_turn_order_are_refused_with_the_step_expected(small):
    state = small()
    error = refusal(state, "fly 1 a")
    assert error.rule == "turn order" and "roll" in error.reason
    play(state, "roll T R")
    assert refusal(state, "send 1").rule == "turn order"


def test_refusals_name_missing_jets_and_cities(small):
    state = play(small(), "roll R R")
    assert "no jet 3" in refusal(state, "fly 3 a").reason
    with pytest.raises(NotationError, match="there is no city 'atlantis'"):
        GAME.parse_move("fly 1 atlantis")
    assert "no city 'paris'" in refusal_of(state, Fly(((1, ("paris",)),))).reason  # a move made in code


def refusal_of(state, move):
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    return caught.value


@pytest.mark.parametrize("options", [{"fleet": 0}, {"fleet": 9}, {"rounds": 0}, {"fleet": "two"}])
def test_bad_options_are_refused(small, options):
    with pytest.raises(PnpError):
        small(**options)


@pytest.mark.parametrize("players", ["solo", "a,b,c,d,e,f,g"])
def test_one_player_is_too_few_and_seven_too_many(cli, players):
    code, _, err = cli("ref", "new", "take-off", "t.pnp", "--players", players)
    assert code == 1 and "takes 2 to 6 players" in err


@pytest.mark.parametrize(
    "text", ["", "fly", "fly a", "fly 1", "fly 1 a 1 b", "roll R", "roll X R", "send one", "send 0", "pass 1", "hop"]
)
def test_bad_notation_is_a_notation_error(text):
    with pytest.raises(NotationError):
        GAME.parse_move(text)


@pytest.mark.parametrize(
    "text, move",
    [
        ("roll T J", Roll("J", "T")),
        ("draw tokyo", Draw("tokyo")),
        ("send 2", Send(2)),
        ("fly 2 taipei 1 midway", Fly(((1, ("midway",)), (2, ("taipei",))))),
        ("fly 1 midway tokyo", Fly(((1, ("midway", "tokyo")),))),
        ("pass", Pass()),
    ],
)
def test_notation_reads_every_move_kind(text, move):
    assert GAME.parse_move(text) == move
    assert GAME.parse_move(GAME.format_move(move)) == move
