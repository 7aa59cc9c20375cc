"""Balance simulation: many bot games, with win rates by seat and by bot, scores, lengths and Ludii-style measures.

Each game's randomness comes from the seed and the game's index alone, and
results are put in index order, so a run gives the same figures whatever the
engine (:mod:`pnp.sim.engines`) and its number of workers.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from pnp import games
from pnp.errors import PnpError
from pnp.files import write_atomic
from pnp.games.bots import Rater, greedy
from pnp.games.spec import BotFactory, MapKind
from pnp.referee import notation
from pnp.referee.driver import Chooser, playout, random_chooser
from pnp.referee.options import check_count
from pnp.referee.protocol import Move, Setup, State
from pnp.sim.chance import Fit, chi_square
from pnp.sim.engines import Engine, play_jobs
from pnp.sim.ismcts import ismcts_bot
from pnp.sim.measures import LeadRecorder, Measures, lead_story, measure


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    games: int
    players: int
    bots: tuple[str, ...] = ("random",)
    options: Mapping[str, bool | int | str] = field(default_factory=dict)
    map_path: Path | None = None
    seed: int = 0
    map_text: str | None = None  # a map's text, for maps made on the fly (a sweep's generated maps)
    variant_path: Path | None = None


@dataclass(frozen=True)
class GameResult:
    """One finished game: who sat where, how it scored, who won, how long it took, how the lead went."""

    index: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    usage: Mapping[str, int]
    drawn: Mapping[str, int] = field(default_factory=dict)  # chance outcomes drawn, by move text
    expected: Mapping[str, float] = field(default_factory=dict)  # and how often each was expected
    turns: int = 0  # turns played: a turn starts whenever a player other than the last is to move
    lead_changes: int = 0  # times the sole leader became another seat
    decided_at: int = 0  # the turn from which the winners led to the end (``turns``: only by the last one)
    cut_short: bool = False  # ended at a limit set beside the rules (a round limit): see ``Score.cut_short``


class Rate(TypedDict):
    """A win rate over some games, with its 95 % Wilson interval."""

    games: int
    win_rate: float
    ci95: tuple[float, float]


class Distribution(TypedDict):
    """How a figure spread over the games."""

    mean: float
    stdev: float
    min: int
    median: float
    max: int


class Outcome(TypedDict):
    """How often one chance outcome was drawn, and expected."""

    drawn: int
    expected: float


class Chance(TypedDict):
    """Every chance outcome of a run, and how well the draws fit the games' probabilities."""

    outcomes: dict[str, Outcome]
    fit: Fit


class Summary(TypedDict):
    """The figures of a run, as ``--json`` prints them."""

    game: str
    games: int
    players: int
    bots: list[str]
    seed: int
    win_rate_by_seat: dict[str, Rate]
    win_rate_by_bot: dict[str, Rate]
    scores_by_seat: dict[str, Distribution]
    scores_by_bot: dict[str, Distribution]
    game_length: Distribution  # in moves: every entry of a game's record (a card drawn, a turn ended)
    cut_short: int  # games that ended at a limit set beside the rules (a round limit), winners ranked by it
    measures: Measures
    most_used: list[tuple[str, int]]
    least_used: list[tuple[str, int]]
    usage_note: str  # why nothing is counted as used where the game counts it, else empty
    chance: Chance | None  # None: the game has no chance inputs
    moves_applied: int
    seconds: float


def map_per_game(config: SimConfig) -> bool:
    """Whether each game of the run plays a map of its own: no map given, for a game whose maps are generated
    (its built-in map is for print)."""
    if config.map_text is not None or config.map_path is not None:
        return False
    maps = games.get(config.game).traits.maps
    return MapKind.GENERATED in maps and MapKind.FIXED not in maps


def seat_bots(bots: tuple[str, ...], players: int, index: int) -> tuple[str, ...]:
    """The bots by seat in game ``index``: rotated each game, so seats and bots can be told apart."""
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def bot_factories(game: str) -> Mapping[str, Callable[[random.Random], Chooser]]:
    """Every bot that plays ``game``, by name: the game's own, ``random``, ``greedy`` where the game has a rating
    hook and no greedy bot of its own, and the search bot ``ismcts``."""
    spec, rater = games.get(game), rater_of(game)
    known = dict(spec.bots()) if spec.bots else {}
    known.setdefault("random", random_chooser)
    if rater:
        known.setdefault("greedy", greedy(rater))
    known.setdefault("ismcts", search_bot(rater, known.get("greedy")))
    return known


def rater_of(game: str) -> Rater | None:
    """The rating hook of ``game``, None where it has none."""
    spec = games.get(game)
    return spec.rater() if spec.rater else None


def search_bot(rater: Rater | None, playout: BotFactory | None) -> BotFactory:
    """The search bot of a game with ``rater`` (None: none) and ``playout``, its greedy bot (None: random inputs).

    With a rating, each try is a short playout whose end the rating values; without one (the fallback), each
    plays on to the end of the game, so its tries cost more and are fewer.
    """
    tries, depth = (ISMCTS_ITERATIONS, ISMCTS_DEPTH) if rater else (ISMCTS_FULL_ITERATIONS, ISMCTS_FULL_DEPTH)
    return ismcts_bot(tries, playout, depth, rater, walk=1, worlds=ISMCTS_WORLDS)


# The search bot: per choice, its options share ISMCTS_ITERATIONS tries evenly, each tried in at least ISMCTS_WORLDS
# worlds; a try is a playout by the game's greedy bot of at most ISMCTS_DEPTH inputs, after which the game's rating
# values the position. A game without a rating plays on to the end (ISMCTS_FULL_DEPTH inputs at most), so its
# tries cost more and are fewer (ISMCTS_FULL_ITERATIONS).
ISMCTS_ITERATIONS, ISMCTS_WORLDS, ISMCTS_DEPTH = 128, 4, 6
ISMCTS_FULL_ITERATIONS, ISMCTS_FULL_DEPTH = 32, 100

MAX_GAMES = 1_000_000  # in one run or one sweep: the jobs are listed up front (a larger study is several)


def play_one(config: SimConfig, index: int) -> GameResult:
    """Play game number ``index`` of the run; the same inputs always give the same game."""
    spec = games.get(config.game)
    factories = bot_factories(config.game)
    bots = seat_bots(config.bots, config.players, index)
    choosers = [factories[name](random.Random(f"{config.seed}:{index}:{seat}")) for seat, name in enumerate(bots)]
    names = tuple(f"p{seat + 1}" for seat in range(config.players))
    seats = {name: seat for seat, name in enumerate(names)}
    lead = LeadRecorder(names, rater_of(config.game))

    def choose(state: State, moves: list[Move], secrets: Mapping[str, str]) -> Move:
        lead.note(state)
        return choosers[seats[state.to_move() or names[0]]](state, moves, secrets)

    map_path = _map_file(config.map_text) if config.map_text is not None else config.map_path
    seed = random.Random(f"{config.seed}:{index}").randrange(10**9)
    setup = Setup(names, dict(config.options), seed, map_path, config.variant_path)
    game = spec.rules().bind(setup)
    table = playout(game, setup, choose, random.Random(f"{config.seed}:{index}:chance"))
    score = table.state.score()
    by_name = {row.name: row.score for row in score.players}
    usage = spec.usage(table.state, table.history) if spec.usage else {}
    winners = tuple(seats[name] for name in score.winners)
    story = lead_story(lead.turns, winners)
    return GameResult(
        index,
        bots,
        tuple(by_name[name] for name in names),
        winners,
        len(table.history),
        dict(usage),
        {notation.format(game, move): count for move, count in table.drawn.items()},
        {notation.format(game, move): count for move, count in table.expected.items()},
        story.turns,
        story.lead_changes,
        story.decided_at,
        score.cut_short,
    )


_MAP_FOLDER: list[tempfile.TemporaryDirectory[str]] = []  # this process's own, removed when it ends


def _map_file(text: str) -> Path:
    """A map text as a file this process can read, in a folder only it uses (named by its hash: written once)."""
    if not _MAP_FOLDER:
        _MAP_FOLDER.append(tempfile.TemporaryDirectory(prefix="pnp-sim-maps-"))
    path = Path(_MAP_FOLDER[0].name) / f"{hashlib.sha256(text.encode()).hexdigest()[:32]}.yaml"
    if not path.exists():
        write_atomic(path, text, sync=False)
    return path


LOCAL = Engine()  # one process, here


def check(config: SimConfig) -> None:
    """Refuse a run that cannot be played (players, bots, counts) before any game starts."""
    spec = games.get(config.game)
    game = spec.rules()
    check_count(spec.title, game, config.players)
    known = bot_factories(config.game)
    unknown = [b for b in config.bots if b not in known]
    if unknown:
        raise PnpError(f"{spec.title} has no bot {unknown[0]!r} (bots: {', '.join(known)})")
    if not 1 <= config.games <= MAX_GAMES:
        raise PnpError(f"--games must be 1 to {MAX_GAMES:,}")


def run(
    config: SimConfig, engine: Engine = LOCAL, progress: Callable[[int], None] | None = None
) -> tuple[list[GameResult], float]:
    """Play every game of the run on ``engine``; return the results in order and the seconds."""
    check(config)
    engine.check()
    start = time.perf_counter()
    results: list[GameResult] = []
    for _position, result in play_jobs([(config, index) for index in range(config.games)], engine):
        results.append(result)
        if progress:
            progress(len(results))
    results.sort(key=lambda result: result.index)
    return results, time.perf_counter() - start


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95 % Wilson score interval for a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _distribution(values: list[int]) -> Distribution:
    ordered = sorted(values)
    return {
        "mean": round(statistics.fmean(ordered), 2),
        "stdev": round(statistics.pstdev(ordered), 2),
        "min": ordered[0],
        "median": statistics.median(ordered),
        "max": ordered[-1],
    }


def _rates(groups: Mapping[str, list[float]]) -> dict[str, Rate]:
    out: dict[str, Rate] = {}
    for key, shares in groups.items():
        low, high = wilson(sum(shares), len(shares))
        out[key] = {
            "games": len(shares),
            "win_rate": round(sum(shares) / len(shares), 4),
            "ci95": (round(low, 4), round(high, 4)),
        }
    return out


def _chance(drawn: Counter[str], expected: dict[str, float]) -> Chance | None:
    """Chance outcomes drawn against their expected counts, with a chi-square test of the fit."""
    if not expected:
        return None
    outcomes = sorted(expected, key=lambda outcome: -expected[outcome])
    return {
        "outcomes": {o: {"drawn": drawn.get(o, 0), "expected": round(expected[o], 2)} for o in outcomes},
        "fit": chi_square(drawn, expected),
    }


def summarise(config: SimConfig, results: list[GameResult], seconds: float) -> Summary:
    """The figures of a run, as plain data (what ``--json`` prints)."""
    by_seat: dict[str, list[float]] = {}
    by_bot: dict[str, list[float]] = {}
    seat_scores: dict[str, list[int]] = {}
    bot_scores: dict[str, list[int]] = {}
    usage: Counter[str] = Counter()
    drawn: Counter[str] = Counter()
    expected: dict[str, float] = {}
    for result in results:
        drawn.update(result.drawn)
        for outcome, count in result.expected.items():
            expected[outcome] = expected.get(outcome, 0.0) + count
        for seat, bot in enumerate(result.bots):
            share = 1 / len(result.winners) if seat in result.winners else 0.0
            by_seat.setdefault(f"seat {seat + 1}", []).append(share)
            by_bot.setdefault(bot, []).append(share)
            seat_scores.setdefault(f"seat {seat + 1}", []).append(result.scores[seat])
            bot_scores.setdefault(bot, []).append(result.scores[seat])
        usage.update(result.usage)
    lengths = [r.moves for r in results]
    note = ""
    if usage and map_per_game(config):  # city C of one map is not city C of the next
        usage.clear()
        note = "not counted: each game played a map of its own (give --map FILE to count one map's)"
    ranked = usage.most_common()
    seat_rates = _rates(by_seat)
    return {
        "game": config.game,
        "games": len(results),
        "players": config.players,
        "bots": list(config.bots),
        "seed": config.seed,
        "win_rate_by_seat": seat_rates,
        "win_rate_by_bot": _rates(by_bot),
        "scores_by_seat": {k: _distribution(v) for k, v in seat_scores.items()},
        "scores_by_bot": {k: _distribution(v) for k, v in bot_scores.items()},
        "game_length": _distribution(lengths),
        "cut_short": sum(result.cut_short for result in results),
        "measures": measure(results, [rate["win_rate"] for rate in seat_rates.values()]),
        "most_used": ranked[:5],
        "least_used": ranked[::-1][:5] if ranked else [],
        "usage_note": note,
        "chance": _chance(drawn, expected),
        "moves_applied": sum(lengths),
        "seconds": round(seconds, 3),
    }
