"""Hauling Astronauts' board in words (``State.describe``): which player loads along which strips, the dice in
Available and Booked, the astronauts on the board row by row, each loading dock's transport (a face-down one
unnamed) and each destination dock with the transport and load it took. Every viewer hears the same: a seat's
own face-down transports are on its phone already, among its secrets."""

from __future__ import annotations

from pnp.games.described import clauses, series
from pnp.games.hauling_astronauts.notation import (
    BONUS_NAMES,
    COLUMN_NAMES,
    GOLD,
    MOVED,
    RED,
    ROW_NAMES,
    SIZE,
    face,
    kind,
)
from pnp.games.hauling_astronauts.pieces import printed_range
from pnp.games.hauling_astronauts.state import VOID, HaulingState
from pnp.texts import Catalogue


def describe(state: HaulingState) -> tuple[str, ...]:
    """The sentences of ``state``'s board, the same for every viewer, in the session's words."""
    t = state.words
    one, two = state.players
    sentences = [t("described.sides", first=one, second=two), _dice(state, t), _grid(state, t)]
    sentences += [_loading(state, t, player) for player in (0, 1)]
    sentences.append(_destinations(state, t))
    return tuple(sentences)


def _dice(state: HaulingState, t: Catalogue) -> str:
    """How many dice lie in Available (the bonus dice among them named) and what the Booked dice show."""
    bonus = [t(f"play.bonus.{BONUS_NAMES[bit]}") for bit in (GOLD, RED) if state.specials_free & bit]
    available = t("described.available", count=state.available)
    available += t("described.available.bonus", dice=series(t, bonus)) if bonus else ""
    if not state.booked:
        return t("described.dice.no_booked", available=available)
    return t("described.dice", available=available, booked=series(t, [_die(t, die) for die in state.booked]))


def _grid(state: HaulingState, t: Catalogue) -> str:
    """The astronauts (dice) confirmed on the board, row by row, each with its column and whether it has moved."""
    rows = []
    for r in range(SIZE):
        dice = [
            t("described.grid.moved" if die & MOVED else "described.grid.die", die=_die(t, die), column=COLUMN_NAMES[c])
            for c in range(SIZE)
            if (die := state.grid[r * SIZE + c])
        ]
        key = "described.grid.row" if dice else "described.grid.row.empty"
        rows.append(t(key, row=ROW_NAMES[r], dice=series(t, dice)))
    return t("described.grid", rows=clauses(t, rows))


def _loading(state: HaulingState, t: Catalogue, player: int) -> str:
    """What lies at each of ``player``'s loading docks, strip by strip."""
    docks = []
    for strip in range(SIZE):
        where = t(
            "described.strip.row" if player == 0 else "described.strip.column",
            strip=(ROW_NAMES, COLUMN_NAMES)[player][strip],
        )
        slot = state.docked[player][strip]
        transport = state.docked_transport(player, strip)
        if slot < 0:
            docks.append(t("described.dock.departed", strip=where))
        elif transport is not None:
            docks.append(
                t(
                    "described.dock",
                    strip=where,
                    name=transport.name,
                    capacity=printed_range(transport.low, transport.high, t),
                    profit=transport.profit,
                )
            )
        else:
            key = "described.dock.face_down" if state.placed(player, slot) else "described.dock.none"
            docks.append(t(key, strip=where))
    return t("described.docks", player=state.players[player], docks=clauses(t, docks))


def _destinations(state: HaulingState, t: Catalogue) -> str:
    """Each destination dock: its loads and bonus, and the transport that took it with its load and dice."""
    docks = []
    for d, dock in enumerate(state.data.docks):
        values = {"number": d + 1, "capacity": printed_range(dock.low, dock.high, t), "bonus": dock.bonus}
        index = state.dest[d]
        if index < 0:
            docks.append(t("described.destination.free", **values))
            continue
        departure = state.departures[index]
        transport = state.transport(departure)
        if transport is not None:
            name = transport.name
        else:
            void = state.transport_of[departure.player][departure.slot] == VOID
            name = t("described.transport.void" if void else "described.transport.face_down")
        dice = series(t, [_die(t, die) for die in departure.dice])
        player = state.players[departure.player]
        docks.append(
            t("described.destination", player=player, transport=name, load=departure.load, dice=dice, **values)
        )
    return t("described.destinations", docks=clauses(t, docks))


def _die(t: Catalogue, die: int) -> str:
    """A die as a listener hears it: its face, and its colour for a bonus die ('4', 'gold 4')."""
    bonus = kind(die)
    return t(f"described.die.{BONUS_NAMES[bonus]}", face=face(die)) if bonus else str(face(die))
