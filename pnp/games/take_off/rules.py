"""Take Off!'s rules: options, the start of a session, its input files and the notation."""

from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

from pnp.errors import NotationError
from pnp.games.base import BaseGame, MapCache
from pnp.games.take_off import SPEC
from pnp.games.take_off.labels import Labels, label, picker_path
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import TakeOffData, default_map_path, load_data
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, format_move, parse
from pnp.games.take_off.state import Context, Plan, TakeOffState
from pnp.games.take_off.texts import data_texts
from pnp.games.take_off.world import World
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Setup, State
from pnp.resources import data_file
from pnp.texts import Catalogue
from pnp.variants.variant import content_key, session_catalogue

DATA = load_data().value  # the built-in data: the options' defaults and bounds, and the most players


def _world(
    path: Path | None, variant: Path | None = None, _content: str | None = None, language: str | None = None
) -> Labels:
    """The map at ``path`` compiled with the data of ``variant`` (built-in by default; ``_content`` keys the cache),
    and the session's words in ``language`` (else the variant's) with the variant's texts."""
    data = load_data(variant).value
    words = session_catalogue("take-off", variant, data_texts(data), language)
    return Labels(load_world(path, data)[0], data, words)


WORLDS: MapCache[Labels] = MapCache(_world, default_map_path())
# The moves by plan on each map, shared by every session on it (kept while the map is).
FLIGHTS: WeakKeyDictionary[World, dict[Plan, Fly]] = WeakKeyDictionary()


def _session_world(setup: Setup) -> Labels:
    """The map, data and words of a session."""
    return WORLDS.get(setup.map_path, setup.variant_path, content_key(setup.variant_path, "take-off"), setup.language)


def _context(
    path: Path | None,
    fleet: int,
    rounds: int,
    play_on: bool,
    variant: Path | None = None,
    content: str | None = None,
    language: str | None = None,
) -> Context:
    """What every session on the map at ``path`` with these options, this variant (its ``content`` keys the
    cache) and this language shares."""
    world, data, words = WORLDS.get(path, variant, content, language)
    return Context(world, data, fleet, rounds, play_on, FLIGHTS.setdefault(world, {}), words)


CONTEXTS: MapCache[Context] = MapCache(_context, default_map_path(), kept=16)


class TakeOff(BaseGame):
    """Take Off! World Edition for 2 to 6 players (or teams), one jet colour each."""

    name = "take-off"
    title = "Take Off! World Edition"
    min_players = SPEC.traits.min_players
    max_players = min(SPEC.traits.max_players, len(DATA.jet_colours))
    options = (
        Option(
            "fleet",
            DATA.fleet_default,
            f"jets per player, 1 to {DATA.fleet_max}",
            minimum=1,
            maximum=DATA.fleet_max,
            name="Jets per player",
        ),
        Option(
            "rounds",
            DATA.round_limit,
            "the game ends after this many rounds even without a winner",
            minimum=1,
            name="Round limit",
        ),
        Option("play_on", False, "play on after the winner until every place is decided", name="Play on"),
    )

    def __init__(self, bound: Labels | None = None) -> None:
        self._bound = bound  # the map, data and words of the setup these rules are bound to; None: the built-in ones

    def bind(self, setup: Setup) -> TakeOff:
        """These rules on the session's map and data, in its words: labels name its cities and die faces."""
        return TakeOff(_session_world(setup))

    @property
    def world(self) -> World:
        """The map whose city names moves are read and labelled with (the built-in one read once, not per move)."""
        return self._labels.world

    @property
    def data(self) -> TakeOffData:
        """The dice, colours and decks moves are read and labelled with."""
        return self._bound.data if self._bound else DATA

    @property
    def words(self) -> Catalogue:
        """The words moves are labelled with: the session's catalogue (the built-in one in English, unbound)."""
        return self._labels.words

    @property
    def _labels(self) -> Labels:
        """The map, data and words of the setup bound, or the built-in ones (read once, not per move)."""
        if self._bound is None:
            self._bound = WORLDS.get(None)  # the built-in map, data and words, as every unbound move reads them
        return self._bound

    def new_state(self, setup: Setup) -> TakeOffState:
        fleet, rounds, play_on = self.number(setup, "fleet"), self.number(setup, "rounds"), self.flag(setup, "play_on")
        variant = setup.variant_path
        context = CONTEXTS.get(
            setup.map_path, fleet, rounds, play_on, variant, content_key(variant, "take-off"), setup.language
        )
        return TakeOffState(context, tuple(setup.players))

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The dice, colours and decks (the variant's, when the session has one) and the map."""
        world, data, _ = _session_world(setup)
        return {setup.variant_path or data_file("take-off.yaml"): data, setup.map_path or default_map_path(): world.map}

    def parse_move(self, text: str) -> Move:
        return parse(text, self.data.die_faces, self.world.names)

    def label(self, move: Move) -> str | None:
        """A move as a button reads: die faces by name, cities as printed, and a flight on from a city by the
        colour of its route on the map (e.g. "fly jet 1 to Midway, then by the red route to Tokyo")."""
        return label(self._labels, move)

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A capital drawn under its continent; a flight as its jet, then each city in turn."""
        origins = state.jets_of(state.seat) if isinstance(state, TakeOffState) else None
        return picker_path(self._labels, move, origins)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, (Roll, Draw, Send, Fly, Pass)):
            raise NotationError(f"{move!r} is not a Take Off! move")
        return format_move(move)
