"""The order of finish: fleets home first, in the order they got there; the rest by jets home, then hops to go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.take_off.world import HOME
from pnp.referee.protocol import PlayerScore, Score

if TYPE_CHECKING:
    from pnp.games.take_off.rules import TakeOffState


def progress(state: TakeOffState, seat: int) -> tuple[int, int]:
    """(jets at Finish, routes still to fly by the others along the shortest ways)."""
    hops = state.ctx.world.hops
    jets = state.jets_of(seat)
    return sum(1 for c in jets if c == HOME), sum(hops[c] for c in jets if c != HOME)


def places(state: TakeOffState) -> list[int]:
    """Each seat's place from 1; seats level on jets home and hops to go share a place."""
    count = len(state.players)
    place = [0] * count
    for rank, seat in enumerate(state.done):
        place[seat] = rank + 1
    rest = sorted((s for s in range(count) if s not in state.done), key=lambda s: _key(state, s))
    for i, seat in enumerate(rest):
        tied = i and _key(state, rest[i - 1]) == _key(state, seat)
        place[seat] = place[rest[i - 1]] if tied else len(state.done) + i + 1
    return place


def _key(state: TakeOffState, seat: int) -> tuple[int, int]:
    home, to_go = progress(state, seat)
    return -home, to_go


def score(state: TakeOffState) -> Score:
    """Jets home as the score, with the hops to go and the place (order of finish) as breakdown."""
    final = state.is_over()
    ranks = places(state)
    rows = []
    for seat, name in enumerate(state.players):
        home, to_go = progress(state, seat)
        rows.append(PlayerScore(name, home, {"home": home, "to_go": to_go, "place": ranks[seat]}))
    winners = tuple(name for seat, name in enumerate(state.players) if ranks[seat] == 1) if final else ()
    notes = []
    if final and state.round >= state.ctx.round_limit:
        notes.append(f"the game reached its limit of {state.ctx.round_limit} rounds: ranked by jets home, "
                     "then by the fewest routes still to fly")
    if len(winners) > 1:
        notes.append(f"tie for first place: {', '.join(winners)}")
    return Score(final, tuple(rows), winners, tuple(notes))
