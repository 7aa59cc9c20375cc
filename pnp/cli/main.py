"""The ``pnp`` command. Errors of the project's type become one line on stderr and exit code 1."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from functools import cache
from typing import Annotated

import click
import typer

from pnp.cli import build, export, maps, preflight, ref, sim, table, variant
from pnp.cli.output import emit_json, fail, internal_error, say
from pnp.cli.shared import JsonOpt
from pnp.errors import PnpError

app = typer.Typer(
    help=(
        "pnp turns board games into print-and-play kits and referees the games played with them.\n\n"
        "Examples:\n\n"
        "  pnp games\n\n"
        "  pnp build all --paper letter\n\n"
        "  pnp ref new aloft game.pnp --players ann,bob\n\n"
        "  pnp table --lan\n\n"
        "  pnp map check my-map.yaml\n\n"
        "  pnp variant check my-variant.yaml\n\n"
        "  pnp sim aloft --games 500 --bots greedy,random"
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
# A command or group of these named first runs on its own (``_built``), so typer reads the signatures of only
# its own commands (all of them took 30 ms): this keeps `pnp ref play`, run once per move at the table, and
# `pnp build` quick.
_ALONE: dict[str, Callable[..., None]] = {
    "build": build.build,
    "export": export.export,
    "preflight": preflight.preflight,
}
_GROUPS = {"ref": ref.app, "map": maps.app, "variant": variant.app}
for _name, _command in _ALONE.items():
    app.command(name=_name)(_command)
for _name, _group in {**_GROUPS, "sim": sim.app, "table": table.app}.items():
    app.add_typer(_group, name=_name)


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import version

        say(f"pnp {version('pnp')}")
        raise typer.Exit()


@app.callback()
def _options(
    _version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print pnp's version and exit."),
    ] = False,
) -> None:
    """The options of 'pnp' itself, before any command."""


@app.command()
def games(as_json: JsonOpt = False) -> None:
    """List the games pnp knows.  Example: pnp games --json"""
    from pnp.games import REGISTRY

    listed = [(spec, spec.rules()) for spec in REGISTRY.values()]
    if as_json:
        emit_json(
            [
                {
                    "name": spec.name,
                    "title": spec.title,
                    "summary": spec.summary,
                    "players": [rules.min_players, rules.max_players],
                    "map": spec.maps is not None,
                    "options": [o.key for o in rules.options],
                }
                for spec, rules in listed
            ]
        )
        return
    for spec, rules in listed:
        low, high = rules.min_players, rules.max_players
        players = f"{low} players" if low == high else f"{low}-{high} players"
        say(f"{spec.name:<20} {spec.title} ({players}): {spec.summary}")


@cache
def _built(name: str) -> tuple[click.Command, bool, str]:
    """The click command that runs ``pnp NAME ...`` (NAME one of ``_GROUPS`` or ``_ALONE``; "" for the whole
    app), whether it is given the arguments after NAME, and the name it goes by. Built once per process: a
    process runs one command, but the tests run many in theirs."""
    runner = _GROUPS.get(name, app)
    if name in _ALONE:
        runner = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        runner.command(name=name)(_ALONE[name])
    command = typer.main.get_command(runner)
    _one_suggestion(command)
    return command, bool(name), f"pnp {name}" if name else "pnp"


def main() -> None:
    """Entry point: run the app; every error becomes one line on stderr and exit 1 (130 when interrupted)."""
    gc.freeze()  # what the imports made lives as long as the process: the cycle collector need not walk it again
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    command, alone, prog = _built(name if name in _GROUPS or name in _ALONE else "")
    args = sys.argv[2:] if alone else None
    try:
        code = command.main(args=args, prog_name=prog, standalone_mode=False)  # returns a typer.Exit's code
    except PnpError as exc:
        fail(str(exc))
        sys.exit(1)
    except click.exceptions.NoArgsIsHelpError as exc:  # a bare 'pnp' or 'pnp ref': the help is the answer
        say(exc.format_message())
        code = 0
    except KeyboardInterrupt:  # one inside a command reaches here as typer's exit code 130
        code = 130
    except click.UsageError as exc:
        fail(_usage(exc))
        sys.exit(1)
    except click.ClickException as exc:
        fail(" ".join(exc.format_message().split()))
        sys.exit(1)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        fail("aborted")
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - the promise: no traceback, whatever the input
        internal_error(exc)
        sys.exit(1)
    if code == 130:  # Ctrl-C, or SIGTERM while a file is written
        fail("interrupted")
    if isinstance(code, int) and code:
        sys.exit(code)


def _one_suggestion(command: click.Command) -> None:
    """Where click suggests a mistyped command itself (8.4 on), stop typer adding a second "did you mean"."""
    if isinstance(command, click.Group) and hasattr(click.exceptions, "NoSuchCommand"):
        if isinstance(command, typer.core.TyperGroup):
            command.suggest_commands = False
        for sub in command.commands.values():
            _one_suggestion(sub)


def _usage(exc: click.UsageError) -> str:
    """A usage error as one line: what is wrong, the closest names (if any), and where to read more."""
    close: list[str] = getattr(exc, "possibilities", None) or []  # set by click's NoSuchOption and NoSuchCommand
    message = " ".join((exc.message if close else exc.format_message()).split()).rstrip(".")
    if close:
        message += f"; did you mean {' or '.join(repr(name) for name in close)}?"
    where = exc.ctx.command_path if exc.ctx else "pnp"
    return f"{message[:1].lower()}{message[1:]} (see '{where} --help')"
