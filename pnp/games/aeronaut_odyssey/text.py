"""Aeronaut Odyssey in the terminal: claimed routes, travellers, inventories and what is asked now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.aeronaut_odyssey.board import MULTI
from pnp.games.aeronaut_odyssey.mapgen import origin
from pnp.games.aeronaut_odyssey.model import ABILITIES
from pnp.games.aeronaut_odyssey.notation import TYPE_WORDS, plural
from pnp.texts import in_english

if TYPE_CHECKING:
    from pnp.games.aeronaut_odyssey.state import AeroState


def render(state: AeroState, viewer: str | None) -> str:
    """A plain-text summary; with hidden inventories, other players' balloons show as a count only."""
    board = state.board
    made = f", map {origin(board.source)}" if board.source.seed is not None else ""
    hidden = ", inventories hidden" if state.hidden else ""
    lines = [f"Aeronaut Odyssey{made}, variant {state.variant}{hidden}"]
    claimed = []
    for k, lane in enumerate(board.lanes):
        marks = state.marks(k)
        if lane.kind == MULTI and max(marks) >= 0:
            claimed.append(f"{lane.name} [{' '.join(state.players[m] if m >= 0 else '.' for m in marks)}]")
        elif marks[0] >= 0:
            claimed.append(f"{lane.name} {state.players[marks[0]]}")
    lines.append("claimed: " + (", ".join(claimed) if claimed else "nothing yet"))
    score = state.score()
    for p, name in enumerate(state.players):
        balloons = (
            plural(sum(state.inventory(p)), "balloon") if state.hidden and name != viewer else held_words(state, p)
        )
        abilities = [a for a in ABILITIES for _ in range(state.abilities[p * len(ABILITIES) + ABILITIES.index(a)])]
        extras = f"; abilities: {' '.join(abilities)}" if abilities else ""
        lines.append(
            f"{name}: {where(state, p)}; {balloons}; {state.blank[p]} free of {state.spaces(p)} printed{extras}; "
            f"{plural(score.players[p].score, 'point')}"
        )
    visits = ", ".join(f"{c} {state.visits[i]}/{board.slots[i]}" for i, c in enumerate(board.cities) if state.visits[i])
    lines.append(f"slots used: {visits or 'none'}")
    lines.append(status(state))
    return "\n".join(lines)


def status(state: AeroState) -> str:
    """One line: who is asked for what, in which stage, or who won."""
    who = state.to_move()
    if who is None:
        result = state.score()
        best = max(row.score for row in result.players)
        winners = " and ".join(result.winners)
        verb = "win" if len(result.winners) > 1 else "wins"
        return f"game over: {winners} {verb} with {plural(best, 'point')}"
    if state.stage() == "set-up":
        return f"set-up: {who} takes a balloon of their choice (compensation for a later seat)"
    return f"to move: {who}: {state.asked(in_english('aeronaut-odyssey'))}"


def where(state: AeroState, p: int) -> str:
    """``at F``, or ``at A (start)`` before the traveller's first move."""
    city = state.board.cities[state.pos[p]]
    return f"at {city} (start)" if state.slot_of[p] < 0 else f"at {city}"


def held_words(state: AeroState, p: int) -> str:
    """``2 red, 1 wildcard``, or ``no balloons``."""
    held = state.inventory(p)
    return ", ".join(f"{n} {TYPE_WORDS[t]}" for t, n in enumerate(held) if n) or "no balloons"
