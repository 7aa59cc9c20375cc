"""Aloft's rules and move notation, in pure Python.

Columns are numbered from 1 (left) in the notation and from 0 inside; rows
from 0 (bottom). The convoy of trucks runs in the lane below the columns; the
last truck is the orange safety truck, which must always lead.

Notation (see docs/notation.md): ``truck 5`` moves the truck under column 5;
``inflate RW 3`` puts balloon RW on the truck under column 3; ``launch RW``;
``ascend RW``. Colour cards are secrets: ``secret colours B,R``.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import NamedTuple

from pnp.errors import IllegalMove, NotationError
from pnp.games.aloft.maps import check_board
from pnp.games.aloft.model import AloftBoard, AloftData, load_board, load_data
from pnp.games.aloft.scoring import achievement_points, formation_numbers
from pnp.games.spec import raise_first_error
from pnp.referee import notation
from pnp.referee.protocol import Commit, Game, Move, PlayerScore, Reveal, Score, Secret, Setup, State
from pnp.resources import board_file, data_file

PACKED, INFLATED = -2, -1
SETUP, PLAY, REVEAL, OVER = range(4)
SLOT = "colours"


class AloftMove(NamedTuple):
    """``action`` is truck, inflate, launch or ascend; ``column`` is 0-based."""

    action: str
    balloon: str = ""
    column: int = -1


def colours_per_player(players: int) -> int:
    """Two colour cards each with two or three players, one otherwise."""
    return 2 if players <= 3 else 1


class AloftState(State):
    """A position: the convoy, every balloon, the tokens and the secrets' progress."""

    def __init__(self, data: AloftData, board: AloftBoard, players: tuple[str, ...], moves: _MoveTable) -> None:
        self.data = data
        self.board = board
        self.players = players
        self.names = tuple(b.name for b in data.balloons)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.trucks = list(range(data.trucks))  # column of each truck; the last is the safety truck
        self.load = [-1] * data.trucks  # balloon riding on each truck, or -1
        self.where = [PACKED] * len(self.names)  # PACKED, INFLATED (see truck_of) or a flying cell
        self.grid = [-1] * (board.columns * board.rows)  # balloon index in each cell (row-major from the bottom)
        self.launched = 0
        colours = [c.code for c in data.colours]
        self.supply = {code: data.tokens.launch_per_colour for code in colours}
        self.supply.update(multi=data.tokens.multicoloured, safety=data.tokens.safety)
        self.tokens = {p: dict.fromkeys(self.supply, 0) for p in players}
        self.turn = 0
        self.phase = SETUP
        self.revealed: dict[str, tuple[str, ...]] = {}
        self.moves = moves
        self.movable = self._movable_trucks()

    # -- protocol ---------------------------------------------------------
    def to_move(self) -> str | None:
        return None if self.phase == OVER else self.players[self.turn]

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> AloftState:
        other = object.__new__(AloftState)
        other.__dict__.update(self.__dict__)
        for name in ("trucks", "load", "where", "grid", "movable"):
            setattr(other, name, getattr(self, name).copy())
        other.supply = dict(self.supply)
        other.tokens = {p: dict(t) for p, t in self.tokens.items()}
        other.revealed = dict(self.revealed)
        return other

    def legal_moves(self) -> list[Move]:
        if self.phase == SETUP:
            size = colours_per_player(len(self.players))
            codes = [c.code for c in self.data.colours]
            return [Secret(SLOT, ",".join(combo)) for combo in combinations(codes, size)]
        if self.phase == REVEAL:
            return [Reveal(SLOT)]
        if self.phase == OVER:
            return []
        table, trucks, load = self.moves, self.trucks, self.load
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
        if isinstance(move, AloftMove) and self.phase == PLAY:
            action = _ACTIONS.get(move.action)
            if action is None:
                raise IllegalMove(f"unknown action {move.action!r}")
            action(self, move)
            self._end_turn()
        elif isinstance(move, Commit):
            self._commit(move)
        elif isinstance(move, Reveal):
            self._reveal(move)
        elif isinstance(move, AloftMove):
            raise IllegalMove("every player must first enter their colour cards", "set-up")
        else:
            raise IllegalMove(f"{move!r} is not an Aloft move")

    def score(self) -> Score:
        numbers = formation_numbers(self.grid)
        rows = []
        for player in self.players:
            own = self.revealed.get(player, ())
            breakdown = achievement_points(self.tokens[player], own, self.data.set_points)
            breakdown["formation"] = sum(
                number for b, number in numbers.items() if set(self.data.balloons[b].colours) & set(own)
            )
            rows.append(PlayerScore(player, sum(breakdown.values()), breakdown))
        final = self.phase == OVER
        best = max(r.score for r in rows)
        winners = tuple(r.name for r in rows if r.score == best) if final else ()
        notes = [f"tie for first place: {', '.join(winners)}"] if len(winners) > 1 else []
        notes += self._clashes()
        return Score(final, tuple(rows), winners, tuple(notes))

    def _clashes(self) -> list[str]:
        """Colours revealed by two players: each colour card exists once, so someone entered a wrong card."""
        owners: dict[str, list[str]] = {}
        for player, codes in self.revealed.items():
            for code in codes:
                owners.setdefault(code, []).append(player)
        return [
            f"colour {code} was entered by {' and '.join(names)}, but there is one {code} card; "
            "both score it as entered"
            for code, names in sorted(owners.items())
            if len(names) > 1
        ]

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.aloft.text import render

        return render(self, viewer)

    # -- queries ----------------------------------------------------------
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
        """Why ``truck`` may not move now, or '' if it may."""
        trucks = self.trucks
        target = self._target(truck)
        lead = len(trucks) - 1
        if target >= self.board.columns:
            return "the truck would leave the lane"
        if truck != lead and target > trucks[lead]:
            return "the orange safety truck must stay the lead truck"
        rest = [column for t, column in enumerate(trucks) if t != truck]
        if max(target, *rest) - min(target, *rest) + 1 - len(trucks) > 1:
            return "the convoy may never have more than one empty space"
        return ""

    def _movable_trucks(self) -> list[int]:
        return [t for t in range(len(self.trucks)) if not self._truck_problem(t)]

    def _free_for(self, cell: int, balloon: int) -> bool:
        """True when ``balloon`` may fly in ``cell``: empty, and no other balloon orthogonally beside it."""
        grid = self.grid
        if grid[cell] >= 0:
            return False
        for neighbour in self.moves.neighbours[cell]:
            other = grid[neighbour]
            if other >= 0 and other != balloon:
                return False
        return True

    def _balloon(self, name: str) -> int:
        if name not in self.index:
            raise IllegalMove(f"there is no balloon {name!r} (balloons: {' '.join(self.names)})", "components")
        return self.index[name]

    # -- actions ----------------------------------------------------------
    def _truck(self, move: AloftMove) -> None:
        truck = self.truck_at(move.column)
        if truck < 0:
            raise IllegalMove(f"no truck under column {move.column + 1}", "move a truck")
        problem = self._truck_problem(truck)
        if problem:
            raise IllegalMove(f"the truck under column {move.column + 1} cannot move: {problem}", "move a truck")
        self.trucks[truck] = self._target(truck)
        self.movable = self._movable_trucks()
        if truck == len(self.trucks) - 1:
            self._take(self.players[self.turn], "safety")

    def _inflate(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        truck = self.truck_at(move.column)
        if self.where[b] != PACKED:
            raise IllegalMove(f"{move.balloon} is not packed", "inflate")
        if truck < 0 or self.load[truck] >= 0:
            raise IllegalMove(f"there is no unoccupied truck under column {move.column + 1}", "inflate")
        self.where[b] = INFLATED
        self.load[truck] = b

    def _launch(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        if self.where[b] != INFLATED:
            raise IllegalMove(f"{move.balloon} is not inflated on a truck", "launch")
        truck = self.load.index(b)
        cell = self.trucks[truck]
        if not self._free_for(cell, b):
            raise IllegalMove(
                f"{move.balloon} would touch another flying balloon above column {cell + 1}", "never adjacent"
            )
        self.load[truck] = -1
        self.where[b] = cell
        self.grid[cell] = b
        self.launched += 1
        balloon = self.data.balloons[b]
        for kind in balloon.colours or ("multi",):
            self._take(self.players[self.turn], kind)

    def _ascend(self, move: AloftMove) -> None:
        b = self._balloon(move.balloon)
        cell = self.where[b]
        if cell < 0:
            raise IllegalMove(f"{move.balloon} is not flying", "ascend")
        above = cell + self.board.columns
        if above >= len(self.grid):
            raise IllegalMove(f"{move.balloon} is in the top row", "no balloon leaves the top")
        if not self._free_for(above, b):
            raise IllegalMove(f"{move.balloon} would touch another flying balloon", "never adjacent")
        self.grid[cell], self.grid[above] = -1, b
        self.where[b] = above

    def _take(self, player: str, kind: str) -> None:
        """Give ``player`` a token of ``kind`` while the supply lasts."""
        if self.supply[kind]:
            self.supply[kind] -= 1
            self.tokens[player][kind] += 1

    def _end_turn(self) -> None:
        if self.launched == len(self.names) or not self.movable:
            self.phase, self.turn = REVEAL, 0
        else:
            self.turn = (self.turn + 1) % len(self.players)

    # -- secrets ----------------------------------------------------------
    def _commit(self, move: Commit) -> None:
        if self.phase != SETUP or move.slot != SLOT:
            raise IllegalMove("colour cards are entered once, at set-up", "set-up")
        self.turn += 1
        if self.turn == len(self.players):
            self.phase, self.turn = PLAY, 0

    def _reveal(self, move: Reveal) -> None:
        player = self.players[self.turn]
        if self.phase != REVEAL or move.slot != SLOT:
            raise IllegalMove("colour cards are revealed when the game has ended", "scoring")
        codes = tuple(move.value.split(","))
        known = [c.code for c in self.data.colours]
        if len(codes) != colours_per_player(len(self.players)) or len(set(codes)) != len(codes):
            raise IllegalMove(f"{player} must hold {colours_per_player(len(self.players))} colour cards", "set-up")
        if set(codes) - set(known):
            raise IllegalMove(f"unknown colour in {move.value!r} (known: {' '.join(known)})", "set-up")
        self.revealed[player] = codes
        self.turn += 1
        if self.turn == len(self.players):
            self.phase, self.turn = OVER, 0


_ACTIONS = {
    "truck": AloftState._truck,
    "inflate": AloftState._inflate,
    "launch": AloftState._launch,
    "ascend": AloftState._ascend,
}


class _MoveTable:
    """Every possible move built once, so listing legal moves allocates nothing new."""

    def __init__(self, names: tuple[str, ...], columns: int, rows: int) -> None:
        self.neighbours = [_neighbours(cell, columns, rows) for cell in range(columns * rows)]
        self.truck = [AloftMove("truck", column=c) for c in range(columns)]
        self.inflate = [[AloftMove("inflate", name, c) for c in range(columns)] for name in names]
        self.launch = [AloftMove("launch", name) for name in names]
        self.ascend = [AloftMove("ascend", name) for name in names]


def _neighbours(cell: int, columns: int, rows: int) -> tuple[int, ...]:
    row, column = divmod(cell, columns)
    steps = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return tuple(r * columns + c for r, c in steps if 0 <= r < rows and 0 <= c < columns)


class Aloft(Game):
    """Aloft for 2 to 6 players."""

    name = "aloft"
    title = "Aloft"
    min_players = 2
    max_players = 6

    def __init__(self) -> None:
        self._data = load_data().value
        self._boards: dict[Path | None, tuple[AloftBoard, _MoveTable]] = {}

    def new_state(self, setup: Setup) -> AloftState:
        if setup.map_path not in self._boards:
            loaded = load_board(setup.map_path)
            raise_first_error(check_board(loaded, self._data))
            board = loaded.value
            names = tuple(b.name for b in self._data.balloons)
            self._boards[setup.map_path] = board, _MoveTable(names, board.columns, board.rows)
        board, moves = self._boards[setup.map_path]
        return AloftState(self._data, board, setup.players, moves)

    def input_files(self, setup: Setup) -> list[Path]:
        return [data_file("aloft.yaml"), setup.map_path or board_file("aloft.yaml")]

    def parse_move(self, text: str) -> AloftMove:
        words = text.split()
        shapes = {"truck": 2, "inflate": 3, "launch": 2, "ascend": 2}
        if not words or words[0] not in shapes or len(words) != shapes[words[0]]:
            raise NotationError(
                f"cannot read {text!r}: expected 'truck COLUMN', 'inflate BALLOON COLUMN', "
                "'launch BALLOON' or 'ascend BALLOON'"
            )
        action = words[0]
        if action == "truck":
            return AloftMove(action, column=_column(words[1], text))
        if action == "inflate":
            return AloftMove(action, words[1], _column(words[2], text))
        return AloftMove(action, words[1])

    def format_move(self, move: AloftMove) -> str:
        if move.action == "truck":
            return f"truck {move.column + 1}"
        if move.action == "inflate":
            return f"inflate {move.balloon} {move.column + 1}"
        return f"{move.action} {move.balloon}"


def _column(word: str, text: str) -> int:
    return notation.number(word, "a column number (1, 2, ...)", text) - 1
