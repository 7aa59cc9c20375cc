"""Take Off!'s catalogue entries whose English is in data/take-off.yaml: the route colours', the decks' and the
fleets' names (the kit, the rules sheet and the board in words read them; the registry declares them as the game's
``texts``), and the built-in world map's inset titles, whose English is in its map file."""

from __future__ import annotations

import re

from pnp.games.take_off.model import TakeOffData, load_data, load_map
from pnp.texts import Entry


def inset_key(name: str) -> str:
    """The catalogue key of an inset's title: "Central Europe" is ``data.inset.central-europe.name``. An inset of
    another map with a title of its own has no entry and prints its title as the map gives it."""
    return f"data.inset.{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}.name"


def data_texts(data: TakeOffData | None = None) -> dict[str, Entry]:
    """The catalogue entries whose English is in data/take-off.yaml (default: the built-in data's): the route
    colours', the decks' and the fleets' names; and the world map's inset titles."""
    data = data or load_data().value
    entries = {
        f"data.route.{c.letter}.name": Entry(c.name, f"route colour {c.letter}'s name") for c in data.route_colours
    }
    entries |= {f"data.deck.{d.half}.name": Entry(d.name, f"the {d.half}ern deck's colour") for d in data.decks}
    entries |= {
        f"data.jet.{c.letter}.name": Entry(c.name, f"jet colour {c.letter}'s name, said of a fleet ('the black jets')")
        for c in data.jet_colours
    }
    insets = load_map().value.insets
    entries |= {inset_key(i.name): Entry(i.name, "an inset's title on the world map (map.inset)") for i in insets}
    return entries
