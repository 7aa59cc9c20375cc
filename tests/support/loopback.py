"""A stand-in table server on 127.0.0.1 for browser tests that answer the page from this process.

Playwright's request routing turns the browser's HTTP cache off, so a page routed that way downloads and
compiles every script and stylesheet again on each load. Here the table's assets come from a real socket,
cacheable as on a phone, and every other request goes to the site registered under the address's first
segment (``/N/...``), one answer at a time. One server per test session, started when first asked for.
"""

from __future__ import annotations

import atexit
import mimetypes
import sys
import threading
import weakref
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

Answer = tuple[int, str, bytes]  # status, content type, body
Site = Callable[[str, str, bytes], Answer]  # method, path under the site's prefix, body -> the answer
CACHED = "max-age=3600"  # the assets: fresh for the whole run, so a reload takes them from the cache


class Loopback:
    """An HTTP server on 127.0.0.1 (a free port): ``/static/NAME`` from ``assets``, the rest from the sites."""

    def __init__(self, assets: Path) -> None:
        self.assets = {path.name: path for path in assets.iterdir() if path.is_file()}
        self._sites: dict[str, weakref.WeakMethod[Site]] = {}
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _handler(self))
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def add(self, site: Site) -> str:
        """Serve ``site`` (a bound method, held weakly: gone with its object) under a new prefix; the prefix."""
        with self._lock:
            prefix = f"/{len(self._sites) + 1}"
            self._sites[prefix] = weakref.WeakMethod(site)
        return prefix

    def answer(self, method: str, path: str, body: bytes) -> tuple[Answer, str]:
        """The answer to a request and its Cache-Control."""
        if path.startswith("/static/") and path.removeprefix("/static/") in self.assets:
            asset = self.assets[path.removeprefix("/static/")]
            return (200, mimetypes.guess_type(asset.name)[0] or "text/plain", asset.read_bytes()), CACHED
        prefix, slash, rest = path.partition("/")[2].partition("/")
        with self._lock:
            site = self._sites.get(f"/{prefix}", lambda: None)()
            if site is None:
                return (404, "text/plain", b"no such site"), "no-store"
            return site(method, rest if slash else "", body), "no-store"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class _Server(ThreadingHTTPServer):
    """A page that goes on to another while an answer is on its way closes the socket under it: as on a phone,
    no matter, and not a traceback in the test's output."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _handler(loopback: Loopback) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # connections kept open between requests, as a browser expects

        def _reply(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            (status, kind, data), caching = loopback.answer(self.command, self.path.split("?")[0], body)
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", caching)
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = _reply

        def log_message(self, format: str, *args: object) -> None:  # quiet: pytest shows failures, not traffic
            pass

    return Handler


_shared: dict[Path, Loopback] = {}


def shared(assets: Path) -> Loopback:
    """The session's server for ``assets``, started on first use and stopped when the tests end."""
    if assets not in _shared:
        _shared[assets] = Loopback(assets)
        atexit.register(_shared[assets].close)
    return _shared[assets]
