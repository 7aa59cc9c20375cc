"""A checked map compiled into flat tables (indices, not names) for a fast referee."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.aeronaut_odyssey.areas import detect
from pnp.games.aeronaut_odyssey.model import CAPITAL, TYPES, AeroMap, city_order, route_key
from pnp.games.aeronaut_odyssey.notation import MoveTable

COLOUR, GRAY, MULTI = range(3)
W = len(TYPES)  # index of the wildcard in an inventory


@dataclass(frozen=True)
class Lane:
    """One claimable route: a lane of a city pair."""

    name: str  # notation, e.g. C-F or C-F/2
    a: int
    b: int
    kind: int  # COLOUR, GRAY or MULTI
    type: int  # type index for COLOUR, else -1
    length: int
    spaces: tuple[int, ...]  # MULTI: type index per space
    bonus: str | None
    pair: int  # index of the city pair
    partner: int  # the other lane of a double route, or -1
    second: bool  # lane 2 of a double route
    first_space: int  # MULTI: where its spaces start in the state's table of space owners


@dataclass(frozen=True)
class Goal:
    """A trajectory: two cities (indices) or a set of types, with its reward."""

    kind: str
    cities: tuple[int, ...]
    types: tuple[int, ...]
    reward: str
    value: int
    slots: int


@dataclass(frozen=True)
class Board:
    """Everything the rules need to know about a map."""

    source: AeroMap
    cities: tuple[str, ...]
    city_index: dict[str, int]
    slots: tuple[int, ...]
    capital: int
    lanes: tuple[Lane, ...]
    lane_index: dict[str, int]
    pairs: tuple[tuple[int, ...], ...]  # lanes of each city pair
    exits: tuple[tuple[tuple[int, int], ...], ...]  # per city: (lane, other city)
    pickable: tuple[tuple[int, ...], ...]  # per city: type indices offered by its routes
    gray_at: tuple[bool, ...]  # per city: a gray route touches it
    areas: tuple[tuple[int, tuple[int, ...]], ...]  # (points, border pairs)
    goals: tuple[Goal, ...]
    inventory: int  # spaces per printed inventory
    space_count: int  # multiroute spaces in all
    moves: MoveTable

    def city_list(self) -> str:
        """``its cities are A, B, ... T``, for a refusal naming a city the map does not have."""
        return "its cities are " + ", ".join(sorted(self.cities, key=city_order))

    def nearest_routes(self, name: str) -> str:
        """What a refusal of an unknown route ``name`` (``C-F`` or ``C-F/2``) suggests: the routes at its cities."""
        pair = name.removesuffix("/2")
        if pair in self.lane_index:
            return f"{pair} is a single route: claim {pair}"
        ends = [self.city_index[c] for c in pair.split("-") if c in self.city_index]
        if not ends:
            return self.city_list()
        near = sorted({self.lanes[k].name for c in ends for k, _ in self.exits[c]})
        return f"routes at {' and '.join(self.cities[c] for c in ends)}: {', '.join(near)}"


def compile_board(source: AeroMap) -> Board:
    """Tables for a map that has passed its checks."""
    cities = tuple(c.name for c in source.cities)
    index = {name: i for i, name in enumerate(cities)}
    pair_of: dict[tuple[str, str], int] = {}
    members: list[list[int]] = []
    raw: list[tuple[tuple[str, str], int]] = []  # per route: its city pair and lane number
    for k, route in enumerate(source.routes):
        key = route_key(*route.between)
        if key not in pair_of:
            pair_of[key] = len(members)
            members.append([])
        raw.append((key, len(members[pair_of[key]])))
        members[pair_of[key]].append(k)
    lanes: list[Lane] = []
    spaces = 0
    for k, (route, (key, second)) in enumerate(zip(source.routes, raw)):
        pair = pair_of[key]
        partner = next((m for m in members[pair] if m != k), -1)
        kind = {"gray": GRAY, "multi": MULTI}.get(route.type, COLOUR)
        lanes.append(
            Lane(
                name="-".join(key) + ("/2" if second else ""),
                a=index[key[0]],
                b=index[key[1]],
                kind=kind,
                type=TYPES.index(route.type) if kind == COLOUR else -1,
                length=route.length,
                spaces=tuple(TYPES.index(t) for t in route.spaces),
                bonus=route.bonus,
                pair=pair,
                partner=partner,
                second=bool(second),
                first_space=spaces,
            )
        )
        spaces += len(route.spaces)
    exits: list[list[tuple[int, int]]] = [[] for _ in cities]
    for k, lane in enumerate(lanes):
        exits[lane.a].append((k, lane.b))
        exits[lane.b].append((k, lane.a))
    pickable = []
    for c in range(len(cities)):
        offered = set()
        for k, _ in exits[c]:
            offered |= {lanes[k].type} if lanes[k].kind == COLOUR else set(lanes[k].spaces)
        pickable.append(tuple(sorted(offered)))
    found = detect(source)
    areas = []
    for area, region in zip(source.areas, found.label_region):
        if region is not None:
            areas.append((area.points, tuple(pair_of[p] for p in found.regions[region].border)))
    goals = tuple(
        Goal(
            g.kind,
            tuple(index[c] for c in g.cities),
            tuple(TYPES.index(t) for t in g.types),
            g.reward,
            g.value,
            g.slots,
        )
        for g in source.trajectories
    )
    return Board(
        source=source,
        cities=cities,
        city_index=index,
        slots=tuple(c.slots for c in source.cities),
        capital=index[CAPITAL],
        lanes=tuple(lanes),
        lane_index={lane.name: k for k, lane in enumerate(lanes)},
        pairs=tuple(tuple(m) for m in members),
        exits=tuple(tuple(e) for e in exits),
        pickable=tuple(pickable),
        gray_at=tuple(any(lanes[k].kind == GRAY for k, _ in exits[c]) for c in range(len(cities))),
        areas=tuple(areas),
        goals=goals,
        inventory=source.inventory_spaces,
        space_count=spaces,
        moves=MoveTable(cities, [lane.name for lane in lanes]),
    )
