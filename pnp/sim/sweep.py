"""A sweep: the same simulation over every combination of settings, or over many generated maps.

Every game of every combination goes to the engine in one list, so a cluster stays busy; a
checkpoint file keeps the finished games (rewritten atomically), and a resumed sweep plays only
the rest (:mod:`pnp.sim.checkpoint`). Each combination's row names the seat whose win rate is furthest
from a fair share (ahead or behind), with its 95 % interval, and flags the row when some seat's interval
excludes fairness.

Map and variant files are axes like any setting (``--over map=a.yaml,b.yaml``, ``--over variant=...``, paths
from the current folder): each is checked as ``pnp map check`` or ``pnp variant check`` does before any game
is played, and every row records its map's and its variant's digest.
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypedDict

from pnp import games
from pnp.errors import PnpError, quote
from pnp.loader import did_you_mean
from pnp.referee.options import parse_options
from pnp.referee.protocol import Game
from pnp.sim import MAX_GAMES, GameResult, SimConfig, check, summarise
from pnp.sim.checkpoint import Checkpoint
from pnp.sim.engines import Engine, play_jobs
from pnp.sim.fairness import fair_share, mostly_cut_short, smallest_flagged, unfair_seats
from pnp.sim.inputs import MapInput, check_map_file, check_variant_file, map_input, variant_input
from pnp.sim.measures import Measures

MAX_COMBINATIONS = 100_000
SETTINGS = ("players", "map", "variant")  # what --over accepts besides the game's own options
FILE_SETTINGS = ("map", "variant")  # settings whose values are files, read from the current folder


@dataclass(frozen=True)
class Combination:
    """One row of a sweep: its settings in words, and the run that tests them."""

    label: str
    config: SimConfig
    map: MapInput | None = None  # the map it plays on, with its digest
    variant: MapInput | None = None  # the variant it plays, with its digest


class Row(TypedDict):
    """A combination's figures, as ``--json`` prints them."""

    combination: str
    games: int
    players: int
    map: MapInput | None  # the map played, as a file name (or how it was made) and its digest
    variant: MapInput | None  # the variant played, as a file name, and its digest
    seat: str  # the seat whose win rate is furthest from a fair share
    advantage: float  # its win rate minus a fair share
    ci95: tuple[float, float]  # the same for the ends of its 95 % interval
    significant: bool  # some seat's 95 % interval excludes a fair share
    smallest_flagged: float | None  # the least advantage its games can flag (None: none, however large)
    game_length: float
    score_spread: float  # mean gap between the best and the worst score of a game
    cut_short: int  # games that ended at a limit set beside the rules (a round limit)
    cut_short_marked: bool  # so many (past CUT_SHORT_SHARE) that its win rates measure the limit's tiebreak too
    measures: Measures  # balance, decisiveness, lead changes, length in turns and moves


def parse_over(pairs: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``KEY=V1,V2`` pairs as (key, values); each key once, each with at least one value."""
    overs: list[tuple[str, list[str]]] = []
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if not sep or not key or not values:
            raise PnpError(f"--over {quote(pair)}: expected KEY=V1,V2,...")
        if any(key == known for known, _ in overs):
            raise PnpError(f"--over {quote(key)} is given twice")
        twice = next((value for n, value in enumerate(values) if value in values[:n]), None)
        if twice is not None:  # the same combination twice: a slip, and a row repeated
            raise PnpError(f"--over {quote(pair)}: {quote(twice)} is given twice")
        overs.append((key, values))
    return overs


def combinations(
    base: SimConfig,
    overs: Sequence[tuple[str, list[str]]],
    maps: int | None = None,
    size: str | None = None,
    fixed: Sequence[str] = (),
) -> list[Combination]:
    """Every combination of the ``overs`` values (options ``fixed`` as KEY=VALUE), on ``maps`` generated maps (None:
    on the maps as set)."""
    spec = games.get(base.game)
    rules = spec.rules()
    known = [*(option.key for option in rules.options), *SETTINGS]  # in the order the game declares them
    for key, _ in overs:
        if key not in known:
            hint = did_you_mean(key, known)
            raise PnpError(f"{spec.title} cannot be swept over {quote(key)}{hint} (known: {', '.join(known)})")
    if maps is not None and maps < 1:  # 0 played the maps as set, as if --maps were not given
        raise PnpError("--maps must be 1 or more (leave it out to play the maps as set)")
    map_count = maps or 0
    _check_files(base, overs, map_count)
    count = math.prod(len(values) for _, values in overs) * max(1, map_count)
    if count > MAX_COMBINATIONS:
        raise PnpError(f"{count:,} combinations is more than a sweep takes ({MAX_COMBINATIONS:,}): split it")
    if count * base.games > MAX_GAMES:
        raise PnpError(f"{count * base.games:,} games is more than a sweep plays ({MAX_GAMES:,}): split it")
    out: list[Combination] = []
    for values in itertools.product(*(values for _, values in overs)):
        chosen = list(zip((key for key, _ in overs), values))
        config = _with(base, rules, fixed, chosen)
        label = " ".join(f"{key}={value}" for key, value in chosen)
        for map_seed, text in _maps(base, config.players, map_count, size):
            at = f"map seed {map_seed}"
            generated = replace(config, map_text=text)
            made = map_input(generated, f"generated: {at}")
            out.append(Combination(f"{label} {at}".strip(), generated, made, variant_input(config)))
        if not map_count:
            out.append(Combination(label or "as set", config, map_input(config), variant_input(config)))
    for combination in out:
        check(combination.config)
    return out


def _check_files(base: SimConfig, overs: Sequence[tuple[str, list[str]]], maps: int) -> None:
    """Refuse a sweep over map or variant files that also names another, or whose files do not pass their check."""
    for key, values in overs:
        if key == "map" and (base.map_path is not None or maps):
            raise PnpError("--over map=... excludes --map and --maps: it names every map of the sweep")
        if key == "variant" and base.variant_path is not None:
            raise PnpError("--over variant=... excludes --variant: it names every variant of the sweep")
        for value in values if key in FILE_SETTINGS else ():
            (check_map_file if key == "map" else check_variant_file)(base.game, Path(value))


def _with(base: SimConfig, rules: Game, fixed: Sequence[str], chosen: list[tuple[str, str]]) -> SimConfig:
    players = base.players
    options = list(fixed)
    for key, value in chosen:
        if key == "players":
            if not (value.isascii() and value.isdigit()):
                raise PnpError(f"--over players: {quote(value)} is not a whole number")
            players = int(value)
        elif key == "map":
            base = replace(base, map_path=Path(value))
        elif key == "variant":
            base = replace(base, variant_path=Path(value))
        else:
            options.append(f"{key}={value}")
    return replace(base, players=players, options=parse_options(rules, options))


def _maps(base: SimConfig, players: int, count: int, size: str | None) -> Iterator[tuple[int, str]]:
    """``count`` maps generated from seeds ``base.seed`` on, with the size and players knobs the game honours."""
    if not count:
        if size is not None:
            raise PnpError("--size needs --maps")
        return
    spec = games.get(base.game)
    if spec.maps is None or "seed" not in spec.maps.knobs:
        raise PnpError(f"{spec.title} generates no maps to sweep over")
    if base.map_path is not None:
        raise PnpError("--maps and --map exclude each other")
    knobs: dict[str, object] = {"size": size} if size is not None else {}
    if "players" in spec.maps.knobs:
        knobs["players"] = players
    unknown = [k for k in knobs if k not in spec.maps.knobs]
    if unknown:
        raise PnpError(f"{spec.title}'s maps have no --{unknown[0]}")
    for seed in range(base.seed, base.seed + count):
        yield seed, spec.maps.new(seed, **knobs)


def run_sweep(
    plan: Sequence[Combination],
    engine: Engine,
    checkpoint: Checkpoint,
    progress: Callable[[int], None] | None = None,
) -> list[Row]:
    """Play every game not yet in ``checkpoint``; the figures of each combination."""
    pending = [
        (c, index)
        for c, combination in enumerate(plan)
        for index in range(combination.config.games)
        if (c, index) not in checkpoint.done
    ]
    done = len(checkpoint.done)
    if progress:
        progress(done)
    try:
        for position, result in play_jobs([(plan[c].config, index) for c, index in pending], engine):
            checkpoint.add(pending[position][0], result)
            done += 1
            if progress:
                progress(done)
    finally:
        checkpoint.save()
    return [
        row(combination, [checkpoint.done[(c, i)] for i in range(combination.config.games)])
        for c, combination in enumerate(plan)
    ]


def row(combination: Combination, results: list[GameResult]) -> Row:
    """One combination's figures from its games (in index order)."""
    summary = summarise(combination.config, results, 0.0)
    players = combination.config.players
    fair = fair_share(players)
    rates = summary["win_rate_by_seat"]
    # favoured first: of two seats as far from fairness (to the rounding of the rates), the one ahead
    seat = max(rates, key=lambda s: (round(abs(rates[s]["win_rate"] - fair), 4), rates[s]["win_rate"]))
    low, high = rates[seat]["ci95"]
    return {
        "combination": combination.label,
        "games": len(results),
        "players": players,
        "map": combination.map,
        "variant": combination.variant,
        "seat": seat,
        "advantage": round(rates[seat]["win_rate"] - fair, 4),
        "ci95": (round(low - fair, 4), round(high - fair, 4)),
        "significant": bool(unfair_seats(rates, players)),
        "smallest_flagged": smallest_flagged(players, len(results)),
        "game_length": summary["game_length"]["mean"],
        "score_spread": round(statistics.fmean(max(r.scores) - min(r.scores) for r in results), 2),
        "cut_short": summary["cut_short"],
        "cut_short_marked": mostly_cut_short(summary["cut_short"], len(results)),
        "measures": summary["measures"],
    }
