"""Take Off!'s state, in pure Python: dice, routes, TAKE OFF! cards, doubles, bumping, the finish, the score.

A turn: the player enters the roll (``roll R Y``). Colour and jet faces are
then used together in one ``fly`` move (both dice if at all possible); a
TAKE OFF! face first draws a card (``draw CITY``, from the deck the half rule
chooses) and sends a jet there (``send JET``), then the other die is used.
A double gives the same player another turn. See docs/games/take-off.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from itertools import combinations

from pnp.errors import IllegalMove
from pnp.games.base import BaseState, ranked
from pnp.games.take_off.model import TakeOffData
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send, make_roll
from pnp.games.take_off.world import HOME, World
from pnp.referee.protocol import Move, PlayerScore, Score
from pnp.texts import Catalogue


class Phase(IntEnum):
    """The step of a turn, in order: roll, draw cards, send a jet, fly it; then over."""

    ROLL, DRAW, SEND, FLY, OVER = range(5)


ROLL, DRAW, SEND, FLY, OVER = Phase
WILD, TAKE_OFF = -1, -2  # die faces that are not a route colour
EAST, WEST = 0, 1
FLIGHT_MEMO = 200_000  # plans remembered per map
NO_CHANCE: Mapping[Move, float] = {}
Plan = tuple[tuple[int, tuple[int, ...]], ...]  # (jet index, city indices) per jet


@dataclass(frozen=True, eq=False)
class Context:
    """What every state of one session shares: the map, the data and the fixed roll inputs."""

    world: World
    data: TakeOffData
    fleet: int
    round_limit: int
    play_on: bool
    flights: dict[Plan, Fly]  # memo of moves by plan, shared by the sessions on one map
    words: Catalogue  # the session's words: its refusals and its board in words are worded from them

    def kind(self, letter: str) -> int:
        """A face's meaning: a route colour index, WILD or TAKE_OFF."""
        if letter == self.data.jet_face:
            return WILD
        if letter == self.data.take_off_face:
            return TAKE_OFF
        return next(i for i, c in enumerate(self.data.route_colours) if c.letter == letter)

    @cached_property
    def rolls(self) -> Counter[Roll]:
        """Each roll (two faces in die-face order) by the number of ordered outcomes of the two dice that give it."""
        faces = self.data.die_faces
        return Counter(make_roll(a, b, faces) for a in faces for b in faces)

    @cached_property
    def roll_odds(self) -> Mapping[Move, float]:
        """Each roll's probability."""
        total = self.rolls.total()
        return {roll: count / total for roll, count in self.rolls.items()}

    @cached_property
    def roll_kinds(self) -> dict[Roll, tuple[int, int]]:
        """Each roll's two faces as route colour indices, WILD or TAKE_OFF."""
        return {roll: (self.kind(roll.first), self.kind(roll.second)) for roll in self.rolls}

    @cached_property
    def draws(self) -> tuple[Draw, ...]:
        """The card input for each city, by index."""
        return tuple(Draw(city_id) for city_id in self.world.ids)

    def fly(self, plan: Plan) -> Fly:
        """The move for a plan (memoised: the same plans come up again and again)."""
        move = self.flights.get(plan)
        if move is None:
            ids = self.world.ids
            move = Fly(tuple((j + 1, tuple(ids[c] for c in cities)) for j, cities in plan))
            if len(self.flights) < FLIGHT_MEMO:
                self.flights[plan] = move
        return move


class TakeOffState(BaseState):
    """A position: every jet's city, the phase of the turn, the dice and cards in play, the decks."""

    MUTABLE = ("pos", "hand", "piles", "discards", "done", "bumped")
    NESTED = ("piles", "discards")

    def __init__(self, context: Context, players: tuple[str, ...]) -> None:
        world = context.world
        self.ctx = context
        self.players = players
        self.pos = [world.start] * (len(players) * context.fleet)
        self.phase = ROLL
        self.round = 0
        self.dice: tuple[int, ...] = ()  # movement faces still to use: colour indices or WILD
        self.again = False  # a double was rolled: the same player rolls again
        self.deck = EAST
        self.to_draw = 0
        self.hand: list[int] = []  # capitals drawn, waiting for a jet, in the order drawn
        self.sent = -1  # the jet sent by the first card of a double TAKE OFF!
        self.piles = [sorted(world.decks[EAST]), sorted(world.decks[WEST])]  # kept in index order
        self.discards: list[list[int]] = [[], []]
        self.done: list[int] = []  # seats whose whole fleet is home, in order
        self.bumped: list[tuple[int, int]] = []  # (seat, jet) sent back to Start by the last move
        self._legal: tuple[Move, ...] | None = None  # read-only: clones share it

    # -- protocol ---------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = tuple(self._generate())
        return list(self._legal)

    def chance(self) -> Mapping[Move, float]:
        """A roll by its share of the two dice's ordered outcomes; a draw uniform over the cards in the deck."""
        if self.phase == ROLL:
            return self.ctx.roll_odds
        if self.phase != DRAW:
            return NO_CHANCE
        draws = self.legal_moves()  # one card per capital
        return dict.fromkeys(draws, 1 / len(draws))

    def apply(self, move: Move) -> None:
        if not self._allowed(move):
            raise self._refusal(move)
        self._legal = None
        self.bumped = []
        if isinstance(move, Roll):
            self._roll(move)
        elif isinstance(move, Draw):
            self._draw(self.ctx.world.index[move.city])
        elif isinstance(move, Send):
            self._send(move.jet - 1)
        elif isinstance(move, Fly):
            index = self.ctx.world.index
            for jet, cities in move.legs:
                for city in cities:
                    self._land(self._jet(jet - 1), index[city])
            self._end_turn()
        else:
            self._end_turn()

    def score(self) -> Score:
        """Each jet's progress; the order of finish in the notes, and its first place wins once the game is over."""
        final, place, t = self.is_over(), self.places(), self.ctx.words
        rows = []
        for seat, name in enumerate(self.players):
            jets = self.progress(seat)
            rows.append(
                PlayerScore(name, sum(jets), {t("play.score.progress", jet=j + 1): p for j, p in enumerate(jets)})
            )
        order = ", ".join(f"{place[s]}. {self.players[s]}" for s in sorted(range(len(rows)), key=place.__getitem__))
        notes = [t("play.score.finish" if final else "play.score.standing", order=order)]
        if final and self.round >= self.ctx.round_limit:
            notes.append(t("play.score.limit", rounds=self.ctx.round_limit))
        by_name = dict(zip(self.players, place))
        limited = final and self.round >= self.ctx.round_limit
        return ranked(rows, final, notes, key=lambda row: -by_name[row.name], cut_short=limited)

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        from pnp.games.take_off.description import describe

        return describe(self)

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.take_off.text import render

        return render(self)

    def _allowed(self, move: Move) -> bool:
        """Whether ``move`` is among the legal moves (checked directly for the long lists)."""
        if self.phase == ROLL:
            return move in self.ctx.roll_kinds
        if self.phase == DRAW:
            return isinstance(move, Draw) and self.ctx.world.index.get(move.city, -1) in self.piles[self.deck]
        return move in self.legal_moves()

    # -- queries ----------------------------------------------------------
    def progress(self, seat: int) -> list[int]:
        """Each of a seat's jets' progress: how many routes nearer Finish than Start it stands, never below 0.

        It is measured from where the jet can reach Finish: the fewest routes from its city to Finish,
        taken from Start's (a jet home has made the whole way). A city no nearer Finish than Start
        (Tokyo, after the rulebook's example move, is one route farther) counts 0, like Start.
        """
        hops = self.ctx.world.hops
        whole = hops[self.ctx.world.start]
        return [whole if city == HOME else max(0, whole - hops[city]) for city in self.jets_of(seat)]

    def places(self) -> list[int]:
        """Each seat's place from 1: the fleets home in the order they got there, then the rest by progress."""
        count = len(self.players)
        place = [0] * count
        for rank, seat in enumerate(self.done):
            place[seat] = rank + 1
        total = [sum(self.progress(s)) for s in range(count)]
        rest = sorted((s for s in range(count) if s not in self.done), key=lambda s: -total[s])
        for i, seat in enumerate(rest):
            tied = i > 0 and total[rest[i - 1]] == total[seat]
            place[seat] = place[rest[i - 1]] if tied else len(self.done) + i + 1
        return place

    def _jet(self, number: int) -> int:
        """The index in ``pos`` of the mover's jet ``number`` (from 0)."""
        return self.seat * self.ctx.fleet + number

    def jets_of(self, seat: int) -> list[int]:
        """Positions of a seat's jets, in jet order (HOME for a jet at Finish)."""
        fleet = self.ctx.fleet
        return self.pos[seat * fleet : (seat + 1) * fleet]

    def in_play(self) -> list[int]:
        """Numbers (from 0) of the mover's jets still in play."""
        return [j for j, city in enumerate(self.jets_of(self.seat)) if city != HOME]

    def draw_deck(self) -> int:
        """The half rule: brown (east) if any jet in play is on the eastern half, else blue (west)."""
        east = self.ctx.world.east
        return EAST if any(city != HOME and east[city] for city in self.jets_of(self.seat)) else WEST

    def plans(self) -> list[Plan]:
        """Every way to use the dice left: both if possible, else one, else none."""
        reach = self.ctx.world.reach
        base = self.seat * self.ctx.fleet
        jets = [(j, city) for j, city in enumerate(self.pos[base : base + self.ctx.fleet]) if city != HOME]
        found: dict[Plan, None] = {}  # a dict keeps the (deterministic) order plans are found in
        if len(self.dice) == 2:
            a, b = self.dice  # WILD (-1) picks reach's last column: any colour
            orders = ((a, b),) if a == b else ((a, b), (b, a))
            for j, city in jets:
                for first, second in orders:
                    for x in reach[city][first]:
                        found.update(dict.fromkeys(((j, (x, y)),) for y in reach[x][second]))
            for (j, c1), (k, c2) in combinations(jets, 2):
                for first, second in orders:
                    for x in reach[c1][first]:
                        found.update(dict.fromkeys(((j, (x,)), (k, (y,))) for y in reach[c2][second]))
            if found:
                return list(found)
        for j, city in jets:
            for face in dict.fromkeys(self.dice):
                found.update(dict.fromkeys(((j, (x,)),) for x in reach[city][face]))
        return list(found)

    # -- moves ------------------------------------------------------------
    def _generate(self) -> list[Move]:
        if self.phase == ROLL:
            return list(self.ctx.rolls)
        if self.phase == DRAW:
            draws = self.ctx.draws
            return [draws[city] for city in self.piles[self.deck]]
        if self.phase == SEND:
            blocked = self.sent if len(self.in_play()) > 1 else -1
            return [Send(j + 1) for j in self.in_play() if j != blocked]
        if self.phase == FLY:
            plans = self.plans()
            return [self.ctx.fly(plan) for plan in plans] if plans else [Pass()]
        return []

    def _roll(self, move: Roll) -> None:
        kinds = self.ctx.roll_kinds[move]
        self.again = move.first == move.second
        self.dice = tuple(k for k in kinds if k != TAKE_OFF)
        cards = kinds.count(TAKE_OFF)
        if cards:
            self.deck, self.to_draw, self.sent, self.phase = self.draw_deck(), cards, -1, DRAW
            self._refill()
        else:
            self.phase = FLY

    def _draw(self, city: int) -> None:
        self.piles[self.deck].remove(city)
        self.hand.append(city)
        self.to_draw -= 1
        if self.to_draw:
            self._refill()
        else:
            self.phase = SEND

    def _refill(self) -> None:
        """A deck that ran out is made again from its discards (shuffled at the table)."""
        if not self.piles[self.deck]:
            self.piles[self.deck], self.discards[self.deck] = sorted(self.discards[self.deck]), []

    def _send(self, number: int) -> None:
        city = self.hand.pop(0)
        self.discards[self.deck].append(city)
        self.sent = number
        self._land(self._jet(number), city)
        if not self.hand:
            if self.dice:
                self.phase = FLY
            else:
                self._end_turn()

    def _land(self, jet: int, city: int) -> None:
        """Put a jet on a city: Finish takes it out of play; an opponent's jet there goes back to Start."""
        world = self.ctx.world
        if city == world.finish:
            self.pos[jet] = HOME
            if all(c == HOME for c in self.jets_of(self.seat)):
                self._finished()
            return
        self.pos[jet] = city
        fleet = self.ctx.fleet
        for other, where in enumerate(self.pos):
            if where == city and other // fleet != self.seat:
                self.pos[other] = world.start
                self.bumped.append((other // fleet, other % fleet))

    def _finished(self) -> None:
        self.done.append(self.seat)
        left = [s for s in range(len(self.players)) if s not in self.done]
        if len(left) == 1:  # the last fleet in the air takes the last place
            self.done += left
        if not self.ctx.play_on or len(left) <= 1:
            self.phase = OVER

    def _end_turn(self) -> None:
        self.dice = ()
        if self.phase == OVER:
            return
        if self.again and self.seat not in self.done:
            self.again, self.phase = False, ROLL
            return
        self.again = False
        while True:
            self.pass_turn()
            if self.seat == 0:
                self.round += 1
            if self.seat not in self.done:
                break
        self.phase = OVER if self.round >= self.ctx.round_limit else ROLL

    # -- refusals ---------------------------------------------------------
    def _refusal(self, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, naming the rule."""
        from pnp.games.take_off.refusals import refusal

        return refusal(self, move)
