"""Aeronaut Odyssey's maps: the checks (for ``pnp map check`` and the referee), new maps and their commented YAML.

Each finding points at the offending item's line and column. Errors make the
map unplayable or unprintable; warnings are balance advice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pnp.games.aeronaut_odyssey import shapes
from pnp.games.aeronaut_odyssey.areas import detect
from pnp.games.aeronaut_odyssey.geometry import clearance, distance, point_segment_distance, segments_cross
from pnp.games.aeronaut_odyssey.mapgen import Knobs, expansions_of, generate, knobs_of
from pnp.games.aeronaut_odyssey.model import (
    CAPITAL,
    TYPES,
    AeroMap,
    load_map,
    pages_for,
    route_key,
)
from pnp.games.aeronaut_odyssey.notation import plural
from pnp.games.aeronaut_odyssey.scoring import reachable
from pnp.games.spec import Finding, Findings, raise_first_error
from pnp.loader import Loaded
from pnp.resources import board_file


def new(
    seed: int | None,
    *,
    size: str = "regular",
    players: int = 6,
    pages: int | None = None,
    ink_friendly: bool = False,
    expansions: tuple[str, ...] = (),
) -> str:
    """A commented map: generated from ``seed`` with the knobs, or the built-in map without a seed."""
    if seed is None:
        return board_file("aeronaut-odyssey.yaml").read_text(encoding="utf-8")
    return to_yaml(generate(seed, Knobs(size, players, pages, ink_friendly, tuple(expansions))))


# -- checks ------------------------------------------------------------------------------------------------------

# Bounds and patterns are the model's field rules, which the loader enforces and the JSON Schema states.
PEN_MM = 3.0  # the smallest route space or movement slot side a pen can fill
Add = Callable[[Literal["error", "warning"], str, str], None]


def check(loaded: Loaded[AeroMap]) -> list[Finding]:
    """Every problem with the map's meaning, errors first, each located at its item."""
    board, source = loaded.value, loaded.source
    findings = Findings(source)
    add = findings.add

    known = _check_cities(board, add)
    good = _check_routes(board, known, add)
    if not findings.has_errors():
        _check_geometry(board, good, add)
        _check_connected(board, add)
        _check_areas(board, add)
    if not findings.has_errors():
        _check_print_size(board, add)
    _check_trajectories(board, known, add)
    _check_balance(board, known, good, add)
    return sorted(findings, key=lambda f: f.level != "error")


def raise_errors(loaded: Loaded[AeroMap]) -> None:
    """Raise the first error ``check`` finds, as a located DataError."""
    raise_first_error(check(loaded))


def read(path: Path | None) -> AeroMap:
    """The map of a file (None: the built-in map) once it passes its checks; else its first error."""
    loaded = load_map(path)
    raise_errors(loaded)
    return loaded.value


def _check_cities(board: AeroMap, add: Add) -> dict[str, int]:
    """The well-formed cities by name."""
    known: dict[str, int] = {}
    for i, city in enumerate(board.cities):
        path = f"cities[{i}]"
        if city.name in known:
            add("error", f"{path}.name", f"city {city.name} is listed twice")
            continue
        known[city.name] = i
        r = shapes.CITY_RADIUS
        if not (r <= city.x <= board.width - r and r <= city.y <= board.height - r):
            add("error", path, f"city {city.name} does not fit inside the {board.width} x {board.height} map")
        for other in board.cities[:i]:
            if other.name in known and distance((city.x, city.y), (other.x, other.y)) < 2 * r:
                add("error", path, f"city {city.name} overlaps city {other.name}")
    if CAPITAL not in known:
        add("error", "cities", f"there is no capital: one city must be named {CAPITAL}")
    return known


def _check_routes(board: AeroMap, known: dict[str, int], add: Add) -> list[int]:
    """Indices of the well-formed routes."""
    good, lanes = [], Counter[tuple[str, str]]()
    for k, route in enumerate(board.routes):
        path = f"routes[{k}]"
        ends = route.between
        if ends[0] == ends[1]:
            add("error", f"{path}.between", "a route joins two different cities")
            continue
        missing = [name for name in ends if name not in known]
        if missing:
            add("error", f"{path}.between", f"there is no city {missing[0]}")
            continue
        if route.type == "multi":
            if len(route.spaces) != route.length:
                add("error", f"{path}.spaces", f"a multiroute lists {route.length} different types, one per space")
                continue
            if route.bonus:
                add("error", f"{path}.bonus", "a multiroute carries no bonus")
        elif route.spaces:
            add("error", f"{path}.spaces", "only a multiroute lists a type per space")
        key = route_key(*ends)
        lanes[key] += 1
        if lanes[key] > 2:
            add("error", path, f"a third route between {key[0]} and {key[1]}: a double route has two lanes")
            continue
        good.append(k)
    multi = {route_key(*board.routes[k].between) for k in good if board.routes[k].type == "multi"}
    for k in good:
        key = route_key(*board.routes[k].between)
        if key in multi and lanes[key] > 1:
            add("error", f"routes[{k}]", f"{key[0]}-{key[1]}: a multiroute cannot be part of a double route")
    return good


def _check_geometry(board: AeroMap, good: list[int], add: Add) -> None:
    """Crossings, routes over cities, and routes too short for their spaces."""
    index = {c.name: i for i, c in enumerate(board.cities)}
    points = [(c.x, c.y) for c in board.cities]
    first: dict[tuple[int, int], int] = {}
    lanes: Counter[tuple[int, int]] = Counter()
    for k in good:
        a, b = (index[n] for n in board.routes[k].between)
        pair = (min(a, b), max(a, b))
        first.setdefault(pair, k)
        lanes[pair] += 1
    pairs = list(first)
    for n, (i, j) in enumerate(pairs):
        for p, q in pairs[:n]:
            if {i, j} & {p, q}:
                continue
            if segments_cross(points[i], points[j], points[p], points[q]):
                add("error", f"routes[{first[(i, j)]}]", f"{_name(board, i, j)} crosses route {_name(board, p, q)}")
        for c, point in enumerate(points):
            if c not in (i, j) and point_segment_distance(
                point, points[i], points[j]
            ) < shapes.CITY_RADIUS + shapes.extent(lanes[(i, j)]):
                add("error", f"routes[{first[(i, j)]}]", f"{_name(board, i, j)} runs over city {board.cities[c].name}")
    trims = shapes.end_trims(points, dict(lanes))
    for pair, k in first.items():
        free = shapes.free_length(points, trims, *pair)
        length = board.routes[k].length
        if not shapes.fits(free, length):
            add(
                "error",
                f"routes[{k}].length",
                f"{_name(board, *pair)} is too short for {plural(length, 'space')}: there is room for "
                f"{max(0, int((free + shapes.GAP) // (shapes.MIN_SPACE + shapes.GAP)))}; move its cities apart",
            )


def _check_print_size(board: AeroMap, add: Add) -> None:
    """Warn when a route space or a movement slot prints smaller than a pen can fill."""
    from pnp.games.aeronaut_odyssey.draw import route_spaces  # drawing: only when checking
    from pnp.games.aeronaut_odyssey.spread import printed_block

    mm = printed_block(board)
    spaces = [space for _, lane, _ in route_spaces(board) for space in lane]
    width = min((space.width for space in spaces), default=1.0) * mm
    length = min((space.length for space in spaces), default=1.0) * mm
    slot = shapes.SLOT_SIZE * mm
    if min(width, length, slot) < PEN_MM:
        pages = pages_for(board)
        more = {1: 4, 4: 9}.get(pages)
        advice = f"print it over {more} pages (pages: {more})" if more else "spread the cities further apart"
        add(
            "warning",
            "pages",
            f"on {plural(pages, 'page')} route spaces print as small as {width:.1f} x {length:.1f} mm and movement "
            f"slots {slot:.1f} mm, smaller than a pen can fill ({PEN_MM:g} mm); {advice}",
        )


def _name(board: AeroMap, i: int, j: int) -> str:
    return "-".join(route_key(board.cities[i].name, board.cities[j].name))


def _check_connected(board: AeroMap, add: Add) -> None:
    around: dict[str, set[str]] = {c.name: set() for c in board.cities}
    for route in board.routes:
        a, b = route.between
        around[a].add(b)
        around[b].add(a)
    seen = reachable(around, CAPITAL)
    for i, city in enumerate(board.cities):
        if city.name not in seen:
            add("error", f"cities[{i}]", f"city {city.name} cannot be reached from the capital {CAPITAL}")
            return
        if len(around[city.name]) < 2:
            add(
                "warning",
                f"cities[{i}]",
                f"city {city.name} has {plural(len(around[city.name]), 'route')}; 2 or more keep it in play",
            )


def _check_areas(board: AeroMap, add: Add) -> None:
    found = detect(board)
    points = {c.name: (c.x, c.y) for c in board.cities}
    lanes = Counter(route_key(*r.between) for r in board.routes)
    segments = [(points[a], points[b], shapes.extent(n)) for (a, b), n in lanes.items()]
    discs = [(p, shapes.CITY_RADIUS) for p in points.values()]
    for k, (area, region) in enumerate(zip(board.areas, found.label_region)):
        path = f"areas[{k}]"
        if region is None:
            add("error", path, f"({area.x}, {area.y}) is not inside an area enclosed by routes")
            continue
        if found.labels_of(region)[0] != k:
            add(
                "error", path, f"a second set of points in the area enclosed by {_border(found.regions[region].border)}"
            )
        if clearance((area.x, area.y), segments, discs) < shapes.LABEL_RADIUS:
            add("error", path, f"the points at ({area.x}, {area.y}) overlap a route or a city; move them")
    for n, face in enumerate(found.regions):
        if not found.labels_of(n):
            add("warning", "areas", f"the area enclosed by {_border(face.border)} has no points: it scores nothing")


def _border(border: tuple[tuple[str, str], ...]) -> str:
    return " ".join("-".join(pair) for pair in border)


def _check_trajectories(board: AeroMap, known: dict[str, int], add: Add) -> None:
    for k, goal in enumerate(board.trajectories):
        path = f"trajectories[{k}]"
        if goal.kind == "cities":
            if len(goal.cities) != 2 or goal.cities[0] == goal.cities[1] or goal.types:
                add("error", f"{path}.cities", "a cities trajectory names two different cities and no types")
            elif any(name not in known for name in goal.cities):
                add("error", f"{path}.cities", f"there is no city {next(n for n in goal.cities if n not in known)}")
        elif not goal.types or goal.cities:
            add("error", f"{path}.types", "a routes trajectory lists one or more types and no cities")


def _check_balance(board: AeroMap, known: dict[str, int], good: list[int], add: Add) -> None:
    routes = [board.routes[k] for k in good]
    count = Counter[str](r.type for r in routes if r.type in TYPES)
    if count and max(count[t] for t in TYPES) - min(count[t] for t in TYPES) > 2:
        spread = ", ".join(f"{t} {count[t]}" for t in TYPES)
        add("warning", "routes", f"route types are unbalanced ({spread})")
    at = Counter((name, r.type) for r in routes if r.type in TYPES for name in r.between)
    for (name, kind), n in sorted(at.items()):
        if n > 2:
            add("warning", f"cities[{known[name]}]", f"city {name} has {n} {kind} routes; 2 at most keeps it fair")
    lane_types: dict[tuple[str, str], list[int]] = {}
    for k in good:
        lane_types.setdefault(route_key(*board.routes[k].between), []).append(k)
    for (a, b), ks in lane_types.items():
        if len(ks) == 2 and board.routes[ks[0]].type == board.routes[ks[1]].type:
            add("warning", f"routes[{ks[1]}]", f"both lanes of {a}-{b} are {board.routes[ks[0]].type}")


def remake(board: AeroMap) -> str:
    """The ``pnp map new`` command that generates a seeded map again: its seed and every knob not at its default."""
    knobs = knobs_of(board)
    default = Knobs(board.size)
    words = [f"pnp map new aeronaut-odyssey --seed {board.seed}"]
    words += [f"--size {board.size}"] if board.size != "regular" else []
    words += [f"--players {board.players}"] if knobs.players != default.players else []
    words += [f"--pages {knobs.pages}"] if knobs.pages != default.pages else []
    words += ["--ink-friendly"] if board.ink_friendly else []
    words += [f"--expansions {','.join(knobs.expansions)}"] if knobs.expansions else []
    return " ".join(words)


# -- the commented YAML ------------------------------------------------------------------------------------------

HEADER = """\
# Aeronaut Odyssey map{origin}.
# Edit it freely, then run `pnp map check THIS-FILE` and print it with `pnp build aeronaut-odyssey --map THIS-FILE`.
# Positions are in blocks (one block is the length of one route space), from the map's top-left corner.
# Expansions on this map: {expansions}.
game: aeronaut-odyssey
"""


def to_yaml(board: AeroMap) -> str:
    """The map as YAML with a comment on every decision a reader may want to change."""
    origin = f" generated by pnp from seed {board.seed} (size {board.size})" if board.seed is not None else ""
    lines = [HEADER.format(origin=origin, expansions=", ".join(expansions_of(board)) or "none (base game)").rstrip()]
    if board.seed is not None:
        lines.append(
            f"seed: {board.seed}  # printed on the page while the map is unedited; `{remake(board)}` remakes it"
        )
    lines += [
        f"size: {board.size}  # tiny, small, regular, large or huge",
        f"players: {board.players}  # inventories printed at the edges; with 2 players each player uses two",
        f"pages: {board.pages}  # print on 1 page, or enlarged over 4 (2 x 2) or 9 (3 x 3) pages",
        f"ink_friendly: {'true' if board.ink_friendly else 'false'}  # outlines and letters instead of colour fills",
        f"width: {board.width}",
        f"height: {board.height}",
        f"inventory_spaces: {board.inventory_spaces}  # per inventory: about half the number of routes",
        "",
        "# Cities: a name of capital letters, the centre, and the movement slots (how many travellers may stop there).",
        f"# Every traveller starts at the capital {CAPITAL}.",
        "cities:",
    ]
    for city in board.cities:
        note = "  # the capital" if city.name == CAPITAL else ""
        lines.append(f"  - {{name: {city.name}, x: {city.x:.2f}, y: {city.y:.2f}, slots: {city.slots}}}{note}")
    lines += [
        "",
        "# Routes: the two cities joined, the balloon type to pay (gray: any one type; multi: one type per space),",
        "# and the length in spaces (1-6). A second route between the same cities makes a double route: its lanes",
        "# are named C-F and C-F/2 in the notation, in the order listed here (with 2 players one lane may be claimed;",
        "# with more, both, by anyone). Optional: a bonus on the middle space.",
        "routes:",
    ]
    seen: set[tuple[str, ...]] = set()
    for route in board.routes:
        key = tuple(sorted(route.between))
        note = f"  # lane 2 of {'-'.join(route.between)}" if key in seen else ""
        seen.add(key)
        parts = [f"between: [{', '.join(route.between)}]", f"type: {route.type}", f"length: {route.length}"]
        if route.spaces:
            parts.append(f"spaces: [{', '.join(route.spaces)}]")
        if route.bonus:
            parts.append(f"bonus: {route.bonus}")
        lines.append(f"  - {{{', '.join(parts)}}}{note}")
    lines += [
        "",
        "# Areas: the points written inside each enclosed area (one per route around it, by default).",
        "areas:",
    ]
    if board.areas:
        found = detect(board)
        for area, region in zip(board.areas, found.label_region):
            around = " ".join("-".join(pair) for pair in found.regions[region].border) if region is not None else "?"
            lines.append(f"  - {{x: {area.x:.2f}, y: {area.y:.2f}, points: {area.points}}}  # enclosed by {around}")
    else:
        lines[-1] += " []"
    if board.trajectories:
        lines += [
            "",
            "# Trajectories: connect two cities with your own routes, or own routes of every type shown.",
            "# The reward is points, rewards (each a balloon or an inventory space) or swaps, `value` times;",
            "# `slots` players may fulfil each one.",
            "trajectories:",
        ]
        for goal in board.trajectories:
            what = (
                f"cities: [{', '.join(goal.cities)}]" if goal.kind == "cities" else f"types: [{', '.join(goal.types)}]"
            )
            lines.append(
                f"  - {{kind: {goal.kind}, {what}, reward: {goal.reward}, value: {goal.value}, slots: {goal.slots}}}"
            )
    return "\n".join(lines) + "\n"
