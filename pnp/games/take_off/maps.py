"""Checks of a Take Off! map, shared by ``pnp map check`` and the referee, and the other map hooks."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pnp.games.names import fold
from pnp.games.spec import Finding, Findings, raise_first_error
from pnp.games.take_off.model import TakeOffData, TakeOffMap, default_map_path, load_data, load_map
from pnp.games.take_off.world import NO_ROUTE, UNREACHABLE, World, compile_world, strip_lon, unwrap
from pnp.loader import Loaded, did_you_mean

if TYPE_CHECKING:
    from pnp.games.take_off.linework import Line
    from pnp.games.take_off.placement import InsetSpot
    from pnp.printing.canvas import Drawing

ID = re.compile(r"[a-z][a-z0-9-]*\Z")
Add = Callable[[Literal["error", "warning"], str, str], None]


def check_map(loaded: Loaded[TakeOffMap], data: TakeOffData | None = None) -> list[Finding]:
    """Problems with a map's meaning and print: errors make it unplayable, warnings are advice.

    Beyond what play needs (``raise_errors``), the printed map is laid out and any name or badge
    left overlapping something, or text below the legible minimum, is a warning.
    """
    data = data or load_data().value
    findings = _check_play(loaded, data)
    if not findings.has_errors():
        world = compile_world(loaded.value, data)
        _check_linework(world, data, findings.add)
        _check_print(world, data, findings.add)
    return findings


def _check_linework(world: World, data: TakeOffData, add: Add) -> None:
    """Routes the printed map draws through another city's dot, or along another route (warnings: the referee plays
    the map as written; the picture is what misleads, and its preview shows where)."""
    from pnp.games.take_off.linework import cities_under, lines_along, printed_lines

    lines = printed_lines(world)
    under = cities_under(world, lines)
    for line, cities in under.items():
        for city in cities:
            add(
                "warning",
                _route_path(data, line),
                f"on the printed map, {_route_words(world, data, line)} runs through the dot of {world.name(city)}, so "
                f"it reads as a route that stops there: move {world.name(city)} off the route's line, or lead it "
                "elsewhere",
            )
    for line, other, shared in lines_along(lines):
        if {other.src, other.dest} & set(under[line]) or {line.src, line.dest} & set(under[other]):
            continue  # said above: one runs through the other's city
        add(
            "warning",
            _route_path(data, line),
            f"on the printed map, {_route_words(world, data, line)} is drawn along {_route_words(world, data, other)} "
            f"for {shared:.0f} mm, where the two read as one line: move a city, or lead one of them elsewhere",
        )


def _route_path(data: TakeOffData, line: Line) -> str:
    """Where the file gives a route: ``cities[0].routes.red``."""
    return f"cities[{line.src}].routes.{data.route_colours[line.colour].name}"


def _route_words(world: World, data: TakeOffData, line: Line) -> str:
    """How a finding names a route: "the red route from Moscow to Minsk"."""
    colour = data.route_colours[line.colour].name
    return f"the {colour} route from {world.name(line.src)} to {world.name(line.dest)}"


def _check_play(loaded: Loaded[TakeOffMap], data: TakeOffData) -> Findings:
    game_map = loaded.value
    findings = Findings(loaded.source)
    add = findings.add
    _check_frame(game_map, add)
    if not _check_cities(game_map, data, add):
        return findings
    world = compile_world(game_map, data)
    _check_network(world, add)
    _check_reach(world, add)
    _check_decks(world, add)
    _check_names(world, add)
    return findings


def _check_print(world: World, data: TakeOffData, add: Add) -> None:
    """Cities under the legend, names and badges that still overlap on the printed map, and text too small to
    read (warnings: the referee plays such a map, and its preview shows where)."""
    from pnp.games.take_off.drawing import grid_crowded, half_texts_left_off, map_text
    from pnp.games.take_off.placement import MIN_LABEL_PT, MIN_LETTER_PT, legend_box

    placed = map_text(world, data)
    crowded = grid_crowded(world.layout)
    if crowded:
        name, need, roomy = crowded
        least = math.ceil(roomy / world.layout.scale * 10) / 10
        add(
            "warning",
            "grid",
            f"each square is {world.layout.cell:.1f} mm on the printed map, too small for its name ({name!r} needs "
            f"{need:.1f} mm): the names around the map print over each other; a grid of {least:g} or more keeps "
            "them apart",
        )
    x0, y0, x1, y1 = legend_box(world)
    for city, (x, y) in enumerate(world.layout.dots):
        if x0 <= x <= x1 and y0 <= y <= y1:
            hidden = f"on the printed map, {world.name(city)} lies under the legend, which no corner has room for"
            add("warning", f"cities[{city}]", f"{hidden}: widen the map (its edges) or move the city")
    for half in half_texts_left_off(world, data):
        narrow = f"the {half}ern half is too narrow on the printed map for its deck's label, even at 6 pt on two lines"
        add("warning", "divide", f"{narrow}: it is left off (move the divide or widen the map)")
    for city, problem in placed.problems:
        add("warning", f"cities[{city}].name", f"on the printed map, {world.name(city)}: {problem}")
    for i, inset in enumerate(world.map.insets):
        if inset.name in placed.too_large:
            add("warning", f"insets[{i}]", f"the inset {inset.name!r} is larger than the map: it is left out")
    for spot in placed.insets:
        i = next(k for k, inset in enumerate(world.map.insets) if inset is spot.inset)  # some may be left out
        if spot.covers:
            add(
                "warning",
                f"insets[{i}]",
                f"the inset {spot.inset.name!r} finds no empty place: it covers part of the map",
            )
        _check_tiles(world, spot, f"insets[{i}]", add)
        for city, problem in spot.problems:
            add("warning", f"insets[{i}]", f"in the inset {spot.inset.name!r}, {world.name(city)}: {problem}")
    small = [(label.city, label.size, MIN_LABEL_PT, "its name") for label in placed.labels]
    small += [(badge.city, badge.size, MIN_LETTER_PT, "a route letter") for badge in placed.badges]
    for city, size, least, what in small:
        if size < least:
            add(
                "warning",
                f"cities[{city}].name",
                f"{world.name(city)}: {what} prints at {size:g} pt, below {least:g} pt",
            )


def _check_tiles(world: World, spot: InsetSpot, where: str, add: Add) -> None:
    """An inset larger than every tile of a named paper as the kit prints it (cut on the grid's lines, so the
    tiles differ in size): it can never print whole, whatever its place."""
    from pnp.games.take_off.placement import printed_tilings
    from pnp.printing.paper import PAPERS

    _, _, width, height = spot.place
    for paper, tiling in zip(PAPERS, printed_tilings(world.layout)):
        widest, tallest = max(w for _, w in tiling.columns), max(h for _, h in tiling.bands)
        if (
            width > widest or height > tallest
        ):  # the tiles are a grid: the largest is the widest column's, tallest row's
            add(
                "warning",
                where,
                f"the inset {spot.inset.name!r} is {width:.0f} x {height:.0f} mm, larger than the largest tile of "
                f"{paper.upper()} as printed holds ({widest:.0f} x {tallest:.0f} mm): it is cut across tiles",
            )
            return


def _check_frame(m: TakeOffMap, add: Add) -> None:
    if not 0 < m.east_edge - m.west_edge <= 360:
        add("error", "east_edge", "the east edge must lie east of the west edge, at most 360 degrees away")
    if not m.south < m.north:
        add("error", "north", "north must lie above south")
    if not m.west_edge < m.divide < m.east_edge:
        add("error", "divide", "the dividing line must lie between the west and east edges")
    for i, inset in enumerate(m.insets):
        west, east = unwrap(inset.west, m.west_edge), unwrap(inset.east, m.west_edge)
        if not (west < east <= m.east_edge and m.south <= inset.south < inset.north <= m.north):
            add(
                "error",
                f"insets[{i}]",
                f"the inset {inset.name!r} must be a part of the map, its west edge west of its east",
            )


def _check_cities(m: TakeOffMap, data: TakeOffData, add: Add) -> bool:
    """Ids, places, Start/Finish and route ends; False when the network cannot be examined."""
    ok = True
    seen: dict[str, int] = {}
    folded: dict[str, int] = {}  # ids as players type them: case and punctuation aside
    for i, city in enumerate(m.cities):
        if not ID.match(city.id):
            add("error", f"cities[{i}].id", f"{city.id!r} is not an id (lower case letters, digits and '-')")
            ok = False
        if city.id in seen:
            add("error", f"cities[{i}].id", f"{city.id!r} is already the id of cities[{seen[city.id]}]")
            ok = False
        elif fold(city.id) in folded:
            other = folded[fold(city.id)]
            add(
                "error", f"cities[{i}].id", f"{city.id!r} reads like the id of cities[{other}] ({m.cities[other].id!r})"
            )
            ok = False
        seen.setdefault(city.id, i)
        folded.setdefault(fold(city.id), i)
        if not (m.south <= city.lat <= m.north):
            add("error", f"cities[{i}].lat", f"{city.name} lies off the map ({m.south} to {m.north})")
            ok = False
        if not -180 <= city.lon <= 180 or strip_lon(m, city) > m.east_edge + 1e-9:
            add("error", f"cities[{i}].lon", f"{city.name} lies off the map (longitude {city.lon})")
            ok = False
    for key in ("start", "finish"):
        city_id = getattr(m, key)
        if city_id not in seen:
            add("error", key, f"no city has the id {city_id!r}{did_you_mean(city_id, seen)}")
            ok = False
        elif m.cities[seen[city_id]].country:
            add("error", key, f"{key.capitalize()} cannot be a capital with a card (remove its country)")
    if m.start == m.finish:
        add("error", "finish", "Start and Finish must be two cities (they may share a place)")
        ok = False
    colours = {c.name for c in data.route_colours}
    for i, city in enumerate(m.cities):
        for colour, dest in city.routes.items():
            path = f"cities[{i}].routes.{colour}"
            if colour not in colours:
                hint = did_you_mean(colour, colours)
                add("error", path, f"unknown route colour {colour!r}{hint} (known: {', '.join(sorted(colours))})")
                ok = False
            elif dest not in seen:
                hint = did_you_mean(dest, seen)
                add("error", path, f"the {colour} route leads to {dest!r}, which is not a city id{hint}")
                ok = False
    return ok


def _check_network(world: World, add: Add) -> None:
    m = world.map
    for i, city in enumerate(m.cities):
        for colour, dest_id in city.routes.items():
            dest = world.index[dest_id]
            if world.u[dest] >= world.u[i]:
                add(
                    "error",
                    f"cities[{i}].routes.{colour}",
                    f"the {colour} route from {city.name} to {m.cities[dest].name} does not lead west",
                )
        if i == world.finish:
            if city.routes:
                add("error", f"cities[{i}].routes", "Finish has no routes: a jet that reaches it leaves play")
            continue
        if world.hops[i] >= UNREACHABLE:
            add("error", f"cities[{i}].id", f"{city.name} cannot reach Finish along the routes")
        if len(city.routes) < 2:
            add("warning", f"cities[{i}].routes", f"{city.name} has routes in fewer than two colours")
        if i != world.start and world.u[i] >= world.u[world.start]:
            add("error", f"cities[{i}].lon", f"{city.name} lies east of Start, which must be the easternmost city")
        if i != world.finish and world.u[i] <= world.u[world.finish]:
            add("error", f"cities[{i}].lon", f"{city.name} lies west of Finish, which must be the westernmost city")
    for key, end, edge in (("start", world.start, m.east_edge), ("finish", world.finish, m.west_edge)):
        if abs(world.u[end] - edge) > 1e-6:
            side = "east" if key == "start" else "west"
            add(
                "error",
                f"cities[{end}].lon",
                f"{m.cities[end].name} is {key.capitalize()}: it must lie on "
                f"the {side} edge ({side}_edge: {edge:g}), not at {world.u[end]:g}",
            )


def _check_reach(world: World, add: Add) -> None:
    """A city no route leads to: a capital is reached by its TAKE OFF! card alone, a hub (no card) by nothing."""
    incoming = {dest for dests in world.routes for dest in dests if dest != NO_ROUTE}
    reached = _reached(world)
    for i, city in enumerate(world.map.cities):
        if i == world.start:
            continue
        if city.country and i not in incoming:
            add("warning", f"cities[{i}].id", f"no route leads to {city.name}: only a TAKE OFF! card gets there")
        elif not city.country and i not in reached:
            why = "no route leads to it" if i not in incoming else "its routes in leave only from cities no jet reaches"
            add(
                "warning",
                f"cities[{i}].id",
                f"no jet can ever reach {city.name}: {why}, and a hub has no TAKE OFF! card",
            )


def _reached(world: World) -> set[int]:
    """The cities a jet can get to: Start, every capital (its card sends a jet there), and where their routes lead."""
    todo = [world.start, *(i for i, city in enumerate(world.map.cities) if city.country)]
    reached = set(todo)
    while todo:
        for dest in world.routes[todo.pop()]:
            if dest != NO_ROUTE and dest not in reached:
                reached.add(dest)
                todo.append(dest)
    return reached


def _check_names(world: World, add: Add) -> None:
    """A printed name or alias that reads like another city's (case, accents and punctuation aside) cannot be typed."""
    m = world.map
    first: dict[str, int] = {fold(city.id): i for i, city in enumerate(m.cities)}
    for i, city in enumerate(m.cities):
        if i == world.start:
            continue  # Start is typed by its id or "Start"; its name is usually Finish's too
        for k, name in enumerate((city.name, *city.aliases)):
            other = first.setdefault(fold(name), i)
            if other != i:
                add(
                    "warning",
                    f"cities[{i}].{'name' if k == 0 else f'aliases[{k - 1}]'}",
                    f"{name!r} reads like the name or id of cities[{other}] ({m.cities[other].name}): "
                    + ("players will have to type this city's id, " if k == 0 else "the alias is not read: ")
                    + repr(city.id),
                )


def _check_decks(world: World, add: Add) -> None:
    for half, deck in zip(("eastern", "western"), world.decks):
        if len(deck) < 2:
            add("error", "divide", f"the {half} half needs at least two capitals for its deck (it has {len(deck)})")
    countries: dict[str, int] = {}
    for i, city in enumerate(world.map.cities):
        if city.country and countries.setdefault(city.country, i) != i:
            add(
                "warning",
                f"cities[{i}].country",
                f"{city.country} already has a capital (cities[{countries[city.country]}])",
            )


def raise_errors(loaded: Loaded[TakeOffMap], data: TakeOffData | None = None) -> None:
    """Raise the first error ``check_map`` finds, as a located DataError."""
    raise_first_error(_check_play(loaded, data or load_data().value))


def load_world(path: Path | None, data: TakeOffData) -> tuple[World, Loaded[TakeOffMap]]:
    """Load, check and compile a map (the built-in world by default)."""
    loaded = load_map(path)
    raise_errors(loaded, data)
    return compile_world(loaded.value, data), loaded


def new_map(seed: int | None) -> str:
    """The built-in map's text, or with a seed the built-in cities on a freshly generated network."""
    if seed is None:
        return default_map_path().read_text(encoding="utf-8")
    import random

    from pnp.games.take_off.network import build_routes, map_yaml

    data = load_data().value
    base = load_map().value
    routed = build_routes(base, [c.name for c in data.route_colours], rng=random.Random(seed))
    header = (
        f"# A Take Off! map: the built-in world's cities on routes generated with seed {seed}.\n"
        "# Each city's 'routes' maps a route colour to the city it leads to; every route must lead west\n"
        "# (to a smaller longitude on the strip from west_edge to east_edge). A city with a country is a\n"
        "# capital with a TAKE OFF! card. Moves name a city by its id or its printed name (read loosely:\n"
        "# 'port louis', 'st georges'). Check your edits with 'pnp map check FILE'.\n"
    )
    return map_yaml(routed, header, {}, {routed.start: "Start", routed.finish: "Finish"})


def preview(loaded: Loaded[TakeOffMap]) -> Drawing:
    """The map as the kit prints it (grid references included)."""
    from pnp.games.take_off.drawing import board_drawing

    data = load_data().value
    raise_errors(loaded, data)
    return board_drawing(compile_world(loaded.value, data), data)
