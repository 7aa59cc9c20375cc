"""How one game used the map, for ``pnp sim``'s most and least claimed routes and visited cities."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.referee.protocol import Move


def usage(state: AeroState, moves: Sequence[Move]) -> Mapping[str, int]:
    """``route:C-F`` -> 1 when claimed (a multiroute: any of its spaces), else 0; ``city:F`` -> its visits.

    Zeros included. The state keeps every claim and every used movement slot, so ``moves`` is not read.
    """
    board = state.board
    counts = {f"route:{lane.name}": int(max(state.marks(k)) >= 0) for k, lane in enumerate(board.lanes)}
    counts.update({f"city:{name}": state.visits[i] for i, name in enumerate(board.cities)})
    return counts
