"""Updraft in the terminal: one line per balloon."""

from __future__ import annotations

from example_game.state import UpdraftState


def render(state: UpdraftState, viewer: str | None) -> str:
    """Each player's altitude and rolls; lucky faces only once revealed (the state holds no other)."""
    lines = []
    for seat, name in enumerate(state.players):
        lucky = f", lucky {state.lucky[seat]}" if seat in state.lucky else ""
        lines.append(f"{name}: altitude {min(state.altitude[seat], state.data.top)} of {state.data.top}{lucky}")
    turn = state.to_move()
    lines.append(f"to move: {turn}" if turn else "game over: " + ", ".join(state.score().winners))
    return "\n".join(lines)
