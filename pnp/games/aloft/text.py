"""Aloft in the terminal: the sky, the convoy, the tokens, and the viewer's own colours only."""

from __future__ import annotations

from pnp.games.aloft.state import PACKED, AloftState

WIDTH = 7


def render(state: AloftState, viewer: str | None) -> str:
    """A fixed-width picture of ``state``; colour cards show only once revealed, to every viewer alike."""
    columns, rows = state.board.columns, state.board.rows
    lines = []
    for row in reversed(range(rows)):
        cells = [state.grid[row * columns + c] for c in range(columns)]
        lines.append(f"{row + 1:>2} |" + "".join(_cell(state, b) for b in cells))
    lane = []
    for column in range(columns):
        truck = state.truck_at(column)
        if truck < 0:
            lane.append(_pad("."))
        else:
            label = "S" if truck == len(state.trucks) - 1 else "T"
            load = state.load[truck]
            lane.append(_pad(f"{label}:{state.names[load]}" if load >= 0 else label))
    lines.append("   +" + "-" * (WIDTH * columns))
    lines.append("   |" + "".join(lane))
    lines.append("    " + "".join(_pad(str(c + 1)) for c in range(columns)))
    packed = [n for n, w in zip(state.names, state.where) if w == PACKED]
    lines.append(f"packed: {' '.join(packed) or '-'}")
    for player in state.players:
        held = " ".join(f"{k}x{n}" for k, n in state.tokens[player].items() if n) or "no tokens"
        colours = state.revealed.get(player)
        secret = ",".join(colours) if colours else "hidden"
        lines.append(f"{player}: {held}; colours {secret}")
    who = state.to_move()
    lines.append(f"to move: {who}" if who else "game over")
    return "\n".join(lines)


def _cell(state: AloftState, balloon: int) -> str:
    return _pad(state.names[balloon] if balloon >= 0 else ".")


def _pad(text: str) -> str:
    return text.center(WIDTH)
