"""Take Off! in the terminal: whose turn, the dice, every jet's city and grid square, the decks.

Nothing is hidden in Take Off!, so every viewer sees the same picture.
"""

from __future__ import annotations

from pnp.games.take_off.state import DRAW, EAST, FLY, OVER, ROLL, WILD, TakeOffState
from pnp.games.take_off.world import HOME


def round_line(state: TakeOffState) -> str:
    """The round being played, and the limit (a game ended by it stays at its last round: 'round 4 (limit 4)')."""
    limit = state.ctx.round_limit
    return f"round {min(state.round + 1, limit)} (limit {limit})"


def render(state: TakeOffState) -> str:
    """A plain-text picture of ``state``."""
    ctx, world = state.ctx, state.ctx.world
    data = ctx.data
    lines = [f"{world.map.title} - {round_line(state)}", status(state)]
    ranks = state.places()
    for seat, name in enumerate(state.players):
        colour = data.jet_colours[seat % len(data.jet_colours)]
        home = state.jets_of(seat).count(HOME)
        jets = ", ".join(f"{colour.letter}{j + 1} {where(state, city)}" for j, city in enumerate(state.jets_of(seat)))
        lines.append(
            f"  {name} ({colour.name}): {jets} | home {home}, progress {sum(state.progress(seat))}, place {ranks[seat]}"
        )
    for seat, jet in state.bumped:
        lines.append(f"  bumped: {state.players[seat]}'s jet {jet + 1} went back to Start")
    brown, blue = data.deck("east"), data.deck("west")
    lines.append(
        f"Decks: {brown.name.lower()} {len(state.piles[0])} left, {blue.name.lower()} {len(state.piles[1])} left"
    )
    return "\n".join(lines)


def where(state: TakeOffState, city: int, square: str = "[{}]") -> str:
    """Where a jet is in words: "home", "Start", or the city's name and its map square (written as ``square``)."""
    world = state.ctx.world
    if city == HOME:
        return "home"
    if city == world.start:
        return "Start"
    return f"{world.name(city)} {square.format(world.layout.city_reference(city))}"


def status(state: TakeOffState) -> str:
    """One line: whose input is expected, and for what."""
    if state.phase == OVER:
        if state.round >= state.ctx.round_limit:
            return f"The game is over at its limit of {state.ctx.round_limit} rounds: {winners(state)} on progress."
        return f"The game is over: {winners(state)}."
    data, world = state.ctx.data, state.ctx.world
    player = state.players[state.seat]
    if state.phase == ROLL:
        doing = "to roll the dice"
    elif state.phase == DRAW:
        deck = data.deck("east" if state.deck == EAST else "west").name.lower()
        doing = f"to draw {state.to_draw} TAKE OFF! card(s) from the {deck} deck"
    elif state.phase == FLY:
        doing = "to fly with " + " and ".join("jet" if f == WILD else data.route_colours[f].name for f in state.dice)
    else:
        doing = f"to send a jet to {world.name(state.hand[0])}"
    return f"{player} {doing}" + (" (a double: rolls again after)" if state.again else "")


def winners(state: TakeOffState) -> str:
    """Who won a finished game, in words: "ann wins", or a tie ("ann and bob win")."""
    names = state.score().winners
    return f"{' and '.join(names)} {'wins' if len(names) == 1 else 'win'}"
