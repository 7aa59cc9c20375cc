"""How Take Off!'s moves read on a button and in the picker, in the session's words (keys ``play.*``): die faces
by name, cities as the map prints them, a flight on from a city by the colour of its route."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from pnp.games.described import chained, listed
from pnp.games.take_off.continents import continent
from pnp.games.take_off.model import TakeOffData
from pnp.games.take_off.notation import Draw, Fly, Roll, Send
from pnp.games.take_off.world import HOME, World
from pnp.referee.picking import PickerPath
from pnp.referee.protocol import Move
from pnp.texts import Catalogue


class Labels(NamedTuple):
    """What a label is worded from: the session's map, data and words."""

    world: World
    data: TakeOffData
    words: Catalogue


def face(t: Catalogue, data: TakeOffData, letter: str) -> str:
    """A die face as a button names it: a route colour, the jet face or TAKE OFF!."""
    if letter == data.jet_face:
        return t("play.face.jet")
    if letter == data.take_off_face:
        return t("brand")
    return t(f"data.route.{letter}.name") if any(c.letter == letter for c in data.route_colours) else letter


def _die_colour(data: TakeOffData, letter: str) -> str | None:
    """The colour a die face is printed in (its route colour's name, as the map data gives it), None for another."""
    return next((c.name for c in data.route_colours if c.letter == letter), None)


def label(words: Labels, move: Move) -> str:
    """``move`` in the session's words ("fly jet 1 to Midway, then by the red route to Tokyo")."""
    t = words.words
    if isinstance(move, Roll):
        first, second = (face(t, words.data, letter) for letter in move)
        return t("play.roll.double" if move.first == move.second else "play.roll", first=first, second=second)
    if isinstance(move, Draw):
        return t("play.draw", capital=_capital(words, move.city))
    if isinstance(move, Send):
        return t("play.send", jet=move.jet)
    if isinstance(move, Fly):
        legs = [t("play.leg", jet=jet, cities=_flight(words, cities)) for jet, cities in move.legs]
        return t("play.fly", legs=chained(t, "play.and", legs))
    return t("play.pass")


def picker_path(words: Labels, move: Move, origins: Sequence[int] | None) -> PickerPath | None:
    """A roll face by face, in either order, each named and coloured as the die prints it; a capital drawn under
    its continent; a flight as its jet, then each city in turn (``origins``: where the mover's jets stand, to name
    the route the first leaves by)."""
    t = words.words
    if isinstance(move, Roll):
        faces = tuple((t("play.picker.die", number=n), face(t, words.data, letter)) for n, letter in enumerate(move, 1))
        return PickerPath(faces, any_order=True, colours=tuple(_die_colour(words.data, letter) for letter in move))
    if isinstance(move, Draw):
        heading = t("play.continent." + continent(_country(words, move.city)).lower().replace(" ", "-"))
        return PickerPath(((t("play.picker.capital"), _capital(words, move.city)),), group=heading)
    if not isinstance(move, Fly):
        return None
    (jet, cities), *others = move.legs
    first = city_name(words, cities[0])
    if origins is not None:  # the route it leaves by, from where the jet stands
        colours = _colours(words, origins[jet - 1], words.world.index.get(cities[0]))
        first = t("play.picker.by", city=first, colours=chained(t, "play.or", colours)) if colours else first
    steps = [(t("play.picker.jet"), t("play.jet", jet=jet)), (t("play.picker.fly", jet=jet), first)]
    steps += [(t("play.picker.then"), city_name(words, city)) for city in cities[1:]]
    for n, route in others:
        stops = chained(t, "play.picker.stops", [city_name(words, city) for city in route])
        steps.append((t("play.picker.then"), t("play.leg", jet=n, cities=stops)))
    return PickerPath(tuple(steps))


def _flight(words: Labels, cities: tuple[str, ...]) -> str:
    """The cities one jet flies to, each after the first with the colour of the route it takes from the one
    before ("Midway, then by the red route to Tokyo"): the jet's own city is the state's, not the move's."""
    t, index = words.words, words.world.index
    said = [city_name(words, cities[0])]
    for origin, destination in pairwise(cities):
        colours = _colours(words, index.get(origin), index.get(destination))
        city = city_name(words, destination)
        by = t("play.then.by", colours=chained(t, "play.or", colours), city=city) if colours else None
        said.append(by or t("play.then", city=city))
    return listed(t, said)


def _colours(words: Labels, start: int | None, end: int | None) -> list[str]:
    """The names of the colours whose routes lead from city ``start`` to city ``end`` (indices on the map)."""
    if start is None or end is None or start == HOME:
        return []
    letters = [c.letter for c in words.data.route_colours]
    return [
        words.words(f"data.route.{letters[k]}.name") for k, dest in enumerate(words.world.routes[start]) if dest == end
    ]


def _country(words: Labels, city_id: str) -> str | None:
    """The country whose capital ``city_id`` is (None for a hub or a city the map lacks)."""
    index = words.world.index.get(city_id)
    return words.world.map.cities[index].country if index is not None else None


def _capital(words: Labels, city_id: str) -> str:
    """A capital as its card names it, with its country: "Sofia (Bulgaria)"."""
    country = _country(words, city_id)
    return city_name(words, city_id) + (f" ({country})" if country else "")


def city_name(words: Labels, city_id: str) -> str:
    """A city's printed name (Finish and Start say so), or the id itself when the map has no such city."""
    world = words.world
    index = world.index.get(city_id)
    if index is None:
        return city_id
    if index in (world.start, world.finish):
        key = "play.city.start" if index == world.start else "play.city.finish"
        return words.words(key, city=world.name(index))
    return world.name(index)
