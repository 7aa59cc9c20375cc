"""The terminal picture of a Hauling Astronauts position."""

from __future__ import annotations

from pnp.games.hauling_astronauts.notation import (
    BONUS_NAMES,
    COLUMN_NAMES,
    MOVED,
    ROW_NAMES,
    SIZE,
    format_die,
)
from pnp.games.hauling_astronauts.state import ACTION, SETUP, SLOTS, VOID, HaulingState
from pnp.referee.protocol import PlayerScore

_PROMPT = (
    "choose transports",
    "roll, then place / move / swap",
    "depart or end",
    "reveal the departing transport",
    "",
)


def prompt(state: HaulingState, plain: bool = False) -> str:
    """What the player to move may do, in a few words (``plain``, for a picture: no secret slots to type)."""
    if state.phase == SETUP and state.hidden:
        return "choose three transports, face down" if plain else "enter transports t1 t2 t3 as secrets"
    return "open the game: roll 3 dice" if state.phase == ACTION and not state.progress else _PROMPT[state.phase]


def _cell(die: int) -> str:
    if not die:
        return "."
    return format_die(die & ~MOVED) + ("*" if die & MOVED else "")


def _docked(state: HaulingState, player: int, strip: int, viewer: str | None) -> str:
    """What lies at a loading dock. A face-down transport is named by its secret slot (swaps are public),
    so its owner can look the slot up among their secrets ("your t3")."""
    slot = state.docked[player][strip]
    if slot < 0:
        return "(departed)"
    transport = state.docked_transport(player, strip)
    if transport is not None:
        return f"{transport.id} {transport.name}: {transport.label} pays {transport.profit}"
    if not state.placed(player, slot):
        return "(not chosen)"
    whose = "your" if viewer == state.players[player] else f"{state.players[player]}'s"
    return f"{whose} {SLOTS[slot]} (face down)"


def _available(state: HaulingState) -> str:
    marks = [name for bit, name in BONUS_NAMES.items() if state.specials_free & bit]
    return f"{state.available} dice" + (f" (with {' and '.join(marks)})" if marks else "")


def _destination(state: HaulingState, d: int) -> str:
    dock = state.data.docks[d]
    head = f"  d{d + 1} {dock.label:>11} +{dock.bonus}: "
    index = state.dest[d]
    if index < 0:
        return head + "free"
    departure = state.departures[index]
    transport = state.transport(departure)
    who = state.players[departure.player]
    shown = (
        transport.id if transport else ("void" if state.transport_of[departure.player][departure.slot] == VOID else "?")
    )
    dice = " ".join(format_die(x) for x in departure.dice)
    return head + f"{who}'s {shown}, load {departure.load} ({dice})"


def _score_line(score: PlayerScore) -> str:
    parts = ", ".join(f"{part} {value}" for part, value in score.breakdown.items() if value)
    return f"{score.name} {score.score}" + (f" ({parts})" if parts else "")


def render(state: HaulingState, viewer: str | None = None) -> str:
    """Grid, loading docks, destination docks, dice areas, scores and who is to move, as ``viewer`` sees them."""
    one, two = state.players
    lines = [f"Hauling Astronauts: {one} (rows 1-3) vs {two} (columns a-c)"]
    options = [name for on, name in ((state.bonus_dice, "bonus dice"), (state.hidden, "hidden transports")) if on]
    if options:
        lines.append("Options: " + ", ".join(options))
    booked = " ".join(map(format_die, state.booked)) or "-"
    lines.append(f"Available: {_available(state)}    Booked dice showing: {booked}")
    lines.append("Confirmed (* moved, g gold, r red)" + ("" if state.full_once else ": departures once all 9 are full"))
    lines.append("       " + "".join(f"{c:>5}" for c in COLUMN_NAMES))
    for r in range(SIZE):
        lines.append(f"    {ROW_NAMES[r]}  " + "".join(f"{_cell(state.grid[r * SIZE + c]):>5}" for c in range(SIZE)))
    for player, names in ((0, ROW_NAMES), (1, COLUMN_NAMES)):
        lines.append(f"{state.players[player]}'s loading docks:")
        lines.extend(f"  {names[k]}: {_docked(state, player, k, viewer)}" for k in range(SIZE))
    lines.append("Destination docks:")
    lines.extend(_destination(state, d) for d in range(len(state.dest)))
    score = state.score()
    lines.append("Scores: " + "; ".join(map(_score_line, score.players)))
    lines.extend(f"Note: {note}" for note in score.notes)
    if score.final:
        lines.append("Game over. Winner: " + " and ".join(score.winners) + (" (tie)" if len(score.winners) > 1 else ""))
    else:
        stage = "Set-up. " if state.stage() == "set-up" else ""
        lines.append(f"{stage}To move: {state.to_move()} ({prompt(state)})")
    return "\n".join(lines)
