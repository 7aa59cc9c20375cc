"""Air King's catalogue entries whose English is in data/air-king.yaml: the airports', aircraft's and cards' words
(the kit and the rules sheet read them; the registry declares them as the game's ``texts``)."""

from __future__ import annotations

import dataclasses

from pnp.games.air_king.model import AirKingData, load_data
from pnp.texts import Catalogue, Entry


def data_texts(data: AirKingData | None = None) -> dict[str, Entry]:
    """The catalogue entries whose English is in data/air-king.yaml (default: the built-in data's)."""
    data = data or load_data().value
    entries = {f"data.airport.{a.name}.title": Entry(a.title, f"airport {a.name}'s name") for a in data.airports}
    for craft in data.aircraft:
        entries[f"data.aircraft.{craft.number}.colour"] = Entry(craft.colour, f"aircraft {craft.number}'s colour")
    for event in data.events:
        entries[f"data.event.{event.type}.title"] = Entry(event.title, f"the {event.type} card's title")
        entries[f"data.event.{event.type}.text"] = Entry(event.text, f"the {event.type} card's text")
    entries["data.technical_return.text"] = Entry(data.technical_return.text, "the Technical Return card's text")
    return entries


def as_printed(data: AirKingData, t: Catalogue) -> AirKingData:
    """``data`` with the airports' and event cards' titles as ``t`` prints them (a variant's language or texts),
    so that a session names them, and reads them typed, as its cards print them."""
    events = tuple(dataclasses.replace(e, title=t(f"data.event.{e.type}.title")) for e in data.events)
    airports = tuple(dataclasses.replace(a, title=t(f"data.airport.{a.name}.title")) for a in data.airports)
    return dataclasses.replace(data, events=events, airports=airports)
