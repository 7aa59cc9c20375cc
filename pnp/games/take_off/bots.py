"""Take Off! bots: the driver rolls the dice and draws the cards for them; they choose the rest.

- random: any choice, uniformly (the driver's own).
- greedy: the choice that leaves its jets fewest routes from Finish, and the
  opponents most (bumping counts), one move ahead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from pnp.games.bots import Rater, greedy
from pnp.games.spec import BotFactory
from pnp.games.take_off.state import TakeOffState
from pnp.games.take_off.world import HOME
from pnp.referee.driver import random_chooser
from pnp.referee.protocol import State


def standing(after: State, mover: str, _own: Mapping[str, str]) -> float:
    """How well ``mover`` stands: the opponents' mean routes to go minus its own (jets home count 0)."""
    state = cast(TakeOffState, after)
    hops = state.ctx.world.hops
    totals = [sum(hops[c] for c in state.jets_of(s) if c != HOME) for s in range(len(state.players))]
    seat = state.players.index(mover)
    others = [t for s, t in enumerate(totals) if s != seat]
    return sum(others) / max(1, len(others)) - totals[seat]


RATER: Rater = Rater(standing)
BOTS: dict[str, BotFactory] = {"random": random_chooser, "greedy": greedy(RATER)}
