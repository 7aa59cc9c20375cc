"""Every game says where a session stands (``State.stage``), and refuses a move of another stage in its words.

Seeded random games of every registered game, with two players and with the most it allows, record the
moves ``legal_moves`` lists at each stage. Then, at sampled states of each stage, every move listed only at
other stages is played on a copy: if the state refuses it, the refusal starts with the words of the stage
in force (``STAGE_WORDS``, as ``pnp.games.base.wrong_stage`` writes them), names a rule, and says what to do
next: it turns to the player to move ("ann, roll ...", "ann to move: ...") or names a command ('pnp ref score').
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import pytest
from support.games import EXAMPLE, GAMES, registered

from pnp.errors import IllegalMove
from pnp.games import REGISTRY
from pnp.referee import notation
from pnp.referee.driver import Chooser, playout, random_chooser
from pnp.referee.protocol import STAGE_WORDS, Commit, Game, Move, Reveal, Secret, Setup, State

pytestmark = registered  # the guide's example is checked as a registered game too
SEEDS = (1, 2, 3)
SAMPLES = 2  # states kept per stage of each game played, besides the first and the last
DIGEST = "0" * 64


@dataclass
class Stages:
    """What random games met: the moves listed at each stage, and states of each stage."""

    listed: dict[str, set[Move]] = field(default_factory=dict)
    states: dict[str, list[State]] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)  # a value listed for each secret slot
    mismatched: list[str] = field(default_factory=list)  # where stage() and is_over() disagree


def explore(game: Game) -> Stages:
    """Play seeded random games (2 players and the most allowed), noting each stage's moves and keeping states.

    Kept: the first and the last state of each stage of each game, and ``SAMPLES`` more of each stage.
    """
    met = Stages()
    rng = random.Random(0)
    for players in sorted({max(2, game.min_players), game.max_players}):
        for seed in SEEDS:
            setup = Setup(tuple(f"p{i + 1}" for i in range(players)), {o.key: o.default for o in game.options}, seed)
            seen: dict[str, list[State]] = {}
            end = playout(game, setup, noting(met, seen, random_chooser(random.Random(seed)))).state
            if end.stage() != "over":
                met.mismatched.append(f"stage {end.stage()!r} once the game is over")
            met.listed.setdefault("over", set())
            seen["over"] = [end]
            for stage, states in seen.items():
                middle = rng.sample(states[1:-1], min(SAMPLES, max(len(states) - 2, 0)))
                kept = {id(s): s for s in (states[0], *middle, states[-1])}
                met.states.setdefault(stage, []).extend(kept.values())
    return met


def noting(met: Stages, seen: dict[str, list[State]], choose: Chooser) -> Chooser:
    """``choose``, noting in ``met`` the stage and the moves listed at each turn, and each state in ``seen``."""

    def chooser(state: State, moves: list[Move], own: Mapping[str, str]) -> Move:
        stage = state.stage()
        if (stage == "over") != state.is_over():
            met.mismatched.append(f"stage {stage!r} while is_over() is {state.is_over()}")
        met.listed.setdefault(stage, set()).update(moves)
        met.values.update((m.slot, m.value) for m in moves if isinstance(m, Secret))
        seen.setdefault(stage, []).append(state.clone())
        return choose(state, moves, own)

    return chooser


@functools.cache
def stages_of(name: str) -> Stages:
    return explore(REGISTRY[name].rules())


def as_played(move: Move, values: Mapping[str, str]) -> Move:
    """A listed move as the referee hands it to the state: a secret as a commitment, a reveal with a value."""
    if isinstance(move, Secret):
        return Commit(move.slot, DIGEST)
    if isinstance(move, Reveal) and not move.value:
        return Reveal(move.slot, values.get(move.slot, "1"), "salt")
    return move


def says_next_step(refusal: IllegalMove, state: State) -> bool:
    """Whether ``refusal`` tells the player to move what to do, or names the command to run next."""
    player = state.to_move()
    return "'pnp ref " in refusal.reason or any(f"{player}{sep}" in refusal.reason for sep in (", ", " to move: "))


def wrong_refusals(game: Game, met: Stages) -> Iterator[str]:
    """Each refusal of a move from another stage that does not start with the stage's words, names no rule or
    does not say what to do next."""
    for stage, states in met.states.items():
        others = set().union(*(moves for other, moves in met.listed.items() if other != stage))
        foreign = sorted(others - met.listed[stage], key=repr)
        for state in states:
            for move in foreign:
                try:
                    state.clone().apply(as_played(move, met.values))
                except IllegalMove as refusal:
                    named = str(refusal).startswith(f"{STAGE_WORDS[stage]}: ") and refusal.rule
                    if not named or not says_next_step(refusal, state):
                        yield f"{stage}: {notation.format(game, move)!r} refused with {str(refusal)!r}"


@pytest.mark.parametrize("name", GAMES)
def test_stage_is_over_exactly_when_the_game_is_over(name):
    met = stages_of(name)
    assert not met.mismatched, met.mismatched[:3]
    assert {"play", "over"} <= set(met.listed) <= set(STAGE_WORDS), f"stages met: {sorted(met.listed)}"


# How a text picture names each stage outside play, in the game's own words (`pnp ref show` adds nothing)
STAGE_SAID = {"set-up": r"\bset[- ]up\b", "reveal": r"\breveal", "over": r"\bgame (is )?over\b"}


def unnamed_stages(met: Stages) -> Iterator[str]:
    """Each kept state outside play whose text picture does not name its stage (and, once over, its winners)."""
    for stage, states in met.states.items():
        for state in states if stage != "play" else ():
            text = state.render_text(None)
            named = re.search(STAGE_SAID[stage], text, re.IGNORECASE)
            missing = [w for w in state.score().winners if w not in text] if stage == "over" else []
            if not named or missing:
                yield f"{stage}: {text.splitlines()[-1]!r}" + (f" does not name {missing}" if missing else "")


@pytest.mark.parametrize("name", GAMES)
def test_the_text_picture_names_the_stage_outside_play_and_the_winners_at_the_end(name):
    unnamed = list(unnamed_stages(stages_of(name)))
    assert not unnamed, unnamed[:3]


@pytest.mark.parametrize("name", GAMES)
def test_a_move_of_another_stage_is_refused_in_the_words_of_the_stage_in_force(name):
    wrong = list(wrong_refusals(REGISTRY[name].rules(), stages_of(name)))
    assert not wrong, f"{len(wrong)} refusals do not name the stage in force, e.g. {wrong[:4]}"


# -- the checks have teeth: the example game passes them, broken copies of it do not -----------------------


def test_the_example_game_meets_every_stage_and_names_it_when_refusing():
    game = EXAMPLE.rules()
    met = explore(game)
    assert not met.mismatched and set(met.listed) == set(STAGE_WORDS)
    assert list(wrong_refusals(game, met)) == []
    assert list(unnamed_stages(met)) == []


def test_a_text_picture_silent_on_its_stage_fails_the_check(monkeypatch):
    import example_game.state

    monkeypatch.setattr(example_game.state.UpdraftState, "render_text", lambda self, viewer: "a sky")
    unnamed = list(unnamed_stages(explore(EXAMPLE.rules())))
    assert {line.split(":")[0] for line in unnamed} == set(STAGE_WORDS) - {"play"}


def test_a_refusal_without_the_stage_fails_the_check(monkeypatch):
    import example_game.state

    monkeypatch.setattr(example_game.state, "wrong_stage", lambda stage, step: IllegalMove("not now", "turn order"))
    game = EXAMPLE.rules()
    wrong = list(wrong_refusals(game, explore(game)))
    assert wrong and {line.split(":")[0] for line in wrong} == set(STAGE_WORDS)
    assert "'secret lucky 1' refused with 'not now (rule: turn order)'" in " ".join(wrong)


def test_a_refusal_without_a_next_step_fails_the_check(monkeypatch):
    import example_game.state

    from pnp.games.base import wrong_stage

    monkeypatch.setattr(example_game.state, "wrong_stage", lambda stage, step: wrong_stage(stage, "not now"))
    game = EXAMPLE.rules()
    wrong = list(wrong_refusals(game, explore(game)))
    assert wrong and {line.split(":")[0] for line in wrong} == set(STAGE_WORDS)


def test_a_stage_that_disagrees_with_is_over_fails_the_check(monkeypatch):
    import example_game.state

    monkeypatch.setattr(example_game.state.UpdraftState, "stage", lambda self: "play")
    assert "stage 'play' once the game is over" in explore(EXAMPLE.rules()).mismatched


def unguided_or_wrongly_guided(met: Stages) -> Iterator[str]:
    """Each refusal of a listed move not legal now whose ``guided`` flag disagrees with its text.

    A refusal is guided (the CLI then adds no pointer to 'pnp ref moves') when it names a command or
    shows an example move.
    """
    every = sorted(set().union(*met.listed.values()), key=repr)
    for stage, states in met.states.items():
        for state in states:
            legal = set(state.legal_moves())
            for move in (m for m in every if m not in legal):
                try:
                    state.clone().apply(as_played(move, met.values))
                except IllegalMove as refusal:
                    shows = "'pnp ref " in refusal.reason or "e.g. '" in refusal.reason
                    if refusal.guided != shows:
                        yield f"{stage}: guided={refusal.guided} for {str(refusal)!r}"


@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_is_guided_exactly_when_it_shows_a_command_or_an_example(name):
    wrong = list(unguided_or_wrongly_guided(stages_of(name)))
    assert not wrong, wrong[:3]
