"""``pnp preflight``: check PDFs against a print shop's file rules, one line per problem."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from pnp.cli.output import emit_json, say
from pnp.errors import PnpError


class Shop(str, Enum):
    tgc = "tgc"
    drivethru = "drivethru"
    generic = "generic"


PressOpt = Annotated[
    Shop | None,
    typer.Option(
        "--press",
        help="A print shop's rules: tgc (The Game Crafter), drivethru (DriveThruCards) or generic (3 mm bleed).",
        case_sensitive=False,
    ),
]


def preflight(
    files: Annotated[list[Path], typer.Argument(help="PDF files to check.")],
    press: PressOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON report instead of lines.")] = False,
) -> None:
    """Check PDFs for printing: bleed, safe zone, text size, image resolution, embedded fonts, ink.

    Each problem is one line, and the exit code is 1 when there is any. See docs/printing.md, "Print shops".

    Examples: pnp preflight output/aloft/cards.pdf  |  pnp preflight output/aloft/press-drivethru/*.pdf --press drivethru
    """
    from pnp.printing.preflight import HOME, PRESSES
    from pnp.printing.preflight import preflight as check

    rules = HOME if press is None else PRESSES[press.value]
    found = {path: check(path, rules) for path in files}
    problems = sum(map(len, found.values()))
    if as_json:
        emit_json({"press": rules.name, "files": [{"path": str(p), "problems": v} for p, v in found.items()]})
    else:
        for path, lines in found.items():
            for line in lines:
                say(f"{path}: {line}")
    checked = f"{len(found)} file{'s' * (len(found) != 1)}"
    if problems:
        bad = sum(1 for lines in found.values() if lines)
        raise PnpError(f"{problems} problem{'s' * (problems != 1)} in {bad} of {checked} for {rules.name}")
    if not as_json:
        say(f"{checked} checked for {rules.name}: no problems.")
