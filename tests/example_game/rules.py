"""Updraft: race balloons up a column of air; drift one step, or roll the die and hope."""

from __future__ import annotations

from example_game.model import load_data
from example_game.notation import UpdraftMove, format_move, parse_move
from example_game.state import UpdraftState
from pnp.games.base import BaseGame
from pnp.referee.protocol import Move, Secret, Setup


class Updraft(BaseGame):
    """Updraft for 2 to 4 players."""

    name = "updraft"
    title = "Updraft"
    min_players = 2
    max_players = 4

    def new_state(self, setup: Setup) -> UpdraftState:
        return UpdraftState(load_data(), setup.players)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def label(self, move: Move) -> str | None:
        if isinstance(move, Secret):
            return f"lucky {move.value}: {load_data().lucky_bonus} points for each {move.value} you roll"
        return "drift up one step" if move == UpdraftMove("drift") else None
