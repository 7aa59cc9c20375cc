"""The table page's web app for one record: the pages, the JSON API and the event streams (see docs/table.md).

Every answer is built from the record as it is now (``session.load``); inputs go through the same
session methods as the CLI, under the record's lock. Refusals and failures are one JSON line.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp.cli.output import internal_error
from pnp.errors import PnpError
from pnp.referee import session
from pnp.referee.session import Session
from pnp.table import hints, links, turns, view
from pnp.table.turns import Refused
from pnp.table.watch import RecordWatch

MAX_BODY = 16 * 1024  # bytes in a POST body; a move is at most 200 characters
NO_PAGE = "no such page: check the link"  # a wrong token or address: nothing more is said
HERE = Path(__file__).parent
HEADERS = {  # on every answer: never cached, never sniffed, never framed, the link never sent on as a referrer
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
}

Endpoint = Callable[[Request], Awaitable[Response]]


def build(current: Session, tokens: dict[str, str], watch: RecordWatch | None = None) -> Starlette:
    """The app serving ``current``'s record, with a page for each seat whose token is in ``tokens``."""
    table = _Table(current, tokens, watch or RecordWatch(current.path))
    page, state, events = _answering(table.page), _answering(table.state), _answering(table.events)
    routes = [
        Route("/", page),
        Route("/host/state", state),
        Route("/host/events", events),
        Route("/s/{token}", page),
        Route("/s/{token}/state", state),
        Route("/s/{token}/events", events),
        Route("/s/{token}/play", _answering(table.play), methods=["POST"]),
        Route("/s/{token}/undo", _answering(table.undo), methods=["POST"]),
        Route("/s/{token}/hint", _answering(table.hint), methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static", check_dir=False)),
    ]
    return Starlette(routes=routes, lifespan=table.lifespan, exception_handlers={HTTPException: _http_error})


class _Table:
    """One record's table: its seats, its watch on the file, and the endpoints."""

    def __init__(self, current: Session, tokens: dict[str, str], watch: RecordWatch) -> None:
        self.path = current.path
        self.title = current.spec.title
        self.players = list(current.setup.players)
        self.tokens = tokens
        self.watch = watch
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True)

    @asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(self.watch.run())
        try:
            yield
        finally:
            self.watch.close()
            await task

    def _seat(self, request: Request) -> str:
        """The seat whose link this is; a wrong token is a 404 that says nothing more."""
        seat = links.seat_for(self.tokens, request.path_params["token"])
        if seat is None:
            raise Refused(404, NO_PAGE)
        return seat

    def _viewer(self, request: Request) -> str | None:
        return self._seat(request) if "token" in request.path_params else None

    async def page(self, request: Request) -> Response:
        seat = self._viewer(request)
        template = self.templates.get_template("seat.html" if seat else "host.html")
        api = f"/s/{self.tokens[seat]}" if seat else "/host"
        html = template.render(title=self.title, seat=seat, api=api, players=self.players)
        return HTMLResponse(html, headers=HEADERS)

    async def state(self, request: Request) -> Response:
        seat = self._viewer(request)
        return _json(await run_in_threadpool(lambda: view.state_json(session.load(self.path), seat)))

    async def events(self, request: Request) -> Response:
        self._viewer(request)  # a seat's stream only on its own link
        headers = {**HEADERS, "X-Accel-Buffering": "no"}  # a proxy in front must not hold events back
        return StreamingResponse(self.watch.stream(), media_type="text/event-stream", headers=headers)

    async def play(self, request: Request) -> Response:
        seat = self._seat(request)
        body = await _fields(request, ("move", "version"))
        version = await run_in_threadpool(turns.play, self.path, seat, body["move"], body["version"])
        self.watch.check()  # tell the other pages now, not at the next look
        return _json({"ok": True, "version": version})

    async def hint(self, request: Request) -> Response:
        """The search bot's pick for the seat to move, for the version the page shows."""
        seat = self._seat(request)
        body = await _fields(request, ("version",))
        return _json(await run_in_threadpool(lambda: hints.hint(turns.current_at(self.path, body["version"]), seat)))

    async def undo(self, request: Request) -> Response:
        seat = self._seat(request)
        body = await _fields(request, ("version",))
        version = await run_in_threadpool(turns.undo, self.path, seat, body["version"])
        self.watch.check()
        return _json({"ok": True, "version": version})


def _answering(endpoint: Endpoint) -> Endpoint:
    """``endpoint`` with every refusal and failure answered as one JSON line and its status."""

    @functools.wraps(endpoint)
    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Refused as exc:
            stale = {"version": exc.version} if exc.version else {}
            return _json({"error": exc.message, **stale}, exc.status)
        except PnpError as exc:  # the record itself cannot be read or written
            return _json({"error": str(exc)}, 500)
        except Exception as exc:  # noqa: BLE001 - the promise holds here too: one line, no traceback
            internal_error(exc)
            return _json({"error": "internal error: the server's terminal says more"}, 500)

    return answer


async def _fields(request: Request, names: tuple[str, ...]) -> dict[str, str]:
    """The text fields ``names`` of a JSON object body; 413 past ``MAX_BODY`` bytes, 400 if it is not that."""
    too_large = Refused(413, f"the request is over {MAX_BODY // 1024} KiB")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise Refused(400, "the request body is not JSON") from None
    if not isinstance(data, dict) or not all(isinstance(data.get(name), str) for name in names):
        shape = ", ".join(f'"{name}": "..."' for name in names)
        raise Refused(400, f"expected a JSON object {{{shape}}}")
    return {name: data[name] for name in names}


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status, headers=HEADERS)


async def _http_error(_request: Request, exc: Exception) -> Response:
    """Routing's own refusals (no such page, wrong method) as one JSON line too."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    message = NO_PAGE if status == 404 else str(getattr(exc, "detail", "")).lower()
    return _json({"error": message}, status)
