"""Air King's print kit: the cards, the field mat, the rules and the player aids, drawn in millimetres (the state picture for a screen: ``screen.picture``)."""

from __future__ import annotations

from functools import partial

from pnp.games.air_king import rules_sheet
from pnp.games.air_king.cards import decks
from pnp.games.air_king.mat import field_drawing
from pnp.games.air_king.model import load_data, load_field
from pnp.games.spec import KitRequest
from pnp.printing.parts import Board, Kit, KitDocument


def kit(request: KitRequest) -> Kit:
    """The whole kit: every card with its back, the optional field mat, the rules sheet and a player aid per player."""
    from pnp.games.air_king.maps import card_fits, checked_field

    data = load_data(request.variant_path).value
    digest = load_field(request.map_path).source.digest
    field = checked_field(request.map_path)
    card_fits(request.map_path, data.card)
    mat = partial(field_drawing, field, data=data)
    return Kit(
        game="air-king",
        title="Air King",
        documents=(
            KitDocument("cards", decks(data)),
            KitDocument("field-mat", (Board("field mat", mat(), fill=mat),)),
            KitDocument("rules", rules_sheet.rules(data, field)),
            KitDocument("player-aids", rules_sheet.aids(data)),
        ),
        footer=f"field {field.columns}x{field.lanes} · {digest[:8]}",
        notes=("The field mat is optional: cards laid on the table edge to edge make the same field.",),
    )
