"""Air King's board in words (``State.describe``), in the session's words (its variant's language): the round,
the aircraft in flight and where, the Storms, who waits and who has landed at each airport, the piles, how many
cards each hand holds (the viewer's own by title) and the goals revealed."""

from __future__ import annotations

from pnp.games.air_king.actions import LANDED, STORM, WAITING
from pnp.games.air_king.field import LETTERS, spot
from pnp.games.air_king.state import AirKingState
from pnp.games.described import clauses, series
from pnp.texts import Catalogue


def describe(state: AirKingState, viewer: str | None) -> tuple[str, ...]:
    """The sentences of ``state``'s board as ``viewer`` (None: the shared screen) may see it."""
    t = state.rules.words
    sentences = [t("described.round", round=state.round + 1, rounds=state.rounds)] if state.stage() == "play" else []
    sentences.append(_flying(state, t))
    storms = [_space(state, t, cell) for cell, thing in enumerate(state.occ) if thing == STORM]
    sentences += [t("described.storms", spaces=clauses(t, storms))] if storms else []
    sentences += _airports(state, t)
    sentences += [_piles(state, t), _hands(state, t)]
    if viewer in state.players:
        sentences.append(t("described.hand.yours", cards=state.hand_text(state.players.index(viewer))))
    sentences += [_goal(state, t, seat) for seat, goal in enumerate(state.goals) if goal >= 0]
    return tuple(sentences)


def _flying(state: AirKingState, t: Catalogue) -> str:
    """Each aircraft on the field: where, which airport it flies to, and whether it is held."""
    names = state.rules.field.airport_names
    flying = []
    for a, cell in enumerate(state.pos):
        if cell >= 0:
            key = "described.flight.held" if state.held[a] else "described.flight"
            to = names[1 - state.rules.home[a]]
            flying.append(t(key, aircraft=_aircraft(t, a), space=_space(state, t, cell), airport=to))
    return t("described.flights", flights=clauses(t, flying)) if flying else t("described.flights.none")


def _airports(state: AirKingState, t: Catalogue) -> list[str]:
    """Who waits to take off from each airport, and who has landed there."""
    sentences = []
    for h, name in enumerate(state.rules.field.airport_names):
        for key, where, home in (("described.waiting", WAITING, h), ("described.landed", LANDED, 1 - h)):
            found = [a for a, at in enumerate(state.pos) if at == where and state.rules.home[a] == home]
            aircraft = series(t, [str(a + 1) for a in found])  # '2, 3 and 5'
            sentences += [t(key, airport=name, aircraft=aircraft, count=len(found))] if found else []
    return sentences


def _piles(state: AirKingState, t: Catalogue) -> str:
    """The draw pile's size and the discard pile's cards, both public."""
    draw = sum(state.draw)
    if not any(state.discard):
        return t("described.piles.no_discard", count=draw)
    return t("described.piles", count=draw, cards=state.rules.data.titles(state.discard))


def _hands(state: AirKingState, t: Catalogue) -> str:
    """How many event cards each hand holds, and whose Technical Return is still ready."""
    held = [
        t("described.hand", player=player, count=state.hand_size(seat)) for seat, player in enumerate(state.players)
    ]
    ready = [player for seat, player in enumerate(state.players) if state.technical[seat]]
    sentence = t("described.hands", hands=series(t, held))
    return f"{sentence} {t('described.technical', players=series(t, ready))}" if ready else sentence


def _goal(state: AirKingState, t: Catalogue, seat: int) -> str:
    """A revealed goal card: its aircraft and how many of them have landed, or why it does not count."""
    goal = state.goals[seat]
    aircraft = series(t, [str(n) for n in state.rules.data.goals[goal]])
    values = {"player": state.players[seat], "number": goal + 1, "aircraft": aircraft}
    if seat in state.void:
        return t("described.goal.void", **values)
    landed = (state.rules.goal_masks[goal] & state.landed).bit_count()
    return t("described.goal", landed=landed, **values)


def _aircraft(t: Catalogue, a: int) -> str:
    """Aircraft ``a`` (0-based) as a move's label names it: 'aircraft 3'."""
    return t("play.aircraft", number=a + 1)


def _space(state: AirKingState, t: Catalogue, cell: int) -> str:
    """A space of the field as a listener hears it: its column letter and its lane."""
    column, lane = spot(state.rules.field.names[cell])
    return t("described.space", column=LETTERS[column], lane=lane + 1)
