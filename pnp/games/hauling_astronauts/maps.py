"""Custom Hauling Astronauts maps: fleets and docks of one's own, checked for balance.

A map is a file like the built-in ``data/hauling-astronauts.yaml``, ``game: hauling-astronauts`` on top:
the two fleets (capacities and profits), the six docks (ranges and bonuses) and the print sizes. Loading it
refuses what cannot be played (``model.load_data``); ``check_map`` adds the balance advice.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

from pnp.games.hauling_astronauts.model import (
    HIGHEST,
    LOWEST,
    PROFITS,
    HaulingData,
    Transport,
    default_map_path,
    odds,
)
from pnp.games.spec import Finding, Findings
from pnp.loader import Loaded

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing


def design_profit(low: int, high: int) -> int:
    """The profit the built-in fleets follow: 1 + round(log2(1 / p)), within the rulebook's 2 to 6."""
    return min(max(1 + round(-math.log2(odds(low, high))), PROFITS.start), PROFITS.stop - 1)


def design_bonus(low: int, high: int) -> int:
    """The dock bonus the built-in docks follow: round(log2(1 / p)), one step below a transport's profit."""
    return round(-math.log2(odds(low, high)))


def check_map(loaded: Loaded[HaulingData]) -> list[Finding]:
    """Balance advice on a map that loads (loading has refused what cannot be played): all warnings."""
    data, findings = loaded.value, Findings(loaded.source)
    for f, fleet in enumerate(data.fleets):
        for t, transport in enumerate(fleet.transports):
            wanted = design_profit(transport.low, transport.high)
            if transport.profit != wanted:
                findings.add(
                    "warning",
                    f"fleets[{f}].transports[{t}].profit",
                    f"{transport.name} pays {transport.profit}, but a load of {transport.label} comes up with "
                    f"p = {_percent(odds(transport.low, transport.high))}, which the design rule pays {wanted}",
                )
    for d, dock in enumerate(data.docks):
        wanted = design_bonus(dock.low, dock.high)
        if dock.bonus != wanted:
            findings.add(
                "warning",
                f"docks[{d}].bonus",
                f"dock d{d + 1} ({dock.label}) gives {dock.bonus}; its odds "
                f"({_percent(odds(dock.low, dock.high))}) suggest {wanted}",
            )
    first, second = (_expected_profit(fleet.transports) for fleet in data.fleets)
    if first != second:
        findings.add(
            "warning",
            "fleets",
            f"the fleets are not equally good: a random load pays player 1 {float(first):.2f} and player 2 "
            f"{float(second):.2f} on average (mirror one fleet as the built-in map does: x -> 21 - x)",
        )
    missed = [load for load in range(LOWEST, HIGHEST + 1) if not any(dock.fits(load) for dock in data.docks)]
    if missed:
        findings.add(
            "warning",
            "docks",
            f"no dock takes a load of {', '.join(map(str, missed))}, so such a departure never earns a bonus",
        )
    return findings


def _expected_profit(transports: tuple[Transport, ...]) -> Fraction:
    """A fleet's profit per transport for loads of three random dice."""
    return sum((odds(t.low, t.high) * t.profit for t in transports), Fraction(0)) / len(transports)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def new_map(seed: int | None) -> str:
    """A starting map to edit: the built-in fleets and docks (there is no generator, so no seed)."""
    return default_map_path().read_text(encoding="utf-8")


def preview(loaded: Loaded[HaulingData]) -> Drawing:
    """The map as the kit prints it: pieces above, the board with its docks below."""
    from pnp.games.hauling_astronauts.components import page_drawing

    return page_drawing(loaded.value)
