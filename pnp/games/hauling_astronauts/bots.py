"""Bots for Hauling Astronauts. Both roll honestly: a roll's outcome is drawn like real dice, never chosen.

``random`` picks uniformly among its decisions (all roll outcomes count as one
decision, "roll"). ``greedy`` looks one move ahead and keeps the move that best
improves its points plus the expected profit of its loading strips, minus the
same for its opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache

from pnp.games.hauling_astronauts.grid import STRIPS
from pnp.games.hauling_astronauts.model import HIGHEST, Transport, chance, ways
from pnp.games.hauling_astronauts.moves import GOLD, PLAIN, RED, Choose, Roll, face
from pnp.games.hauling_astronauts.scoring import points
from pnp.games.hauling_astronauts.state import SLOTS, HaulingState
from pnp.referee.driver import Chooser
from pnp.referee.protocol import Move, Secret, State


def honest_roll(state: HaulingState, rng: random.Random) -> Roll:
    """Three dice taken at random from Available and rolled."""
    specials = [k for k in (GOLD, RED) if state.specials_free & k]
    pool = specials + [PLAIN] * (state.available - len(specials))
    return Roll(tuple(sorted(k | rng.randint(1, 6) for k in rng.sample(pool, 3))))


def random_bot(rng: random.Random) -> Chooser:
    """Uniform over decisions, where all roll outcomes count as one decision; honest dice."""

    def choose(state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        rolls = [m for m in moves if isinstance(m, Roll)]
        choice = rng.choice([m for m in moves if not isinstance(m, Roll)] + rolls[:1])
        return honest_roll(state, rng) if isinstance(choice, Roll) else choice  # type: ignore[arg-type]

    return choose


@cache
def fit_chance(low: int, high: int, load: int, missing: int) -> float:
    """Chance that ``missing`` more random dice bring ``load`` into ``low``..``high``."""
    lo, hi = max(low - load, 0), min(high - load, HIGHEST)
    return sum(ways(missing)[lo : hi + 1]) / 6**missing if lo <= hi else 0.0


def _strip_value(state: HaulingState, player: int, strip: int, transport: Transport | None) -> float:
    """Expected profit of a docked strip; an unknown transport counts as the fleet's average."""
    dice = [state.grid[s] for s in STRIPS[player][strip]]
    load, missing = sum(face(d) for d in dice if d), sum(1 for d in dice if not d)
    candidates = [transport] if transport else list(state.fleet(player))
    return sum(t.profit * fit_chance(t.low, t.high, load, missing) for t in candidates) / len(candidates)


def evaluate(state: HaulingState, player: int, secrets: Mapping[str, str]) -> float:
    """Points plus expected strip profits, for ``player`` minus the opponent.

    The player's own face-down transports are known to it from ``secrets``, even
    while a departure waits for its reveal.
    """
    ids = {t.id: t for t in state.fleet(player)}
    value = 0.0
    for departure in state.departures:
        transport = state.transport(departure)
        if transport is None and departure.player == player:
            transport = ids.get(secrets.get(SLOTS[departure.slot], ""))
        earned = sum(points(departure, transport, state.data.docks[departure.dock]).values())
        value += earned if departure.player == player else -earned
    for who in (0, 1):
        sign = 1 if who == player else -1
        for strip in range(3):
            slot = state.docked[who][strip]
            if slot < 0:
                continue
            known = state.docked_transport(who, strip)
            if known is None and who == player:
                known = ids.get(secrets.get(SLOTS[slot], ""))
            value += sign * _strip_value(state, who, strip, known)
    return value


def _setup_rank(transport: Transport) -> float:
    """How attractive a transport is before any die is placed: profit weighted by a softened chance."""
    return transport.profit * float(chance(transport.low, transport.high)) ** 0.5


def greedy_bot(rng: random.Random) -> Chooser:
    """One move ahead, honest dice; rolls whenever Booked holds fewer than three dice."""

    def choose(state: State, moves: list[Move], secrets: Mapping[str, str]) -> Move:
        assert isinstance(state, HaulingState)
        first = moves[0]
        if isinstance(first, Choose):
            fleet = {t.id: t for t in state.fleet(state.turn)}
            return max(moves, key=lambda m: sum(_setup_rank(fleet[i]) for i in m.ids))
        if isinstance(first, Secret):
            fleet = state.fleet(state.turn)
            unused = [m for m in moves if m.value not in secrets.values()]
            return max(unused or moves, key=lambda m: next(_setup_rank(t) for t in fleet if t.id == m.value))
        if len(moves) == 1:
            return first
        if any(isinstance(m, Roll) for m in moves) and len(state.booked) < 3:
            return honest_roll(state, rng)
        player = state.turn
        best, best_move = float("-inf"), first
        for move in moves:
            if isinstance(move, Roll):
                continue
            after = state.clone()
            after.apply(move)
            value = evaluate(after, player, secrets) + rng.random() * 1e-6  # random tie-break
            if value > best:
                best, best_move = value, move
        return best_move

    return choose


BOTS: dict[str, Callable[[random.Random], Chooser]] = {"random": random_bot, "greedy": greedy_bot}
