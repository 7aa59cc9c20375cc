"""Updraft: race balloons up a column of air; burn fuel in secret, then drift one step or roll the die."""

from __future__ import annotations

from pathlib import Path

from example_game import SPEC
from example_game.model import DATA, Column, default_map_path, load_data, load_map
from example_game.notation import UpdraftMove, format_move, parse_move
from example_game.state import BURN, SLOT, UpdraftState
from pnp.games.base import BaseGame, MapCache
from pnp.games.words import setup_words
from pnp.referee.protocol import Move, Secret, Setup
from pnp.texts import Catalogue, in_english

COLUMNS = MapCache(lambda path: load_map(path).value, default_map_path())


class Updraft(BaseGame):
    """Updraft for 2 to 4 players, on the built-in column or a custom one."""

    name = "updraft"
    title = "Updraft"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    round_secrets = (BURN,)  # every seat seals a burn each round; all are revealed once all are sealed

    def __init__(self, column: Column | None = None, words: Catalogue | None = None) -> None:
        self._bound = column  # the column of the setup these rules are bound to; None: the built-in one, once read
        self._words = words  # the session's catalogue; None: English

    def bind(self, setup: Setup) -> Updraft:
        return Updraft(COLUMNS.get(setup.map_path), setup_words(self.name, setup))

    @property
    def column(self) -> Column:
        """The column moves are read and labelled on (the built-in one read once, not at every move)."""
        if self._bound is None:
            self._bound = COLUMNS.get(None)
        return self._bound

    @property
    def words(self) -> Catalogue:
        """The words moves are labelled with: the session's catalogue (English, unbound)."""
        return self._words or in_english(self.name)

    def new_state(self, setup: Setup) -> UpdraftState:
        words = setup_words(self.name, setup)  # the picture and the board in words speak the session's language
        return UpdraftState(load_data(), COLUMNS.get(setup.map_path), setup.players, words)

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        return {DATA: load_data(), setup.map_path or default_map_path(): COLUMNS.get(setup.map_path)}

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.column.die)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def secret_name(self, slot: str) -> str:
        return self.words(f"play.secret.{slot}") if slot in (SLOT, BURN) else slot

    def label(self, move: Move) -> str | None:
        t = self.words
        if isinstance(move, Secret) and move.slot == SLOT:
            return t("play.lucky", face=move.value, bonus=load_data().lucky_bonus)
        if isinstance(move, Secret):
            return t("play.burn", burn=move.value)
        if isinstance(move, UpdraftMove) and move.verb == "roll":
            return t("play.roll", faces=len(self.column.die), face=move.face)
        return t("play.drift") if move == UpdraftMove("drift") else None
