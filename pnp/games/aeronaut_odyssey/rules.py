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
from pnp.games.aeronaut_odyssey.wording import balloons, label, public_text, route_words
from pnp.games.base import BaseGame, MapCache
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Setup, State
from pnp.texts import Catalogue, in_english
from pnp.variants.variant import session_catalogue


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
            choice_names=("None (the base game)", "Different types", "Not the type travelled", "Blocking"),
            name="Cut-throat rule",
        ),
        Option(
            "hidden_inventories",
            False,
            "each inventory is shown to its owner only; the record itself still holds every pick and payment",
            name="Hidden inventories",
        ),
    )

    def __init__(self, board: Board | None = None, words: Catalogue | None = None) -> None:
        self._bound = board  # the map of the setup these rules are bound to; None: unbound (no map known)
        self.words = words or in_english(self.name)  # the session's words; unbound, the built-in English

    def bind(self, setup: Setup) -> AeronautOdyssey:
        """These rules on the session's map, in its words: a claim's label names its route's colour as printed."""
        return AeronautOdyssey(
            self.board(setup), session_catalogue(self.name, setup.variant_path, language=setup.language)
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
        words = session_catalogue(self.name, setup.variant_path, language=setup.language)
        return AeroState(board, setup.players, variant, hidden, words)

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
        return label(self.words, move, self._bound) if isinstance(move, AeroMove) else None

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A claim as its route, then the balloons it is paid with."""
        if isinstance(move, AeroMove) and move.verb == "claim":
            t, route = self.words, route_words(self.words, move.arg)
            steps = ((t("play.picker.route"), route), (t("play.picker.claim", route=route), balloons(t, move.extra)))
            return PickerPath(steps)
        return None

    def public_text(self, move: Move) -> str | None:
        """Picks, gains, swaps and payments without their balloon types.

        The game's own object knows no session, so this holds whether or not inventories are hidden:
        with open inventories the others see the balloons on the board anyway.
        """
        return public_text(self.words, move) if isinstance(move, AeroMove) else None


def _board(path: Path | None, seed: int | None, players: int) -> Board:
    """The map file at ``path`` compiled, or without one the map generated from ``seed`` for ``players``."""
    return compile_board(read(path) if path else generate(seed or 0, Knobs(players=players)))


BOARDS = MapCache(_board, kept=16)
