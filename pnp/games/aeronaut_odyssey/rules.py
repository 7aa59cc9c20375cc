"""Aeronaut Odyssey's referee, in pure Python: the base game, the four expansions and the three variants."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError, PnpError
from pnp.games.aeronaut_odyssey import SPEC, notation
from pnp.games.aeronaut_odyssey.actions import VARIANTS
from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Board, compile_board
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.maps import read, to_yaml
from pnp.games.aeronaut_odyssey.model import TYPES
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.base import BaseGame, MapCache
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Setup, State


class AeronautOdyssey(BaseGame):
    """Aeronaut Odyssey for 2 to 6 players."""

    name = "aeronaut-odyssey"
    title = "Aeronaut Odyssey"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    options = (
        Option(
            "variant",
            "none",
            "one cut-throat rule for the balloon picks",
            VARIANTS,
            choice_help=(
                "the base game's picks",
                "the balloons picked on a move are of different types while another type is offered",
                "no pick of the type of the route just travelled",
                "a player a pick would reward may block that type for the rest of the turn",
            ),
        ),
        Option(
            "hidden_inventories",
            False,
            "each inventory is shown to its owner only; the record itself still holds every pick and payment",
        ),
    )

    def __init__(self, board: Board | None = None) -> None:
        self._bound = board  # the map of the setup these rules are bound to; None: unbound (no map known)

    def bind(self, setup: Setup) -> AeronautOdyssey:
        """These rules on the session's map: a claim's label names its route's colour as printed."""
        return AeronautOdyssey(self.board(setup))

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

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The map file, or without one the map generated from the seed, as ``pnp map new --seed N`` writes it."""
        if setup.map_path:
            return {setup.map_path: self.board(setup).source}
        return {"generated-map": to_yaml(generate(setup.seed, Knobs(players=len(setup.players))))}

    def parse_move(self, text: str) -> AeroMove:
        return notation.parse(text)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, AeroMove):
            raise NotationError(f"{move!r} is not an Aeronaut Odyssey move")
        return notation.format_move(move)

    def label(self, move: Move) -> str | None:
        """The move in words: cities and routes as printed (letters), balloon types by name; bound to a map, a
        claim names its route's colour ("claim the red route C-F with 3 red")."""
        if not isinstance(move, AeroMove):
            return None
        if move.verb == "claim" and self._bound is not None:
            return f"claim {route_colour(self._bound, move.arg)} with {notation.balloons(move.extra)}"
        return notation.label(move)

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


def route_colour(board: Board, route: str) -> str:
    """A route of the notation (``C-F``, ``C-F/2``, ``C-F:2``) in words, with its colour as the map prints it:
    "the red route C-F", "the gray route C-F lane 2" (any one colour pays), "the yellow space 2 of C-F"."""
    name, _, space = route.partition(":")
    k = board.lane_index.get(name)
    if k is None:  # not on this map: the rules refuse it, the words need not
        return notation.route_words(route)
    lane = board.lanes[k]
    if space.isdecimal() and 0 < int(space) <= len(lane.spaces):
        return f"the {TYPES[lane.spaces[int(space) - 1]]} space {space} of {name}"
    if lane.kind == MULTI:
        return f"the multicoloured route {notation.route_words(name)}"
    colour = TYPES[lane.type] if lane.kind == COLOUR else "gray"
    return f"the {colour} route {notation.route_words(name)}"
