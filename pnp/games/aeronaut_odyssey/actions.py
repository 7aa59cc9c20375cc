"""What each input does: travel, picks, claims, bonuses, trajectories and rewards.

A mixin of :class:`~pnp.games.aeronaut_odyssey.state.AeroState`: the handlers
change the state's tables and queue the inputs that fall due, and word a refusal
in the session's words (``play.refusal.*``).
"""

from __future__ import annotations

from pnp.errors import IllegalMove
from pnp.games.aeronaut_odyssey.board import COLOUR, GRAY, MULTI, Board, W
from pnp.games.aeronaut_odyssey.model import ABILITIES, ORDER, city_order
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.scoring import fulfilled, holders
from pnp.games.aeronaut_odyssey.wording import city_list, counted, nearest_routes
from pnp.texts import Catalogue

GAIN, BALLOON, SWAP, PICK, BLOCK = "gain", "balloon", "swap", "pick", "block"  # pending inputs
SLOTS = len(ORDER)  # inventory counts per player: six types and the wildcard
JUMP, DISCOUNT, EXTRA = range(len(ABILITIES))
COMPENSATION = (0, 1, 1, 2, 2, 3)  # balloons of choice by seat, before the game
VARIANTS = ("none", "different", "not-travelled", "block")


class Actions:
    """The input handlers; each takes the seat ``p`` whose input it is and the move."""

    board: Board
    players: tuple[str, ...]
    variant: str
    owner: list[int]
    space_owner: list[int]
    visits: list[int]
    pos: list[int]
    slot_of: list[int]
    blank: list[int]
    held: list[int]
    crossed: list[int]
    bonus_points: list[int]
    goal_points: list[int]
    abilities: list[int]
    goal_takers: list[tuple[int, ...]]
    open_lanes: list[int]
    queue: list[tuple[str, int, int]]
    acted: bool
    over: bool
    active: list[bool]
    dest: int
    picks_left: int
    picked: list[int]
    banned: set[int]
    blocked: set[int]
    words: Catalogue

    def refused(self, key: str, rule: str, **values: object) -> IllegalMove:
        """The refusal worded by the session's entry ``play.refusal.KEY`` with ``values``, naming ``rule``."""
        return IllegalMove(self.words(f"play.refusal.{key}", **values), rule)

    def inventory(self, p: int) -> list[int]:
        """Balloons held by ``p``: a count per type, the wildcard last."""
        return self.held[p * SLOTS : (p + 1) * SLOTS]

    def spaces(self, p: int) -> int:
        """Inventory spaces on ``p``'s paper: free, holding a balloon, or crossed out (paid or swapped away)."""
        return self.blank[p] + sum(self.inventory(p)) + self.crossed[p]

    def _free(self, city: int) -> bool:
        return self.visits[city] < self.board.slots[city]

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
            raise self.refused("no_city", "move", city=name, cities=city_list(self.words, board))
        if dest == here:
            raise self.refused("here", "move", player=self.players[p], city=name)
        travelled = -1
        if self.active[JUMP]:
            if lane2:
                raise self.refused("jump", "bonus: jump", city=name)
        else:
            lanes = [k for k, c in board.exits[here] if c == dest]
            if not lanes:
                linked = ", ".join(sorted({board.cities[c] for _, c in board.exits[here]}, key=city_order))
                where = board.cities[here]
                raise self.refused("not_linked", "move: a connected city", at=where, city=name, linked=linked)
            if lane2 and len(lanes) < 2:
                raise self.refused("not_double", "move", route=f"{board.cities[here]}-{name}")
            travelled = lanes[1] if lane2 else lanes[0]
        if not self._free(dest):
            raise self.refused("no_slot", "move: a free slot", city=name)
        self.slot_of[p] = self.visits[dest]
        self.visits[dest] += 1
        self.pos[p] = dest
        self.acted = True
        self.dest = dest
        self.picks_left = 3 if self.active[EXTRA] else 2
        self.queue.append((PICK, p, 0))
        if travelled >= 0:
            route = board.lanes[travelled]
            self.queue.extend((GAIN, owner, 0) for owner in sorted(set(self.marks(travelled)) - {-1, p}))
            if self.variant == "not-travelled":
                self.banned = {route.type} if route.kind == COLOUR else {W} if route.kind == GRAY else set(route.spaces)

    def marks(self, k: int) -> list[int]:
        """The seat that claimed each space of lane ``k``, -1 where it is open."""
        lane = self.board.lanes[k]
        if lane.kind == MULTI:
            return self.space_owner[lane.first_space : lane.first_space + lane.length]
        return [self.owner[k]] * lane.length

    def _pick(self, p: int, move: AeroMove) -> None:
        t = ORDER.index(move.arg)
        options = self._pick_options(p)
        if t not in options:
            key, rule, values = self._pick_refusal(p, t)
            raise self.refused(key, rule, **values)
        owners = self._type_owners(t, p)
        if self.variant == "block" and owners:
            self.queue[0:0] = [(BLOCK, o, t) for o in owners]
        else:
            self._grant(p, t, owners)

    def _pick_refusal(self, p: int, t: int) -> tuple[str, str, dict[str, object]]:
        """Why type ``t`` may not be picked: the ``play.refusal.*`` entry, the rule and the entry's values."""
        where, rule = self.board.cities[self.dest], "move: pick balloons"
        if not self.blank[p]:
            return "full", rule, {"player": self.players[p]}
        if t == W:
            if not self.board.gray_at[self.dest]:
                return "no_gray", rule, {"city": where}
            if self.picked:
                return "wildcard_alone", rule, {}
        elif t not in self.board.pickable[self.dest]:
            return "not_here", rule, {"city": where, "type": ORDER[t]}
        if t in self.banned:
            return "travelled", rule, {"type": ORDER[t]}
        if t in self.blocked:
            return "blocked", rule, {"type": ORDER[t]}
        return "different", rule, {"types": ", ".join(ORDER[x] for x in self.picked)}

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
        pay = [ORDER.index(c) for c in move.extra]
        problem = self._claim_problem(p, k, space, pay)
        if problem:
            raise problem
        base = p * SLOTS
        for t in pay:
            self.held[base + t] -= 1
        self.crossed[p] += len(pay)
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
            raise self.refused("no_route", "claim", route=name, near=nearest_routes(self.words, self.board, name))
        lane = self.board.lanes[k]
        if space and lane.kind != MULTI:
            raise self.refused("not_multi", "multiroutes", route=name, space=space)
        if lane.kind == MULTI and not space:
            raise self.refused("multi", "multiroutes", route=name)
        if space and int(space) > lane.length:
            raise self.refused("spaces", "multiroutes", route=name, count=lane.length)
        return k, int(space) - 1 if space else -1

    def _claim_problem(self, p: int, k: int, space: int, pay: list[int]) -> IllegalMove | None:
        lane, route = self.board.lanes[k], self.board.lanes[k].name
        held = self.inventory(p)
        shown = "".join(ORDER[t] for t in pay)
        if any(pay.count(t) > held[t] for t in set(pay)):
            return self.refused("not_held", "claim: pay balloons", player=self.players[p], balloons=shown)
        real = {t for t in pay if t != W}
        if space >= 0:
            if self.space_owner[lane.first_space + space] >= 0:
                return self.refused("space_claimed", "claim: once only", space=space + 1, route=route)
            wanted = lane.spaces[space]
            if len(pay) != 1 or not real <= {wanted}:
                return self.refused("space_cost", "multiroutes", space=space + 1, route=route, type=ORDER[wanted])
            return None
        if self.owner[k] >= 0:
            return self.refused("claimed", "claim: once only", route=route, player=self.players[self.owner[k]])
        # Decision (the rulebook limits doubles only at 2 players): with more, the lanes are two routes, and one
        # player may claim both.
        if len(self.players) == 2 and lane.partner >= 0 and self.owner[lane.partner] >= 0:
            return self.refused("one_lane", "two players", route=route.removesuffix("/2"))
        cost = lane.length - 1 if self.active[DISCOUNT] and lane.length > 1 else lane.length
        if len(pay) != cost:
            return self.refused(
                "length", "claim: pay the length", route=route, cost=counted(self.words, cost), paid=len(pay)
            )
        if lane.kind == COLOUR and not real <= {lane.type}:
            return self.refused("type", "claim: pay the type", route=route, type=ORDER[lane.type])
        if len(real) > 1:
            return self.refused("gray", "wild winds", route=route)
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
            raise self.refused("no_ability", "bonus balloons", player=self.players[p], ability=move.arg)
        if self.active[a]:
            raise self.refused("ability_used", "bonus balloons", ability=move.arg)
        self.abilities[p * len(ABILITIES) + a] -= 1
        self.active[a] = True

    def _gain(self, p: int, move: AeroMove) -> None:
        if move.arg == "space":
            if self.queue[0][0] == BALLOON:
                raise self.refused("not_space", "bonus balloons")
            self.blank[p] += 1
        elif not self.blank[p]:
            raise self.refused("full_gain", "inventory limit", player=self.players[p])
        else:
            self.held[p * SLOTS + ORDER.index(move.arg)] += 1
            self.blank[p] -= 1
        self.queue.pop(0)

    def _swap(self, p: int, move: AeroMove) -> None:
        if move.verb == "swap":
            old, new = ORDER.index(move.arg), ORDER.index(move.extra)
            if not self.held[p * SLOTS + old]:
                raise self.refused("no_swap", "trajectories: swap", player=self.players[p], type=move.arg)
            self.held[p * SLOTS + old] -= 1
            self.held[p * SLOTS + new] += 1  # in a new space, so the free spaces stay as they were
            self.crossed[p] += 1
        self.queue.pop(0)


HANDLERS = {
    ("action", "move"): Actions._move,
    ("action", "claim"): Actions._claim,
    ("action", "use"): Actions._use,
    (PICK, "pick"): Actions._pick,
    (BLOCK, "block"): Actions._answer,
    (BLOCK, "allow"): Actions._answer,
    (GAIN, "gain"): Actions._gain,
    (BALLOON, "gain"): Actions._gain,
    (SWAP, "swap"): Actions._swap,
    (SWAP, "skip"): Actions._swap,
}
