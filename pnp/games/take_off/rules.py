"""Take Off!'s rules, in pure Python: dice, routes, TAKE OFF! cards, doubles, bumping, the finish.

A turn: the player enters the roll (``roll R Y``). Colour and jet faces are
then used together in one ``fly`` move (both dice if at all possible); a
TAKE OFF! face first draws a card (``draw CITY``, from the deck the half rule
chooses) and sends a jet there (``send JET``), then the other die is used.
A double gives the same player another turn. See docs/games/take-off.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from pathlib import Path
from typing import Any

from pnp.errors import IllegalMove, NotationError, PnpError
from pnp.games.take_off.model import TakeOffData, default_map_path, load_data
from pnp.games.take_off.moves import Draw, Fly, Move, Pass, Roll, Send, format_move, make_roll, parse
from pnp.games.take_off.world import HOME, World
from pnp.referee.protocol import Game, Option, Score, Setup, State
from pnp.resources import data_file

ROLL, DRAW, SEND, FLY, OVER = range(5)
WILD, TAKE_OFF = -1, -2  # die faces that are not a route colour
EAST, WEST = 0, 1
FLIGHT_MEMO = 200_000  # plans remembered per map
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

    @property
    def faces(self) -> tuple[str, ...]:
        return self.data.die_faces

    def kind(self, letter: str) -> int:
        """A face's meaning: a route colour index, WILD or TAKE_OFF."""
        if letter == self.data.jet_face:
            return WILD
        if letter == self.data.take_off_face:
            return TAKE_OFF
        return next(i for i, c in enumerate(self.data.route_colours) if c.letter == letter)

    @cached_property
    def rolls(self) -> tuple[Roll, ...]:
        """Every combination of two faces, once each."""
        faces = list(dict.fromkeys(self.faces))
        return tuple(make_roll(a, b, faces) for i, a in enumerate(faces) for b in faces[i:])

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


class TakeOffState(State):
    """A position: every jet's city, the phase of the turn, the dice and cards in play, the decks."""

    def __init__(self, context: Context, players: tuple[str, ...]) -> None:
        world = context.world
        self.ctx = context
        self.players = players
        self.pos = [world.start] * (len(players) * context.fleet)
        self.phase = ROLL
        self.seat = 0
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
        self._legal: list[Move] | None = None

    # -- protocol ---------------------------------------------------------
    def to_move(self) -> str | None:
        return None if self.phase == OVER else self.players[self.seat]

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> TakeOffState:
        other = object.__new__(TakeOffState)
        other.__dict__.update(self.__dict__)
        other.pos = self.pos.copy()
        other.hand = self.hand.copy()
        other.piles = [p.copy() for p in self.piles]
        other.discards = [d.copy() for d in self.discards]
        other.done = self.done.copy()
        other.bumped = self.bumped.copy()
        return other

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

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
        from pnp.games.take_off.scoring import score

        return score(self)

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
        seat = self.seat
        while True:
            seat = (seat + 1) % len(self.players)
            if seat == 0:
                self.round += 1
            if seat not in self.done:
                break
        self.seat = seat
        self.phase = OVER if self.round >= self.ctx.round_limit else ROLL

    # -- refusals ---------------------------------------------------------
    def _refusal(self, move: Move) -> IllegalMove:
        """Why ``move`` is not legal now, naming the rule."""
        from pnp.games.take_off.refusals import refusal

        return refusal(self, move)


class TakeOff(Game):
    """Take Off! World Edition for 2 to 6 players (or teams)."""

    name = "take-off"
    title = "Take Off! World Edition"
    min_players = 2
    max_players = 6

    def __init__(self) -> None:
        self._data = load_data().value
        self._worlds: dict[tuple[str, int, int], World] = {}
        self._flights: dict[World, dict[Plan, Fly]] = {}
        self._contexts: dict[tuple[World, int, int, bool], Context] = {}
        self.max_players = min(6, len(self._data.jet_colours))
        self.options = (
            Option("fleet", self._data.fleet_default, f"jets per player, 1 to {self._data.fleet_max}"),
            Option("rounds", self._data.round_limit, "the game ends after this many rounds even without a winner"),
            Option("play_on", False, "play on after the winner until every place is decided"),
        )

    def new_state(self, setup: Setup) -> TakeOffState:
        data = self._data
        fleet = _option(setup, "fleet", data.fleet_default)
        rounds = _option(setup, "rounds", data.round_limit)
        play_on = _option(setup, "play_on", False)
        if not 1 <= fleet <= data.fleet_max:
            raise PnpError(f"option fleet={fleet}: a fleet has 1 to {data.fleet_max} jets")
        if rounds < 1:
            raise PnpError(f"option rounds={rounds}: at least one round must be played")
        if not self.min_players <= len(setup.players) <= self.max_players:
            raise PnpError(f"{self.title} needs {self.min_players} to {self.max_players} players")
        world = self._world(setup.map_path)
        key = (world, fleet, rounds, play_on)
        if key not in self._contexts:
            flights = self._flights.setdefault(world, {})
            self._contexts[key] = Context(world, data, fleet, rounds, play_on, flights)
        return TakeOffState(self._contexts[key], tuple(setup.players))

    def _world(self, path: Path | None) -> World:
        """The checked map, parsed once per file version (YAML parsing is slow next to a whole game)."""
        from pnp.games.take_off.maps import load_world

        try:
            stat = (path or default_map_path()).stat()
            key = (str(path), stat.st_mtime_ns, stat.st_size)
        except OSError:
            key = None
        if key is None or key not in self._worlds:
            world, _ = load_world(path, self._data)
            if key is None:
                return world
            self._worlds[key] = world
        return self._worlds[key]

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("take-off.yaml"), setup.map_path or default_map_path()]

    def parse_move(self, text: str) -> Move:
        return parse(text, self._data.die_faces)

    def format_move(self, move: Move) -> str:
        if not isinstance(move, (Roll, Draw, Send, Fly, Pass)):
            raise NotationError(f"{move!r} is not a Take Off! move")
        return format_move(move)


def _option(setup: Setup, key: str, default: int | bool) -> Any:
    """An option's value, of the same type as its default."""
    value = setup.options.get(key, default)
    if type(value) is not type(default):
        kind = "true or false" if isinstance(default, bool) else "a whole number"
        raise PnpError(f"option {key}={value!r}: expected {kind}")
    return value
