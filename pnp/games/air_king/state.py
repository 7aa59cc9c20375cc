"""Air King's state: aircraft and Storms on the field, the decks counted by card type, the hands, the turn.

The referee knows every hand: each card enters a hand through a ``draw`` entry
(the deal included), so a card a player cannot hold is refused. Only
``render_text`` for the owner shows a hand's contents. Goals are never held
here until revealed.

Turn: ``DRAW`` (one chance entry) -> ``ACT`` (two aircraft moves, up to two
cards, then ``end``) -> ``DISCARD`` (only above the hand limit) -> next seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import IllegalMove
from pnp.games.air_king.field import FAR, Field, cell_name
from pnp.games.air_king.model import CARD_TYPES, AirKingData
from pnp.games.air_king.moves import AirMove, MoveTable
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, State

SLOT = "goal"
GOALS, DEAL, DRAW, ACT, DISCARD, FINAL, OVER = range(7)
WAITING, LANDED = -1, -2  # aircraft positions off the field
STORM = -1  # a Storm card on a space (aircraft are 1..10 there, 0 is empty)
EXTRA, DIAGONAL, STORM_CARD, CLEAR, HOLD, PASS = (CARD_TYPES.index(t) for t in CARD_TYPES)


@dataclass(frozen=True)
class Rules:
    """What every state of one session shares: data, field geometry, ready-made moves, the round limit."""

    data: AirKingData
    field: Field
    table: MoveTable
    home: tuple[int, ...]  # home airport (0 or 1) of each aircraft
    goal_masks: tuple[int, ...]  # bit a set for aircraft a on each goal card
    rounds: int


class AirKingState(State):
    """One position of a session."""

    def __init__(self, rules: Rules, players: tuple[str, ...]) -> None:
        data = rules.data
        self.rules = rules
        self.players = players
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
        self.phase, self.seat, self.round = GOALS, 0, 0
        self.moves_left = self.cards_played = 0
        self.movement_played = False
        self.winner = -1

    # -- protocol ---------------------------------------------------------
    def to_move(self) -> str | None:
        return None if self.phase == OVER else self.players[self.seat]

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> AirKingState:
        other = object.__new__(AirKingState)
        other.__dict__.update(self.__dict__)
        for name in ("pos", "occ", "held", "technical", "draw", "discard", "goals", "failed"):
            setattr(other, name, getattr(self, name).copy())
        other.hands = [hand.copy() for hand in self.hands]
        return other

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
        if phase != DEAL and self.may_claim():
            moves.append(Reveal(SLOT))
        return moves

    def apply(self, move: Move) -> None:
        if isinstance(move, AirMove) and move.action in _HANDLERS:
            _HANDLERS[move.action](self, move)
        elif isinstance(move, Commit):
            self._commit(move)
        elif isinstance(move, Reveal):
            self._reveal(move)
        else:
            raise IllegalMove(f"{move!r} is not an Air King move")

    def score(self) -> Score:
        rows = []
        for seat, name in enumerate(self.players):
            goal = self.goals[seat]
            breakdown = {} if goal < 0 else {"landed": (self.rules.goal_masks[goal] & self.landed).bit_count()}
            if seat == self.winner:
                breakdown["claimed"] = 1
            rows.append(PlayerScore(name, sum(breakdown.values()), breakdown))
        winners: tuple[str, ...] = ()
        if self.phase == OVER:
            best = max(r.score for r in rows)
            winners = tuple(r.name for r in rows if r.score == best)
        return Score(self.phase == OVER, tuple(rows), winners, tuple(self._notes(winners)))

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.air_king.text import render

        return render(self, viewer)

    # -- queries ----------------------------------------------------------
    def may_claim(self) -> bool:
        """True when the player to move may reveal their goal to win: some goal card is fully landed."""
        return self.any_complete and self.goals[self.seat] < 0 and self.phase in (DRAW, ACT, DISCARD)

    def progress(self, a: int) -> int:
        """How far aircraft ``a`` has come: -FAR waiting, up to past its destination once landed."""
        p, home = self.pos[a], self.rules.home[a]
        if p >= 0:
            return self.rules.field.progress[home][p]
        return -FAR if p == WAITING else self.rules.field.landed_progress[home]

    def flights(self) -> list[AirMove]:
        """Every plain aircraft move (depart, fly, land) open now, ignoring how many moves are left."""
        field, table, occ, pos, home = self.rules.field, self.rules.table, self.occ, self.pos, self.rules.home
        out = []
        for a, p in enumerate(pos):
            if p >= 0:
                if self.held[a]:
                    continue
                h = home[a]
                row = table.fly[a]
                out.extend(row[c] for c in field.steps[h][p] if not occ[c])
                if p == field.runway[1 - h]:
                    out.append(table.land[a])
            elif p == WAITING:
                row = table.depart[a]
                out.extend(row[c] for c in field.departures[home[a]] if not occ[c])
        return out

    def holdable(self, a: int) -> str:
        """Why a Holding card cannot go on aircraft ``a`` now, or '' when it can."""
        p = self.pos[a]
        if p < 0:
            return f"aircraft {a + 1} is not on the field"
        if self.held[a]:
            return f"aircraft {a + 1} is already held"
        if p in self.rules.field.runway:
            return f"aircraft {a + 1} is on an arrival zone"
        home, mine = self.rules.home, self.progress(a)
        if not any(b != a and home[b] == home[a] and self.pos[b] != LANDED and not self.held[b]
                   and self.progress(b) <= mine for b in range(len(self.pos))):
            return f"no other aircraft flying its way could overtake aircraft {a + 1}: it is the last one"
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
                    moves.extend(table.extra[m] for m in flights)
                if hand[DIAGONAL]:
                    for a, p in enumerate(self.pos):
                        if p >= 0 and not self.held[a]:
                            row = table.diagonal[a]
                            moves.extend(row[c] for c in field.diagonals[self.rules.home[a]][p] if not occ[c])
            if hand[STORM_CARD]:
                moves.extend(table.storm[c] for c in field.storm_spaces if not occ[c])
            if hand[CLEAR]:
                moves.extend(table.clear[c] for c, thing in enumerate(occ) if thing == STORM)
            if hand[HOLD]:
                moves.extend(table.hold[a] for a, p in enumerate(self.pos) if p >= 0 and not self.holdable(a))
            if hand[PASS]:
                moves.extend(table.passing[pair] for pair in self.pass_pairs())
            if self.technical[seat]:
                moves.extend(table.back[a] for a, p in enumerate(self.pos) if p >= 0)
        if not self.moves_left or not flights:
            moves.append(table.end)
        if self.may_claim():
            moves.append(Reveal(SLOT))
        return moves

    # -- checks shared by the actions --------------------------------------
    def _need(self, phase: int, doing: str) -> None:
        if self.phase != phase:
            raise IllegalMove(f"{doing} is not possible now: {self.expecting()}", "turn phases")

    def expecting(self) -> str:
        """What the referee waits for, in words."""
        who = self.players[self.seat] if self.phase != OVER else ""
        return {
            GOALS: f"{who} enters their goal card first ('pnp ref secret')",
            DEAL: f"{who} enters the event card dealt to them ('draw CARD')",
            DRAW: f"{who} enters the card they drew ('draw CARD')",
            ACT: f"{who} moves aircraft and plays cards, then 'end'",
            DISCARD: f"{who} discards down to {self.rules.data.hand_limit} cards ('discard CARD')",
            FINAL: f"the round limit is reached: {who} reveals their goal ('reveal goal')",
            OVER: "the game is over",
        }[self.phase]

    def _aircraft(self, number: int) -> int:
        if not 1 <= number <= len(self.pos):
            raise IllegalMove(f"there is no aircraft {number} (aircraft 1-{len(self.pos)})", "aircraft")
        return number - 1

    def _space(self, name: str) -> int:
        field = self.rules.field
        cell = field.index.get(name, -1)
        if cell < 0:
            for airport, spot in zip(field.airport_names, field.airport_spaces):
                if name == cell_name(*spot):
                    raise IllegalMove(f"{name} is airport {airport}, not a space: aircraft land with 'land N' "
                                      "from the arrival zone", "land only from the arrival zone")
            raise IllegalMove(f"there is no space {name} on this field", "the field")
        return cell

    def _empty(self, cell: int) -> None:
        thing = self.occ[cell]
        if thing:
            what = "a Storm" if thing == STORM else f"aircraft {thing}"
            raise IllegalMove(f"{self.rules.field.names[cell]} is taken by {what}", "never two things on one space")

    def _card(self, kind: int) -> None:
        """Refuse playing a card of type ``kind`` now (not in hand, or over the per-turn limits)."""
        self._need(ACT, f"playing {self._title(CARD_TYPES[kind])}")
        if not self.hands[self.seat][kind]:
            raise IllegalMove(f"{self.players[self.seat]} holds no {self._title(CARD_TYPES[kind])} card "
                              f"(hand: {self.hand_text(self.seat)})", "deck tracking")
        self._card_slot()
        if kind in (EXTRA, DIAGONAL) and self.movement_played:
            raise IllegalMove("a movement card was already played this turn", "one movement card per turn")

    def _card_slot(self) -> None:
        if self.cards_played >= self.rules.data.cards_per_turn:
            raise IllegalMove(f"{self.cards_played} cards were already played this turn", "up to two cards per turn")

    def _spend(self, kind: int, discard: bool = True) -> None:
        self.hands[self.seat][kind] -= 1
        self.cards_played += 1
        self.movement_played = self.movement_played or kind in (EXTRA, DIAGONAL)
        if discard:
            self.discard[kind] += 1

    def _flier(self, a: int) -> int:
        p = self.pos[a]
        if p < 0:
            where = "has landed" if p == LANDED else "is still waiting at its airport ('depart' it first)"
            raise IllegalMove(f"aircraft {a + 1} {where}", "aircraft on the field")
        if self.held[a]:
            raise IllegalMove(f"aircraft {a + 1} is held until another aircraft flying its way overtakes it",
                              "Holding")
        return p

    def _title(self, kind: str) -> str:
        return self.rules.data.event(kind).title

    def hand_text(self, seat: int) -> str:
        """A hand as words, e.g. '2 storm, 1 pass'."""
        return counts_text(self.hands[seat]) if any(self.hands[seat]) else "empty"

    # -- moving aircraft ---------------------------------------------------
    def _relocate(self, a: int, target: int) -> None:
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

    def _budget(self, move: AirMove) -> None:
        if move.extra:
            self._card(EXTRA)
        else:
            self._need(ACT, move.action)
            if not self.moves_left:
                raise IllegalMove(f"both aircraft moves of this turn are made (play Extra move as "
                                  f"'extra {move.action} ...', or 'end')", "two moves per turn")

    def _use_budget(self, move: AirMove) -> None:
        if move.extra:
            self._spend(EXTRA)
        else:
            self.moves_left -= 1

    def _depart(self, move: AirMove) -> None:
        a, cell = self._aircraft(move.aircraft), self._space(move.cell)
        self._budget(move)
        if self.pos[a] != WAITING:
            raise IllegalMove(f"aircraft {a + 1} is not waiting at its airport", "depart")
        home = self.rules.home[a]
        zones = self.rules.field.departures[home]
        if cell not in zones:
            names = ", ".join(self.rules.field.names[z] for z in zones)
            raise IllegalMove(f"{move.cell} is not a departure zone of airport "
                              f"{self.rules.field.airport_names[home]} ({names})", "depart into a departure zone")
        self._empty(cell)
        self._use_budget(move)
        self._relocate(a, cell)

    def _fly(self, move: AirMove) -> None:
        a, cell = self._aircraft(move.aircraft), self._space(move.cell)
        self._budget(move)
        p = self._flier(a)
        if cell not in self.rules.field.steps[self.rules.home[a]][p]:
            raise IllegalMove(*self._why_not(a, p, cell))
        self._empty(cell)
        self._use_budget(move)
        self._relocate(a, cell)

    def _why_not(self, a: int, p: int, cell: int) -> tuple[str, str]:
        field = self.rules.field
        (c0, l0), (c1, l1) = field.coords(p), field.coords(cell)
        h = self.rules.home[a]
        way = 1 if field.airport_spaces[1 - h][0] > field.airport_spaces[h][0] else -1
        ahead, side = (c1 - c0) * way, abs(l1 - l0)
        here = f"aircraft {a + 1} at {field.names[p]}"
        if ahead == 1 and side == 1:
            return f"{here} may fly diagonally only with an Extra diagonal move ('diagonal N SPACE')", "fly"
        if abs(ahead) + side != 1:
            return f"{field.names[cell]} is not next to {here}", "fly one space"
        if ahead < 0:
            return (f"{here} may not fly backwards (only one step back from beyond its arrival zone)",
                    "never backwards")
        return f"{here} may not fly past its destination airport", "stay beside the airport"

    def _land(self, move: AirMove) -> None:
        a = self._aircraft(move.aircraft)
        self._budget(move)
        p = self._flier(a)
        home = self.rules.home[a]
        runway = self.rules.field.runway[1 - home]
        if p != runway:
            raise IllegalMove(f"aircraft {a + 1} lands only from the arrival zone {self.rules.field.names[runway]}",
                              "land only from the arrival zone")
        self._use_budget(move)
        self._relocate(a, LANDED)
        self.landed |= 1 << a
        self.any_complete = any(mask & self.landed == mask for mask in self.rules.goal_masks)
        self._check_public_win()

    def _diagonal(self, move: AirMove) -> None:
        a, cell = self._aircraft(move.aircraft), self._space(move.cell)
        self._card(DIAGONAL)
        p = self._flier(a)
        if cell not in self.rules.field.diagonals[self.rules.home[a]][p]:
            raise IllegalMove(f"{move.cell} is not diagonally ahead of aircraft {a + 1} at "
                              f"{self.rules.field.names[p]}", "Extra diagonal move")
        self._empty(cell)
        self._spend(DIAGONAL)
        self._relocate(a, cell)

    # -- other cards -------------------------------------------------------
    def _storm(self, move: AirMove) -> None:
        cell = self._space(move.cell)
        self._card(STORM_CARD)
        if cell in self.rules.field.runway:
            raise IllegalMove(f"{move.cell} is an arrival zone: a Storm never goes there", "Storm")
        self._empty(cell)
        self._spend(STORM_CARD, discard=False)
        self.occ[cell] = STORM

    def _clear(self, move: AirMove) -> None:
        cell = self._space(move.cell)
        self._card(CLEAR)
        if self.occ[cell] != STORM:
            raise IllegalMove(f"there is no Storm on {move.cell}", "Clear sky")
        self._spend(CLEAR)
        self.occ[cell] = 0
        self.discard[STORM_CARD] += 1

    def _hold(self, move: AirMove) -> None:
        a = self._aircraft(move.aircraft)
        self._card(HOLD)
        why = self.holdable(a)
        if why:
            raise IllegalMove(f"Holding cannot go on aircraft {a + 1}: {why}", "Holding")
        self._spend(HOLD, discard=False)
        self.held[a] = True

    def _pass(self, move: AirMove) -> None:
        a, b = self._aircraft(move.aircraft), self._aircraft(move.other)
        self._card(PASS)
        pa, pb = self._flier(a), self._flier(b)
        home, ahead = self.rules.home, self.rules.field.ahead
        if home[a] == home[b] or ahead[home[a]][pa] != pb or ahead[home[b]][pb] != pa:
            raise IllegalMove(f"aircraft {a + 1} and {b + 1} are not nose to nose in one lane, flying opposite "
                              "ways", "Pass")
        self._spend(PASS)
        self.occ[pa] = self.occ[pb] = 0
        self._relocate(a, pb)
        self._relocate(b, pa)

    def _return(self, move: AirMove) -> None:
        a = self._aircraft(move.aircraft)
        self._need(ACT, "Technical Return")
        if not self.technical[self.seat]:
            raise IllegalMove(f"{self.players[self.seat]} has used their Technical Return",
                              "Technical Return once per player")
        self._card_slot()
        if self.pos[a] < 0:
            raise IllegalMove(f"aircraft {a + 1} is not on the field", "Technical Return")
        self.technical[self.seat] = False
        self.cards_played += 1
        if self.held[a]:
            self.held[a] = False
            self.discard[HOLD] += 1
        self._relocate(a, WAITING)

    # -- the turn ------------------------------------------------------------
    def _draw(self, move: AirMove) -> None:
        if self.phase not in (DRAW, DEAL):
            raise IllegalMove(f"drawing is not possible now: {self.expecting()}", "turn phases")
        kind = CARD_TYPES.index(move.card)
        if not self.draw[kind]:
            raise IllegalMove(f"no {self._title(move.card)} card is left in the draw pile (it holds: "
                              f"{counts_text(self.draw)})", "deck tracking")
        self.draw[kind] -= 1
        self.hands[self.seat][kind] += 1
        self._refill()
        if self.phase == DRAW:
            self.phase = ACT
            return
        self.seat += 1
        if self.seat == len(self.players):
            self.seat = 0
            self._start_turn()

    def _refill(self) -> None:
        """An empty draw pile is replaced by the shuffled discard pile."""
        if not any(self.draw):
            self.draw, self.discard = self.discard, [0] * len(CARD_TYPES)

    def _end(self, move: AirMove) -> None:
        self._need(ACT, "ending the turn")
        if self.moves_left and self.flights():
            raise IllegalMove(f"{self.moves_left} aircraft move(s) still to make this turn", "two moves per turn")
        if self.hand_size(self.seat) > self.rules.data.hand_limit:
            self.phase = DISCARD
        else:
            self._next_turn()

    def _discard(self, move: AirMove) -> None:
        self._need(DISCARD, "discarding")
        kind = CARD_TYPES.index(move.card)
        if not self.hands[self.seat][kind]:
            raise IllegalMove(f"{self.players[self.seat]} holds no {self._title(move.card)} card", "deck tracking")
        self.hands[self.seat][kind] -= 1
        self.discard[kind] += 1
        if self.hand_size(self.seat) <= self.rules.data.hand_limit:
            self._next_turn()

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % len(self.players)
        if self.seat == 0:
            self.round += 1
            if self.round >= self.rules.rounds:
                self.phase = FINAL
                self.seat = -1
                self._next_final_reveal()
                return
        self._start_turn()

    def _start_turn(self) -> None:
        self.moves_left = self.rules.data.moves_per_turn
        self.cards_played = 0
        self.movement_played = False
        self._refill()
        self.phase = DRAW if any(self.draw) else ACT
        self._check_public_win()

    def _check_public_win(self) -> None:
        """A player whose goal is already public wins on their own turn once all of it has landed."""
        goal = self.goals[self.seat]
        if goal >= 0 and self.rules.goal_masks[goal] & self.landed == self.rules.goal_masks[goal]:
            self.winner, self.phase = self.seat, OVER

    # -- goals ---------------------------------------------------------------
    def _commit(self, move: Commit) -> None:
        if self.phase != GOALS or move.slot != SLOT:
            raise IllegalMove("each player enters one goal card, at set-up", "goal cards")
        self.seat += 1
        if self.seat == len(self.players):
            self.phase, self.seat = DEAL, 0

    def _reveal(self, move: Reveal) -> None:
        if move.slot != SLOT:
            raise IllegalMove(f"Air King has no secret {move.slot!r} (the goal card is 'goal')", "goal cards")
        count = len(self.rules.goal_masks)
        if not move.value.isdigit() or not 1 <= int(move.value) <= count:
            raise IllegalMove(f"{move.value!r} is not a goal card (1-{count})", "goal cards")
        goal = int(move.value) - 1
        if self.phase == FINAL:
            self.goals[self.seat] = goal
            self._next_final_reveal()
            return
        if self.phase not in (DRAW, ACT, DISCARD) or self.goals[self.seat] >= 0:
            raise IllegalMove("a goal is revealed once, during its owner's own turn", "reveal on your turn")
        if not self.any_complete:
            raise IllegalMove("no goal card has all its aircraft landed yet", "reveal to win")
        self.goals[self.seat] = goal
        self._check_public_win()
        if self.phase != OVER:
            self.failed.append(self.seat)

    def _next_final_reveal(self) -> None:
        later = [s for s in range(self.seat + 1, len(self.players)) if self.goals[s] < 0]
        if later:
            self.seat = later[0]
        else:
            self.phase, self.seat = OVER, 0

    def _notes(self, winners: tuple[str, ...]) -> list[str]:
        notes = []
        for seat in self.failed:
            notes.append(f"{self.players[seat]} revealed goal card {self.goals[seat] + 1} before all of it "
                         "had landed, so it did not win then")
        for goal in sorted(set(self.goals) - {-1}):
            owners = [p for p, g in zip(self.players, self.goals) if g == goal]
            if len(owners) > 1:
                notes.append(f"goal card {goal + 1} was entered by {' and '.join(owners)}, but there is one")
        if self.phase == OVER and self.winner < 0:
            notes.append(f"the {self.rules.rounds}-round limit was reached: the most goal aircraft landed wins")
        if len(winners) > 1:
            notes.append(f"tie: {', '.join(winners)}")
        return notes


def counts_text(counts: list[int]) -> str:
    """Card counts by type as words, e.g. '2 storm, 1 pass'."""
    return ", ".join(f"{n} {t}" for t, n in zip(CARD_TYPES, counts) if n) or "nothing"


_HANDLERS = {
    "draw": AirKingState._draw,
    "depart": AirKingState._depart,
    "fly": AirKingState._fly,
    "land": AirKingState._land,
    "diagonal": AirKingState._diagonal,
    "storm": AirKingState._storm,
    "clear": AirKingState._clear,
    "hold": AirKingState._hold,
    "pass": AirKingState._pass,
    "return": AirKingState._return,
    "end": AirKingState._end,
    "discard": AirKingState._discard,
}
