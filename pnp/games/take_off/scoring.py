"""Progress and the order of finish.

A jet's progress is how many routes nearer Finish it is than Start is (the
fewest routes from each city to Finish, home counting as zero to go). The
score is the fleet's progress, jet by jet. The order of finish puts the fleets
that got home first, in the order they did, then the rest by score (equal
scores share a place).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.take_off.world import HOME
from pnp.referee.protocol import PlayerScore, Score

if TYPE_CHECKING:
    from pnp.games.take_off.rules import TakeOffState


def progress(state: TakeOffState, seat: int) -> list[int]:
    """Each of a seat's jets' progress in routes (a jet at Finish has made the whole way)."""
    hops = state.ctx.world.hops
    whole = hops[state.ctx.world.start]
    return [whole - (0 if city == HOME else hops[city]) for city in state.jets_of(seat)]


def places(state: TakeOffState) -> list[int]:
    """Each seat's place from 1."""
    count = len(state.players)
    place = [0] * count
    for rank, seat in enumerate(state.done):
        place[seat] = rank + 1
    total = [sum(progress(state, s)) for s in range(count)]
    rest = sorted((s for s in range(count) if s not in state.done), key=lambda s: -total[s])
    for i, seat in enumerate(rest):
        tied = i > 0 and total[rest[i - 1]] == total[seat]
        place[seat] = place[rest[i - 1]] if tied else len(state.done) + i + 1
    return place


def score(state: TakeOffState) -> Score:
    """Each jet's progress as the score; winners and the order of finish once the game is over."""
    final = state.is_over()
    ranks = places(state)
    rows = []
    for seat, name in enumerate(state.players):
        jets = progress(state, seat)
        rows.append(PlayerScore(name, sum(jets), {f"jet {j + 1} progress": p for j, p in enumerate(jets)}))
    winners = tuple(name for seat, name in enumerate(state.players) if ranks[seat] == 1) if final else ()
    order = sorted(range(len(state.players)), key=lambda s: ranks[s])
    notes = [
        ("order of finish: " if final else "standing: ") + ", ".join(f"{ranks[s]}. {state.players[s]}" for s in order)
    ]
    if final and state.round >= state.ctx.round_limit:
        notes.append(
            f"the game reached its limit of {state.ctx.round_limit} rounds: fleets not home are ranked by progress"
        )
    if len(winners) > 1:
        notes.append(f"tie for first place: {', '.join(winners)}")
    return Score(final, tuple(rows), winners, tuple(notes))
