"""The ``pnp`` command. Errors of the project's type become one line on stderr and exit code 1."""

from __future__ import annotations

import os
import sys
from typing import Annotated

import click
import typer

from pnp.cli import build, maps, ref, sim
from pnp.cli.output import emit_json, fail, say
from pnp.errors import PnpError

app = typer.Typer(
    help=(
        "pnp turns board games into print-and-play kits and referees the games played with them.\n\n"
        "Examples:\n\n"
        "  pnp games\n\n"
        "  pnp build all --paper letter\n\n"
        "  pnp ref new aloft game.pnp --players ann,bob\n\n"
        "  pnp map check my-map.yaml\n\n"
        "  pnp sim aloft --games 500 --bots greedy,random"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.command(name="build")(build.build)
app.command(name="sim")(sim.sim)
app.add_typer(ref.app, name="ref")
app.add_typer(maps.app, name="map")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False) -> None:
    """List the games pnp knows.  Example: pnp games --json"""
    from pnp.games import REGISTRY

    rows = []
    for spec in REGISTRY.values():
        rules = spec.rules()
        rows.append(
            {
                "name": spec.name,
                "title": spec.title,
                "players": [rules.min_players, rules.max_players],
                "map": spec.maps is not None,
                "options": [o.key for o in rules.options],
            }
        )
    if as_json:
        emit_json(rows)
        return
    for row in rows:
        low, high = row["players"]
        players = f"{low} players" if low == high else f"{low}-{high} players"
        say(f"{row['name']:<20} {row['title']} ({players})")


# A group named first runs on its own, so typer builds only that group's commands: this keeps
# `pnp ref play`, run once per move at the table, quick.
_GROUPS = {"ref": ref.app, "map": maps.app}


def main() -> None:
    """Entry point: run the app, turning PnpError (and anything unexpected) into one line and exit 1."""
    group = sys.argv[1] if len(sys.argv) > 1 else ""
    runner, args, prog = (_GROUPS[group], sys.argv[2:], f"pnp {group}") if group in _GROUPS else (app, None, "pnp")
    try:
        code = runner(args=args, prog_name=prog, standalone_mode=False)  # returns a typer.Exit's code
    except PnpError as exc:
        fail(str(exc))
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        fail("aborted")
        sys.exit(1)
    except KeyboardInterrupt:
        fail("interrupted")
        sys.exit(130)
    except Exception as exc:  # the promise: no traceback, whatever the input
        if os.environ.get("PNP_DEBUG"):
            raise
        fail(f"internal error ({exc.__class__.__name__}: {exc}); please report it, or rerun with PNP_DEBUG=1")
        sys.exit(1)
    if isinstance(code, int) and code:
        sys.exit(code)
