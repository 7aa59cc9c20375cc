"""Custom columns for ``pnp map``: advice on one that loads, and a starting file."""

from __future__ import annotations

from example_game.model import Column, default_map_path
from pnp.games.spec import Finding, Findings
from pnp.loader import Loaded


def check(loaded: Loaded[Column]) -> list[Finding]:
    """Advice on a column that loads (loading has refused what cannot be played)."""
    column, findings = loaded.value, Findings(loaded.source)
    if max(column.die) >= column.top:
        findings.add("warning", "die", f"a roll of {max(column.die)} reaches the top ({column.top}) at once")
    return findings


def new(seed: int | None) -> str:
    """A starting column to edit: the built-in one (the seed changes nothing)."""
    return default_map_path().read_text()
