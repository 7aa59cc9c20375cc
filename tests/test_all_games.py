"""One generic test over every registered game, through the protocol alone (as OpenSpiel does)."""

from __future__ import annotations

import collections
import dataclasses
import functools
import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.games import EXAMPLE, GAMES, SPECS, registered
from support.moves import playable

from pnp.errors import IllegalMove
from pnp.games import REGISTRY
from pnp.games.spec import ChanceKind, GameSpec, Hidden, MapKind
from pnp.referee import notation, session
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Commit, Game, Reveal, Secret, Setup
from pnp.texts import toolkit

pytestmark = registered  # the guide's example is tested as a registered game


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
@settings(max_examples=100, deadline=None)  # reading a number with int() (a crash on "³") is caught from 75 on
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


# -- declared traits hold in play -------------------------------------------------------------------------------


@dataclasses.dataclass
class Seen:
    """What random games of a game showed: chance, odds that shift, secrets (during play too), private hands."""

    chance: bool = False
    shifting_odds: bool = False
    secrets: bool = False
    sealed_in_play: set[str] = dataclasses.field(default_factory=set)  # the slots of secrets sealed during play
    private: bool = False


def _option_sets(game: Game) -> list[dict[str, bool | int | str]]:
    """The defaults, and the defaults with every true-or-false option on (what an option may hide shows)."""
    defaults = {o.key: o.default for o in game.options}
    return [defaults, {o.key: True if isinstance(o.default, bool) else o.default for o in game.options}]


@functools.cache
def seen_in_play(name: str) -> Seen:
    """What three seeded random games of ``name``, under each of :func:`_option_sets`, showed."""
    seen, odds = Seen(), collections.defaultdict(set)
    game = REGISTRY[name].rules()
    for options in _option_sets(game):
        for seed in range(3):
            setup = Setup(tuple(f"p{i + 1}" for i in range(game.min_players)), options, seed)
            history = playout(game, setup, random_chooser(random.Random(seed)), random.Random(seed)).history
            state = game.new_state(setup)
            for move in history:
                for outcome, p in state.chance().items():
                    odds[outcome].add(round(p, 9))
                listed = [m for m in state.legal_moves() if isinstance(m, Secret)]
                seen.secrets |= bool(listed)
                if state.stage() == "play":
                    seen.sealed_in_play.update(secret.slot for secret in listed)
                seen.private |= any(state.private(player) for player in state.players)
                state.apply(move)
    seen.chance = bool(odds)
    seen.shifting_odds = any(len(values) > 1 for values in odds.values())
    return seen


def trait_mismatches(spec: GameSpec, seen: Seen) -> Iterator[str]:
    """Each trait ``spec`` declares that the game's behaviour (``seen``, its rules and hooks) contradicts."""
    traits, game = spec.traits, spec.rules()
    if (game.min_players, game.max_players) != (traits.min_players, traits.max_players):
        yield f"players: the rules take {game.min_players}-{game.max_players}"
    if bool(traits.chance) != seen.chance:
        yield f"chance {sorted(k.value for k in traits.chance)}: chance inputs {'' if seen.chance else 'never '}listed"
    if ChanceKind.DECK in traits.chance and not seen.shifting_odds:
        yield "chance: a deck, but no outcome's odds ever changed as it was drawn"
    for kind, shown in ((Hidden.SECRETS, seen.secrets), (Hidden.PRIVATE_HANDS, seen.private)):
        if (kind in traits.hidden) != shown:
            yield f"hidden: {kind.value} {'declared' if kind in traits.hidden else 'not declared'}, shown: {shown}"
    rounds = set(game.round_secrets)
    if traits.simultaneous != bool(rounds) or traits.simultaneous != bool(seen.sealed_in_play):
        yield f"simultaneous={traits.simultaneous}: round secrets {sorted(rounds)}, sealed in play {seen.sealed_in_play}"
    if not seen.sealed_in_play <= rounds:
        yield f"secrets sealed during play but not among the rules' round_secrets: {seen.sealed_in_play - rounds}"
    setup = Setup(tuple(f"p{i + 1}" for i in range(game.min_players)), seed=7)
    inputs = game.rules_inputs(setup)
    generated = any(isinstance(source, str) for source in inputs)
    if (MapKind.GENERATED in traits.maps) != generated:
        yield f"maps: generated {'declared' if MapKind.GENERATED in traits.maps else 'not declared'}: {generated}"
    if (MapKind.CUSTOM in traits.maps) != (spec.maps is not None):
        yield "maps: a custom map is declared exactly when the game has map hooks (GameSpec.maps)"
    if MapKind.FIXED in traits.maps and (generated or not inputs):
        yield "maps: a fixed map, but a session without a map file reads none"


SIMULTANEOUS = [name for name, spec in SPECS.items() if spec.traits.simultaneous]


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_the_referee_names_each_round_and_refuses_a_reveal_before_every_seat_has_sealed(tmp_path, name):
    game, rng = REGISTRY[name].rules(), random.Random(5)
    players = [f"p{i + 1}" for i in range(max(game.min_players, 2))]
    path = tmp_path / "game.pnp"
    current = session.new(path, name, players, [], 5, None)
    refused = 0
    while not current.state.is_over():
        mover = current.state.to_move()
        listed = {move.slot for move in current.state.legal_moves() if isinstance(move, Secret)}
        due = [secret for secret in game.round_secrets if secret in listed]
        if due and refused < 3:  # the mover has not sealed this round yet: nobody may reveal it
            current.save()
            before = path.read_bytes()
            named = re.escape(game.secret_name(due[0]))  # the secret in the game's words, as players read it
            with pytest.raises(
                IllegalMove, match=f"{toolkit()('referee.everyone')}: .*{mover}.* must seal {named} for round"
            ):
                session.load(path).play(f"reveal {due[0]}", mover)
            assert path.read_bytes() == before
            refused += 1
        current.play(notation.format(game, rng.choice(playable(current, mover))), mover)
    for secret in game.round_secrets:
        for player in players:
            sealed = [slot for owner, slot in current.commitments if owner == player and slot.startswith(secret)]
            assert len(sealed) > 1  # the game went on for more than one round
            assert sealed == [f"{secret}{n}" for n in range(1, len(sealed) + 1)]
    current.save()
    assert session.load(path).state.score() == current.state.score()


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_trait_shows_in_play(name):
    assert not list(trait_mismatches(REGISTRY[name], seen_in_play(name)))


def test_a_trait_declared_wrongly_is_found():
    honest = REGISTRY[EXAMPLE.name].traits
    wrong = dataclasses.replace(
        honest, chance=frozenset({ChanceKind.DECK}), hidden=frozenset(), simultaneous=False, maps=frozenset()
    )
    declared_wrongly = dataclasses.replace(REGISTRY[EXAMPLE.name], traits=wrong)
    found = list(trait_mismatches(declared_wrongly, seen_in_play(EXAMPLE.name)))
    assert [line.split()[0] for line in found] == ["chance:", "hidden:", "simultaneous=False:", "maps:"], found
