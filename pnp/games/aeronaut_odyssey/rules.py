"""Aeronaut Odyssey's referee, in pure Python: the base game, the four expansions and the three variants."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError
from pnp.games.aeronaut_odyssey import notation
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import Board, compile_board
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.maps import read, to_yaml
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.base import BaseGame, MapCache
from pnp.referee.protocol import Move, Option, Setup


class AeronautOdyssey(BaseGame):
    """Aeronaut Odyssey for 2 to 6 players."""

    name = "aeronaut-odyssey"
    title = "Aeronaut Odyssey"
    min_players = 2
    max_players = 6
    options = (
        Option("variant", "none", "one cut-throat rule for the balloon picks", VARIANTS),
        Option(
            "hidden_inventories",
            False,
            "each inventory is shown to its owner only ('ref show --as', the table page); the record, "
            "'ref play' and 'ref moves' still reveal every pick and payment",
        ),
    )

    def board(self, setup: Setup) -> Board:
        """The map of a session: the map file when given, else the map generated from the seed."""
        return BOARDS.get(setup.map_path, None if setup.map_path else setup.seed)

    def new_state(self, setup: Setup) -> AeroState:
        variant, hidden = self.choice(setup, "variant"), self.flag(setup, "hidden_inventories")
        return AeroState(self.board(setup), setup.players, variant, hidden)

    def input_files(self, setup: Setup) -> list[Path]:
        return [setup.map_path] if setup.map_path else []

    def generated_inputs(self, setup: Setup) -> dict[str, str]:
        """Without a map file, the map generated from the seed, as ``pnp map new --seed N`` writes it."""
        return {} if setup.map_path else {"generated-map": to_yaml(generate(setup.seed, Knobs()))}

    def parse_move(self, text: str) -> AeroMove:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, AeroMove):
            raise NotationError(f"{move!r} is not an Aeronaut Odyssey move")
        return notation.format_move(move)

    def label(self, move: Move) -> str | None:
        """The move in words: cities and routes as printed (letters), balloon types by name."""
        return notation.label(move) if isinstance(move, AeroMove) else None

    def public_text(self, move: Move) -> str | None:
        """Picks, gains, swaps and payments without their balloon types.

        The game's own object knows no session, so this holds whether or not inventories are hidden:
        with open inventories the others see the balloons on the board anyway.
        """
        return notation.public_text(move) if isinstance(move, AeroMove) else None


def _board(path: Path | None, seed: int | None) -> Board:
    """The map file at ``path`` compiled, or without one the map generated from ``seed``."""
    return compile_board(read(path) if path else generate(seed or 0, Knobs()))


BOARDS = MapCache(_board, kept=16)
