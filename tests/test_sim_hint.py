"""Suggest a move: the same suggestion for the same position, among the player's own best-rated choices only,
within a budget of work (counted, never timed), saying how many choices it weighed."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.moves import playable

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.games.bots import rate_after
from pnp.referee import notation, session
from pnp.referee.session import Session
from pnp.sim import bot_factories, hint, ismcts
from pnp.sim.hint import CANDIDATES, WORK, WORLDS, Suggestion, choices, suggest

pytestmark = registered  # the guide's example game is checked as a registered game too


def hauling_set_up(folder: Path) -> Session:
    """Hauling Astronauts' first choice: three transports of ten to keep (120 ways)."""
    return session.new(folder / "hauling.pnp", "hauling-astronauts", ["ann", "bob"], [], 1, None)


def aloft_first_move(folder: Path) -> Session:
    """Aloft's first move, after both players' colour cards: 91 choices."""
    current = session.new(folder / "aloft.pnp", "aloft", ["ann", "bob"], [], 1, None)
    current.play("secret colours B,G")
    current.play("secret colours R,W")
    return current


TEST_POSITIONS = {"hauling set-up": hauling_set_up, "aloft first move": aloft_first_move}


Tried = list[tuple[object, int | None, int]]  # each search iteration's (root option, world, work offered so far)


@contextmanager
def tracing() -> Iterator[Tried]:
    """Every search iteration, as the search runs (while in the block)."""
    seen: Tried = []
    real = ismcts._Search.iterate

    def iterate(self, state, root, first=None, world=None):
        real(self, state, root, first, world)
        seen.append((first, world, self.work))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ismcts._Search, "iterate", iterate)
        yield seen


@pytest.fixture
def tried() -> Iterator[Tried]:
    """Every search iteration of the test."""
    with tracing() as seen:
        yield seen


@dataclass(frozen=True)
class Searched:
    """A test position, saved, with its suggestion at the real budget and the search that found it."""

    current: Session
    found: Suggestion
    tried: Tried


@pytest.fixture(scope="module")
def searched(tmp_path_factory) -> dict[str, Searched]:
    """Each test position searched once, for the tests that read the search (read only)."""
    made = {}
    for position, make in TEST_POSITIONS.items():
        current = make(tmp_path_factory.mktemp("position"))
        current.save()
        with tracing() as seen:
            made[position] = Searched(current, suggest(current), seen)
    return made


@pytest.mark.parametrize("position", TEST_POSITIONS)
def test_the_same_position_gets_the_same_suggestion_whatever_the_secrets_salts(tmp_path, searched, position):
    """Two records of the same moves (their commitments salted apart), and one record read back."""
    made = searched[position]
    assert suggest(TEST_POSITIONS[position](tmp_path)) == made.found
    assert suggest(session.load(made.current.path)) == made.found


@pytest.mark.parametrize("position", TEST_POSITIONS)
def test_at_the_test_positions_the_best_ranked_choices_are_weighed_in_common_worlds(searched, position):
    current, found, tried = searched[position].current, searched[position].found, searched[position].tried
    options = choices(current)
    assert len(options) == {"hauling set-up": 120, "aloft first move": 91}[position]
    assert (found.weighed, found.choices) == (CANDIDATES, len(options))
    weighed = {option for option, _, _ in tried}
    assert len(weighed) == found.weighed and notation.parse(current.game, found.move) in weighed
    assert weighed == set(ranked(current)[:CANDIDATES])
    worlds = {option: [world for o, world, _ in tried if o == option] for option in weighed}
    rounds = len(tried) // len(weighed)
    assert all(w == list(range(rounds)) for w in worlds.values())  # every candidate in the same worlds
    assert rounds >= WORLDS
    # whole rounds until the work is done: the last round began short of the budget (or was one of the least)
    before_last = tried[-len(weighed) - 1][2]
    assert before_last < WORK or rounds == WORLDS


def ranked(current: Session) -> list[object]:
    """The player's choices, best first by the game's rating hook (these games have one)."""
    player = current.state.to_move() or ""
    own = current.own_secrets(player)
    assert current.spec.rater
    rater = current.spec.rater()
    return sorted(choices(current), key=lambda m: -rate_after(current.state, m, player, own, rater))


def test_the_work_budget_sets_the_rounds_not_the_clock(searched, monkeypatch, tried):
    """Aloft's first move: a larger budget buys more rounds, each of every candidate."""
    current, at_budget = searched["aloft first move"].current, searched["aloft first move"].tried
    least, work = len(at_budget), at_budget[-1][2]
    assert least == CANDIDATES * WORLDS and work > WORK  # the budget is spent within the least rounds here
    monkeypatch.setattr(hint, "WORK", 3 * work)
    suggest(current)
    assert len(tried) > 2 * least and len(tried) % CANDIDATES == 0
    assert tried[-CANDIDATES - 1][2] < 3 * work <= tried[-1][2]


@pytest.fixture
def small_budget(monkeypatch) -> None:
    """A quarter of the work budget: for checks of what is suggested (a legal choice, never chance), which
    hold for any budget; the budget's own tests, and those of sameness, keep the real one."""
    monkeypatch.setattr(hint, "WORK", WORK // 4)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.usefixtures("small_budget")
def test_a_suggestion_is_one_of_the_players_own_choices_never_chance_a_secret_or_a_reveal(tmp_path, name):
    """Through a seeded random game: positions with a choice beside the dice, and a few more."""
    rng = random.Random(5)
    current = session.new(tmp_path / "g.pnp", name, ["ann", "bob"], [], 3, None)
    asked = beside_chance = offered = 0
    while current.state.to_move() is not None and asked < 6:
        options = choices(current)
        chance = current.state.chance()
        offered += len(options) > 1
        if len(options) > 1 and (chance or rng.random() < 0.05):
            found = suggest(current)
            assert notation.parse(current.game, found.move) in options
            assert (found.weighed, found.choices) == (min(CANDIDATES, len(options)), len(options))
            asked += 1
            beside_chance += bool(chance)
        elif not options:
            with pytest.raises(PnpError, match="nothing to decide now"):
                suggest(current)
        current.play(notation.format(current.game, rng.choice(playable(current))))
    if not offered:  # nothing to suggest: Updraft's players choose only to drift, beside the die
        pytest.skip(f"no player of {name} chose between two moves in a whole game")
    assert asked
    if name == "hauling-astronauts":  # the one game whose players may choose beside a roll
        assert beside_chance, "no choice beside a roll was asked about"


def test_a_lone_choice_is_suggested_without_a_search(tmp_path, tried):
    current = session.new(tmp_path / "g.pnp", "aloft", ["ann", "bob"], [], 1, None)
    with pytest.raises(PnpError, match="ann has nothing to decide now"):  # the colour cards are secrets
        suggest(current)
    current.play("secret colours B,G")
    current.play("secret colours R,W")
    rng = random.Random(2)
    while len(choices(current)) != 1:
        current.play(notation.format(current.game, rng.choice(playable(current))))
    found = suggest(current)
    assert (found.weighed, found.choices) == (1, 1) and not tried
    assert notation.parse(current.game, found.move) == choices(current)[0]


def test_the_search_keeps_the_favourite_unless_another_candidate_clearly_beats_it(tmp_path):
    """weigh(): the greedy bot's favourite stands for a poor rival, falls to a clearly better one."""
    current = aloft_first_move(tmp_path)
    rater = REGISTRY["aloft"].rater()
    best, *rest = ranked(current)
    worst = rest[-1]

    def weigh(options, favourite):
        greedy = bot_factories("aloft")["greedy"]
        own = current.own_secrets("ann")
        return ismcts.weigh(current.state, options, own, random.Random(1), greedy, 6, rater, 0, 6, favourite)

    assert weigh([worst, best], worst) == best  # the worst rated choice is clearly beaten
    assert weigh([best, worst], best) == best
    assert weigh([worst, best], None) == best


@pytest.mark.usefixtures("small_budget")
def test_beside_a_roll_the_suggestion_is_a_choice_never_the_roll(tmp_path):
    """Hauling Astronauts: a player may roll or act; the dice are the table's to enter, so a roll is never suggested."""
    rng = random.Random(0)
    current = session.new(tmp_path / "g.pnp", "hauling-astronauts", ["ann", "bob"], [], 0, None)
    asked = 0
    while current.state.to_move() is not None and asked < 8:
        options = choices(current)
        if len(options) > 1 and current.state.chance():
            assert notation.parse(current.game, suggest(current).move) in options
            asked += 1
        current.play(notation.format(current.game, rng.choice(playable(current))))
    assert asked == 8


def test_another_players_hidden_hand_does_not_sway_the_suggestion(tmp_path):
    """Air King: bob draws a different card in each record; ann, to move with 20 choices, gets the same hint."""
    found = set()
    for bobs in ("draw storm", "draw pass", "draw hold", "draw extra"):
        folder = tmp_path / bobs.replace(" ", "-")
        folder.mkdir()
        current = session.new(folder / "g.pnp", "air-king", ["ann", "bob"], [], 7, None)
        for move in ("secret goal 1", "secret goal 2", "draw clear", bobs, "draw clear"):
            current.play(move)
        assert current.state.private("bob") != {} and len(choices(current)) == 20
        found.add(suggest(current))
    assert len(found) == 1
