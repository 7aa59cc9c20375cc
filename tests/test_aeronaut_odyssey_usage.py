"""Map usage for ``pnp sim``: how often a finished game of Aeronaut Odyssey claimed each route and visited each city."""

from __future__ import annotations

import json

from conftest import random_game

from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.board import MULTI
from pnp.resources import board_file

SPEC = REGISTRY["aeronaut-odyssey"]


def test_usage_counts_every_route_claimed_once_and_every_city_by_its_visits():
    table = random_game("aeronaut-odyssey", 3, seed=5)
    state = table.state
    counts = SPEC.usage(state, table.history)
    board = state.board
    assert set(counts) == {f"route:{lane.name}" for lane in board.lanes} | {f"city:{c}" for c in board.cities}
    claimed = {
        f"route:{lane.name}"
        for k, lane in enumerate(board.lanes)
        if state.owner[k] >= 0
        or (lane.kind == MULTI and max(state.space_owner[lane.first_space : lane.first_space + lane.length]) >= 0)
    }
    assert claimed and {k for k, n in counts.items() if k.startswith("route:") and n} == claimed
    assert all(counts[k] in (0, 1) for k in counts if k.startswith("route:"))
    travels = [m.arg.removesuffix("/2") for m in table.history if getattr(m, "verb", None) == "move"]
    assert travels and {c: counts[f"city:{c}"] for c in board.cities} == {c: travels.count(c) for c in board.cities}


def test_sim_reports_the_most_and_least_used_routes_and_cities_of_one_map(cli):
    code, out, _ = cli("sim", "aeronaut-odyssey", "--games", "4", "--json")  # each game its own generated map
    assert code == 0
    summary = json.loads(out)
    assert summary["most_used"] == summary["least_used"] == []  # city C of one map is not city C of another
    assert summary["usage_note"].startswith("not counted: each game played a map of its own")
    code, out, _ = cli("sim", "aeronaut-odyssey", "--games", "4")
    assert "use of the map: not counted" in out and "most used" not in out
    code, out, _ = cli(
        "sim", "aeronaut-odyssey", "--games", "4", "--json", "--map", str(board_file("aeronaut-odyssey.yaml"))
    )
    assert code == 0
    summary = json.loads(out)
    assert summary["most_used"] and summary["least_used"] and summary["usage_note"] == ""
    assert summary["most_used"][0][1] >= summary["least_used"][0][1]
    assert all(name.startswith(("route:", "city:")) for name, _ in summary["most_used"] + summary["least_used"])
