"""An Aloft position: legal moves, their effects and the score, in pure Python.

Columns count from 0 (left), rows from 0 (bottom); the sky's cells are numbered row by row
from the bottom. The convoy of trucks runs in the lane below the columns; the last truck is
the orange safety truck, which must always lead. Aloft has no chance inputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from types import MappingProxyType
from typing import TYPE_CHECKING

from pnp.errors import IllegalMove
from pnp.games.aloft.model import AloftBoard, AloftData
from pnp.games.aloft.notation import AloftMove, Words
from pnp.games.base import BaseState, NextStep, ranked, wrong_stage
from pnp.games.described import series
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage
from pnp.texts import in_english

if TYPE_CHECKING:
    from pnp.texts import Catalogue

PACKED, INFLATED = -2, -1


class Phase(IntEnum):
    """Where a game of Aloft is, in order: secret colours dealt, launching, the final reveal, over."""

    SETUP, PLAY, REVEAL, OVER = range(4)


SETUP, PLAY, REVEAL, OVER = Phase
STAGES: tuple[Stage, ...] = ("set-up", "play", "reveal", "over")  # by phase
SLOT = "colours"


def colours_per_player(players: int) -> int:
    """Two colour cards each with two or three players, one otherwise."""
    return 2 if players <= 3 else 1


class Sky:
    """A checked board and the data it is played with, every move on it built once (listing allocates none), and
    the session's words: ``catalogue`` (the moves' labels, the refusals, in its language) and ``words`` (the
    balloons and colours as its cards print them, as ``data`` has them; ``loaded``: the data as read)."""

    def __init__(self, data: AloftData, board: AloftBoard, catalogue: Catalogue, loaded: AloftData) -> None:
        columns, rows = board.columns, board.rows
        self.data, self.board, self.catalogue, self.loaded = data, board, catalogue, loaded
        self.names = tuple(b.name for b in data.balloons)
        self.index = MappingProxyType({name: i for i, name in enumerate(self.names)})
        self.neighbours = [_neighbours(cell, columns, rows) for cell in range(columns * rows)]
        self.truck = [AloftMove("truck", column=c) for c in range(columns)]
        self.inflate = [[AloftMove("inflate", name, c) for c in range(columns)] for name in self.names]
        self.launch = [AloftMove("launch", name) for name in self.names]
        self.ascend = [AloftMove("ascend", name) for name in self.names]
        shapes = {b.name: catalogue(f"data.shape.{b.name}.name") for b in data.balloons if not b.colours}
        self.words = Words(data, shapes)
        self.wearing: Mapping[str, frozenset[int]] = MappingProxyType(
            {  # each colour's balloons
                colour.code: frozenset(b for b, balloon in enumerate(data.balloons) if colour.code in balloon.colours)
                for colour in data.colours
            }
        )

    def showing(self, colours: tuple[str, ...]) -> frozenset[int]:
        """The balloons that show one of ``colours`` (worked out once per hand: see ``_shown``)."""
        return _shown(self, colours)


@lru_cache(maxsize=1024)
def _shown(sky: Sky, colours: tuple[str, ...]) -> frozenset[int]:
    """The balloons of ``sky`` that show one of ``colours``, kept: the bots ask it hand after hand (an lru_cache,
    safe across the table server's threads, as a dict written on reading would not be)."""
    return frozenset[int]().union(*(sky.wearing.get(colour, ()) for colour in colours))


def _neighbours(cell: int, columns: int, rows: int) -> tuple[int, ...]:
    row, column = divmod(cell, columns)
    steps = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return tuple(r * columns + c for r, c in steps if 0 <= r < rows and 0 <= c < columns)


class AloftState(BaseState):
    """A position: the convoy, every balloon, the tokens and the secrets' progress."""

    MUTABLE = ("trucks", "load", "where", "grid", "movable", "supply", "tokens", "revealed")
    NESTED = ("tokens",)

    def __init__(self, players: tuple[str, ...], sky: Sky) -> None:
        data, board = sky.data, sky.board
        self.players = players
        self.sky, self.data, self.board, self.names, self.index = sky, data, board, sky.names, sky.index
        self.trucks = list(range(data.trucks))  # column of each truck; the last is the safety truck
        self.load = [-1] * data.trucks  # balloon riding on each truck, or -1
        self.where = [PACKED] * len(self.names)  # PACKED, INFLATED (see load) or a flying cell
        self.grid = [-1] * (board.columns * board.rows)  # balloon in each cell, or -1
        self.launched = 0
        self.supply: dict[str, int] = {c.code: data.tokens.launch_per_colour for c in data.colours}
        self.supply.update(multi=data.tokens.multicoloured, safety=data.tokens.safety)
        self.tokens = {p: dict.fromkeys(self.supply, 0) for p in players}
        self.phase = SETUP
        self.revealed: dict[str, tuple[str, ...]] = {}
        self.movable = self._movable_trucks()

    # -- protocol ---------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> list[Move]:
        if self.phase == SETUP:
            codes, size = [c.code for c in self.data.colours], colours_per_player(len(self.players))
            return [Secret(SLOT, ",".join(combo)) for combo in combinations(codes, size)]
        if self.phase == REVEAL:
            return [Reveal(SLOT)]
        if self.phase == OVER:
            return []
        table, trucks, load = self.sky, self.trucks, self.load
        moves: list[Move] = [table.truck[trucks[t]] for t in self.movable]
        empty_trucks = [column for column, carried in zip(trucks, load) if carried < 0]
        if empty_trucks:
            inflate = table.inflate
            moves += [inflate[b][col] for b, where in enumerate(self.where) if where == PACKED for col in empty_trucks]
        for truck, b in enumerate(load):
            if b >= 0 and self._free_for(trucks[truck], b):
                moves.append(table.launch[b])
        above, cells = self.board.columns, len(self.grid)
        moves += [
            table.ascend[b]
            for b, where in enumerate(self.where)
            if where >= 0 and where + above < cells and self._free_for(where + above, b)
        ]
        return moves

    def apply(self, move: Move) -> None:
        phase = self.phase
        if isinstance(move, AloftMove) and phase == PLAY:
            action = _ACTIONS.get(move.action)
            if action is None:
                raise IllegalMove(f"unknown action {move.action!r}")
            action(self, move)
            self._end_turn()
        elif isinstance(move, Commit) and phase == SETUP:
            self._commit(move)
        elif isinstance(move, Reveal) and phase == REVEAL:
            self._reveal(move)
        elif isinstance(move, Secret) and phase == SETUP:
            raise IllegalMove(self.sky.catalogue("play.refusal.secret"), "secrets")
        elif isinstance(move, (AloftMove, Commit, Reveal, Secret)):
            raise self._out_of_stage()
        else:
            raise IllegalMove(f"{move!r} is not an Aloft move")

    def stage(self) -> Stage:
        return STAGES[self.phase]

    def score(self) -> Score:
        rows = []
        for player in self.players:
            breakdown = self.points(player, self.revealed.get(player, ()))
            rows.append(PlayerScore(player, sum(breakdown.values()), breakdown))
        return ranked(rows, self.phase == OVER, self._clashes(), words=self.sky.catalogue)

    def next_step(self) -> NextStep:
        """What the table does next, in the session's words: whose input is due and, where it helps, the command."""
        t = self.sky.catalogue
        text = t(f"play.next.{self.phase.name.lower()}", player=self.players[self.seat], end=self.end_reason())
        return NextStep(text, guided=self.phase != PLAY)

    def end_reason(self) -> str:
        """Why the game ended (or '' while it goes on), in the session's words: the rulebook's two ways to end."""
        if self.phase < REVEAL:
            return ""
        return self.sky.catalogue("play.end.launched" if self.launched == len(self.names) else "play.end.stuck")

    def _out_of_stage(self) -> IllegalMove:
        """The refusal of a move that belongs to another stage of the game."""
        t, step = self.sky.catalogue, self.next_step()
        if self.phase == PLAY:  # a secret or a reveal: the colour cards are entered at set-up, shown at the end
            why = t("play.refusal.colours_stage", step=step.text)
            return wrong_stage("play", NextStep(why, step.guided), t)
        return wrong_stage(self.stage(), step, t)

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        from pnp.games.aloft.description import describe

        return describe(self)

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.aloft.text import render

        return render(self, viewer)

    # -- queries ----------------------------------------------------------
    def points(self, player: str, colours: Sequence[str]) -> dict[str, int]:
        """``player``'s score breakdown now, if their colour cards are ``colours``.

        Achievement: one entry per set, saying how many launch tokens it holds, which multicoloured
        tokens joined it and how many of the player's own colour were discarded first. Formation:
        one entry, naming each balloon showing one of ``colours`` with its scoring number, as the rulebook counts
        ("formation (red/yellow 2 + green/red 6)").
        """
        t, names = self.sky.catalogue, self.sky.words.colour
        breakdown = achievement_points(self.tokens[player], colours, self.data.set_points, names, t)
        balloons, own = self.data.balloons, set(colours)
        shown = {b: n for b, n in formation_numbers(self.grid).items() if own.intersection(balloons[b].colours)}
        if shown:
            parts = " + ".join(f"{self._named(b)} {number}" for b, number in shown.items())
            breakdown[t("play.score.formation", balloons=parts)] = sum(shown.values())
        return breakdown

    def total(self, player: str, colours: Sequence[str]) -> int:
        """The sum of ``points(player, colours)``, without the labels (for the bots, move after move)."""
        set_points, own = self.data.set_points, tuple(colours)
        tokens = self.tokens[player]
        total = set_value(tokens.get("safety", 0), set_points)
        total += launch_total(tuple(tokens.items()), own, set_points)
        return total + formation_total(tuple(self.grid), self.sky.showing(own))

    def _clashes(self) -> list[str]:
        """Colours revealed by two players: each colour card exists once, so someone entered a wrong card."""
        owners: dict[str, list[str]] = {}
        for player, codes in self.revealed.items():
            for code in codes:
                owners.setdefault(code, []).append(player)
        t, named = self.sky.catalogue, self.sky.words.colours
        return [
            t("play.score.clash", colour=named(code), players=series(t, names), others=len(names) - 1)
            for code, names in sorted(owners.items())
            if len(names) > 1
        ]

    def truck_at(self, column: int) -> int:
        """The truck under ``column``, or -1."""
        return self.trucks.index(column) if column in self.trucks else -1

    def _target(self, truck: int) -> int:
        """The next unoccupied space to the right of ``truck``."""
        column = self.trucks[truck] + 1
        while column in self.trucks:
            column += 1
        return column

    def _truck_problem(self, truck: int) -> str:
        """The catalogue key of why ``truck`` may not move now, or '' if it may."""
        trucks = self.trucks
        target = self._target(truck)
        lead = len(trucks) - 1
        if target >= self.board.columns:
            return "play.refusal.lane"
        if truck != lead and target > trucks[lead]:
            return "play.refusal.lead"
        rest = [column for t, column in enumerate(trucks) if t != truck]
        if max(target, *rest) - min(target, *rest) + 1 - len(trucks) > 1:
            return "play.refusal.gap"
        return ""

    def _movable_trucks(self) -> list[int]:
        return [t for t in range(len(self.trucks)) if not self._truck_problem(t)]

    def _free_for(self, cell: int, balloon: int) -> bool:
        """True when ``balloon`` may fly in ``cell``: empty, and no other balloon orthogonally beside it."""
        grid = self.grid
        if grid[cell] >= 0:
            return False
        for neighbour in self.sky.neighbours[cell]:
            other = grid[neighbour]
            if other >= 0 and other != balloon:
                return False
        return True

    def _balloon(self, name: str) -> int:
        if name not in self.index:
            said = self.sky.catalogue("play.refusal.no_balloon", balloon=repr(name), balloons=" ".join(self.names))
            raise IllegalMove(said, "components")
        return self.index[name]

    def _named(self, balloon: int) -> str:
        """``balloon`` as a refusal or the score names it: as its button does (``blue/green``, ``lion``), in the
        session's words."""
        return self.sky.words.shown[self.names[balloon]]

    def _refusal(self, key: str, rule: str, **values: object) -> IllegalMove:
        """The refusal worded by the catalogue's ``key`` with ``values``, naming ``rule``."""
        return IllegalMove(self.sky.catalogue(key, **values), rule)

    # -- actions ----------------------------------------------------------
    def _truck(self, move: AloftMove) -> None:
        truck, column = self.truck_at(move.column), move.column + 1
        if truck < 0:
            raise self._refusal("play.refusal.no_truck", "move a truck", column=column)
        problem = self._truck_problem(truck)
        if problem:
            why = self.sky.catalogue(problem)
            raise self._refusal("play.refusal.truck_stuck", "move a truck", column=column, why=why)
        self.trucks[truck] = self._target(truck)
        self.movable = self._movable_trucks()
        if truck == len(self.trucks) - 1:
            self._take("safety")

    def _inflate(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        truck = self.truck_at(move.column)
        if self.where[b] != PACKED:
            raise self._refusal("play.refusal.not_packed", "inflate", balloon=self._named(b))
        if truck < 0 or self.load[truck] >= 0:
            raise self._refusal("play.refusal.no_free_truck", "inflate", column=move.column + 1)
        self.where[b] = INFLATED
        self.load[truck] = b

    def _launch(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        if self.where[b] != INFLATED:
            raise self._refusal("play.refusal.not_inflated", "launch", balloon=self._named(b))
        truck = self.load.index(b)
        cell = self.trucks[truck]
        if not self._free_for(cell, b):
            raise self._refusal("play.refusal.touch_above", "never adjacent", balloon=self._named(b), column=cell + 1)
        self.load[truck] = -1
        self.where[b] = cell
        self.grid[cell] = b
        self.launched += 1
        for kind in self.data.balloons[b].colours or ("multi",):
            self._take(kind)

    def _ascend(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        cell = self.where[b]
        if cell < 0:
            raise self._refusal("play.refusal.not_flying", "ascend", balloon=self._named(b))
        above = cell + self.board.columns
        if above >= len(self.grid):
            raise self._refusal("play.refusal.top", "no balloon leaves the top", balloon=self._named(b))
        if not self._free_for(above, b):
            raise self._refusal("play.refusal.touch", "never adjacent", balloon=self._named(b))
        self.grid[cell], self.grid[above] = -1, b
        self.where[b] = above

    def _take(self, kind: str) -> None:
        """Give the player to move a token of ``kind`` while the supply lasts."""
        if self.supply[kind]:
            self.supply[kind] -= 1
            self.tokens[self.players[self.seat]][kind] += 1

    def _end_turn(self) -> None:
        if self.launched == len(self.names) or not self.movable:
            self.phase, self.seat = REVEAL, 0
        else:
            self.pass_turn()

    # -- secrets ----------------------------------------------------------
    def _commit(self, move: Commit) -> None:
        if move.slot != SLOT:
            raise self._refusal("play.refusal.one_secret", "set-up", slot=SLOT)
        if not self.next_seat():
            self.phase = PLAY

    def _reveal(self, move: Reveal) -> None:
        player = self.players[self.seat]
        if move.slot != SLOT:
            raise self._refusal("play.refusal.one_secret", "scoring", slot=SLOT)
        codes = tuple(move.value.split(","))
        known = [c.code for c in self.data.colours]
        size = colours_per_player(len(self.players))
        if len(codes) != size or len(set(codes)) != len(codes):
            raise self._refusal("play.refusal.hold", "set-up", player=player, count=size)
        if set(codes) - set(known):
            raise self._refusal("play.refusal.colour", "set-up", value=repr(move.value), known=" ".join(known))
        self.revealed[player] = codes
        if not self.next_seat():
            self.phase = OVER


_ACTIONS = {
    "truck": AloftState._truck,
    "inflate": AloftState._inflate,
    "launch": AloftState._launch,
    "ascend": AloftState._ascend,
}


# -- scoring ----------------------------------------------------------------
def set_value(size: int, set_points: Sequence[int]) -> int:
    """Points for a set of ``size`` tokens; the last entry covers every larger set."""
    return set_points[min(size, len(set_points) - 1)]


def achievement_sets(
    tokens: Mapping[str, int], own: Sequence[str], set_points: Sequence[int]
) -> dict[str, tuple[int, int, int]]:
    """Each colour's set after the rulebook's steps: (launch tokens kept, multicoloured joined, own discarded).

    Launch tokens of the player's own colours are discarded first; then the multicoloured tokens
    join whichever colours score best (the first such in colour order on a tie). Every colour is
    allowed, the player's own included, since the discard comes first.
    """
    colours = sorted(k for k in tokens if k not in ("multi", "safety"))
    kept = {c: (0 if c in own else tokens[c]) for c in colours}
    best: tuple[str, ...] = ()
    multi = tokens.get("multi", 0)
    if multi:  # try every way to share them out: what each adds to the sets it joins
        best_gain = -1
        for choice in combinations_with_replacement(colours, multi):
            gain = 0
            for colour in set(choice):
                size = kept[colour]
                gain += set_value(size + choice.count(colour), set_points) - set_value(size, set_points)
            if gain > best_gain:  # the choices come in colour order, so a tie keeps the first
                best, best_gain = choice, gain
    return {c: (kept[c], best.count(c), tokens[c] - kept[c]) for c in colours}


@lru_cache(maxsize=4096)
def launch_total(tokens: tuple[tuple[str, int], ...], own: tuple[str, ...], set_points: tuple[int, ...]) -> int:
    """The points of every launch set of ``tokens`` (as items), ``own`` being the player's colours.

    Kept for each distinct holding: the bots ask it of position after position, and it tries every
    way to share out the multicoloured tokens.
    """
    sets = achievement_sets(dict(tokens), own, set_points)
    return sum(set_value(kept + joined, set_points) for kept, joined, _ in sets.values())


def achievement_points(
    tokens: Mapping[str, int],
    own: Sequence[str],
    set_points: Sequence[int],
    names: Mapping[str, str] | None = None,
    words: Catalogue | None = None,
) -> dict[str, int]:
    """Points per set, each labelled with what it holds (``names`` gives each colour code in words) in ``words``
    (default: English)."""
    t, breakdown = words or in_english("aloft"), {}
    for code, (kept, joined, discarded) in achievement_sets(tokens, own, set_points).items():
        if not kept + joined + discarded:
            continue
        held = [_counted(t, "tokens", kept)] if kept else []
        held += [_counted(t, "multicoloured", joined)] if joined else []
        held = [" + ".join(held)] if held else []
        held += [_counted(t, "discarded", discarded)] if discarded else []
        parts = "; ".join(held)
        name = names.get(code, code) if names else code
        breakdown[t("play.score.launch", colour=name, held=parts)] = set_value(kept + joined, set_points)
    safety = tokens.get("safety", 0)
    if safety:
        breakdown[t("play.score.safety", held=_counted(t, "tokens", safety))] = set_value(safety, set_points)
    return breakdown


def _counted(t: Catalogue, what: str, count: int) -> str:
    """``count`` tokens of a launch set in words, one or many: '1 token', '2 tokens'."""
    return t(f"play.score.{what}.{'one' if count == 1 else 'many'}", count=count)


@lru_cache(maxsize=4096)
def formation_total(grid: tuple[int, ...], showing: frozenset[int]) -> int:
    """The scoring numbers of the flying balloons in ``showing`` summed.

    Kept per grid and hand: the bots ask it of position after position, most with the same balloons flying.
    """
    flying = [balloon for balloon in grid if balloon >= 0]  # numbered as formation_numbers numbers them
    return sum(number for number, balloon in enumerate(flying, start=1) if balloon in showing)


def formation_numbers(grid: Sequence[int]) -> dict[int, int]:
    """The scoring number on each flying balloon: 1 upwards, bottom row first, left to right (the grid's order)."""
    flying = [balloon for balloon in grid if balloon >= 0]
    return {balloon: number for number, balloon in enumerate(flying, start=1)}
