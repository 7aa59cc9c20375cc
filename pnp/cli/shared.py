"""What several commands share: the ``--json`` option, and a group that runs one command by default."""

from __future__ import annotations

from typing import Annotated

import click
import typer

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for programs.")]


def group_by_default(command: str, *, when_bare: bool) -> type[typer.core.TyperGroup]:
    """A command group whose first word, when it names none of its commands, starts ``command`` (``pnp sim GAME``
    is ``pnp sim run GAME``); with nothing after the group's name too when ``when_bare``."""

    class ByDefault(typer.core.TyperGroup):
        def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
            names_one = bool(args) and (args[0] in self.commands or args[0] in ("--help", "-h"))
            if not names_one and (args or when_bare):
                args = [command, *args]
            return super().parse_args(ctx, args)

    return ByDefault
