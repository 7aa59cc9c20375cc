"""Rules bound to a session's map label a move with the colour its map prints on the route (Game.bind)."""

from __future__ import annotations

import yaml

from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.take_off.notation import Fly
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Setup


def _recoloured_take_off_map(tmp_path):
    """The built-in world with Midway's routes shuffled among the colours: its route to Tokyo changes colour."""
    spec = REGISTRY["take-off"]
    assert spec.maps is not None
    data = yaml.safe_load(spec.maps.new(None))
    midway = next(city for city in data["cities"] if city["id"] == "midway")
    colours = list(midway["routes"])
    midway["routes"] = dict(zip(colours[1:] + colours[:1], midway["routes"].values()))
    path = tmp_path / "world.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path, next(colour for colour, city in midway["routes"].items() if city == "tokyo")


def test_take_off_names_the_colour_of_the_route_flown_on_from_a_city_on_the_sessions_map(tmp_path):
    path, colour = _recoloured_take_off_map(tmp_path)
    rules = REGISTRY["take-off"].rules()
    flight = Fly(((1, ("midway", "tokyo")),))
    bound = rules.bind(Setup(("ann", "bob"), map_path=path))
    assert colour != "yellow"
    assert bound.label(flight) == f"fly jet 1 to Midway, then by the {colour} route to Tokyo"
    assert rules.label(flight) == "fly jet 1 to Midway, then by the yellow route to Tokyo"  # the built-in world


def test_an_aeronaut_claim_names_its_routes_colour_as_the_sessions_map_prints_it(tmp_path):
    spec = REGISTRY["aeronaut-odyssey"]
    assert spec.maps is not None
    path = tmp_path / "map.yaml"
    path.write_text(spec.maps.new(5), encoding="utf-8")
    routes = yaml.safe_load(path.read_text(encoding="utf-8"))["routes"]
    rules = spec.rules()
    bound = rules.bind(Setup(("ann", "bob"), map_path=path))
    single = [r for r in routes if sum(sorted(o["between"]) == sorted(r["between"]) for o in routes) == 1]
    assert len({route["type"] for route in single}) >= 3
    for route in single:
        name = "-".join(sorted(route["between"]))
        assert bound.label(AeroMove("claim", name, "rr")) == f"claim the {route['type']} route {name} with 2 red"
        assert rules.label(AeroMove("claim", name, "rr")) == f"claim {name} with 2 red"  # no map: no colour


def test_the_sessions_inputs_carry_the_bound_labels(tmp_path):
    path, colour = _recoloured_take_off_map(tmp_path)
    current = session.new(tmp_path / "game.pnp", "take-off", ["ann", "bob"], [], 0, path)
    assert current.game.label(Fly(((1, ("midway", "tokyo")),))) == (
        f"fly jet 1 to Midway, then by the {colour} route to Tokyo"
    )
    assert all(offered.label for offered in legal_inputs(current, "ann"))


def test_a_take_off_flights_picker_names_the_route_its_jet_leaves_by_from_where_it_stands(tmp_path):
    current = session.new(tmp_path / "game.pnp", "take-off", ["ann", "bob"], [], 0, None)
    while not any(isinstance(offered.move, Fly) for offered in legal_inputs(current, None)):
        current.play(legal_inputs(current, None)[0].text)
    state, rules = current.state, current.game
    world = rules.world
    flights = [offered for offered in legal_inputs(current, None) if isinstance(offered.move, Fly)]
    for offered in flights:
        (jet, cities), *_ = offered.move.legs
        origin, destination = state.jets_of(state.seat)[jet - 1], world.index[cities[0]]
        colours = [rules.data.route_colours[k].name for k, end in enumerate(world.routes[origin]) if end == destination]
        assert offered.path is not None and colours
        heading, choice = offered.path.steps[1]
        assert choice == f"{world.name(destination)} (by the {' or '.join(colours)} route)", heading
