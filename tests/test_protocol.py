"""The protocol's setup-bound rules and rating hook: sessions on two maps in one process, bots by contract."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest

import pnp.sim
from pnp.errors import NotationError
from pnp.games import REGISTRY
from pnp.games.bots import Rater, greedy
from pnp.games.hauling_astronauts.model import default_map_path
from pnp.games.hauling_astronauts.notation import Choose
from pnp.referee import session
from pnp.referee.protocol import Secret, Setup, State
from pnp.sim import bot_factories, hint


def _hauling_map(folder: Path, heron: str) -> Path:
    """The built-in Hauling map with its Heron renamed ``heron``."""
    path = folder / f"{heron.lower()}.yaml"
    path.write_text(default_map_path().read_text().replace("Heron", heron))
    return path


def test_two_sessions_on_two_maps_interleaved_each_read_and_label_with_their_own_names(tmp_path):
    rules = REGISTRY["hauling-astronauts"].rules()  # one rules object for both, as a simulator holds it
    setups = {name: Setup(("ann", "bob"), map_path=_hauling_map(tmp_path, name)) for name in ("Kestrel", "Osprey")}
    bound = {name: rules.bind(setup) for name, setup in setups.items()}
    states = {name: bound[name].new_state(setup) for name, setup in setups.items()}
    for name, other in (("Kestrel", "Osprey"), ("Osprey", "Kestrel"), ("Kestrel", "Osprey")):
        game = bound[name]
        move = game.parse_move(f"choose Tortoise Drifter {name}")
        assert move == Choose(("A", "B", "C"))
        with pytest.raises(NotationError, match=f"no transport '{other}'"):
            game.parse_move(f"choose Tortoise Drifter {other}")
        label = game.label(move) or ""
        assert name in label and other not in label and "Heron" not in label
        if move in states[name].legal_moves():  # ann's choice, once on each map
            states[name].apply(move)


def test_a_session_holds_the_rules_bound_to_its_own_map(tmp_path):
    records = {name: tmp_path / f"{name}.pnp" for name in ("Kestrel", "Osprey")}
    for name, record in records.items():
        session.new(record, "hauling-astronauts", ["ann", "bob"], [], 1, _hauling_map(tmp_path, name)).save()
    current = {name: session.load(record) for name, record in records.items()}
    current["Kestrel"].play("choose Tortoise Drifter Kestrel")
    current["Osprey"].play("choose Tortoise Drifter Osprey")
    for name, other in (("Kestrel", "Osprey"), ("Osprey", "Kestrel")):
        assert other not in (current[name].game.label(current[name].played[-1][1]) or "")
        current[name].save()
        assert session.load(records[name]).played[-1][1] == Choose(("A", "B", "C"))


def test_unbound_rules_read_the_built_in_map_whatever_sessions_started(tmp_path):
    rules = REGISTRY["hauling-astronauts"].rules()
    rules.new_state(Setup(("ann", "bob"), map_path=_hauling_map(tmp_path, "Kestrel")))
    assert rules.parse_move("choose Tortoise Drifter Heron") == Choose(("A", "B", "C"))
    with pytest.raises(NotationError):
        rules.parse_move("choose Tortoise Drifter Kestrel")


def _aloft_first_move(folder: Path) -> session.Session:
    current = session.new(folder / "aloft.pnp", "aloft", ["ann", "bob"], [], 1, None)
    current.play("secret colours B,G")
    current.play("secret colours R,W")
    return current


def test_the_search_bot_and_the_hint_rate_positions_through_the_games_hook(tmp_path, monkeypatch):
    real, asked = REGISTRY["aloft"].rater(), Counter[str]()

    def counted(after: State, mover: str, own: Mapping[str, str]) -> float:
        asked["position"] += 1
        return real.rate(after, mover, own)

    monkeypatch.setitem(REGISTRY, "aloft", dataclasses.replace(REGISTRY["aloft"], rater=lambda: Rater(counted)))
    # two worlds and short playouts: each of the 91 options is still tried twice, and each try's end rated for
    # both players (364 ratings); the hint, weighing short playouts too, still rates some 170 positions
    monkeypatch.setattr(pnp.sim, "ISMCTS_WORLDS", 2)
    monkeypatch.setattr(pnp.sim, "ISMCTS_DEPTH", 2)
    current = _aloft_first_move(tmp_path)
    search = bot_factories("aloft")["ismcts"](random.Random(1))
    assert search(current.state, current.state.legal_moves(), {"colours": "B,G"}) in current.state.legal_moves()
    assert asked["position"] > 100  # every try's end, for every player
    asked.clear()
    hint.suggest(current)
    assert asked["position"] > 100


def test_a_game_without_a_rating_hook_falls_back_to_whole_playouts_and_its_own_bots(tmp_path, monkeypatch):
    spec = REGISTRY["aloft"]
    monkeypatch.setitem(REGISTRY, "aloft", dataclasses.replace(spec, rater=None, bots=None))
    assert set(bot_factories("aloft")) == {"random", "ismcts"}  # no rating, no greedy bot
    current = _aloft_first_move(tmp_path)
    legal = current.state.legal_moves()
    search = bot_factories("aloft")["ismcts"](random.Random(1))
    assert search(current.state, legal, {"colours": "B,G"}) in legal
    found = hint.suggest(current)
    assert current.game.parse_move(found.move) in hint.choices(current)
    assert found.weighed == hint.CANDIDATES  # the first choices in the game's order, weighed by whole playouts


def test_the_greedy_bot_seals_the_secret_its_rating_likes_best():
    spec = REGISTRY["aloft"]
    state = spec.rules().new_state(Setup(("ann", "bob")))
    secrets = [move for move in state.legal_moves() if isinstance(move, Secret)]
    liked = secrets[len(secrets) // 2]
    rater = Rater(spec.rater().position, lambda state, secret, own: float(secret == liked))
    picks = {greedy(rater)(random.Random(seed))(state, secrets, {}) for seed in range(10)}
    assert picks == {liked}
    unrated = {greedy(Rater(spec.rater().position))(random.Random(seed))(state, secrets, {}) for seed in range(10)}
    assert len(unrated) > 1  # without a secret rating, every secret is as good: picked at random
