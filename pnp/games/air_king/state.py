"""Air King's state: aircraft and Storms on the field, the decks counted by card type, the hands, the turn.

The referee knows every hand: each card enters a hand through a ``draw`` entry
(the deal included), so a card a player cannot hold is refused. Only
``render_text`` for the owner and ``private`` show a hand's contents. Goals are
never held here until revealed.

Stages: set-up (``GOALS``, ``DEAL``), play (``DRAW``, ``ACT``, ``DISCARD``),
reveal (``FINAL``, after the round limit) and over.

Turn: ``DRAW`` (one chance entry) -> ``ACT`` (two aircraft moves, up to two
cards, then ``end``) -> ``DISCARD`` (only above the hand limit) -> next seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING

from pnp.errors import IllegalMove
from pnp.games.air_king import actions
from pnp.games.air_king.actions import (
    ACT,
    DEAL,
    DISCARD,
    DRAW,
    FINAL,
    GOALS,
    LANDED,
    OVER,
    SLOT,
    STAGES,
    STORM,
    WAITING,
)
from pnp.games.air_king.field import FAR, Field
from pnp.games.air_king.model import (
    CARD_TYPES,
    CLEAR,
    DIAGONAL,
    EXTRA,
    HOLD,
    PASS,
    STORM_CARD,
    AirKingData,
)
from pnp.games.air_king.notation import AirMove, MoveTable
from pnp.games.air_king.text import render
from pnp.games.base import BaseState, NextStep, ranked
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage

if TYPE_CHECKING:
    from pnp.texts import Catalogue


@dataclass(frozen=True)
class Rules:
    """What every state on one field shares: the card data, the field's geometry, ready-made moves, and the words
    of the session (its catalogue: the cards' titles, the moves' labels and the refusals, in its language)."""

    data: AirKingData
    field: Field
    table: MoveTable
    home: tuple[int, ...]  # home airport (0 or 1) of each aircraft
    goal_masks: tuple[int, ...]  # bit a set for aircraft a on each goal card
    words: Catalogue
    loaded: AirKingData  # the card data as read, its titles as the data has them: what the record's digest covers


class AirKingState(BaseState):
    """One position of a session."""

    MUTABLE = ("pos", "occ", "held", "technical", "draw", "discard", "goals", "failed", "void", "hands")
    NESTED = ("hands",)

    def __init__(self, rules: Rules, players: tuple[str, ...], rounds: int) -> None:
        data = rules.data
        self.rules, self.players, self.rounds = rules, players, rounds
        self.pos = [WAITING] * len(data.aircraft)
        self.occ = [0] * len(rules.field.names)
        self.held = [False] * len(data.aircraft)
        self.landed = 0
        self.any_complete = False
        self.hands = [[0] * len(CARD_TYPES) for _ in players]
        self.technical = [True] * len(players)
        self.draw = [data.event(t).count for t in CARD_TYPES]
        self.discard = [0] * len(CARD_TYPES)
        self.goals = [-1] * len(players)  # revealed goal card index, -1 while secret
        self.failed: list[int] = []  # seats that revealed an incomplete goal
        self.void: list[int] = []  # seats that revealed a goal card someone had revealed before
        self.phase, self.seat, self.round = GOALS, 0, 0
        self.moves_left = self.cards_played = 0
        self.movement_played = False
        self.winner = -1

    def is_over(self) -> bool:
        return self.phase == OVER

    def stage(self) -> Stage:
        return STAGES[self.phase]

    def private(self, player: str) -> Mapping[str, str]:
        """A player's hand of event cards, hidden from the others at the table."""
        if player not in self.players:
            return {}
        return {self.rules.words("play.hand"): self.hand_text(self.players.index(player))}

    def determinise(self, observer: str, rng: Random) -> AirKingState:
        """A copy with the other hands re-dealt, each as large as before, from the cards ``observer`` cannot see.

        Those are the other hands and the draw pile together; what is left of them forms the draw pile.
        ``observer``'s own hand, the discards and the Technical Returns are kept.
        """
        other = self.clone()
        pool = [t for t, n in enumerate(self._unseen(observer)) for _ in range(n)]  # in card order: hidden too
        rng.shuffle(pool)
        for s in (s for s, player in enumerate(self.players) if player != observer):
            size = sum(self.hands[s])
            hand = [0] * len(CARD_TYPES)
            for t in pool[:size]:
                hand[t] += 1
            other.hands[s], pool = hand, pool[size:]
        other.draw = [pool.count(t) for t in range(len(CARD_TYPES))]
        return other

    def _unseen(self, viewer: str | None) -> list[int]:
        """Cards of each type ``viewer`` cannot see: the draw pile's and those in everyone else's hands."""
        unseen = list(self.draw)
        for player, hand in zip(self.players, self.hands):
            if player != viewer:
                unseen = [n + held for n, held in zip(unseen, hand)]
        return unseen

    def legal_moves(self) -> list[Move]:
        phase, table = self.phase, self.rules.table
        if phase == ACT:
            return self._act_moves()
        if phase in (DRAW, DEAL):
            moves: list[Move] = [table.draw[t] for t, n in enumerate(self.draw) if n]
        elif phase == DISCARD:
            moves = [table.discard[t] for t, n in enumerate(self.hands[self.seat]) if n]
        elif phase == GOALS:
            return [Secret(SLOT, str(g + 1)) for g in range(len(self.rules.goal_masks))]
        else:
            return [Reveal(SLOT)] if phase == FINAL else []
        if self.may_claim():
            moves.append(Reveal(SLOT))
        return moves

    def chance(self) -> Mapping[Move, float]:
        """Each card type drawn (dealt or drawn at a turn's start) with the share of the draw pile it holds."""
        if self.phase != DRAW and self.phase != DEAL:
            return {}
        total, draws = sum(self.draw), self.rules.table.draw
        return {draws[t]: n / total for t, n in enumerate(self.draw) if n}

    def odds(self, viewer: str | None) -> Mapping[Move, float]:
        """Each card type ``viewer`` cannot see, weighted by its cards in the draw pile or in another player's hand
        (any hand for the whole table). Their hands stay theirs: the pile's cards alone, or which types it still
        holds, would give them away."""
        if not self.chance():
            return {}
        unseen = self._unseen(viewer)
        total = sum(unseen)
        return {self.rules.table.draw[t]: n / total for t, n in enumerate(unseen) if n}

    def apply(self, move: Move) -> None:
        if isinstance(move, AirMove) and move.action in actions.HANDLERS:
            phase = self.phase
            if not DRAW <= phase <= DISCARD and not (phase == DEAL and move.action == "draw"):
                raise actions.out_of_stage(self)  # aircraft and cards belong to play, the deal to set-up
            actions.HANDLERS[move.action](self, move)
        elif isinstance(move, Commit):
            actions.commit(self, move)
        elif isinstance(move, Reveal):
            actions.reveal(self, move)
        else:
            raise IllegalMove(f"{move!r} is not an Air King move")

    def score(self) -> Score:
        rows, t = [], self.rules.words
        for seat, name in enumerate(self.players):
            goal = -1 if seat in self.void else self.goals[seat]
            landed = (
                {} if goal < 0 else {t("play.score.landed"): (self.rules.goal_masks[goal] & self.landed).bit_count()}
            )
            breakdown = landed | ({t("play.score.claimed"): 1} if seat == self.winner else {})
            rows.append(PlayerScore(name, sum(breakdown.values()), breakdown))
        void = {self.players[seat] for seat in self.void}  # a goal that does not count never wins, not even a tie
        limited = self.phase == OVER and self.winner < 0  # the round limit ended it, not a goal shown
        over, notes = self.phase == OVER, self._notes()
        return ranked(rows, over, notes, lambda row: -1 if row.name in void else row.score, limited, t)

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        from pnp.games.air_king.description import describe

        return describe(self, viewer)

    def render_text(self, viewer: str | None) -> str:
        return render(self, viewer)

    def may_claim(self) -> bool:
        """True when the player to move may reveal their goal to win: some goal card is fully landed."""
        return self.any_complete and self.goals[self.seat] < 0 and self.phase in (DRAW, ACT, DISCARD)

    def progress(self, a: int) -> int:
        """How far aircraft ``a`` has come: -FAR waiting, up to past its destination once landed."""
        p, home = self.pos[a], self.rules.home[a]
        if p >= 0:
            return self.rules.field.progress[home][p]
        return -FAR if p == WAITING else self.rules.field.landed_progress

    def flights(self, extra: bool = False) -> list[AirMove]:
        """Every plain aircraft move (depart, fly, land) open now, ignoring how many moves are left.

        With ``extra``, those an Extra move card allows: the same without the step back.
        """
        field, table, occ, home = self.rules.field, self.rules.table, self.occ, self.rules.home
        out: list[AirMove] = []
        for a, p in enumerate(self.pos):
            if p >= 0:
                if self.held[a]:
                    continue
                h, row = home[a], table.fly[a]
                back = field.back[h][p] if extra else -1
                out += [row[c] for c in field.steps[h][p] if not occ[c] and c != back]
                if p == field.runway[1 - h]:
                    out.append(table.land[a])
            elif p == WAITING:
                row = table.depart[a]
                out += [row[c] for c in field.departures[home[a]] if not occ[c]]
        return out

    def unholdable(self, a: int) -> str:
        """The catalogue key of why a Holding card cannot go on aircraft ``a`` now, or '' when it can."""
        p = self.pos[a]
        if p < 0:
            return "play.refusal.off_field"
        if self.held[a]:
            return "play.refusal.already_held"
        if p in self.rules.field.runway:
            return "play.refusal.on_zone"
        home, mine = self.rules.home, self.progress(a)
        if not any(
            b != a and home[b] == home[a] and self.pos[b] != LANDED and not self.held[b] and self.progress(b) <= mine
            for b in range(len(self.pos))
        ):
            return "play.refusal.last"
        return ""

    def pass_pairs(self) -> list[tuple[int, int]]:
        """Pairs of aircraft nose to nose in one lane, flying opposite ways, neither held."""
        field, home, pos, occ = self.rules.field, self.rules.home, self.pos, self.occ
        pairs = []
        for a, p in enumerate(pos):
            if p >= 0 and home[a] == 0 and not self.held[a]:
                front = field.ahead[0][p]
                if front >= 0 and occ[front] > 0:
                    b = occ[front] - 1
                    if home[b] == 1 and not self.held[b] and field.ahead[1][front] == p:
                        pairs.append((min(a, b), max(a, b)))
        return pairs

    def hand_size(self, seat: int) -> int:
        """Event cards in a hand (the Technical Return card never counts)."""
        return sum(self.hands[seat])

    def _act_moves(self) -> list[Move]:
        table, field, occ, seat = self.rules.table, self.rules.field, self.occ, self.seat
        flights = self.flights()
        moves: list[Move] = list(flights) if self.moves_left else []
        if self.cards_played < self.rules.data.cards_per_turn:
            hand = self.hands[seat]
            if not self.movement_played:
                if hand[EXTRA]:
                    moves += [table.extra[m] for m in self.flights(extra=True)]
                if hand[DIAGONAL]:
                    for a, p in enumerate(self.pos):
                        if p >= 0 and not self.held[a]:
                            row = table.diagonal[a]
                            moves += [row[c] for c in field.diagonals[self.rules.home[a]][p] if not occ[c]]
            if hand[STORM_CARD]:
                moves += [table.storm[c] for c in field.storm_spaces if not occ[c]]
            if hand[CLEAR]:
                moves += [table.clear[c] for c, thing in enumerate(occ) if thing == STORM]
            if hand[HOLD]:
                moves += [table.hold[a] for a, p in enumerate(self.pos) if p >= 0 and not self.unholdable(a)]
            if hand[PASS]:
                moves += [table.passing[pair] for pair in self.pass_pairs()]
            if self.technical[seat]:
                moves += [table.back[a] for a, p in enumerate(self.pos) if p >= 0]
        if not self.moves_left or not flights:
            moves.append(table.end)
        if self.may_claim():
            moves.append(Reveal(SLOT))
        return moves

    def next_step(self) -> NextStep:
        """What the player to move does next, addressed to them, with the command: for refusals and the terminal's
        status, in the session's words."""
        who = self.players[self.seat] if self.phase != OVER else ""
        storm = self.rules.data.event("storm").title  # as the session's cards print it
        text = self.rules.words(
            f"play.next.{self.phase.name.lower()}", player=who, storm=storm, limit=self.rules.data.hand_limit
        )
        return NextStep(text, guided=self.phase not in (DRAW, ACT, DISCARD))

    def hand_text(self, seat: int) -> str:
        """A hand as words, under the cards' printed titles, e.g. '2 Storm, 1 Pass', in the session's words."""
        if not any(self.hands[seat]):
            return self.rules.words("play.hand.empty")
        return self.rules.data.titles(self.hands[seat])

    def relocate(self, a: int, target: int) -> None:
        """Put aircraft ``a`` on ``target`` (a space, WAITING or LANDED); release Holdings it overtakes."""
        before = self.progress(a)
        old = self.pos[a]
        if old >= 0 and self.occ[old] == a + 1:
            self.occ[old] = 0
        self.pos[a] = target
        if target >= 0:
            self.occ[target] = a + 1
        after = self.progress(a)
        if after > before and True in self.held:
            home = self.rules.home
            for b, held in enumerate(self.held):
                if held and b != a and home[b] == home[a] and before <= self.progress(b) < after:
                    self.held[b] = False
                    self.discard[HOLD] += 1

    def owner_of(self, goal: int) -> str:
        """The player who revealed goal card ``goal`` first (whose reveal counts)."""
        return next(self.players[s] for s, g in enumerate(self.goals) if g == goal and s not in self.void)

    def void_reason(self, seat: int, t: Catalogue) -> str:
        """Why the goal ``seat`` revealed does not count: another player revealed that card first (in ``t``)."""
        said = t("play.score.first", owner=self.owner_of(self.goals[seat]), number=self.goals[seat] + 1)
        return t("referee.rule", reason=said, rule=t("rule.one-of-each-goal-card"))

    def _notes(self) -> list[str]:
        t = self.rules.words
        notes = [t("play.score.early", player=self.players[s], number=self.goals[s] + 1) for s in self.failed]
        notes += [t("play.score.void", player=self.players[s], why=self.void_reason(s, t)) for s in self.void]
        if self.phase == OVER and self.winner < 0:
            notes.append(t("play.score.limit", rounds=self.rounds))
        return notes
