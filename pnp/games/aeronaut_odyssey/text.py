"""Aeronaut Odyssey in the terminal: claimed routes, travellers, inventories and what is asked now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.aeronaut_odyssey.board import MULTI
from pnp.games.aeronaut_odyssey.model import ABILITIES, ORDER

if TYPE_CHECKING:
    from pnp.games.aeronaut_odyssey.state import AeroState


def render(state: AeroState, viewer: str | None) -> str:
    """A plain-text summary; with hidden inventories, other players' balloons show as a count only."""
    board = state.board
    seed = board.source.seed
    lines = [f"Aeronaut Odyssey{f' (map seed {seed})' if seed is not None else ''}, variant {state.variant}"]
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
        held = state.inventory(p)
        if state.hidden and name != viewer:
            balloons = plural(sum(held), "balloon")
        else:
            balloons = " ".join(f"{ORDER[t]}{n}" for t, n in enumerate(held) if n) or "no balloons"
        abilities = [a for a in ABILITIES for _ in range(state.abilities[p * len(ABILITIES) + ABILITIES.index(a)])]
        extras = f"; abilities: {' '.join(abilities)}" if abilities else ""
        lines.append(
            f"{name}: at {board.cities[state.pos[p]]}; {balloons}; {state.blank[p]} free of "
            f"{plural(state.blank[p] + sum(held), 'space')}{extras}; {plural(score.players[p].score, 'point')}"
        )
    visits = ", ".join(f"{c} {state.visits[i]}/{board.slots[i]}" for i, c in enumerate(board.cities) if state.visits[i])
    lines.append(f"slots used: {visits or 'none'}")
    who = state.to_move()
    lines.append(f"to move: {who}: {state.asked()}" if who else "game over")
    return "\n".join(lines)


def plural(n: int, noun: str) -> str:
    """``1 balloon``, ``2 balloons``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
