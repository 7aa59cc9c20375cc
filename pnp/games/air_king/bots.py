"""Air King bots: uniformly random, and a greedy one that flies its own goal home and hinders the rest.

Both enter chance inputs fairly: the greedy bot draws a card type with the
odds of the counted draw pile; it never picks a goal card, it takes one at random.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from pnp.games.air_king.core import ACT, DEAL, DRAW, LANDED, WAITING
from pnp.games.air_king.field import FAR
from pnp.games.air_king.model import CARD_TYPES
from pnp.games.air_king.moves import AirMove
from pnp.games.air_king.state import AirKingState
from pnp.games.spec import BotFactory
from pnp.referee.driver import Chooser, random_chooser
from pnp.referee.protocol import Move, Reveal, Secret

LAND_BONUS = 30
# Discard the least useful card first.
KEEP_ORDER = ("extra", "diagonal", "pass", "hold", "storm", "clear")


def greedy(rng: random.Random) -> Chooser:
    """A one-step greedy player: best-valued move now, ties broken at random."""

    def choose(state: AirKingState, moves: list[Move], own: Mapping[str, str]) -> Move:  # type: ignore[override]
        if isinstance(moves[0], Secret):
            return rng.choice(moves)
        mine = _goal_mask(state, own.get("goal"))
        reveal = next((m for m in moves if isinstance(m, Reveal)), None)
        if reveal is not None and (len(moves) == 1 or (mine and mine & state.landed == mine)):
            return reveal
        moves = [m for m in moves if not isinstance(m, Reveal)]
        if state.phase in (DRAW, DEAL):
            weights = [state.draw[CARD_TYPES.index(m.card)] for m in moves]
            return rng.choices(moves, weights)[0]
        if state.phase != ACT:
            return min(moves, key=lambda m: KEEP_ORDER.index(m.card))
        values = [_value(state, m, mine) for m in moves]
        best = max(values)
        return rng.choice([m for m, v in zip(moves, values) if v == best])

    return choose  # type: ignore[return-value]


def _goal_mask(state: AirKingState, goal: str | None) -> int:
    cards = [str(n + 1) for n in range(len(state.rules.goal_masks))]
    return state.rules.goal_masks[cards.index(goal)] if goal in cards else 0


def _distance(state: AirKingState, a: int, cell: int) -> int:
    """Flights still needed by aircraft ``a`` if it stood on ``cell`` (WAITING: at its airport; LANDED: 0)."""
    field, h = state.rules.field, state.rules.home[a]
    if cell == LANDED:
        return 0
    if cell == WAITING:
        return 1 + min(field.distance[h][z] for z in field.departures[h])
    return 1 + min(field.distance[h][cell], FAR)


def _value(state: AirKingState, move: Move, mine: int) -> float:
    """How much ``move`` helps a player whose goal aircraft are the bits of ``mine``."""
    if not isinstance(move, AirMove) or move.action == "end":
        return 0.0
    field = state.rules.field
    a = move.aircraft - 1
    own = a >= 0 and bool(mine >> a & 1)
    if move.action in ("depart", "fly", "land", "diagonal"):
        target = LANDED if move.action == "land" else field.index[move.cell]
        gain = _distance(state, a, state.pos[a]) - _distance(state, a, target)
        value = (10 * gain + (LAND_BONUS if move.action == "land" else 0)) if own else -3 * gain
        return value - (4 if move.extra or move.action == "diagonal" else 0)
    if move.action == "storm":
        return _blocking(state, field.index[move.cell], mine, 4, -6) - 1
    if move.action == "clear":
        return -_blocking(state, field.index[move.cell], mine, 1, -5) - 1
    if move.action == "hold":
        return -10 if own else 4 - _distance(state, a, state.pos[a])  # only worth it near the runway
    if move.action == "pass":
        both = (a, move.other - 1)
        return sum(12 if mine >> b & 1 else -2 for b in both)
    if move.action == "return":
        return -10 if own else (6 if _distance(state, a, state.pos[a]) <= 2 else -3)
    return 0.0


def _blocking(state: AirKingState, cell: int, mine: int, other_value: float, own_value: float) -> float:
    """The value of a Storm on ``cell``: in front of others' aircraft is good, in front of our own is bad."""
    field, home = state.rules.field, state.rules.home
    total = 0.0
    for a, p in enumerate(state.pos):
        if p >= 0 and field.ahead[home[a]][p] == cell:
            total += own_value if mine >> a & 1 else other_value
    return total


BOTS: dict[str, BotFactory] = {"random": random_chooser, "greedy": greedy}  # type: ignore[dict-item]
