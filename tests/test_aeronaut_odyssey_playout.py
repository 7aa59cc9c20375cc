"""Random legal games of Aeronaut Odyssey to the end, with invariants checked after every input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.moves import unseen

from pnp.errors import IllegalMove, NotationError
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, W, compile_board
from pnp.games.aeronaut_odyssey.bots import BOTS
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import ABILITIES, EXPANSIONS, LETTERS, ROUTE_POINTS, TYPES
from pnp.games.aeronaut_odyssey.notation import SHAPES, AeroMove, format_move, parse
from pnp.games.aeronaut_odyssey.rules import AeronautOdyssey
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.referee.protocol import Setup

FULL = compile_board(generate(3, Knobs(expansions=EXPANSIONS)))


def check_invariants(state: AeroState) -> None:
    n = len(state.players)
    assert all(b >= 0 for b in state.blank) and all(h >= 0 for h in state.held)
    assert all(0 <= v <= s for v, s in zip(state.visits, state.board.slots))
    assert sum(state.visits) >= sum(1 for p in state.pos if p != state.board.capital)
    for k, lane in enumerate(state.board.lanes):
        if lane.kind == MULTI:
            assert state.owner[k] == -1
        elif n == 2 and lane.partner >= 0:
            assert state.owner[k] < 0 or state.owner[lane.partner] < 0, "2 players: one lane of a double only"
    for takers, goal in zip(state.goal_takers, state.board.goals):
        assert len(takers) <= goal.slots and len(set(takers)) == len(takers)
    if not state.is_over():
        assert state.to_move() in state.players and state.legal_moves()


def play_randomly(state: AeroState, rng: random.Random, game: AeronautOdyssey) -> int:
    steps, seen = 0, set[AeroMove]()
    while not state.is_over():
        moves = state.legal_moves()
        for move in unseen(moves, seen):
            assert parse(format_move(move)) == move
        move = rng.choice(moves)
        state.apply(game.parse_move(game.format_move(move)))
        check_invariants(state)
        steps += 1
        assert steps < 5000
    return steps


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), variant=st.sampled_from(VARIANTS))
def test_random_games_with_every_expansion_end_with_a_consistent_score(seed, players, variant):
    game = AeronautOdyssey()
    state = AeroState(FULL, tuple(f"p{i + 1}" for i in range(players)), variant)
    play_randomly(state, random.Random(seed), game)
    assert state.to_move() is None and state.legal_moves() == []
    can_act = [state._can_act(p) for p in range(players)]
    assert not state.open_lanes or not any(can_act), "the game ends only when routes run out or nobody can act"
    score = state.score()
    assert score.final and set(score.winners) == {
        r.name for r in score.players if r.score == max(x.score for x in score.players)
    }
    routes = [0] * players
    for k, lane in enumerate(FULL.lanes):
        if lane.kind != MULTI and state.owner[k] >= 0:
            routes[state.owner[k]] += ROUTE_POINTS[lane.length]
    multi_points = [r.breakdown["routes"] - routes[p] for p, r in enumerate(score.players)]
    assert all(x >= 0 for x in multi_points)
    for row in score.players:
        assert row.score == sum(row.breakdown.values())


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6))
def test_random_games_on_generated_base_maps_end(seed, players):
    game = AeronautOdyssey()
    state = game.new_state(Setup(tuple(f"p{i + 1}" for i in range(players)), {}, seed % 50))
    play_randomly(state, random.Random(seed), game)
    assert state.score().final


def _candidates(state: AeroState) -> list[AeroMove]:
    """Many well-formed moves, legal or not, for the input asked now."""
    board = state.board
    letters = [*LETTERS, "w"]
    moves = [AeroMove("gain", t) for t in [*LETTERS, "space"]]
    moves += [AeroMove("pick", t) for t in letters]
    moves += [AeroMove("swap", a, b) for a in letters for b in LETTERS if a != b] + [AeroMove("skip")]
    moves += [AeroMove("use", a) for a in ABILITIES] + [AeroMove("block"), AeroMove("allow")]
    moves += [AeroMove("move", c + lane) for c in board.cities for lane in ("", "/2")]
    for lane in board.lanes:
        if lane.kind == MULTI:
            moves += [AeroMove("claim", f"{lane.name}:{s + 1}", t) for s in range(lane.length) for t in letters]
        else:
            kinds = [LETTERS[lane.type]] if lane.kind == COLOUR else LETTERS
            for t in kinds:
                for cost in {lane.length, lane.length - 1}:
                    moves += [AeroMove("claim", lane.name, t * (cost - w) + "w" * w) for w in range(cost + 1) if cost]
    return moves


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), variant=st.sampled_from(VARIANTS))
def test_a_move_is_accepted_exactly_when_it_is_listed(seed, players, variant):
    rng = random.Random(seed)
    state = AeroState(FULL, tuple(f"p{i + 1}" for i in range(players)), variant)
    for _ in range(rng.randint(0, 150)):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_moves()))
    if state.is_over():
        return
    legal = set(state.legal_moves())
    for move in _candidates(state):
        trial = state.clone()
        try:
            trial.apply(move)
            accepted = True
        except IllegalMove as refusal:
            assert refusal.reason and refusal.rule
            accepted = False
        assert accepted == (move in legal), format_move(move)


def test_clone_is_independent():
    state = AeroState(FULL, ("a", "b", "c"))
    rng = random.Random(4)
    for _ in range(60):
        state.apply(rng.choice(state.legal_moves()))
    copy = state.clone()
    before = state.render_text(None)
    while not copy.is_over():
        copy.apply(rng.choice(copy.legal_moves()))
    assert state.render_text(None) == before


@pytest.mark.parametrize(
    "text",
    [
        "move F",
        "move F/2",
        "move AB",
        "pick r",
        "pick w",
        "claim C-F rrw",
        "claim C-F/2 bb",
        "claim C-F:2 g",
        "gain g",
        "gain space",
        "swap r g",
        "swap w b",
        "skip",
        "use jump",
        "use discount",
        "use extra",
        "block",
        "allow",
    ],
)
def test_canonical_notation_round_trips(text):
    assert format_move(parse(text)) == text


def test_the_notation_puts_routes_and_payments_in_order():
    assert format_move(parse("claim  F-C  wrr")) == "claim C-F rrw"
    assert format_move(parse("claim AB-Z/2 ggg")) == "claim Z-AB/2 ggg"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly F",
        "move",
        "move F/3",
        "move F-2",
        "pick x",
        "claim C-C rr",
        "claim C-F",
        "claim C-F:7 r",
        "claim C-F rrrrrrr",
        "gain w",
        "swap r r",
        "swap r w",
        "use teleport",
        "block now",
        "skip 2",
    ],
)
def test_bad_notation_says_what_was_expected(text):
    with pytest.raises(NotationError, match="expected|starts with"):
        parse(text)


def test_the_greedy_bot_beats_the_random_bot():
    game = AeronautOdyssey()
    wins = 0
    for seed in range(40):
        seats = ("greedy", "random") if seed % 2 == 0 else ("random", "greedy")
        state = game.new_state(Setup(seats, {}, seed % 7))
        bots = {name: BOTS[name](random.Random(seed)) for name in seats}
        while not state.is_over():
            state.apply(bots[state.to_move()](state, state.legal_moves(), {}))
        wins += state.score().winners == ("greedy",)
    assert wins >= 32  # random would win about 20 of 40; 32 is far beyond chance


def test_the_text_view_hides_other_inventories_when_asked():
    state = AeroState(FULL, ("ann", "bob"), hidden=True)
    state.apply(parse("gain r"))
    assert "bob: at A (start); 1 balloon;" in state.render_text("ann")
    assert "bob: at A (start); 1 red;" in state.render_text("bob")
    assert W == len(LETTERS)


def test_hidden_inventories_are_kept_from_the_other_seats_but_not_from_the_record():
    game = AeronautOdyssey()
    state = game.new_state(Setup(("ann", "bob"), {"hidden_inventories": True}, 3))
    move = next(m for m in state.legal_moves() if m.verb == "gain")
    state.apply(move)
    kind = move.arg
    assert "1 balloon" in state.render_text("ann") and "1 balloon" not in state.render_text("bob")
    assert state.private("bob")["inventory"].startswith(f"1 {TYPES[LETTERS.index(kind)]}")
    assert state.private("ann")["inventory"].startswith("no balloons") and state.private("cy") == {}
    assert game.public_text(move) == "gain a balloon"
    assert kind in game.format_move(move).split()  # the record and `ref play` still show what bob took
    help_text = next(o.help for o in game.options if o.key == "hidden_inventories")
    assert "owner only" in help_text and "record" in help_text


NUMBERS = st.one_of(
    st.integers(0, 99).map(str),
    st.text(st.characters(categories=("Nd", "No")), min_size=1, max_size=3),  # '³', '٣', '①' ...
    st.just("7" * 5000),  # more digits than int() reads
)
WORDS = st.one_of(
    st.text(max_size=6),
    NUMBERS,
    st.tuples(st.sampled_from(["C-F", "F-C", "A-AB"]), st.sampled_from(["", ":", "/"]), NUMBERS).map("".join),
    st.sampled_from(["F", "F/2", "r", "w", "rrw", "space", "jump"]),
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(list(SHAPES)), st.lists(WORDS, max_size=3))
def test_a_verb_with_any_words_is_a_move_or_a_notation_error(verb, words):
    try:
        move = parse(" ".join([verb, *words]))
    except NotationError:
        return
    assert parse(format_move(move)) == move


def test_the_greedy_bot_takes_a_balloon_of_choice_into_its_last_free_space():
    state = AeroState(FULL, ("p1", "p2"))
    assert state.to_move() == "p2" and state.asked() == "take a balloon"  # p2's compensation
    state.blank[1] = 1
    move = BOTS["greedy"](random.Random(0))(state, state.legal_moves(), {})
    assert move.verb == "gain" and move.arg in LETTERS  # a balloon: no inventory space is offered here
