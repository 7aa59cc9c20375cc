"""Aeronaut Odyssey's referee, in pure Python: the base game, the four expansions and the three variants."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError, PnpError
from pnp.games.aeronaut_odyssey import notation
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import Board, compile_board
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import load_map
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.aeronaut_odyssey.validate import raise_errors
from pnp.games.aeronaut_odyssey.writer import to_yaml
from pnp.referee.protocol import Game, Option, Setup

__all__ = ["VARIANTS", "AeroState", "AeronautOdyssey"]
BOARDS_KEPT = 16  # compiled maps a Game keeps (one per seed or file)


class AeronautOdyssey(Game):
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
            "display only: 'ref show' gives other players' inventories as a count; the record, "
            "'ref play' and 'ref moves' still reveal every pick and payment",
        ),
    )

    def __init__(self) -> None:
        self._boards: dict[tuple[Path | None, int], Board] = {}

    def board(self, setup: Setup) -> Board:
        """The map of a session: the map file when given, else the map generated from the seed."""
        key = (setup.map_path, 0 if setup.map_path else setup.seed)
        if key not in self._boards:
            if setup.map_path is not None:
                loaded = load_map(setup.map_path)
                raise_errors(loaded)
                source = loaded.value
            else:
                source = generate(setup.seed, Knobs())
            if len(self._boards) >= BOARDS_KEPT:
                del self._boards[next(iter(self._boards))]
            self._boards[key] = compile_board(source)
        return self._boards[key]

    def new_state(self, setup: Setup) -> AeroState:
        variant = str(setup.options.get("variant", "none"))
        if variant not in VARIANTS:
            raise PnpError(f"option variant={variant}: unknown (known: {', '.join(VARIANTS)})")
        hidden = bool(setup.options.get("hidden_inventories", False))
        return AeroState(self.board(setup), tuple(setup.players), variant, hidden)

    def input_files(self, setup: Setup) -> list[Path]:
        return [setup.map_path] if setup.map_path else []

    def generated_inputs(self, setup: Setup) -> dict[str, str]:
        """Without a map file, the map generated from the seed, as ``pnp map new --seed N`` writes it."""
        if setup.map_path is not None:
            return {}
        return {"generated-map": to_yaml(self.board(setup).source)}

    def parse_move(self, text: str) -> AeroMove:
        return notation.parse(text)

    def format_move(self, move: AeroMove) -> str:
        if not isinstance(move, AeroMove):
            raise NotationError(f"{move!r} is not an Aeronaut Odyssey move")
        return notation.format_move(move)
