"""Aloft's two scorings: achievement sets and the formation's numbered tokens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement


def set_value(size: int, set_points: Sequence[int]) -> int:
    """Points for a set of ``size`` tokens; the last entry covers every larger set."""
    return set_points[min(size, len(set_points) - 1)]


def achievement_points(tokens: Mapping[str, int], own: Sequence[str], set_points: Sequence[int]) -> dict[str, int]:
    """Points per set, after discarding launch tokens of the player's own colours.

    Multicoloured tokens join whichever colours score best; every colour is
    allowed, the player's own included, since the discard comes first.
    """
    colours = sorted(k for k in tokens if k not in ("multi", "safety"))
    sets = {c: (0 if c in own else tokens[c]) for c in colours}
    best = dict(sets)
    best_total = -1
    for choice in combinations_with_replacement(colours, tokens.get("multi", 0)):
        trial = dict(sets)
        for colour in choice:
            trial[colour] += 1
        total = sum(set_value(n, set_points) for n in trial.values())
        if total > best_total:
            best, best_total = trial, total
    breakdown = {f"launch {c}": set_value(n, set_points) for c, n in best.items() if n}
    if tokens.get("safety"):
        breakdown["safety"] = set_value(tokens["safety"], set_points)
    return breakdown


def formation_numbers(grid: Sequence[int]) -> dict[int, int]:
    """The scoring number on each flying balloon: 1 upwards, bottom row first, left to right.

    ``grid`` is row-major from the bottom row, so that order is simply the index order.
    """
    flying = [balloon for balloon in grid if balloon >= 0]
    return {balloon: number for number, balloon in enumerate(flying, start=1)}
