"""Aloft's catalogue entries whose English is in data/aloft.yaml: the colours' and special shapes' names (the
kit and the rules sheet read them; the registry declares them as the game's ``texts``)."""

from __future__ import annotations

import dataclasses

from pnp.games.aloft.model import AloftData, load_data
from pnp.texts import Catalogue, Entry


def data_texts(data: AloftData | None = None) -> dict[str, Entry]:
    """The catalogue entries whose English is in data/aloft.yaml (default: the built-in data's): the colours'
    names and the special shapes'."""
    data = data or load_data().value
    entries = {f"data.colour.{c.code}.name": Entry(c.name, f"colour {c.code}'s name") for c in data.colours}
    for balloon in data.balloons:
        if balloon.shape:
            entries[f"data.shape.{balloon.name}.name"] = Entry(balloon.name.title(), "a special shape's name")
    return entries


def as_printed(data: AloftData, t: Catalogue) -> AloftData:
    """``data`` with the colours' names as ``t`` prints them (a variant's texts), so that a session names them, and
    reads them typed, as its cards print them."""
    colours = tuple(dataclasses.replace(c, name=t(f"data.colour.{c.code}.name")) for c in data.colours)
    return dataclasses.replace(data, colours=colours)
