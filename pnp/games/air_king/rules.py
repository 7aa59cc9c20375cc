"""Air King's Game: set-up, options and the move notation (the state lives in ``state.py``)."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError
from pnp.games.air_king.maps import checked_field
from pnp.games.air_king.model import MAX_PLAYERS, load_data
from pnp.games.air_king.notation import AirMove, MoveTable, format_move, parse_move
from pnp.games.air_king.state import AirKingState, Rules
from pnp.games.base import BaseGame, MapCache
from pnp.referee.protocol import Move, Option, Setup
from pnp.resources import board_file, data_file

MAX_ROUNDS = 1000


def _rules(path: Path | None) -> Rules:
    """What every session on the field at ``path`` (the built-in one by default) shares."""
    field, data = checked_field(path), load_data().value
    homes = tuple(field.airport_names.index(plane.home) for plane in data.aircraft)
    masks = tuple(sum(1 << (n - 1) for n in card) for card in data.goals)
    return Rules(data, field, MoveTable(field, len(data.aircraft)), homes, masks)


FIELDS = MapCache(_rules, board_file("air-king.yaml"))


class AirKing(BaseGame):
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
            minimum=1,
            maximum=MAX_ROUNDS,
        ),
    )

    def new_state(self, setup: Setup) -> AirKingState:
        return AirKingState(FIELDS.get(setup.map_path), setup.players, self.number(setup, "rounds"))

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("air-king.yaml"), setup.map_path or board_file("air-king.yaml")]

    def parse_move(self, text: str) -> AirMove:
        return parse_move(text)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, AirMove):
            raise NotationError(f"{move!r} is not an Air King move")
        return format_move(move)
