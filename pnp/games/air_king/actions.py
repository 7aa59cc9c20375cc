"""Air King's moves applied to a state: each checks its rule (refusing with the reason) before changing anything.

A refusal is worded in the session's words (``state.rules.words``, keys ``play.refusal.*``): :func:`refuse`.

``HANDLERS`` maps a move's action to its function; ``commit`` and ``reveal``
handle the goal secrets; the turn's flow (phases, draw, end, discard, next
seat, round limit) lives here too.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import TYPE_CHECKING

from pnp.errors import IllegalMove
from pnp.games.air_king.field import cell_name
from pnp.games.air_king.model import CARD_TYPES, CLEAR, DIAGONAL, EXTRA, HOLD, PASS, STORM_CARD
from pnp.games.air_king.notation import AirMove
from pnp.games.base import wrong_stage
from pnp.referee.protocol import Commit, Reveal, Stage
from pnp.referee.wording import in_stage

if TYPE_CHECKING:
    from pnp.games.air_king.state import AirKingState

SLOT = "goal"


class Phase(IntEnum):
    """Where a game is, in order: goals sealed, the deal, a turn's draw, act and discard, the final reveal, over."""

    GOALS, DEAL, DRAW, ACT, DISCARD, FINAL, OVER = range(7)


GOALS, DEAL, DRAW, ACT, DISCARD, FINAL, OVER = Phase
# the stage of each phase: goals entered and a card dealt to each at set-up, turns in play,
# the goals still hidden revealed after the round limit, over
STAGES: tuple[Stage, ...] = ("set-up", "set-up", "play", "play", "play", "reveal", "over")
WAITING, LANDED = -1, -2  # aircraft positions off the field
STORM = -1  # a Storm card on a space (aircraft are 1..10 there, 0 is empty)


def refuse(state: AirKingState, key: str, rule: str, **values: object) -> IllegalMove:
    """The refusal worded by the session's entry ``play.refusal.KEY`` with ``values``, naming ``rule``."""
    return IllegalMove(state.rules.words(f"play.refusal.{key}", **values), rule)


def out_of_stage(state: AirKingState) -> IllegalMove:
    """The refusal of a move that belongs to another stage: it names the stage and the next step."""
    return wrong_stage(state.stage(), state.next_step(), state.rules.words)


def _wrong_phase(state: AirKingState, doing: str, **values: object) -> IllegalMove:
    """The refusal of ``doing`` (a ``play.doing.*`` key's last part, filled with ``values``) in the turn's phase
    now (a phase of play: the state checked the stage)."""
    step, t = state.next_step(), state.rules.words
    reason = t("play.refusal.phase", doing=t(f"play.doing.{doing}", **values), step=step.text)
    return IllegalMove(in_stage(t, "play", reason), "turn phases", step.guided)


def _in_stage(state: AirKingState, refusal: IllegalMove) -> IllegalMove:
    """``refusal`` naming the stage in force (the reveal's refusals, in play or at the round limit)."""
    return IllegalMove(in_stage(state.rules.words, state.stage(), refusal.reason), refusal.rule)


def _aircraft(state: AirKingState, number: int) -> int:
    """The index of aircraft ``number``."""
    if not 1 <= number <= len(state.pos):
        raise refuse(state, "no_aircraft", "aircraft", number=number, count=len(state.pos))
    return number - 1


def _space(state: AirKingState, name: str) -> int:
    """The index of the open space called ``name``."""
    field = state.rules.field
    cell = field.index.get(name, -1)
    if cell < 0:
        for airport, spot in zip(field.airport_names, field.airport_spaces):
            if name == cell_name(*spot):
                raise refuse(state, "airport", "land only from the arrival zone", space=name, airport=airport)
        raise refuse(state, "no_space", "the field", space=name)
    return cell


def _empty(state: AirKingState, cell: int) -> None:
    """Refuse a space that holds an aircraft or a Storm."""
    thing = state.occ[cell]
    if thing:
        key = "taken_storm" if thing == STORM else "taken"
        raise refuse(state, key, "never two things on one space", space=state.rules.field.names[cell], number=thing)


def _card(state: AirKingState, kind: int) -> None:
    """Refuse playing a card of type ``kind`` now (not in hand, or over the per-turn limits)."""
    card = _title(state, CARD_TYPES[kind])
    if state.phase != ACT:
        raise _wrong_phase(state, "card", card=card)
    if not state.hands[state.seat][kind]:
        raise refuse(state, "not_held", "deck tracking", player=state.players[state.seat], card=card)
    _card_slot(state)
    if kind in (EXTRA, DIAGONAL) and state.movement_played:
        raise refuse(state, "movement", "one movement card per turn")


def _card_slot(state: AirKingState) -> None:
    """Refuse a card beyond the turn's limit."""
    if state.cards_played >= state.rules.data.cards_per_turn:
        raise refuse(state, "cards", "up to two cards per turn", count=state.cards_played)


def _spend(state: AirKingState, kind: int, discard: bool = True) -> None:
    """Take a card of ``kind`` from the hand as played (to the discard pile unless it stays on the field)."""
    state.hands[state.seat][kind] -= 1
    state.cards_played += 1
    state.movement_played = state.movement_played or kind in (EXTRA, DIAGONAL)
    if discard:
        state.discard[kind] += 1


def _flier(state: AirKingState, a: int) -> int:
    """The space of aircraft ``a``, refusing one off the field or held."""
    p = state.pos[a]
    if p < 0:
        raise refuse(state, "landed" if p == LANDED else "waiting", "aircraft on the field", number=a + 1)
    if state.held[a]:
        raise refuse(state, "held", "Holding", number=a + 1)
    return p


def _title(state: AirKingState, kind: str) -> str:
    """The printed title of an event type."""
    return state.rules.data.event(kind).title


def _budget(state: AirKingState, move: AirMove) -> None:
    """Refuse an aircraft move when neither a move of the turn nor an Extra move card is left."""
    if move.extra:
        _card(state, EXTRA)
    elif state.phase != ACT:
        raise _wrong_phase(state, move.action)
    elif not state.moves_left:
        raise refuse(state, "moves_made", "two moves per turn", action=move.action)


def _use_budget(state: AirKingState, move: AirMove) -> None:
    """Count an aircraft move against the turn, or spend the Extra move card it came with."""
    if move.extra:
        _spend(state, EXTRA)
    else:
        state.moves_left -= 1


def _depart(state: AirKingState, move: AirMove) -> None:
    """depart N SPACE: into a free departure zone of the aircraft's own airport."""
    a, cell = _aircraft(state, move.aircraft), _space(state, move.cell)
    _budget(state, move)
    if state.pos[a] != WAITING:
        raise refuse(state, "not_waiting", "depart", number=a + 1)
    home = state.rules.home[a]
    zones = state.rules.field.departures[home]
    if cell not in zones:
        names = ", ".join(state.rules.field.names[z] for z in zones)
        airport = state.rules.field.airport_names[home]
        raise refuse(
            state, "not_departure", "depart into a departure zone", space=move.cell, airport=airport, zones=names
        )
    _empty(state, cell)
    _use_budget(state, move)
    state.relocate(a, cell)


def _fly(state: AirKingState, move: AirMove) -> None:
    """fly N SPACE: one space forward or sideways (one step back beyond the arrival zone, but not as Extra move)."""
    a, cell = _aircraft(state, move.aircraft), _space(state, move.cell)
    _budget(state, move)
    p = _flier(state, a)
    home, field = state.rules.home[a], state.rules.field
    if cell not in field.steps[home][p]:
        raise _why_not(state, a, p, cell)
    if move.extra and cell == field.back[home][p]:
        raise refuse(
            state, "extra_back", "Extra move: never backwards", number=a + 1, at=field.names[p], space=move.cell
        )
    _empty(state, cell)
    _use_budget(state, move)
    state.relocate(a, cell)


def _why_not(state: AirKingState, a: int, p: int, cell: int) -> IllegalMove:
    """The refusal of aircraft ``a``'s flight from ``p`` to ``cell``, with the rule it breaks."""
    field = state.rules.field
    (c0, l0), (c1, l1) = field.coords(p), field.coords(cell)
    h = state.rules.home[a]
    way = 1 if field.airport_spaces[1 - h][0] > field.airport_spaces[h][0] else -1
    ahead, side = (c1 - c0) * way, abs(l1 - l0)
    here = state.rules.words("play.refusal.here", number=a + 1, space=field.names[p])
    if ahead == 1 and side == 1:
        return refuse(state, "diagonal_only", "fly", here=here)
    if abs(ahead) + side != 1:
        return refuse(state, "not_next", "fly one space", space=field.names[cell], here=here)
    if ahead < 0:
        return refuse(state, "backwards", "never backwards", here=here)
    return refuse(state, "past", "stay beside the airport", here=here)


def _land(state: AirKingState, move: AirMove) -> None:
    """land N: from the arrival zone beside the destination airport."""
    a = _aircraft(state, move.aircraft)
    _budget(state, move)
    p = _flier(state, a)
    home = state.rules.home[a]
    runway = state.rules.field.runway[1 - home]
    if p != runway:
        space = state.rules.field.names[runway]
        raise refuse(state, "land_zone", "land only from the arrival zone", number=a + 1, space=space)
    _use_budget(state, move)
    state.relocate(a, LANDED)
    state.landed |= 1 << a
    state.any_complete = any(mask & state.landed == mask for mask in state.rules.goal_masks)
    _check_public_win(state)


def _diagonal(state: AirKingState, move: AirMove) -> None:
    """diagonal N SPACE: the Extra diagonal move card, one space diagonally forward."""
    a, cell = _aircraft(state, move.aircraft), _space(state, move.cell)
    _card(state, DIAGONAL)
    p = _flier(state, a)
    if cell not in state.rules.field.diagonals[state.rules.home[a]][p]:
        at = state.rules.field.names[p]
        raise refuse(state, "not_diagonal", "Extra diagonal move", space=move.cell, number=a + 1, at=at)
    _empty(state, cell)
    _spend(state, DIAGONAL)
    state.relocate(a, cell)


def _storm(state: AirKingState, move: AirMove) -> None:
    """storm SPACE: block an empty space that is not an arrival zone."""
    cell = _space(state, move.cell)
    _card(state, STORM_CARD)
    if cell in state.rules.field.runway:
        raise refuse(state, "storm_zone", "Storm", space=move.cell)
    _empty(state, cell)
    _spend(state, STORM_CARD, discard=False)
    state.occ[cell] = STORM


def _clear(state: AirKingState, move: AirMove) -> None:
    """clear SPACE: Clear sky takes a Storm off the field."""
    cell = _space(state, move.cell)
    _card(state, CLEAR)
    if state.occ[cell] != STORM:
        raise refuse(state, "no_storm", "Clear sky", space=move.cell)
    _spend(state, CLEAR)
    state.occ[cell] = 0
    state.discard[STORM_CARD] += 1


def _hold(state: AirKingState, move: AirMove) -> None:
    """hold N: a Holding card on an aircraft someone could still overtake."""
    a = _aircraft(state, move.aircraft)
    _card(state, HOLD)
    why = state.unholdable(a)
    if why:
        raise refuse(state, "hold", "Holding", number=a + 1, why=state.rules.words(why, number=a + 1))
    _spend(state, HOLD, discard=False)
    state.held[a] = True


def _pass(state: AirKingState, move: AirMove) -> None:
    """pass N M: swap two aircraft nose to nose, flying opposite ways."""
    a, b = _aircraft(state, move.aircraft), _aircraft(state, move.other)
    _card(state, PASS)
    pa, pb = _flier(state, a), _flier(state, b)
    home, ahead = state.rules.home, state.rules.field.ahead
    if home[a] == home[b] or ahead[home[a]][pa] != pb or ahead[home[b]][pb] != pa:
        raise refuse(state, "not_nose", "Pass", number=a + 1, other=b + 1)
    _spend(state, PASS)
    state.occ[pa] = state.occ[pb] = 0
    state.relocate(a, pb)
    state.relocate(b, pa)


def _return(state: AirKingState, move: AirMove) -> None:
    """return N: the player's one Technical Return sends an aircraft back to its home airport."""
    a = _aircraft(state, move.aircraft)
    if state.phase != ACT:
        raise _wrong_phase(state, "return", card=state.rules.words("card.return.title"))
    if not state.technical[state.seat]:
        raise refuse(state, "return_used", "Technical Return once per player", player=state.players[state.seat])
    _card_slot(state)
    if state.pos[a] < 0:
        raise refuse(state, "off_field", "Technical Return", number=a + 1)
    state.technical[state.seat] = False
    state.cards_played += 1
    if state.held[a]:
        state.held[a] = False
        state.discard[HOLD] += 1
    state.relocate(a, WAITING)


def _draw(state: AirKingState, move: AirMove) -> None:
    """draw CARD: the card dealt at set-up or drawn at the start of a turn."""
    if state.phase not in (DRAW, DEAL):
        raise _wrong_phase(state, "draw")
    kind = CARD_TYPES.index(move.card)
    if not state.draw[kind]:
        raise refuse(state, "pile", "deck tracking", card=_title(state, move.card))  # the pile's cards unsaid
    state.draw[kind] -= 1
    state.hands[state.seat][kind] += 1
    _refill(state)
    if state.phase == DRAW:
        state.phase = ACT
        return
    if not state.next_seat():
        _start_turn(state)


def _refill(state: AirKingState) -> None:
    """An empty draw pile is replaced by the shuffled discard pile."""
    if not any(state.draw):
        state.draw, state.discard = state.discard, [0] * len(CARD_TYPES)


def _end(state: AirKingState, move: AirMove) -> None:
    """end: finish the turn's moves and cards; discard next if the hand is too big."""
    if state.phase != ACT:
        raise _wrong_phase(state, "end")
    if state.moves_left and state.flights():
        raise refuse(state, "moves_left", "two moves per turn", count=state.moves_left)
    if state.hand_size(state.seat) > state.rules.data.hand_limit:
        state.phase = DISCARD
    else:
        _next_turn(state)


def _discard(state: AirKingState, move: AirMove) -> None:
    """discard CARD: down to the hand limit at the end of a turn."""
    if state.phase != DISCARD:
        raise _wrong_phase(state, "discard")
    kind = CARD_TYPES.index(move.card)
    if not state.hands[state.seat][kind]:
        raise refuse(state, "discard", "deck tracking", player=state.players[state.seat], card=_title(state, move.card))
    state.hands[state.seat][kind] -= 1
    state.discard[kind] += 1
    if state.hand_size(state.seat) <= state.rules.data.hand_limit:
        _next_turn(state)


def _next_turn(state: AirKingState) -> None:
    """Pass the turn on; after the last round, ask every hidden goal to be revealed."""
    state.pass_turn()
    if state.seat == 0:
        state.round += 1
        if state.round >= state.rounds:
            state.phase, state.seat = FINAL, -1
            _next_final_reveal(state)
            return
    _start_turn(state)


def _start_turn(state: AirKingState) -> None:
    """Reset the turn's counters and wait for the draw (none when both piles are empty)."""
    state.moves_left = state.rules.data.moves_per_turn
    state.cards_played = 0
    state.movement_played = False
    _refill(state)
    state.phase = DRAW if any(state.draw) else ACT
    _check_public_win(state)


def _check_public_win(state: AirKingState) -> None:
    """A player whose goal is already public (and counts) wins on their own turn once all of it has landed."""
    goal = state.goals[state.seat]
    if (
        goal >= 0
        and state.rules.goal_masks[goal] & state.landed == state.rules.goal_masks[goal]
        and state.seat not in state.void
    ):
        state.winner, state.phase = state.seat, OVER


def commit(state: AirKingState, move: Commit) -> None:
    """A goal card committed at set-up, seat by seat."""
    if state.phase != GOALS:
        raise out_of_stage(state)
    if move.slot != SLOT:
        raise refuse(state, "one_secret", "goal cards", slot=repr(move.slot))
    if not state.next_seat():
        state.phase = DEAL


def reveal(state: AirKingState, move: Reveal) -> None:
    """A goal revealed to win on its owner's turn, or at the round limit.

    Each goal card exists once, and the state never sees a goal before it is revealed, so the second
    reveal of a card is the first moment a clash can be known. A claim during play with a card already
    public is refused; at the round limit every goal must be revealed, so there the second one is recorded
    (its commitment is open) but does not count.
    """
    if state.phase not in (DRAW, ACT, DISCARD, FINAL):
        raise out_of_stage(state)
    if move.slot != SLOT:
        raise _in_stage(state, refuse(state, "one_secret", "goal cards", slot=repr(move.slot)))
    cards = [str(n + 1) for n in range(len(state.rules.goal_masks))]
    if move.value not in cards:
        raise _in_stage(state, refuse(state, "not_goal", "goal cards", value=repr(move.value), count=len(cards)))
    goal = cards.index(move.value)
    if state.phase == FINAL:
        _take_goal(state, goal)
        _next_final_reveal(state)
        return
    if state.goals[state.seat] >= 0:
        raise _in_stage(state, refuse(state, "revealed", "reveal once", player=state.players[state.seat]))
    if not state.any_complete:
        raise _in_stage(state, refuse(state, "none_landed", "reveal to win"))
    if goal in state.goals:
        owner = state.owner_of(goal)
        raise _in_stage(state, refuse(state, "public_goal", "one of each goal card", number=move.value, owner=owner))
    _take_goal(state, goal)
    _check_public_win(state)
    if state.phase != OVER and state.seat not in state.void:
        state.failed.append(state.seat)


def _take_goal(state: AirKingState, goal: int) -> None:
    """Make the goal of the player to move public; void when another player revealed that card first."""
    if goal in state.goals:
        state.void.append(state.seat)
    state.goals[state.seat] = goal


def _next_final_reveal(state: AirKingState) -> None:
    """After the round limit: the next seat still hiding its goal, or the end."""
    if not state.next_seat(lambda seat: state.goals[seat] < 0):
        state.phase = OVER


HANDLERS: dict[str, Callable[[AirKingState, AirMove], None]] = {
    "draw": _draw,
    "depart": _depart,
    "fly": _fly,
    "land": _land,
    "diagonal": _diagonal,
    "storm": _storm,
    "clear": _clear,
    "hold": _hold,
    "pass": _pass,
    "return": _return,
    "end": _end,
    "discard": _discard,
}
