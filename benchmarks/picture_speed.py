"""A state picture per game, as the table page sends it after every move: its time against its drawing's own.

Per game, the spectator's picture halfway through a seeded random game, written as a screen SVG
(``pnp.printing.svg.screen_svg``, what ``pnp ref serve`` sends each page). Baseline: the same
drawing on a canvas that writes nothing, so the difference is what writing SVG costs. Each figure is
the median of ``runs``, after one picture that fills the caches (a kept map, the numbers written).

    python benchmarks/picture_speed.py [runs]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from pnp.games import REGISTRY
from pnp.games.spec import GameSpec
from pnp.printing.canvas import Drawing
from pnp.printing.fonts import DEFAULT
from pnp.printing.svg import screen_svg
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Setup

SEED = 1
Row = tuple[str, str, str, str]


class _Blank:
    """A canvas that writes nothing and keeps every placed drawing as the SVG canvas does (at no cost)."""

    faces = DEFAULT

    def _shape(self, *args: object, **kwargs: object) -> None:
        pass

    rect = line = polygon = path = circle = text = image = _shape

    @contextmanager
    def _inside(self, *args: object, **kwargs: object) -> Iterator[None]:
        yield

    group = clip = clip_path = _inside

    def reuse(self, drawing: Drawing, key: Hashable) -> None:
        pass


def halfway_picture(spec: GameSpec) -> Drawing:
    """The spectator's picture halfway through a seeded random game of three (or as near as the game allows)."""
    game = spec.rules()
    players = tuple(f"p{i + 1}" for i in range(max(game.min_players, min(3, game.max_players))))
    setup = Setup(players, {option.key: option.default for option in game.options}, SEED)
    history = playout(game, setup, random_chooser(random.Random(SEED))).history
    state = game.new_state(setup)
    for move in history[: len(history) // 2]:
        state.apply(move)
    return spec.picture(state, None)


def _median_ms(action: Callable[[], object], runs: int) -> float:
    action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def game_row(spec: GameSpec, runs: int) -> Row:
    drawing = halfway_picture(spec)
    picture = _median_ms(lambda: screen_svg(drawing.width, drawing.height, drawing.draw), runs)
    drawn = _median_ms(lambda: drawing.draw(_Blank()), runs)
    return (
        f"state picture {spec.name}",
        f"{picture:.2f} ms",
        f"{drawn:.2f} ms drawing alone",
        f"SVG writing {picture - drawn:.2f} ms ({picture / drawn:.2f}x the drawing)",
    )


def rows(runs: int) -> list[Row]:
    return [game_row(spec, runs) for spec in REGISTRY.values()]


if __name__ == "__main__":
    for row in rows(int(sys.argv[1]) if len(sys.argv) > 1 else 20):
        print(" | ".join(row), flush=True)
