"""Why a Take Off! move is refused: one plain sentence and the rule it breaks."""

from __future__ import annotations

from itertools import permutations
from typing import cast

from pnp.errors import IllegalMove
from pnp.games.base import NextStep, wrong_stage
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, TakeOffMove, format_move
from pnp.games.take_off.state import DRAW, EAST, FLY, OVER, ROLL, SEND, WILD, TakeOffState
from pnp.games.take_off.text import winners
from pnp.games.take_off.world import HOME
from pnp.referee.protocol import Move

EXPECTED: dict[int, type | tuple[type, ...]] = {ROLL: Roll, DRAW: Draw, SEND: Send, FLY: (Fly, Pass)}  # per phase


def next_step(state: TakeOffState) -> NextStep:
    """What the player to move must do first, in words, and whether that shows an example."""
    if state.phase == OVER:
        return NextStep(f"{winners(state)}; see the scores with 'pnp ref score'")
    return {
        ROLL: NextStep("enter the dice first, e.g. 'roll R Y'"),
        DRAW: NextStep("enter the TAKE OFF! card drawn first, e.g. 'draw tokyo'"),
        SEND: NextStep("send a jet to the capital on the card first, e.g. 'send 1'"),
        FLY: NextStep("use the dice first: 'fly ...', or 'pass' if no colour can be used", guided=False),
    }[state.phase]


def refusal(state: TakeOffState, move: Move) -> IllegalMove:
    """The IllegalMove for a move that is not among ``state.legal_moves()``."""
    if state.phase == OVER:
        return wrong_stage("over", next_step(state))
    if not isinstance(move, EXPECTED[state.phase]):
        step = next_step(state)
        return IllegalMove(f"{state.players[state.seat]} must {step.text}", "turn order", step.guided)
    if isinstance(move, Roll):
        return IllegalMove(f"{move.first} {move.second} is not a roll of these dice", "dice")
    if isinstance(move, Draw):
        return _draw(state, move)
    if isinstance(move, Send):
        why = f"jet {move.jet} took the first card: a double TAKE OFF! moves two different jets"
        return _out_of_play(state, move.jet) or IllegalMove(why, "doubles")
    if isinstance(move, Fly):
        return _fly(state, move)
    return IllegalMove(f"the dice can be used (e.g. '{_example(state)}'), so you may not pass", "to begin", guided=True)


def _example(state: TakeOffState) -> str:
    """The first legal move, written out."""
    return format_move(cast(TakeOffMove, state.legal_moves()[0]))


def _draw(state: TakeOffState, move: Draw) -> IllegalMove:
    world = state.ctx.world
    rule = "TAKE OFF! facet"
    city = world.index.get(move.city, -1)
    if city < 0:
        return IllegalMove(f"there is no city {move.city!r} on the map", rule)
    if city not in world.decks[0] + world.decks[1]:
        return IllegalMove(f"{world.name(city)} is not a capital: no card names it", rule)
    if city not in world.decks[state.deck]:
        deck = state.ctx.data.deck("east" if state.deck == EAST else "west").name.lower()
        why = "a jet of yours is on the eastern half" if state.deck == EAST else "all your jets are on the western half"
        return IllegalMove(
            f"{world.name(city)} is in the other deck: {why}, so the card comes from the {deck} deck",
            "TAKE OFF! facet: which deck",
        )
    return IllegalMove(f"the {world.name(city)} card is not in the deck now (it was drawn already)", rule)


def _out_of_play(state: TakeOffState, jet: int) -> IllegalMove | None:
    """Why the mover's jet ``jet`` (from 1) cannot move, if it cannot."""
    fleet = state.ctx.fleet
    if jet > fleet:
        return IllegalMove(f"there is no jet {jet}: the fleet has jets 1 to {fleet}", "preparing to play")
    if state.jets_of(state.seat)[jet - 1] == HOME:
        return IllegalMove(f"jet {jet} has reached Finish and is out of play", "winning the game")
    return None


def _face(state: TakeOffState, face: int) -> str:
    return "jet" if face == WILD else state.ctx.data.route_colours[face].name


def _fly(state: TakeOffState, move: Fly) -> IllegalMove:
    world, dice = state.ctx.world, state.dice
    steps = sum(len(cities) for _, cities in move.legs)
    if steps > len(dice):
        return IllegalMove(f"the dice left allow {len(dice)} route(s), not {steps}", "to begin")
    colours: list[set[int]] = []
    for jet, cities in move.legs:
        out = _out_of_play(state, jet)
        if out:
            return out
        here = state.jets_of(state.seat)[jet - 1]
        for name in cities:
            city = world.index.get(name, -1)
            if city < 0:
                return IllegalMove(f"there is no city {name!r} on the map", "to begin")
            ways = {k for k, dest in enumerate(world.routes[here]) if dest == city}
            if not ways:
                return IllegalMove(
                    f"no route leads from {world.name(here)} to {world.name(city)} (only westward along the lines)",
                    "only forward (westward) movement",
                )
            colours.append(ways)
            here = city
    if not any(
        all(face == WILD or face in ways for face, ways in zip(order, colours)) for order in permutations(dice, steps)
    ):
        shown = " and ".join(_face(state, f) for f in dice)
        wanted = " then ".join("/".join(_face(state, k) for k in sorted(w)) for w in colours)
        return IllegalMove(f"those routes are {wanted}, but the dice show {shown}", "dice colours")
    return IllegalMove(
        f"both dice can be used (e.g. '{_example(state)}'), so both must be",
        "both colours must be used if possible",
        guided=True,
    )
