"""The flag every balance report puts on a seat: its 95 % interval for the win rate excludes a fair share; how large
an edge a number of games can flag at all; and the mark of figures that measure a round limit's tiebreak."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.sim import MAX_GAMES, Rate, wilson

MARK = "!"
CUT_MARK = "cut"
NOTABLE_EDGE = 0.05  # an edge worth knowing of: a seat winning 5 points more (or less) than a fair share
CUT_SHORT_SHARE = 0.1  # past a tenth of the games cut short, the win rates measure the limit's tiebreak too


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


def smallest_flagged(players: int, games: int) -> float | None:
    """The least edge (a seat's win rate above a fair share) that ``games`` games can flag; None when not even a
    seat winning every game would be flagged."""
    fair = fair_share(players)
    if wilson(games, games)[0] <= fair:
        return None
    low, high = int(fair * games), games  # the fewest wins whose interval lies above a fair share, searched for
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if wilson(middle, games)[0] > fair else (middle, high)
    return round(high / games - fair, 4)  # as the rates are given


def can_flag(players: int, games: int, edge: float) -> bool:
    """True when ``games`` games flag a seat with an ``edge`` (to within one game's worth: win rates are counted
    in whole games)."""
    flagged = smallest_flagged(players, games)
    return flagged is not None and flagged <= edge + 1 / games


def games_to_flag(players: int, edge: float) -> int:
    """About how many games it takes to flag an ``edge``."""
    low, high = 1, MAX_GAMES
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if can_flag(players, middle, edge) else (middle, high)
    return high


def sample_text(players: int, games: int, each: str = "") -> str | None:
    """What ``games`` games (``each``: ' a row' in a sweep) cannot flag, when that includes an edge worth knowing
    of (``NOTABLE_EDGE``), with about how many would flag one; None when they can."""
    if can_flag(players, games, NOTABLE_EDGE):
        return None
    edge = smallest_flagged(players, games)
    needed = games_to_flag(players, NOTABLE_EDGE)
    needed = round(needed, 2 - len(str(needed)))  # to two figures: it is an estimate
    wanted = f"about {needed:,} games{each} would flag an edge of {NOTABLE_EDGE * 100:g} points"
    played = f"{games} game{'s' if games != 1 else ''}{each}"
    if edge is None:
        return f"too few games to flag any seat: {played} cannot put an interval past a fair share ({wanted})"
    return (
        f"too few games to flag a small edge: with {played}, a seat is flagged only when it wins some "
        f"{edge * 100:.1f} points more (or less) than a fair share, so no flag is no sign of fairness ({wanted})"
    )


def mostly_cut_short(cut_short: int, games: int) -> bool:
    """True when so many games ended at a round limit (past ``CUT_SHORT_SHARE``) that the win rates measure its
    tiebreak as much as the game."""
    return cut_short > CUT_SHORT_SHARE * games
