"""Aeronaut Odyssey's referee, in pure Python: the base game, the four expansions and the three variants.

A turn is a short series of inputs. The player to move chooses an action
(``move`` or ``claim``, maybe after ``use`` of an ability); a move is followed
by the traveller's balloon ``pick``s. Every reward is a choice of the rewarded
player (``gain TYPE`` or ``gain space``), entered when it falls due, so other
players may be asked in the middle of someone's turn. Players who cannot act
are passed over; the game ends when every route is claimed or nobody can act.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from pnp.errors import IllegalMove, NotationError, PnpError
from pnp.games.aeronaut_odyssey import notation
from pnp.games.aeronaut_odyssey.board import COLOUR, GRAY, MULTI, Board, W, compile_board, letter
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import ABILITIES, LETTERS, load_map
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.scoring import area_points, fulfilled, holders, route_points
from pnp.games.aeronaut_odyssey.validate import raise_errors
from pnp.loader import Loaded
from pnp.referee.protocol import Game, Move, Option, PlayerScore, Score, Setup, State

GAIN, BALLOON, SWAP, PICK, BLOCK = "gain", "balloon", "swap", "pick", "block"  # pending inputs
SLOTS = len(LETTERS) + 1  # inventory counts per player: six types and the wildcard
JUMP, DISCOUNT, EXTRA = range(len(ABILITIES))
COMPENSATION = (0, 1, 1, 2, 2, 3)  # balloons of choice by seat, before the game
VARIANTS = ("none", "different", "not-travelled", "block")
ASKED = {
    GAIN: "be rewarded: gain TYPE or gain space",
    BALLOON: "take a balloon: gain TYPE",
    SWAP: "swap a balloon (swap FROM TO) or skip",
    PICK: "pick a balloon: pick TYPE",
    BLOCK: "allow the pick (and be rewarded) or block it",
}


class AeroState(State):
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
        handler = _HANDLERS.get((kind, move.verb))
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
    def inventory(self, p: int) -> list[int]:
        """Balloons held by ``p``: a count per type, the wildcard last."""
        return self.held[p * SLOTS : (p + 1) * SLOTS]

    def asked(self) -> str:
        """What the player to move is asked for, in words."""
        return ASKED.get(self.queue[0][0], "") if self.queue else "move or claim (or use an ability)"

    def _free(self, city: int) -> bool:
        return self.visits[city] < self.board.slots[city]

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

    def _pick_options(self, p: int) -> list[int]:
        if not self.picks_left or not self.blank[p]:
            return []
        excluded = self.banned | self.blocked
        options = [t for t in self.board.pickable[self.dest] if t not in excluded]
        if self.variant == "different" and self.picked:
            fresh = [t for t in options if t not in self.picked]
            options = fresh or options
        if self.board.gray_at[self.dest] and not self.picked and W not in excluded:
            options.append(W)
        return options

    # -- actions ----------------------------------------------------------------------------------------------
    def _move(self, p: int, move: AeroMove) -> None:
        name, lane2 = move.arg.removesuffix("/2"), move.arg.endswith("/2")
        board = self.board
        dest = board.city_index.get(name)
        here = self.pos[p]
        if dest is None:
            raise IllegalMove(f"there is no city {name} on this map", "move")
        if dest == here:
            raise IllegalMove(f"{self.players[p]} is already at {name}", "move")
        travelled = -1
        if self.active[JUMP]:
            if lane2:
                raise IllegalMove("a jump does not travel over a route: write 'move " + name + "'", "bonus: jump")
        else:
            lanes = [k for k, c in board.exits[here] if c == dest]
            if not lanes:
                raise IllegalMove(f"no route joins {board.cities[here]} to {name}", "move: a connected city")
            if lane2 and len(lanes) < 2:
                raise IllegalMove(f"{board.cities[here]}-{name} is not a double route", "move")
            travelled = lanes[1] if lane2 else lanes[0]
        if not self._free(dest):
            raise IllegalMove(f"{name} has no free movement slot", "move: a free slot")
        self.visits[dest] += 1
        self.pos[p] = dest
        self.acted = True
        self.dest = dest
        self.picks_left = 3 if self.active[EXTRA] else 2
        self.queue.append((PICK, p, 0))
        if travelled >= 0:
            route = board.lanes[travelled]
            self.queue.extend((GAIN, owner, 0) for owner in self._participants(travelled) if owner != p)
            if self.variant == "not-travelled":
                self.banned = {route.type} if route.kind == COLOUR else {W} if route.kind == GRAY else set(route.spaces)

    def _participants(self, k: int) -> list[int]:
        """Players who have claimed (part of) lane ``k``."""
        lane = self.board.lanes[k]
        if lane.kind == MULTI:
            return sorted(set(self.space_owner[lane.first_space : lane.first_space + lane.length]) - {-1})
        return [self.owner[k]] if self.owner[k] >= 0 else []

    def _pick(self, p: int, move: AeroMove) -> None:
        t = _type(move.arg)
        options = self._pick_options(p)
        if t not in options:
            raise IllegalMove(self._pick_refusal(p, t), "move: pick balloons")
        owners = self._type_owners(t, p)
        if self.variant == "block" and owners:
            self.queue[0:0] = [(BLOCK, o, t) for o in owners]
        else:
            self._grant(p, t, owners)

    def _pick_refusal(self, p: int, t: int) -> str:
        where = self.board.cities[self.dest]
        if not self.blank[p]:
            return f"{self.players[p]}'s inventory is full"
        if t == W:
            if not self.board.gray_at[self.dest]:
                return f"no gray route touches {where}, so no wildcard"
            if self.picked:
                return "a wildcard must be the only balloon of the turn"
        elif t not in self.board.pickable[self.dest]:
            return f"no route at {where} is {letter(t)}: pick a type of a route touching {where}"
        if t in self.banned:
            return f"variant: {letter(t)} is the type just travelled over"
        if t in self.blocked:
            return f"{letter(t)} was blocked by its owner this turn"
        return f"variant: pick a type different from {', '.join(letter(x) for x in self.picked)} while one is offered"

    def _type_owners(self, t: int, p: int) -> list[int]:
        """Other players holding a route (or multiroute space) of type ``t`` at the traveller's destination."""
        owners = set()
        for k, _ in self.board.exits[self.dest]:
            lane = self.board.lanes[k]
            if lane.kind == MULTI:
                if t in lane.spaces:
                    owners.add(self.space_owner[lane.first_space + lane.spaces.index(t)])
            elif (lane.type == t) if lane.kind == COLOUR else t == W:
                owners.add(self.owner[k])
        owners -= {-1, p}
        return sorted(owners)

    def _grant(self, p: int, t: int, owners: list[int]) -> None:
        self.held[p * SLOTS + t] += 1
        self.blank[p] -= 1
        self.picked.append(t)
        self.picks_left = 0 if t == W else self.picks_left - 1
        self.queue.extend((GAIN, o, 0) for o in owners)

    def _answer(self, p: int, move: AeroMove) -> None:
        _, _, t = self.queue.pop(0)
        if move.verb == "block":
            while self.queue and self.queue[0][0] == BLOCK:
                self.queue.pop(0)
            self.blocked.add(t)
        elif not self.queue or self.queue[0][0] != BLOCK:
            picker = self.queue[0][1]
            self._grant(picker, t, self._type_owners(t, picker))

    def _claim(self, p: int, move: AeroMove) -> None:
        k, space = self._route(move.arg)
        pay = [_type(c) for c in move.extra]
        problem = self._claim_problem(p, k, space, pay)
        if problem:
            raise IllegalMove(*problem)
        base = p * SLOTS
        for t in pay:
            self.held[base + t] -= 1
        lane = self.board.lanes[k]
        if space >= 0:
            self.space_owner[lane.first_space + space] = p
        else:
            self.owner[k] = p
        if space < 0 or -1 not in self.space_owner[lane.first_space : lane.first_space + lane.length]:
            self.open_lanes.remove(k)
            if len(self.players) == 2 and lane.partner in self.open_lanes:
                self.open_lanes.remove(lane.partner)  # with 2 players a double route is a single route
        self.acted = True
        if self.pos[p] in (lane.a, lane.b):
            self.queue.append((GAIN, p, 0))
        if lane.bonus:
            self._bonus(p, lane.bonus)
        self._trajectories(p, k)
        if not self.open_lanes:  # every route is claimed: what is still pending can change no score
            self.queue.clear()
            self.over = True

    def _route(self, text: str) -> tuple[int, int]:
        name, _, space = text.partition(":")
        k = self.board.lane_index.get(name)
        if k is None:
            raise IllegalMove(f"there is no route {name} on this map", "claim")
        lane = self.board.lanes[k]
        if space and lane.kind != MULTI:
            raise IllegalMove(f"{name} is not a multiroute: claim it whole, without ':{space}'", "multiroutes")
        if lane.kind == MULTI and not space:
            raise IllegalMove(f"{name} is a multiroute: claim one space, e.g. {name}:1", "multiroutes")
        if space and int(space) > lane.length:
            raise IllegalMove(f"{name} has {lane.length} spaces", "multiroutes")
        return k, int(space) - 1 if space else -1

    def _claim_problem(self, p: int, k: int, space: int, pay: list[int]) -> tuple[str, str] | None:
        lane = self.board.lanes[k]
        held = self.inventory(p)
        shown = "".join(letter(t) for t in pay)
        if any(pay.count(t) > held[t] for t in set(pay)):
            return f"{self.players[p]} does not hold {shown}", "claim: pay balloons"
        real = {t for t in pay if t != W}
        if space >= 0:
            if self.space_owner[lane.first_space + space] >= 0:
                return f"space {space + 1} of {lane.name} is already claimed", "claim: once only"
            wanted = lane.spaces[space]
            if len(pay) != 1 or not real <= {wanted}:
                return f"space {space + 1} of {lane.name} costs one {letter(wanted)} (or w)", "multiroutes"
            return None
        if self.owner[k] >= 0:
            return f"{lane.name} is already claimed by {self.players[self.owner[k]]}", "claim: once only"
        if len(self.players) == 2 and lane.partner >= 0 and self.owner[lane.partner] >= 0:
            return f"with 2 players only one lane of {lane.name.removesuffix('/2')} may be claimed", "two players"
        cost = lane.length - 1 if self.active[DISCOUNT] and lane.length > 1 else lane.length
        if len(pay) != cost:
            return f"{lane.name} costs {cost} balloons, not {len(pay)}", "claim: pay the length"
        if lane.kind == COLOUR and not real <= {lane.type}:
            return f"{lane.name} is {letter(lane.type)}: pay {letter(lane.type)} (or w)", "claim: pay the type"
        if len(real) > 1:
            return f"{lane.name} is gray: pay balloons of one type (or w)", "wild winds"
        return None

    def _bonus(self, p: int, bonus: str) -> None:
        if bonus in ABILITIES:
            self.abilities[p * len(ABILITIES) + ABILITIES.index(bonus)] += 1
        elif bonus in ("point", "penalty"):
            self.bonus_points[p] += 1 if bonus == "point" else -1
        elif bonus == "space":
            self.blank[p] += 1
        else:
            self.queue.append((BALLOON if bonus == "balloon" else SWAP, p, 0))

    def _trajectories(self, p: int, k: int) -> None:
        """Fulfilled trajectories are taken at once, by the claimer first, then by a multiroute's other participants."""
        lane = self.board.lanes[k]
        players = [p, *(q for q in holders(lane, k, self.owner, self.space_owner) if q != p)]
        for q in players:
            open_goals = [
                g
                for g, goal in enumerate(self.board.goals)
                if q not in self.goal_takers[g] and len(self.goal_takers[g]) < goal.slots
            ]
            for g in fulfilled(self.board, open_goals, q, self.owner, self.space_owner) if open_goals else ():
                goal = self.board.goals[g]
                self.goal_takers[g] = (*self.goal_takers[g], q)
                if goal.reward == "points":
                    self.goal_points[q] += goal.value
                else:
                    self.queue.extend([(GAIN if goal.reward == "rewards" else SWAP, q, 0)] * goal.value)

    def _use(self, p: int, move: AeroMove) -> None:
        a = ABILITIES.index(move.arg)
        if not self.abilities[p * len(ABILITIES) + a]:
            raise IllegalMove(f"{self.players[p]} holds no unused {move.arg} bonus", "bonus balloons")
        if self.active[a]:
            raise IllegalMove(f"{move.arg} is already in play this turn", "bonus balloons")
        self.abilities[p * len(ABILITIES) + a] -= 1
        self.active[a] = True

    def _gain(self, p: int, move: AeroMove) -> None:
        if move.arg == "space":
            if self.queue[0][0] == BALLOON:
                raise IllegalMove("this is a balloon of choice, not a reward: write 'gain TYPE'", "setup: compensation")
            self.blank[p] += 1
        elif not self.blank[p]:
            raise IllegalMove(f"{self.players[p]}'s inventory is full: take 'gain space'", "inventory limit")
        else:
            self.held[p * SLOTS + _type(move.arg)] += 1
            self.blank[p] -= 1
        self.queue.pop(0)

    def _swap(self, p: int, move: AeroMove) -> None:
        if move.verb == "swap":
            old, new = _type(move.arg), _type(move.extra)
            if not self.held[p * SLOTS + old]:
                raise IllegalMove(f"{self.players[p]} holds no {move.arg} balloon to swap", "trajectories: swap")
            self.held[p * SLOTS + old] -= 1
            self.held[p * SLOTS + new] += 1  # in a new space, so the free spaces stay as they were
        self.queue.pop(0)

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


def _type(word: str) -> int:
    return W if word == "w" else LETTERS.index(word)


_HANDLERS = {
    ("action", "move"): AeroState._move,
    ("action", "claim"): AeroState._claim,
    ("action", "use"): AeroState._use,
    (PICK, "pick"): AeroState._pick,
    (BLOCK, "block"): AeroState._answer,
    (BLOCK, "allow"): AeroState._answer,
    (GAIN, "gain"): AeroState._gain,
    (BALLOON, "gain"): AeroState._gain,
    (SWAP, "swap"): AeroState._swap,
    (SWAP, "skip"): AeroState._swap,
}


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


class AeronautOdyssey(Game):
    """Aeronaut Odyssey for 2 to 6 players."""

    name = "aeronaut-odyssey"
    title = "Aeronaut Odyssey"
    min_players = 2
    max_players = 6
    options = (
        Option("variant", "none", "one cut-throat rule for the balloon picks", VARIANTS),
        Option("hidden_inventories", False, "show each player only their own inventory"),
    )

    def __init__(self) -> None:
        self._boards: dict[tuple[Path | None, int], Board] = {}

    def board(self, setup: Setup) -> Board:
        """The map of a session: the map file when given, else the map generated from the seed."""
        key = (setup.map_path, 0 if setup.map_path else setup.seed)
        if key not in self._boards:
            if setup.map_path is not None:
                loaded = load_map(setup.map_path)
                raise_errors(loaded)
                source = loaded.value
            else:
                source = generate(setup.seed, Knobs())
            self._boards[key] = compile_board(source)
        return self._boards[key]

    def new_state(self, setup: Setup) -> AeroState:
        variant = str(setup.options.get("variant", "none"))
        if variant not in VARIANTS:
            raise PnpError(f"option variant={variant}: unknown (known: {', '.join(VARIANTS)})")
        hidden = bool(setup.options.get("hidden_inventories", False))
        return AeroState(self.board(setup), tuple(setup.players), variant, hidden)

    def input_files(self, setup: Setup) -> list[Path]:
        return [setup.map_path] if setup.map_path else []

    def parse_move(self, text: str) -> AeroMove:
        return notation.parse(text)

    def format_move(self, move: AeroMove) -> str:
        if not isinstance(move, AeroMove):
            raise NotationError(f"{move!r} is not an Aeronaut Odyssey move")
        return notation.format_move(move)


def loaded_board(loaded: Loaded) -> Board:
    """A checked map file compiled for the rules (used by the picture and the tests)."""
    raise_errors(loaded)
    return compile_board(loaded.value)
