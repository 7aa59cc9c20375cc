"""Ludii-style measures of a run, beside its win rates: balance, decisiveness, lead changes and length.

A game records only what these need while it is played (:func:`lead_story`): how many turns it had, how
often the lead passed and from which turn its winner led for good. Everything else is computed here from
those records, so a sweep's checkpoint keeps three small numbers a game.

- **balance**: 1 minus the largest gap between two seats' win rates (Ludii's *Balance*): 1 when every seat
  wins as often, 0 when one seat wins every game.
- **decisiveness**: the share of a game's turns played after its winner took the lead for good, averaged
  over the games. Ludii's *Decisiveness* times the move from which the winner's evaluation stays above the
  best any loser ever reached; a leader per turn is what we record cheaply, so we time the last time the
  lead was taken instead. Near 0: open to the end; near 1: the winner led from the start and the rest was
  playing it out.
- **lead changes**: how many times a game's sole leader became another seat, averaged over the games. Ludii's
  *Lead Change* counts every change of the set of leaders, as a share of the moves; here a tie for the lead
  changes nothing, and the count is per game.
- **length**: the spread of the games' lengths in turns and in moves (every entry of a game's record: a card
  drawn and a turn ended count too): least, quartiles, most, and counts in equal bins for a small histogram.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from pnp.games.bots import Rater
from pnp.referee.protocol import State

if TYPE_CHECKING:
    from pnp.sim import GameResult

BINS = 10  # a length histogram's bars, at most


class Spread(TypedDict):
    """How a length spread over the games: least, quartiles, most, and the games in each of ``BINS`` bins."""

    min: int
    q1: float
    median: float
    q3: float
    max: int
    bins: list[int]


class Measures(TypedDict):
    """A run's measures, as ``--json`` prints them."""

    balance: float
    decisiveness: float
    lead_changes: float
    turns: Spread
    inputs: Spread  # the length in moves: the key the JSON has always had


@dataclass(frozen=True)
class LeadStory:
    """What a game recorded for the measures: its turns, the times the lead passed, when its winner took it."""

    turns: int
    lead_changes: int
    decided_at: int  # the turn from which the winners led to the end (``turns``: only by the last one)


Leaders = frozenset[int]  # the seats sharing the lead at one moment


def leaders(state: State, names: Sequence[str], rater: Rater | None) -> Leaders:
    """The seats ahead now, as an onlooker sees it: by the game's rating of each seat without its secrets,
    or by the score where the game has no rating."""
    values: list[float]
    if rater is not None:
        values = [rater.rate(state, name, {}) for name in names]
    else:
        by_name = {row.name: row.score for row in state.score().players}
        values = [by_name[name] for name in names]
    best = max(values)
    return frozenset(seat for seat, value in enumerate(values) if value == best)


class LeadRecorder:
    """Notes the leaders at the start of each turn: whenever a player other than the last is to move."""

    def __init__(self, names: Sequence[str], rater: Rater | None) -> None:
        self.names, self.rater = names, rater
        self.turns: list[Leaders] = []
        self.mover: str | None = None

    def note(self, state: State) -> None:
        """Called before every input: a new turn's leaders are noted."""
        mover = state.to_move()
        if mover is not None and mover != self.mover:
            self.turns.append(leaders(state, self.names, self.rater))
            self.mover = mover


def lead_story(turns: Sequence[Leaders], winners: Sequence[int]) -> LeadStory:
    """A game's story from its leaders at the start of each turn and its winners (the leaders at the end)."""
    trace = [*turns, frozenset(winners)]
    changes, sole = 0, None
    for ahead in trace:
        if len(ahead) == 1:
            (seat,) = ahead
            changes += sole is not None and seat != sole
            sole = seat
    decided_at = len(turns)
    while decided_at > 0 and trace[decided_at - 1] == trace[-1]:
        decided_at -= 1
    return LeadStory(len(turns), changes, decided_at)


def spread(values: Sequence[int], bins: int = BINS) -> Spread:
    """The least, quartiles and most of ``values`` (at least one), with their counts in ``bins`` equal bins (fewer
    when the values span fewer)."""
    ordered = sorted(values)
    low, high = ordered[0], ordered[-1]
    q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else [low] * 3
    width = high - low + 1
    bins = min(bins, width)  # no bin narrower than one turn or move
    counts = [0] * bins
    for value in ordered:
        counts[(value - low) * bins // width] += 1
    return {"min": low, "q1": q1, "median": median, "q3": q3, "max": high, "bins": counts}


def balance(win_rates: Sequence[float]) -> float:
    """1 minus the largest gap between two seats' win rates."""
    return round(1 - (max(win_rates) - min(win_rates)), 4)


def measure(results: Sequence[GameResult], win_rates: Sequence[float]) -> Measures:
    """The measures of a run from its games and its seats' win rates."""
    return {
        "balance": balance(win_rates),
        "decisiveness": round(statistics.fmean(_decisiveness(r) for r in results), 4),
        "lead_changes": round(statistics.fmean(r.lead_changes for r in results), 2),
        "turns": spread([r.turns for r in results]),
        "inputs": spread([r.moves for r in results]),
    }


def _decisiveness(result: GameResult) -> float:
    """The share of the game's turns played after its winner led for good."""
    return (result.turns - result.decided_at) / result.turns if result.turns else 0.0
