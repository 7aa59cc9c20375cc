"""Aloft in words on a picture: the terminal's (the sky, the convoy, a legend, the tokens, where the game stands) and
the lines the state picture shares with it, in the session's words (``picture.*``).

Colour cards show only once revealed, to every viewer alike (the referee adds the viewer's own).
"""

from __future__ import annotations

import re
import textwrap

from pnp.games.aloft.state import OVER, PACKED, PLAY, REVEAL, SETUP, AloftState
from pnp.games.described import chained, series

WIDTH = 7


def render(state: AloftState, viewer: str | None) -> str:
    """A fixed-width picture of ``state``."""
    columns, rows, titled = state.board.columns, state.board.rows, state.sky.words.titled
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
            lane.append(_pad(f"{label}:{titled[state.names[load]]}" if load >= 0 else label))
    lines.append("   +" + "-" * (WIDTH * columns))
    lines.append("   |" + "".join(lane))
    lines.append("    " + "".join(_pad(str(c + 1)) for c in range(columns)))
    lines += legend(state)
    lines.append(state.sky.catalogue("picture.packed", balloons=" ".join(packed(state)) or "-"))
    lines += [player_line(state, player) for player in state.players]
    lines += status(state)
    return "\n".join(lines)


def legend(state: AloftState) -> list[str]:
    """What the letters in the picture stand for."""
    t, words = state.sky.catalogue, state.sky.words
    colours = ", ".join(f"{c.code}\N{NO-BREAK SPACE}{c.name.lower()}" for c in state.data.colours)
    head = t("picture.text.legend") + " "
    text = t("picture.text.key", colours=colours, shapes=", ".join(words.titled[name] for name in words.shape))
    text = re.sub(r" (?=[:;])", "\N{NO-BREAK SPACE}", text)  # French punctuation stays with its word
    lines = textwrap.wrap(text, 92, initial_indent=head, subsequent_indent=" " * len(head))
    return [line.replace("\N{NO-BREAK SPACE}", " ") for line in lines]


def packed(state: AloftState) -> list[str]:
    """The balloons still packed, as their cards are titled."""
    return [state.sky.words.titled[n] for n, w in zip(state.names, state.where) if w == PACKED]


def player_line(state: AloftState, player: str, name: str = "") -> str:
    """A player's line: their name (or ``name``: as a picture shows it), tokens and, once revealed, colour cards."""
    return state.sky.catalogue("picture.player", player=name or player, holdings=_holdings(state, player))


def _holdings(state: AloftState, player: str) -> str:
    """A player's tokens and, once revealed, colour cards; with their points once the game is over."""
    t, tokens = state.sky.catalogue, state.tokens[player]
    launch = [f"{kind} {n}" for kind, n in tokens.items() if n and kind not in ("multi", "safety")]
    if tokens["multi"]:
        launch.append(t("picture.tokens.multi", count=tokens["multi"]))
    held = [t("picture.tokens.launch", tokens=", ".join(launch))] if launch else []
    held += [t("picture.tokens.safety", count=tokens["safety"])] if tokens["safety"] else []
    colours = state.revealed.get(player)
    cards = series(t, state.sky.words.named(",".join(colours))) if colours else t("picture.hidden")
    line = t("picture.cards", tokens=chained(t, "picture.tokens.next", held) or t("picture.no_tokens"), cards=cards)
    if state.phase == OVER:
        total = sum(state.points(player, state.revealed.get(player, ())).values())
        line = t("picture.points", count=total, line=line)
    return line


def status(state: AloftState, plain: bool = False) -> list[str]:
    """Where the game stands and what is due next, in a line or two (``plain``, for a picture: no commands)."""
    t, player = state.sky.catalogue, state.players[state.seat]
    if state.phase == SETUP:
        due = t("picture.due.setup", player=player) if plain else state.next_step().text
        return [t("picture.status.setup", count=state.seat, players=len(state.players), due=due)]
    if state.phase == PLAY:
        return [t("picture.status.play", player=player)]
    if state.phase == REVEAL:
        due = ", ".join(state.players[state.seat :])
        reveal = t("picture.due.reveal" if plain else "picture.text.reveal", player=player)
        return [t("picture.status.reveal", end=state.end_reason(), players=due), reveal]
    assert state.phase == OVER
    winners = state.score().winners
    over = t("picture.status.over", end=state.end_reason(), count=len(winners), winners=", ".join(winners))
    return [over if plain else t("picture.text.over", status=over)]


def _cell(state: AloftState, balloon: int) -> str:
    return _pad(state.sky.words.titled[state.names[balloon]] if balloon >= 0 else ".")


def _pad(text: str) -> str:
    return text.center(WIDTH)
