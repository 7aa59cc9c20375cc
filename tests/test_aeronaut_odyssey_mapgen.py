"""The map generator's promises, over many seeds and knobs."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.aeronaut_odyssey import shapes
from pnp.games.aeronaut_odyssey.draw import route_spaces
from pnp.games.aeronaut_odyssey.geometry import distance, point_segment_distance, segments_cross
from pnp.games.aeronaut_odyssey.mapgen import CITIES, CITY_SCALE, MAX_LENGTH, Knobs, generate
from pnp.games.aeronaut_odyssey.maps import check, to_yaml
from pnp.games.aeronaut_odyssey.model import CAPITAL, EXPANSIONS, SIZES, TYPES, AeroMap, route_key
from pnp.loader import load_text

knobs = st.builds(
    Knobs,
    size=st.sampled_from(SIZES),
    players=st.integers(2, 6),
    pages=st.sampled_from((1, 4, 9)),
    ink_friendly=st.booleans(),
    expansions=st.lists(st.sampled_from(EXPANSIONS), unique=True).map(tuple),
)
seeds = st.integers(0, 2**31)


def _pairs(board: AeroMap) -> Counter:
    return Counter(route_key(*r.between) for r in board.routes)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, knob=knobs)
def test_a_generated_map_reads_back_and_passes_every_check(seed, knob):
    board = generate(seed, knob)
    loaded = load_text(to_yaml(board), AeroMap, "generated.yaml")
    assert loaded.value == board
    errors = [str(f) for f in check(loaded) if f.level == "error"]
    assert errors == []


@settings(max_examples=40, deadline=None)
@given(seed=seeds, size=st.sampled_from(SIZES))
def test_a_generated_map_is_planar_clear_of_cities_and_connected(seed, size):
    board = generate(seed, Knobs(size=size))
    where = {c.name: (c.x, c.y) for c in board.cities}
    pairs = list(_pairs(board))
    for n, (a, b) in enumerate(pairs):
        for c, d in pairs[:n]:
            if not {a, b} & {c, d}:
                assert not segments_cross(where[a], where[b], where[c], where[d]), f"{a}-{b} crosses {c}-{d}"
        for name, point in where.items():
            if name not in (a, b):
                assert point_segment_distance(point, where[a], where[b]) > shapes.CITY_RADIUS + shapes.ROUTE_HALF
    for area in board.areas:
        for name, point in where.items():
            assert (point[0] - area.x) ** 2 + (point[1] - area.y) ** 2 > (shapes.CITY_RADIUS + shapes.LABEL_RADIUS) ** 2
    reached, frontier = {CAPITAL}, [CAPITAL]
    while frontier:
        frontier = [y for x in frontier for p in pairs if x in p for y in p if y not in reached and not reached.add(y)]
    assert reached == set(where)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, size=st.sampled_from(SIZES))
def test_route_types_are_balanced_and_lengths_in_range(seed, size):
    board = generate(seed, Knobs(size=size))
    count = Counter(r.type for r in board.routes)
    assert set(count) <= set(TYPES)
    assert max(count[t] for t in TYPES) - min(count[t] for t in TYPES) <= 1
    assert all(1 <= r.length <= MAX_LENGTH for r in board.routes)
    for (a, b), lanes in _pairs(board).items():
        assert lanes <= 2
        if lanes == 2:
            first, second = (r.type for r in board.routes if route_key(*r.between) == (a, b))
            assert first != second, "the lanes of a double route differ"
    per_city = Counter((name, r.type) for r in board.routes for name in r.between)
    assert max(per_city.values()) <= 2


@settings(max_examples=25, deadline=None)
@given(seed=seeds, size=st.sampled_from(SIZES))
def test_the_knobs_shape_the_map(seed, size):
    low, high = (round(n * CITY_SCALE[size]) for n in CITIES)
    base = generate(seed, Knobs(size=size))
    assert max(4, low) - 1 <= len(base.cities) <= high and base.cities[0].name == CAPITAL
    assert base.inventory_spaces == max(6, round(len(base.routes) / 2))
    everything = generate(seed, Knobs(size=size, players=5, pages=9, ink_friendly=True, expansions=EXPANSIONS))
    assert (everything.players, everything.pages, everything.ink_friendly) == (5, 9, True)
    assert everything.cities == base.cities and _pairs(everything) == _pairs(base), "expansions decorate only"
    assert 3 <= len(everything.trajectories) <= 5 and {t.kind for t in everything.trajectories} == {"cities", "routes"}
    assert all(t.slots == 3 for t in everything.trajectories)
    assert any(r.type == "gray" for r in everything.routes)
    singles = {pair for pair, lanes in _pairs(base).items() if lanes == 1}
    can_be_multi = any(r.length >= 2 and route_key(*r.between) in singles for r in base.routes)
    assert any(r.type == "multi" for r in everything.routes) == can_be_multi
    assert any(r.bonus for r in everything.routes)
    assert not base.trajectories and not any(r.type in ("gray", "multi") or r.bonus for r in base.routes)
    assert 0.15 * len(_pairs(base)) - 1 <= sum(n == 2 for n in _pairs(base).values()) <= 0.33 * len(_pairs(base)) + 1


LENGTH_TARGETS = {  # size: (most routes of length 1, fewest of each of lengths 2-4, lowest mean); see the docs
    "tiny": (0.35, (0.10, 0.02, 0.0), 1.7),
    "small": (0.35, (0.10, 0.10, 0.02), 1.9),
    "regular": (0.35, (0.10, 0.10, 0.10), 2.2),
    "large": (0.35, (0.10, 0.10, 0.10), 2.2),
    "huge": (0.35, (0.10, 0.10, 0.10), 2.2),
}


@pytest.mark.parametrize("size", SIZES)
def test_route_lengths_spread_over_one_to_five_spaces_like_the_original(size):
    lengths = Counter(r.length for seed in range(50) for r in generate(seed, Knobs(size=size)).routes)
    total = sum(lengths.values())
    ones, fewest, mean = LENGTH_TARGETS[size]
    assert lengths[1] / total <= ones
    for length, share in zip((2, 3, 4), fewest):
        assert lengths[length] / total >= share, (length, lengths)
    assert sum(k * n for k, n in lengths.items()) / total >= mean
    assert set(lengths) <= set(range(1, MAX_LENGTH + 1))


def _assert_joined(board: AeroMap) -> None:
    """Every lane runs unbroken from inside one city's footprint, space by space, to inside the other's."""
    where = {c.name: (c.x, c.y) for c in board.cities}
    for route, spaces, ((a_in, a_out), (b_out, b_in)) in route_spaces(board):
        a, b = (where[n] for n in route_key(*route.between))
        assert distance(a_in, a) < shapes.CITY_RADIUS and distance(b_in, b) < shapes.CITY_RADIUS, route.between
        ends = []
        for space in spaces:
            ux, uy = math.cos(math.radians(space.angle)), math.sin(math.radians(space.angle))
            half = space.length / 2
            ends += [(space.x - ux * half, space.y - uy * half), (space.x + ux * half, space.y + uy * half)]
        chain = [a_in, a_out, *ends, b_out, b_in]
        assert distance(a_out, ends[0]) < 1e-9 and distance(b_out, ends[-1]) < 1e-9
        for k in range(2, len(chain) - 3, 2):  # the gaps between spaces
            assert distance(chain[k + 1], chain[k + 2]) <= shapes.GAP + 1e-9
        assert all(space.length >= shapes.MIN_SPACE - 1e-9 for space in spaces)


@settings(max_examples=40, deadline=None)
@given(seed=seeds, size=st.sampled_from(SIZES))
def test_every_route_is_drawn_joined_to_both_its_cities(seed, size):
    _assert_joined(generate(seed, Knobs(size=size)))


@pytest.mark.parametrize("size", ["large", "huge"])
def test_seed_21s_long_routes_are_joined_to_their_cities(size):
    _assert_joined(generate(21, Knobs(size=size)))  # once printed as bars floating free of their cities


def test_the_same_seed_gives_a_byte_identical_map_in_another_process():
    code = (
        "from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate\n"
        "from pnp.games.aeronaut_odyssey.maps import to_yaml\n"
        "import sys; sys.stdout.write(to_yaml(generate(77, Knobs('large', 3, 4, False, "
        "('trajectories', 'wild_winds', 'multiroutes', 'bonus')))))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, check=True, env={**os.environ, "PYTHONHASHSEED": salt}
        ).stdout
        for salt in ("1", "2")
    }
    assert len(outputs) == 1
    here = to_yaml(generate(77, Knobs("large", 3, 4, False, EXPANSIONS))).encode()
    assert outputs == {here}


def test_different_seeds_give_different_maps():
    assert len({to_yaml(generate(seed)) for seed in range(8)}) == 8
