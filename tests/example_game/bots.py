"""Updraft's greedy bot: the shared one-move-ahead player, rating the mover's altitude."""

from __future__ import annotations

from collections.abc import Mapping

from example_game.state import UpdraftState
from pnp.games.bots import greedy
from pnp.referee.protocol import State


def altitude(after: State, mover: str, own: Mapping[str, str]) -> float:
    """How high the mover's balloon is after a move (a roll counts at its expected height)."""
    assert isinstance(after, UpdraftState)
    return after.altitude[after.players.index(mover)]


BOTS = {"greedy": greedy(altitude)}
