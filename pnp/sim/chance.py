"""Do the chance outcomes of a run follow the probabilities the games gave? Pearson's chi-square test.

Each outcome's expected count is the sum of its probabilities over every chance input
drawn, so draws from a shrinking deck are judged against the deck as it was at each draw.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypedDict

SMALL = 5.0  # outcomes expected fewer times than this are pooled into one cell, as the test requires


class Fit(TypedDict):
    """Pearson's statistic, its degrees of freedom and the chance of a worse fit if the weights hold."""

    statistic: float
    df: int
    p_value: float
    pooled: int  # outcomes expected fewer than SMALL times, tested as one cell


def chi_square(drawn: Mapping[str, int], expected: Mapping[str, float]) -> Fit:
    """The statistic, its degrees of freedom and p-value for ``drawn`` against ``expected`` counts."""
    cells: list[tuple[float, float]] = []
    pooled, pooled_seen, pooled_expected = 0, 0.0, 0.0
    for outcome, want in expected.items():
        seen = float(drawn.get(outcome, 0))
        if want < SMALL:
            pooled, pooled_seen, pooled_expected = pooled + 1, pooled_seen + seen, pooled_expected + want
        else:
            cells.append((seen, want))
    if pooled_expected > 0:
        cells.append((pooled_seen, pooled_expected))
    statistic = sum((seen - want) ** 2 / want for seen, want in cells)
    freedom = max(1, len(cells) - 1)
    p_value = round(upper_tail(statistic, freedom), 4)
    return {"statistic": round(statistic, 3), "df": freedom, "p_value": p_value, "pooled": pooled}


def upper_tail(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with ``freedom`` degrees (Wilson-Hilferty normal approximation)."""
    if statistic <= 0:
        return 1.0
    scale = 2 / (9 * freedom)
    z = ((statistic / freedom) ** (1 / 3) - (1 - scale)) / math.sqrt(scale)
    return 0.5 * math.erfc(z / math.sqrt(2))
