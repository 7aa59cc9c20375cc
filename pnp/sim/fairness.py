"""The flag every balance report puts on a seat: its 95 % interval for the win rate excludes a fair share."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.sim import Rate

MARK = "!"


def fair_share(players: int) -> float:
    """The win rate every seat would have in a perfectly balanced game (ties share the win)."""
    return 1 / players


def bound_text(bound: float, fair: float) -> str:
    """An interval's bound as a percentage, to one decimal, or to two where one would read as the ``fair`` share
    itself: a seat flagged for its interval from 33.34 % read '33.3%' beside a fair third."""
    shown = f"{bound:.1%}"
    return f"{bound:.2%}" if shown == f"{fair:.1%}" and bound != fair else shown


def unfair(rate: Rate, players: int) -> bool:
    """True when the seat's 95 % interval lies wholly above or below a fair share."""
    low, high = rate["ci95"]
    return not low <= fair_share(players) <= high


def unfair_seats(rates: Mapping[str, Rate], players: int) -> list[str]:
    """The seats whose interval excludes a fair share, in seat order."""
    return [seat for seat, rate in rates.items() if unfair(rate, players)]


def legend(flagged: int, total: int, what: str) -> str:
    """One line counting the flagged seats or rows, saying what the mark means and how often chance alone sets it."""
    return (
        f"{flagged} of {total} {what} flagged ({MARK}): a seat's 95 % interval excludes a fair share "
        "(a fair seat is flagged by chance about 1 time in 20)"
    )
