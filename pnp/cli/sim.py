"""``pnp sim``: play many bot games and report who is favoured; ``pnp sim sweep`` over many settings or maps."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pnp.cli.output import emit_json, say
from pnp.cli.progress import progress_bar
from pnp.cli.shared import group_by_default
from pnp.errors import PnpError

if TYPE_CHECKING:
    from pnp.games.spec import GameSpec
    from pnp.sim.engines import Engine


app = typer.Typer(
    cls=group_by_default("run", when_bare=False),  # pnp sim GAME: a run
    help=(
        "Bot games by the thousand: who is favoured, by seat and by bot.\n\n"
        "Examples:\n\n"
        "  pnp sim aloft --games 500 --bots greedy,random   (the same as 'pnp sim run aloft ...')\n\n"
        "  pnp sim sweep aeronaut-odyssey --maps 200 --size small"
    ),
    no_args_is_help=True,
    add_completion=False,
)

EngineKind = Annotated[str, typer.Option("--engine", help="Where games run: local, or dask (the cluster extra).")]
Workers = Annotated[int, typer.Option(help="Worker processes (local), or local cluster workers (dask).")]
Scheduler = Annotated[str | None, typer.Option(help="A Dask scheduler, tcp://HOST:PORT (default: a local cluster).")]
GameName = Annotated[str, typer.Argument(help="A game name from 'pnp games'.")]
Seed = Annotated[int, typer.Option(help="Seed: the same seed gives the same figures.")]
HtmlFile = Annotated[Path | None, typer.Option("--html", help="Also write an HTML report with plots.")]
VariantFile = Annotated[
    Path | None, typer.Option("--variant", help="A variant file: its data is played (see 'pnp variant check').")
]
# Decision: both commands play the greedy bot unless told otherwise. A seat advantage is a question about
# sensible play: random moves hide an edge only a player who pursues it gets (and show edges no player would
# take). It costs more (40 games, CPU seconds with start-up, random then greedy: Aloft 0.3 / 0.7, Hauling
# Astronauts 0.3 / 0.5, Aeronaut Odyssey 0.6 / 0.7, Take Off! 0.4 / 0.4, Air King 0.6 / 2.7), which --bots
# random saves for a quick look.
DEFAULT_BOTS = "greedy"
BotList = Annotated[
    str,
    typer.Option(
        help="Bots (random, greedy, ismcts), comma-separated, rotated over the seats game by game; "
        "greedy takes the best move in sight."
    ),
]


def _game(
    game: str, map_file: Path | None, outputs: tuple[Path | None, ...], variant_file: Path | None = None
) -> GameSpec:
    """The game asked for, once its map and variant pass their checks and the output files' folders exist."""
    from pnp import games
    from pnp.sim.inputs import check_map_file, check_variant_file

    spec = games.get(game)
    if map_file is not None:
        check_map_file(spec.name, map_file)
    if variant_file is not None:
        check_variant_file(spec.name, variant_file)
    for path in outputs:
        if path is not None and not path.parent.is_dir():
            raise PnpError(f"{path}: its folder does not exist")
    return spec


def _bots(listed: str) -> tuple[str, ...]:
    named = tuple(b.strip() for b in listed.split(","))
    if not all(named):  # '--bots ""' or 'greedy,,random': a slip, not a wish for the default
        raise PnpError(f"--bots {listed!r}: name each bot, comma-separated (random, greedy, ismcts)")
    return named


def _engine(kind: str, workers: int, scheduler: str | None) -> Engine:
    from pnp.sim.engines import ENGINES, Engine

    if kind not in ENGINES:
        raise PnpError(f"unknown engine {kind!r} (engines: {', '.join(ENGINES)})")
    engine = Engine("dask" if kind == "dask" else "local", workers, scheduler)  # the Literal type, checked above
    engine.check()
    return engine


@app.command(name="run")
def sim(
    game: GameName,
    games_count: Annotated[int, typer.Option("--games", help="How many games to play.")] = 200,
    players: Annotated[int, typer.Option(help="Players per game.")] = 2,
    bots: BotList = DEFAULT_BOTS,
    map_file: Annotated[Path | None, typer.Option("--map", help="A custom map.")] = None,
    variant_file: VariantFile = None,
    option: Annotated[list[str] | None, typer.Option(help="A game option KEY=VALUE; repeatable.")] = None,
    seed: Seed = 0,
    workers: Workers = 1,
    engine: EngineKind = "local",
    scheduler: Scheduler = None,
    html_file: HtmlFile = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Simulate games between bots: win rates by seat and by bot with 95 % intervals, scores, lengths, measures.

    A seat is flagged (!) when its 95 % interval for its win rate excludes a fair share.

    Measures: balance (1 minus the largest gap between seats' win rates), decisiveness (share of a game played
    after its winner took the lead for good), lead changes a game, and the lengths' quartiles.

    Every report names its inputs: the game, the map file and its digest, the bots, the seed, pnp's version.

    Example: pnp sim aloft --games 500 --players 3 --bots greedy,random --workers 2 --html report.html
    """
    from pnp.files import write_atomic
    from pnp.referee.options import parse_options
    from pnp.sim import SimConfig, run, summarise
    from pnp.sim.chance import SMALL
    from pnp.sim.fairness import MARK, bound_text, fair_share, legend, sample_text, smallest_flagged, unfair_seats
    from pnp.sim.inputs import run_inputs
    from pnp.sim.report import cut_short_text, measures_text, render_html, run_inputs_text

    spec = _game(game, map_file, (html_file,), variant_file)
    config = SimConfig(
        game=spec.name,
        games=games_count,
        players=players,
        bots=_bots(bots),
        options=parse_options(spec.rules(), option or []),
        map_path=map_file,
        seed=seed,
        variant_path=variant_file,
    )
    inputs = run_inputs(config)
    where = _engine(engine, workers, scheduler)
    with progress_bar("simulating", games_count, quiet=as_json) as bar:
        results, seconds = run(config, where, bar.show)
    summary = summarise(config, results, seconds)
    flagged = unfair_seats(summary["win_rate_by_seat"], players)
    if html_file:
        write_atomic(html_file, render_html(summary, results, inputs, flagged))
    if as_json:
        least = smallest_flagged(players, len(results))
        emit_json({**summary, "inputs": inputs, "flagged_seats": flagged, "smallest_flagged": least})
        return
    games = f"{len(results)} game{'' if len(results) == 1 else 's'}"
    say(f"{spec.title}: {games}, {players} players, {summary['moves_applied']} moves in {seconds:.1f} s")
    say(run_inputs_text(inputs))
    by_bot = summary["win_rate_by_bot"]
    shown = [("by seat", summary["win_rate_by_seat"])] + ([("by bot", by_bot)] if len(by_bot) > 1 else [])
    for title, rates in shown:  # one kind of bot in every seat wins its fair share by definition: not shown
        # a bot plays some seats of each game: its rate is over the seats it played, against a seat's fair share
        by_seat = title == "by seat"
        fair = fair_share(players)
        say(f"win rate {title}:" if by_seat else f"win rate {title}, of the seats it played ({fair:.1%} is fair):")
        for name, data in rates.items():
            low, high = (bound_text(bound, fair) for bound in data["ci95"])
            mark = f"  {MARK}" if name in flagged and by_seat else ""
            count = f"{data['games']} {'games' if by_seat else 'seats'}"
            say(f"  {name:<10} {data['win_rate']:6.1%}  (95 % interval {low} to {high}, {count}){mark}")
    say(legend(len(flagged), players, "seats"))
    if sample := sample_text(players, len(results)):
        say(sample)
    say("scores by seat: " + "; ".join(f"{k} mean {v['mean']}" for k, v in summary["scores_by_seat"].items()))
    length = summary["game_length"]
    say(f"game length: mean {length['mean']} moves (min {length['min']}, max {length['max']})")
    if summary["cut_short"]:
        say(cut_short_text(summary["cut_short"], len(results)))
    for line in measures_text(summary["measures"]):
        say(line)
    if summary["most_used"]:
        say("most used: " + ", ".join(f"{k} {n}" for k, n in summary["most_used"]))
        say("least used: " + ", ".join(f"{k} {n}" for k, n in summary["least_used"]))
    elif summary["usage_note"]:
        say(f"use of the map: {summary['usage_note']}")
    chance = summary["chance"]
    if chance is not None:
        fit = chance["fit"]
        verdict = "as the odds say" if fit["p_value"] >= 0.001 else "NOT as the odds say: a game's chance() is off"
        rare = f"; {fit['pooled']} rare outcomes, each expected under {SMALL:g} times, counted as one"
        rare *= fit["pooled"] > 1
        say(
            f"chance: {len(chance['outcomes'])} outcomes drawn {verdict} "
            f"(chi-square {fit['statistic']}, {fit['df']} df, p = {fit['p_value']}{rare})"
        )
    if html_file:
        say(f"wrote {html_file}")


@app.command()
def sweep(
    game: GameName,
    over: Annotated[
        list[str] | None,
        typer.Option(help="KEY=V1,V2,...: a game option, players, map or variant (files), and its values; repeatable."),
    ] = None,
    maps: Annotated[int | None, typer.Option(help="Also over this many maps generated from seeds --seed on.")] = None,
    size: Annotated[str | None, typer.Option(help="The generated maps' size (see 'pnp map new --help').")] = None,
    games_count: Annotated[int, typer.Option("--games", help="Games per combination.")] = 200,
    players: Annotated[int, typer.Option(help="Players per game (unless swept over).")] = 2,
    bots: BotList = DEFAULT_BOTS,
    map_file: Annotated[Path | None, typer.Option("--map", help="A custom map for every combination.")] = None,
    variant_file: VariantFile = None,
    option: Annotated[list[str] | None, typer.Option(help="A fixed game option KEY=VALUE; repeatable.")] = None,
    seed: Seed = 0,
    checkpoint: Annotated[
        Path | None,
        typer.Option(
            help="Keep finished games in this file; run again to resume where it stopped, or to grow it (--games)."
        ),
    ] = None,
    workers: Workers = 1,
    engine: EngineKind = "local",
    scheduler: Scheduler = None,
    html_file: HtmlFile = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rows as JSON.")] = False,
) -> None:
    """Simulate every combination of settings (or many generated maps): seat advantage, length, score spread,
    and the measures of 'pnp sim run' (balance, decisiveness, lead changes, turns: median and quartiles).

    A row is flagged (!) when some seat's 95 % interval for its win rate excludes a fair share, and marked (cut) when
    more than a tenth of its games ended at a round limit (its win rates then measure the limit's tiebreak).

    Map or variant files compare side by side with --over map=a.yaml,b.yaml (or variant=...), each checked
    before any game is played.

    Example: pnp sim sweep aeronaut-odyssey --maps 200 --size small --games 100 --checkpoint sweep.json
    """
    from pnp.files import write_atomic
    from pnp.sim import SimConfig
    from pnp.sim.checkpoint import Checkpoint
    from pnp.sim.fairness import CUT_MARK, MARK, legend
    from pnp.sim.inputs import shared_inputs
    from pnp.sim.report import cut_short_rows_text, inputs_text, quartiles_text, render_sweep_html, sample_rows_text
    from pnp.sim.sweep import combinations, parse_over, run_sweep

    spec = _game(game, map_file, (html_file, checkpoint), variant_file)
    base = SimConfig(
        game=spec.name,
        games=games_count,
        players=players,
        bots=_bots(bots),
        map_path=map_file,
        seed=seed,
        variant_path=variant_file,
    )
    inputs = shared_inputs(base)
    plan = combinations(base, parse_over(over or []), maps, size, option or [])
    where = _engine(engine, workers, scheduler)
    kept = Checkpoint(checkpoint, plan)
    total = sum(c.config.games for c in plan)
    with progress_bar(f"sweeping {len(plan)} combinations", total, quiet=as_json) as bar:
        rows = run_sweep(plan, where, kept, bar.show)
    if html_file:
        write_atomic(html_file, render_sweep_html(spec.title, rows, inputs))
    if as_json:
        emit_json({"inputs": inputs, "rows": rows})
        return
    width = max(len("combination"), *(len(r["combination"]) for r in rows))
    say(
        f"{'combination':<{width}}  {'seat':<7} {'advantage (95 % interval)':<28} {'length':>7} {'spread':>7}"
        f"  balance  decisive  leads  turns (quartiles)"
    )
    for r in rows:
        low, high = r["ci95"]
        marks = [MARK] * r["significant"] + [CUT_MARK] * r["cut_short_marked"]
        flag = f"  {' '.join(marks)}" if marks else ""
        m = r["measures"]
        quartiles = quartiles_text(m["turns"])
        say(
            f"{r['combination']:<{width}}  {r['seat']:<7} {r['advantage']:+7.1%} ({low:+.1%} to {high:+.1%})"
            f"{'':<4} {r['game_length']:7.1f} {r['score_spread']:7.1f}  {m['balance']:7.2f}  {m['decisiveness']:8.2f}"
            f"  {m['lead_changes']:5.2f}  {quartiles:<17}{flag}".rstrip()
        )
    say(legend(sum(r["significant"] for r in rows), len(rows), "combinations"))
    for line in [sample_rows_text(rows), *cut_short_rows_text(rows)]:
        if line:
            say(line)
    say(inputs_text(inputs, [r["map"] for r in rows], [r["variant"] for r in rows]))
    if html_file:
        say(f"wrote {html_file}")
