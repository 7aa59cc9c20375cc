"""Why a Take Off! move is refused: one plain sentence and the rule it breaks, in the session's words (keys
``play.step.*`` and ``play.refusal.*``)."""

from __future__ import annotations

from itertools import permutations
from typing import cast

from pnp.errors import IllegalMove
from pnp.games.base import NextStep, wrong_stage
from pnp.games.described import chained
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, TakeOffMove, format_move
from pnp.games.take_off.state import DRAW, EAST, FLY, OVER, ROLL, SEND, WILD, TakeOffState
from pnp.games.take_off.text import deck_word, winners
from pnp.games.take_off.world import HOME
from pnp.referee.protocol import Move

EXPECTED: dict[int, type | tuple[type, ...]] = {ROLL: Roll, DRAW: Draw, SEND: Send, FLY: (Fly, Pass)}  # per phase
STEPS = {ROLL: "roll", DRAW: "draw", SEND: "send", FLY: "fly"}  # the play.step.* entry of each phase


def next_step(state: TakeOffState) -> NextStep:
    """What the player to move must do first, in words, and whether that shows an example."""
    t = state.ctx.words
    if state.phase == OVER:
        return NextStep(t("play.step.over", winners=winners(state)))
    return NextStep(t(f"play.step.{STEPS[state.phase]}"), guided=state.phase != FLY)


def _refused(state: TakeOffState, key: str, rule: str, guided: bool = False, **values: object) -> IllegalMove:
    """The refusal worded by the session's entry ``play.refusal.KEY`` with ``values``, naming ``rule``."""
    return IllegalMove(state.ctx.words(f"play.refusal.{key}", **values), rule, guided)


def refusal(state: TakeOffState, move: Move) -> IllegalMove:
    """The IllegalMove for a move that is not among ``state.legal_moves()``."""
    if state.phase == OVER:
        return wrong_stage("over", next_step(state), state.ctx.words)
    if not isinstance(move, EXPECTED[state.phase]):
        step = next_step(state)
        return _refused(state, "turn", "turn order", step.guided, player=state.players[state.seat], step=step.text)
    if isinstance(move, Roll):
        return _refused(state, "roll", "dice", first=move.first, second=move.second)
    if isinstance(move, Draw):
        return _draw(state, move)
    if isinstance(move, Send):
        return _out_of_play(state, move.jet) or _refused(state, "doubles", "doubles", jet=move.jet)
    if isinstance(move, Fly):
        return _fly(state, move)
    return _refused(state, "pass", "to begin", True, example=_example(state))


def _example(state: TakeOffState) -> str:
    """The first legal move, written out."""
    return format_move(cast(TakeOffMove, state.legal_moves()[0]))


def _draw(state: TakeOffState, move: Draw) -> IllegalMove:
    world = state.ctx.world
    rule = "TAKE OFF! facet"
    city = world.index.get(move.city, -1)
    if city < 0:
        return _refused(state, "no_city", rule, city=repr(move.city))
    if city not in world.decks[0] + world.decks[1]:
        return _refused(state, "not_capital", rule, city=world.name(city))
    if city not in world.decks[state.deck]:
        t = state.ctx.words
        deck = deck_word(t, "east" if state.deck == EAST else "west")
        why = t("play.refusal.east" if state.deck == EAST else "play.refusal.west")
        return _refused(state, "other_deck", "TAKE OFF! facet: which deck", city=world.name(city), why=why, deck=deck)
    return _refused(state, "drawn", rule, city=world.name(city))


def _out_of_play(state: TakeOffState, jet: int) -> IllegalMove | None:
    """Why the mover's jet ``jet`` (from 1) cannot move, if it cannot."""
    fleet = state.ctx.fleet
    if jet > fleet:
        return _refused(state, "no_jet", "preparing to play", jet=jet, fleet=fleet)
    if state.jets_of(state.seat)[jet - 1] == HOME:
        return _refused(state, "home", "winning the game", jet=jet)
    return None


def _face(state: TakeOffState, face: int) -> str:
    t = state.ctx.words
    return t("play.face.jet") if face == WILD else t(f"data.route.{state.ctx.data.route_colours[face].letter}.name")


def _fly(state: TakeOffState, move: Fly) -> IllegalMove:
    world, dice, t = state.ctx.world, state.dice, state.ctx.words
    steps = sum(len(cities) for _, cities in move.legs)
    if steps > len(dice):
        return _refused(state, "routes", "to begin", left=len(dice), steps=steps)
    colours: list[set[int]] = []
    for jet, cities in move.legs:
        out = _out_of_play(state, jet)
        if out:
            return out
        here = state.jets_of(state.seat)[jet - 1]
        for name in cities:
            city = world.index.get(name, -1)
            if city < 0:
                return _refused(state, "no_city", "to begin", city=repr(name))
            ways = {k for k, dest in enumerate(world.routes[here]) if dest == city}
            if not ways:
                rule = "only forward (westward) movement"
                return _refused(state, "no_route", rule, origin=world.name(here), city=world.name(city))
            colours.append(ways)
            here = city
    if not any(
        all(face == WILD or face in ways for face, ways in zip(order, colours)) for order in permutations(dice, steps)
    ):
        shown = chained(t, "play.and", [_face(state, f) for f in dice])
        wanted = chained(t, "play.refusal.then", ["/".join(_face(state, k) for k in sorted(w)) for w in colours])
        return _refused(state, "colours", "dice colours", routes=wanted, dice=shown)
    return _refused(state, "both", "both colours must be used if possible", True, example=_example(state))
