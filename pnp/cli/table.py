"""``pnp table``: a whole game night from one server (a lobby on the shared screen), and the night's results.

``pnp table [FOLDER]`` runs the night; ``pnp table results FOLDER`` reads its results from the records.
The web stack is imported inside the command that serves, so ``results`` starts as fast as ``pnp ref``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pnp.cli.output import emit_json, say
from pnp.cli.serve import HostOpt, LanOpt, PortOpt, listen_on
from pnp.cli.shared import JsonOpt, group_by_default
from pnp.errors import PnpError

OPEN = "open"


app = typer.Typer(
    cls=group_by_default(OPEN, when_bare=True),  # pnp table [FOLDER]: the night's server
    help=(
        "A game night: one server, a lobby on the shared screen, phones join by QR code.\n\n"
        "Example: pnp table tonight/ --lan --lang fr (short for pnp table open tonight/ --lan --lang fr)  then, "
        "at the end,  pnp table results tonight/"
    ),
    add_completion=False,
)

LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="The lobby's language, a translation shipped with pnp (e.g. fr; default English); each game's "
        "Language offers it first.",
    ),
]
FolderArg = Annotated[
    Path, typer.Argument(help="The folder of the night's records (default: this one).", show_default=False)
]


@app.command(name=OPEN)
def open_night(
    folder: FolderArg = Path("."),
    host: HostOpt = None,
    port: PortOpt = 8765,
    lan: LanOpt = False,
    language: LangOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the night's server until Ctrl-C: open the address it prints on the shared screen.

    Examples: pnp table open tonight/ --lan  |  pnp table --lan (open, in this folder)  |  pnp table --lang fr
    """
    from pnp.texts import check_shipped

    address = listen_on(host, lan)
    if not folder.is_dir():
        raise PnpError(f"{folder}: no such folder (make it first, or run 'pnp table' inside it)")
    if language is not None:
        check_shipped(language)
    from pnp.table.server import serve_night

    serve_night(folder, address, port, as_json, language)


@app.command()
def results(folder: FolderArg = Path("."), as_json: JsonOpt = False) -> None:
    """The night's games (players, winners, scores, minutes) and each player's wins, read from the records.

    Example: pnp table results tonight/
    """
    from pnp.referee import night

    found = night.results(folder)
    if as_json:
        emit_json(found.to_json())
        return
    if not found.played:
        say(f"no games in {folder} yet")
    for game in found.played:
        say(_line(game.to_json()))
    for problem in found.unreadable:
        say(f"cannot read {problem}")
    if any(game.final for game in found.played):
        say("wins: " + ", ".join(f"{player} {wins}" for player, wins in found.wins.items()))


def _line(game: dict[str, Any]) -> str:
    """One game: when it started (as a night names it), its title, its outcome or how far it went (and whether the lobby
    set it aside), the scores."""
    started = f"{game['started'][11:16]} " if game["started"] else ""
    scores = ", ".join(f"{name} {score}" for name, score in game["scores"].items())
    if game["final"]:
        outcome = f"won by {' and '.join(game['winners'])}"
    else:
        moves = game["moves"]
        after = f"after {moves} move{'s' if moves > 1 else ''}"
        if game["set_aside"]:
            outcome = f"set aside {after}" if moves else "set aside before its first move"
        else:
            outcome = f"still playing {after}" if moves else "no moves yet"
    minutes = f", {game['minutes']} min" if game["minutes"] is not None else ""
    return f"{started}{game['title']}: {outcome} ({scores}{minutes})"
