"""Air King's greedy bot: it flies its own goal home, hinders the other aircraft, and keeps its best cards.

The rating looks at the position only: how far each aircraft still has to fly
(its own goal's closer is better, the others' further), Storms and Holdings in
the aircraft's way, and the worth of the cards still in hand. The shared
greedy player rates each move by the position it leads to.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import mul

from pnp.games.air_king.actions import LANDED, SLOT, STORM, WAITING
from pnp.games.air_king.field import FAR, Field
from pnp.games.air_king.state import AirKingState
from pnp.games.bots import Rater, greedy
from pnp.games.spec import BotFactory
from pnp.referee.protocol import State

WIN = 1e6
LAND_BONUS = 30
OWN_STEP, OTHER_STEP = 10, 3  # per flight still needed: an own goal aircraft costs, another's is worth
OWN_HELD, HOLD_REACH = -10, 4  # an own aircraft held; another's held is worth HOLD_REACH minus its distance
OWN_STORMED, OTHER_STORMED = -6, 4  # a Storm straight ahead of an aircraft
WORTH = (4.0, 4.0, 1.0, 1.5, 0.5, 0.2)  # a card in hand, by type: discards go cheapest first
TECHNICAL = 9.0  # the unused Technical Return


def rating(state: State, mover: str, own: Mapping[str, str]) -> float:
    """How good ``state`` is for ``mover``, whose goal card is ``own['goal']``."""
    if not isinstance(state, AirKingState):
        raise TypeError(f"not an Air King state: {state!r}")
    seat, rules = state.players.index(mover), state.rules
    if state.winner >= 0:
        return WIN if state.winner == seat else -WIN
    goal = rules.data.goal_index(own.get(SLOT, ""))
    mine = 0 if goal is None else rules.goal_masks[goal]
    field = rules.field
    cards: float = sum(map(mul, state.hands[seat], WORTH))
    total = TECHNICAL * state.technical[seat] + cards
    if seat in state.failed:
        total -= WIN
    waiting, distance, ahead_of, home = _waiting_flights(field), field.distance, field.ahead, rules.home
    for a, p in enumerate(state.pos):
        ours, h = mine >> a & 1, home[a]
        if p == LANDED:
            total += LAND_BONUS if ours else 0
            continue
        if p == WAITING:
            flights = waiting[h]
        else:
            flights = 1 + min(distance[h][p], FAR)
            if state.held[a]:
                total += OWN_HELD if ours else HOLD_REACH - flights
            ahead = ahead_of[h][p]
            if ahead >= 0 and state.occ[ahead] == STORM:
                total += OWN_STORMED if ours else OTHER_STORMED
        total += -OWN_STEP * flights if ours else OTHER_STEP * flights
    return total


@lru_cache(maxsize=8)  # a field per map in use: as many as the rules' own cache keeps
def _waiting_flights(field: Field) -> tuple[int, ...]:
    """Per home airport, the flights a waiting aircraft still needs: its take-off, then the fewest from the
    nearest departure space (the rating asks this of every waiting aircraft, so it is worked out once)."""
    return tuple(1 + min(field.distance[h][z] for z in field.departures[h]) for h in range(len(field.departures)))


RATER: Rater = Rater(rating)
BOTS: dict[str, BotFactory] = {"greedy": greedy(RATER)}
