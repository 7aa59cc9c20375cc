"""Air King's greedy bot: it flies its own goal home, hinders the goal nearest to landing among the others, and
keeps its best cards.

The rating looks at the position only. Each aircraft still needs some flights to land, counted around the Storms
and held aircraft in the way (at most ``DETOUR`` more than on an empty field); a held aircraft adds the flights
another aircraft needs to overtake it, which releases it. The mover's own goal aircraft cost ``OWN_STEP`` a
flight; of the goal cards another player may hold, the one nearest to landing is worth ``THREAT`` a flight to
the mover (it does not know the others' goals, so it hinders the likeliest winner, not every aircraft); cards in
hand are worth ``WORTH`` each. The shared greedy player rates each move by the position it leads to.

Counting the way as the field stands keeps games moving: a detour round a Storm rates better than waiting in
front of it, a Clear sky that opens the mover's way is played, and an aircraft held beside its destination is
freed by the player who needs it. Rating every aircraft but its own as a rival's, on an empty field, both bots
flew aircraft to and fro for the rest of the game: 66 of 200 greedy games (seed 0) reached the 40-round limit,
4 of 200 now.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import mul

from pnp.games.air_king.actions import LANDED, SLOT, STORM, WAITING
from pnp.games.air_king.field import FAR, Field
from pnp.games.air_king.state import AirKingState
from pnp.games.bots import Rater, greedy
from pnp.games.graph import distances_to
from pnp.games.spec import BotFactory
from pnp.referee.protocol import State

WIN = 1e6
LAND_BONUS = 30  # an own goal aircraft landed
OWN_STEP = 10  # per flight an own goal aircraft still needs
THREAT = 6  # per flight still needed by the goal card nearest to landing that another player may hold
WORTH = (4.0, 4.0, 1.0, 1.5, 0.5, 0.2)  # a card in hand, by type: discards go cheapest first
TECHNICAL = 9.0  # the unused Technical Return
DETOUR = 4  # flights a shut way adds at most: Storms are cleared and held aircraft released in time


def rating(state: State, mover: str, own: Mapping[str, str]) -> float:
    """How good ``state`` is for ``mover``, whose goal card is ``own['goal']``."""
    if not isinstance(state, AirKingState):
        raise TypeError(f"not an Air King state: {state!r}")
    seat, rules = state.players.index(mover), state.rules
    if state.winner >= 0:
        return WIN if state.winner == seat else -WIN
    goal = rules.data.goal_index(own.get(SLOT, ""))
    cards: float = sum(map(mul, state.hands[seat], WORTH))
    total = TECHNICAL * state.technical[seat] + cards
    if seat in state.failed:
        total -= WIN
    to_go = flights_to_go(state)
    for a in () if goal is None else _aircraft(rules.goal_masks)[goal]:
        total += LAND_BONUS if state.pos[a] == LANDED else -OWN_STEP * to_go[a]
    return total + THREAT * nearest_rival_goal(state, seat, goal, to_go)


def nearest_rival_goal(state: AirKingState, seat: int, goal: int | None, to_go: list[int]) -> int:
    """The fewest flights (``to_go``) still needed by a goal card another player may hold: a card they revealed,
    or, while some goal is hidden, any card but ``seat``'s own (``goal``) and those revealed."""
    cards = _aircraft(state.rules.goal_masks)
    others = [g for s, g in enumerate(state.goals) if s != seat]
    if -1 in others:  # someone's goal is still hidden: it may be any card nobody has shown
        others = [g for g in range(len(cards)) if g != goal and g not in state.goals or g in others]
    steps = to_go.__getitem__
    return min((sum(map(steps, cards[g])) for g in others), default=0)


def flights_to_go(state: AirKingState) -> list[int]:
    """Per aircraft, the flights it still needs to land (0 once landed), around the Storms and held aircraft, a
    held one's including the flights another needs to overtake it."""
    needed = _needed(state, _blocked(state))
    if True not in state.held:
        return needed
    return [n + release_cost(state, a, needed) if state.held[a] else n for a, n in enumerate(needed)]


def release_cost(state: AirKingState, a: int, needed: list[int]) -> int:
    """The fewest flights another aircraft flying the same way needs to overtake held aircraft ``a`` (releasing it):
    the columns it must gain plus its detour, or its flights to land (``needed``) where that is fewer, or the only
    way (``a`` beside its destination: a landing overtakes everything)."""
    home, field = state.rules.home, state.rules.field
    at = state.progress(a)
    beside = at + 1 >= field.landed_progress
    costs = []
    for b, p in enumerate(state.pos):
        if b == a or home[b] != home[a] or p == LANDED or state.held[b] or state.progress(b) > at:
            continue
        if beside:
            costs.append(needed[b])
            continue
        start = field.progress[home[b]][p] if p >= 0 else -1  # a waiting aircraft departs first
        detour = needed[b] - _on_empty_field(field, home[b], p)
        costs.append(min(needed[b], max(1, at + 1 - start) + detour))
    return min(costs, default=field.landed_progress)  # none can: as far as the whole way


def _on_empty_field(field: Field, h: int, p: int) -> int:
    """The flights an aircraft from airport ``h`` on space ``p`` (or waiting) needs to land on an empty field."""
    return 1 + field.distance[h][p] if p >= 0 else 2 + min(field.distance[h][z] for z in field.departures[h])


def _needed(state: AirKingState, shut: tuple[int, ...]) -> list[int]:
    """Per aircraft, the flights it needs to land (departing and landing count), the ``shut`` spaces closed."""
    field, home = state.rules.field, state.rules.home
    ways = _ways(field, shut)
    needed = []
    for a, p in enumerate(state.pos):
        h = home[a]
        if p >= 0:
            needed.append(1 + ways[h][p])
        elif p == WAITING:
            zones = field.departures[h]
            free = [ways[h][z] for z in zones if z not in shut]
            needed.append(2 + (min(free) if free else DETOUR + min(ways[h][z] for z in zones)))
        else:
            needed.append(0)
    return needed


def _blocked(state: AirKingState) -> tuple[int, ...]:
    """The spaces no aircraft can fly into for a while: Storms and held aircraft."""
    storms = [c for c, thing in enumerate(state.occ) if thing == STORM]
    if True not in state.held:
        return tuple(storms)
    return tuple(sorted(storms + [p for p, is_held in zip(state.pos, state.held) if is_held]))


@lru_cache(maxsize=4096)  # a game meets some hundreds: the Storms and Holdings a move could lay
def _ways(field: Field, shut: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per home airport, the fewest flights from each space to the arrival zone with the ``shut`` spaces closed,
    at most ``DETOUR`` more than on an empty field."""
    closed = set(shut)
    ways = []
    for h, steps in enumerate(field.steps):
        open_steps = [tuple(c for c in step if c not in closed) for step in steps]
        around = distances_to(open_steps, field.runway[1 - h], FAR)
        ways.append(tuple(min(d, empty + DETOUR) for d, empty in zip(around, field.distance[h])))
    return tuple(ways)


@lru_cache(maxsize=8)
def _aircraft(masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each goal card's aircraft, as indexes, from the cards' bit masks."""
    return tuple(tuple(a for a in range(mask.bit_length()) if mask >> a & 1) for mask in masks)


RATER: Rater = Rater(rating)
BOTS: dict[str, BotFactory] = {"greedy": greedy(RATER)}
