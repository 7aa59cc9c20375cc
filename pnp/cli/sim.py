"""``pnp sim``: play many bot games and report who is favoured."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.output import emit_json, say
from pnp.errors import PnpError


def sim(
    game: Annotated[str, typer.Argument(help="A game name from 'pnp games'.")],
    games_count: Annotated[int, typer.Option("--games", help="How many games to play.")] = 200,
    players: Annotated[int, typer.Option(help="Players per game.")] = 2,
    bots: Annotated[str, typer.Option(help="Bots, comma-separated, rotated over the seats game by game.")] = "random",
    map_file: Annotated[Path | None, typer.Option("--map", help="A custom map.")] = None,
    option: Annotated[list[str] | None, typer.Option(help="A game option KEY=VALUE; repeatable.")] = None,
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same figures.")] = 0,
    workers: Annotated[int, typer.Option(help="Worker processes (local), or local cluster workers (dask).")] = 1,
    engine: Annotated[str, typer.Option(help="Where games run: local, or dask (the cluster extra).")] = "local",
    scheduler: Annotated[
        str | None, typer.Option(help="A Dask scheduler, tcp://HOST:PORT (default: a local cluster).")
    ] = None,
    html_file: Annotated[Path | None, typer.Option("--html", help="Also write an HTML report with plots.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Simulate games between bots: win rates by seat and by bot with 95 % intervals, scores, lengths.

    Example: pnp sim aloft --games 500 --players 3 --bots greedy,random --workers 2 --html report.html
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from pnp import games
    from pnp.files import write_atomic
    from pnp.referee.session import parse_options
    from pnp.sim import SimConfig, run, summarise
    from pnp.sim.engines import Engine
    from pnp.sim.report import render_html

    spec = games.get(game)
    if map_file is not None:
        games.map_file_for(spec, map_file)
    if html_file is not None and not html_file.parent.is_dir():
        raise PnpError(f"{html_file}: its folder does not exist")
    config = SimConfig(
        game=spec.name,
        games=games_count,
        players=players,
        bots=tuple(b.strip() for b in bots.split(",") if b.strip()) or ("random",),
        options=parse_options(spec.rules(), option or []),
        map_path=map_file,
        seed=seed,
    )
    where = Engine(engine, workers, scheduler)  # type: ignore[arg-type]  # Engine.check names a wrong kind
    with Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), transient=True, console=Console(stderr=True)
    ) as progress:
        task = progress.add_task("games", total=games_count)
        results, seconds = run(config, where, lambda done: progress.update(task, completed=done))
    summary = summarise(config, results, seconds)
    if html_file:
        write_atomic(html_file, render_html(summary, results))
    if as_json:
        emit_json(summary)
        return
    say(f"{spec.title}: {len(results)} games, {players} players, {summary['moves_applied']} moves in {seconds:.1f} s")
    for title, rates in (("by seat", summary["win_rate_by_seat"]), ("by bot", summary["win_rate_by_bot"])):
        say(f"win rate {title}:")
        for name, data in rates.items():
            low, high = data["ci95"]
            say(f"  {name:<10} {data['win_rate']:6.1%}  (95 % interval {low:.1%} to {high:.1%}, {data['games']} games)")
    say("scores by seat: " + "; ".join(f"{k} mean {v['mean']}" for k, v in summary["scores_by_seat"].items()))
    length = summary["game_length"]
    say(f"game length: mean {length['mean']} moves (min {length['min']}, max {length['max']})")
    if summary["most_used"]:
        say("most used: " + ", ".join(f"{k} {n}" for k, n in summary["most_used"]))
        say("least used: " + ", ".join(f"{k} {n}" for k, n in summary["least_used"]))
    chance = summary["chance"]
    if chance is not None:
        fit = chance["fit"]
        verdict = "as the odds say" if fit["p_value"] >= 0.001 else "NOT as the odds say: a game's chance() is off"
        say(
            f"chance: {len(chance['outcomes'])} outcomes drawn {verdict} "
            f"(chi-square {fit['statistic']}, {fit['df']} df, p = {fit['p_value']})"
        )
    if html_file:
        say(f"wrote {html_file}")
