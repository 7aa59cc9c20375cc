"""Where each route's letter badge sits: on its line, beside it, or set apart with a leader line.

A badge is a ring of radius BADGE_R round its route's letter. It keeps GAP from every other badge's ring,
WORD_GAP from every name and label, and clear of city dots and direction arrows. It prefers the spot 42 %
of the way along its route, then spots farther from it, then spots just beside the line, keeping out of
the jet spaces round the route's ends if it can; then spots set apart, with a short leader line in the
route's colour. The shortest routes, with least choice, go first; a badge left without a clear spot then takes one
that only other badges block, if each of those finds another clear spot.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from pnp.printing.labels import Box, clip_segment, point_segment_distance

Point = tuple[float, float]

BADGE_PT = 5.0  # the letter's size
BADGE_R = 1.5  # mm: the ring's radius
RING = 0.15  # mm: half the ring's stroke
GAP = 0.4  # mm between a badge's ring and another badge's
WORD_GAP = 0.3  # mm between a badge's ring and a word
BESIDE = BADGE_R + RING + 0.3  # mm from its line to a badge beside it: the ring just clear of a 0.5 mm line
APART = tuple(BESIDE + 1.5 * n for n in range(1, 6))  # mm from its line to a badge set apart, with a leader
STEP = 0.75  # mm between the spots tried along a route
HOME = 0.42  # the fraction of the way along a route where a badge is best
SQUARE = 4.0  # mm: the squares on which things are filed
REACH = BADGE_R + RING  # a badge's extent from its centre
PUSHED = 2  # at most this many badges are moved to make room for one
ROUNDS = 3  # times the badges left without a clear spot try again


@dataclass(frozen=True)
class Badge:
    """A route's letter badge: the route (city, colour index), its centre, the letter's size, and the leader
    line (x0, y0, x1, y1: from the route to the ring) of a badge set apart from its route."""

    city: int
    colour: int
    x: float
    y: float
    size: float = BADGE_PT
    leader: Box | None = None


class Route(NamedTuple):
    """A route as printed: its key (city, colour index), its ends, and the centres of the jet spaces at its ends."""

    key: tuple[int, int]
    start: Point
    end: Point
    jets: tuple[Point, Point]


class Thing(NamedTuple):
    """Something a badge keeps clear of: a box, or a circle (x, y, radius, 0), grown by its own margin.

    ``owner`` is the route of a badge (None for anything else); a leader line may cross a thing not ``solid``.
    """

    box: bool
    coords: tuple[float, float, float, float]
    owner: tuple[int, int] | None = None
    solid: bool = True

    @property
    def bounds(self) -> Box:
        if self.box:
            return self.coords
        x, y, r, _ = self.coords
        return x - r, y - r, x + r, y + r


def word(box: Box) -> Thing:
    """A name, a label or the legend: a badge keeps WORD_GAP from it."""
    return Thing(True, (box[0] - WORD_GAP, box[1] - WORD_GAP, box[2] + WORD_GAP, box[3] + WORD_GAP))


def disc(x: float, y: float, r: float, solid: bool = True) -> Thing:
    """A dot or (not ``solid``) an arrow, of radius ``r`` (margin included)."""
    return Thing(False, (x, y, r, 0.0), solid=solid)


class Room:
    """The things placed so far, filed by the SQUARE-sized squares their bounds touch."""

    def __init__(self, things: Sequence[Thing] = ()) -> None:
        self.cells: dict[tuple[int, int], list[Thing]] = {}
        for thing in things:
            self.add(thing)

    def _squares(self, box: Box) -> Iterator[tuple[int, int]]:
        for c in range(math.floor(box[0] / SQUARE), math.floor(box[2] / SQUARE) + 1):
            for r in range(math.floor(box[1] / SQUARE), math.floor(box[3] / SQUARE) + 1):
                yield c, r

    def add(self, thing: Thing) -> None:
        for square in self._squares(thing.bounds):
            self.cells.setdefault(square, []).append(thing)

    def remove(self, thing: Thing) -> None:
        for square in self._squares(thing.bounds):
            self.cells[square].remove(thing)

    def hits(self, x: float, y: float, most: float = math.inf) -> list[Thing]:
        """The things a badge centred at (x, y) would come into: the first ``most`` of them, when that many
        settle the question."""
        found: list[Thing] = []
        for thing in self._met(x, y):
            if thing not in found:  # one filed in several squares is met in each
                found.append(thing)
                if len(found) >= most:
                    break
        return found

    def in_way(self, x: float, y: float) -> Thing | None:
        """The first thing a badge centred at (x, y) would come into (the most asked question of placing)."""
        return next(self._met(x, y), None)

    def _met(self, x: float, y: float) -> Iterator[Thing]:
        """Each thing a badge centred at (x, y) would come into, square by square around it."""
        cells, floor = self.cells, math.floor
        rows = range(floor((y - REACH) / SQUARE), floor((y + REACH) / SQUARE) + 1)
        for c in range(floor((x - REACH) / SQUARE), floor((x + REACH) / SQUARE) + 1):
            for r in rows:
                for thing in cells.get((c, r), ()):
                    box, (x0, y0, x1, y1), _, _ = thing  # within REACH of a box, or of a circle's rim
                    if box:
                        if math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1)) < REACH:
                            yield thing
                    elif (x - x0) ** 2 + (y - y0) ** 2 < (x1 + REACH) ** 2:  # a circle: (x, y, r, 0)
                        yield thing

    def crossed(self, segment: Box) -> bool:
        """True when a leader line along ``segment`` runs into anything."""
        ax, ay, bx, by = segment
        for square in self._squares((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))):
            for thing in self.cells.get(square, ()):
                if not thing.solid:
                    continue
                if thing.box:
                    if clip_segment(segment, thing.coords) is not None:
                        return True
                else:
                    cx, cy, r, _ = thing.coords
                    if point_segment_distance(cx, cy, segment) < r:
                        return True
        return False


def ring(x: float, y: float, key: tuple[int, int]) -> Thing:
    """A placed badge, as the others keep clear of it: its ring and GAP."""
    return Thing(False, (x, y, REACH + GAP, 0.0), key)


class Spot(NamedTuple):
    """A place for a badge: its centre and, for one set apart from its route, its leader line."""

    x: float
    y: float
    leader: Box | None


def _spots(route: Route, jet: float) -> Iterator[Spot]:
    """Each spot a route's badge may take, best first: on the line, then just beside it, clear of the jet
    spaces at its ends; then the same under a jet space; then set apart with a leader line, nearest first.
    Within each, the spots nearest HOME come first."""
    (ax, ay), (bx, by) = route.start, route.end
    span = math.dist(route.start, route.end) or 1.0
    ux, uy = (bx - ax) / span, (by - ay) / span
    (jx, jy), (kx, ky) = route.jets
    count = max(int(span / STEP), 2)
    order = _from_home(count)
    near = jet * jet
    make = tuple.__new__  # a Spot with every field given, without its constructor's Python call
    for away, under_jet in ((0.0, False), (BESIDE, False), (0.0, True), (BESIDE, True), *((a, None) for a in APART)):
        directions = _outwards(ux, uy, away)
        for i in order:
            t = i / count
            px, py = ax + (bx - ax) * t, ay + (by - ay) * t
            for nx, ny in directions:
                x, y = px + nx * away, py + ny * away
                if under_jet is None:
                    yield make(Spot, (x, y, (px + nx * 0.4, py + ny * 0.4, x - nx * REACH, y - ny * REACH)))
                elif ((x - jx) ** 2 + (y - jy) ** 2 < near or (x - kx) ** 2 + (y - ky) ** 2 < near) == under_jet:
                    yield make(Spot, (x, y, None))


@cache
def _from_home(count: int) -> list[int]:
    """The steps 1 to ``count`` - 1 along a route of ``count`` steps, nearest HOME first."""
    return sorted(range(1, count), key=lambda i: abs(i / count - HOME))


SLANTS = [(math.cos(a), math.sin(a)) for a in (0.0, math.radians(40), -math.radians(40))]


def _outwards(ux: float, uy: float, away: float) -> list[Point]:
    """The directions from a route (along ``ux``, ``uy``) to a badge ``away`` from it: none for one on the
    line, square to it either side for one beside it, and slanted too for one set apart."""
    if not away:
        return [(0.0, 0.0)]
    found = []
    for side in (1.0, -1.0):
        nx, ny = -uy * side, ux * side
        for cos, sin in SLANTS if away > BESIDE else SLANTS[:1]:
            found.append((nx * cos - ny * sin, nx * sin + ny * cos))
    return found


def _least_bad(route: Route, room: Room, jet: float) -> Spot:
    """The spot meeting the fewest things (the best of those)."""
    least, fewest = None, math.inf
    for spot in _spots(route, jet):
        met = len(room.hits(spot.x, spot.y, most=fewest))  # counted only while it may still be fewer
        if met < fewest:
            least, fewest = spot, met
            if not met:
                break  # none meets fewer
    assert least is not None, "a route has spots"
    return least


class _Badges:
    """The badges placed so far, each filed in the room as a ring the others keep clear of."""

    def __init__(self, room: Room, jet: float) -> None:
        self.room, self.jet = room, jet
        self.at: dict[tuple[int, int], Spot] = {}
        self.rings: dict[tuple[int, int], Thing] = {}
        self._read_so_far: dict[tuple[int, int], tuple[Iterator[Spot], list[Spot]]] = {}  # see ``_read``

    def put(self, key: tuple[int, int], spot: Spot) -> None:
        self.at[key] = spot
        self.rings[key] = ring(spot.x, spot.y, key)
        self.room.add(self.rings[key])

    def lift(self, key: tuple[int, int]) -> Spot:
        self.room.remove(self.rings.pop(key))
        return self.at.pop(key)

    def _read(self, route: Route) -> tuple[Iterator[Spot], list[Spot]]:
        """A route's spots not read yet, and those read so far that are not blocked for good: in the way of a
        name, a dot or an arrow, which never move (only badges do). A route asked again (its badge moved to make
        room, or making room) reads only the second afresh, then goes on with the first."""
        found = self._read_so_far.get(route.key)
        if found is None:
            found = self._read_so_far[route.key] = (_spots(route, self.jet), [])
        return found

    def best(self, route: Route) -> Spot | None:
        """The best clear spot for a route's badge, or None."""
        in_way, crossed = self.room.in_way, self.room.crossed
        rest, known = self._read(route)
        for spot in known:
            x, y, leader = spot
            if in_way(x, y) is None and (leader is None or not crossed(leader)):
                return spot
        for spot in rest:
            x, y, leader = spot
            thing = in_way(x, y)
            if thing is None or thing.owner is not None:
                known.append(spot)
                if thing is None and (leader is None or not crossed(leader)):
                    return spot
        return None

    def _open(self, route: Route) -> list[Spot]:
        """All of a route's spots that are not blocked for good (see ``_read``), best first."""
        rest, known = self._read(route)
        for spot in rest:
            thing = self.room.in_way(spot.x, spot.y)
            if thing is None or thing.owner is not None:
                known.append(spot)
        return known

    def make_room(self, route: Route, routes: dict[tuple[int, int], Route]) -> bool:
        """Put ``route``'s badge on a clear spot, or on one only other badges block, moving each of them to a
        clear spot of its own; False (and nothing placed) if no spot allows that."""
        free = self.best(route)  # others may have moved since it was first tried
        if free is not None:
            self.put(route.key, free)
            return True
        for spot in self._open(route):
            blockers = [thing.owner for thing in self.room.hits(spot.x, spot.y)]
            if len(blockers) > PUSHED or None in blockers:
                continue
            if spot.leader is not None and self.room.crossed(spot.leader):
                continue
            was = {key: self.lift(key) for key in blockers if key is not None}
            self.put(route.key, spot)
            moved = []
            for key in was:
                elsewhere = self.best(routes[key])
                if elsewhere is None:
                    break
                self.put(key, elsewhere)
                moved.append(key)
            if len(moved) == len(was):
                return True
            for key in [*moved, route.key]:
                self.lift(key)
            for key, before in was.items():
                self.put(key, before)
        return False


def place_badges(routes: Sequence[Route], room: Room, jet: float) -> tuple[list[Badge], list[tuple[int, int]]]:
    """A badge for every route (in the order given), and the routes whose badge found no clear spot.

    ``room`` holds what the badges keep clear of (names, dots, arrows); the badges are added to it.
    """
    badges = _Badges(room, jet)
    stuck = []
    for route in sorted(routes, key=lambda r: math.dist(r.start, r.end)):  # the shortest have least choice
        spot = badges.best(route)
        if spot is None:
            stuck.append(route.key)  # placed once the others are
        else:
            badges.put(route.key, spot)
    by_key = {route.key: route for route in routes}
    for _ in range(ROUNDS):  # a badge moved to make room may leave room for another
        stuck = [key for key in stuck if not badges.make_room(by_key[key], by_key)]
    for key in stuck:
        badges.put(key, _least_bad(by_key[key], room, jet))
    found = []
    for route in routes:
        spot = badges.at[route.key]
        found.append(Badge(*route.key, spot.x, spot.y, leader=spot.leader))
    return found, stuck
