"""A Hauling Astronauts position and how moves change it.

Player 1 opens with a roll of 3 dice. A turn: an optional roll (once, when at least 3 dice are
Available), then one action (place, move or swap; pass only when nothing else is possible), then
at most one optional departure from a full strip, once the grid has been full. The players'
choices that fill the rulebook's gaps are listed in docs/games/hauling-astronauts.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import IntEnum
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations, product
from math import comb
from typing import TYPE_CHECKING, Any

from pnp.errors import IllegalMove
from pnp.games.base import BaseState, NextStep, ranked, wrong_stage
from pnp.games.hauling_astronauts.model import HaulingData, Transport, names
from pnp.games.hauling_astronauts.notation import (
    BONUS_NAMES,
    GOLD,
    MOVED,
    NEIGHBOURS,
    PLAIN,
    RED,
    SIZE,
    SPACE_NAMES,
    SPACES,
    STRIP_INDEX,
    STRIP_NAMES,
    STRIP_OF,
    STRIPS,
    Choose,
    Depart,
    End,
    MoveDie,
    Pass,
    Place,
    Roll,
    Swap,
    Target,
    face,
    format_die,
    kind,
)
from pnp.games.hauling_astronauts.scoring import PARTS, Departure, points
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage
from pnp.referee.wording import in_stage

if TYPE_CHECKING:
    from pnp.texts import Catalogue


class Phase(IntEnum):
    """Where a game is, in order: transports placed, a turn's actions, a departure, its reveal, over."""

    SETUP, ACTION, DEPART, REVEAL, OVER = range(5)


SETUP, ACTION, DEPART, REVEAL, OVER = Phase
UNKNOWN, VOID = -1, -2  # transport_of entries: not yet revealed / revealed but not a usable transport
SLOTS = ("t1", "t2", "t3")  # hidden transports' secret slots, one per starting strip
PASS, END = Pass(), End()
TARGET_CHOICES: tuple[tuple[Target | None, ...], ...] = ((None,), ("profit", "bonus"))
FACES = range(1, 7)

# Move objects built once, so legal-move generation only picks from tables.
# PLACE[die][space] and MOVE[source][target]: the move objects, shared by every state.
PLACE = {die: tuple(Place(die, s) for s in SPACES) for die in (f | k for k in (PLAIN, GOLD, RED) for f in FACES)}
MOVE = {s: {t: MoveDie(s, t) for t in NEIGHBOURS[s]} for s in SPACES}
# OPEN[player][closed_mask]: the spaces the player may still put or move dice on.
OPEN = tuple(
    tuple(tuple(s for s in SPACES if not closed >> STRIP_OF[p][s] & 1) for closed in range(1 << SIZE)) for p in (0, 1)
)
# STEPS[player][closed_mask]: (source, ((target, move), ...)) for the sources and targets the player may use.
STEPS = tuple(
    tuple(
        tuple((s, tuple((t, MOVE[s][t]) for t in NEIGHBOURS[s] if t in spaces)) for s in spaces) for spaces in by_mask
    )
    for by_mask in OPEN
)
# SWAPS[player][closed_mask]: every swap of two docked transports.
SWAPS = tuple(
    tuple(
        tuple(Swap(a, b) for a, b in combinations([n for k, n in enumerate(names) if not closed >> k & 1], 2))
        for closed in range(1 << SIZE)
    )
    for names in STRIP_NAMES
)


@cache
def choices(ids: tuple[str, ...]) -> tuple[Choose, ...]:
    """Every ordered choice of three different transports out of ``ids``."""
    return tuple(Choose(c) for c in permutations(ids, 3))


@cache
def roll_odds(available: int, specials: int) -> dict[Move, float]:
    """Every roll from Available, with its probability: the roll's chance table.

    ``available`` dice lie in Available, among them the bonus dice whose bits are ``specials``. A roll is
    three of them taken at random, each showing a random face; one with ``b`` bonus dice and plain faces
    ``f`` has the probability C(plain, 3 - b) / C(available, 3) * orderings(f) / 6**3.
    """
    bonus = [k for k in (GOLD, RED) if specials & k]
    plain = available - len(bonus)
    odds: dict[Move, float] = {}
    for count in range(3):
        share = comb(plain, 3 - count) / comb(available, 3) / 6**3
        for chosen in combinations(bonus, count) if share else ():
            for faces in combinations_with_replacement(FACES, 3 - count):
                orderings = len(set(permutations(faces)))
                for bonus_faces in product(FACES, repeat=count):
                    dice = faces + tuple(f | k for f, k in zip(bonus_faces, chosen))
                    odds[Roll(tuple(sorted(dice)))] = share * orderings
    return odds


class HaulingState(BaseState):
    """Everything on the table: dice, transports, docks, scores so far, and whose input is due (``seat``)."""

    MUTABLE = (
        "grid", "booked", "docked", "closed", "transport_of", "committed", "dest", "departures", "swap_mark", "notes"
    )  # fmt: skip
    NESTED = ("docked", "transport_of")

    def __init__(
        self, players: tuple[str, ...], data: HaulingData, bonus_dice: bool, hidden: bool, words: Catalogue
    ) -> None:
        self.players = players
        self.data = data
        self.words = words  # the session's catalogue: next steps and refusals in its language
        self.bonus_dice = bonus_dice
        self.hidden = hidden
        self.phase = SETUP
        self.grid = [0] * len(SPACES)  # die codes, 0 for empty, | MOVED once moved
        self.booked: list[int] = []  # sorted die codes
        self.available = len(SPACES)  # dice in Available, the bonus dice included
        self.specials_free = (GOLD | RED) if bonus_dice else 0  # bonus dice lying in Available
        self.docked = [[0, 1, 2], [0, 1, 2]]  # docked[p][strip]: the slot docked there, -1 once departed
        self.closed = [0, 0]  # bit k: the player's strip k has departed
        self.transport_of = [[UNKNOWN] * 3, [UNKNOWN] * 3]  # fleet index per slot
        self.committed = [0, 0]  # hidden set-up: slots committed so far
        self.dest = [-1] * len(data.docks)  # index into departures, -1 while free
        self.departures: list[Departure] = []
        self.pending = -1  # departure awaiting its reveal
        self.full_once = False  # all nine spaces have been full: departures allowed
        self.progress = 0  # dice moved in the whole game (rolls, places, moves, departures)
        self.swap_mark = [-1, -1]  # progress at each player's last swap
        self.rolled = False
        self.turn_progress = False
        self.turn_passed = False
        self.idle = 0  # consecutive turns in which the player passed and nothing moved
        self.notes: list[str] = []  # void reveals and an early end, said with the score

    # ----- protocol -----

    def is_over(self) -> bool:
        return self.phase == OVER

    def chance(self) -> Mapping[Move, float]:
        if self.phase != ACTION or self.rolled or self.available < 3:
            return {}
        return roll_odds(self.available, self.specials_free)

    def legal_moves(self) -> list[Move]:
        if self.phase == ACTION:
            return self._actions()
        if self.phase == DEPART:
            return [*self._departures(), END]
        if self.phase == REVEAL:
            return [Reveal(SLOTS[self.departures[self.pending].slot])]
        if self.phase == SETUP:
            ids = tuple(t.id for t in self.fleet(self.seat))
            if self.hidden:
                return [Secret(SLOTS[self.committed[self.seat]], i) for i in ids]
            return list(choices(ids))
        return []

    def stage(self) -> Stage:
        """Set-up, play, or over; a reveal is play, except the last departure's, which the game's end awaits."""
        if self.phase == REVEAL and self.finished(0) and self.finished(1):
            return "reveal"
        return _STAGES[self.phase]

    def apply(self, move: Move) -> None:
        handler = _HANDLERS.get(type(move))
        if handler is None:
            raise IllegalMove(f"{move!r} is not a Hauling Astronauts move", "notation")
        if self.phase == OVER:
            raise wrong_stage("over", self.words("play.next.over"), self.words)
        handler(self, move)

    def score(self) -> Score:
        totals = [dict.fromkeys(PARTS, 0), dict.fromkeys(PARTS, 0)]
        for departure in self.departures:
            earned = points(departure, self.transport(departure), self.data.docks[departure.dock])
            for part, value in earned.items():
                totals[departure.player][part] += value
        said = [{self.words(f"play.score.{part}"): value for part, value in t.items()} for t in totals]
        scores = tuple(PlayerScore(name, sum(t.values()), t) for name, t in zip(self.players, said))
        return ranked(scores, self.is_over(), self.notes, words=self.words)

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        from pnp.games.hauling_astronauts.description import describe

        return describe(self)

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.hauling_astronauts.text import render

        return render(self, viewer)

    # ----- queries used by the text, the picture and the bots -----

    def fleet(self, player: int) -> tuple[Transport, ...]:
        """The player's six transports."""
        return self.data.fleets[player].transports

    def transport(self, departure: Departure) -> Transport | None:
        """The transport that made a departure, None while unrevealed or void."""
        index = self.transport_of[departure.player][departure.slot]
        return self.fleet(departure.player)[index] if index >= 0 else None

    def docked_transport(self, player: int, strip: int) -> Transport | None:
        """The transport at a strip's loading dock, None if departed or face down."""
        slot = self.docked[player][strip]
        index = self.transport_of[player][slot] if slot >= 0 else UNKNOWN
        return self.fleet(player)[index] if index >= 0 else None

    def placed(self, player: int, slot: int) -> bool:
        """True once the transport of ``slot`` lies at its dock: chosen, or committed face down."""
        if self.phase != SETUP:
            return True
        return self.committed[player] > slot if self.hidden else self.transport_of[player][slot] != UNKNOWN

    def strip_of(self, player: int, slot: int) -> tuple[int, bool] | None:
        """Where the transport of ``player``'s ``slot`` is: the strip it lies at (a swap moves it with its secret)
        and False, or the strip it left and True once it departed; None before it is placed."""
        for departure in self.departures:
            if (departure.player, departure.slot) == (player, slot):
                return departure.strip, True
        if slot in self.docked[player] and self.placed(player, slot):
            return self.docked[player].index(slot), False
        return None

    def secret_named(self, player: str, slot: str) -> str | None:
        """A face-down transport by where it is now, as its owner finds it on the board: "transport at strip b", or
        "transport that left strip b" once it departed, whatever strip it was sealed for; before it is placed, as
        the game names it (None)."""
        if slot not in SLOTS or player not in self.players:
            return None
        p = self.players.index(player)
        where = self.strip_of(p, SLOTS.index(slot))
        if where is None:
            return None
        strip, left = where
        return self.words("play.secret.left" if left else "play.secret.at", strip=STRIP_NAMES[p][strip])

    def finished(self, player: int) -> bool:
        """True once all three of the player's transports have departed."""
        return self.closed[player] == 0b111

    # ----- legal moves -----

    def _actions(self) -> list[Move]:
        p, grid = self.seat, self.grid
        moves: list[Move] = [*self.chance()]
        if not self.progress:  # the opening roll comes first
            return moves
        append = moves.append
        closed = self.closed[p]
        if self.booked:
            empty = [s for s in OPEN[p][closed] if not grid[s]]
            for die in set(self.booked):
                row = PLACE[die]
                for s in empty:
                    append(row[s])
        for s, steps in STEPS[p][closed]:
            die = grid[s]
            if die and not die & MOVED:
                for t, move in steps:
                    if not grid[t]:
                        append(move)
        if self.swap_mark[p] != self.progress:
            moves += SWAPS[p][closed]
        if not moves:
            moves.append(PASS)
        return moves

    def _full_strips(self, player: int) -> list[int]:
        grid, docked = self.grid, self.docked[player]
        return [k for k, (a, b, c) in enumerate(STRIPS[player]) if docked[k] >= 0 and grid[a] and grid[b] and grid[c]]

    def _allowed_docks(self, load: int) -> list[int]:
        free = [d for d, taken in enumerate(self.dest) if taken < 0]
        fitting = [d for d in free if self.data.docks[d].fits(load)]
        return fitting or free

    def _departures(self) -> list[Depart]:
        p = self.seat
        found: list[Depart] = []
        for k in self._full_strips(p):
            dice = [self.grid[s] for s in STRIPS[p][k]]
            kinds = {kind(d) for d in dice}
            golds = TARGET_CHOICES[GOLD in kinds]
            reds = TARGET_CHOICES[RED in kinds]
            name = STRIP_NAMES[p][k]
            for dock in self._allowed_docks(sum(face(d) for d in dice)):
                found.extend(Depart(name, dock, g, r) for g in golds for r in reds)
        return found

    # ----- applying moves -----

    def _refusal(self, key: str, rule: str, **values: object) -> IllegalMove:
        """The refusal worded by the catalogue's ``key`` with ``values``, naming ``rule``."""
        return IllegalMove(self.words(key, **values), rule)

    def _need(self, phase: Phase, doing: str) -> None:
        """Refuse a move made in the wrong phase: by its stage (a set-up move in play, ...), else by turn order
        (``doing``: the move, as a ``play.doing.*`` key names it)."""
        if self.phase == phase:
            return
        stage, step = self.stage(), self.next_step()
        if stage != "play" or phase == SETUP:
            raise wrong_stage(stage, step, self.words)
        refusal = self.words("play.refusal.not_now", doing=self.words(f"play.doing.{doing}"), step=step.text)
        raise IllegalMove(in_stage(self.words, stage, refusal), "turn order", step.guided)

    def _opened(self, doing: str) -> None:
        """Refuse an action before the opening roll (``doing``: the action, as a ``play.before.*`` key names it)."""
        if not self.progress:
            before = self.words(f"play.before.{doing}")
            raise self._refusal("play.refusal.opening", "opening roll", player=self.players[0], doing=before)

    def next_step(self) -> NextStep:
        """What the game waits for now, addressed to the player to move (guided: all but the many actions of a turn)."""
        t, who = self.words, self.players[self.seat]
        if self.phase == SETUP:
            if self.hidden:
                return NextStep(t("play.next.seal", player=who, slot=SLOTS[self.committed[self.seat]]))
            ids = " ".join(tr.id for tr in self.fleet(self.seat)[:3])
            return NextStep(t("play.next.choose", player=who, strips=" ".join(STRIP_NAMES[self.seat]), ids=ids))
        if self.phase == ACTION:
            if not self.progress:
                return NextStep(t("play.next.open", player=who))
            return NextStep(t("play.next.action", player=who), guided=False)
        if self.phase == DEPART:
            return NextStep(t("play.next.depart", player=who))
        if self.phase == REVEAL:
            return NextStep(t("play.next.reveal", player=who, slot=SLOTS[self.departures[self.pending].slot]))
        return NextStep(t("play.next.over"))

    def _own_strip(self, name: str) -> int:
        owner, k = STRIP_INDEX.get(name, (-1, -1))
        if owner != self.seat:
            raise self._refusal(
                "play.refusal.not_yours", "own strips", strip=name, yours=" ".join(STRIP_NAMES[self.seat])
            )
        return k

    def _check_open(self, space: int, side: str) -> None:
        """Refuse a die put on, or moved from or onto (``side``: on, from, onto), a strip of the mover's that has
        departed."""
        k = STRIP_OF[self.seat][space]
        if self.closed[self.seat] >> k & 1:
            strip = STRIP_NAMES[self.seat][k]
            raise self._refusal(f"play.refusal.closed.{side}", "closed strips", space=SPACE_NAMES[space], strip=strip)

    def _choose(self, move: Choose) -> None:
        self._need(SETUP, "choose")
        if self.hidden:
            raise self._refusal("play.refusal.hidden", "hidden transports")
        ids = [t.id for t in self.fleet(self.seat)]
        if len(move.ids) != 3 or len(set(move.ids)) != 3 or not set(move.ids) <= set(ids):
            raise self._refusal("play.refusal.choose", "set-up", ids=" ".join(ids))
        self.transport_of[self.seat] = [ids.index(i) for i in move.ids]
        self._next_setup()

    def _commit(self, move: Commit) -> None:
        self._need(SETUP, "commit")
        if not self.hidden:
            raise self._refusal("play.refusal.open", "hidden transports")
        expected = SLOTS[self.committed[self.seat]]
        if move.slot != expected:
            raise self._refusal("play.refusal.order", "hidden transports", slot=expected)
        self.committed[self.seat] += 1
        if self.committed[self.seat] == 3:
            self._next_setup()

    def _secret(self, _move: Secret) -> None:
        self._need(SETUP, "secret")
        raise self._refusal("play.refusal.secret", "secrets")

    def _next_setup(self) -> None:
        if not self.next_seat():
            self.phase = ACTION

    def _roll(self, move: Roll) -> None:
        self._need(ACTION, "roll")
        if self.rolled:
            raise self._refusal("play.refusal.rolled", "one roll per turn")
        if self.available < 3:
            raise self._refusal("play.refusal.few", "rolling needs 3 Available dice", count=self.available)
        dice = move.dice
        if len(dice) != 3 or any(d not in PLACE for d in dice):
            raise self._refusal("play.refusal.roll", "roll")
        specials = [kind(d) for d in dice if kind(d) != PLAIN]
        if specials and not self.bonus_dice:
            raise self._refusal("play.refusal.no_bonus", "bonus dice")
        for k, name in BONUS_NAMES.items():
            if specials.count(k) > (1 if self.specials_free & k else 0):
                raise self._refusal("play.refusal.bonus_away", "bonus dice", die=self.words(f"play.bonus.{name}"))
        plain = self.available - self.specials_free.bit_count()
        if 3 - len(specials) > plain:
            raise self._refusal("play.refusal.plain", "roll", count=plain)
        for k in specials:
            self.specials_free &= ~k
        self.booked = sorted(self.booked + list(dice))
        self.available -= 3
        self.rolled = True
        self._progressed()

    def _place(self, move: Place) -> None:
        self._need(ACTION, "place")
        self._opened("place")
        if move.die not in self.booked:
            raise self._refusal("play.refusal.not_booked", "place a die from Booked", die=format_die(move.die))
        self._check_empty(move.space)
        self._check_open(move.space, "on")
        self.booked.remove(move.die)
        self.grid[move.space] = move.die
        self._progressed()
        self._after_action()

    def _check_empty(self, space: int) -> None:
        if self.grid[space]:
            raise self._refusal("play.refusal.full", "one die per space", space=SPACE_NAMES[space])

    def _move(self, move: MoveDie) -> None:
        self._need(ACTION, "move")
        self._opened("move")
        source, target = move.source, move.target
        die, named = self.grid[source], {"source": SPACE_NAMES[source], "target": SPACE_NAMES[target]}
        if not die:
            raise self._refusal("play.refusal.empty", "move a placed die", **named)
        if die & MOVED:
            raise self._refusal("play.refusal.moved", "a die moves only once", **named)
        if target not in MOVE[source]:
            raise self._refusal("play.refusal.not_next", "move one space orthogonally", **named)
        self._check_empty(target)
        self._check_open(source, "from")
        self._check_open(target, "onto")
        self.grid[target], self.grid[source] = die | MOVED, 0
        self._progressed()
        self._after_action()

    def _swap(self, move: Swap) -> None:
        self._need(ACTION, "swap")
        self._opened("swap")
        p = self.seat
        a, b = self._own_strip(move.first), self._own_strip(move.second)
        if a == b:
            raise self._refusal("play.refusal.same_strip", "swap two transports")
        for k in (a, b):
            if self.docked[p][k] < 0:
                raise self._refusal("play.refusal.gone", "swap two transports", strip=STRIP_NAMES[p][k])
        if self.swap_mark[p] == self.progress:
            raise self._refusal("play.refusal.swapped", "no swap twice without progress")
        docked = self.docked[p]
        docked[a], docked[b] = docked[b], docked[a]
        self.swap_mark[p] = self.progress
        self._after_action()

    def _pass(self, _move: Pass) -> None:
        self._need(ACTION, "pass")
        self._opened("pass")
        if self._actions() != [PASS]:
            raise self._refusal("play.refusal.not_stuck", "pass only when stuck")
        self.turn_passed = True
        self._after_action()

    def _after_action(self) -> None:
        if not self.full_once and all(self.grid):
            self.full_once = True
        if self.full_once and self._full_strips(self.seat):
            self.phase = DEPART
        else:
            self._end_turn()

    def _depart(self, move: Depart) -> None:
        self._need(DEPART, "depart")
        p = self.seat
        k = self._own_strip(move.strip)
        if self.docked[p][k] < 0:
            raise self._refusal("play.refusal.departed", "closed strips", strip=move.strip)
        if k not in self._full_strips(p):
            raise self._refusal("play.refusal.not_full", "depart from a full strip", strip=move.strip)
        spaces = STRIPS[p][k]
        dice = tuple(self.grid[s] & ~MOVED for s in spaces)
        self._check_dock(move.dock, sum(face(d) for d in dice))
        self._check_bonus_choice(dice, GOLD, move.gold)
        self._check_bonus_choice(dice, RED, move.red)
        for s in spaces:
            self.grid[s] = 0
        self.available += 3
        for d in dice:
            self.specials_free |= kind(d)
        slot = self.docked[p][k]
        self.docked[p][k] = -1
        self.closed[p] |= 1 << k
        self.dest[move.dock] = len(self.departures)
        self.departures.append(Departure(p, k, slot, move.dock, dice, move.gold, move.red))
        self._progressed()
        if self.hidden:
            self.pending, self.phase = len(self.departures) - 1, REVEAL
        else:
            self._end_turn()

    def _check_dock(self, dock: int, load: int) -> None:
        if not 0 <= dock < len(self.dest):
            raise self._refusal("play.refusal.no_dock", "destination docks", dock=dock + 1)
        if self.dest[dock] >= 0:
            raise self._refusal("play.refusal.taken", "one transport per dock", dock=dock + 1)
        allowed = self._allowed_docks(load)
        if dock not in allowed:
            names = " ".join(f"d{d + 1}" for d in allowed)
            raise self._refusal("play.refusal.fitting", "dock if possible", load=load, docks=names)

    def _check_bonus_choice(self, dice: tuple[int, ...], die_kind: int, target: Target | None) -> None:
        """Refuse a departure that says nothing of the bonus die of ``die_kind`` aboard, or names one not aboard."""
        aboard, name = any(kind(d) == die_kind for d in dice), BONUS_NAMES[die_kind]
        if aboard == (target is None):
            key = "play.refusal.aboard" if aboard else "play.refusal.not_aboard"
            raise self._refusal(key, "bonus dice", die=self.words(f"play.bonus.{name}"), name=name)

    def _reveal(self, move: Reveal) -> None:
        self._need(REVEAL, "reveal")
        departure = self.departures[self.pending]
        expected, t, stage = SLOTS[departure.slot], self.words, self.stage()
        if move.slot != expected:
            said = in_stage(t, stage, t("play.refusal.reveal_other", slot=expected))
            raise IllegalMove(said, "hidden transports")
        if not move.value:
            said = in_stage(t, stage, t("play.refusal.reveal_value", step=self.next_step().text))
            raise IllegalMove(said, "hidden transports", True)
        p = departure.player
        ids = [t.id for t in self.fleet(p)]
        value = names(self.data).find(move.value) or ""
        index = ids.index(value) if value in ids else VOID
        if index == VOID or index in self.transport_of[p]:
            index = VOID
            secret = self.secret_named(self.players[p], expected)  # as the table names it, not as typed
            self.notes.append(t("play.score.void", player=self.players[p], slot=secret, value=repr(move.value)))
        self.transport_of[p][departure.slot] = index
        self.pending = -1
        self._end_turn()

    def _end(self, _move: End) -> None:
        self._need(DEPART, "end")
        self._end_turn()

    def _progressed(self) -> None:
        self.progress += 1
        self.turn_progress = True

    def _end_turn(self) -> None:
        idle = self.turn_passed and not self.turn_progress
        self.idle = self.idle + 1 if idle else 0
        active = [p for p in (0, 1) if not self.finished(p)]
        if not active or self.idle >= len(active):
            if active:  # said with the result: the game ended before every transport departed
                self.notes.append(self.words("play.score.idle"))
            self.phase = OVER
            return
        if not self.finished(1 - self.seat):
            self.pass_turn()
        self.phase = ACTION
        self.rolled = self.turn_progress = self.turn_passed = False


_STAGES: dict[int, Stage] = {SETUP: "set-up", ACTION: "play", DEPART: "play", REVEAL: "play", OVER: "over"}

_HANDLERS: dict[type, Callable[[HaulingState, Any], None]] = {
    Choose: HaulingState._choose,
    Commit: HaulingState._commit,
    Secret: HaulingState._secret,
    Roll: HaulingState._roll,
    Place: HaulingState._place,
    MoveDie: HaulingState._move,
    Swap: HaulingState._swap,
    Pass: HaulingState._pass,
    Depart: HaulingState._depart,
    Reveal: HaulingState._reveal,
    End: HaulingState._end,
}
