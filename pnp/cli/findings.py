"""How ``map check`` and ``variant check`` print what they found: one line each (or JSON), then the verdict."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from pnp.cli.output import emit_json, report, say
from pnp.games.spec import Finding

MAX_FINDINGS = 50  # findings printed; the rest are counted


def show_findings(file: Path, game: str | None, findings: Sequence[Finding], as_json: bool, valid: str) -> None:
    """Print ``findings`` about ``file`` (errors on stderr, warnings and notes on stdout), then, when none is an error,
    ``valid`` ("a valid Air King map") with the count of warnings; exit 1 when one is an error."""
    errors = [f for f in findings if f.level == "error"]
    shown, more = findings[:MAX_FINDINGS], max(0, len(findings) - MAX_FINDINGS)
    if as_json:
        emit_json(
            {
                "file": str(file),
                "game": game,
                "ok": not errors,
                "findings": [{"level": f.level, "where": f.where, "message": f.message} for f in shown],
                "more": more,
            }
        )
    else:
        for finding in shown:
            (report if finding.level == "error" else say)(str(finding))
        if more:
            (report if errors else say)(f"... and {more} more")
        if not errors:
            warnings = sum(finding.level == "warning" for finding in findings)
            say(f"{file}: {valid} ({warnings} warning{'' if warnings == 1 else 's'})")
    if errors:
        raise typer.Exit(1)
