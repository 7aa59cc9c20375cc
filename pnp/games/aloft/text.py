"""Aloft in the terminal: the sky, the convoy, a legend, the tokens, and where the game stands.

Colour cards show only once revealed, to every viewer alike (the referee adds the viewer's own).
"""

from __future__ import annotations

import textwrap

from pnp.games.aloft.state import OVER, PACKED, PLAY, REVEAL, SETUP, AloftState
from pnp.texts import in_english

WIDTH = 7


def render(state: AloftState, viewer: str | None) -> str:
    """A fixed-width picture of ``state``."""
    columns, rows = state.board.columns, state.board.rows
    lines = []
    for row in reversed(range(rows)):
        cells = [state.grid[row * columns + c] for c in range(columns)]
        lines.append(f"{row + 1:>2} |" + "".join(_cell(state, b) for b in cells))
    lane = []
    for column in range(columns):
        truck = state.truck_at(column)
        if truck < 0:
            lane.append(_pad("."))
        else:
            label = "S" if truck == len(state.trucks) - 1 else "T"
            load = state.load[truck]
            lane.append(_pad(f"{label}:{state.names[load]}" if load >= 0 else label))
    lines.append("   +" + "-" * (WIDTH * columns))
    lines.append("   |" + "".join(lane))
    lines.append("    " + "".join(_pad(str(c + 1)) for c in range(columns)))
    lines += legend(state)
    packed = [n for n, w in zip(state.names, state.where) if w == PACKED]
    lines.append(f"packed: {' '.join(packed) or '-'}")
    lines += [f"{player}: {holdings(state, player)}" for player in state.players]
    lines += status(state)
    return "\n".join(lines)


def legend(state: AloftState) -> list[str]:
    """What the letters in the picture stand for."""
    colours = ", ".join(f"{c.code}\N{NO-BREAK SPACE}{c.name.lower()}" for c in state.data.colours)
    shapes = ", ".join(b.name for b in state.data.balloons if b.shape)
    text = (
        "T truck; S the orange safety truck, always the lead; T:RW or S:RW a truck carrying the inflated "
        f"balloon RW; balloons in the sky are flying. Colours: {colours}; {shapes}: special shapes, no colour."
    )
    lines = textwrap.wrap(text, 92, initial_indent="legend: ", subsequent_indent=" " * 8)
    return [line.replace("\N{NO-BREAK SPACE}", " ") for line in lines]


def holdings(state: AloftState, player: str) -> str:
    """A player's tokens and, once revealed, colour cards."""
    tokens = state.tokens[player]
    launch = [f"{kind} {n}" for kind, n in tokens.items() if n and kind not in ("multi", "safety")]
    if tokens["multi"]:
        launch.append(f"multicoloured {tokens['multi']}")
    held = [f"launch tokens {', '.join(launch)}"] if launch else []
    held += [f"safety tokens {tokens['safety']}"] if tokens["safety"] else []
    colours = state.revealed.get(player)
    cards = state.sky.words.colours(",".join(colours)) if colours else "hidden"
    line = f"{'; '.join(held) or 'no tokens'}; colour cards: {cards}"
    if state.phase == OVER:
        total = sum(state.points(player, state.revealed.get(player, ())).values())
        line = f"{total} {'point' if total == 1 else 'points'}; {line}"
    return line


def status(state: AloftState, plain: bool = False) -> list[str]:
    """Where the game stands and what is due next, in a line or two (``plain``, for a picture: no commands), in
    English whatever the session's language (the terminal's picture)."""
    player, english = state.players[state.seat], in_english("aloft")
    if state.phase == SETUP:
        entered = f"{state.seat} of {len(state.players)} have entered their colour cards"
        due = f"{player} enters their colour cards" if plain else state.next_step(english).text
        return [f"set-up ({entered}): {due}"]
    if state.phase == PLAY:
        return [f"to move: {player}"]
    if state.phase == REVEAL:
        due = ", ".join(state.players[state.seat :])
        reveal = (
            f"{player} reveals their colour cards"
            if plain
            else (f"{player}, reveal your colour cards with 'pnp ref reveal --player {player}'")
        )
        return [f"the game has ended: {state.end_reason(english)}; colour cards still to reveal: {due}", reveal]
    assert state.phase == OVER
    winners = state.score().winners
    won = f"winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}"
    breakdown = "" if plain else "; see 'pnp ref score' for the breakdown"
    return [f"the game is over ({state.end_reason(english)}); {won}{breakdown}"]


def _cell(state: AloftState, balloon: int) -> str:
    return _pad(state.names[balloon] if balloon >= 0 else ".")


def _pad(text: str) -> str:
    return text.center(WIDTH)
