"""One generic test over every registered game, through the protocol alone (as OpenSpiel does)."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.games import REGISTRY
from pnp.referee import notation, session
from pnp.referee.driver import Table
from pnp.referee.protocol import Commit, Reveal, Secret, Setup

GAMES = sorted(REGISTRY)


def _players(name: str, rng: random.Random) -> tuple[str, ...]:
    game = REGISTRY[name].rules()
    count = rng.randint(game.min_players, game.max_players)
    return tuple(f"p{i + 1}" for i in range(count))


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_legal_games_end_and_every_listed_move_round_trips(name, seed):
    rng = random.Random(seed)
    game = REGISTRY[name].rules()
    setup = Setup(_players(name, rng), {o.key: o.default for o in game.options}, seed)
    table = Table(game, game.new_state(setup))
    steps = 0
    while not table.state.is_over():
        moves = table.state.legal_moves()
        assert moves, "a game that is not over always offers a move"
        assert table.state.to_move() in setup.players
        for move in moves:
            if not isinstance(move, (Secret, Reveal, Commit)):
                text = game.format_move(move)
                assert game.parse_move(text) == move and game.format_move(game.parse_move(text)) == text
        table.play(rng.choice(moves))
        steps += 1
        assert steps < 50_000
    assert table.state.to_move() is None and table.state.legal_moves() == []
    score = table.state.score()
    assert score.final and score.winners
    assert {p.name for p in score.players} == set(setup.players)
    for row in score.players:
        assert row.score == sum(row.breakdown.values()) or not row.breakdown


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_a_recorded_game_replays_to_the_same_state_and_score(tmp_path, name, seed):
    rng = random.Random(seed)
    game = REGISTRY[name].rules()
    path = tmp_path / f"{name}-{seed}.pnp"
    path.unlink(missing_ok=True)
    for key in tmp_path.glob(f"{path.name}.*"):
        key.unlink()
    current = session.new(path, name, list(_players(name, rng)), [], seed, None)
    while not current.state.is_over():
        move = rng.choice(current.state.legal_moves())
        current.play(notation.format(game, move))
        if rng.random() < 0.05 and current.played and not isinstance(current.played[-1][1], Reveal):
            current.undo()
    current.save()
    replayed = session.load(path)
    assert replayed.state.score() == current.state.score()
    assert replayed.state.render_text(None) == current.state.render_text(None)
    assert replayed.events == current.events


@functools.cache
def _verbs(name: str) -> list[str]:
    """The first words of the moves a random game lists (the game's notation verbs)."""
    rng = random.Random(3)
    game = REGISTRY[name].rules()
    setup = Setup(_players(name, rng), {o.key: o.default for o in game.options}, 3)
    table = Table(game, game.new_state(setup))
    verbs: set[str] = set()
    while not table.state.is_over() and len(table.history) < 400:
        moves = table.state.legal_moves()
        verbs.update(notation.format(game, m).split()[0] for m in moves)
        table.play(rng.choice(moves))
    return sorted(verbs)


words = st.one_of(
    st.text(max_size=8),
    st.from_regex(r"[0-9]{1,12}", fullmatch=True),
    st.sampled_from(["³", "٣", "9" * 5000, "-1", "0", "1.5", "", ",", "B,,G", "a1", "z99"]),
)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_words_after_a_verb_give_a_notation_error_or_a_move(name, data):
    from pnp.errors import NotationError

    verb = data.draw(st.sampled_from(_verbs(name)))
    text = " ".join([verb, *data.draw(st.lists(words, max_size=5))])
    game = REGISTRY[name].rules()
    try:
        notation.parse(game, text)
    except NotationError as exc:
        assert "\n" not in str(exc)
