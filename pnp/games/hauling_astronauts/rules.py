"""Hauling Astronauts' rules and notation, as the referee core sees them."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pnp.errors import PnpError
from pnp.games.hauling_astronauts import moves
from pnp.games.hauling_astronauts.model import builtin
from pnp.games.hauling_astronauts.state import HaulingState
from pnp.referee.protocol import Game, Move, Option, Setup
from pnp.resources import data_file

BONUS_DICE = "bonus_dice"
HIDDEN = "hidden_transports"
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _flag(options: Mapping[str, bool | int | str], key: str) -> bool:
    value = options.get(key, False)
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE | _FALSE:
        return text in _TRUE
    raise PnpError(f"option {key}={value!r}: expected true or false")


class HaulingAstronauts(Game):
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
        if len(setup.players) != 2:
            raise PnpError(f"{self.name} is for exactly 2 players, found {len(setup.players)}")
        known = {option.key for option in self.options}
        unknown = sorted(set(setup.options) - known)
        if unknown:
            raise PnpError(f"unknown option {unknown[0]!r} for {self.name} (known: {', '.join(sorted(known))})")
        if setup.map_path is not None:
            raise PnpError(f"{self.name} has no map: drop --map")
        return HaulingState(
            tuple(setup.players), builtin(), _flag(setup.options, BONUS_DICE), _flag(setup.options, HIDDEN)
        )

    def parse_move(self, text: str) -> Move:
        return moves.parse_move(text)

    def format_move(self, move: Move) -> str:
        return moves.format_move(move)

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("hauling-astronauts.yaml")]
