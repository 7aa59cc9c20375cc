"""Updraft's rating hook: the mover's altitude, and the more fuel burnt the better; greedy plays by it."""

from __future__ import annotations

from collections.abc import Mapping

from example_game.state import BURN, UpdraftState
from pnp.games.bots import Rater, greedy
from pnp.games.spec import BotFactory
from pnp.referee.protocol import Secret, State


def altitude(after: State, mover: str, own: Mapping[str, str]) -> float:
    """How high the mover's balloon is after a move (a roll counts at its expected height)."""
    assert isinstance(after, UpdraftState)
    return after.altitude[after.players.index(mover)]


def burn(state: State, secret: Secret, own: Mapping[str, str]) -> float:
    """A secret to seal: any lucky face alike; a burn, the more the better (what is offered never exceeds the fuel)."""
    return float(secret.value) if secret.slot == BURN else 0.0


RATER: Rater = Rater(altitude, burn)  # annotated: mypy reads the registry entry, which names them, before this module
BOTS: dict[str, BotFactory] = {"greedy": greedy(RATER)}
