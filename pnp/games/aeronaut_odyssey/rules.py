"""Aeronaut Odyssey's referee, in pure Python: the base game, the four expansions and the three variants."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError, PnpError
from pnp.games.aeronaut_odyssey import SPEC, notation
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import Board, compile_board
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.maps import read, to_yaml
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.base import BaseGame, MapCache
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Setup, State
from pnp.variants.variant import variant_files


class AeronautOdyssey(BaseGame):
    """Aeronaut Odyssey for 2 to 6 players."""

    name = "aeronaut-odyssey"
    title = "Aeronaut Odyssey"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
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
        """The map of a session: the map file when given, else the map generated from the seed for the table."""
        if setup.map_path:
            return BOARDS.get(setup.map_path, None, 0)
        return BOARDS.get(None, setup.seed, len(setup.players))

    def new_state(self, setup: Setup) -> AeroState:
        variant, hidden = self.choice(setup, "variant"), self.flag(setup, "hidden_inventories")
        board, table = self.board(setup), len(setup.players)
        if table > board.source.players:  # its inventories and trajectory slots are for fewer
            raise PnpError(
                f"{setup.map_path}: this map is made for {board.source.players} players, not {table}: remake it "
                f"with 'pnp map new aeronaut-odyssey --players {table}' (or set 'players: {table}'), then check "
                "and print it"
            )
        return AeroState(board, setup.players, variant, hidden)

    def input_files(self, setup: Setup) -> list[Path]:
        return [*([setup.map_path] if setup.map_path else []), *variant_files(setup.variant_path, self.name)]

    def generated_inputs(self, setup: Setup) -> dict[str, str]:
        """Without a map file, the map generated from the seed, as ``pnp map new --seed N`` writes it."""
        if setup.map_path:
            return {}
        return {"generated-map": to_yaml(generate(setup.seed, Knobs(players=len(setup.players))))}

    def parse_move(self, text: str) -> AeroMove:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, AeroMove):
            raise NotationError(f"{move!r} is not an Aeronaut Odyssey move")
        return notation.format_move(move)

    def label(self, move: Move) -> str | None:
        """The move in words: cities and routes as printed (letters), balloon types by name."""
        return notation.label(move) if isinstance(move, AeroMove) else None

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A claim as its route, then the balloons it is paid with."""
        if isinstance(move, AeroMove) and move.verb == "claim":
            route = notation.route_words(move.arg)
            return PickerPath((("Route to claim", route), (f"Claim {route} with", notation.balloons(move.extra))))
        return None

    def public_text(self, move: Move) -> str | None:
        """Picks, gains, swaps and payments without their balloon types.

        The game's own object knows no session, so this holds whether or not inventories are hidden:
        with open inventories the others see the balloons on the board anyway.
        """
        return notation.public_text(move) if isinstance(move, AeroMove) else None


def _board(path: Path | None, seed: int | None, players: int) -> Board:
    """The map file at ``path`` compiled, or without one the map generated from ``seed`` for ``players``."""
    return compile_board(read(path) if path else generate(seed or 0, Knobs(players=players)))


BOARDS = MapCache(_board, kept=16)
