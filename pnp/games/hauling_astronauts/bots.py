"""Hauling Astronauts' own bot, ``greedy`` (``random`` is the driver's); the driver draws every roll's outcome.

``greedy`` docks the transports most likely to pay well, rolls when Booked holds fewer than three dice
(or it can do nothing else), and otherwise takes the move after which its points plus the expected profit
of its loading strips, minus the same for its opponent, are highest.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import cast

from pnp.games.bots import Rater, rate_after
from pnp.games.hauling_astronauts.model import HIGHEST, Transport, odds, ways
from pnp.games.hauling_astronauts.notation import STRIPS, Choose, face
from pnp.games.hauling_astronauts.scoring import points
from pnp.games.hauling_astronauts.state import SETUP, SLOTS, HaulingState
from pnp.games.spec import BotFactory
from pnp.referee.driver import Chooser
from pnp.referee.protocol import Move, Secret, State


@cache
def fit_chance(low: int, high: int, load: int, missing: int) -> float:
    """Chance that ``missing`` more random dice bring ``load`` into ``low``..``high``."""
    lo, hi = max(low - load, 0), min(high - load, HIGHEST)
    return sum(ways(missing)[lo : hi + 1]) / 6**missing if lo <= hi else 0.0


def _strip_value(state: HaulingState, player: int, strip: int, transport: Transport | None) -> float:
    """Expected profit of a docked strip; an unknown transport counts as the fleet's average."""
    grid, load, missing = state.grid, 0, 0
    for space in STRIPS[player][strip]:
        if grid[space]:
            load += face(grid[space])
        else:
            missing += 1
    if transport:
        return transport.profit * fit_chance(transport.low, transport.high, load, missing)
    return _fleet_value(state.fleet(player), load, missing)


@lru_cache(maxsize=1024)  # a fleet has some 80 loads and missing dice: a dozen fleets kept
def _fleet_value(fleet: tuple[Transport, ...], load: int, missing: int) -> float:
    """The mean expected profit of ``fleet``'s transports on a strip holding ``load`` with ``missing`` dice to come.

    Kept per fleet, load and missing dice: the rating asks it of every face-down transport, move after move.
    """
    return sum(t.profit * fit_chance(t.low, t.high, load, missing) for t in fleet) / len(fleet)


def rating(after: State, mover: str, secrets: Mapping[str, str]) -> float:
    """Points plus expected strip profits, for ``mover`` minus the opponent.

    The mover's own face-down transports are known to it from ``secrets``, even while a departure
    waits for its reveal.
    """
    state = cast(HaulingState, after)
    player = state.players.index(mover)
    ids = {t.id: t for t in state.fleet(player)}
    value = 0.0
    for departure in state.departures:
        transport = state.transport(departure)
        if transport is None and departure.player == player:
            transport = ids.get(secrets.get(SLOTS[departure.slot], ""))
        earned = sum(points(departure, transport, state.data.docks[departure.dock]).values())
        value += earned if departure.player == player else -earned
    for who in (0, 1):
        for strip, slot in enumerate(state.docked[who]):
            if slot < 0:
                continue
            known = state.docked_transport(who, strip)
            if known is None and who == player:
                known = ids.get(secrets.get(SLOTS[slot], ""))
            value += (1 if who == player else -1) * _strip_value(state, who, strip, known)
    return value


def _setup_rank(transport: Transport) -> float:
    """How attractive a transport is before any die is placed: profit weighted by a softened chance."""
    return transport.profit * math.sqrt(odds(transport.low, transport.high))


def secret_rating(state: State, secret: Secret, secrets: Mapping[str, str]) -> float:
    """A face-down transport to seal: by :func:`_setup_rank`; one sealed already in another slot rates lowest."""
    if secret.value in secrets.values():
        return float("-inf")
    game = cast(HaulingState, state)
    return next((_setup_rank(t) for t in game.fleet(game.seat) if t.id == secret.value), float("-inf"))


RATER: Rater = Rater(rating, secret_rating)


def greedy_bot(rng: random.Random) -> Chooser:
    """One move ahead by ``rating``; rolls when Booked holds fewer than three dice (or nothing else is legal)."""

    def choose(state: State, moves: list[Move], secrets: Mapping[str, str]) -> Move:
        game = cast(HaulingState, state)
        if game.phase == SETUP:
            if game.hidden:
                return max((m for m in moves if isinstance(m, Secret)), key=lambda m: secret_rating(game, m, secrets))
            rank = {t.id: _setup_rank(t) for t in game.fleet(game.seat)}
            return max((m for m in moves if isinstance(m, Choose)), key=lambda m: sum(rank[i] for i in m.ids))
        rolls = game.chance()
        choices = [m for m in moves if m not in rolls]
        if rolls and (len(game.booked) < 3 or not choices):
            return next(iter(rolls))
        if len(choices) == 1:
            return choices[0]
        mover = game.players[game.seat]
        return max(choices, key=lambda m: rate_after(game, m, mover, secrets, RATER) + rng.random() * 1e-6)

    return choose


BOTS: dict[str, BotFactory] = {"greedy": greedy_bot}
