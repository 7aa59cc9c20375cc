"""Aeronaut Odyssey's map generator: time per map at each size, and how it grows with the number of cities.

Each size is generated from several seeds with every expansion on (the slowest case), bypassing the
generator's cache; the figure is the median. The growth is the slope of log(time) against log(cities)
over all maps generated: 1 means linear, 2 quadratic.

    python benchmarks/mapgen_speed.py [--seeds 12] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import EXPANSIONS, SIZES

Row = tuple[str, str, str, str]


def measure(seeds: int) -> dict[str, list[tuple[int, float]]]:
    """(cities, seconds) of each map, by size."""
    build = generate.__wrapped__  # the generator without its cache
    build(0, Knobs())  # warm up imports
    results: dict[str, list[tuple[int, float]]] = {}
    for size in SIZES:
        knobs = Knobs(size=size, expansions=EXPANSIONS)
        for seed in range(seeds):
            start = time.perf_counter()
            board = build(seed, knobs)
            results.setdefault(size, []).append((len(board.cities), time.perf_counter() - start))
    return results


def growth(results: dict[str, list[tuple[int, float]]]) -> float:
    """Least-squares slope of log(seconds) over log(cities)."""
    points = [(math.log(n), math.log(t)) for runs in results.values() for n, t in runs]
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)


def rows(seeds: int = 12) -> list[Row]:
    """Table rows in the shape ``benchmarks/run`` prints."""
    results = measure(seeds)
    table: list[Row] = []
    for size, runs in results.items():
        cities = statistics.median(n for n, _ in runs)
        ms = statistics.median(t for _, t in runs) * 1000
        table.append((f"map generation aeronaut-odyssey {size}", f"{ms:.0f} ms", f"{cities:.0f} cities", "-"))
    table.append(("map generation growth", f"time ~ cities^{growth(results):.2f}", "-", "over every map above"))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=12, help="maps per size")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args()
    if args.json:
        results = measure(args.seeds)
        print(
            json.dumps(
                {
                    "maps": {s: [{"cities": n, "seconds": t} for n, t in r] for s, r in results.items()},
                    "growth_exponent": growth(results),
                },
                indent=2,
            )
        )
        return
    table = rows(args.seeds)
    widths = [max(len(r[i]) for r in table) for i in range(3)]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)))


if __name__ == "__main__":
    main()
