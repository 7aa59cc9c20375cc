"""What a departed transport earns: its profit, the dock's bonus, and the bonus dice."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations

from pnp.games.hauling_astronauts.model import HIGHEST, LOWEST, Dock, HaulingData, Transport
from pnp.games.hauling_astronauts.notation import GOLD, RED, SIZE, Target, face, kind

PARTS = ("profit", "bonus", "gold", "red")
DEPARTURES = SIZE  # one per strip: a player's transports depart at most three times


@dataclass(frozen=True)
class Departure:
    """A transport that left: whose, from which strip and slot, to which dock, with which dice."""

    player: int
    strip: int
    slot: int
    dock: int
    dice: tuple[int, ...]
    gold: Target | None = None
    red: Target | None = None

    @property
    def load(self) -> int:
        """Astronauts aboard: the pips on its three dice."""
        return sum(face(d) for d in self.dice)

    def carries(self, bonus_kind: int) -> bool:
        """True when the gold (GOLD) or red (RED) die is aboard."""
        return any(kind(d) == bonus_kind for d in self.dice)


def points(departure: Departure, transport: Transport | None, dock: Dock) -> dict[str, int]:
    """Points by part. ``transport`` is None while unrevealed or when void: nothing is earned then.

    The gold die doubles the chosen part and the red die halves it (rounded down);
    when both pick the same part it is doubled first, so it ends where it began.
    """
    earned = {part: 0 for part in PARTS}
    if transport is None:
        return earned
    load = departure.load
    base = {"profit": transport.profit if transport.fits(load) else 0, "bonus": dock.bonus if dock.fits(load) else 0}
    earned.update(base)
    if departure.gold and departure.carries(GOLD):
        earned["gold"] = base[departure.gold]
        base[departure.gold] *= 2
    if departure.red and departure.carries(RED):
        earned["red"] = base[departure.red] // 2 - base[departure.red]
    return earned


def highest_score(data: HaulingData) -> int:
    """An upper bound on one player's final score, for the length of the printed tracks.

    Three departures at most, each to its own dock and each possibly with the gold die
    aboard (it returns to Available after every departure): the best three transport
    and dock pairings, each paired at its best load with the gold die doubling the larger part.
    """
    best = 0
    for fleet in data.fleets:
        value = {
            (t, d): _best_departure(transport, dock)
            for t, transport in enumerate(fleet.transports)
            for d, dock in enumerate(data.docks)
        }
        for transports in combinations(range(len(fleet.transports)), DEPARTURES):
            for docks in permutations(range(len(data.docks)), DEPARTURES):
                best = max(best, sum(value[pair] for pair in zip(transports, docks)))
    return best


def _best_departure(transport: Transport, dock: Dock) -> int:
    """The most one departure of ``transport`` to ``dock`` can earn, with the gold die aboard."""
    best = 0
    for load in range(LOWEST, HIGHEST + 1):
        profit = transport.profit if transport.fits(load) else 0
        bonus = dock.bonus if dock.fits(load) else 0
        best = max(best, profit + bonus + max(profit, bonus))
    return best
