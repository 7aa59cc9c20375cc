"""How often each field space was flown to in one game, for ``pnp sim``'s most and least used places."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from pnp.games.air_king.notation import AirMove
from pnp.games.air_king.state import AirKingState
from pnp.referee.protocol import Move

FLIGHTS = frozenset({"depart", "fly", "diagonal"})  # the aircraft moves that end on a space (landing does not)


def usage(state: AirKingState, moves: Sequence[Move]) -> Mapping[str, int]:
    """``space:NAME`` -> how many aircraft moves (Extra and diagonal ones included) ended there, zeros included."""
    ended = Counter(m.cell for m in moves if isinstance(m, AirMove) and m.action in FLIGHTS)
    return {f"space:{name}": ended[name] for name in state.rules.field.names}
