"""Aloft's rules as the referee core sees them: sessions on a checked board, and the notation."""

from __future__ import annotations

from pathlib import Path

from pnp.games.aloft import SPEC, notation
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import AloftData, load_board, load_data
from pnp.games.aloft.state import SLOT, AloftState, Sky
from pnp.games.aloft.texts import as_printed, data_texts
from pnp.games.base import BaseGame, MapCache
from pnp.games.described import series
from pnp.games.spec import raise_first_error
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Reveal, Secret, Setup, State
from pnp.resources import board_file, data_file
from pnp.variants.variant import content_key, session_catalogue


def _sky(
    path: Path | None, variant: Path | None = None, _content: str | None = None, language: str | None = None
) -> Sky:
    """The board at ``path`` with the cards of ``variant`` (built-in by default; ``_content`` keys the cache), and
    the words of its sessions in ``language``."""
    read = load_data(variant).value
    words = session_catalogue("aloft", variant, data_texts(read), language)
    data = as_printed(read, words)
    loaded = load_board(path)
    raise_first_error(check_board(loaded, data))
    return Sky(data, loaded.value, words, read)


_SKIES = MapCache(_sky, board_file("aloft.yaml"))


def _session_sky(setup: Setup) -> Sky:
    """The board and cards of a session."""
    return _SKIES.get(setup.map_path, setup.variant_path, content_key(setup.variant_path, "aloft"), setup.language)


class Aloft(BaseGame):
    """Aloft for 2 to 6 players."""

    name = "aloft"
    title = "Aloft"
    dealt_secrets = ("colours",)  # the colour cards are dealt from the six: a playout never deals one twice
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players

    def __init__(self, sky: Sky | None = None) -> None:
        self._bound = sky  # the board, cards and words of the setup these rules are bound to; None: the built-in

    def bind(self, setup: Setup) -> Aloft:
        """These rules with the session's cards and words: balloons and colours are read and named as they print,
        moves labelled in its language."""
        return type(self)(_session_sky(setup))

    @property
    def _sky(self) -> Sky:
        """The sky moves are read and labelled with (the built-in one in English, read once, for unbound rules)."""
        if self._bound is None:
            self._bound = _SKIES.get(None, None, None)
        return self._bound

    def new_state(self, setup: Setup) -> AloftState:
        return AloftState(setup.players, _session_sky(setup))

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The cards (the variant's, when the session has one) as the data has them, whatever language they print
        in (a French session's record is an English one's), and the board."""
        return _inputs(setup, _session_sky(setup).loaded)

    def former_inputs(self, setup: Setup) -> tuple[dict[Path | str, object], ...]:
        """The cards with their colours named as the session prints them (a variant's texts), as pnp digested them
        before the session's words followed its language."""
        sky = _session_sky(setup)
        return () if sky.data == sky.loaded else (_inputs(setup, sky.data),)

    def parse_move(self, text: str) -> notation.AloftMove:
        return notation.parse_move(text, self._sky.words.balloons)

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def read_secret(self, secret: Secret) -> Secret:
        """Colour cards by their printed names: ``blue, green`` -> ``B,G`` (a letter stays a letter)."""
        codes = self._sky.words.colour_codes
        return Secret(secret.slot, ",".join(codes.find(item) or item.strip() for item in secret.value.split(",")))

    def secret_name(self, slot: str) -> str:
        return self._sky.catalogue("play.secret.colours") if slot == SLOT else slot

    def label(self, move: Move) -> str | None:
        """A move in printed words: ``inflate red/white on the truck under column 3``; colour cards by name."""
        words, t = self._sky.words, self._sky.catalogue
        if isinstance(move, notation.AloftMove):
            balloon = words.shown.get(move.balloon, move.balloon)
            return t(f"play.move.{move.action}", balloon=balloon, column=move.column + 1)
        if isinstance(move, Secret) and move.slot == SLOT:
            return series(t, words.named(move.value))
        if isinstance(move, Reveal) and move.slot == SLOT:
            if not move.value:
                return t("play.reveal.yours")
            return t("play.reveal", colours=series(t, words.named(move.value)))
        return None

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A balloon to inflate, then the column of its truck; colour cards one colour at a time, in any order."""
        words, t = self._sky.words, self._sky.catalogue
        if isinstance(move, notation.AloftMove) and move.action == "inflate":
            balloon = words.shown.get(move.balloon, move.balloon)
            column = (t("play.picker.column", balloon=balloon), str(move.column + 1))
            return PickerPath(((t("play.picker.balloon"), balloon), column))
        if isinstance(move, Secret) and move.slot == SLOT:
            colours = words.named(move.value)
            steps = tuple((t("play.picker.colour", number=n), colour) for n, colour in enumerate(colours, 1))
            return PickerPath(steps, any_order=True)
        return None


def _inputs(setup: Setup, cards: AloftData) -> dict[Path | str, object]:
    """What a session's record digests: ``cards`` under the data file they come from, and the board."""
    board = setup.map_path or board_file("aloft.yaml")
    return {setup.variant_path or data_file("aloft.yaml"): cards, board: _session_sky(setup).board}
