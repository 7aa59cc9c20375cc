"""Who holds which route, and the points that follow: routes, enclosed areas and trajectories.

``owner`` has one entry per lane (-1: unclaimed; multiroutes always -1) and
``space_owner`` one per multiroute space. A multiroute counts for everyone who
claimed one of its spaces, once every space is claimed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Board, Goal, Lane
from pnp.games.aeronaut_odyssey.model import ROUTE_POINTS

T = TypeVar("T")


def holders(lane: Lane, k: int, owner: Sequence[int], space_owner: Sequence[int]) -> tuple[int, ...]:
    """The players a lane counts for: its owner, or a complete multiroute's participants."""
    if lane.kind != MULTI:
        return (owner[k],) if owner[k] >= 0 else ()
    claimed = space_owner[lane.first_space : lane.first_space + lane.length]
    return () if -1 in claimed else tuple(sorted(set(claimed)))


def route_points(board: Board, owner: Sequence[int], space_owner: Sequence[int], players: int) -> list[int]:
    """Points per player for the routes they hold, by the length table."""
    points = [0] * players
    for k, lane in enumerate(board.lanes):
        for p in holders(lane, k, owner, space_owner):
            points[p] += ROUTE_POINTS[lane.length]
    return points


def area_points(board: Board, owner: Sequence[int], space_owner: Sequence[int], players: int) -> list[int]:
    """Each area enclosed by claimed routes scores for the player(s) holding most of its border routes."""
    points = [0] * players
    for value, border in board.areas:
        counts = [0] * players
        for pair in border:
            held = [holders(board.lanes[k], k, owner, space_owner) for k in board.pairs[pair]]
            if not any(held):
                break
            for group in held:
                for p in group:
                    counts[p] += 1
        else:
            best = max(counts)
            for p in range(players):
                if counts[p] == best and best > 0:
                    points[p] += value
    return points


def fulfilled(
    board: Board, goals: Sequence[int], player: int, owner: Sequence[int], space_owner: Sequence[int]
) -> list[int]:
    """The trajectories among ``goals`` that ``player``'s routes meet."""
    mine = [
        lane
        for k, lane in enumerate(board.lanes)
        if owner[k] == player or (lane.kind == MULTI and player in holders(lane, k, owner, space_owner))
    ]
    types: set[int] = set()
    around: dict[int, list[int]] = {}
    for lane in mine:
        types |= {lane.type} if lane.kind == COLOUR else set(lane.spaces)
        around.setdefault(lane.a, []).append(lane.b)
        around.setdefault(lane.b, []).append(lane.a)
    met = []
    for g in goals:
        goal: Goal = board.goals[g]
        if goal.kind == "routes":
            if set(goal.types) <= types:
                met.append(g)
        elif goal.cities[1] in reachable(around, goal.cities[0]):
            met.append(g)
    return met


def reachable(around: Mapping[T, Iterable[T]], start: T) -> set[T]:
    """Every node reachable from ``start`` over the links in ``around``."""
    seen, frontier = {start}, [start]
    while frontier:
        node = frontier.pop()
        for other in around.get(node, ()):
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return seen
