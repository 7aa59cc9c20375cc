"""The seeded map generator: the same seed and knobs always give the same map, byte for byte.

Steps: spread the cities (capital in the centre, then the corners, then best
candidates), join them by a Delaunay triangulation, thin it (shortest routes
first) to about three routes per city while keeping every route on a cycle,
make sure every enclosed area has room for its points, then add double routes,
lengths (measured against the map's own median route), balanced types, the
expansions, the areas' points and the trajectories.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from types import MappingProxyType

from pnp.errors import PnpError
from pnp.games.aeronaut_odyssey import shapes
from pnp.games.aeronaut_odyssey.geometry import Point, delaunay, distance, faces, point_segment_distance, roomiest_point
from pnp.games.aeronaut_odyssey.model import (
    CAPITAL,
    EXPANSIONS,
    PAGES_BY_SIZE,
    SIZES,
    TYPES,
    AeroMap,
    Area,
    City,
    Route,
    Trajectory,
    city_order,
    route_key,
)
from pnp.games.graph import distances_to

SCALE = {"tiny": 0.5, "small": 0.75, "regular": 1.0, "large": 1.5, "huge": 2.0}  # board width and height
CITY_SCALE = {"tiny": 0.33, "small": 0.66, "regular": 1.0, "large": 1.5, "huge": 2.0}  # number of cities
WIDTH, HEIGHT = 12.0, 8.25  # a regular board, in blocks
CITIES = (16, 20)  # cities on a regular board
MIN_CITY_DISTANCE = 2 * shapes.CITY_RADIUS + 0.55
EDGE_MARGIN = shapes.CITY_RADIUS + 0.15
TARGET_DEGREE = 3
MAX_LENGTH = 5  # the original generator's longest route; the rules score up to 6
MEDIAN_LENGTH = 2.7  # spaces on a route of the map's median free length: spreads lengths over 1-5 at every size
MAX_SPACE = 1.2  # blocks: a longer space looks stretched, so routes longer than MAX_LENGTH of them are avoided
MIN_UNIT = 0.45  # the shortest free length (blocks) per space; tiny maps reach it (their routes are all short)
DOUBLES = (0.15, 0.33)  # share of routes that get a second lane
GRAY_SHARE = 0.15  # Wild Winds: share of routes that are gray
MULTI_SHARE = (0.125, 0.225)  # Multiroutes: share of all spaces on multiroutes
BONUS_SHARE = (0.2, 0.375)  # Bonus Balloons: share of eligible routes with a bonus
BONUS_WEIGHTS = {"point": 3, "penalty": 1, "balloon": 3, "space": 2, "swap": 2, "jump": 1, "discount": 1, "extra": 1}
TRAJECTORIES = (3, 5)
ATTEMPTS = 40


@dataclass(frozen=True)
class Knobs:
    """The generator's settings (the seed aside)."""

    size: str = "regular"
    players: int = 6  # inventories printed: the most the game takes, so that one board serves any table
    pages: int | None = None  # None: by size (large 4, huge 9, else 1)
    ink_friendly: bool = False
    expansions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise PnpError(f"unknown map size {self.size!r} (known: {', '.join(SIZES)})")
        if not 2 <= self.players <= 6:
            raise PnpError(f"players must be 2 to 6, not {self.players}")
        if self.pages is None:
            object.__setattr__(self, "pages", PAGES_BY_SIZE.get(self.size, 1))
        if self.pages not in (1, 4, 9):
            raise PnpError(f"pages must be 1, 4 or 9, not {self.pages}")
        unknown = set(self.expansions) - set(EXPANSIONS)
        if unknown:
            raise PnpError(f"unknown expansion {min(unknown)!r} (known: {', '.join(EXPANSIONS)})")
        object.__setattr__(self, "expansions", tuple(e for e in EXPANSIONS if e in self.expansions))


@lru_cache(maxsize=32)
def generate(seed: int, knobs: Knobs = Knobs()) -> AeroMap:
    """The map for ``seed``. Cities and routes depend only on the seed and the size (``_base`` keeps them)."""
    stream = f"aeronaut-odyssey/{seed}/{knobs.size}"
    points, lanes, labels = _base(seed, knobs.size)
    decor = random.Random(f"{stream}/routes")
    _double_order(decor, lanes)  # the route stream goes on past the lanes' draws, as where _base drew them
    names = _names(points)
    routes = _routes(decor, random.Random(f"{stream}/expansions"), points, lanes, knobs.expansions, names)
    slots = random.Random(f"{stream}/slots")
    cities = tuple(City(names[i], x, y, 6 if i == 0 else slots.randint(3, 6)) for i, (x, y) in enumerate(points))
    cities = tuple(sorted(cities, key=lambda c: (len(c.name), c.name)))
    scale = SCALE[knobs.size]
    built = AeroMap(
        width=round(WIDTH * scale, 2),
        height=round(HEIGHT * scale, 2),
        inventory_spaces=max(6, round(len(routes) / 2)),
        cities=cities,
        routes=tuple(sorted(routes, key=lambda r: (city_order(r.between[0]), city_order(r.between[1])))),
        areas=tuple(Area(round(x, 2), round(y, 2), points_) for (x, y), points_ in labels),
        seed=seed,
        size=knobs.size,  # type: ignore[arg-type]
        players=knobs.players,
        pages=knobs.pages,  # type: ignore[arg-type]
        ink_friendly=knobs.ink_friendly,
    )
    if "trajectories" in knobs.expansions:
        built = replace(
            built, trajectories=_trajectories(random.Random(f"{stream}/trajectories"), built, knobs.players)
        )
    return built


BASES_KEPT = 1024  # a seed's cities and lanes at a size, shared by its maps with other knobs (about 7 kB each)
Base = tuple[tuple[Point, ...], Mapping[tuple[int, int], int], tuple[tuple[Point, int], ...]]


@lru_cache(maxsize=BASES_KEPT)
def _base(seed: int, size: str) -> Base:
    """The cities, each route's lanes, and the areas' label spots and points: all the slow part of a map, which
    the knobs other than the size leave alone."""
    stream = f"aeronaut-odyssey/{seed}/{size}"
    rng = random.Random(stream)
    for _attempt in range(ATTEMPTS):
        graph = _graph(rng, size)
        if graph is None:
            continue
        points, edges, labels = graph
        decor = random.Random(f"{stream}/routes")
        lanes = _doubles(decor, points, edges)
        if lanes is not None:
            return tuple(points), MappingProxyType(lanes), tuple(labels)
    raise PnpError(f"could not generate a map for seed {seed}; try another seed")  # pragma: no cover - never seen


def expansions_of(board: AeroMap) -> tuple[str, ...]:
    """The expansions a map's content uses, in EXPANSIONS order."""
    present = {
        "trajectories": bool(board.trajectories),
        "wild_winds": any(r.type == "gray" for r in board.routes),
        "multiroutes": any(r.type == "multi" for r in board.routes),
        "bonus": any(r.bonus for r in board.routes),
    }
    return tuple(e for e in EXPANSIONS if present[e])


def knobs_of(board: AeroMap) -> Knobs:
    """The generator settings a board states: its size, players, pages and ink, and the expansions it uses.

    Every map the loader accepts states settings the generator has (the model declares the same bounds).
    """
    return Knobs(board.size, board.players, board.pages, board.ink_friendly, expansions_of(board))


def origin_kind(board: AeroMap) -> str:
    """Where the board comes from (the catalogue's ``origin.*`` word each): exactly the map its seed generates
    with its knobs, a generated map since edited, or a map without a seed."""
    if board.seed is None:
        return "custom"
    knobs = knobs_of(board)
    same = generate(board.seed, knobs) == replace(board, pages=knobs.pages)  # type: ignore[arg-type]
    return "seed" if same else "edited"


# -- cities and their graph ------------------------------------------------------------------------------------


Graph = tuple[list[Point], set[tuple[int, int]], list[tuple[Point, int]]]


def _graph(rng: random.Random, size: str) -> Graph | None:
    """Cities, thinned routes and area labels; None when this attempt is not printable."""
    width, height = WIDTH * SCALE[size], HEIGHT * SCALE[size]
    count = max(4, round(rng.randint(*CITIES) * CITY_SCALE[size]))
    points = [(round(x, 2), round(y, 2)) for x, y in _place(rng, count, width, height)]
    if len(points) < 4:
        return None
    edges = {e for e in delaunay(points) if _clear_of_cities(points, e, shapes.extent(2))}
    _thin(rng, points, edges)
    if not _printable(points, edges):
        return None
    labels = _make_room(points, edges)
    if labels is None or not _bridgeless(len(points), edges):
        return None
    return points, edges, labels


def _place(rng: random.Random, count: int, width: float, height: float) -> list[Point]:
    """The capital in the centre, cities near the four corners, then the best of random candidates."""
    m = EDGE_MARGIN

    def jitter(x: float, y: float) -> Point:
        return (x + rng.uniform(0, 0.5), y + rng.uniform(0, 0.5))

    points = [(width / 2 + rng.uniform(-0.3, 0.3), height / 2 + rng.uniform(-0.3, 0.3))]
    for x, y in ((m, m), (width - m - 0.5, m), (m, height - m - 0.5), (width - m - 0.5, height - m - 0.5)):
        corner = jitter(x, y)
        if min(distance(corner, p) for p in points) >= MIN_CITY_DISTANCE:
            points.append(corner)
    tries = 0
    while len(points) < count and tries < 30:
        candidates = [(rng.uniform(m, width - m), rng.uniform(m, height - m)) for _ in range(12)]
        room = [min(map(partial(distance, c), points)) for c in candidates]
        best = max(range(len(candidates)), key=room.__getitem__)  # the first of the roomiest
        if room[best] >= MIN_CITY_DISTANCE:
            points.append(candidates[best])
        else:
            tries += 1
    return points


def _clear_of_cities(points: list[Point], edge: tuple[int, int], width: float) -> bool:
    """True when the route ``edge``, ``width`` wide either side, passes no other city's footprint."""
    a, b = points[edge[0]], points[edge[1]]
    limit = shapes.CITY_RADIUS + width + shapes.CLEAR
    # a city this far outside the route's box is surely clear; the rest are measured
    far = limit + 1e-6
    (left, right), (top, bottom) = sorted((a[0], b[0])), sorted((a[1], b[1]))
    return all(
        point_segment_distance(p, a, b) >= limit
        for k, p in enumerate(points)
        if left - far < p[0] < right + far and top - far < p[1] < bottom + far and k not in edge
    )


def _degrees(count: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    degree = [0] * count
    for i, j in edges:
        degree[i] += 1
        degree[j] += 1
    return degree


def _thin(rng: random.Random, points: list[Point], edges: set[tuple[int, int]]) -> None:
    """Remove routes down to about three per city, keeping every route on a cycle: first the awkward ones
    (no room for a space, or so long that MAX_LENGTH spaces would be stretched), then the shortest, so the
    routes kept spread over 1 to 5 spaces as in the original."""
    trims = shapes.end_trims(points, dict.fromkeys(edges, 1))
    free = {e: shapes.free_length(points, trims, *e) for e in edges}
    awkward = {e for e in edges if not shapes.fits(free[e], 1) or free[e] > MAX_LENGTH * MAX_SPACE}
    order = sorted(edges, key=lambda e: (e in awkward, -distance(points[e[0]], points[e[1]]) * rng.uniform(0.8, 1.2)))
    degree = _degrees(len(points), edges)
    for e in reversed(order):
        floor = 2 if e in awkward else TARGET_DEGREE
        if degree[e[0]] > floor and degree[e[1]] > floor and _bridgeless(len(points), edges - {e}):
            edges.discard(e)
            degree[e[0]] -= 1
            degree[e[1]] -= 1


def _printable(points: list[Point], edges: set[tuple[int, int]]) -> bool:
    """Every route has room for at least one space at each of its ends' trims."""
    trims = shapes.end_trims(points, dict.fromkeys(edges, 1))
    return all(shapes.fits(shapes.free_length(points, trims, *e), 1) for e in edges)


def _bridgeless(count: int, edges: set[tuple[int, int]]) -> bool:
    """Connected, and no route whose removal would cut the map in two."""
    around: list[list[tuple[int, int]]] = [[] for _ in range(count)]
    for k, (i, j) in enumerate(edges):
        around[i].append((j, k))
        around[j].append((i, k))
    order = [-1] * count
    low = [0] * count
    clock = 0
    stack = [(0, -1, iter(around[0]))]
    order[0] = low[0] = 0
    while stack:
        v, via, it = stack[-1]
        for w, k in it:
            if k == via:
                continue
            if order[w] < 0:
                clock += 1
                order[w] = low[w] = clock
                stack.append((w, k, iter(around[w])))
                break
            low[v] = min(low[v], order[w])
        else:
            stack.pop()
            if stack:
                parent = stack[-1][0]
                if low[v] > order[parent]:
                    return False
                low[parent] = min(low[parent], low[v])
    return min(order) >= 0


def _make_room(points: list[Point], edges: set[tuple[int, int]]) -> list[tuple[Point, int]] | None:
    """Merge areas too narrow for their points; then each area's label spot and points (one per border route)."""
    spots: dict[tuple[int, ...], tuple[Point, float]] = {}  # faces untouched by a removal keep their spot
    while True:
        inner, _outer = faces(points, edges)
        degree = _degrees(len(points), edges)
        labels, cramped = [], None
        for face in inner:
            if face.walk not in spots:
                spots[face.walk] = _label_spot(points, face.walk, face.border)
            spot, room = spots[face.walk]
            if room < shapes.LABEL_RADIUS + shapes.CLEAR:
                cramped = face
                break
            labels.append((spot, len(face.border)))
        if cramped is None:
            return labels
        removable = [
            e
            for e in sorted(cramped.border, key=lambda e: -distance(points[e[0]], points[e[1]]))
            if degree[e[0]] > 2 and degree[e[1]] > 2 and _bridgeless(len(points), edges - {e})
        ]
        if not removable:
            return None
        edges.discard(removable[0])


def _label_spot(points: list[Point], walk: tuple[int, ...], border: Iterable[tuple[int, int]]) -> tuple[Point, float]:
    polygon = [points[v] for v in walk]
    width = shapes.extent(2)
    segments = [(points[i], points[j], width) for i, j in border]
    discs = [(points[v], shapes.CITY_RADIUS) for v in set(walk)]
    return roomiest_point(polygon, segments, discs)


# -- routes ------------------------------------------------------------------------------------------------------


def counts_within(n: int, share: tuple[float, float]) -> tuple[int, int]:
    """The fewest and the most of ``n`` things that make a share within ``share``; when no count does (a
    tiny map), the one count nearest the range."""
    low, high = math.ceil(n * share[0] - 1e-9), math.floor(n * share[1] + 1e-9)
    if low <= high:
        return low, high
    nearest = low if low / n - share[1] <= share[0] - high / n else high
    return nearest, nearest


def _doubles(rng: random.Random, points: list[Point], edges: set[tuple[int, int]]) -> dict[tuple[int, int], int] | None:
    """Lanes per route: a share of the routes get a second lane where it still prints cleanly; None when too
    few can."""
    lanes = dict.fromkeys(sorted(edges), 1)
    target, candidates = _double_order(rng, lanes)
    trims = shapes.end_trims(points, lanes)
    unfit = {f for f in lanes if not shapes.fits(shapes.free_length(points, trims, *f), 1)}
    doubled = 0
    for e in candidates:
        if doubled >= target:
            break
        if not _clear_of_cities(points, e, shapes.extent(2)):
            continue
        # a second lane moves only the trims at e's two cities, which depend on their own routes alone
        lanes[e] = 2
        near = {f: n for f, n in lanes.items() if e[0] in f or e[1] in f}
        moved = {end: trim for end, trim in shapes.end_trims(points, near).items() if end[0] in e}
        after = trims | moved
        still = {f for f in unfit if f not in near}
        still |= {f for f in near if not shapes.fits(shapes.free_length(points, after, *f), 1)}
        if still:
            lanes[e] = 1
        else:
            trims, unfit, doubled = after, still, doubled + 1
    return lanes if doubled >= counts_within(len(lanes), DOUBLES)[0] else None


def _double_order(rng: random.Random, routes: Iterable[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """How many routes to give a second lane, and the order to try them in: all that the lanes draw from the
    route stream (``generate`` draws them again to carry the stream on past them)."""
    candidates = sorted(routes)
    target = rng.randint(*counts_within(len(candidates), DOUBLES))
    rng.shuffle(candidates)
    return target, candidates


def _routes(
    rng: random.Random,
    extras: random.Random,
    points: Sequence[Point],
    lanes: Mapping[tuple[int, int], int],
    expansions: tuple[str, ...],
    names: list[str],
) -> list[Route]:
    """One Route per lane, with its length, a balanced type, and the expansions' gray, multi and bonus marks.

    ``extras`` draws everything the expansions add, so the base map's draws never depend on them.
    """
    lengths = _lengths(points, lanes)
    slots = [(e, lane) for e in lanes for lane in range(lanes[e])]
    kinds = dict.fromkeys(slots, "colour")
    singles = [s for s in slots if lanes[s[0]] == 1]
    if "multiroutes" in expansions:
        total = sum(lengths[e] for e, _ in slots)
        goal, most = total * extras.uniform(*MULTI_SHARE), total * MULTI_SHARE[1]
        long_ones = [s for s in singles if lengths[s[0]] >= 2]
        extras.shuffle(long_ones)
        covered = 0
        for s in long_ones:
            if covered >= goal:
                break
            if covered + lengths[s[0]] <= most + 1e-9:
                kinds[s] = "multi"
                covered += lengths[s[0]]
    if "wild_winds" in expansions:
        open_ = [s for s in slots if kinds[s] == "colour" and s[1] == 0]
        for s in extras.sample(open_, min(len(open_), max(1, round(len(slots) * GRAY_SHARE)))):
            kinds[s] = "gray"
    types = _balanced_types(rng, [s for s in slots if kinds[s] == "colour"], lengths)
    routes = []
    for s in slots:
        (a, b), length = s[0], lengths[s[0]]
        spaces = tuple(extras.sample(TYPES, length)) if kinds[s] == "multi" else ()
        kind = "multi" if spaces else types.get(s, "gray")
        routes.append(Route(route_key(names[a], names[b]), kind, length, spaces))  # type: ignore[arg-type]
    if "bonus" in expansions:
        eligible = [k for k, r in enumerate(routes) if r.type != "multi"]
        chosen = extras.sample(eligible, extras.randint(*counts_within(len(eligible), BONUS_SHARE)))
        kinds_, weights = list(BONUS_WEIGHTS), list(BONUS_WEIGHTS.values())
        for k in sorted(chosen):
            routes[k] = replace(routes[k], bonus=extras.choices(kinds_, weights)[0])  # type: ignore[arg-type]
    return routes


def _lengths(points: Sequence[Point], lanes: Mapping[tuple[int, int], int]) -> dict[tuple[int, int], int]:
    """Spaces per route: its free length over the map's unit, the unit being the median free length over
    MEDIAN_LENGTH (at least MIN_UNIT), so every size spreads its routes alike; 1 to MAX_LENGTH, and only as
    many as fit."""
    trims = shapes.end_trims(points, lanes)
    free = {e: shapes.free_length(points, trims, *e) for e in lanes}
    unit = max(MIN_UNIT, statistics.median(free.values()) / MEDIAN_LENGTH)
    lengths = {}
    for e, room in free.items():
        length = max(1, min(MAX_LENGTH, round(room / unit)))
        while length > 1 and not shapes.fits(room, length):
            length -= 1
        lengths[e] = length
    return lengths


def _balanced_types(
    rng: random.Random, slots: list[tuple[tuple[int, int], int]], lengths: dict[tuple[int, int], int]
) -> dict[tuple[tuple[int, int], int], str]:
    """Types spread evenly over the routes: counts differ by at most one, at most two of a type per city,
    and the lanes of a double route differ. The best of several shuffled greedy passes."""
    best: tuple[tuple[int, int], dict[tuple[tuple[int, int], int], str]] | None = None
    for _ in range(30):
        order = slots[:]
        rng.shuffle(order)
        count = dict.fromkeys(TYPES, 0)
        spaces = dict.fromkeys(TYPES, 0)
        at: dict[tuple[int, str], int] = {}
        chosen: dict[tuple[tuple[int, int], int], str] = {}
        for e, lane in order:
            partner = chosen.get((e, 1 - lane))
            allowed = [t for t in TYPES if t != partner and at.get((e[0], t), 0) < 2 and at.get((e[1], t), 0) < 2]
            pool = allowed or [t for t in TYPES if t != partner]
            t = min(pool, key=lambda t: (count[t], spaces[t], rng.random()))
            chosen[(e, lane)] = t
            count[t] += 1
            spaces[t] += lengths[e]
            for city in e:
                at[(city, t)] = at.get((city, t), 0) + 1
        crowded = sum(1 for n in at.values() if n > 2)
        quality = (
            max(count.values()) - min(count.values()) + 10 * crowded,
            max(spaces.values()) - min(spaces.values()),
        )
        if best is None or quality < best[0]:
            best = (quality, chosen)
        if quality[0] <= 1:
            break
    assert best is not None
    return best[1]


def _names(points: Sequence[Point]) -> list[str]:
    """The capital (the first, central city) is A; the rest are lettered in reading order, in bands of two blocks."""
    letters = [chr(c) for c in range(ord("B"), ord("Z") + 1)]
    letters += ["A" + chr(c) for c in range(ord("A"), ord("Z") + 1)]
    rest = sorted(range(1, len(points)), key=lambda k: (int(points[k][1] // 2), points[k][0]))
    names = [CAPITAL] * len(points)
    for letter, k in zip(letters, rest):
        names[k] = letter
    return names


# -- trajectories ------------------------------------------------------------------------------------------------


def _trajectories(rng: random.Random, board: AeroMap, players: int) -> tuple[Trajectory, ...]:
    """3-5 goals, at least one of each kind; worth their difficulty (routes to connect, or types to own)."""
    slots = 1 if players == 2 else 2 if players <= 4 else 3
    hops = _hops(board)
    names = [c.name for c in board.cities]
    shortest = min(3, max(max(h.values()) for h in hops.values()))  # small maps: the farthest pairs
    pairs = sorted(
        ((a, b) for i, a in enumerate(names) for b in names[i + 1 :] if shortest <= hops[a].get(b, 0) <= 5),
        key=lambda p: (-hops[p[0]][p[1]], p),
    )
    count = rng.randint(*TRAJECTORIES)
    city_goals = max(1, count // 2) if pairs else 0
    result = []
    for a, b in rng.sample(pairs[: max(city_goals * 3, 1)], min(city_goals, len(pairs))):
        result.append(
            Trajectory("cities", rng.choice(("points", "rewards", "swaps")), hops[a][b], slots, cities=(a, b))
        )
    for _ in range(count - len(result)):
        types = tuple(sorted(rng.sample(TYPES, rng.randint(2, 4)), key=TYPES.index))
        reward = rng.choice(("points", "rewards", "swaps"))
        result.append(Trajectory("routes", reward, len(types), slots, types=types))  # type: ignore[arg-type]
    return tuple(result)


def _hops(board: AeroMap) -> dict[str, dict[str, int]]:
    """Fewest routes between every two cities (a generated map is connected)."""
    names = [c.name for c in board.cities]
    index = {name: i for i, name in enumerate(names)}
    around: list[set[int]] = [set() for _ in names]
    for r in board.routes:
        a, b = (index[name] for name in r.between)
        around[a].add(b)
        around[b].add(a)
    return {names[i]: dict(zip(names, distances_to(around, i, len(names)))) for i in range(len(names))}
