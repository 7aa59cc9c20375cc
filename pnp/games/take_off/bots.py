"""Take Off! bots. Both roll the dice and draw cards fairly; they differ in the choices a player makes.

- random: any legal choice, uniformly.
- greedy: the choice that leaves its jets fewest routes from Finish, and the
  opponents most (bumping counts), one move ahead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from pnp.games.take_off.moves import Draw, Move, Roll, make_roll
from pnp.games.take_off.rules import TakeOffState
from pnp.games.take_off.world import HOME
from pnp.referee.driver import Chooser


def chance(state: TakeOffState, moves: list[Move], rng: random.Random) -> Move | None:
    """A fair roll or draw when the table is to enter one, else None."""
    if isinstance(moves[0], Roll):
        faces = state.ctx.faces
        return make_roll(rng.choice(faces), rng.choice(faces), faces)
    if isinstance(moves[0], Draw):
        return rng.choice(moves)
    return None


def standing(state: TakeOffState, seat: int) -> float:
    """How well ``seat`` stands: the opponents' mean routes to go minus its own (jets home count 0)."""
    hops = state.ctx.world.hops
    totals = [sum(hops[c] for c in state.jets_of(s) if c != HOME) for s in range(len(state.players))]
    others = [t for s, t in enumerate(totals) if s != seat]
    return sum(others) / max(1, len(others)) - totals[seat]


def random_bot(rng: random.Random) -> Chooser:
    """Uniform over the legal choices; fair dice and cards."""

    def choose(state: TakeOffState, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        return chance(state, moves, rng) or rng.choice(moves)

    return choose  # type: ignore[return-value]


def greedy_bot(rng: random.Random) -> Chooser:
    """The choice with the best standing after it (ties broken at random); fair dice and cards."""

    def choose(state: TakeOffState, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        fair = chance(state, moves, rng)
        if fair is not None:
            return fair
        seat = state.seat
        best, best_value = [], float("-inf")
        for move in moves:
            after = state.clone()
            after.apply(move)
            value = standing(after, seat)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return rng.choice(best)

    return choose  # type: ignore[return-value]


BOTS = {"random": random_bot, "greedy": greedy_bot}
