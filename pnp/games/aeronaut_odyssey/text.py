"""Aeronaut Odyssey in the terminal: claimed routes, travellers, inventories and what is asked now, in the session's
words (keys ``picture.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.aeronaut_odyssey.board import MULTI
from pnp.games.aeronaut_odyssey.wording import abilities, counted, held, origin_words, status, where

if TYPE_CHECKING:
    from pnp.games.aeronaut_odyssey.state import AeroState


def render(state: AeroState, viewer: str | None) -> str:
    """A plain-text summary; with hidden inventories, other players' balloons show as a count only."""
    t, board = state.words, state.board
    lines = [_heading(state)]
    claimed = []
    for k, lane in enumerate(board.lanes):
        marks = state.marks(k)
        if lane.kind == MULTI and max(marks) >= 0:
            claimed.append(f"{lane.name} [{' '.join(state.players[m] if m >= 0 else '.' for m in marks)}]")
        elif marks[0] >= 0:
            claimed.append(f"{lane.name} {state.players[marks[0]]}")
    lines.append(t("picture.text.claimed", routes=", ".join(claimed)) if claimed else t("picture.text.claimed.none"))
    score = state.score()
    for p, name in enumerate(state.players):
        balloons = counted(t, sum(state.inventory(p))) if state.hidden and name != viewer else held(t, state, p)
        owned = abilities(t, state, p)
        lines.append(
            t(
                "picture.text.player",
                player=name,
                where=where(t, state, p),
                balloons=balloons,
                free=state.blank[p],
                printed=state.spaces(p),
                abilities=t("picture.text.abilities", abilities=" ".join(owned)) if owned else "",
                points=score.players[p].score,
            )
        )
    visits = ", ".join(f"{c} {state.visits[i]}/{board.slots[i]}" for i, c in enumerate(board.cities) if state.visits[i])
    lines.append(t("picture.text.slots", slots=visits) if visits else t("picture.text.slots.none"))
    lines.append(status(t, state))
    return "\n".join(lines)


def _heading(state: AeroState) -> str:
    """The game, the map it is played on (where it comes from, for a generated one), its variant."""
    t, source = state.words, state.board.source
    hidden = t("picture.text.hidden") if state.hidden else ""
    variant = t(f"picture.variant.{state.variant}")
    if source.seed is None:
        return t("picture.text.heading", variant=variant, hidden=hidden)
    return t("picture.text.heading.map", origin=origin_words(t, source), variant=variant, hidden=hidden)
