"""Bots: a random one, and a greedy one that claims the best route it can and collects for the next."""

from __future__ import annotations

import random
from collections.abc import Mapping

from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, W
from pnp.games.aeronaut_odyssey.model import LETTERS, ROUTE_POINTS
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.rules import AeroState
from pnp.referee.driver import Chooser, random_chooser
from pnp.referee.protocol import Move, State


def _desire(state: AeroState, p: int) -> list[float]:
    """How much ``p`` wants one more balloon of each type: the best open route it brings closer."""
    held = state.inventory(p)
    want = [0.0] * (W + 1)
    for k in state.open_lanes:
        lane = state.board.lanes[k]
        if lane.kind == MULTI:
            for t in lane.spaces:
                want[t] = max(want[t], ROUTE_POINTS[lane.length] / lane.length)
            continue
        value = ROUTE_POINTS[lane.length]
        for t in (lane.type,) if lane.kind == COLOUR else range(W):
            missing = max(1, lane.length - held[t] - held[W])
            want[t] = max(want[t], value / missing)
    want[W] = max(want[:W])
    return want


def _claim_value(state: AeroState, p: int, move: AeroMove) -> float:
    name = move.arg.partition(":")[0]
    lane = state.board.lanes[state.board.lane_index[name]]
    value = ROUTE_POINTS[lane.length] / (lane.length if lane.kind == MULTI else 1)
    value += 1.0 if state.pos[p] in (lane.a, lane.b) else 0.0
    value += {"point": 1, "penalty": -1}.get(lane.bonus or "", 0.5 if lane.bonus else 0)
    return value - 0.3 * move.extra.count("w")


def _move_value(state: AeroState, p: int, move: AeroMove, want: list[float]) -> float:
    dest = state.board.city_index[move.arg.removesuffix("/2")]
    offered = [want[t] for t in state.board.pickable[dest]]
    if state.board.gray_at[dest]:
        offered.append(want[W] * 0.5)
    best = sorted(offered, reverse=True)[:2]
    here = state.pos[p]
    travelled = [k for k, c in state.board.exits[here] if c == dest]
    lane = travelled[1 if move.arg.endswith("/2") else 0] if travelled else -1
    feeds = lane >= 0 and state.owner[lane] not in (-1, p)
    return sum(best) - (0.5 if feeds else 0.0)


def _greedy_choice(state: AeroState, moves: list[Move], rng: random.Random) -> Move:
    p = state.players.index(state.to_move() or "")
    want = _desire(state, p)
    verbs = {m.verb for m in moves}
    if "claim" in verbs:
        return max((m for m in moves if m.verb == "claim"), key=lambda m: (_claim_value(state, p, m), rng.random()))
    if "use" in verbs:
        for m in moves:
            if m.verb == "use" and m.arg in ("discount", "extra"):
                return m
    if "move" in verbs:
        return max((m for m in moves if m.verb == "move"), key=lambda m: (_move_value(state, p, m, want), rng.random()))
    if "pick" in verbs:
        return max(moves, key=lambda m: (want[W if m.arg == "w" else LETTERS.index(m.arg)], rng.random()))
    if "gain" in verbs:
        balloons = [m for m in moves if m.arg != "space"]
        if not balloons or state.blank[p] <= 1:
            return next(m for m in moves if m.arg == "space")
        return max(balloons, key=lambda m: (want[LETTERS.index(m.arg)], rng.random()))
    if "swap" in verbs:
        swaps = [m for m in moves if m.verb == "swap"]
        if swaps:
            best = max(swaps, key=lambda m: want[LETTERS.index(m.extra)] - _held_want(want, m.arg))
            if want[LETTERS.index(best.extra)] > _held_want(want, best.arg):
                return best
        return next(m for m in moves if m.verb == "skip")
    if "allow" in verbs:
        return next(m for m in moves if m.verb == "allow")
    return rng.choice(moves)


def _held_want(want: list[float], letter: str) -> float:
    return want[W] if letter == "w" else want[LETTERS.index(letter)]


def greedy(rng: random.Random) -> Chooser:
    """Claim the most valuable route it can pay; otherwise travel where the wanted balloons are."""

    def choose(state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        assert isinstance(state, AeroState)
        return _greedy_choice(state, moves, rng)

    return choose


BOTS = {"random": random_chooser, "greedy": greedy}
