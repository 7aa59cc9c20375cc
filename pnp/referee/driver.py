"""Play a game through its protocol alone: the generic random playout every game is tested with.

Chance belongs to the table, not to a bot: when a chooser picks any chance input (a die
roll, a card draw), the driver draws the actual outcome by the probabilities the state
gives (``State.chance``), and counts what it drew against what it expected.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import accumulate

from pnp.errors import IllegalMove, PnpError
from pnp.referee import rounds, secrets
from pnp.referee.protocol import Commit, Game, Move, Reveal, Secret, Setup, State, unsealed
from pnp.texts import toolkit

# A chooser (a bot) sees the state, the legal moves and its own player's secrets (slot -> value).
Chooser = Callable[[State, list[Move], Mapping[str, str]], Move]


@dataclass
class Table:
    """A session played in memory, keeping each player's secrets as the players would."""

    game: Game
    state: State
    kept: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)  # by slot as a record names it
    revealed: set[tuple[str, str]] = field(default_factory=set)
    history: list[Move] = field(default_factory=list)
    drawn: Counter[Move] = field(default_factory=Counter)  # chance outcomes drawn
    # each distinct chance table met (by identity: games hand back cached tables), with its outcomes,
    # their cumulative probabilities and how often it was drawn from
    _tables: dict[int, _ChanceTable] = field(default_factory=dict)

    def secrets_of(self, player: str) -> dict[str, str]:
        """The secrets ``player`` has committed so far, by slot."""
        return {slot: value for (owner, slot), (value, _salt) in self.kept.items() if owner == player}

    def play(self, move: Move) -> Move:
        """Apply a move as offered by ``legal_moves``; secrets become commits and reveals get their value.

        A round secret is kept under its round's slot, as the referee keeps it; the rules get its own name.
        """
        player = self.state.to_move() or ""
        opened: tuple[str, str] | None = None
        if isinstance(move, Secret):
            slot = rounds.next_slot(self.game, player, move.slot, self.kept)
            digest, salt = secrets.commit(player, slot, move.value)
            self.kept[(player, slot)] = (move.value, salt)
            move = Commit(move.slot, digest)
        elif isinstance(move, Reveal) and not move.value:
            opened = (player, rounds.next_slot(self.game, player, move.slot, self.revealed))
            rounds.check(self.game, toolkit(), self.state.players, player, Reveal(opened[1]), self.kept)
            move = Reveal(move.slot, *self.kept[opened])
        self.state.apply(move)
        if opened is not None:
            self.revealed.add(opened)
        self.history.append(move)
        return move

    def take_chance(self, chances: Mapping[Move, float], rng: random.Random) -> Move:
        """Draw a chance outcome by its probability, counting it against the expectation."""
        table = self._tables.get(id(chances))
        if table is None or table.chances is not chances:
            table = self._tables[id(chances)] = _ChanceTable(chances)
        table.draws += 1
        last = len(table.outcomes) - 1
        move = table.outcomes[bisect(table.cumulative, rng.random() * table.cumulative[-1], 0, last)]
        self.drawn[move] += 1
        return move

    @property
    def expected(self) -> dict[Move, float]:
        """How often each chance outcome was expected: its probabilities summed over every draw."""
        expected: dict[Move, float] = {}
        for table in self._tables.values():
            for outcome, probability in table.chances.items():
                expected[outcome] = expected.get(outcome, 0.0) + probability * table.draws
        return expected


class _ChanceTable:
    """One chance table, kept alive (so its id stays its own) and ready to draw from."""

    def __init__(self, chances: Mapping[Move, float]) -> None:
        self.chances = chances
        self.outcomes = list(chances)
        self.cumulative = list(accumulate(chances.values()))
        self.draws = 0


def _dealt_apart(game: Game, table: Table, player: str, moves: list[Move]) -> list[Move]:
    """``moves`` without a dealt secret naming a card another player holds already: a playout deals them as a
    shuffled deck would (see ``Game.dealt_secrets``)."""
    held = {
        card
        for (owner, slot), (value, _salt) in table.kept.items()
        if owner != player and rounds.secret_of(game, slot) in game.dealt_secrets
        for card in value.split(",")
    }
    return [
        move
        for move in moves
        if not (isinstance(move, Secret) and move.slot in game.dealt_secrets and held & set(move.value.split(",")))
    ]


def playout(
    game: Game, setup: Setup, choose: Chooser, rng: random.Random | None = None, max_moves: int = 100_000
) -> Table:
    """Play from the start until the game ends, ``choose`` picking among the legal moves.

    ``rng`` draws the chance outcomes (default: seeded from ``setup.seed``). A reveal is listed before
    its value is known, so the rules may still refuse it once it is (say, a card another player revealed
    first): the player then chooses again without it.
    """
    chance_rng = rng or random.Random(setup.seed)
    table = Table(game, game.new_state(setup))
    state = table.state
    refused: set[Move] = set()  # reveals refused in the position at hand
    while not state.is_over():
        if len(table.history) >= max_moves:  # the rules as set (a variant's, a map's, options) may never end it
            raise PnpError(
                f"{game.title}: a game went {max_moves:,} inputs without ending: the rules as set (a variant, a map, "
                "the options) may never end one"
            )
        moves = [move for move in state.legal_moves() if move not in refused]
        if game.distinct_secrets:
            moves = unsealed(moves, table.secrets_of(state.to_move() or ""))
        if game.dealt_secrets:
            moves = _dealt_apart(game, table, state.to_move() or "", moves)
        if not moves:
            raise RuntimeError(f"{game.name}: the game is not over but no move is legal")
        move = choose(state, moves, table.secrets_of(state.to_move() or ""))
        chances = state.chance()
        try:
            table.play(table.take_chance(chances, chance_rng) if move in chances else move)
        except IllegalMove:
            if not isinstance(move, Reveal):
                raise
            refused.add(move)
            continue
        refused.clear()
    return table


def random_chooser(rng: random.Random) -> Chooser:
    """A chooser that picks uniformly among the player's choices, taking chance as one of them."""

    def choose(state: State, moves: list[Move], _secrets: Mapping[str, str]) -> Move:
        chances = state.chance()
        if not chances:
            return rng.choice(moves)
        pick = rng.randrange(len(moves) - len(chances) + 1)  # the choices, and chance as one more
        for move in moves:
            if move not in chances:
                if not pick:
                    return move
                pick -= 1
        return next(iter(chances))

    return choose
