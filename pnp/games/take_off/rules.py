"""Take Off!'s rules: options, the start of a session, its input files and the notation."""

from __future__ import annotations

from pathlib import Path
from weakref import WeakKeyDictionary

from pnp.errors import NotationError
from pnp.games.base import BaseGame, MapCache
from pnp.games.take_off import SPEC
from pnp.games.take_off.continents import continent
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import TakeOffData, default_map_path, load_data
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, format_move, parse
from pnp.games.take_off.state import Context, Plan, TakeOffState
from pnp.games.take_off.world import HOME, World
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move, Option, Setup, State
from pnp.resources import data_file
from pnp.variants.variant import content_key

DATA = load_data().value  # the built-in data: the options' defaults and bounds, and the most players


def face_names(data: TakeOffData) -> dict[str, str]:
    """How the die faces read on a button: route colours by name, the jet face and TAKE OFF!."""
    names = {colour.letter: colour.name for colour in data.route_colours}
    return {**names, data.jet_face: "jet", data.take_off_face: "TAKE OFF!"}


def _world(path: Path | None, variant: Path | None = None, _content: str | None = None) -> tuple[World, TakeOffData]:
    """The map at ``path`` compiled with the data of ``variant`` (built-in by default; ``_content`` keys the cache)."""
    data = load_data(variant).value
    return load_world(path, data)[0], data


WORLDS: MapCache[tuple[World, TakeOffData]] = MapCache(_world, default_map_path())
# The moves by plan on each map, shared by every session on it (kept while the map is).
FLIGHTS: WeakKeyDictionary[World, dict[Plan, Fly]] = WeakKeyDictionary()


def _session_world(setup: Setup) -> tuple[World, TakeOffData]:
    """The map and data of a session."""
    return WORLDS.get(setup.map_path, setup.variant_path, content_key(setup.variant_path, "take-off"))


def _context(path: Path | None, fleet: int, rounds: int, play_on: bool, variant: Path | None = None) -> Context:
    """What every session on the map at ``path`` with these options and this variant shares."""
    world, data = WORLDS.get(path, variant, content_key(variant, "take-off"))
    return Context(world, data, fleet, rounds, play_on, FLIGHTS.setdefault(world, {}))


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
        ),
        Option("rounds", DATA.round_limit, "the game ends after this many rounds even without a winner", minimum=1),
        Option("play_on", False, "play on after the winner until every place is decided"),
    )

    def __init__(self, world: World | None = None, data: TakeOffData | None = None) -> None:
        self._world = world  # the map of the setup these rules are bound to; None: the built-in world, when first read
        self._data = data  # and its data (a variant's); None: the built-in data

    def bind(self, setup: Setup) -> TakeOff:
        """These rules on the session's map and data: moves and labels name its cities and die faces."""
        return TakeOff(*_session_world(setup))

    @property
    def world(self) -> World:
        """The map whose city names moves are read and labelled with (the built-in one read once, not per move)."""
        if self._world is None:
            self._world = WORLDS.get(None)[0]
        return self._world

    @property
    def data(self) -> TakeOffData:
        """The dice, colours and decks moves are read and labelled with."""
        return self._data or DATA

    def new_state(self, setup: Setup) -> TakeOffState:
        fleet, rounds, play_on = self.number(setup, "fleet"), self.number(setup, "rounds"), self.flag(setup, "play_on")
        context = CONTEXTS.get(setup.map_path, fleet, rounds, play_on, setup.variant_path)
        return TakeOffState(context, tuple(setup.players))

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """The dice, colours and decks (the variant's, when the session has one) and the map."""
        world, data = _session_world(setup)
        return {setup.variant_path or data_file("take-off.yaml"): data, setup.map_path or default_map_path(): world.map}

    def parse_move(self, text: str) -> Move:
        return parse(text, self.data.die_faces, self.world.names)

    def label(self, move: Move) -> str | None:
        """A move as a button reads: die faces by name, cities as printed, and a flight on from a city by the
        colour of its route on the map (e.g. "fly jet 1 to Midway, then by the red route to Tokyo")."""
        if isinstance(move, Roll):
            names = face_names(self.data)
            first, second = (names.get(face, face) for face in move)
            return f"roll {first} and {second}" + (" (a double)" if move.first == move.second else "")
        if isinstance(move, Draw):
            return f"draw {self._capital(move.city)}"
        if isinstance(move, Send):
            return f"send jet {move.jet} to the card's capital"
        if isinstance(move, Fly):
            return "fly " + " and ".join(f"jet {jet} to {self._flight(cities)}" for jet, cities in move.legs)
        return "pass: no rolled colour can be used"

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """A capital drawn under its continent; a flight as its jet, then each city in turn."""
        if isinstance(move, Draw):
            return PickerPath((("Capital drawn", self._capital(move.city)),), group=continent(self._country(move.city)))
        if isinstance(move, Fly):
            (jet, cities), *others = move.legs
            first = self._city(cities[0])
            if isinstance(state, TakeOffState):  # the route it leaves by, from where the jet stands
                origin = state.jets_of(state.seat)[jet - 1]
                colours = self._colours(origin, self.world.index.get(cities[0]))
                first += f" (by the {' or '.join(colours)} route)" if colours else ""
            steps = [("Jet to fly", f"jet {jet}"), (f"Fly jet {jet} to", first)]
            steps += [("Then", self._city(city)) for city in cities[1:]]
            steps += [("Then", f"jet {n} to {', then '.join(map(self._city, route))}") for n, route in others]
            return PickerPath(tuple(steps))
        return None

    def _flight(self, cities: tuple[str, ...]) -> str:
        """The cities one jet flies to, each after the first with the colour of the route it takes from the one
        before ("Midway, then by the red route to Tokyo"): the jet's own city is the state's, not the move's."""
        words = [self._city(cities[0])]
        for origin, destination in zip(cities, cities[1:]):
            colours = self._route_colours(origin, destination)
            by = f"by the {' or '.join(colours)} route to " if colours else ""
            words.append(f"then {by}{self._city(destination)}")
        return ", ".join(words)

    def _route_colours(self, origin: str, destination: str) -> list[str]:
        """The names of the colours whose routes lead from ``origin`` to ``destination`` on the map."""
        return self._colours(self.world.index.get(origin), self.world.index.get(destination))

    def _colours(self, start: int | None, end: int | None) -> list[str]:
        """The names of the colours whose routes lead from city ``start`` to city ``end`` (indices on the map)."""
        if start is None or end is None or start == HOME:
            return []
        return [DATA.route_colours[k].name for k, dest in enumerate(self.world.routes[start]) if dest == end]

    def _country(self, city_id: str) -> str | None:
        """The country whose capital ``city_id`` is (None for a hub or a city the map lacks)."""
        index = self.world.index.get(city_id)
        return self.world.map.cities[index].country if index is not None else None

    def _capital(self, city_id: str) -> str:
        """A capital as its card names it, with its country: "Sofia (Bulgaria)"."""
        country = self._country(city_id)
        return self._city(city_id) + (f" ({country})" if country else "")

    def _city(self, city_id: str) -> str:
        """A city's printed name (Finish and Start say so), or the id itself when the map has no such city."""
        world = self.world
        index = world.index.get(city_id)
        if index is None:
            return city_id
        if index in (world.start, world.finish):
            return f"{'Start' if index == world.start else 'Finish'} ({world.name(index)})"
        return world.name(index)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, (Roll, Draw, Send, Fly, Pass)):
            raise NotationError(f"{move!r} is not a Take Off! move")
        return format_move(move)
