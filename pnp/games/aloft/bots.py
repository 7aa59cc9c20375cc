"""Aloft's bots: uniform random, and a greedy one that looks one move ahead at its own score."""

from __future__ import annotations

import random
from collections.abc import Mapping

from pnp.games.aloft.rules import AloftMove, AloftState
from pnp.games.aloft.scoring import achievement_points, formation_numbers
from pnp.referee.driver import Chooser, random_chooser
from pnp.referee.protocol import Move


def own_score(state: AloftState, player: str, colours: tuple[str, ...]) -> int:
    """What ``player`` would score now, knowing their own colours."""
    numbers = formation_numbers(state.grid)
    formation = sum(n for b, n in numbers.items() if set(state.data.balloons[b].colours) & set(colours))
    return formation + sum(achievement_points(state.tokens[player], colours, state.data.set_points).values())


def greedy_chooser(rng: random.Random) -> Chooser:
    """Pick the move that most raises the bot's own score; ties broken at random."""

    def choose(state: AloftState, moves: list[Move], secrets: Mapping[str, str]) -> Move:
        game_moves = [m for m in moves if isinstance(m, AloftMove)]
        if not game_moves:
            return rng.choice(moves)
        player = state.to_move() or ""
        colours = tuple(secrets.get("colours", "").split(","))
        best, best_value = [], None
        for move in game_moves:
            trial = state.clone()
            trial.apply(move)
            value = own_score(trial, player, colours)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return rng.choice(best)

    return choose


BOTS = {"random": random_chooser, "greedy": greedy_chooser}
