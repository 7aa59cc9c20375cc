"""Air King fields for ``pnp map``: checks with located findings, new maps, and the preview."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import DataError, PnpError
from pnp.games.air_king.field import FAR, LETTERS, Field, build_field, cell_name, parse_cell
from pnp.games.air_king.model import AirKingField, load_data, load_field
from pnp.games.spec import Finding, Findings, raise_first_error
from pnp.loader import Loaded, did_you_mean, load_text
from pnp.printing.sizes import CardSize
from pnp.resources import board_file

if TYPE_CHECKING:
    from pnp.printing.canvas import Drawing

BORDER = 1.0  # mm a card needs around it inside a space
ATTEMPTS = 50  # generated fields tried per seed (about 1 in 150 fails the check)


def check_field(loaded: Loaded[AirKingField]) -> list[Finding]:
    """Problems with a field's meaning: errors make it unplayable, warnings are advice."""
    model = loaded.value
    data = load_data().value
    found = Findings(loaded.source)
    _check_grid(model, data.card, found)
    if found.has_errors():
        return list(found)
    order = _airport_order()
    _check_airports(model, order, found)
    if found.has_errors():
        return list(found)
    field = build_field(model, order)
    _check_paths(model, field, found)
    return list(found)


def card_fits(path: Path | None, card: CardSize) -> None:
    """Refuse the field at ``path`` (the built-in one by default) when a card of size ``card`` (a variant's)
    does not fit its spaces lying sideways, at the line of the space size that is too small."""
    loaded = load_field(path)
    found = Findings(loaded.source)
    _card_fits(loaded.value, card, found)
    for finding in found:
        advice = "give the variant a smaller card_size, or print it with a --map whose spaces are larger"
        raise DataError(finding.where, finding.path, f"{finding.message.removeprefix(finding.path + ': ')}: {advice}")


def _card_fits(model: AirKingField, card: CardSize, found: Findings) -> None:
    if model.space_width < card.height + 2 * BORDER:
        found.add(
            "error",
            "space_width",
            f"{model.space_width:g} mm is too short for a {card.name} card lying sideways ({card.height} mm long)",
        )
    if model.space_height < card.width + 2 * BORDER:
        found.add(
            "error",
            "space_height",
            f"{model.space_height:g} mm is too narrow for a {card.name} card lying sideways ({card.width} mm wide)",
        )


def _check_grid(model: AirKingField, card: CardSize, found: Findings) -> None:
    _card_fits(model, card, found)
    if found.has_errors():
        return
    for i, name in enumerate(model.closed):
        _space(model, name, f"closed[{i}]", found)
    if model.lanes < 3:
        found.add(
            "warning",
            "lanes",
            "with fewer than 3 lanes, aircraft flying opposite ways can rarely get "
            "past each other except with a Pass card",
        )


def _space(model: AirKingField, name: str, path: str, found: Findings) -> tuple[int, int] | None:
    """The (column, lane) of a space name inside the grid, or None after adding an error."""
    spot = parse_cell(name)
    if spot is None:
        found.add("error", path, f"{name!r} is not a space name (a column letter, then a lane number: e.g. c3)")
        return None
    col, lane = spot
    if col >= model.columns or lane >= model.lanes:
        last = cell_name(model.columns - 1, model.lanes - 1)
        found.add("error", path, f"{name} lies outside the {model.columns} x {model.lanes} grid (a1 to {last})")
        return None
    return spot


def _adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _check_airports(model: AirKingField, order: tuple[str, ...], found: Findings) -> None:
    for name in model.airports:
        if name not in order:
            hint = did_you_mean(name, order)
            found.add("error", f"airports.{name}", f"unknown airport {name!r}{hint} (known: {', '.join(order)})")
    if found.has_errors():  # a misspelt airport: the one it stands for is not also reported missing
        return
    for name in order:
        if name not in model.airports:
            found.add("error", "airports", f"airport {name} is missing (the field needs {' and '.join(order)})")
    if found.has_errors():
        return
    closed = {parse_cell(n) for n in model.closed}
    taken: dict[tuple[int, int], str] = {}

    def claim(spot: tuple[int, int] | None, path: str, what: str) -> tuple[int, int] | None:
        """The spot, now ``what``; None (after one error) when it is closed or already something else."""
        if spot is None:
            return None
        if spot in closed:
            found.add("error", path, f"{cell_name(*spot)} is listed under closed, so it cannot be {what}")
            return None
        if spot in taken:
            found.add("error", path, f"{cell_name(*spot)} is already {taken[spot]}, so it cannot be {what}")
            return None
        taken[spot] = what
        return spot

    spots = {}
    for name in order:
        place, path = model.airports[name], f"airports.{name}"
        spots[name] = claim(_space(model, place.at, f"{path}.at", found), f"{path}.at", f"airport {name}")
    for name in order:
        place, path, airport = model.airports[name], f"airports.{name}", spots[name]
        runway = claim(
            _space(model, place.runway, f"{path}.runway", found),
            f"{path}.runway",
            f"the arrival zone of airport {name}",
        )
        if airport and runway and not _adjacent(airport, runway):
            found.add(
                "error",
                f"{path}.runway",
                f"no arrival zone beside airport {name}: the runway "
                f"{place.runway} does not touch {place.at} (it must share a side with the airport)",
            )
        if not place.departures:
            found.add("error", f"{path}.departures", f"airport {name} needs at least one departure zone")
        for i, zone in enumerate(place.departures):
            where = f"{path}.departures[{i}]"
            spot = claim(_space(model, zone, where, found), where, f"a departure zone of airport {name}")
            if airport and spot and not _adjacent(airport, spot):
                found.add("error", where, f"departure zone {zone} does not touch airport {name} at {place.at}")
        if len(place.departures) == 1:
            found.add(
                "warning",
                f"{path}.departures",
                f"airport {name} has one departure zone: its aircraft can "
                "only leave one at a time, and one Storm shuts it",
            )
    a, b = (spots[name] for name in order)
    if a and b and a[0] == b[0]:
        found.add(
            "error",
            f"airports.{order[1]}.at",
            "the airports lie in the same column: aircraft fly along the lanes, so the airports need different columns",
        )


def _check_paths(model: AirKingField, field: Field, found: Findings) -> None:
    for home, name in enumerate(field.airport_names):
        other = field.airport_names[1 - home]
        zones = model.airports[name].departures
        reach = [field.distance[home][field.index[z]] < FAR for z in zones]
        path = f"airports.{name}.departures"
        if not any(reach):
            found.add(
                "error",
                path,
                f"no path between the airports: aircraft leaving airport {name} can never "
                f"reach the arrival zone {model.airports[other].runway} of airport {other} (flying forward "
                "and sideways only)",
            )
            continue
        for i, ok in enumerate(reach):
            if not ok:
                found.add(
                    "warning", f"{path}[{i}]", f"aircraft departing into {zones[i]} can never reach airport {other}"
                )


def raise_errors(loaded: Loaded[AirKingField]) -> None:
    """Raise the first error ``check_field`` finds, as a located DataError."""
    raise_first_error(check_field(loaded))


def checked_field(path: Path | None) -> Field:
    """The geometry of a field file (the built-in one by default), refused if it has errors."""
    loaded = load_field(path)
    raise_errors(loaded)
    return build_field(loaded.value, _airport_order())


def _airport_order() -> tuple[str, str]:
    first, second = (a.name for a in load_data().value.airports)
    return first, second


def new_field(seed: int | None) -> str:
    """The built-in field's text, or with a seed a generated field (``check_field`` finds nothing in it)."""
    if seed is None:
        return board_file("air-king.yaml").read_text(encoding="utf-8")
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        text = _generated(rng, seed)
        if not check_field(load_text(text, AirKingField, "generated")):  # no error, and no warning either
            return text
    raise PnpError(f"no playable Air King field came out of {ATTEMPTS} tries with seed {seed}: try another seed")


def _generated(rng: random.Random, seed: int) -> str:
    """A random field: airports 3-8 spaces apart, 3-7 lanes, a few closed spaces away from the airports."""
    gap = rng.randint(3, 8)
    lanes = rng.choice((3, 5, 7))
    middle = lanes // 2
    columns = gap + 2
    keep = {(0, middle + d) for d in (-1, 0, 1)} | {(columns - 1, middle + d) for d in (-1, 0, 1)}
    keep |= {(1, middle), (columns - 2, middle)}
    candidates = [(c, r) for c in range(columns) for r in range(lanes) if (c, r) not in keep and r != middle]
    closed = sorted(rng.sample(candidates, k=min(len(candidates), rng.randint(0, gap // 2))))
    closed_text = "[" + ", ".join(cell_name(c, r) for c, r in closed) + "]"
    last = LETTERS[columns - 1]
    return f"""game: air-king
# A generated Air King field (pnp map new air-king --seed {seed}).
# Spaces are named by column letter (a = left) and lane number (1 = top).
# Aircraft from A fly right towards B; aircraft from B fly left.
columns: {columns}
lanes: {lanes}
space_width: 94     # mm: a poker card lying sideways, plus a border
space_height: 68
closed: {closed_text}   # spaces that are not part of the field
airports:
  A:
    at: a{middle + 1}
    runway: b{middle + 1}            # arrival zone for aircraft landing at A
    departures: [a{middle}, a{middle + 2}]
  B:
    at: {last}{middle + 1}
    runway: {LETTERS[columns - 2]}{middle + 1}
    departures: [{last}{middle}, {last}{middle + 2}]
"""


def preview_field(loaded: Loaded[AirKingField]) -> Drawing:
    """The field as the kit prints it, with every space named, for authoring."""
    from pnp.games.air_king.mat import field_drawing

    raise_errors(loaded)
    return field_drawing(build_field(loaded.value, _airport_order()), authoring=True)
