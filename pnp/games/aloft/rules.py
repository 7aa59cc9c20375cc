"""Aloft's rules as the referee core sees them: sessions on a checked board, and the notation."""

from __future__ import annotations

from pathlib import Path

from pnp.games.aloft import notation
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import load_board, load_data
from pnp.games.aloft.state import AloftState, Sky
from pnp.games.base import BaseGame, MapCache
from pnp.games.spec import raise_first_error
from pnp.referee.protocol import Move, Setup
from pnp.resources import board_file, data_file


def _sky(path: Path | None) -> Sky:
    data = load_data().value
    loaded = load_board(path)
    raise_first_error(check_board(loaded, data))
    return Sky(data, loaded.value)


_SKIES = MapCache(_sky, board_file("aloft.yaml"))


class Aloft(BaseGame):
    """Aloft for 2 to 6 players."""

    name = "aloft"
    title = "Aloft"
    min_players = 2
    max_players = 6

    def new_state(self, setup: Setup) -> AloftState:
        return AloftState(setup.players, _SKIES.get(setup.map_path))

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("aloft.yaml"), setup.map_path or board_file("aloft.yaml")]

    def parse_move(self, text: str) -> notation.AloftMove:
        return notation.parse_move(text)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)
