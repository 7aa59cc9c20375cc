"""Every range the Aeronaut Odyssey docs state holds on every generated map, seed by seed.

The normal run checks 100 seeds per size; ``AERONAUT_SEEDS=1000 python -m pytest tests/test_aeronaut_odyssey_ranges.py``
runs the full 1,000 per size (about 40 s).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from pnp.games.aeronaut_odyssey.mapgen import BONUS_SHARE, DOUBLES, GRAY_SHARE, MULTI_SHARE, TRAJECTORIES, Knobs
from pnp.games.aeronaut_odyssey.mapgen import generate as cached
from pnp.games.aeronaut_odyssey.model import CAPITAL, EXPANSIONS, SIZES, AeroMap, route_key

SEEDS = int(os.environ.get("AERONAUT_SEEDS", "100"))
generate = cached.__wrapped__  # thousands of maps: keep them out of the cache


def share_holds(count: int, n: int, share: tuple[float, float]) -> bool:
    """``count`` of ``n`` is within ``share``; or, where no count is (tiny maps), it is the nearest one."""
    inside = [k for k in range(n + 1) if share[0] - 1e-9 <= k / n <= share[1] + 1e-9]
    if inside:
        return count in inside
    return count == min(range(n + 1), key=lambda k: max(share[0] - k / n, k / n - share[1]))


def broken_ranges(board: AeroMap, players: int) -> list[str]:
    """Each documented range the map misses, named."""
    broken = []
    pairs = Counter(route_key(*r.between) for r in board.routes)
    doubles = sum(n == 2 for n in pairs.values())
    if not share_holds(doubles, len(pairs), DOUBLES):
        broken.append(f"double routes {doubles} of {len(pairs)}")
    spaces = sum(r.length for r in board.routes)
    multi = sum(r.length for r in board.routes if r.type == "multi")
    if not MULTI_SHARE[0] * spaces - 1e-9 <= multi <= MULTI_SHARE[1] * spaces + 1e-9:
        # the documented exception: below the range only when no single route of 2+ spaces still fits under it
        room = [r.length for r in board.routes if r.type != "multi" and pairs[route_key(*r.between)] == 1]
        if multi > MULTI_SHARE[1] * spaces or any(multi + n <= MULTI_SHARE[1] * spaces for n in room if n >= 2):
            broken.append(f"multiroute spaces {multi} of {spaces}")
    eligible = [r for r in board.routes if r.type != "multi"]
    if not share_holds(sum(1 for r in eligible if r.bonus), len(eligible), BONUS_SHARE):
        broken.append(f"bonuses {sum(1 for r in eligible if r.bonus)} of {len(eligible)}")
    gray = [route_key(*r.between) for r in board.routes if r.type == "gray"]
    if len(gray) != max(1, round(len(board.routes) * GRAY_SHARE)):
        broken.append(f"gray routes {len(gray)} of {len(board.routes)}")
    if len(set(gray)) < len(gray):
        broken.append("both lanes of a double are gray")
    for city in board.cities:
        allowed = (6,) if city.name == CAPITAL else (3, 4, 5, 6)
        if city.slots not in allowed:
            broken.append(f"city {city.name} has {city.slots} slots")
    goals = board.trajectories
    if not TRAJECTORIES[0] <= len(goals) <= TRAJECTORIES[1] or {g.kind for g in goals} != {"cities", "routes"}:
        broken.append(f"{len(goals)} trajectories of kinds {sorted({g.kind for g in goals})}")
    slots = 1 if players == 2 else 2 if players <= 4 else 3
    for g in goals:
        low = 1 if board.size == "tiny" else 3  # a tiny map may have no two cities 3 routes apart
        if g.slots != slots or not (low <= g.value <= 5 if g.kind == "cities" else 2 <= g.value <= 4):
            broken.append(f"trajectory {g}")
    if board.inventory_spaces != max(6, round(len(board.routes) / 2)):
        broken.append(f"{board.inventory_spaces} inventory spaces for {len(board.routes)} routes")
    return broken


@pytest.mark.parametrize("size", SIZES)
def test_every_documented_range_holds_on_every_seed(size):
    failures = {}
    for seed in range(SEEDS):
        players = 2 + seed % 5
        board = generate(seed, Knobs(size=size, players=players, expansions=EXPANSIONS))
        broken = broken_ranges(board, players)
        if broken:
            failures[seed] = broken
    assert not failures, f"{len(failures)} of {SEEDS} seeds: {dict(list(failures.items())[:5])}"
