"""Aeronaut Odyssey at the table: stages and refusals, names as printed, button labels, what each seat may see."""

from __future__ import annotations

import random

import pytest

from pnp.errors import IllegalMove, NotationError
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import compile_board
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import EXPANSIONS, TYPES
from pnp.games.aeronaut_odyssey.notation import AeroMove, format_move, parse
from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.referee import session
from pnp.referee.protocol import STAGE_WORDS, Reveal, Setup

GAME = AeronautOdyssey()
FULL = compile_board(generate(11, Knobs(expansions=EXPANSIONS)))


def random_game(seed: int, players: int = 3, variant: str = "none", hidden: bool = False) -> list[AeroState]:
    """Every state of a random game on the map with every expansion, the end included."""
    rng = random.Random(seed)
    state = AeroState(FULL, tuple(f"p{i + 1}" for i in range(players)), variant, hidden)
    states = [state.clone()]
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        states.append(state.clone())
    return states


# -- stages ------------------------------------------------------------------------------------------------------


def test_the_stages_are_set_up_while_compensation_is_taken_then_play_then_over():
    states = random_game(1, players=4)
    stages = [s.stage() for s in states]
    assert stages[0] == "set-up" and stages[-1] == "over"
    first_play = stages.index("play")
    assert set(stages[:first_play]) == {"set-up"}, "set-up comes first, once"
    assert first_play == 1 + 1 + 2, "seats 2, 3 and 4 take 1, 1 and 2 compensation balloons"
    assert set(stages[first_play:-1]) == {"play"}
    assert all(s.queue[0][0] == "balloon" for s in states[:first_play])


@pytest.mark.parametrize("seed, variant", list(zip(range(2, 6), VARIANTS)))
def test_a_move_of_another_stage_is_refused_naming_the_stage_in_force(seed, variant):
    states = random_game(seed, players=3, variant=variant)
    listed: dict[str, set[AeroMove]] = {}
    for state in states:
        listed.setdefault(state.stage(), set()).update(state.legal_moves())
    assert set(listed) == {"set-up", "play", "over"}
    for state in states[:: max(1, len(states) // 25)] + [states[-1]]:
        legal = set(state.legal_moves())
        for stage, moves in listed.items():
            for move in moves - legal if stage != state.stage() else ():
                trial = state.clone()
                with pytest.raises(IllegalMove) as refused:
                    trial.apply(move)
                assert str(refused.value).startswith(STAGE_WORDS[state.stage()]), str(refused.value)


def test_set_up_refusals_name_the_player_and_the_next_step():
    state = GAME.new_state(Setup(("ann", "bob", "cy", "dee"), {}, 5))
    for text in ("move L", "gain space", "pick r", "use jump"):
        with pytest.raises(IllegalMove) as refused:
            state.apply(parse(text))
        assert refused.value.rule == "set-up"
        assert refused.value.reason.startswith("during set-up: ")
        assert (
            "bob, take a balloon of choice for seat 2" in refused.value.reason and "'gain TYPE'" in refused.value.reason
        )
    state.apply(parse("gain red"))
    state.apply(parse("gain red"))
    with pytest.raises(IllegalMove, match="dee, take 2 balloons of choice for seat 4"):
        state.apply(parse("move L"))


def test_play_refusals_keep_their_rule_after_the_stage():
    state = AeroState(FULL, ("ann", "bob"))
    state.apply(parse("gain r"))  # bob's compensation
    with pytest.raises(IllegalMove) as refused:
        state.apply(parse("claim A-B rr"))
    assert refused.value.reason.startswith("during play: ") and refused.value.rule.startswith("claim")
    with pytest.raises(IllegalMove) as refused:
        state.apply(Reveal("goal"))
    assert (
        refused.value.reason
        == "during play: Aeronaut Odyssey has no secrets; ann must move or claim (or use an ability)"
    )


def test_after_the_end_every_move_is_refused_with_where_to_find_the_score():
    end = random_game(6)[-1]
    assert end.is_over() and end.stage() == "over"
    with pytest.raises(IllegalMove) as refused:
        end.apply(parse("skip"))
    assert refused.value.rule == "over"
    assert refused.value.reason.startswith("the game is over: ") and "'pnp ref score'" in refused.value.reason


# -- names as printed --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, recorded",
    [
        ("move f", "move F"),
        ("MOVE aB/2", "move AB/2"),
        ("pick Red", "pick r"),
        ("pick wildcard", "pick w"),
        ("pick Wild", "pick w"),
        ("claim f-c red RED wild", "claim C-F rrw"),
        ("claim F\u2013C wrr", "claim C-F rrw"),
        ("claim c-f/2 blue,blue", "claim C-F/2 bb"),
        ("claim c-f:02 Green", "claim C-F:2 g"),
        ("gain Purple", "gain p"),
        ("gain SPACE", "gain space"),
        ("swap wildcard orange", "swap w o"),
        ("use J", "use jump"),
        ("use Discount", "use discount"),
        ("Skip", "skip"),
        ("BLOCK", "block"),
    ],
)
def test_moves_accept_printed_names_in_any_case_and_record_the_canonical_form(typed, recorded):
    assert format_move(parse(typed)) == recorded
    assert parse(recorded) == parse(typed)


@pytest.mark.parametrize(
    "typed, says",
    [
        ("pick rde", "there is no balloon type 'rde'; did you mean 'red'?"),
        ("pick purpel", "did you mean 'purple'?"),
        ("use jmp", "there is no ability 'jmp'; did you mean 'jump'?"),
        ("pick gray", "a gray route gives a wildcard"),
        ("gain wild", "a balloon of choice is one of the six types, never a wildcard"),
        ("claim C-F red red red red red red red", "a payment is 1 to 6 balloons, not 7"),
    ],
)
def test_an_unknown_name_suggests_the_nearest(typed, says):
    with pytest.raises(NotationError) as refused:
        parse(typed)
    assert says in str(refused.value)


def test_a_city_or_route_the_map_lacks_is_refused_with_the_ones_it_has():
    board = FULL
    state = AeroState(board, ("ann", "bob"))
    state.apply(parse("gain r"))
    with pytest.raises(IllegalMove, match="there is no city ZZ on this map: its cities are A, B, C"):
        state.apply(parse("move zz"))
    here = board.cities[board.capital]
    linked = sorted({board.cities[c] for _, c in board.exits[board.capital]})
    far = next(c for c in board.cities if c not in linked and c != here)
    with pytest.raises(IllegalMove) as refused:
        state.apply(parse(f"move {far.lower()}"))
    assert f"no route joins {here} to {far}: from {here} you can travel to {', '.join(linked)}" in str(refused.value)
    state.held[6] = 6  # ann holds wildcards, so only the route's name can be wrong
    with pytest.raises(IllegalMove) as refused:
        state.apply(parse(f"claim {here}-{far} w"))
    routes_at_capital = {board.lanes[k].name for k, _ in board.exits[board.capital]}
    assert all(name in str(refused.value) for name in routes_at_capital)


def test_the_referee_records_what_was_typed_loosely_in_canonical_form(tmp_path):
    record = tmp_path / "g.pnp"
    current = session.new(record, "aeronaut-odyssey", ["ann", "bob"], [], 3, None)
    assert current.play("gain Orange") == "bob: gain o"
    city = current.state.board.cities[current.state.board.exits[current.state.board.capital][0][1]]
    assert current.play(f"move {city.lower()}") == f"ann: move {city}"
    current.save()
    assert session.load(record).played[-1] == ("ann", parse(f"move {city}"))


# -- labels and privacy for the table page ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, label",
    [
        ("move F", "move to F"),
        ("move F/2", "move to F over lane 2"),
        ("pick r", "pick red"),
        ("pick w", "pick a wildcard"),
        ("claim C-F rrw", "claim C-F with 2 red + 1 wildcard"),
        ("claim C-F/2 bbb", "claim C-F lane 2 with 3 blue"),
        ("claim C-F:2 g", "claim space 2 of C-F with 1 green"),
        ("gain y", "gain a yellow balloon"),
        ("gain o", "gain an orange balloon"),
        ("gain space", "gain an inventory space"),
        ("swap w p", "swap a wildcard for purple"),
        ("swap o b", "swap orange for blue"),
        ("skip", "skip the swap"),
        ("use jump", "use jump: move to any city with a free slot"),
        ("use discount", "use discount: claim for one balloon less"),
        ("use extra", "use extra: pick 3 balloons"),
        ("block", "block the pick (no reward)"),
        ("allow", "allow the pick (be rewarded)"),
    ],
)
def test_a_button_reads_with_the_printed_names(move, label):
    assert GAME.label(parse(move)) == label


def test_every_listed_move_has_its_own_label():
    for state in random_game(7, players=4, variant="block")[::3]:
        moves = state.legal_moves()
        labels = [GAME.label(m) for m in moves]
        assert all(labels) and len(set(labels)) == len(labels), labels


@pytest.mark.parametrize(
    "move, public",
    [
        ("pick r", "pick a balloon"),
        ("pick w", "pick a balloon"),
        ("gain g", "gain a balloon"),
        ("swap r g", "swap a balloon"),
        ("claim C-F rrw", "claim C-F with 3 balloons"),
        ("claim C-F:2 w", "claim space 2 of C-F with 1 balloon"),
        ("gain space", None),
        ("move F/2", None),
        ("use jump", None),
        ("skip", None),
        ("block", None),
    ],
)
def test_the_other_seats_see_no_balloon_type_in_the_log(move, public):
    assert GAME.public_text(parse(move)) == public


def test_with_hidden_inventories_each_seat_alone_sees_its_balloons():
    for state in random_game(8, players=3, hidden=True)[::10]:
        for p, name in enumerate(state.players):
            mine = state.private(name)
            assert set(mine) == {"inventory"}
            held = state.inventory(p)
            for t, word in enumerate((*TYPES, "wildcard")):
                assert (f"{held[t]} {word}" in mine["inventory"]) == (held[t] > 0)
    open_state = random_game(8, players=3)[40]
    assert all(open_state.private(name) == {} for name in open_state.players), "open inventories hide nothing"


def test_a_block_asks_the_owner_about_the_type_picked_and_by_whom():
    for seed in range(40):
        for state in random_game(seed, players=3, variant="block"):
            if state.queue and state.queue[0][0] == "block":
                t = state.queue[0][2]
                picker = state.players[next(p for k, p, _ in state.queue if k != "block")]
                asked = state.asked()
                assert asked == f"allow {picker}'s pick of {(*TYPES, 'wildcard')[t]} (and be rewarded) or block it"
                return
    pytest.fail("no block was asked in 40 games")
