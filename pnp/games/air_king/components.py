"""Air King's print kit: the cards, the field mat, the rules and the player aids, drawn in millimetres (the state picture for a screen: ``screen.picture``)."""

from __future__ import annotations

from functools import partial

from pnp.games.air_king import rules_sheet
from pnp.games.air_king.cards import ART_KEYS as CARD_ART
from pnp.games.air_king.cards import decks
from pnp.games.air_king.mat import field_drawing, field_seams
from pnp.games.air_king.model import load_data, load_field
from pnp.games.air_king.texts import data_texts
from pnp.games.spec import KitRequest
from pnp.printing import art, fonts
from pnp.printing.parts import Board, Kit, KitDocument
from pnp.texts import catalogue

ART_KEYS: dict[str, str] = {**CARD_ART, "field-mat": "the field mat's backdrop: the whole mat, behind the field"}


def kit(request: KitRequest) -> Kit:
    """The whole kit: every card with its back, the optional field mat, the rules sheet and a player aid per
    player, in the language and with the texts ``request`` asks for."""
    from pnp.games.air_king.maps import card_fits, checked_field

    data = load_data(request.variant_path).value
    t = catalogue("air-king", request.language, request.texts, data_texts(data))
    digest = load_field(request.map_path).source.digest
    field = checked_field(request.map_path)
    card_fits(request.map_path, data.card)
    pictures = art.chosen(request.art, ART_KEYS, "Air King")
    mat = partial(field_drawing, field, texts=t, backdrop=pictures.get("field-mat"), data=data)
    return Kit(
        game="air-king",
        title=t("title"),
        documents=(
            KitDocument("cards", decks(data, t, pictures)),
            KitDocument("field-mat", (Board(t("board.mat"), mat(), fill=mat, seams=partial(field_seams, field)),)),
            KitDocument("rules", rules_sheet.rules(data, field, t)),
            KitDocument("player-aids", rules_sheet.aids(data, t)),
        ),
        footer=t("kit.footer", columns=field.columns, lanes=field.lanes, digest=digest[:8]),
        notes=("The field mat is optional: cards laid on the table edge to edge make the same field.",),
        texts=t,
        faces=fonts.chosen(request.fonts),
    )
