"""Hauling Astronauts' rules and notation, as the referee core sees them."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from pnp.games.base import BaseGame, MapCache
from pnp.games.hauling_astronauts import SPEC, labels, notation
from pnp.games.hauling_astronauts.model import HaulingData, default_map_path, load_data, names
from pnp.games.hauling_astronauts.state import SLOTS, HaulingState
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Secret, Setup, State
from pnp.texts import Catalogue
from pnp.variants.variant import content_key, session_catalogue

BONUS_DICE = "bonus_dice"
HIDDEN = "hidden_transports"


class Hauled(NamedTuple):
    """What the sessions on one map with one variant share: the fleets and docks, and the words (the session's
    catalogue: the moves' labels and the refusals, in its language)."""

    data: HaulingData
    words: Catalogue


def _hauled(
    path: Path | None, variant: Path | None = None, _content: str | None = None, language: str | None = None
) -> Hauled:
    """The fleets and docks of the map at ``path`` as the variant at ``variant`` changes them, and the words of its
    sessions in ``language`` (``_content`` keys the cache)."""
    return Hauled(load_data(path, variant).value, session_catalogue("hauling-astronauts", variant, language=language))


MAPS = MapCache(_hauled, default_map_path())


def _session(setup: Setup) -> Hauled:
    """The fleets, docks and words of a session: its map's, with its variant's changes."""
    variant = setup.variant_path
    return MAPS.get(setup.map_path, variant, content_key(variant, "hauling-astronauts"), setup.language)


class HaulingAstronauts(BaseGame):
    """Two haulage companies load transports with dice-astronauts on a shared 3x3 grid."""

    name = "hauling-astronauts"
    title = "Hauling Astronauts"
    min_players = SPEC.traits.min_players
    max_players = SPEC.traits.max_players
    options = (
        Option(
            BONUS_DICE,
            False,
            "two of the nine dice are the gold (doubles) and red (halves) bonus dice",
            name="Bonus dice",
        ),
        Option(
            HIDDEN,
            False,
            "transports face down: each player seals one per strip at set-up, shown as it departs",
            name="Hidden transports",
        ),
    )
    distinct_secrets = True  # three different transports: one sealed in t1 is not offered again for t2

    def __init__(self, hauled: Hauled | None = None) -> None:
        self._bound = hauled  # the map and words of the setup these rules are bound to; None: the built-in ones

    def bind(self, setup: Setup) -> HaulingAstronauts:
        """These rules on the session's map and in its words: moves and labels use its transports' names and its
        language."""
        return HaulingAstronauts(_session(setup))

    @property
    def _hauled(self) -> Hauled:
        """The map whose transports moves are read and labelled with, and the words of the labels (the built-in map
        in English read once, not per move, for unbound rules)."""
        if self._bound is None:
            self._bound = MAPS.get(None)
        return self._bound

    def new_state(self, setup: Setup) -> HaulingState:
        (data, words), bonus, hidden = _session(setup), self.flag(setup, BONUS_DICE), self.flag(setup, HIDDEN)
        return HaulingState(setup.players, data, bonus, hidden, words)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text, names(self._hauled.data))

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def secret_name(self, slot: str) -> str:
        return self._hauled.words(f"play.secret.{slot}") if slot in SLOTS else slot

    def label(self, move: Move) -> str | None:
        return labels.label(move, *self._hauled)

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        return labels.picker_path(move, *self._hauled)

    def read_secret(self, secret: Secret) -> Secret:
        """A transport by its printed name: ``secret t1 Heron`` -> its letter."""
        return Secret(secret.slot, names(self._hauled.data).find(secret.value) or secret.value)

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The fleets and docks: the map's, with the variant's changes (then named by the variant)."""
        return {setup.variant_path or setup.map_path or default_map_path(): _session(setup).data}
