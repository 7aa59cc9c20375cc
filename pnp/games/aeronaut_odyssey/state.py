"""Aeronaut Odyssey's position and the flow of a turn.

A turn is a short series of inputs. The player to move chooses an action
(``move`` or ``claim``, maybe after ``use`` of an ability); a move is followed
by the traveller's balloon ``pick``s. Every reward is a choice of the rewarded
player (``gain TYPE`` or ``gain space``), entered when it falls due, so other
players may be asked in the middle of someone's turn. Players who cannot act
are passed over; the game ends when every route is claimed or nobody can act.

Before the first turn, in the set-up stage, the later seats take their
compensation balloons. There are no secrets: with hidden inventories, a
player's balloons are only kept out of what the others are shown
(:meth:`AeroState.private` and the game's ``public_text``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from random import Random

from pnp.errors import IllegalMove
from pnp.games.aeronaut_odyssey import notation
from pnp.games.aeronaut_odyssey.actions import (
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
from pnp.games.aeronaut_odyssey.board import COLOUR, MULTI, Board, W
from pnp.games.aeronaut_odyssey.model import ABILITIES, LETTERS, ORDER
from pnp.games.aeronaut_odyssey.notation import AeroMove
from pnp.games.aeronaut_odyssey.scoring import area_points, route_points
from pnp.games.aeronaut_odyssey.text import render
from pnp.games.aeronaut_odyssey.wording import inventory, type_word
from pnp.games.base import BaseState, ranked, wrong_stage
from pnp.referee.protocol import Commit, Move, PlayerScore, Reveal, Score, Secret, Stage
from pnp.referee.wording import in_stage
from pnp.texts import Catalogue, in_english


class AeroState(Actions, BaseState):
    """One position: claims, travellers, inventories, bonuses, trajectories and the pending inputs.

    ``seat`` holds the turn; ``queue`` the inputs that fall due, each asked of its own seat first.
    """

    MUTABLE = (
        "owner", "space_owner", "visits", "pos", "slot_of", "blank", "held", "crossed", "bonus_points", "goal_points",
        "abilities", "goal_takers", "queue", "active", "picked", "open_lanes", "banned", "blocked"
    )  # fmt: skip

    def __init__(
        self,
        board: Board,
        players: tuple[str, ...],
        variant: str = "none",
        hidden: bool = False,
        words: Catalogue | None = None,
    ) -> None:
        n = len(players)
        self.board, self.players, self.variant, self.hidden = board, players, variant, hidden
        self.words = words or in_english("aeronaut-odyssey")  # the session's: refusals and inventories say them
        self.table = board.moves
        self.owner = [-1] * len(board.lanes)
        self.space_owner = [-1] * board.space_count
        self.visits = [0] * len(board.cities)
        self.pos = [board.capital] * n
        self.slot_of = [-1] * n  # the movement slot each traveller stands in at its city (-1: at the start)
        self.blank = [board.inventory * (2 if n == 2 else 1)] * n  # empty inventory spaces
        self.held = [0] * (n * SLOTS)
        self.crossed = [0] * n  # spaces crossed out: balloons paid, or swapped away
        self.bonus_points = [0] * n
        self.goal_points = [0] * n
        self.abilities = [0] * (n * len(ABILITIES))
        self.goal_takers: list[tuple[int, ...]] = [() for _ in board.goals]
        self.open_lanes = list(range(len(board.lanes)))  # lanes that can still be claimed (in part)
        self.queue: list[tuple[str, int, int]] = [(BALLOON, s, 0) for s in range(n) for _ in range(COMPENSATION[s])]
        self.seat, self.acted, self.over = n - 1, True, False  # the first settle hands the turn to seat 0
        self.setting_up = True  # compensation balloons are taken before the first turn
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
        return self.players[self.queue[0][1] if self.queue else self.seat]

    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        table = self.table
        if not self.queue:
            return self._action_moves(self.seat)
        kind, p, _ = self.queue[0]
        if kind == PICK:
            return [table.pick[t] for t in self._pick_options(p)]
        if kind == BLOCK:
            return [table.allow, table.block]
        if kind == SWAP:
            base = p * SLOTS
            held = self.held
            return [*(table.swap[a][b] for a in range(SLOTS) if held[base + a] for b in range(W) if b != a), table.skip]
        gains: list[Move] = [*table.gain] if self.blank[p] else []
        if kind == GAIN:
            gains.append(table.gain_space)
        return gains

    def apply(self, move: Move) -> None:
        if self.over:
            raise wrong_stage("over", self._after_the_end(), self.words)
        kind, p, _ = self.queue[0] if self.queue else ("action", self.seat, 0)
        if not isinstance(move, AeroMove):
            raise self._out_of_turn(move, kind, p)
        handler = HANDLERS.get((kind, move.verb))
        if handler is None or (self.setting_up and move == self.table.gain_space):
            raise self._out_of_turn(move, kind, p)
        try:
            handler(self, p, move)
        except IllegalMove as refusal:  # every refusal names the stage in force, then the rule broken
            said = in_stage(self.words, self.stage(), refusal.reason)
            raise IllegalMove(said, refusal.rule, refusal.guided) from None
        self._settle()

    def stage(self) -> Stage:
        """``set-up`` while the later seats take their compensation balloons, then ``play``, then ``over``."""
        return "over" if self.over else "set-up" if self.setting_up else "play"

    def private(self, player: str) -> Mapping[str, str]:
        """With hidden inventories, ``player``'s own balloons (nobody else's); otherwise nothing is private."""
        if not self.hidden or player not in self.players:
            return {}
        return {self.words("play.inventory"): inventory(self.words, self, self.players.index(player))}

    def determinise(self, observer: str, rng: Random) -> AeroState:
        """With hidden inventories, a copy in which each other player holds as many balloons, of types drawn anew.

        Each balloon but the wildcards is dealt one of the six types uniformly (the others gained them by
        choices ``observer`` never saw); ``observer``'s own inventory, and everything public, is kept.
        """
        other = self.clone()
        if not self.hidden:
            return other
        for p, name in enumerate(self.players):
            if name == observer:
                continue
            base, held = p * SLOTS, [0] * SLOTS
            held[W] = self.held[base + W]
            for _ in range(sum(self.inventory(p)) - held[W]):
                held[rng.randrange(W)] += 1
            other.held[base : base + SLOTS] = held
        return other

    def _out_of_turn(self, move: Move, kind: str, p: int) -> IllegalMove:
        """The refusal of an input that is not the one asked for now: it says whose input is due, and which."""
        name, t = self.players[p], self.words
        if self.setting_up:
            due = sum(1 for entry in self.queue if entry[1] == p)
            why = t("play.step.not_space") if move == self.table.gain_space else ""
            balloons = t("play.step.a_balloon") if due == 1 else t("play.balloon.many", count=due)
            return wrong_stage(
                "set-up", t("play.step.compensation", why=why, player=name, balloons=balloons, seat=p + 1), t
            )
        wanted = t("play.step.must", player=name, asked=self.asked(t))
        wanted = t("play.step.typed", asked=wanted, typed=t(f"play.typed.{self.queue[0][0]}")) if self.queue else wanted
        if not isinstance(move, AeroMove):
            what = (
                t("play.step.no_secrets")
                if isinstance(move, (Secret, Commit, Reveal))
                else t("play.step.no_move", move=repr(move))
            )
            return IllegalMove(in_stage(t, "play", t("play.step.not_a_move", what=what, wanted=wanted)), "turn order")
        said = t("play.step.not_now", move=notation.format_move(move), wanted=wanted)
        return IllegalMove(in_stage(t, "play", said), "turn order")

    def _after_the_end(self) -> str:
        why = self.words("play.step.all_claimed" if not self.open_lanes else "play.step.stuck")
        return self.words("play.step.over", why=why)

    def score(self) -> Score:
        n = len(self.players)
        parts = {
            "routes": route_points(self.board, self.owner, self.space_owner, n),
            "areas": area_points(self.board, self.owner, self.space_owner, n),
            "trajectories": self.goal_points,
            "bonus": self.bonus_points,
        }
        t = self.words
        rows = [
            PlayerScore(
                name, sum(part[p] for part in parts.values()), {t(f"play.score.{k}"): v[p] for k, v in parts.items()}
            )
            for p, name in enumerate(self.players)
        ]
        return ranked(rows, self.over, words=t)

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        from pnp.games.aeronaut_odyssey.description import describe

        return describe(self, viewer)

    def render_text(self, viewer: str | None) -> str:
        return render(self, viewer)

    # -- queries ----------------------------------------------------------------------------------------------
    def asked(self, words: Catalogue | None = None) -> str:
        """What the player to move is asked for, in ``words`` (default: the session's)."""
        t = words or self.words
        if not self.queue:
            return t("play.asked.action")
        kind, _, kept = self.queue[0]
        if kind == BLOCK:  # the picker is next in the queue once the owners have answered
            picker = next(p for k, p, _ in self.queue if k != BLOCK)
            return t("play.asked.allow", player=self.players[picker], type=type_word(t, ORDER[kept]))
        return t(f"play.asked.{kind}")

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
        self.acted = self.setting_up = False
        self._reset_turn()
        if self.open_lanes:
            for _ in self.players:
                self.pass_turn()
                if self._can_act(self.seat):
                    return
        self.over = True
