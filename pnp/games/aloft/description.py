"""Aloft's board in words (``State.describe``): the sky by column and row, the trucks, the packed balloons, each
player's tokens and the colour cards revealed. Nothing here is private: colour cards are sealed until revealed."""

from __future__ import annotations

from pnp.games.aloft.state import PACKED, AloftState
from pnp.games.described import clauses, series
from pnp.texts import Catalogue


def describe(state: AloftState) -> tuple[str, ...]:
    """The sentences of ``state``'s board, the same for every viewer, in the session's words."""
    t = state.sky.catalogue
    packed = [_balloon(state, b) for b, where in enumerate(state.where) if where == PACKED]
    sentences = [_sky(state, t), _trucks(state, t)]
    sentences += [t("described.packed", balloons=clauses(t, packed))] if packed else []
    sentences += [_tokens(state, t, player) for player in state.players]
    sentences += [
        t("described.colours", player=player, colours=series(t, state.sky.words.named(",".join(colours))))
        for player, colours in state.revealed.items()
    ]
    return tuple(sentences)


def _sky(state: AloftState, t: Catalogue) -> str:
    """The flying balloons, column by column and from the lowest row up."""
    columns = state.board.columns
    cells = sorted((cell % columns, cell // columns) for cell, b in enumerate(state.grid) if b >= 0)
    flying = [
        t(
            "described.flying",
            balloon=_balloon(state, state.grid[row * columns + column]),
            column=column + 1,
            row=row + 1,
        )
        for column, row in cells
    ]
    return t("described.sky", balloons=clauses(t, flying)) if flying else t("described.sky.none")


def _trucks(state: AloftState, t: Catalogue) -> str:
    """Each truck from left to right, with the balloon it carries; the last truck is the safety truck."""
    safety = len(state.trucks) - 1
    trucks = []
    for truck, column in sorted(enumerate(state.trucks), key=lambda pair: pair[1]):
        kind = t("described.truck.safety" if truck == safety else "described.truck.plain")
        load = state.load[truck]
        if load < 0:
            trucks.append(t("described.truck.empty", truck=kind, column=column + 1))
        else:
            trucks.append(t("described.truck", truck=kind, column=column + 1, balloon=_balloon(state, load)))
    return t("described.trucks", trucks=clauses(t, trucks))


def _tokens(state: AloftState, t: Catalogue, player: str) -> str:
    """``player``'s launch tokens by colour, multicoloured ones and safety tokens."""
    tokens, colour = state.tokens[player], state.sky.words.colour
    held = [
        t("described.tokens.colour", count=n, colour=colour[code]) for code, n in tokens.items() if n and code in colour
    ]
    held += [t("described.tokens.multi", count=tokens["multi"])] if tokens.get("multi") else []
    held += [t("described.tokens.safety", count=tokens["safety"])] if tokens.get("safety") else []
    if not held:
        return t("described.tokens.none", player=player)
    return t("described.tokens", player=player, tokens=series(t, held))


def _balloon(state: AloftState, b: int) -> str:
    """A balloon as a listener hears it: its two colours ('red and white'), or its shape ('the lion')."""
    balloon, t = state.data.balloons[b], state.sky.catalogue
    if not balloon.colours:
        return t("described.shape", shape=state.sky.words.shown[balloon.name])
    first, second = (state.sky.words.colour[code] for code in balloon.colours)
    return t("described.balloon", first=first, second=second)
