"""Take Off!'s catalogue entries whose English is in data/take-off.yaml: the route colours', the decks' and the
fleets' names (the kit, the rules sheet and the board in words read them; the registry declares them as the game's
``texts``)."""

from __future__ import annotations

from pnp.games.take_off.model import TakeOffData, load_data
from pnp.texts import Entry


def data_texts(data: TakeOffData | None = None) -> dict[str, Entry]:
    """The catalogue entries whose English is in data/take-off.yaml (default: the built-in data's): the route
    colours', the decks' and the fleets' names."""
    data = data or load_data().value
    entries = {
        f"data.route.{c.letter}.name": Entry(c.name, f"route colour {c.letter}'s name") for c in data.route_colours
    }
    entries |= {f"data.deck.{d.half}.name": Entry(d.name, f"the {d.half}ern deck's colour") for d in data.decks}
    entries |= {
        f"data.jet.{c.letter}.name": Entry(c.name, f"jet colour {c.letter}'s name, said of a fleet ('the black jets')")
        for c in data.jet_colours
    }
    return entries
