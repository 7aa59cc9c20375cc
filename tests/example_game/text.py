"""Updraft in the terminal: one line per balloon."""

from __future__ import annotations

from example_game.state import UpdraftState


def render(state: UpdraftState, viewer: str | None) -> str:
    """Each player's altitude and fuel, and lucky faces once revealed (the state holds no secret unrevealed)."""
    top = state.column.top
    lines = []
    for seat, name in enumerate(state.players):
        lucky = f", lucky {state.lucky[seat]}" if seat in state.lucky else ""
        lines.append(f"{name}: altitude {min(state.altitude[seat], top)} of {top}, fuel {state.fuel[seat]}{lucky}")
    stage, turn = state.stage(), state.to_move()
    if stage == "over":
        lines.append("game over: " + ", ".join(state.score().winners))
    else:  # outside play the picture names the stage: `pnp ref show` adds nothing of its own
        lines.append(f"{'' if stage == 'play' else stage + ': '}round {state.round}, to move: {turn}")
    return "\n".join(lines)
