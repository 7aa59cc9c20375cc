"""Updraft: race balloons up a column of air; burn fuel in secret, then drift one step or roll the die."""

from __future__ import annotations

from pathlib import Path

from example_game import SPEC
from example_game.model import DATA, Column, default_map_path, load_data, load_map
from example_game.notation import UpdraftMove, format_move, parse_move
from example_game.state import BURN, SLOT, UpdraftState
from pnp.games.base import BaseGame, MapCache
from pnp.referee.protocol import Move, Secret, Setup

COLUMNS = MapCache(lambda path: load_map(path).value, default_map_path())


class Updraft(BaseGame):
    """Updraft for 2 to 4 players, on the built-in column or a custom one."""

    name = "updraft"
    title = "Updraft"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    round_secrets = (BURN,)  # every seat seals a burn each round; all are revealed once all are sealed

    def __init__(self, column: Column | None = None) -> None:
        self._bound = column  # the column of the setup these rules are bound to; None: the built-in one, once read

    def bind(self, setup: Setup) -> Updraft:
        return Updraft(COLUMNS.get(setup.map_path))

    @property
    def column(self) -> Column:
        """The column moves are read and labelled on (the built-in one read once, not at every move)."""
        if self._bound is None:
            self._bound = COLUMNS.get(None)
        return self._bound

    def new_state(self, setup: Setup) -> UpdraftState:
        return UpdraftState(load_data(), COLUMNS.get(setup.map_path), setup.players)

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        return {DATA: load_data(), setup.map_path or default_map_path(): COLUMNS.get(setup.map_path)}

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.column.die)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def secret_name(self, slot: str) -> str:
        return "lucky face" if slot == SLOT else slot

    def label(self, move: Move) -> str | None:
        if isinstance(move, Secret) and move.slot == SLOT:
            return f"lucky {move.value}: {load_data().lucky_bonus} points for each {move.value} you roll"
        if isinstance(move, Secret):
            return f"burn {move.value}: climb {move.value} when the burns are revealed"
        if isinstance(move, UpdraftMove) and move.verb == "roll":
            return f"the d{len(self.column.die)} shows {move.face}: climb {move.face}"
        return "drift up one step" if move == UpdraftMove("drift") else None
