"""Aloft's rules as the referee core sees them: sessions on a checked board, and the notation."""

from __future__ import annotations

from pathlib import Path

from pnp.games.aloft import SPEC, notation
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import AloftData, load_board, load_data
from pnp.games.aloft.texts import as_printed, data_texts
from pnp.games.aloft.state import SLOT, AloftState, Sky
from pnp.games.base import BaseGame, MapCache
from pnp.games.spec import raise_first_error
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Reveal, Secret, Setup, State
from pnp.resources import board_file, data_file
from pnp.variants.variant import content_key, session_catalogue


def _sky(path: Path | None, variant: Path | None = None, _content: str | None = None) -> Sky:
    """The board at ``path`` with the cards of ``variant`` (built-in by default; ``_content`` keys the cache)."""
    read = load_data(variant).value
    data = as_printed(read, session_catalogue("aloft", variant, data_texts(read)))
    loaded = load_board(path)
    raise_first_error(check_board(loaded, data))
    return Sky(data, loaded.value)


_SKIES = MapCache(_sky, board_file("aloft.yaml"))


def _session_sky(setup: Setup) -> Sky:
    """The board and cards of a session."""
    return _SKIES.get(setup.map_path, setup.variant_path, content_key(setup.variant_path, "aloft"))


class Aloft(BaseGame):
    """Aloft for 2 to 6 players."""

    name = "aloft"
    title = "Aloft"
    dealt_secrets = ("colours",)  # the colour cards are dealt from the six: a playout never deals one twice
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players

    def __init__(self, data: AloftData | None = None) -> None:
        self._data = data  # the cards of the setup these rules are bound to; None: the built-in ones

    def bind(self, setup: Setup) -> Aloft:
        """These rules with the session's cards: balloons and colours are read and named as they print."""
        return type(self)(_session_sky(setup).data)

    def new_state(self, setup: Setup) -> AloftState:
        return AloftState(setup.players, _session_sky(setup))

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The cards (the variant's, when the session has one) and the board."""
        sky = _session_sky(setup)
        board = setup.map_path or board_file("aloft.yaml")
        return {setup.variant_path or data_file("aloft.yaml"): sky.data, board: sky.board}

    def parse_move(self, text: str) -> notation.AloftMove:
        return notation.parse_move(text, self._words().balloons)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def read_secret(self, secret: Secret) -> Secret:
        """Colour cards by their printed names: ``blue, green`` -> ``B,G`` (a letter stays a letter)."""
        codes = self._words().colour_codes
        return Secret(secret.slot, ",".join(codes.find(item) or item.strip() for item in secret.value.split(",")))

    def secret_name(self, slot: str) -> str:
        return "colour cards" if slot == SLOT else slot

    def label(self, move: Move) -> str | None:
        """A move in printed words: ``inflate red/white on the truck under column 3``; colour cards by name."""
        words = self._words()
        if isinstance(move, notation.AloftMove):
            balloon = words.shown.get(move.balloon, move.balloon)
            if move.action == "truck":
                return f"move the truck under column {move.column + 1}"
            if move.action == "inflate":
                return f"inflate {balloon} on the truck under column {move.column + 1}"
            return f"{move.action} {balloon}"
        if isinstance(move, Secret) and move.slot == SLOT:
            return words.colours(move.value)
        if isinstance(move, Reveal) and move.slot == SLOT:
            return (
                f"reveal your colour cards: {words.colours(move.value)}" if move.value else "reveal your colour cards"
            )
        return None

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A balloon to inflate, then the column of its truck; colour cards one colour at a time, in any order."""
        words = self._words()
        if isinstance(move, notation.AloftMove) and move.action == "inflate":
            balloon = words.shown.get(move.balloon, move.balloon)
            column = (f"Inflate {balloon} on the truck under column", str(move.column + 1))
            return PickerPath((("Balloon to inflate", balloon), column))
        if isinstance(move, Secret) and move.slot == SLOT:
            colours = words.colours(move.value).split(" and ")
            steps = tuple((f"Colour card {n}", colour) for n, colour in enumerate(colours, 1))
            return PickerPath(steps, any_order=True)
        return None

    def _words(self) -> notation.Words:
        """The words of the bound session's cards (the built-in ones for unbound rules)."""
        return notation.words(self._data or load_data().value)
