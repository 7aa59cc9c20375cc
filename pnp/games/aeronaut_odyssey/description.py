"""Aeronaut Odyssey's board in words (``State.describe``): the routes claimed and by whom, where each aeronaut is,
and each player's balloons, in the session's words; with hidden inventories, another player's balloons are only
counted."""

from __future__ import annotations

from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Lane
from pnp.games.aeronaut_odyssey.model import ORDER, TYPES
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.aeronaut_odyssey.wording import type_word
from pnp.games.described import clauses, series
from pnp.texts import Catalogue


def describe(state: AeroState, viewer: str | None) -> tuple[str, ...]:
    """The sentences of ``state``'s board as ``viewer`` (None: the shared screen) may see it."""
    t = state.words
    claimed = [words for k, lane in enumerate(state.board.lanes) if (words := _claimed(state, t, k, lane))]
    sentences = [t("described.claimed", routes=clauses(t, claimed)) if claimed else t("described.claimed.none")]
    sentences.append(
        t("described.where", aeronauts=series(t, [_where(state, t, p) for p in range(len(state.players))]))
    )
    sentences += [_balloons(state, t, p, viewer) for p in range(len(state.players))]
    return tuple(sentences)


def _claimed(state: AeroState, t: Catalogue, k: int, lane: Lane) -> str:
    """Lane ``k`` in words with who claimed it (each space of a multicoloured route), or '' while open."""
    cities, marks = state.board.cities, state.marks(k)
    route = {"a": cities[lane.a], "b": cities[lane.b]}
    if lane.kind == MULTI:
        held = [
            t("described.space", space=n + 1, player=state.players[seat]) for n, seat in enumerate(marks) if seat >= 0
        ]
        return t("described.route.multi", spaces=series(t, held), **route) if held else ""
    if marks[0] < 0:
        return ""
    colour = t(f"type.{TYPES[lane.type]}") if lane.kind == COLOUR else t("described.gray")
    key = "described.route.second" if lane.second else "described.route"
    return t(key, colour=colour, player=state.players[marks[0]], **route)


def _where(state: AeroState, t: Catalogue, p: int) -> str:
    """Where aeronaut ``p`` is: a city by its letter, still its start before its first move."""
    key = "described.at.start" if state.slot_of[p] < 0 else "described.at"
    return t(key, player=state.players[p], city=state.board.cities[state.pos[p]])


def _balloons(state: AeroState, t: Catalogue, p: int, viewer: str | None) -> str:
    """Player ``p``'s balloons by type, or only how many when inventories are hidden from ``viewer``."""
    player, held = state.players[p], state.inventory(p)
    if state.hidden and player != viewer:
        return t("described.balloons.count", player=player, count=sum(held))
    kinds = [t("play.balloons", count=n, type=type_word(t, ORDER[kind])) for kind, n in enumerate(held) if n]
    if not kinds:
        return t("described.balloons.none", player=player, free=state.blank[p])
    return t("described.balloons", player=player, balloons=series(t, kinds), free=state.blank[p])
