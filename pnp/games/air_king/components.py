"""Air King's print kit: the cards, the field mat and a player aid, drawn in millimetres (the state picture for a screen: ``screen.picture``)."""

from __future__ import annotations

from pnp.games.air_king.cards import decks
from pnp.games.air_king.mat import field_drawing
from pnp.games.air_king.model import AirKingData, load_data, load_field
from pnp.games.air_king.shapes import INK, event_icon, paragraph
from pnp.games.spec import KitRequest
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Board, Kit, KitDocument, Sheet


def kit(request: KitRequest) -> Kit:
    """The whole kit: every card with its back, the optional field mat, and a player aid."""
    from pnp.games.air_king.maps import checked_field

    data = load_data().value
    digest = load_field(request.map_path).source.digest
    field = checked_field(request.map_path)
    return Kit(
        game="air-king",
        title="Air King",
        documents=(
            KitDocument("cards", decks(data)),
            KitDocument("field-mat", (Board("field mat", field_drawing(field)),)),
            KitDocument("player-aid", (Sheet("player aid", _aid(data)),)),
        ),
        footer=f"field {field.columns}x{field.lanes} · {digest[:8]}",
        notes=("The field mat is optional: cards laid on the table edge to edge make the same field.",),
    )


# -- player aid -----------------------------------------------------------------
def _aid(data: AirKingData) -> Drawing:
    width, height = 180.0, 250.0
    sections = [
        (
            "Your turn",
            [
                "1. Draw one event card. (Referee: draw CARD, e.g. draw storm.)",
                (
                    f"2. Make exactly {data.moves_per_turn} aircraft moves, and play up to {data.cards_per_turn} cards "
                    "at any moment, at most one of them a movement card. (end when done.)"
                ),
                (
                    f"3. Above {data.hand_limit} event cards? Discard down to {data.hand_limit}. Technical Return never "
                    "counts. (discard CARD)"
                ),
            ],
        ),
        (
            "Aircraft moves",
            [
                "depart: from its home airport onto a free departure zone (depart 3 a2).",
                (
                    "fly: one space forward or sideways onto a free space, never backwards (fly 3 b2). Beyond the arrival "
                    "zone, one step back is allowed."
                ),
                "land: only from the arrival zone beside the destination airport (land 3).",
                "Never two things on one space: an aircraft or a Storm fills it.",
            ],
        ),
        (
            "Winning",
            [
                (
                    "Land all four aircraft of your goal card, then reveal it on your own turn (pnp ref reveal). "
                    "The referee checks that all four have landed."
                ),
            ],
        ),
    ]
    deck: list[tuple[str, int, str, str]] = [(e.title, e.count, e.type, e.text) for e in data.events]
    deck.append(("Technical Return", data.technical_return.count, "return", data.technical_return.text))

    def draw(c: Canvas) -> None:
        c.text(0, 8, "AIR KING: player aid", size=16, bold=True, fill=INK)
        y = 18.0
        for title, lines in sections:
            c.text(0, y, title, size=11, bold=True, fill=INK)
            y += 5.5
            for line in lines:
                y = paragraph(c, 2, y, line, 8.5, width - 4) + 1.2
            y += 3
        c.text(0, y, "Event cards", size=11, bold=True, fill=INK)
        y += 4
        for title, count, kind, text in deck:
            event_icon(c, kind, 6, y + 5, 5)
            c.text(14, y + 4, f"{title} (x{count}; play: {_play_word(kind)})", size=8.5, bold=True, fill=INK)
            y = max(paragraph(c, 14, y + 8, text, 8, width - 16) + 2, y + 13)

    return Drawing(width, height, draw)


def _play_word(kind: str) -> str:
    return {
        "extra": "extra fly 3 b2",
        "diagonal": "diagonal 3 c2",
        "storm": "storm c3",
        "clear": "clear c3",
        "hold": "hold 8",
        "pass": "pass 3 8",
        "return": "return 8",
    }[kind]
