"""A small HTML report of a simulation: win rates with their intervals, score and length histograms."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from pnp.sim import GameResult, Rate, Summary

BAR = "#3f78b5"


def _win_chart(title: str, rates: Mapping[str, Rate]) -> str:
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
        parts.append(f'<text x="0" y="{y + 15}">{html.escape(name)}</text>')
        parts.append(f'<rect x="90" y="{y + 3}" width="{rate * scale:.1f}" height="16" fill="{BAR}"/>')
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


def render_html(summary: Summary, results: Sequence[GameResult]) -> str:
    """The report as one self-contained HTML page."""
    charts = [
        _win_chart("Win rate by seat (bars) with 95 % interval (lines)", summary["win_rate_by_seat"]),
        _win_chart("Win rate by bot", summary["win_rate_by_bot"]),
        _histogram("Scores (all seats)", [s for r in results for s in r.scores]),
        _histogram("Game length (moves)", [r.moves for r in results]),
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
        + "".join(f"<p>{chart}</p>" for chart in charts)
        + "<table><tr><th>seat</th><th>mean</th><th>sd</th><th>min</th><th>median</th><th>max</th></tr>"
        + rows
        + "</table></body></html>"
    )
