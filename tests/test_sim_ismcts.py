"""The search bot (information-set MCTS): legal, seeded, bounded, blind to others' secrets, in every game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest
from support.games import GAMES, registered

import pnp.sim
import pnp.sim.ismcts
from pnp.games import REGISTRY
from pnp.games.bots import Rater
from pnp.referee.driver import Table, playout
from pnp.referee.protocol import Commit, Reveal, Secret, Setup
from pnp.sim import SimConfig, run, summarise
from pnp.sim.ismcts import _Node, _Search, _verdict, ismcts_bot, rewards

pytestmark = registered  # the guide's example game is checked as a registered game too
T = TypeVar("T")


def game_with(name: str, seed: int, iterations: int = 6) -> Table:
    """One 2-player game of the search bot (random playouts of at most 10 inputs) against the greedy bot."""
    spec = REGISTRY[name]
    game = spec.rules()
    seats = {"p1": ismcts_bot(iterations, depth=10)(random.Random(seed)), "p2": spec.bots()["greedy"](random.Random(1))}
    setup = Setup(("p1", "p2"), seed=seed)
    return playout(
        game, setup, lambda state, moves, own: seats[state.to_move() or ""](state, moves, own), random.Random(2)
    )


@pytest.mark.parametrize("name", GAMES)
def test_the_search_bot_finishes_every_game_and_the_same_seed_plays_the_same_game(monkeypatch, name):
    """The same game, and each choice's search alike: every option's tries and rewards."""
    first, searched = decided(monkeypatch, lambda: game_with(name, seed=3))
    assert first.state.is_over() and first.state.score().final and searched
    again, searched_again = decided(monkeypatch, lambda: game_with(name, seed=3))
    assert played(again) == played(first) and searched_again == searched


def decided(monkeypatch, play: Callable[[], T]) -> tuple[T, list[object]]:
    """What ``play`` returns, and each choice's search: its options' tries, rewards and values in each world.

    A search's luck (the worlds dealt, chance, the options tried, the playouts) shows in these even where the
    move it picks stays the same.
    """
    searches: list[object] = []
    real = pnp.sim.ismcts._verdict

    def verdict(root, options, pick):
        searches.append([(o, c.visits, c.reward, c.worlds) for o, c in root.children.items()])
        return real(root, options, pick)

    with monkeypatch.context() as patch:
        patch.setattr(pnp.sim.ismcts, "_verdict", verdict)
        return play(), searches


def played(table: Table) -> list[object]:
    """A game's inputs, secrets by their values (commitments and reveals carry random salt)."""
    return [
        (move.slot, move.value) if isinstance(move, Reveal) else move
        for move in table.history
        if not isinstance(move, Commit)
    ] + sorted((key, value) for key, (value, _salt) in table.kept.items())


def test_each_choice_costs_exactly_the_iterations_asked(monkeypatch):
    counted: list[object] = []  # each iteration's root, kept alive so no two roots share an id
    real = _Search.iterate

    def count(self, state, root, *given):
        counted.append(root)
        return real(self, state, root, *given)

    monkeypatch.setattr(_Search, "iterate", count)
    game_with("take-off", seed=5, iterations=7)
    per_choice = Counter(id(root) for root in counted)
    assert per_choice and set(per_choice.values()) == {7}


def test_the_search_never_sees_another_players_secret_and_reveals_only_its_own():
    """Aloft's colour cards: the state holds commitments only; the bot's own cards come from its keys."""
    spec = REGISTRY["aloft"]
    game = spec.rules()
    table = Table(game, game.new_state(Setup(("p1", "p2"), seed=1)))
    rng = random.Random(4)
    while isinstance(table.state.legal_moves()[0], Secret):
        table.play(rng.choice(table.state.legal_moves()))
    assert all(isinstance(move, Commit) for move in table.history)
    bot = ismcts_bot(12, depth=200)(random.Random(0))
    own = table.secrets_of(table.state.to_move() or "")
    move = bot(table.state, table.state.legal_moves(), own)
    assert move in table.state.legal_moves()
    # a playout to the end reveals the opponent's cards from the values the bot has seen offered (none here):
    # it stops at the reveal, and the score leaders count as winners
    search = _Search("p1", own, {}, random.Random(0), None, 10_000)
    state = table.state.clone()
    shares, value = search._playout(state, {("p1", slot): value for slot, value in own.items()})
    assert state.stage() == "reveal" and state.legal_moves() == [Reveal("colours")]
    assert set(shares) == {"p1", "p2"} and all(0 <= r <= 1 for r in shares.values()) and value == shares["p1"]


def test_pnp_sim_offers_the_search_bot_in_every_game(monkeypatch):
    # a short search (each option tried in one world, short playouts): what is checked is that it plays whole
    # games; two games seat it first and second, as the bots take turns at the seats
    monkeypatch.setattr(pnp.sim, "ISMCTS_ITERATIONS", 4)
    monkeypatch.setattr(pnp.sim, "ISMCTS_WORLDS", 1)
    monkeypatch.setattr(pnp.sim, "ISMCTS_DEPTH", 2)
    monkeypatch.setattr(pnp.sim, "ISMCTS_FULL_ITERATIONS", 4)
    monkeypatch.setattr(pnp.sim, "ISMCTS_FULL_DEPTH", 20)
    config = SimConfig("hauling-astronauts", games=2, players=2, bots=("ismcts", "greedy"), seed=2)
    summary = summarise(config, *run(config))
    assert summary["win_rate_by_bot"]["ismcts"]["games"] == 2


def test_a_secret_entered_in_the_search_is_committed_as_the_referee_would():
    """Set-up secrets (Aloft's colour cards) are searched: the state takes the commitment and moves on."""
    game = REGISTRY["aloft"].rules()
    state = game.new_state(Setup(("p1", "p2"), seed=1))
    secret = state.legal_moves()[0]
    assert isinstance(secret, Secret) and state.to_move() == "p1"
    search = _Search("p1", {}, {}, random.Random(0), None, 10)
    secrets: dict[tuple[str, str], str] = {}
    assert search._play(state, secret, "p1", secrets)
    assert secrets == {("p1", secret.slot): secret.value} and state.to_move() == "p2"
    root = _Node()
    for _ in range(12):
        search.iterate(game.new_state(Setup(("p1", "p2"), seed=1)), root)
    assert sum(child.visits for child in root.children.values()) == 12


def test_a_playout_stopped_short_is_won_by_the_leaders_of_the_rating_and_valued_by_the_lead():
    game = REGISTRY["take-off"].rules()
    state = game.new_state(Setup(("p1", "p2"), seed=1))
    assert not state.is_over()
    by_rating = rewards(state, {"p1": 3.0, "p2": -1.0})
    assert by_rating["p1"] > 0.5 > by_rating["p2"] and 0 <= by_rating["p2"] and by_rating["p1"] <= 1
    tied = rewards(state, {"p1": 2.0, "p2": 2.0})
    assert tied["p1"] == tied["p2"]
    rater = Rater(lambda s, player, own: {"p1": 1.0, "p2": 0.25}[player])
    search = _Search("p1", {}, {}, random.Random(0), None, 0, rater)
    assert search._playout(state.clone(), {}) == (rewards(state, {"p1": 1.0, "p2": 0.25}), 0.75)


def test_with_worlds_a_choice_shares_its_tries_evenly_among_its_options_but_tries_each_that_often(monkeypatch):
    tried: list[tuple[int, object, int]] = []  # (root, option, world) of every iteration
    roots: list[object] = []  # kept alive, so no two roots share an id
    real = _Search.iterate

    def count(self, state, root, first=None, world=None):
        roots.append(root)
        tried.append((id(root), first, world))
        return real(self, state, root, first, world)

    monkeypatch.setattr(_Search, "iterate", count)
    kept: list[object] = []
    spec = REGISTRY["take-off"]
    bot = ismcts_bot(10, spec.bots()["greedy"], depth=4, walk=1, worlds=3)(random.Random(1))
    game = spec.rules()
    table = Table(game, game.new_state(Setup(("p1", "p2"), seed=2)))
    rng = random.Random(3)
    while len(kept) < 12 and not table.state.is_over():
        state, moves = table.state, table.state.legal_moves()
        move = bot(state, moves, {})
        kept.append(move)
        chances = state.chance()
        table.play(table.take_chance(chances, rng) if move in chances else move)
    per_choice: dict[int, list[tuple[object, int]]] = {}
    for root, option, world in tried:
        per_choice.setdefault(root, []).append((option, world))
    assert per_choice
    for runs in per_choice.values():
        options = len({option for option, _ in runs})
        assert len(runs) == options * max(3, 10 // options)
        assert [world for _, world in runs] == [i // options for i in range(len(runs))]  # each round one world


def test_the_verdict_keeps_the_playout_bots_pick_unless_another_wins_the_same_worlds_clearly():
    root = _Node()
    pick, rival, other = "pick", "rival", "other"
    for world in range(8):
        for option, reward in ((pick, 0.4 + 0.05 * (world % 2)), (rival, 0.5 + 0.05 * (world % 2)), (other, 0.6)):
            child = root.children.setdefault(option, _Node("p1"))
            child.visits += 1
            child.reward += reward
            child.worlds[world] = reward if option != other or world < 2 else 0.0
    # "rival" beats the pick by 0.1 in every world; "other" has the best start but not in pairs
    assert _verdict(root, [pick, rival, other], pick) == rival
    root.children[rival].worlds = {w: r for w, r in root.children[rival].worlds.items() if w < 3}
    assert _verdict(root, [pick, rival, other], pick) == pick  # too few worlds in common


def test_the_verdict_takes_an_option_that_beats_the_pick_alike_in_every_world_however_small_the_margin():
    """A rating's lead can differ by little, but the same in every world (a turn played out without luck)."""
    root = _Node()
    for world in range(4):
        for option, value in (("pick", 10.0 * world), ("rival", 10.0 * world + 0.001)):
            child = root.children.setdefault(option, _Node("p1"))
            child.visits += 1
            child.reward += value
            child.worlds[world] = value
    assert _verdict(root, ["pick", "rival"], "pick") == "rival"
    root.children["rival"].worlds[3] -= 0.003  # worse in one world: no longer clearly better
    assert _verdict(root, ["pick", "rival"], "pick") == "pick"


@pytest.mark.parametrize("name", GAMES)
def test_pnp_sims_search_bot_plays_the_same_game_for_the_same_seed(monkeypatch, name):
    """As ``pnp sim`` makes it (the game's rating at the leaves, options in worlds), with the least search: each
    option tried once, in one world, by a playout of one input. With so few tries the search never overrules the
    greedy bot's pick, so each choice's search is compared too."""
    knobs = ("ISMCTS_ITERATIONS", 1), ("ISMCTS_FULL_ITERATIONS", 1), ("ISMCTS_WORLDS", 1), ("ISMCTS_DEPTH", 1)
    for knob, value in (*knobs, ("ISMCTS_FULL_DEPTH", 8)):
        monkeypatch.setattr(pnp.sim, knob, value)
    config = SimConfig(name, games=1, players=2, bots=("ismcts", "greedy"), seed=5)
    first, searched = decided(monkeypatch, lambda: pnp.sim.play_one(config, 0))
    assert first.moves > 0 and searched
    assert decided(monkeypatch, lambda: pnp.sim.play_one(config, 0)) == (first, searched)
