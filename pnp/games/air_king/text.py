"""Air King in the terminal: the field, the waiting and landed aircraft, the decks, and hands for their owners.

In English whatever the session's language (its cards' titles aside): see docs/table.md, "The page's language".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.air_king.actions import LANDED, OVER, STORM, WAITING
from pnp.games.air_king.field import LETTERS, cell_name
from pnp.texts import in_english

if TYPE_CHECKING:
    from pnp.games.air_king.state import AirKingState

WIDTH = 6


def render(state: AirKingState, viewer: str | None) -> str:
    """A fixed-width picture of ``state``; a hand's cards show only to its owner."""
    field = state.rules.field
    lines = [headline(state), "    " + "".join(LETTERS[c].center(WIDTH) for c in range(field.columns))]
    for lane in range(field.lanes):
        cells = "".join(_cell(state, cell_name(col, lane)).center(WIDTH) for col in range(field.columns))
        lines.append(f"{lane + 1:>3} {cells}".rstrip())
    lines.append("    >: flies towards the airport on the right, <: towards the left; H: held; ##: Storm")
    for h, name in enumerate(field.airport_names):
        waiting = _numbers(state, h, WAITING)
        landed = _numbers(state, 1 - h, LANDED)
        lines.append(f"airport {name}: waiting {waiting}; landed here {landed}")
    lines.append(state.piles())
    for seat, player in enumerate(state.players):
        size = state.hand_size(seat)
        hand = f"{size} card{'' if size == 1 else 's'}"
        if player == viewer:
            hand += f" ({state.hand_text(seat, in_english('air-king'))})"
        technical = "Technical Return ready" if state.technical[seat] else "Technical Return used"
        lines.append(f"{player}: {hand}; {technical}; {_goal(state, seat, player == viewer)}")
    return "\n".join(lines)


def headline(state: AirKingState, plain: bool = False) -> str:
    """The first line of the text and of the picture: the round and what is awaited, or the winners.

    ``plain`` (the picture) says what is awaited without the terminal's commands."""
    if state.phase == OVER:
        winners = state.score().winners
        return f"Air King: game over; winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}"
    return f"Air King: {state.status(plain)}"


def _cell(state: AirKingState, name: str) -> str:
    field = state.rules.field
    for h, spot in enumerate(field.airport_spaces):
        if name == cell_name(*spot):
            return f"[{field.airport_names[h]}]"
    cell = field.index.get(name, -1)
    if cell < 0:
        return ""
    thing = state.occ[cell]
    if thing == STORM:
        return "##"
    if thing > 0:
        a = thing - 1
        h = state.rules.home[a]
        right = field.airport_spaces[1 - h][0] > field.airport_spaces[h][0]
        mark = "H" if state.held[a] else ""
        return f"{thing}>{mark}" if right else f"{mark}<{thing}"
    for h in (0, 1):
        if cell == field.runway[h]:
            return f"r{field.airport_names[h]}"
        if cell in field.departures[h]:
            return f"d{field.airport_names[h]}"
    return "."


def _numbers(state: AirKingState, home: int, where: int) -> str:
    found = [str(a + 1) for a, p in enumerate(state.pos) if p == where and state.rules.home[a] == home]
    return " ".join(found) or "-"


def _goal(state: AirKingState, seat: int, own: bool) -> str:
    goal = state.goals[seat]
    if goal < 0:
        return "goal secret" + (" (yours: see your key file)" if own else "")
    card = state.rules.data.goals[goal]
    if seat in state.void:
        return f"goal card {goal + 1} ({' '.join(map(str, card))}) does not count: {state.void_reason(seat)}"
    landed = (state.rules.goal_masks[goal] & state.landed).bit_count()
    return f"goal card {goal + 1} ({' '.join(map(str, card))}): {landed} of {len(card)} landed"
