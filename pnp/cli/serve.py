"""``pnp ref serve``: the table page for one record, a phone per seat (registered on the ``pnp ref`` app).

The web stack (Starlette, uvicorn, Jinja2, segno) is imported inside the command, so no command but this
and ``pnp table`` loads it.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.cli.ref import RecordArg, app
from pnp.cli.shared import JsonOpt
from pnp.errors import PnpError

# The options of every command that serves pages to phones (this one and 'pnp table')
HostOpt = Annotated[str | None, typer.Option(help="The address to listen on (default 127.0.0.1: this computer only).")]
PortOpt = Annotated[int, typer.Option(help="The port; 0 picks a free one.", min=0, max=65535)]
LanOpt = Annotated[bool, typer.Option("--lan", help="Listen on every interface, so phones on this network can join.")]


def listen_on(host: str | None, lan: bool) -> str:
    """The address to listen on: every interface with ``--lan``, else ``--host``, else this computer only."""
    if lan and host is not None:
        raise PnpError("give --lan (every interface) or --host, not both")
    return "0.0.0.0" if lan else host or "127.0.0.1"


@app.command()
def serve(
    record_file: RecordArg,
    host: HostOpt = None,
    port: PortOpt = 8765,
    lan: LanOpt = False,
    new_links: Annotated[
        bool, typer.Option("--new-links", help="Make new seat links; the old ones stop working.")
    ] = False,
    as_json: JsonOpt = False,
) -> None:
    """Serve the table page: a shared screen and one link per seat, until Ctrl-C.

    Example: pnp ref serve game.pnp --lan
    """
    address = listen_on(host, lan)
    from pnp.table.server import serve as run

    run(record_file, address, port, new_links, as_json)
