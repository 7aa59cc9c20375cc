"""Reports: a run's inputs and measures in words, and HTML pages (a run's win rates with intervals, histograms and
measures, a sweep's seat advantages and measures), each naming what it ran on."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from pnp.referee.options import format_options
from pnp.sim import GameResult, Rate, Summary
from pnp.sim.fairness import CUT_MARK, CUT_SHORT_SHARE, legend, mostly_cut_short, sample_text, unfair
from pnp.sim.inputs import Inputs, MapInput, RunInputs, map_text
from pnp.sim.measures import Measures, Spread
from pnp.sim.sweep import Row

BAR = "#3f78b5"
FLAG = "#c0392b"


def inputs_text(inputs: Inputs, maps: Sequence[MapInput | None] = (), variants: Sequence[MapInput | None] = ()) -> str:
    """What a report ran on, in one line: the game, its maps and variants with their digests, bots, seed and
    pnp's version."""
    shown = list(dict.fromkeys(map_text(m) for m in maps))  # each map once, in order
    where = f", {'map' if len(shown) == 1 else 'maps'} {', '.join(shown)}" if shown else ""
    played = list(dict.fromkeys(map_text(v) for v in variants if v is not None))
    where += f", {'variant' if len(played) == 1 else 'variants'} {', '.join(played)}" if played else ""
    bots = ", ".join(inputs["bots"])
    options = format_options(inputs["options"]).replace(";", ", ")
    where += f", options {options}" if options else ""
    return f"inputs: {inputs['game']}{where}, bots {bots}, seed {inputs['seed']}, pnp {inputs['pnp']}"


def run_inputs_text(inputs: RunInputs) -> str:
    """A run's inputs in one line (its players are in the line above it)."""
    return inputs_text(inputs, [inputs["map"]], [inputs["variant"]])


def cut_short_text(games: int, of: int) -> str:
    """How many games a limit set beside the rules ended, in words that say what it means for the figures."""
    said = (
        f"cut short: {games} of {of} games ended at the round limit, their winners ranked by its tiebreak, not by "
        "the game's own end"
    )
    if not mostly_cut_short(games, of):
        return said
    return f"{said}; that is more than {CUT_SHORT_SHARE:.0%} of them, so the win rates measure {TIEBREAK}"


def cut_short_rows_text(rows: Sequence[Row]) -> list[str]:
    """A sweep's games cut short, row by row, and how many rows are marked for it, saying what the mark means."""
    short = [f"{r['combination']} {r['cut_short']} of {r['games']}" for r in rows if r["cut_short"]]
    if not short:
        return []
    said = [f"cut short at the round limit, their winners ranked by its tiebreak: {', '.join(short)} games"]
    marked = sum(r["cut_short_marked"] for r in rows)
    if marked:
        said.append(
            f"{marked} of {len(rows)} combinations marked ({CUT_MARK}): more than {CUT_SHORT_SHARE:.0%} of their "
            f"games were cut short, so their win rates measure {TIEBREAK}"
        )
    return said


TIEBREAK = (
    "the limit's tiebreak as much as the game (where a higher limit leaves as many cut short, play is stuck: the "
    "rules allow a stalemate, or the bots cannot find their way out of one)"
)


def sample_rows_text(rows: Sequence[Row]) -> str | None:
    """What a sweep's rows are too small to flag, said for the row that can flag least (None: every row can flag an
    edge worth knowing of)."""
    worst = max(rows, key=lambda r: 1.0 if r["smallest_flagged"] is None else r["smallest_flagged"])
    return sample_text(worst["players"], worst["games"], " a row")


def spread_text(spread: Spread) -> str:
    """A length's spread in words: 'min 58, quartiles 66 / 70.5 / 72, max 78'."""
    return f"min {spread['min']}, quartiles {quartiles_text(spread)}, max {spread['max']}"


def quartiles_text(spread: Spread) -> str:
    """A spread's quartiles: '66 / 70.5 / 72'."""
    return f"{spread['q1']:g} / {spread['median']:g} / {spread['q3']:g}"


def measures_text(measures: Measures) -> list[str]:
    """A run's measures in three lines, saying what each means."""
    return [
        (
            f"balance {measures['balance']:.2f} (1: every seat wins as often), "
            f"lead changes {measures['lead_changes']:g} a game"
        ),
        (
            f"decisiveness {measures['decisiveness']:.2f}: "
            "the share of a game played after its winner took the lead for good"
        ),
        f"length in turns: {spread_text(measures['turns'])}; in moves: {spread_text(measures['inputs'])}",
    ]


def _win_chart(title: str, rates: Mapping[str, Rate], players: int | None = None) -> str:
    """Bars of win rates with their intervals; with ``players``, a seat whose interval excludes fairness in red."""
    width, row = 520, 26
    height = 30 + row * len(rates)
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img">',
        f'<text x="0" y="16" font-weight="bold">{html.escape(title)}</text>',
    ]
    for i, (name, data) in enumerate(rates.items()):
        y = 26 + i * row
        rate = data["win_rate"]
        low, high = data["ci95"]
        scale = width - 140
        flagged = players is not None and unfair(data, players)
        label = f"{name} !" if flagged else name
        parts.append(f'<text x="0" y="{y + 15}">{html.escape(label)}</text>')
        parts.append(
            f'<rect x="90" y="{y + 3}" width="{rate * scale:.1f}" height="16" fill="{FLAG if flagged else BAR}"/>'
        )
        parts.append(
            f'<line x1="{90 + low * scale:.1f}" x2="{90 + high * scale:.1f}" y1="{y + 11}" y2="{y + 11}" '
            'stroke="black" stroke-width="2"/>'
        )
        parts.append(f'<text x="{95 + high * scale:.1f}" y="{y + 15}">{rate:.1%}</text>')
    return "".join(parts) + "</svg>"


def _histogram(title: str, values: Sequence[int], bins: int = 20) -> str:
    width, height = 520, 180
    low, high = min(values), max(values)
    span = max(1, high - low)
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, (value - low) * bins // (span + 1))] += 1
    top = max(counts)
    bar = (width - 40) / bins
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img">',
        f'<text x="0" y="16" font-weight="bold">{html.escape(title)}</text>',
    ]
    for i, count in enumerate(counts):
        h = (height - 60) * count / top
        parts.append(
            f'<rect x="{20 + i * bar:.1f}" y="{height - 30 - h:.1f}" width="{bar - 2:.1f}" '
            f'height="{h:.1f}" fill="{BAR}"/>'
        )
    parts.append(f'<text x="20" y="{height - 10}">{low}</text>')
    parts.append(f'<text x="{width - 20}" y="{height - 10}" text-anchor="end">{high}</text>')
    return "".join(parts) + "</svg>"


def render_html(summary: Summary, results: Sequence[GameResult], inputs: RunInputs, flagged: Sequence[str]) -> str:
    """The report as one self-contained HTML page; the ``flagged`` seats are marked in red."""
    players, games, cut_short = summary["players"], summary["games"], summary["cut_short"]
    charts = [
        _win_chart("Win rate by seat (bars) with 95 % interval (lines)", summary["win_rate_by_seat"], players),
        *([_win_chart("Win rate by bot", summary["win_rate_by_bot"])] if len(summary["win_rate_by_bot"]) > 1 else []),
        _histogram("Scores (all seats)", [s for r in results for s in r.scores]),
        _histogram("Game length (moves)", [r.moves for r in results]),
        _histogram("Game length (turns)", [r.turns for r in results]),
    ]
    title = f"pnp sim: {summary['game']}, {summary['games']} games, {summary['players']} players"
    rows = "".join(
        f"<tr><td>{html.escape(k)}</td><td>{v['mean']}</td><td>{v['stdev']}</td><td>{v['min']}</td>"
        f"<td>{v['median']}</td><td>{v['max']}</td></tr>"
        for k, v in summary["scores_by_seat"].items()
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:560px;margin:2em auto}td,th{padding:2px 8px}</style>"
        f"</head><body><h1>{html.escape(title)}</h1>"
        f"<p>bots {html.escape(', '.join(summary['bots']))} (rotated over seats), seed {summary['seed']}, "
        f"{summary['moves_applied']} moves in {summary['seconds']} s</p>"
        f"<p>{html.escape(run_inputs_text(inputs))}</p>"
        f"<p>{html.escape(legend(len(flagged), players, 'seats'))} (in red)</p>"
        + _paragraphs([sample_text(players, games), cut_short_text(cut_short, games) if cut_short else None])
        + _measures_table(summary["measures"])
        + "".join(f"<p>{chart}</p>" for chart in charts)
        + "<table><tr><th>seat</th><th>mean</th><th>sd</th><th>min</th><th>median</th><th>max</th></tr>"
        + rows
        + "</table></body></html>"
    )


def _measures_table(measures: Measures) -> str:
    """The measures as a table: one line each, then the lengths' spreads."""
    said = "".join(f"<li>{html.escape(line)}</li>" for line in measures_text(measures))
    lengths = "".join(
        f"<tr><td>{unit}</td>" + "".join(f"<td>{value:g}</td>" for value in _five(spread)) + "</tr>"
        for unit, spread in (("turns", measures["turns"]), ("moves", measures["inputs"]))
    )
    return (
        f"<h2>Measures</h2><ul>{said}</ul>"
        "<table><tr><th>length in</th><th>min</th><th>q1</th><th>median</th><th>q3</th><th>max</th></tr>"
        f"{lengths}</table>"
    )


def _paragraphs(lines: Sequence[str | None]) -> str:
    """Each line given (None: none) as a paragraph of its own."""
    return "".join(f"<p>{html.escape(line)}</p>" for line in lines if line)


def _five(spread: Spread) -> tuple[float, ...]:
    """A spread's least, quartiles and most."""
    return spread["min"], spread["q1"], spread["median"], spread["q3"], spread["max"]


def _bars(spread: Spread) -> str:
    """A length histogram small enough for a table cell: its bins as bars of CSS."""
    top = max(spread["bins"])
    bars = "".join(f'<i style="height:{round(16 * count / top)}px"></i>' for count in spread["bins"])
    return f'<span class=bars title="turns {html.escape(spread_text(spread))}">{bars}</span>'


def _forest(rows: Sequence[Row]) -> str:
    """Each combination's seat advantage as a dot on its 95 % interval; flagged rows in red."""
    label_w, width, row_h = 260, 620, 16
    reach = max([0.05, *(max(abs(r["ci95"][0]), abs(r["ci95"][1])) for r in rows)])
    mid, half = label_w + (width - label_w - 20) / 2, (width - label_w - 20) / 2

    def x(value: float) -> float:
        return mid + value / reach * half

    height = 50 + row_h * len(rows)
    parts = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" font-size="11">',
        '<text x="0" y="14" font-weight="bold" font-size="13">Seat advantage with 95 % interval</text>',
        f'<line x1="{mid}" x2="{mid}" y1="24" y2="{height - 20}" stroke="#888"/>',
        f'<text x="{x(-reach):.1f}" y="{height - 6}">{-reach:+.0%}</text>',
        f'<text x="{mid}" y="{height - 6}" text-anchor="middle">fair</text>',
        f'<text x="{x(reach):.1f}" y="{height - 6}" text-anchor="end">{reach:+.0%}</text>',
    ]
    for i, r in enumerate(rows):
        y = 34 + i * row_h
        colour = FLAG if r["significant"] else BAR
        low, high = r["ci95"]
        parts.append(f'<text x="0" y="{y + 4}">{html.escape(r["combination"][:40])} ({r["seat"]})</text>')
        parts.append(
            f'<line x1="{x(low):.1f}" x2="{x(high):.1f}" y1="{y}" y2="{y}" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(f'<circle cx="{x(r["advantage"]):.1f}" cy="{y}" r="3.5" fill="{colour}"/>')
    return "".join(parts) + "</svg>"


def render_sweep_html(title: str, rows: Sequence[Row], inputs: Inputs) -> str:
    """A sweep's report as one self-contained HTML page: the advantage plot, two histograms and the table, whose
    rows end with their measures and a small histogram of their lengths in turns."""
    heading = f"pnp sim sweep: {title}, {len(rows)} combinations"
    flagged = sum(r["significant"] for r in rows)
    charts = [
        _forest(rows),
        _histogram("Mean game length (moves) over the combinations", [round(r["game_length"]) for r in rows]),
        _histogram("Mean score spread over the combinations", [round(r["score_spread"]) for r in rows]),
    ]
    cells = "".join(
        f"<tr{' class=flag' if r['significant'] else ''}><td>{html.escape(r['combination'])}</td>"
        f"<td>{r['games']}</td><td>{html.escape(r['seat'])}</td><td>{r['advantage']:+.1%}</td>"
        f"<td>{r['ci95'][0]:+.1%} to {r['ci95'][1]:+.1%}</td><td>{r['game_length']}</td>"
        f"<td>{r['score_spread']}</td><td>{r['measures']['balance']:.2f}</td>"
        f"<td>{r['measures']['decisiveness']:.2f}</td><td>{r['measures']['lead_changes']:g}</td>"
        f"<td>{quartiles_text(r['measures']['turns'])} {_bars(r['measures']['turns'])}</td>"
        f"<td>{r['cut_short']}{f' {CUT_MARK}' if r['cut_short_marked'] else ''}</td></tr>"
        for r in rows
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(heading)}</title>"
        "<style>body{font-family:sans-serif;max-width:860px;margin:2em auto}td,th{padding:2px 8px}"
        f".flag{{color:{FLAG};font-weight:bold}}"
        ".bars{display:inline-flex;align-items:flex-end;height:16px}"
        f".bars i{{width:4px;margin-right:1px;background:{BAR}}}"
        "</style>"
        f"</head><body><h1>{html.escape(heading)}</h1>"
        f"<p>{html.escape(legend(flagged, len(rows), 'combinations'))} (in red)</p>"
        + _paragraphs([sample_rows_text(rows), *cut_short_rows_text(rows)])
        + f"<p>{html.escape(inputs_text(inputs, [r['map'] for r in rows], [r['variant'] for r in rows]))}</p>"
        + "".join(f"<p>{chart}</p>" for chart in charts)
        + "<table><tr><th>combination</th><th>games</th><th>seat</th><th>advantage</th><th>95 % interval</th>"
        "<th>length</th><th>spread</th><th>balance</th><th>decisive</th><th>lead changes</th>"
        "<th>turns (quartiles)</th><th>cut short</th></tr>" + cells + "</table></body></html>"
    )
