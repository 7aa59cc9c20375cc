"""Air King in words on a picture: the terminal's (the field, the waiting and landed aircraft, the decks, and hands
for their owners) and the lines the state picture shares with it, in the session's words (``picture.*``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.games.air_king.actions import ACT, FINAL, LANDED, OVER, STORM, WAITING
from pnp.games.air_king.field import LETTERS, cell_name

if TYPE_CHECKING:
    from pnp.games.air_king.state import AirKingState

WIDTH = 6


def render(state: AirKingState, viewer: str | None) -> str:
    """A fixed-width picture of ``state``; a hand's cards show only to its owner."""
    field, t = state.rules.field, state.rules.words
    lines = [headline(state), "    " + "".join(LETTERS[c].center(WIDTH) for c in range(field.columns))]
    for lane in range(field.lanes):
        cells = "".join(_cell(state, cell_name(col, lane)).center(WIDTH) for col in range(field.columns))
        lines.append(f"{lane + 1:>3} {cells}".rstrip())
    lines.append("    " + t("picture.text.key", storm=card_title(state, "storm")))
    for h, name in enumerate(field.airport_names):
        waiting, landed = _numbers(state, h, WAITING), _numbers(state, 1 - h, LANDED)
        lines.append(t("picture.text.airport", airport=name, waiting=waiting, landed=landed))
    lines.append(piles(state))
    lines += [seat_line(state, seat, viewer) for seat in range(len(state.players))]
    return "\n".join(lines)


def headline(state: AirKingState, plain: bool = False) -> str:
    """The first line of the text and of the picture: the round and what is awaited, or the winners.

    ``plain`` (the picture) says what is awaited without the terminal's commands."""
    t = state.rules.words
    if state.phase == OVER:
        winners = state.score().winners
        return t("picture.over", game=t("title"), count=len(winners), winners=", ".join(winners))
    return t("picture.headline", game=t("title"), status=_status(state, plain))


def _status(state: AirKingState, plain: bool) -> str:
    """The round (or the set-up) and what the referee waits for (``plain``: without commands)."""
    t = state.rules.words
    who, phase = state.players[state.seat], state.phase.name.lower()
    limit = state.rules.data.hand_limit
    awaited = t(f"picture.awaited.{phase}", player=who, limit=limit) if plain else state.next_step().text
    if state.stage() == "set-up":
        return t("picture.status.setup", awaited=awaited)
    if state.phase == FINAL:
        return t("picture.status.final", awaited=awaited)
    status = t("picture.status.round", round=state.round + 1, rounds=state.rounds, awaited=awaited)
    if state.phase == ACT:
        return t("picture.status.act", status=status, moves=state.moves_left, cards=state.cards_played)
    return status


def piles(state: AirKingState) -> str:
    """The draw pile's size and the discard pile's contents (both public)."""
    t, discard = state.rules.words, state.discard
    shown = state.rules.data.titles(discard) if any(discard) else t("picture.nothing")
    return t("picture.piles", count=sum(state.draw), discard=shown)


def seat_line(state: AirKingState, seat: int, viewer: str | None = None, plain: bool = False) -> str:
    """A player's hand size (with its cards, to its owner in the terminal), Technical Return and goal (``plain``:
    the picture's, the same for every viewer)."""
    t, player = state.rules.words, state.players[seat]
    cards = t("picture.cards", count=state.hand_size(seat))
    own = player == viewer and not plain
    if own:
        cards = f"{cards} ({state.hand_text(seat)})"
    technical = t(f"picture.return.{'ready' if state.technical[seat] else 'used'}", card=t("card.return.title"))
    return t("picture.seat", player=player, cards=cards, technical=technical, goal=_goal(state, seat, own, plain))


def card_title(state: AirKingState, card: str) -> str:
    """The printed title of the event card of type ``card`` ('storm', 'hold'), as the session prints it."""
    return state.rules.data.event(card).title


def _cell(state: AirKingState, name: str) -> str:
    field = state.rules.field
    for h, spot in enumerate(field.airport_spaces):
        if name == cell_name(*spot):
            return f"[{field.airport_names[h]}]"
    cell = field.index.get(name, -1)
    if cell < 0:
        return ""
    thing = state.occ[cell]
    if thing == STORM:
        return "##"
    if thing > 0:
        a = thing - 1
        h = state.rules.home[a]
        right = field.airport_spaces[1 - h][0] > field.airport_spaces[h][0]
        mark = "H" if state.held[a] else ""
        return f"{thing}>{mark}" if right else f"{mark}<{thing}"
    for h in (0, 1):
        if cell == field.runway[h]:
            return f"r{field.airport_names[h]}"
        if cell in field.departures[h]:
            return f"d{field.airport_names[h]}"
    return "."


def _numbers(state: AirKingState, home: int, where: int) -> str:
    found = [str(a + 1) for a, p in enumerate(state.pos) if p == where and state.rules.home[a] == home]
    return " ".join(found) or "-"


def _goal(state: AirKingState, seat: int, own: bool, plain: bool) -> str:
    """A player's goal card: secret (``own``: to its owner in the terminal), or revealed with how far it is landed
    or why it does not count (``plain``: the picture's shorter why)."""
    t, goal = state.rules.words, state.goals[seat]
    if goal < 0:
        return t("picture.goal.secret.yours" if own else "picture.goal.secret")
    card = state.rules.data.goals[goal]
    shown = t("picture.goal.card", number=goal + 1, aircraft=" ".join(map(str, card)))
    if seat in state.void and plain:
        return t("picture.goal.first", goal=shown, owner=state.owner_of(goal))
    if seat in state.void:
        return t("picture.goal.void", goal=shown, why=state.void_reason(seat, t))
    landed = (state.rules.goal_masks[goal] & state.landed).bit_count()
    return t("picture.goal.landed", goal=shown, landed=landed, count=len(card))
