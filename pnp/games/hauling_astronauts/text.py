"""Hauling Astronauts in words on a picture: the terminal's (the grid, the docks, the dice, the scores, who is to
move) and what the state picture says with it, in the session's words (``picture.*``)."""

from __future__ import annotations

from pnp.games.described import chained, series
from pnp.games.hauling_astronauts.notation import BONUS_NAMES, COLUMN_NAMES, MOVED, ROW_NAMES, SIZE, format_die
from pnp.games.hauling_astronauts.pieces import printed_range
from pnp.games.hauling_astronauts.state import ACTION, DEPART, REVEAL, SETUP, SLOTS, VOID, HaulingState
from pnp.referee.protocol import PlayerScore

_DOING = {SETUP: "setup", ACTION: "action", DEPART: "depart", REVEAL: "reveal"}  # picture.doing.* by phase


def doing(state: HaulingState, plain: bool = False) -> str:
    """What the player to move may do, in a few words (``plain``, for a picture: no secret slots to type)."""
    t = state.words
    if state.phase == SETUP and state.hidden:
        return t("picture.doing.setup_hidden") if plain else t("picture.text.seal")
    if state.phase == ACTION and not state.progress:
        return t("picture.doing.open")
    return t(f"picture.doing.{_DOING[state.phase]}")


def _cell(die: int) -> str:
    if not die:
        return "."
    return format_die(die & ~MOVED) + ("*" if die & MOVED else "")


def _docked(state: HaulingState, player: int, strip: int, viewer: str | None) -> str:
    """What lies at a loading dock. A face-down transport is named by its secret slot (swaps are public),
    so its owner can look the slot up among their secrets ("your t3")."""
    t, slot = state.words, state.docked[player][strip]
    if slot < 0:
        return t("picture.text.departed")
    transport = state.docked_transport(player, strip)
    if transport is not None:
        capacity = printed_range(transport.low, transport.high, t)
        return t(
            "picture.text.transport", id=transport.id, name=transport.name, capacity=capacity, profit=transport.profit
        )
    if not state.placed(player, slot):
        return t("picture.text.not_chosen")
    if viewer == state.players[player]:
        return t("picture.text.yours", slot=SLOTS[slot])
    return t("picture.text.theirs", player=state.players[player], slot=SLOTS[slot])


def _available(state: HaulingState) -> str:
    t = state.words
    marks = [t(f"play.bonus.{name}") for bit, name in BONUS_NAMES.items() if state.specials_free & bit]
    dice = t("picture.text.available", count=state.available)
    return t("picture.text.available.bonus", dice=dice, bonus=series(t, marks)) if marks else dice


def _destination(state: HaulingState, d: int) -> str:
    t, dock = state.words, state.data.docks[d]
    head = f"d{d + 1} {printed_range(dock.low, dock.high, t):>11} +{dock.bonus}"
    index = state.dest[d]
    if index < 0:
        return "  " + t("picture.text.dock", dock=head, what=t("picture.text.free"))
    departure = state.departures[index]
    transport = state.transport(departure)
    void = state.transport_of[departure.player][departure.slot] == VOID
    shown = transport.id if transport else (t("picture.tag.void") if void else "?")
    dice = " ".join(format_die(x) for x in departure.dice)
    who = state.players[departure.player]
    taken = t("picture.text.taken", player=who, transport=shown, load=departure.load, dice=dice)
    return "  " + t("picture.text.dock", dock=head, what=taken)


def _score_line(score: PlayerScore) -> str:
    parts = ", ".join(f"{part} {value}" for part, value in score.breakdown.items() if value)
    return f"{score.name} {score.score}" + (f" ({parts})" if parts else "")


def render(state: HaulingState, viewer: str | None = None) -> str:
    """Grid, loading docks, destination docks, dice areas, scores and who is to move, as ``viewer`` sees them."""
    t, (one, two) = state.words, state.players
    lines = [t("picture.text.title", game=t("title"), rows=one, columns=two)]
    options = [name for on, name in ((state.bonus_dice, "bonus_dice"), (state.hidden, "hidden_transports")) if on]
    if options:
        lines.append(t("picture.text.options", options=", ".join(t(f"picture.text.option.{o}") for o in options)))
    booked = " ".join(map(format_die, state.booked)) or "-"
    lines.append(t("picture.text.dice", available=_available(state), booked=booked))
    confirmed = t("picture.text.confirmed")
    lines.append(confirmed if state.full_once else t("picture.text.not_full", confirmed=confirmed))
    lines.append("       " + "".join(f"{c:>5}" for c in COLUMN_NAMES))
    for r in range(SIZE):
        lines.append(f"    {ROW_NAMES[r]}  " + "".join(f"{_cell(state.grid[r * SIZE + c]):>5}" for c in range(SIZE)))
    for player, names in ((0, ROW_NAMES), (1, COLUMN_NAMES)):
        lines.append(t("picture.text.docks", player=state.players[player]))
        lines.extend(
            "  " + t("picture.text.dock", dock=names[k], what=_docked(state, player, k, viewer)) for k in range(SIZE)
        )
    lines.append(t("picture.text.destinations"))
    lines.extend(_destination(state, d) for d in range(len(state.dest)))
    score = state.score()
    lines.append(t("picture.text.scores", scores=chained(t, "picture.text.next", [*map(_score_line, score.players)])))
    lines.extend(t("picture.text.note", note=note) for note in score.notes)
    lines.append(_last_line(state))
    return "\n".join(lines)


def _last_line(state: HaulingState) -> str:
    """Who won, or who is to move and what they may do."""
    t, score = state.words, state.score()
    if score.final:
        winners = series(t, score.winners)
        return t(
            "picture.text.over", winners=t("picture.text.tie", winners=winners) if len(score.winners) > 1 else winners
        )
    line = t("picture.text.move", player=state.to_move(), doing=doing(state))
    return t("picture.text.setup", line=line) if state.stage() == "set-up" else line
