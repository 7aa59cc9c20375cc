"""Running the table: seat links, the addresses with their QR codes, and uvicorn until Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import errno
import io
import ipaddress
import json
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import uvicorn
from starlette.types import ASGIApp

from pnp.errors import PnpError, describe
from pnp.referee import record, session
from pnp.table import app, connections, guard, links
from pnp.table.watch import RecordWatch
from pnp.table.words import session_words
from pnp.texts import Catalogue

EVERYWHERE = ("0.0.0.0", "::")
STOP_WAIT = 3  # seconds a stop waits for requests still running (event streams end at once)
KEEP_ALIVE = 5  # seconds an idle connection is kept open after an answer
BACKLOG = 128  # connections the system queues until they are accepted (and asyncio accepts in one go)
LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"]
# A documentation address (RFC 5737): a UDP socket "connected" to it picks the route out, sending nothing.
_PROBE = ("192.0.2.1", 9)


def serve(path: Path, host: str, port: int, new_links: bool, as_json: bool) -> None:
    """Serve ``path``'s table on ``host``:``port`` until interrupted; print the host and seat addresses first."""
    current = session.load(path)
    with record.locked(path):
        tokens = links.seat_tokens(path, current.setup.players, renew=new_links)
    listener = _listen(host, port)
    base = _base(host, listener)
    seats = {player: f"{base}/s/{token}" for player, token in tokens.items()}
    watch = RecordWatch(path)

    def announce() -> None:
        if as_json:
            print(json.dumps({"url": f"{base}/", "seats": seats}), flush=True)
        else:
            _announce(current.spec.title, path, f"{base}/", seats, local=host not in EVERYWHERE)

    _run(app.build(current, tokens, watch), session_words(current), host, listener, watch.close, announce)
    if not as_json:
        print("stopped", flush=True)


def serve_night(folder: Path, host: str, port: int, as_json: bool, language: str | None = None) -> None:
    """Serve a game night from ``folder`` on ``host``:``port`` until interrupted; print the shared screen's address.

    The address carries the shared screen's key, the same from one start to the next (:func:`links.host_key`): only
    a page opened from it acts in the lobby. The lobby speaks
    ``language`` (a code pnp ships; None: English).
    """
    from pnp.table import lobby  # a night's alone: a record's server starts without it

    listener = _listen(host, port)
    base = _base(host, listener)
    key = links.host_key(folder)
    loopback = host not in EVERYWHERE and _loopback(host)
    night = lobby.Night(folder.resolve(), key, base, loopback, language)
    url = f"{base}/?host={key}"

    def announce() -> None:
        if as_json:
            print(json.dumps({"url": url}), flush=True)
            return
        print(f"game night from {folder}: open this on the shared screen (it starts the games): {url}")
        _qr(url)
        if host not in EVERYWHERE:
            print("only this computer can open it; 'pnp table --lan' lets phones on this network join")
        print("serving; Ctrl-C stops", flush=True)

    _run(night, night.words, host, listener, night.close, announce)
    if not as_json:
        print("stopped", flush=True)


def _base(host: str, listener: socket.socket) -> str:
    """The server's address as phones reach it: ``http://HOST:PORT``."""
    shown = lan_address() if host in EVERYWHERE else host
    return f"http://{f'[{shown}]' if ':' in shown else shown}:{listener.getsockname()[1]}"


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def _run(
    served: ASGIApp,
    words: Catalogue,
    host: str,
    listener: socket.socket,
    close: Callable[[], None],
    announce: Callable[[], None],
) -> None:
    """Run ``served`` behind the guard, which refuses in ``words``, on ``listener`` until Ctrl-C or SIGTERM (``close``
    ends its event streams), once ``announce`` has printed the addresses."""
    limit = connections.connection_limit()
    config = uvicorn.Config(
        guard.protect(served, allowed_hosts(host), min(guard.MAX_STREAMS, limit // 2), words),
        interface="asgi3",
        http=connections.protocol(limit),
        limit_concurrency=limit + 1,  # a 503 only when every connection is busy: idle ones make room first
        timeout_keep_alive=KEEP_ALIVE,
        backlog=BACKLOG,
        log_level="warning",
        access_log=False,
        lifespan="on",
        ws="none",
        timeout_graceful_shutdown=STOP_WAIT,
    )
    server = _Server(config, close)
    with _signals_stop(server):  # from the first line printed on, Ctrl-C or SIGTERM is a clean stop
        announce()
        server.run(sockets=[listener])


@contextmanager
def _signals_stop(server: uvicorn.Server) -> Iterator[None]:
    """SIGINT and SIGTERM stop ``server`` while the block runs, even before it has started."""
    handled = (signal.SIGINT, signal.SIGTERM)
    before = {sig: signal.signal(sig, server.handle_exit) for sig in handled}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def allowed_hosts(host: str) -> list[str]:
    """The names a request may give as its Host when the server listens on ``host``: this computer's loopback
    names, and the address listened on, or with --lan this machine's address and host name."""
    if host not in EVERYWHERE:
        names = [*LOOPBACK_NAMES, f"[{host}]" if ":" in host else host]
    else:
        machine = socket.gethostname().lower()
        names = [*LOOPBACK_NAMES, lan_address(), machine, f"{machine.removesuffix('.local')}.local"]
    return list(dict.fromkeys(names))


class _Server(uvicorn.Server):
    """uvicorn's server, which on Ctrl-C or SIGTERM ends the event streams and stops with exit code 0, and logs
    a flood of connections once a minute."""

    def __init__(self, config: uvicorn.Config, close: Callable[[], None]) -> None:
        super().__init__(config)
        self.close = close
        self.flood_log = connections.FloodLog()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(self.flood_log.loop_error)
        connections.LOG.addFilter(self.flood_log)
        await super().startup(sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await super().shutdown(sockets)
        connections.LOG.removeFilter(self.flood_log)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        # Unlike uvicorn's own: the signal is not raised again once stopped (a stop on request exits 0), and
        # a second one does not cut the stop short (that would skip the app's own shutdown); it takes at most
        # STOP_WAIT seconds anyway.
        self.close()
        self.should_exit = True


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: a free one), or one line saying why not."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listener = socket.create_server((host, port), family=family)
    except OverflowError as exc:
        raise PnpError(f"cannot listen on port {port}: {exc} (ports run from 0 to 65535)") from None
    except OSError as exc:
        fix = (
            "try another --port, or --port 0 for any free one"
            if exc.errno in (errno.EADDRINUSE, errno.EACCES)
            else "give --host an address of this machine, or --lan"
        )
        raise PnpError(f"cannot listen on {host}:{port}: {describe(exc)} ({fix})") from None
    # answers go out at once, not held back to be merged with more (Nagle): a tap's reply is small
    listener.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return listener


def lan_address() -> str:
    """This machine's address on its local network, found without contacting anyone; 127.0.0.1 if it has none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if isinstance(address, str) and address != "0.0.0.0" else "127.0.0.1"


def _announce(title: str, path: Path, url: str, seats: dict[str, str], local: bool) -> None:
    """The host address and one join address per seat, each with a QR code to scan."""
    print(f"{title} at the table, from {path}")
    print(f"\nshared screen (shows no secrets): {url}")
    _qr(url)
    for player, link in seats.items():
        print(f"\n{player}'s phone (this link is {player}'s alone: it shows {player}'s secrets): {link}")
        _qr(link)
    if local:
        print("\nonly this computer can open these; 'pnp ref serve --lan' lets phones on this network join")
    print("serving; Ctrl-C stops", flush=True)


def _qr(text: str) -> None:
    """``text`` as a QR code in block characters, or in ANSI colours where those characters cannot be written."""
    import segno  # for a terminal only: a server started for a program (--json) prints no code

    code = segno.make(text, error="l")
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True, border=2)
    try:
        sys.stdout.write(drawn.getvalue())
    except UnicodeEncodeError:
        drawn = io.StringIO()
        code.terminal(out=drawn, border=2)
        sys.stdout.write(drawn.getvalue())
