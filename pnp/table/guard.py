"""The table server's outer guard: which host names and origins it answers, its security headers, and a cap
on open event streams.

It wraps the app from ``pnp.table.app.build`` (see docs/table.md, "Hardening"). Its refusals are one JSON
line, like the app's, in the same words: ``{"error": ..., "kind": "bad_request" | "forbidden" | "busy"}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pnp.texts import Catalogue, table_words

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
# On every answer: never sniffed, the link never sent on as a referrer, nothing run or framed from elsewhere.
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}
STATIC = "/static/"  # the page's script and style: kept by the browser, checked again before each use
# Other answers are never stored (a seat's state holds its secrets), unless the app says otherwise.
MAX_STREAMS = 256  # open event streams in all
MAX_STREAMS_PER_CLIENT = 16  # open event streams from one address (a phone, or a laptop's browser windows)


def protect(
    app: ASGIApp, allowed_hosts: list[str], max_streams: int = MAX_STREAMS, words: Catalogue | None = None
) -> ASGIApp:
    """``app`` answering only requests to ``allowed_hosts`` (names as in a Host header, without the port;
    IPv6 addresses in brackets), with the security headers on every answer and at most ``max_streams``
    event streams open at once; its refusals are in ``words`` (the night's or the record's; None: English)."""
    return _Guard(app, allowed_hosts, max_streams, words or table_words(None))


class _Guard:
    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str], max_streams: int, words: Catalogue) -> None:
        self.app = app
        self.hosts = {name.lower() for name in allowed_hosts}
        self.max_streams = max_streams
        self.t = words
        self.streams: Counter[str] = Counter()  # open event streams by client address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # the lifespan
            await self.app(scope, receive, send)
            return
        send = _headed(send, cache="no-cache" if scope["path"].startswith(STATIC) else "no-store")
        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send)
        elif scope["method"] == "GET" and scope["path"].endswith("/events"):
            await self._stream(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        """The answer to a request this server does not take, or None."""
        headers = Headers(scope=scope)
        host = headers.get("host", "").lower()
        if _name(host) not in self.hosts:
            return _refuse(400, "bad_request", self.t("table.refused.host"))
        if scope["method"] != "POST":
            return None
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"{scope['scheme']}://{host}":
            return _refuse(403, "forbidden", self.t("table.refused.origin"))
        if headers.get("content-type", "").partition(";")[0].strip().lower() != "application/json":
            return _refuse(415, "bad_request", self.t("table.refused.content_type"))
        return None

    async def _stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """An event stream, if this client and the server have room for one more."""
        client = scope["client"][0] if scope.get("client") else ""
        if self.streams[client] >= MAX_STREAMS_PER_CLIENT:
            why = self.t("table.refused.busy.device", count=MAX_STREAMS_PER_CLIENT)
            await _refuse(503, "busy", why)(scope, receive, send)
            return
        if self.streams.total() >= self.max_streams:
            why = self.t("table.refused.busy.server", count=self.max_streams)
            await _refuse(503, "busy", why)(scope, receive, send)
            return
        self.streams[client] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.streams[client] -= 1
            if not self.streams[client]:
                del self.streams[client]


def _name(host: str) -> str:
    """The name in a Host header, without its port: ``example:80`` gives ``example``, ``[::1]:80`` ``[::1]``."""
    name, colon, port = host.rpartition(":")
    if colon and port.isdigit() and (name.endswith("]") or ":" not in name):
        return name
    return host


def _refuse(status: int, kind: str, message: str) -> JSONResponse:
    """A refusal as one JSON line; the connection is closed after it, freeing its socket at once."""
    return JSONResponse({"error": message, "kind": kind}, status, headers={"Connection": "close"})


def _headed(send: Send, cache: str) -> Send:
    """``send`` with the security headers on the answer (replacing any the app set), and ``Cache-Control: cache``
    unless the app chose its own (an answer it validates by ETag, say)."""
    ours = [(name.encode(), value.encode()) for name, value in HEADERS.items()]

    async def send_headed(message: Message) -> None:
        if message["type"] == "http.response.start":
            given = message.get("headers", [])
            headers = [(name, value) for name, value in given if name.lower().decode() not in HEADERS]
            if not any(name.lower() == b"cache-control" for name, _ in headers):
                headers.append((b"cache-control", cache.encode()))
            message = {**message, "headers": headers + ours}
        await send(message)

    return send_headed
