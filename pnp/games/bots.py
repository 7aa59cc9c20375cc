"""The greedy bot every game shares: the move whose outcome a game's own rating likes best, one move ahead.

A game supplies only the rating. Chance counts as one option, worth the probability-weighted
rating of its outcomes; the driver then draws the real outcome.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from pnp.errors import IllegalMove
from pnp.games.spec import BotFactory
from pnp.referee.driver import Chooser
from pnp.referee.protocol import Move, Reveal, Secret, State

# How good ``after`` is for the player who just moved (``mover``), knowing that player's secrets by slot.
Rating = Callable[[State, str, Mapping[str, str]], float]


class Greedy:
    """A bot factory for the one-move-ahead greedy player of ``rating``; ties are broken at random.

    Secret entries (a goal, colour cards) are picked at random; a reveal is rated like any move,
    with the bot's own secret value filled in. The rating stays at hand for a search bot's leaves.
    """

    def __init__(self, rating: Rating) -> None:
        self.rating = rating

    def __call__(self, rng: random.Random) -> Chooser:
        rating = self.rating

        def choose(state: State, moves: list[Move], own: Mapping[str, str]) -> Move:
            if isinstance(moves[0], Secret):
                return rng.choice(moves)
            mover = state.to_move() or ""
            chances = state.chance()
            choices = [move for move in moves if move not in chances]
            if not choices:
                return moves[0]  # chance alone: the driver draws the outcome

            def value(move: Move) -> float:
                return rate_after(state, move, mover, own, rating)

            rated = [(value(move), move) for move in choices]
            if chances:
                expected = sum(p * value(move) for move, p in chances.items())
                rated.append((expected, next(iter(chances))))
            best = max(score for score, _ in rated)
            return rng.choice([move for score, move in rated if score == best])

        return choose


def greedy(rating: Rating) -> BotFactory:
    """The greedy bot factory of ``rating`` (a :class:`Greedy`)."""
    return Greedy(rating)


def rate_after(state: State, move: Move, mover: str, own: Mapping[str, str], rating: Rating) -> float:
    """``rating`` of the state after ``move``; a move the state refuses rates lowest."""
    if isinstance(move, Reveal) and not move.value:
        move = Reveal(move.slot, own.get(move.slot, ""))
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return float("-inf")
    return rating(after, mover, own)
