"""Air King's Game: set-up, options and the move notation (the state lives in ``state.py``)."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import PnpError
from pnp.games.air_king.core import Rules
from pnp.games.air_king.field import Field
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.model import MAX_PLAYERS, load_data
from pnp.games.air_king.moves import AirMove, MoveTable, format_move, parse_move
from pnp.games.air_king.state import AirKingState
from pnp.referee.protocol import Game, Option, Setup
from pnp.resources import board_file, data_file

MAX_ROUNDS = 1000


class AirKing(Game):
    """Air King for 2 to 4 players; the first seat listed starts."""

    name = "air-king"
    title = "Air King"
    min_players = 2
    max_players = MAX_PLAYERS
    options = (
        Option(
            "rounds",
            40,
            "Rounds after which the game ends if no one has won; then every goal is revealed and the most "
            f"goal aircraft landed wins (1-{MAX_ROUNDS}).",
        ),
    )

    def __init__(self) -> None:
        self._data = load_data().value
        self._tables: dict[Field, MoveTable] = {}

    def new_state(self, setup: Setup) -> AirKingState:
        rounds = setup.options.get("rounds", self.options[0].default)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise PnpError(f"option rounds: {rounds!r} is not a whole number from 1 to {MAX_ROUNDS}")
        field = checked_field(setup.map_path)
        if field not in self._tables:
            self._tables[field] = MoveTable(field, len(self._data.aircraft))
        data = self._data
        homes = tuple(field.airport_names.index(plane.home) for plane in data.aircraft)
        masks = tuple(sum(1 << (n - 1) for n in card) for card in data.goals)
        rules = Rules(data, field, self._tables[field], homes, masks, rounds)
        return AirKingState(rules, tuple(setup.players))

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("air-king.yaml"), setup.map_path or board_file("air-king.yaml")]

    def parse_move(self, text: str) -> AirMove:
        return parse_move(text)

    def format_move(self, move: AirMove) -> str:
        return format_move(move)
