"""The rating hook a game's bots share, and the greedy bot built on it: the move whose outcome the rating likes
best, one move ahead.

A game supplies only the :class:`Rater`. Chance counts as one option, worth the probability-weighted
rating of its outcomes; the driver then draws the real outcome.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pnp.errors import IllegalMove
from pnp.games.spec import BotFactory
from pnp.referee.driver import Chooser
from pnp.referee.protocol import Move, Reveal, Secret, State

# How good ``after`` is for the player who just moved (``mover``), knowing that player's secrets by slot.
Rating = Callable[[State, str, Mapping[str, str]], float]
# How good it is for the player to move in ``state`` to seal ``secret``, knowing the secrets sealed so far.
SecretRating = Callable[[State, Secret, Mapping[str, str]], float]


@dataclass(frozen=True)
class Rater:
    """A game's rating hook (``GameSpec.rater``): a position for a player, and a secret to seal.

    The greedy bot plays the best-rated move and seals the best-rated secret; the search bot values the
    positions where its tries stop. Without ``secret``, every secret rates alike (the bot picks at random).
    """

    position: Rating
    secret: SecretRating | None = None

    def rate(self, after: State, mover: str, own: Mapping[str, str]) -> float:
        """How good ``after`` is for ``mover``."""
        return self.position(after, mover, own)

    def rate_secret(self, state: State, secret: Secret, own: Mapping[str, str]) -> float:
        """How good ``secret`` is to seal now for the player to move (0 for every secret without a rating)."""
        return self.secret(state, secret, own) if self.secret else 0.0


class Greedy:
    """A bot factory for the one-move-ahead greedy player of ``rater``; ties are broken at random.

    It seals the best-rated secret; a reveal is rated like any move, with the bot's own secret value
    filled in.
    """

    def __init__(self, rater: Rater) -> None:
        self.rater = rater

    def __call__(self, rng: random.Random) -> Chooser:
        rater = self.rater

        def choose(state: State, moves: list[Move], own: Mapping[str, str]) -> Move:
            secrets = [move for move in moves if isinstance(move, Secret)]
            if secrets:
                return best(rng, [(rater.rate_secret(state, secret, own), secret) for secret in secrets])
            mover = state.to_move() or ""
            chances = state.chance()
            choices = [move for move in moves if move not in chances] if chances else moves
            if not choices:
                return moves[0]  # chance alone: the driver draws the outcome

            def value(move: Move) -> float:
                return rate_after(state, move, mover, own, rater)

            rated = [(value(move), move) for move in choices]
            if chances:
                expected = sum(p * value(move) for move, p in chances.items())
                rated.append((expected, next(iter(chances))))
            return best(rng, rated)

        return choose


def best(rng: random.Random, rated: list[tuple[float, Move]]) -> Move:
    """One of the best-rated moves of ``rated``, picked at random among ties."""
    top = max(score for score, _ in rated)
    return rng.choice([move for score, move in rated if score == top])


def greedy(rater: Rater) -> BotFactory:
    """The greedy bot factory of ``rater`` (a :class:`Greedy`)."""
    return Greedy(rater)


def rate_after(state: State, move: Move, mover: str, own: Mapping[str, str], rater: Rater) -> float:
    """``rater``'s rating of the state after ``move``; a move the state refuses rates lowest."""
    if isinstance(move, Reveal) and not move.value:
        move = Reveal(move.slot, own.get(move.slot, ""))
    after = state.clone()
    try:
        after.apply(move)
    except IllegalMove:
        return float("-inf")
    return rater.rate(after, mover, own)
