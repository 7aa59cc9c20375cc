"""Bots: the driver's random one, and a greedy one that claims the best route it can and collects for the next.

The greedy bot is a policy by kind of input around a want for each balloon type, not a rating of the state
after one move (a turn spans several inputs, so such a rating would have to value pending picks and unused
abilities too); so it does not use :func:`pnp.games.bots.greedy`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import cast

from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, W
from pnp.games.aeronaut_odyssey.model import ORDER, ROUTE_POINTS
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.spec import BotFactory
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
    lane = state.board.lanes[state.board.lane_index[move.arg.partition(":")[0]]]
    value = ROUTE_POINTS[lane.length] / (lane.length if lane.kind == MULTI else 1)
    value += 1.0 if state.pos[p] in (lane.a, lane.b) else 0.0
    value += {"point": 1, "penalty": -1}.get(lane.bonus or "", 0.5 if lane.bonus else 0)
    return value - 0.3 * move.extra.count("w")


def _move_value(state: AeroState, p: int, move: AeroMove, want: list[float]) -> float:
    board = state.board
    dest = board.city_index[move.arg.removesuffix("/2")]
    offered = [want[t] for t in board.pickable[dest]]
    if board.gray_at[dest]:
        offered.append(want[W] * 0.5)
    travelled = [k for k, c in board.exits[state.pos[p]] if c == dest]
    lane = travelled[1 if move.arg.endswith("/2") else 0] if travelled else -1
    feeds = lane >= 0 and state.owner[lane] not in (-1, p)
    return sum(sorted(offered, reverse=True)[:2]) - (0.5 if feeds else 0.0)


def _choice(state: AeroState, moves: list[AeroMove], rng: random.Random) -> AeroMove:
    p = state.players.index(state.to_move() or "")
    want = _desire(state, p)
    by: dict[str, list[AeroMove]] = {}
    for move in moves:
        by.setdefault(move.verb, []).append(move)

    def best(options: list[AeroMove], value: Callable[[AeroMove], float]) -> AeroMove:
        return max(options, key=lambda m: (value(m), rng.random()))

    if "claim" in by:
        return best(by["claim"], lambda m: _claim_value(state, p, m))
    boosts = [m for m in by.get("use", ()) if m.arg in ("discount", "extra")]
    if boosts:
        return boosts[0]
    if "move" in by:
        return best(by["move"], lambda m: _move_value(state, p, m, want))
    if "pick" in by:
        return best(by["pick"], lambda m: want[ORDER.index(m.arg)])
    if "gain" in by:
        balloons = [m for m in by["gain"] if m.arg != "space"]
        space = [m for m in by["gain"] if m.arg == "space"]
        if space and (not balloons or state.blank[p] <= 1):
            return space[0]
        return best(balloons, lambda m: want[ORDER.index(m.arg)])
    if "skip" in by:  # a swap, or not

        def gain(m: AeroMove) -> float:
            return want[ORDER.index(m.extra)] - want[ORDER.index(m.arg)]

        swap = max(by.get("swap", ()), key=gain, default=None)
        return swap if swap is not None and gain(swap) > 0 else by["skip"][0]
    if "allow" in by:
        return by["allow"][0]
    return rng.choice(moves)


def greedy(rng: random.Random) -> Chooser:
    """Claim the most valuable route it can pay; otherwise travel where the wanted balloons are."""

    def choose(state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        return _choice(cast(AeroState, state), cast(list[AeroMove], moves), rng)

    return choose


BOTS: dict[str, BotFactory] = {"random": random_chooser, "greedy": greedy}
