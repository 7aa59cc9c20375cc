"""Play a game through its protocol alone: the generic random playout every game is tested with."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pnp.referee import secrets
from pnp.referee.protocol import Commit, Game, Move, Reveal, Secret, Setup, State

# A chooser (a bot) sees the state, the legal moves and its own player's secrets (slot -> value).
Chooser = Callable[[State, list[Move], Mapping[str, str]], Move]


@dataclass
class Table:
    """A session played in memory, keeping each player's secrets as the players would."""

    game: Game
    state: State
    kept: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    history: list[Move] = field(default_factory=list)

    def secrets_of(self, player: str) -> dict[str, str]:
        """The secrets ``player`` has committed so far, by slot."""
        return {slot: value for (owner, slot), (value, _salt) in self.kept.items() if owner == player}

    def play(self, move: Move) -> Move:
        """Apply a move as offered by ``legal_moves``; secrets become commits and reveals get their value."""
        player = self.state.to_move() or ""
        if isinstance(move, Secret):
            digest, salt = secrets.commit(player, move.slot, move.value)
            self.kept[(player, move.slot)] = (move.value, salt)
            move = Commit(move.slot, digest)
        elif isinstance(move, Reveal) and not move.value:
            value, salt = self.kept[(player, move.slot)]
            move = Reveal(move.slot, value, salt)
        self.state.apply(move)
        self.history.append(move)
        return move


def playout(game: Game, setup: Setup, choose: Chooser, max_moves: int = 100_000) -> Table:
    """Play from the start until the game ends, ``choose`` picking among the legal moves."""
    table = Table(game, game.new_state(setup))
    while not table.state.is_over():
        if len(table.history) >= max_moves:
            raise RuntimeError(f"{game.name}: no end after {max_moves} moves")
        moves = table.state.legal_moves()
        if not moves:
            raise RuntimeError(f"{game.name}: the game is not over but no move is legal")
        table.play(choose(table.state, moves, table.secrets_of(table.state.to_move() or "")))
    return table


def random_chooser(rng: random.Random) -> Chooser:
    """A chooser that picks uniformly among the legal moves."""
    return lambda _state, moves, _secrets: rng.choice(moves)
