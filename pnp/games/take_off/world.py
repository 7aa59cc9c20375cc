"""A checked map compiled for play and drawing: indices, westward positions, halves, hops, grid references.

Longitudes are *unwrapped* onto the map's strip: every city sits at the
smallest longitude at or east of ``west_edge`` that names its meridian, except
Start, which sits at the largest one at or west of ``east_edge``. So on the
world map Honolulu is both the Finish (west edge) and the Start (east edge),
and "westward" simply means "to a smaller unwrapped longitude".
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from functools import cached_property

from pnp.games.graph import distances_to
from pnp.games.names import Names, fold
from pnp.games.take_off.model import City, TakeOffData, TakeOffMap

NO_ROUTE = -1
HOME = -1  # the position of a jet that has reached Finish and left play
UNREACHABLE = 10**6
MARGIN = 9.0  # mm of frame around the map, holding the grid references
MIN_GAP = 6.0  # mm between the centres of two city dots after decluttering: clear of a 9 mm jet on either


def _turn(degrees: float) -> float:
    """``degrees`` modulo 360, with a hair under 360 (a rounding error) counted as 0."""
    rest = degrees % 360.0
    return 0.0 if rest > 360.0 - 1e-9 else rest


def unwrap(lon: float, west_edge: float) -> float:
    """The smallest longitude >= ``west_edge`` on the same meridian as ``lon``."""
    return west_edge + _turn(lon - west_edge)


def unwrap_start(lon: float, east_edge: float) -> float:
    """The largest longitude <= ``east_edge`` on the same meridian as ``lon`` (where Start sits)."""
    return east_edge - _turn(east_edge - lon)


def column_name(column: int) -> str:
    """A, B, ... Z, AA, AB, ... for grid columns from the west edge."""
    name = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        name = string.ascii_uppercase[rest] + name
    return name


def strip_lon(game_map: TakeOffMap, city: City) -> float:
    """A city's longitude on the map's strip: Start's on the east edge, every other city's unwrapped."""
    if city.id == game_map.start:
        return unwrap_start(city.lon, game_map.east_edge)
    return unwrap(city.lon, game_map.west_edge)


@dataclass(frozen=True, eq=False)
class World:
    """A map ready for play: cities by index, routes by colour, halves, decks and distances to Finish."""

    map: TakeOffMap
    ids: tuple[str, ...]
    u: tuple[float, ...]
    routes: tuple[tuple[int, ...], ...]  # routes[city][colour] = destination index or NO_ROUTE
    start: int
    finish: int

    @cached_property
    def index(self) -> dict[str, int]:
        """City index by id."""
        return {city_id: i for i, city_id in enumerate(self.ids)}

    @cached_property
    def east(self) -> tuple[bool, ...]:
        """True for each city on the eastern half (east of the dividing line)."""
        return tuple(u > self.map.divide for u in self.u)

    @cached_property
    def decks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The capitals of the eastern half and of the western half: the brown and blue decks."""
        capitals = [i for i, city in enumerate(self.map.cities) if city.country]
        return (tuple(i for i in capitals if self.east[i]), tuple(i for i in capitals if not self.east[i]))

    @cached_property
    def hops(self) -> tuple[int, ...]:
        """The fewest routes from each city to Finish (UNREACHABLE if there is no way)."""
        steps = [[dest for dest in dests if dest != NO_ROUTE] for dests in self.routes]
        return distances_to(steps, self.finish, UNREACHABLE)

    @cached_property
    def reach(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """reach[city][k]: the cities one route away in colour k; the last column holds every colour's."""
        table = []
        for routes in self.routes:
            by_colour = [(dest,) if dest != NO_ROUTE else () for dest in routes]
            table.append((*by_colour, tuple(dict.fromkeys(d for d in routes if d != NO_ROUTE))))
        return tuple(table)

    @cached_property
    def layout(self) -> Layout:
        """Where every city is drawn."""
        return Layout.of(self)

    def name(self, city: int) -> str:
        """The printed name of a city."""
        return self.map.cities[city].name

    @cached_property
    def names(self) -> Names:
        """The cities by every name a player may type: the id, the printed name, aliases, "Finish" / "Start".

        Finish answers to its printed name; Start, which no move leads to, only to its id and "Start"
        (on the world map both are Honolulu). A printed name that reads like an earlier city's name or
        id is left out (``pnp map check`` warns of it): that city is then typed by its id.
        """
        m = self.map
        spellings: dict[str, list[str]] = {city.id: [] for city in m.cities}
        taken = {fold(city.id) for city in m.cities}
        extra = [(city.id, name) for city in m.cities if city.id != m.start for name in (city.name, *city.aliases)]
        extra += [(m.finish, "Finish"), (m.start, "Start")]
        for city_id, name in extra:
            if not fold(name):
                continue  # punctuation only: nothing a player could type
            if fold(name) not in taken:
                taken.add(fold(name))
                spellings[city_id].append(name)
            elif fold(name) == fold(city_id):
                spellings[city_id].append(name)  # the id itself, spelt as printed: shown in suggestions
        return Names("city", spellings)


def compile_world(game_map: TakeOffMap, data: TakeOffData) -> World:
    """Index a map that has passed ``maps.check_map`` (ids and colours are assumed known)."""
    ids = tuple(city.id for city in game_map.cities)
    index = {city_id: i for i, city_id in enumerate(ids)}
    start, finish = index[game_map.start], index[game_map.finish]
    u = tuple(strip_lon(game_map, city) for city in game_map.cities)
    colours = [c.name for c in data.route_colours]
    routes = tuple(
        tuple(index[city.routes[c]] if c in city.routes else NO_ROUTE for c in colours) for city in game_map.cities
    )
    return World(game_map, ids, u, routes, start, finish)


@dataclass(frozen=True)
class Layout:
    """The printed map's geometry: its size and each city's dot, in mm from the top-left corner.

    Dots that would overlap are pushed apart north-south only, never east-west,
    so a route's arrow still points west on paper. The true spot is kept too, so
    the drawing can join a moved dot to it.
    """

    width: float
    height: float
    true_xy: tuple[tuple[float, float], ...]
    dots: tuple[tuple[float, float], ...]
    west_edge: float
    north: float
    scale: float
    grid: float

    @staticmethod
    def of(world: World) -> Layout:
        m = world.map
        width = 2 * MARGIN + (m.east_edge - m.west_edge) * m.scale
        height = 2 * MARGIN + (m.north - m.south) * m.scale
        true_xy = tuple(
            (MARGIN + (u - m.west_edge) * m.scale, MARGIN + (m.north - city.lat) * m.scale)
            for u, city in zip(world.u, m.cities)
        )
        dots = _declutter(true_xy, (MARGIN, height - MARGIN))
        return Layout(width, height, true_xy, dots, m.west_edge, m.north, m.scale, m.grid)

    def x_of(self, lon: float) -> float:
        """The x of an unwrapped longitude."""
        return MARGIN + (lon - self.west_edge) * self.scale

    def y_of(self, lat: float) -> float:
        """The y of a latitude."""
        return MARGIN + (self.north - lat) * self.scale

    @property
    def cell(self) -> float:
        """The side of a grid cell in mm."""
        return self.grid * self.scale

    def columns(self) -> int:
        """How many grid columns (lettered from the west edge)."""
        return math.ceil((self.width - 2 * MARGIN) / self.cell - 1e-9)

    def rows(self) -> int:
        """How many grid rows (numbered from the top)."""
        return math.ceil((self.height - 2 * MARGIN) / self.cell - 1e-9)

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        """The (column, row) of the grid cell holding a point, both from 0."""
        column = min(max(int((x - MARGIN) // self.cell), 0), self.columns() - 1)
        row = min(max(int((y - MARGIN) // self.cell), 0), self.rows() - 1)
        return column, row

    def reference(self, x: float, y: float) -> str:
        """The grid reference (e.g. F7) of a point on the map."""
        column, row = self.cell_of(x, y)
        return f"{column_name(column)}{row + 1}"

    def city_reference(self, city: int) -> str:
        """The grid reference of a city's dot."""
        return self.reference(*self.dots[city])


def _declutter(points: tuple[tuple[float, float], ...], band: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """Move dots north-south until no two lie closer than MIN_GAP (deterministic, a few rounds)."""
    ys = [p[1] for p in points]
    order = sorted(range(len(points)), key=lambda i: points[i][0])
    pairs = []
    for a, i in enumerate(order):
        for j in order[a + 1 :]:
            if points[j][0] - points[i][0] >= MIN_GAP:
                break
            pairs.append((i, j))
    for _ in range(200):
        moved = False
        for i, j in pairs:
            dx = points[j][0] - points[i][0]
            dy = ys[j] - ys[i]
            need = math.sqrt(MIN_GAP * MIN_GAP - dx * dx)
            if abs(dy) < need - 1e-6:
                push = (need - abs(dy)) / 2 + 0.01
                sign = 1.0 if dy > 0 or (dy == 0 and i < j) else -1.0
                ys[i] -= sign * push
                ys[j] += sign * push
                moved = True
        if not moved:
            break
    top, bottom = band
    return tuple((x, min(max(y, top), bottom)) for (x, _), y in zip(points, ys))
