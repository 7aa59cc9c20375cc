"""Route networks for Take Off! maps, and writing a map back out as commented YAML.

The builder joins each city to its nearest neighbours to the west, one colour
per route, so that every route leads west and, Finish being the westernmost
city, every city reaches Finish. ``tools/take_off_world.py`` uses it to make
the built-in world map; ``pnp map new take-off --seed N`` uses it to re-route
the built-in cities.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from pnp.games.take_off.model import City, TakeOffMap
from pnp.games.take_off.world import strip_lon

MIN_STEP = 0.5  # degrees: a generated route leads at least this far west
SPREAD = math.radians(14)  # two routes from one city closer in direction than this are avoided
REACH_FACTOR, REACH_EXTRA = 2.5, 10.0  # routes go no farther than this times the nearest, plus degrees, if they can

Pins = Mapping[str, Mapping[str, str]]


def _positions(game_map: TakeOffMap) -> dict[str, tuple[float, float]]:
    """(unwrapped longitude, latitude) of each city by id."""
    return {c.id: (strip_lon(game_map, c), c.lat) for c in game_map.cities}


def _cost(a: tuple[float, float], b: tuple[float, float]) -> float:
    """How far a route from ``a`` to ``b`` (to the west) looks: its length, penalised when it runs steeply north-south."""
    du, dlat = a[0] - b[0], abs(a[1] - b[1])
    return math.hypot(du, dlat) * (1.0 + 2.0 * max(0.0, dlat / du - 0.8))


def _heading(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.atan2(b[1] - a[1], a[0] - b[0])


class _Router:
    """Picks destinations and colours, keeping the colours evenly used over the whole map."""

    def __init__(self, game_map: TakeOffMap, colours: Sequence[str], rng: random.Random | None) -> None:
        self.map = game_map
        self.colours = list(colours)
        self.rng = rng
        self.at = _positions(game_map)
        self.used = dict.fromkeys(colours, 0)

    def jitter(self) -> float:
        return self.rng.uniform(0.85, 1.2) if self.rng else 1.0

    def westward(self, city: str) -> tuple[list[str], list[str]]:
        """Cities a route from ``city`` may lead to, nearest first: those near enough, and the rest."""
        here = self.at[city]
        options = sorted(
            (_cost(here, there) * self.jitter(), other)
            for other, there in self.at.items()
            if other != self.map.start and there[0] < here[0] - MIN_STEP
        )
        if not options:
            return [], []
        reach = max(REACH_FACTOR * options[0][0], options[0][0] + REACH_EXTRA)
        return [o for c, o in options if c <= reach], [o for c, o in options if c > reach]

    def colour_for(self, routes: dict[str, str]) -> str:
        free = [c for c in self.colours if c not in routes]
        if self.rng:
            self.rng.shuffle(free)
        best = min(free, key=lambda c: self.used[c])
        self.used[best] += 1
        return best

    def add(self, routes: dict[str, str], dest: str) -> None:
        routes[self.colour_for(routes)] = dest

    def outgoing(self, city: str, pinned: Mapping[str, str], per_city: int) -> dict[str, str]:
        routes = dict(pinned)
        for colour in pinned:
            self.used[colour] += 1
        near, far = self.westward(city)
        here = self.at[city]
        for options, spread, wanted in ((near, True, per_city), (near, False, per_city), (far, False, 2)):
            for dest in options:
                if len(routes) >= max(wanted, len(pinned)):
                    break
                headings = [_heading(here, self.at[d]) for d in routes.values()]
                if dest in routes.values() or (
                    spread and any(abs(_heading(here, self.at[dest]) - h) < SPREAD for h in headings)
                ):
                    continue
                self.add(routes, dest)
        while near and len(routes) < 2:  # only one city to the west: a parallel route in another colour
            self.add(routes, near[0])
        return routes


def build_routes(
    game_map: TakeOffMap,
    colours: Sequence[str],
    pins: Pins | None = None,
    per_city: int = 3,
    rng: random.Random | None = None,
) -> TakeOffMap:
    """The map with fresh routes: ``per_city`` per city (pinned routes kept), then one into every city left without."""
    router = _Router(game_map, colours, rng)
    pins = pins or {}
    table = {
        c.id: ({} if c.id == game_map.finish else router.outgoing(c.id, pins.get(c.id, {}), per_city))
        for c in game_map.cities
    }
    reached = {dest for routes in table.values() for dest in routes.values()}
    for city in sorted(game_map.cities, key=lambda c: -router.at[c.id][0]):  # eastmost first: fewest sources
        if city.id in reached or city.id == game_map.start:
            continue
        here = router.at[city.id]
        sources = [
            (_cost(router.at[s], here), s)
            for s, routes in table.items()
            if s != game_map.finish
            and router.at[s][0] > here[0] + MIN_STEP
            and len(routes) < len(colours)
            and city.id not in routes.values()
        ]
        if sources:
            router.add(table[min(sources)[1]], city.id)
    order = {c: i for i, c in enumerate(colours)}
    cities = tuple(
        replace(c, routes=dict(sorted(table[c.id].items(), key=lambda kv: order[kv[0]]))) for c in game_map.cities
    )
    return replace(game_map, cities=cities)


def _text(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def city_line(city: City) -> str:
    """One city as a YAML flow mapping."""
    parts = [f"id: {city.id}", f"name: {_text(city.name)}"]
    if city.aliases:
        parts.append(f"aliases: [{', '.join(_text(a) for a in city.aliases)}]")
    if city.country:
        parts.append(f"country: {_text(city.country)}")
    parts += [f"lat: {_number(city.lat)}", f"lon: {_number(city.lon)}"]
    routes = ", ".join(f"{colour}: {dest}" for colour, dest in city.routes.items())
    parts.append(f"routes: {{{routes}}}")
    return "{" + ", ".join(parts) + "}"


def map_yaml(
    game_map: TakeOffMap, header: str, settings_notes: Mapping[str, str], city_notes: Mapping[str, str]
) -> str:
    """The map as YAML: ``header`` (comment lines) first, each setting and city with its note as a comment."""
    lines = [header.rstrip("\n"), "game: take-off", f"title: {_text(game_map.title)}"]
    settings = {
        "start": game_map.start,
        "finish": game_map.finish,
        "west_edge": _number(game_map.west_edge),
        "east_edge": _number(game_map.east_edge),
        "north": _number(game_map.north),
        "south": _number(game_map.south),
        "divide": _number(game_map.divide),
        "scale": _number(game_map.scale),
        "grid": _number(game_map.grid),
    }
    for key, value in settings.items():
        if key in settings_notes:
            lines.append(f"# {settings_notes[key]}")
        lines.append(f"{key}: {value}")
    lines.append("cities:")
    for city in game_map.cities:
        note = city_notes.get(city.id)
        lines.append(f"  - {city_line(city)}" + (f"  # {note}" if note else ""))
    if game_map.insets:
        if "insets" in settings_notes:
            lines += [f"# {line}" for line in settings_notes["insets"].split("\n")]
        lines.append("insets:")
        for inset in game_map.insets:
            edges = ", ".join(
                f"{key}: {_number(getattr(inset, key))}" for key in ("west", "east", "north", "south", "zoom")
            )
            lines.append(f"  - {{name: {_text(inset.name)}, {edges}}}")
    return "\n".join(lines) + "\n"
