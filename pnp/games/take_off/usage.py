"""How often each city was a stop in one game, for ``pnp sim``'s most and least used places."""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping, Sequence

from pnp.games.take_off.notation import Draw, Fly, Send
from pnp.games.take_off.state import TakeOffState
from pnp.referee.protocol import Move


def usage(state: TakeOffState, moves: Sequence[Move]) -> Mapping[str, int]:
    """``city:ID`` -> how many times a jet stopped there: every city a flight landed on, and each card's capital.

    Every city but Start is listed, zeros included (a jet only goes back to Start when bumped).
    """
    world = state.ctx.world
    stops: Counter[str] = Counter()
    hand: deque[str] = deque()  # cards drawn and not yet sent, oldest first
    for move in moves:
        if isinstance(move, Draw):
            hand.append(move.city)
        elif isinstance(move, Send):
            stops[hand.popleft()] += 1
        elif isinstance(move, Fly):
            stops.update(city for _, cities in move.legs for city in cities)
    return {f"city:{city}": stops[city] for i, city in enumerate(world.ids) if i != world.start}
