"""*Suggest a move* (pnp.sim.hint.suggest) timed at the test positions and at positions sampled from random games.

Each row gives the hint's CPU time (time.process_time: what the search itself costs, whatever else the
machine runs) and wall time, beside one greedy pick at the same position(s) in the same run, against the
target of at most 1 s. The test positions are Hauling Astronauts' set-up and Aloft's first move; the
sampled ones are positions with a choice, drawn through seeded random games of each game at 2 players and
at its most (the same positions on every run).

    python benchmarks/hint_speed.py [--positions 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from pnp.games import REGISTRY
from pnp.referee import notation, session
from pnp.referee.inputs import choices
from pnp.referee.session import Session
from pnp.sim import bot_factories
from pnp.sim.hint import Suggestion, suggest

Row = tuple[str, str, str, str]
TARGET = 1.0  # seconds at most, at any position
SAMPLED = 0.1  # the chance that a position with a choice is timed, as a random game passes it


def timed(action: Callable[[], object]) -> tuple[float, float, object]:
    """CPU seconds, wall seconds and the result of ``action``."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = action()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def greedy_pick(current: Session) -> object:
    """The game's greedy bot's pick among the player's choices: the baseline."""
    bot = bot_factories(current.spec.name)["greedy"](random.Random(0))
    player = current.state.to_move() or ""
    return bot(current.state.clone(), choices(current), current.own_secrets(player))


def named_positions(work: Path) -> Iterator[tuple[str, Session]]:
    """Hauling Astronauts' set-up and Aloft's first move (after both players' colour cards), 2 players."""
    hauling = session.new(work / "hauling.pnp", "hauling-astronauts", ["ann", "bob"], [], 1, None)
    yield "hauling-astronauts set-up", hauling
    aloft = session.new(work / "aloft.pnp", "aloft", ["ann", "bob"], [], 1, None)
    aloft.play("secret colours B,G")
    aloft.play("secret colours R,W")
    yield "aloft first move", aloft


def sampled_positions(name: str, players: int, count: int, work: Path) -> Iterator[Session]:
    """``count`` positions with a choice, passed by seeded random games of ``name`` (each yielded as it is
    reached: the caller times it before the game goes on)."""
    rng = random.Random(f"{name}:{players}")
    found = 0
    for index in range(1000):
        path = work / f"{name}-{players}-{index}.pnp"
        current = session.new(path, name, [f"p{seat + 1}" for seat in range(players)], [], rng.randrange(10**6), None)
        while current.state.to_move() is not None:
            if len(choices(current)) > 1 and rng.random() < SAMPLED:
                yield current
                found += 1
                if found == count:
                    return
            current.play(notation.format(current.game, rng.choice(current.state.legal_moves())))


def verdict(cpu: float) -> str:
    """The target, judged on CPU time: on a free core the wall time is the same, on a busy machine longer."""
    return f"target <= {TARGET:g} s CPU ({'met' if cpu <= TARGET else 'MISSED'})"


def named_rows(work: Path) -> list[Row]:
    rows = []
    for label, current in named_positions(work):
        greedy_cpu, _, _ = timed(partial(greedy_pick, current))
        cpu, wall, found = timed(partial(suggest, current))
        assert isinstance(found, Suggestion)
        rows.append(
            (
                f"hint {label}",
                f"{cpu:.2f} s CPU, {wall:.2f} s wall, weighed {found.weighed} of {found.choices}",
                f"{greedy_cpu * 1000:.1f} ms one greedy pick",
                verdict(cpu),
            )
        )
    return rows


def sampled_rows(count: int, work: Path) -> list[Row]:
    rows = []
    for name, spec in REGISTRY.items():
        game = spec.rules()
        counts = sorted({2, game.max_players})
        cpus, walls, greedy = [], [], []
        for players in counts:
            for current in sampled_positions(name, players, max(1, count // len(counts)), work):
                greedy.append(timed(partial(greedy_pick, current))[0])
                cpu, wall, _ = timed(partial(suggest, current))
                cpus.append(cpu)
                walls.append(wall)
        rows.append(
            (
                f"hint {name}, {len(cpus)} positions ({' and '.join(map(str, counts))} players)",
                f"CPU max {max(cpus):.2f} s, median {statistics.median(cpus):.2f} s; wall max {max(walls):.2f} s",
                f"{max(greedy) * 1000:.1f} ms one greedy pick (max)",
                verdict(max(cpus)),
            )
        )
    return rows


def rows(count: int) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="pnp-hint-") as folder:
        work = Path(folder)
        return named_rows(work) + sampled_rows(count, work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="sampled positions per game")
    args = parser.parse_args()
    for row in rows(args.positions):
        print(" | ".join(row))


if __name__ == "__main__":
    main()
