"""The game night's web app (``pnp table``): the lobby on the shared screen, and every game's table under it.

    /                          the lobby page (the shared screen)
    /lobby, /lobby/...         the lobby's JSON API: for the shared screen only (see ``_check_host``)
    /g/RECORD/                 a game's shared-screen view, as ``pnp ref serve`` shows it
    /g/RECORD/s/TOKEN          a seat's page in that game
    /static/...                the pages' scripts and styles

Each game is an ordinary record in the night's folder (:mod:`pnp.referee.night`) served by its own table
app (:func:`pnp.table.app.build`), opened when first asked for and kept until the server stops. The lobby speaks
the night's language (its words, what it says of each game, the night's panel on a game's shared screen, and every
refusal of the server's, a wrong link's page among them); each game speaks its own.
"""

from __future__ import annotations

import asyncio
import hmac
import io
import ipaddress
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import segno
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from pnp.errors import DataError, PnpError, Refusal
from pnp.files import yaml_files
from pnp.games import REGISTRY, map_game
from pnp.loader import peek, read_yaml_text
from pnp.referee import night, record, session
from pnp.table import app, links
from pnp.table.answers import NOT_KEPT, PAGES, answer
from pnp.table.app import HERE, InNight, answering, failed, http_error, no_page, read_object
from pnp.table.turns import Refused
from pnp.table.watch import RecordWatch
from pnp.table.words import page_values, speaking
from pnp.texts import Catalogue, shipped, table_words
from pnp.variants.game import variants_in

HOST_HEADER = "X-Pnp-Host"  # the shared screen's key, from its address (?host=KEY), on every lobby request
_RECORD = re.compile(r"^[A-Za-z0-9_.-]{1,120}\.pnp$")
_GAME_PATH = re.compile(r"^/g/([^/]+)(/.*)?$")
_SEAT_PATH = re.compile(r"^/s/([^/]+)")
T = TypeVar("T")


@dataclass
class _Game:
    """One record's table in the night: its app, its seats' tokens, its watch, and which seats have joined."""

    app: ASGIApp
    tokens: dict[str, str]
    watch: RecordWatch
    task: asyncio.Task[None]
    joined: set[str] = field(default_factory=set)
    rematch: str | None = None  # the record of this game's rematch, once started (read from the folder at opening)


class Night:
    """The ASGI app of one night: games are found by their record's name, the rest is the lobby."""

    def __init__(self, folder: Path, host_key: str, base: str, loopback: bool, language: str | None = None) -> None:
        self.folder = folder
        self.words = table_words(language)  # the night's: the lobby's own, in the language pnp ships them in
        self.host_key = host_key
        self.base = base  # the address phones use, "http://192.168.1.20:8765"
        self.loopback = loopback  # bound to this computer only: lobby requests from it need no key
        self.games: dict[str, _Game] = {}
        self._opening = asyncio.Lock()
        routes = [
            Route("/", self.page),
            Route("/lobby", answering(self.lobby)),
            Route("/lobby/results", answering(self.results)),
            Route("/lobby/games", answering(self.start), methods=["POST"]),
            Route("/lobby/games/{record}", answering(self.seats)),
            Route("/lobby/games/{record}/rematch", answering(self.rematch), methods=["POST"]),
            Route("/lobby/games/{record}/aside", answering(self.set_aside), methods=["POST"]),
            Route("/lobby/games/{record}/qr/{seat}.svg", answering(self.qr)),
            Mount("/static", StaticFiles(directory=HERE / "static", check_dir=False)),
        ]
        refusals = {HTTPException: http_error}  # routing's own 404 and 405 answered as the games' are
        self.lobby_app = Starlette(routes=routes, lifespan=self._lifespan, exception_handlers=refusals)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.lobby_app(scope, receive, send)
            return
        scope = speaking(scope, self.words)  # every refusal, a game's too
        game = _GAME_PATH.match(scope["path"])
        if game is None:
            await self.lobby_app(scope, receive, send)
            return
        name, rest = game[1], game[2] or "/"
        try:
            table = await self._game(name)
        except Exception as exc:  # noqa: BLE001 - as every endpoint's (app.answering)
            await failed(Request(scope), exc)(scope, receive, send)
            return
        seat = _SEAT_PATH.match(rest)
        if seat:
            joined = links.seat_for(table.tokens, seat[1])
            if joined is not None:
                table.joined.add(joined)
        inner = {**scope, "path": rest, "root_path": scope.get("root_path", "") + f"/g/{name}"}
        await table.app(inner, receive, send)

    @asynccontextmanager
    async def _lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            self.close()
            await asyncio.gather(*(game.task for game in self.games.values()))

    def close(self) -> None:
        """End every game's event streams (a signal handler calls it, so it only sets flags)."""
        for game in self.games.values():
            game.watch.close()

    # -- the games ---------------------------------------------------------------
    async def _game(self, name: str) -> _Game:
        """The table of the record ``name`` in the folder, opened on first use; 404 if there is none."""
        if name in self.games:
            return self.games[name]
        path = self._record(name)
        async with self._opening:
            if name not in self.games:
                try:
                    table, tokens, watch = await run_in_threadpool(self._open, path)
                except PnpError as exc:  # a damaged record, or one begun with rules that have changed since
                    reason = str(exc).replace(str(path), name)
                    raise Refused(500, "record", self.words("table.refused.unopened", error=reason)) from None
                rematch = await run_in_threadpool(night.rematch_of, path)  # begun before this server started
                self.games[name] = _Game(table, tokens, watch, asyncio.create_task(watch.run()))
                if rematch is not None:
                    self.games[name].rematch = rematch.name
                    watch.announce("rematch")
        return self.games[name]

    def _record(self, name: str) -> Path:
        """The record ``name`` in the night's folder; 404 if there is none (a path that leads out of it names none)."""
        path = self.folder / name
        if not _RECORD.match(name) or not path.is_file():
            raise no_page(self.words)
        return path

    def _open(self, path: Path) -> tuple[ASGIApp, dict[str, str], RecordWatch]:
        current = session.load(path)
        with record.locked(path):
            tokens = links.seat_tokens(path, current.setup.players)
        watch = RecordWatch(path)
        night = InNight(lambda seat: self._next_seat(path.name, seat), self.words)
        return app.build(current, tokens, watch, night), tokens, watch

    async def _next_seat(self, name: str, seat: str) -> str | None:
        """Where ``seat`` of the game ``name`` plays its rematch, once one has begun: its table is opened if it is not
        (one that cannot open yet, its seat links unwritten on a full disk, leaves the phone where it is)."""
        rematch = self.games[name].rematch
        if rematch is None:
            return None
        try:
            table = await self._game(rematch)
        except Refused:
            return None
        return f"/g/{rematch}/s/{table.tokens[seat]}"

    # -- the lobby -----------------------------------------------------------------
    def _check_host(self, request: Request) -> None:
        """Only the shared screen acts in the lobby: it sends the key its address carries (in a header, or in
        the address of a QR code's image), or, when the server listens on this computer only, it is this computer."""
        given = request.headers.get(HOST_HEADER) or request.query_params.get("host", "")
        if hmac.compare_digest(given.encode(), self.host_key.encode()):
            return
        client = request.client.host if request.client else ""
        if self.loopback and _is_loopback(client):
            return
        raise Refused(403, "forbidden", self.words("lobby.refused.host"))

    async def page(self, request: Request) -> Response:
        html = PAGES.get_template("lobby.html").render(**page_values(self.words))
        return HTMLResponse(html, headers=NOT_KEPT)

    async def lobby(self, request: Request) -> Response:
        self._check_host(request)

        def gather() -> dict[str, Any]:
            results = night.results(self.folder)
            going = [game.to_json() for game in results.played if not game.final and not game.set_aside]
            variants = variants_in(self.folder)
            taken = {name for names in variants.values() for name in names}
            last = results.played[-1].players if results.played else ()
            return {
                "games": night.catalogue(self.words.language),
                "records": going,
                "maps": _maps_by_game(self.folder, taken),  # by game: the map files in the folder for it
                "variants": variants,  # by game: the variant files in the folder that name it
                "variant_languages": _variant_languages(self.folder, taken),
                "players": list(last),
            }

        return answer(await run_in_threadpool(gather))

    async def results(self, request: Request) -> Response:
        self._check_host(request)
        return answer((await run_in_threadpool(night.results, self.folder)).to_json())

    async def start(self, request: Request) -> Response:
        self._check_host(request)
        body = await read_object(request)
        players, options, choice = body.get("players"), body.get("options", {}), body.get("map")
        variant, language = body.get("variant"), body.get("language")
        if not isinstance(body.get("game"), str) or not _names(players) or not isinstance(options, dict):
            raise Refused(422, "refused", self.words("lobby.refused.request"))
        for name, value in (("map", choice), ("variant", variant), ("language", language)):
            if value is not None and not isinstance(value, str):
                raise Refused(422, "refused", self.words(f"lobby.refused.{name}.value"))
        path = await run_in_threadpool(
            _refusing,
            self.words,
            night.start,
            self.folder,
            body["game"],
            players,
            options,
            choice,
            datetime.now(),
            variant,
            language,
        )
        return answer(await self._opened(path))

    async def rematch(self, request: Request) -> Response:
        self._check_host(request)
        last = await self._game(request.path_params["record"])
        async with self._opening:  # one rematch per game, however often it is asked for
            if last.rematch is None:
                path = await run_in_threadpool(_refusing, self.words, night.rematch, last.watch.path, datetime.now())
                last.rematch = path.name
        opened = await self._opened(self.folder / last.rematch)
        last.watch.announce("rematch")  # the phones of this game ask where their seat is now
        return answer(opened)

    async def set_aside(self, request: Request) -> Response:
        """Set an unfinished game aside: the lobby lists it no longer under Carry on (:func:`night.set_aside`). Its table,
        if open, plays on: a move played there lists it again."""
        self._check_host(request)
        path = self._record(request.path_params["record"])
        await run_in_threadpool(_refusing, self.words, night.set_aside, path, other="aside.other")
        return answer({"record": path.name, "set_aside": True})

    async def seats(self, request: Request) -> Response:
        """A game's seats for the shared screen: each seat's link and whether its phone has opened it."""
        self._check_host(request)
        return answer(await self._opened((await self._game(request.path_params["record"])).watch.path))

    async def qr(self, request: Request) -> Response:
        """A seat's link as a QR code (SVG), for the shared screen to show."""
        self._check_host(request)
        name, seat = request.path_params["record"], request.path_params["seat"]
        table = await self._game(name)
        if seat not in table.tokens:
            raise no_page(self.words)
        picture = io.BytesIO()
        segno.make(self._seat_url(name, table.tokens[seat]), error="m").save(
            picture, kind="svg", border=2, xmldecl=False
        )
        return Response(picture.getvalue(), media_type="image/svg+xml", headers=NOT_KEPT)

    async def _opened(self, path: Path) -> dict[str, Any]:
        table = await self._game(path.name)
        return {
            "record": path.name,
            "host": f"/g/{path.name}/",
            "seats": {seat: self._seat_url(path.name, token) for seat, token in table.tokens.items()},
            "joined": sorted(table.joined),
        }

    def _seat_url(self, name: str, token: str) -> str:
        return f"{self.base}/g/{name}/s/{token}"


def _is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _maps_by_game(folder: Path, taken: set[str]) -> dict[str, list[str]]:
    """The YAML files in ``folder`` (but those ``taken``, the variants) by each game they are a map for: the one
    their ``game:`` names, else each game whose map keys they fit (:func:`pnp.games.map_game`)."""
    found: dict[str, list[str]] = {}
    games = [name for name, spec in REGISTRY.items() if spec.maps is not None]
    for path in (path for path in yaml_files(folder) if path.name not in taken):
        for name in games:
            try:
                map_game(path, name)
            except PnpError:
                continue
            found.setdefault(name, []).append(path.name)
    return found


def _variant_languages(folder: Path, variants: set[str]) -> dict[str, str]:
    """The ``variants`` (files in ``folder``) that name a language of their own (``language:``), each with its name
    in itself (*Français*), or as the file writes it where pnp ships no page words in it."""
    found: dict[str, str] = {}
    for name in sorted(variants):
        try:
            named = peek(read_yaml_text(folder / name), "language", name)
        except (OSError, DataError):
            continue
        if named is not None:
            code = shipped(named[0], "table")
            found[name] = table_words(code)("table.language") if code else named[0]
    return found


def _names(players: object) -> bool:
    return isinstance(players, list) and all(isinstance(name, str) for name in players)


def _refusing(words: Catalogue, action: Callable[..., T], *args: Any, other: str = "other") -> T:
    """``action(*args)``; a PnpError (a wrong game, player, option or map) becomes a 422, nothing written: in ``words``
    (the night's) where pnp words it so (a Refusal), else as pnp said it after the night's words saying so
    (``lobby.refused.OTHER``)."""
    try:
        return action(*args)
    except Refusal as exc:
        raise Refused(422, "refused", words(f"lobby.refused.{exc.key}", **exc.values)) from None
    except PnpError as exc:
        raise Refused(422, "refused", words(f"lobby.refused.{other}", error=str(exc))) from None
