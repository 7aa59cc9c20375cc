"""Aloft's bots: the driver's uniform random one, and the shared greedy one rating the mover's own score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from pnp.games.aloft.state import SLOT, AloftState
from pnp.games.bots import Rater, greedy
from pnp.games.spec import BotFactory
from pnp.referee.driver import random_chooser
from pnp.referee.protocol import State


def own_score(state: State, player: str, own: Mapping[str, str]) -> float:
    """What ``player`` would score in ``state``, knowing their own colour cards."""
    return cast(AloftState, state).total(player, own.get(SLOT, "").split(","))


RATER: Rater = Rater(own_score)
BOTS: dict[str, BotFactory] = {"random": random_chooser, "greedy": greedy(RATER)}
