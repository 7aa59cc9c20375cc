"""Take Off! in the terminal: whose turn, the dice, every jet's city and grid square, the decks, in the session's
words (keys ``picture.*``).

Nothing is hidden in Take Off!, so every viewer sees the same picture.
"""

from __future__ import annotations

from pnp.games.described import chained, series
from pnp.games.take_off.state import DRAW, EAST, FLY, OVER, ROLL, WILD, TakeOffState
from pnp.games.take_off.world import HOME
from pnp.texts import Catalogue


def round_line(state: TakeOffState) -> str:
    """The round being played, and the limit (a game ended by it stays at its last round: 'round 4 (limit 4)')."""
    limit = state.ctx.round_limit
    return state.ctx.words("picture.round", round=min(state.round + 1, limit), limit=limit)


def render(state: TakeOffState) -> str:
    """A plain-text picture of ``state``."""
    ctx, t = state.ctx, state.ctx.words
    lines = [t("picture.text.heading", title=ctx.world.map.title, round=round_line(state)), status(state)]
    ranks = state.places()
    for seat, name in enumerate(state.players):
        colour = ctx.data.jet_colours[seat % len(ctx.data.jet_colours)]
        jets = ", ".join(f"{colour.letter}{j + 1} {where(state, city)}" for j, city in enumerate(state.jets_of(seat)))
        fleet = {"player": name, "colour": t(f"data.jet.{colour.letter}.name"), "jets": jets}
        home, progress = state.jets_of(seat).count(HOME), sum(state.progress(seat))
        lines.append("  " + t("picture.text.fleet", home=home, progress=progress, place=ranks[seat], **fleet))
    lines += ["  " + bumped(state, seat, jet) for seat, jet in state.bumped]
    east, west = (deck_word(t, side) for side in ("east", "west"))
    lines.append(
        t("picture.text.decks", east=east, east_left=len(state.piles[0]), west=west, west_left=len(state.piles[1]))
    )
    return "\n".join(lines)


def deck_word(t: Catalogue, side: str) -> str:
    """The deck of a half (``east`` or ``west``) by its colour, as running text says it: 'brown'."""
    return t(f"data.deck.{side}.name").lower()


def bumped(state: TakeOffState, seat: int, jet: int) -> str:
    """A jet of ``seat`` (``jet`` from 0) that the last move sent back to Start."""
    return state.ctx.words("picture.bumped", player=state.players[seat], jet=jet + 1)


def where(state: TakeOffState, city: int, square: str = "[{}]") -> str:
    """Where a jet is in words: "home", "Start", or the city's name and its map square (written as ``square``)."""
    world = state.ctx.world
    if city == HOME:
        return state.ctx.words("picture.home")
    if city == world.start:
        return state.ctx.words("picture.start")
    return f"{world.name(city)} {square.format(world.layout.city_reference(city))}"


def status(state: TakeOffState) -> str:
    """One line: whose input is expected, and for what."""
    t, data = state.ctx.words, state.ctx.data
    if state.phase == OVER:
        if state.round >= state.ctx.round_limit:
            return t("picture.over.limit", rounds=state.ctx.round_limit, winners=winners(state))
        return t("picture.over", winners=winners(state))
    player = state.players[state.seat]
    if state.phase == ROLL:
        doing = t("picture.roll", player=player)
    elif state.phase == DRAW:
        deck = deck_word(t, "east" if state.deck == EAST else "west")
        doing = t("picture.draw", player=player, count=state.to_draw, deck=deck)
    elif state.phase == FLY:
        faces = [
            t("play.face.jet") if f == WILD else t(f"data.route.{data.route_colours[f].letter}.name")
            for f in state.dice
        ]
        doing = t("picture.fly", player=player, faces=chained(t, "play.and", faces))
    else:
        doing = t("picture.send", player=player, city=state.ctx.world.name(state.hand[0]))
    return t("picture.again", doing=doing) if state.again else doing


def winners(state: TakeOffState) -> str:
    """Who won a finished game, in words: "ann wins", or a tie ("ann and bob win", "ann, bob and cy win")."""
    t, names = state.ctx.words, state.score().winners
    return t("play.wins" if len(names) == 1 else "play.win", players=series(t, names))
