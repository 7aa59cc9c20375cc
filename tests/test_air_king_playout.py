"""Air King played out by random legal moves: invariants after every move, notation, and legal = accepted."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.moves import unseen

from pnp.errors import IllegalMove, NotationError
from pnp.games.air_king.actions import DRAW, LANDED, OVER, STORM
from pnp.games.air_king.model import CARD_TYPES
from pnp.games.air_king.notation import AirMove, MoveTable
from pnp.games.air_king.rules import AirKing
from pnp.games.air_king.state import AirKingState
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Move, Reveal, Secret, Setup

GAME = AirKing()
STORM_T, HOLD_T = CARD_TYPES.index("storm"), CARD_TYPES.index("hold")


def check_invariants(state: AirKingState) -> None:
    data, field = state.rules.data, state.rules.field
    storms = sum(1 for thing in state.occ if thing == STORM)
    for t, kind in enumerate(CARD_TYPES):
        on_field = storms if t == STORM_T else sum(state.held) if t == HOLD_T else 0
        held = sum(hand[t] for hand in state.hands)
        assert state.draw[t] + state.discard[t] + held + on_field == data.event(kind).count, kind
    for a, p in enumerate(state.pos):
        if p >= 0:
            assert state.occ[p] == a + 1
            h = state.rules.home[a]
            assert field.progress[h][p] <= field.landed_progress - 1  # never past the destination airport
        else:
            assert not state.held[a] and (p == LANDED) == bool(state.landed >> a & 1)
        if state.held[a]:
            assert p not in field.runway
    assert sum(1 for thing in state.occ if thing > 0) == sum(1 for p in state.pos if p >= 0)
    assert 0 <= state.moves_left <= data.moves_per_turn and state.cards_played <= data.cards_per_turn
    if state.phase == DRAW:
        assert all(state.hand_size(s) <= data.hand_limit for s in range(len(state.players)) if s != state.seat)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), rounds=st.sampled_from([3, 15, 40]))
@example(seed=490674, players=2, rounds=40)  # a claim with a goal card already public, refused
def test_random_games_keep_every_invariant_and_end_with_a_winner(seed, players, rounds):
    rng = random.Random(seed)
    setup = Setup(tuple(f"p{i + 1}" for i in range(players)), {"rounds": rounds}, seed)
    table = Table(GAME, GAME.new_state(setup))
    landed, technical, seen = 0, [True] * players, set[Move]()
    while not table.state.is_over():
        moves = table.state.legal_moves()
        assert moves
        for move in unseen(moves, seen):
            if isinstance(move, AirMove):
                assert GAME.parse_move(GAME.format_move(move)) == move
        move = rng.choice(moves)
        try:
            table.play(move)
        except IllegalMove as refusal:  # a claim with a goal card already public: the player chooses again
            assert isinstance(move, Reveal) and refusal.rule == "one of each goal card"
            continue
        state = table.state
        check_invariants(state)
        assert state.landed & landed == landed  # a landed aircraft stays landed
        landed = state.landed
        assert all(now <= before for now, before in zip(state.technical, technical))  # once per player
        technical = list(state.technical)
        assert state.round <= rounds
    score = table.state.score()
    assert score.final and score.winners and table.state.phase == OVER
    if table.state.winner >= 0:
        winner = table.state.winner
        mask = table.state.rules.goal_masks[table.state.goals[winner]]
        assert mask & table.state.landed == mask and score.winners == (setup.players[winner],)


def _every_move(table: MoveTable) -> list[AirMove]:
    moves = [m for rows in (table.depart, table.fly, table.diagonal) for row in rows for m in row]
    moves += [*table.land, *table.storm, *table.clear, *table.hold, *table.back, *table.passing.values()]
    moves += [*table.draw, *table.discard, table.end, *table.extra.values()]
    return moves


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_listed_moves_are_exactly_the_moves_the_rules_accept(seed):
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("p1", "p2", "p3"), {"rounds": 12}, seed)))
    candidates = _every_move(table.state.rules.table)
    checked = 0
    while not table.state.is_over():
        moves = table.state.legal_moves()
        if table.state.phase >= DRAW and rng.random() < 0.05:
            listed = {m for m in moves if isinstance(m, AirMove)}
            for move in candidates:
                probe = table.state.clone()
                try:
                    probe.apply(move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in listed), (GAME.format_move(move), table.state.render_text(None))
            checked += 1
        table.play(rng.choice(moves))
    assert checked


def test_non_canonical_notation_reads_the_same():
    assert GAME.parse_move("PASS 8 3") == GAME.parse_move("pass 3 8") == AirMove("pass", 3, other=8)
    assert GAME.parse_move("  Extra  Fly 3 B2 ") == AirMove("fly", 3, "b2", extra=True)
    assert GAME.format_move(GAME.parse_move("extra land 10")) == "extra land 10"
    for text in (
        "draw storm",
        "depart 3 a2",
        "fly 10 c5",
        "land 1",
        "diagonal 4 d1",
        "storm c3",
        "clear c3",
        "hold 7",
        "pass 2 9",
        "return 6",
        "end",
        "discard clear",
        "extra depart 1 a4",
    ):
        assert GAME.format_move(GAME.parse_move(text)) == text


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 -", max_size=24))
def test_any_text_parses_or_fails_with_a_notation_error(text):
    try:
        move = GAME.parse_move(text)
    except NotationError as error:
        assert str(error).startswith("cannot read")
        return
    assert GAME.parse_move(GAME.format_move(move)) == move


def test_bad_notation_says_what_was_expected():
    for text, wanted in (
        ("fly 3", "expected 'fly N SPACE'"),
        ("extra storm c3", "'extra' comes before depart, fly or land"),
        ("draw joker", "there is no event card 'joker'"),
        ("fly x b2", "'x' is not an aircraft number"),
        ("storm 3c", "'3c' is not a space"),
        ("pass 3 3", "two different aircraft"),
        ("", "expected one of"),
    ):
        try:
            GAME.parse_move(text)
        except NotationError as error:
            assert wanted in str(error), (text, str(error))
        else:
            raise AssertionError(text)


def test_each_goal_is_entered_as_a_secret_and_never_kept_in_the_state():
    table = Table(GAME, GAME.new_state(Setup(("p1", "p2"))))
    assert [m.value for m in table.state.legal_moves()] == [str(n) for n in range(1, 11)]
    table.play(Secret("goal", "7"))
    table.play(Secret("goal", "3"))
    assert table.secrets_of("p1") == {"goal": "7"}
    assert "7" not in repr(table.state.__dict__.get("goals")) and table.state.goals == [-1, -1]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_usage_counts_every_flight_by_the_space_it_ended_on(seed):
    from pnp.games import REGISTRY

    table = playout(GAME, Setup(("p1", "p2"), {"rounds": 10}, seed), random_chooser(random.Random(seed)))
    used = REGISTRY["air-king"].usage(table.state, table.history)
    assert set(used) == {f"space:{name}" for name in table.state.rules.field.names}
    flights = [m for m in table.history if isinstance(m, AirMove) and m.action in ("depart", "fly", "diagonal")]
    assert sum(used.values()) == len(flights) > 0
    for move in flights[:5]:
        assert used[f"space:{move.cell}"] >= 1
    assert any(used[f"space:{name}"] for name in table.state.rules.field.names if name[0] in "ag")  # departures


def test_sim_reports_the_most_and_least_used_spaces(cli):
    import json

    code, out, _ = cli("sim", "air-king", "--games", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["most_used"] and data["least_used"]
    assert all(key.startswith("space:") for key, _ in data["most_used"] + data["least_used"])
    assert data["most_used"][0][1] >= data["least_used"][0][1]
