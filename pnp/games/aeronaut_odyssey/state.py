"""Aeronaut Odyssey's position and the flow of a turn.

A turn is a short series of inputs. The player to move chooses an action
(``move`` or ``claim``, maybe after ``use`` of an ability); a move is followed
by the traveller's balloon ``pick``s. Every reward is a choice of the rewarded
player (``gain TYPE`` or ``gain space``), entered when it falls due, so other
players may be asked in the middle of someone's turn. Players who cannot act
are passed over; the game ends when every route is claimed or nobody can act.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.errors import IllegalMove
from pnp.games.aeronaut_odyssey import notation
from pnp.games.aeronaut_odyssey.actions import (
    ASKED,
    BALLOON,
    BLOCK,
    COMPENSATION,
    DISCOUNT,
    GAIN,
    HANDLERS,
    JUMP,
    PICK,
    SLOTS,
    SWAP,
    Actions,
)
from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Board, W, letter
from pnp.games.aeronaut_odyssey.model import ABILITIES, LETTERS
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.scoring import area_points, route_points
from pnp.referee.protocol import Move, PlayerScore, Score, State


class AeroState(Actions, State):
    """One position: claims, travellers, inventories, bonuses, trajectories and the pending inputs."""

    def __init__(self, board: Board, players: tuple[str, ...], variant: str = "none", hidden: bool = False) -> None:
        n = len(players)
        self.board, self.players, self.variant, self.hidden = board, players, variant, hidden
        self.table = _table(board)
        self.owner = [-1] * len(board.lanes)
        self.space_owner = [-1] * board.space_count
        self.visits = [0] * len(board.cities)
        self.pos = [board.capital] * n
        self.blank = [board.inventory * (2 if n == 2 else 1)] * n  # empty inventory spaces
        self.held = [0] * (n * SLOTS)
        self.bonus_points = [0] * n
        self.goal_points = [0] * n
        self.abilities = [0] * (n * len(ABILITIES))
        self.goal_takers: list[tuple[int, ...]] = [() for _ in board.goals]
        self.open_lanes = list(range(len(board.lanes)))  # lanes that can still be claimed (in part)
        self.queue: list[tuple[str, int, int]] = [(BALLOON, s, 0) for s in range(n) for _ in range(COMPENSATION[s])]
        self.turn, self.acted, self.over = n - 1, True, False  # the first settle hands the turn to seat 0
        self._reset_turn()
        self._settle()

    def _reset_turn(self) -> None:
        self.active = [False] * len(ABILITIES)
        self.dest, self.picks_left = -1, 0
        self.picked: list[int] = []
        self.banned: set[int] = set()
        self.blocked: set[int] = set()

    # -- protocol ---------------------------------------------------------------------------------------------
    def to_move(self) -> str | None:
        if self.over:
            return None
        return self.players[self.queue[0][1] if self.queue else self.turn]

    def is_over(self) -> bool:
        return self.over

    def clone(self) -> AeroState:
        other = object.__new__(AeroState)
        other.__dict__.update(self.__dict__)
        for name in (
            "owner",
            "space_owner",
            "visits",
            "pos",
            "blank",
            "held",
            "bonus_points",
            "goal_points",
            "abilities",
            "goal_takers",
            "queue",
            "active",
            "picked",
            "open_lanes",
        ):
            setattr(other, name, getattr(self, name).copy())
        other.banned, other.blocked = set(self.banned), set(self.blocked)
        return other

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        table = self.table
        if not self.queue:
            return self._action_moves(self.turn)
        kind, p, _ = self.queue[0]
        if kind == PICK:
            return [table.pick[t] for t in self._pick_options(p)]
        if kind == BLOCK:
            return [table.allow, table.block]
        if kind == SWAP:
            base = p * SLOTS
            held = self.held
            return [table.swap[a][b] for a in range(SLOTS) if held[base + a] for b in range(W) if b != a] + [table.skip]
        types = table.gain if self.blank[p] else []
        return [*types, table.gain_space] if kind == GAIN else list(types)

    def apply(self, move: Move) -> None:
        if not isinstance(move, AeroMove):
            raise IllegalMove(f"{move!r} is not an Aeronaut Odyssey move")
        if self.over:
            raise IllegalMove("the game is over", "end of the game")
        kind, p, _ = self.queue[0] if self.queue else ("action", self.turn, 0)
        handler = HANDLERS.get((kind, move.verb))
        if handler is None:
            who = self.players[p]
            asked = ASKED.get(kind, "move or claim (or use an ability)")
            raise IllegalMove(f"'{notation.format_move(move)}' does not fit now: {who} must {asked}", "turn order")
        handler(self, p, move)
        self._settle()

    def score(self) -> Score:
        n = len(self.players)
        parts = {
            "routes": route_points(self.board, self.owner, self.space_owner, n),
            "areas": area_points(self.board, self.owner, self.space_owner, n),
            "trajectories": self.goal_points,
            "bonus": self.bonus_points,
        }
        rows = tuple(
            PlayerScore(name, sum(part[p] for part in parts.values()), {k: part[p] for k, part in parts.items()})
            for p, name in enumerate(self.players)
        )
        best = max(r.score for r in rows)
        winners = tuple(r.name for r in rows if r.score == best) if self.over else ()
        notes = (f"tie for first place: {', '.join(winners)}",) if len(winners) > 1 else ()
        return Score(self.over, rows, winners, notes)

    def render_text(self, viewer: str | None) -> str:
        from pnp.games.aeronaut_odyssey.text import render

        return render(self, viewer)

    # -- queries ----------------------------------------------------------------------------------------------
    def asked(self) -> str:
        """What the player to move is asked for, in words."""
        return ASKED.get(self.queue[0][0], "") if self.queue else "move or claim (or use an ability)"

    def _can_act(self, p: int) -> bool:
        exits = self.board.exits[self.pos[p]]
        if any(self._free(c) for _, c in exits):
            return True
        if self.abilities[p * len(ABILITIES) + JUMP] and any(
            self._free(c) for c in range(len(self.board.cities)) if c != self.pos[p]
        ):
            return True
        discount = self.abilities[p * len(ABILITIES) + DISCOUNT] > 0
        return next(self._claims(p, discount), None) is not None

    # -- listing moves ----------------------------------------------------------------------------------------
    def _action_moves(self, p: int) -> list[Move]:
        table = self.table
        here = self.pos[p]
        if self.active[JUMP]:
            moves: list[Move] = [table.move[c][0] for c in range(len(self.board.cities)) if c != here and self._free(c)]
        else:
            lanes = self.board.lanes
            moves = [table.move[c][lanes[k].second] for k, c in self.board.exits[here] if self._free(c)]
        moves.extend(table.claim(k, s, pay) for k, s, pay in self._claims(p, self.active[DISCOUNT]))
        base = p * len(ABILITIES)
        moves.extend(table.use[a] for a in range(len(ABILITIES)) if self.abilities[base + a] and not self.active[a])
        return moves

    def _claims(self, p: int, discount: bool) -> Iterator[tuple[int, int, str]]:
        """(lane, space or -1, payment) of every claim ``p`` can pay for now."""
        held = self.held[p * SLOTS : (p + 1) * SLOTS]
        if not any(held):
            return
        wild = held[W]
        lanes, space_owner = self.board.lanes, self.space_owner
        for k in self.open_lanes:
            lane = lanes[k]
            kind = lane.kind
            if kind == MULTI:
                for s, t in enumerate(lane.spaces):
                    if space_owner[lane.first_space + s] < 0:
                        if held[t]:
                            yield k, s, LETTERS[t]
                        if wild:
                            yield k, s, "w"
                continue
            cost = lane.length - 1 if discount and lane.length > 1 else lane.length
            if kind == COLOUR:
                t = lane.type
                have = held[t]
                if have + wild >= cost:
                    for wilds in range(max(0, cost - have), min(cost, wild) + 1):
                        yield k, -1, LETTERS[t] * (cost - wilds) + "w" * wilds
                continue
            if wild >= cost:
                yield k, -1, "w" * cost
            for t in range(W):
                have = held[t]
                if have and have + wild >= cost:
                    for wilds in range(max(0, cost - have), min(cost - 1, wild) + 1):
                        yield k, -1, LETTERS[t] * (cost - wilds) + "w" * wilds

    # -- the flow of turns ------------------------------------------------------------------------------------
    def _settle(self) -> None:
        """Drop pending inputs that leave no choice, and end the turn once nothing is pending."""
        queue = self.queue
        while queue:
            kind, p, _ = queue[0]
            no_choice = (
                (kind == BALLOON and not self.blank[p])
                or (kind == SWAP and not any(self.inventory(p)))
                or (kind == PICK and not self._pick_options(p))
            )
            if not no_choice:
                return
            queue.pop(0)
        if self.acted and not self.over:
            self._end_turn()

    def _end_turn(self) -> None:
        self.acted = False
        self._reset_turn()
        n = len(self.players)
        if self.open_lanes:
            for step in range(1, n + 1):
                seat = (self.turn + step) % n
                if self._can_act(seat):
                    self.turn = seat
                    return
        self.over = True


class _Table:
    """Every move object built once per board, so listing legal moves allocates little."""

    def __init__(self, board: Board) -> None:
        self.lanes = board.lanes
        self.pick = [AeroMove("pick", letter(t)) for t in range(SLOTS)]
        self.gain = [AeroMove("gain", t) for t in LETTERS]
        self.gain_space = AeroMove("gain", "space")
        self.swap = [[AeroMove("swap", letter(a), letter(b)) for b in range(W)] for a in range(SLOTS)]
        self.skip, self.allow, self.block = AeroMove("skip"), AeroMove("allow"), AeroMove("block")
        self.use = [AeroMove("use", a) for a in ABILITIES]
        self.move = [(AeroMove("move", c), AeroMove("move", c + "/2")) for c in board.cities]
        self._claims: dict[tuple[int, int, str], AeroMove] = {}

    def claim(self, k: int, space: int, pay: str) -> AeroMove:
        key = (k, space, pay)
        move = self._claims.get(key)
        if move is None:
            name = self.lanes[k].name + (f":{space + 1}" if space >= 0 else "")
            move = self._claims[key] = AeroMove("claim", name, pay)
        return move


_TABLES: dict[int, _Table] = {}


def _table(board: Board) -> _Table:
    table = _TABLES.get(id(board))
    if table is None or table.lanes is not board.lanes:
        table = _TABLES[id(board)] = _Table(board)
    return table
