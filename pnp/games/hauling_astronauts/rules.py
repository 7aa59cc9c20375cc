"""Hauling Astronauts' rules and notation, as the referee core sees them."""

from __future__ import annotations

from pathlib import Path

from pnp.games.base import BaseGame, MapCache
from pnp.games.hauling_astronauts import SPEC, labels, notation
from pnp.games.hauling_astronauts.model import HaulingData, default_map_path, load_data, names
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Secret, Setup, State
from pnp.variants.variant import variant_files

BONUS_DICE = "bonus_dice"
HIDDEN = "hidden_transports"
MAPS = MapCache(lambda path: load_data(path).value, default_map_path())


class HaulingAstronauts(BaseGame):
    """Two haulage companies load transports with dice-astronauts on a shared 3x3 grid."""

    name = "hauling-astronauts"
    title = "Hauling Astronauts"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    options = (
        Option(BONUS_DICE, False, "two of the nine dice are the gold (doubles) and red (halves) bonus dice"),
        Option(HIDDEN, False, "transports face down: committed as secrets t1-t3 at set-up, revealed at departure"),
    )
    distinct_secrets = True  # three different transports: one sealed in t1 is not offered again for t2

    def __init__(self, data: HaulingData | None = None) -> None:
        self._bound = data  # the map of the setup these rules are bound to; None: the built-in map

    def bind(self, setup: Setup) -> HaulingAstronauts:
        """These rules on the session's map: moves and labels use its transports' names."""
        return HaulingAstronauts(MAPS.get(setup.map_path))

    @property
    def _data(self) -> HaulingData:
        return self._bound or MAPS.get(None)

    def new_state(self, setup: Setup) -> HaulingState:
        data, bonus, hidden = MAPS.get(setup.map_path), self.flag(setup, BONUS_DICE), self.flag(setup, HIDDEN)
        return HaulingState(setup.players, data, bonus, hidden)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text, names(self._data))

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def label(self, move: Move) -> str | None:
        return labels.label(move, self._data)

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        return labels.picker_path(move, self._data)

    def read_secret(self, secret: Secret) -> Secret:
        """A transport by its printed name: ``secret t1 Heron`` -> its letter."""
        return Secret(secret.slot, names(self._data).find(secret.value) or secret.value)

    def input_files(self, setup: Setup) -> list[Path]:
        return [setup.map_path or default_map_path(), *variant_files(setup.variant_path, self.name)]
