"""The table page's web app for one record: the pages, the JSON API and the event streams (see docs/table.md).

Every answer is drawn from the record's live session (:mod:`pnp.table.live`); inputs go through the
same session methods as the CLI, under the record's lock. Refusals and failures are one JSON line
with a kind, in the night's words, else the record's (:func:`pnp.table.words.said`); a failure of pnp itself is
logged with its traceback on the server's terminal.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from pnp.errors import PnpError
from pnp.files import WriteError
from pnp.printing.svg import kept_drawing
from pnp.referee.session import Session
from pnp.table import answers, links
from pnp.table.answers import NOT_KEPT, PAGES, WORDS, answer, refused
from pnp.table.hints import Hints
from pnp.table.live import Live
from pnp.table.rules import encoded_rules
from pnp.table.turns import Refused
from pnp.table.view import Views
from pnp.table.watch import RecordWatch
from pnp.table.words import in_night, page_values, said, session_words, speaking
from pnp.texts import Catalogue

MAX_BODY = 16 * 1024  # bytes in a POST body; a move is at most 200 characters
HERE = Path(__file__).parent
LOG = logging.getLogger("pnp.table")

Endpoint = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True)
class InNight:
    """What a game of a night (``pnp table``) has of it: where each seat plays next (its page in the rematch, or
    None), and the night's words, which the night's panel on the shared screen speaks."""

    follow: Callable[[str], Awaitable[str | None]]
    words: Catalogue


def build(
    current: Session, tokens: dict[str, str], watch: RecordWatch | None = None, night: InNight | None = None
) -> Starlette:
    """The app serving ``current``'s record, with a page for each seat whose token is in ``tokens``.

    ``night`` is given when the game is one of a night's: the shared screen then shows the night's panel, and
    each seat asks it where it plays next.
    """
    table = _Table(current, tokens, watch or RecordWatch(current.path), night)
    page, state, events = answering(table.page), answering(table.state), answering(table.events)
    routes = [
        Route("/", page),
        Route("/host/state", state),
        Route("/host/events", events),
        Route("/host/rules", answering(table.rules)),
        Route("/s/{token}", page),
        Route("/s/{token}/state", state),
        Route("/s/{token}/events", events),
        Route("/s/{token}/rules", answering(table.rules)),
        Route("/s/{token}/play", answering(table.play), methods=["POST"]),
        Route("/s/{token}/undo", answering(table.undo), methods=["POST"]),
        Route("/s/{token}/hint", answering(table.hint), methods=["POST"]),
        Route("/s/{token}/next", answering(table.next)),
        Route("/host/kept/{digest}", answering(table.kept)),
        Route("/s/{token}/kept/{digest}", answering(table.kept)),
        Mount("/static", StaticFiles(directory=HERE / "static", check_dir=False)),
    ]
    said_in = [Middleware(_Speaking, words=table.words)]
    return Starlette(
        routes=routes, middleware=said_in, lifespan=table.lifespan, exception_handlers={HTTPException: http_error}
    )


class _Speaking:
    """``app`` whose refusals are said in ``words`` (a record's), unless a night's are in the scope already."""

    def __init__(self, app: ASGIApp, words: Catalogue) -> None:
        self.app = app
        self.words = words

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and WORDS not in scope.get("state", {}):
            scope = speaking(scope, self.words)
        await self.app(scope, receive, send)


class _Table:
    """One record's table: its seats, its live session, its watch on the file, and the endpoints."""

    def __init__(self, current: Session, tokens: dict[str, str], watch: RecordWatch, night: InNight | None) -> None:
        self.night = night
        self.spec, self.setup = current.spec, current.setup
        self.title = current.title
        self.players = list(current.setup.players)
        self.tokens = tokens
        self.live = Live(current)
        self.views = Views()
        self.hints = Hints()
        self.watch = watch
        self.words = session_words(current) if night is None else in_night(session_words(current), night.words)

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
            raise no_page(said(request))
        return seat

    def _viewer(self, request: Request) -> str | None:
        return self._seat(request) if "token" in request.path_params else None

    async def page(self, request: Request) -> Response:
        seat = self._viewer(request)
        template = PAGES.get_template("seat.html" if seat else "host.html")
        api = request.scope.get("root_path", "") + (f"/s/{self.tokens[seat]}" if seat else "/host")
        night_language = None if self.night is None else self.night.words.language
        values = page_values(self.words)
        html = template.render(
            title=self.title, seat=seat, api=api, players=self.players, night_language=night_language, **values
        )
        return HTMLResponse(html, headers=NOT_KEPT)

    async def state(self, request: Request) -> Response:
        viewer = self._viewer(request)
        live = self.live
        held = live.held()  # a state encoded already is sent from here, without a turn in the thread pool
        encoded = self.views.kept(held, viewer, live.read_only) if held is not None else None
        if encoded is None:
            encoded = await run_in_threadpool(lambda: self.views.state(live.now(), viewer, live.read_only))
        return answers.send(request, encoded)

    async def rules(self, request: Request) -> Response:
        """The game's player aid and each stage's rule, the same for every page (see :mod:`pnp.table.rules`)."""
        self._viewer(request)
        return answers.send(request, await run_in_threadpool(encoded_rules, self.spec, self.setup))

    async def events(self, request: Request) -> Response:
        self._viewer(request)  # a seat's stream only on its own link
        headers = {**NOT_KEPT, "X-Accel-Buffering": "no"}  # a proxy in front must not hold events back
        return StreamingResponse(self.watch.stream(), media_type="text/event-stream", headers=headers)

    async def play(self, request: Request) -> Response:
        seat = self._seat(request)
        body = await _fields(request, ("move", "version"))
        version = await run_in_threadpool(self.live.play, seat, body["move"], body["version"], body["tap"])
        self.watch.check(self.live.written)  # tell the other pages now, not at the next look
        return answer({"ok": True, "version": version})

    async def hint(self, request: Request) -> Response:
        """The search bot's pick for the seat to move, for the version the page shows."""
        seat = self._seat(request)
        body = await _fields(request, ("version",))
        return answer(await run_in_threadpool(lambda: self.hints.hint(self.live.at(body["version"]), seat)))

    async def kept(self, request: Request) -> Response:
        """A drawing the pictures leave out because it stays the same (a session's map), by its digest.

        Its address names its content, so the browser keeps it for good."""
        self._viewer(request)
        text = kept_drawing(request.path_params["digest"])
        if text is None:
            raise no_page(said(request))
        return Response(
            text, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=31536000, immutable"}
        )

    async def next(self, request: Request) -> Response:
        """Where this seat plays next in a game night (its seat in the rematch), or null."""
        seat = self._seat(request)
        return answer({"to": await self.night.follow(seat) if self.night else None})

    async def undo(self, request: Request) -> Response:
        seat = self._seat(request)
        body = await _fields(request, ("version",))
        version = await run_in_threadpool(self.live.undo, seat, body["version"], body["tap"])
        self.watch.check(self.live.written)
        return answer({"ok": True, "version": version})


def answering(endpoint: Endpoint) -> Endpoint:
    """``endpoint`` with every refusal and failure answered as :func:`failed` says."""

    @functools.wraps(endpoint)
    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Exception as exc:  # noqa: BLE001 - a failure of pnp itself is logged there
            return failed(request, exc)

    return answer


def failed(request: Request, exc: Exception) -> Response:
    """The answer to ``request``, which raised ``exc``: one JSON line (a page for a browser) with its status and its
    kind, in the request's words; a failure of pnp itself is logged with its traceback."""
    t = said(request)
    if isinstance(exc, Refused):
        stale = {"version": exc.version} if exc.version else {}
        return refused(request, exc.status, exc.kind, exc.message or t(exc.key), **stale)
    if isinstance(exc, WriteError):  # the move was checked but the record could not take it: nothing changed
        full = exc.errno == errno.ENOSPC
        why = t("table.refused.disk_full") if full else exc.reason[:1].lower() + exc.reason[1:]
        return refused(request, 507 if full else 500, "unsaved", t("table.refused.unsaved", why=why))
    if isinstance(exc, PnpError):  # the record itself cannot be read, or is read-only
        return refused(request, 500, "record", t("table.refused.record", error=str(exc)))
    LOG.error("internal error answering %s %s", request.method, request.url.path, exc_info=exc)
    return refused(request, 500, "internal", t("table.refused.internal"))


def no_page(t: Catalogue) -> Refused:
    """A wrong token or address, in the words ``t``: a 404 that says nothing more."""
    return Refused(404, "not_found", t("table.refused.link"))


async def read_object(request: Request, expected: str = "") -> dict[str, Any]:
    """The request's body as a JSON object; 413 past ``MAX_BODY`` bytes (read no further), 400 ``expected`` (else
    "expected a JSON object", in the request's words) if it is not one."""
    t = said(request)
    too_large = Refused(413, "bad_request", t("table.refused.large", size=MAX_BODY // 1024))
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
        raise Refused(400, "bad_request", t("table.refused.json")) from None
    if not isinstance(data, dict):
        raise Refused(400, "bad_request", expected or t("table.refused.object"))
    return data


async def _fields(request: Request, names: tuple[str, ...]) -> dict[str, str]:
    """The text fields ``names`` of a JSON object body (see :func:`read_object`); 400 if one is missing. The
    optional ``tap`` comes too ("" without one): the page's id of the tap an input comes from, so that the same
    tap sent again, once its answer was lost, is answered with what it made and not played twice."""
    t = said(request)
    expected = t("table.refused.fields", fields="{" + ", ".join(f'"{name}": "..."' for name in names) + "}")
    data = await read_object(request, expected)
    if not all(isinstance(data.get(name), str) for name in names):
        raise Refused(400, "bad_request", expected)
    tap = data.get("tap", "")
    if not isinstance(tap, str) or not (tap == "" or _TAP.match(tap)):
        raise Refused(400, "bad_request", t("table.refused.tap"))
    return {name: data[name] for name in names} | {"tap": tap}


_TAP = re.compile(r"^[0-9a-f]{8,64}$")


async def http_error(request: Request, exc: Exception) -> Response:
    """Routing's own refusals (no such page, wrong method) as one JSON line too (a page for a browser)."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    t = said(request)
    if status == 404:
        return refused(request, 404, "not_found", t("table.refused.link"))
    if status == 405:
        return refused(request, 405, "bad_request", t("table.refused.method"))
    return refused(request, status, "bad_request", str(getattr(exc, "detail", "")).lower())
