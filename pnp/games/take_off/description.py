"""Take Off!'s board in words (``State.describe``): each player's jets by city, with their place in the race, the
dice still to fly with, the capitals drawn and waiting for a jet, a jet sent back by the last move, and the decks,
in the session's words. Nothing in Take Off! is hidden: every viewer hears the same."""

from __future__ import annotations

from pnp.games.described import clauses, series
from pnp.games.take_off.state import FLY, WILD, TakeOffState
from pnp.games.take_off.text import deck_word
from pnp.games.take_off.world import HOME
from pnp.texts import Catalogue


def describe(state: TakeOffState) -> tuple[str, ...]:
    """The sentences of ``state``'s board, the same for every viewer."""
    t, data = state.ctx.words, state.ctx.data
    places = state.places()
    sentences = [_fleet(state, t, seat, places[seat]) for seat in range(len(state.players))]
    sentences += [t("described.bumped", player=state.players[seat], jet=jet + 1) for seat, jet in state.bumped]
    if state.phase == FLY and state.dice:
        faces = [
            t("described.die.jet") if f == WILD else t(f"data.route.{data.route_colours[f].letter}.name").lower()
            for f in state.dice
        ]
        sentences.append(t("described.dice", faces=series(t, faces)))
    if state.hand:
        sentences.append(t("described.drawn", cities=series(t, [state.ctx.world.name(c) for c in state.hand])))
    east, west = (deck_word(t, side) for side in ("east", "west"))
    sentences.append(
        t("described.decks", east=east, east_left=len(state.piles[0]), west=west, west_left=len(state.piles[1]))
    )
    return tuple(sentences)


def _fleet(state: TakeOffState, t: Catalogue, seat: int, place: int) -> str:
    """A player's colour, place in the race and each jet's city."""
    colours = state.ctx.data.jet_colours
    jets = [_jet(state, t, jet + 1, city) for jet, city in enumerate(state.jets_of(seat))]
    colour = t(f"data.jet.{colours[seat % len(colours)].letter}.name").lower()
    return t("described.fleet", player=state.players[seat], colour=colour, place=place, jets=clauses(t, jets))


def _jet(state: TakeOffState, t: Catalogue, jet: int, city: int) -> str:
    """Where one jet is: home at Finish, at Start, or in a city by its printed name."""
    world = state.ctx.world
    if city == HOME:
        return t("described.jet.home", jet=jet)
    if city == world.start:
        return t("described.jet.start", jet=jet)
    return t("described.jet", jet=jet, city=world.name(city))
