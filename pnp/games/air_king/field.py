"""The field's geometry, worked out once per map: spaces, and where each aircraft may go from each.

Spaces are named like ``c3``: a column letter (``a`` is the leftmost) and a
lane number (``1`` is the top). Inside, an open space is an index into
``Field.names``. Aircraft from airport ``h`` (0 or 1) fly along the lanes
towards the other airport; "forward" is that way along the lane.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.games.air_king.model import AirKingField
from pnp.games.graph import distances_to

LETTERS = "abcdefghijklmnopqrstuvwxyz"
CELL = re.compile(r"^([a-z])([1-9][0-9]?)$")
FAR = 10_000  # distance of a space from which the arrival zone cannot be reached


def cell_name(column: int, lane: int) -> str:
    """The name of the space at 0-based ``column`` and ``lane``."""
    return f"{LETTERS[column]}{lane + 1}"


def parse_cell(text: str) -> tuple[int, int] | None:
    """0-based (column, lane) of a space name, or None when ``text`` is not one."""
    match = CELL.match(text)
    return (LETTERS.index(match.group(1)), int(match.group(2)) - 1) if match else None


@dataclass(frozen=True, eq=False)
class Field:
    """Everything the rules need to know about a checked field, precomputed.

    Per home airport ``h``: ``steps[h][cell]`` are the spaces a plain flight
    may reach (forward, sideways, and one step back when beyond the arrival
    zone), ``back[h][cell]`` that step back (or -1), ``diagonals[h][cell]``
    the diagonal-forward spaces, ``ahead[h][cell]`` the space straight ahead
    (or -1), ``progress[h][cell]`` how far along the way the space lies, and
    ``distance[h][cell]`` the fewest flights from it to the arrival zone
    (``FAR`` when it cannot be reached); ``landed_progress`` is the progress
    of a landed aircraft, one step past the destination airport.
    """

    columns: int
    lanes: int
    space_width: float
    space_height: float
    names: tuple[str, ...]
    index: dict[str, int]
    airport_names: tuple[str, str]
    airport_spaces: tuple[tuple[int, int], tuple[int, int]]
    runway: tuple[int, int]
    departures: tuple[tuple[int, ...], tuple[int, ...]]
    steps: tuple[tuple[tuple[int, ...], ...], ...]
    back: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[tuple[int, ...], ...], ...]
    ahead: tuple[tuple[int, ...], ...]
    progress: tuple[tuple[int, ...], ...]
    landed_progress: int
    distance: tuple[tuple[int, ...], ...]
    storm_spaces: tuple[int, ...]

    def coords(self, cell: int) -> tuple[int, int]:
        """0-based (column, lane) of an open space."""
        return spot(self.names[cell])


def spot(name: str) -> tuple[int, int]:
    """0-based (column, lane) of a name known to be a space."""
    found = parse_cell(name)
    if found is None:
        raise ValueError(f"{name!r} is not a space name")
    return found


def build_field(model: AirKingField, airport_order: tuple[str, str]) -> Field:
    """The geometry of a field that has passed ``maps.check_field``."""
    closed = {parse_cell(name) for name in model.closed}
    places = [model.airports[name] for name in airport_order]
    airports = spot(places[0].at), spot(places[1].at)
    names = tuple(
        cell_name(col, lane)
        for lane in range(model.lanes)
        for col in range(model.columns)
        if (col, lane) not in closed and (col, lane) not in airports
    )
    index = {name: i for i, name in enumerate(names)}
    runway = index[places[0].runway], index[places[1].runway]

    def at(col: int, lane: int) -> int:
        return index.get(cell_name(col, lane), -1) if 0 <= col < model.columns and 0 <= lane < model.lanes else -1

    steps, backs, diagonals, ahead, progress, distance = [], [], [], [], [], []
    for home in (0, 1):
        start, goal = airports[home][0], airports[1 - home][0]
        way = 1 if goal > start else -1
        arrival_column = spot(names[runway[1 - home]])[0]
        h_steps, h_back, h_diag, h_ahead, h_prog = [], [], [], [], []
        for name in names:
            col, lane = spot(name)
            onward = (goal - col - way) * way >= 0  # never past the destination airport
            forward = at(col + way, lane) if onward else -1
            beyond = (col - arrival_column) * way > 0  # beyond the arrival zone: one step back is allowed
            h_back.append(at(col - way, lane) if beyond else -1)
            moves = [forward, at(col, lane - 1), at(col, lane + 1), h_back[-1]]
            h_steps.append(tuple(m for m in moves if m >= 0))
            diag = [at(col + way, lane + d) for d in (-1, 1)] if onward else []
            h_diag.append(tuple(m for m in diag if m >= 0))
            h_ahead.append(forward)
            h_prog.append((col - start) * way)
        steps.append(tuple(h_steps))
        backs.append(tuple(h_back))
        diagonals.append(tuple(h_diag))
        ahead.append(tuple(h_ahead))
        progress.append(tuple(h_prog))
        distance.append(distances_to(h_steps, runway[1 - home], FAR))
    return Field(
        columns=model.columns,
        lanes=model.lanes,
        space_width=model.space_width,
        space_height=model.space_height,
        names=names,
        index=index,
        airport_names=airport_order,
        airport_spaces=airports,
        runway=runway,
        departures=(_indexes(index, places[0].departures), _indexes(index, places[1].departures)),
        steps=tuple(steps),
        back=tuple(backs),
        diagonals=tuple(diagonals),
        ahead=tuple(ahead),
        progress=tuple(progress),
        landed_progress=abs(airports[1][0] - airports[0][0]) + 1,
        distance=tuple(distance),
        storm_spaces=tuple(i for i in range(len(names)) if i not in runway),
    )


def _indexes(index: dict[str, int], names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(index[name] for name in names)
