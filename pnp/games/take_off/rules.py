"""Take Off!'s rules: options, the start of a session, its input files and the notation."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import NotationError
from pnp.games.base import BaseGame, MapCache
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import default_map_path, load_data
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, format_move, parse
from pnp.games.take_off.state import Context, Plan, TakeOffState
from pnp.games.take_off.world import World
from pnp.referee.protocol import Move, Option, Setup
from pnp.resources import data_file

DATA = load_data().value
WORLDS: MapCache[World] = MapCache(lambda path: load_world(path, DATA)[0], default_map_path())


class TakeOff(BaseGame):
    """Take Off! World Edition for 2 to 6 players (or teams), one jet colour each."""

    name = "take-off"
    title = "Take Off! World Edition"
    min_players = 2
    max_players = min(6, len(DATA.jet_colours))
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

    def __init__(self) -> None:
        self._flights: dict[World, dict[Plan, Fly]] = {}
        self._contexts: dict[tuple[World, int, int, bool], Context] = {}

    def new_state(self, setup: Setup) -> TakeOffState:
        world = WORLDS.get(setup.map_path)
        key = (world, self.number(setup, "fleet"), self.number(setup, "rounds"), self.flag(setup, "play_on"))
        if key not in self._contexts:
            self._contexts[key] = Context(world, DATA, *key[1:], self._flights.setdefault(world, {}))
        return TakeOffState(self._contexts[key], tuple(setup.players))

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("take-off.yaml"), setup.map_path or default_map_path()]

    def parse_move(self, text: str) -> Move:
        return parse(text, DATA.die_faces)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, (Roll, Draw, Send, Fly, Pass)):
            raise NotationError(f"{move!r} is not a Take Off! move")
        return format_move(move)
