"""Hauling Astronauts' rules and notation, as the referee core sees them."""

from __future__ import annotations

from pathlib import Path

from pnp.games.base import BaseGame
from pnp.games.hauling_astronauts import labels, notation
from pnp.games.hauling_astronauts.model import builtin, transport_names
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.referee.protocol import Move, Option, Secret, Setup
from pnp.resources import data_file

BONUS_DICE = "bonus_dice"
HIDDEN = "hidden_transports"


class HaulingAstronauts(BaseGame):
    """Two haulage companies load transports with dice-astronauts on a shared 3x3 grid."""

    name = "hauling-astronauts"
    title = "Hauling Astronauts"
    min_players = 2
    max_players = 2
    options = (
        Option(BONUS_DICE, False, "two of the nine dice are the gold (doubles) and red (halves) bonus dice"),
        Option(HIDDEN, False, "transports face down: committed as secrets t1-t3 at set-up, revealed at departure"),
    )

    def new_state(self, setup: Setup) -> HaulingState:
        return HaulingState(setup.players, builtin(), self.flag(setup, BONUS_DICE), self.flag(setup, HIDDEN))

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text, transport_names())

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def label(self, move: Move) -> str | None:
        return labels.label(move, builtin())

    def read_secret(self, secret: Secret) -> Secret:
        """A transport by its printed name: ``secret t1 Heron`` -> its letter."""
        return Secret(secret.slot, transport_names().find(secret.value) or secret.value)

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("hauling-astronauts.yaml")]
