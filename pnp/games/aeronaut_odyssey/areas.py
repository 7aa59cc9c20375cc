"""Area detection: the enclosed areas are the inner faces of the planar route graph.

A double route counts once (its lanes run side by side). Each area label of the
map is matched to the face it lies in; the outer face is never an area.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.aeronaut_odyssey.geometry import faces, point_in_polygon
from pnp.games.aeronaut_odyssey.model import AeroMap, route_key


@dataclass(frozen=True)
class Region:
    """One inner face: the cities around it and the routes (city pairs) that enclose it."""

    walk: tuple[str, ...]
    border: tuple[tuple[str, str], ...]
    size: float


@dataclass(frozen=True)
class Detected:
    """The map's regions and where its area labels fell."""

    regions: tuple[Region, ...]
    label_region: tuple[int | None, ...]  # per map area: the region it lies in, None when outside every region

    def labels_of(self, region: int) -> list[int]:
        """Indices of the map's areas written inside ``region``."""
        return [k for k, r in enumerate(self.label_region) if r == region]


def detect(board: AeroMap) -> Detected:
    """Find the enclosed regions of ``board`` and the region of each area label."""
    index = {c.name: k for k, c in enumerate(board.cities)}
    points = [(c.x, c.y) for c in board.cities]
    pairs = {
        tuple(sorted((index[r.between[0]], index[r.between[1]])))
        for r in board.routes
        if len(r.between) == 2 and r.between[0] in index and r.between[1] in index and r.between[0] != r.between[1]
    }
    inner, _outer = faces(points, pairs)  # type: ignore[arg-type]
    names = [c.name for c in board.cities]
    regions = tuple(
        Region(
            tuple(names[v] for v in face.walk),
            tuple(sorted(route_key(names[i], names[j]) for i, j in face.border)),
            face.area,
        )
        for face in inner
    )
    polygons = [[points[v] for v in face.walk] for face in inner]
    located = []
    for area in board.areas:
        inside = [k for k, poly in enumerate(polygons) if point_in_polygon((area.x, area.y), poly)]
        located.append(min(inside, key=lambda k: regions[k].size) if inside else None)
    return Detected(regions, tuple(located))
