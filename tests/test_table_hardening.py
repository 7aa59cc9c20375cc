"""The table server under abuse: strange Host names, cross-site posts, idle sockets, piles of event streams.

Every server runs in a subprocess as ``pnp ref serve`` (test_table_serve's helpers) and every byte goes to
127.0.0.1. Waits are bounded and generous: what is asserted is the answer, never the speed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import select
import socket
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
from support.browser import browser, run_apart  # noqa: F401 - browser: a fixture
from support.serve import WAIT, Served, http_client, new_record, running, serving

from pnp.referee import session

CSP = (  # issue 25's policy, word for word
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)
SEAT_WAIT = 15.0  # seconds a seat's request may take under a flood before the test gives up (the aim is 1 s)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stops the server with SIGINT; POSIX fd limits")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record :func:`served` serves."""
    return new_record(tmp_path_factory.mktemp("shared"))


@pytest.fixture(scope="module")
def served(record: Path) -> Iterator[Served]:
    """One ``pnp ref serve`` for the tests that only ask it things (and the one that plays the record's first two
    moves): started once, it must still stop cleanly after them all."""
    with serving(record) as running:
        yield running
        assert running.stop()[0] == 0


def _port(served: Served) -> int:
    return int(served.url.rsplit(":", 1)[1].rstrip("/"))


def _refusal(answer: httpx.Response, status: int, kind: str) -> None:
    assert answer.status_code == status, answer.text[:300]
    body = answer.json()
    assert body["kind"] == kind and body["error"] and "\n" not in body["error"], body


def test_only_this_servers_names_are_answered(served):
    with http_client() as client:
        port = _port(served)
        for name in ("127.0.0.1", "localhost", "[::1]"):
            assert client.get(served.url + "host/state", headers={"Host": f"{name}:{port}"}).status_code == 200
        for name in ("evil.example", "127.0.0.1.evil.example", "[::1].evil.example", ""):
            answer = client.get(served.url + "host/state", headers={"Host": f"{name}:{port}"})
            _refusal(answer, 400, "bad_request")
        _refusal(client.get(served.seats["ann"], headers={"Host": "evil.example"}), 400, "bad_request")


def test_lan_also_answers_this_machines_address_and_name(tmp_path):
    path = new_record(tmp_path)
    machine = socket.gethostname()
    with serving(path, "--lan") as served, http_client() as client:
        port = _port(served)
        local = f"http://127.0.0.1:{port}/host/state"  # every request goes to this computer: only the name varies
        names = [served.url.split("/")[2], machine, f"{machine}.local", f"localhost:{port}"]
        for name in names:
            assert client.get(local, headers={"Host": name}).status_code == 200, name
        _refusal(client.get(local, headers={"Host": f"evil.example:{port}"}), 400, "bad_request")
        assert served.stop()[0] == 0


def test_allowed_hosts_follow_the_address_listened_on():
    from pnp.table.server import allowed_hosts, lan_address

    loopback = ["127.0.0.1", "localhost", "[::1]"]
    assert allowed_hosts("127.0.0.1") == allowed_hosts("::1") == loopback
    assert allowed_hosts("192.0.2.7") == [*loopback, "192.0.2.7"]
    assert allowed_hosts("2001:db8::7") == [*loopback, "[2001:db8::7]"]
    everywhere = allowed_hosts("0.0.0.0")
    machine = socket.gethostname().lower()
    assert {lan_address(), machine, machine.removesuffix(".local") + ".local"} <= set(everywhere)


def test_posts_must_be_json_from_this_servers_own_pages(record, served):
    with http_client() as client:
        play = served.seats["ann"] + "/play"
        version = client.get(served.seats["ann"] + "/state").json()["version"]
        body = json.dumps({"move": "choose A B C", "version": version})
        before = record.read_bytes()
        own = f"http://127.0.0.1:{_port(served)}"
        refused = [
            (client.post(play, content=body, headers={"Content-Type": "text/plain"}), 415, "bad_request"),
            (client.post(play, content=body, headers={"Content-Type": "application/x-www-form-urlencoded"}), 415,
             "bad_request"),
            (client.post(play, content=body), 415, "bad_request"),  # no Content-Type at all
            (client.post(play, json=json.loads(body), headers={"Origin": "http://evil.example"}), 403, "forbidden"),
            (client.post(play, json=json.loads(body), headers={"Origin": "null"}), 403, "forbidden"),
            (client.post(play, json=json.loads(body), headers={"Origin": own.replace("http:", "https:")}), 403,
             "forbidden"),
        ]  # fmt: skip
        for answer, status, kind in refused:
            _refusal(answer, status, kind)
        assert record.read_bytes() == before, "a refused post leaves the record byte for byte"
        played = client.post(play, json=json.loads(body), headers={"Origin": own})
        assert played.status_code == 200, played.text
        again = client.post(
            served.seats["bob"] + "/play",
            content=json.dumps({"move": "choose U V W", "version": played.json()["version"]}),
            headers={"Content-Type": "application/json; charset=utf-8"},  # no Origin: a script, not a browser
        )
        assert again.status_code == 200, again.text


def test_every_answer_carries_the_security_headers(served):
    with http_client() as client:
        seat = served.seats["ann"]
        answers = {
            "shared screen": client.get(served.url),
            "seat page": client.get(seat),
            "state": client.get(seat + "/state"),
            "no such page": client.get(served.url + "nope"),
            "refused post": client.post(seat + "/play", content="{}", headers={"Content-Type": "text/plain"}),
            "script": client.get(served.url + "static/table.js"),
            "style": client.get(served.url + "static/table.css"),
            "no such file": client.get(served.url + "static/nope.js"),
        }
        for what, answer in answers.items():
            headers = answer.headers
            assert headers.get("content-security-policy") == CSP, what
            assert headers.get("x-content-type-options") == "nosniff", what
            assert headers.get("referrer-policy") == "no-referrer", what
            assert len(headers.get_list("content-security-policy")) == 1, what
            if what in ("script", "style"):  # may be kept, if checked again before use
                assert headers.get("cache-control") == "no-cache", what
            elif what in ("state", "no such file"):  # never kept, or kept only to be checked again (ETag)
                assert headers.get("cache-control") in ("no-store", "no-cache", "private, no-cache"), what
            else:
                assert headers.get("cache-control") == "no-store", what


def _raw(port: int, request: bytes = b"") -> socket.socket:
    """A socket to the server, which sent ``request`` (if any) and nothing else."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    if request:
        connection.sendall(request)
    return connection


def _events_request(port: int, path: str = "/host/events") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode()


def _status(connection: socket.socket) -> tuple[int, bytes]:
    """The status of the answer arriving on ``connection``, and what else came with it so far."""
    connection.settimeout(WAIT)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = connection.recv(4096)
        if not chunk:
            break
        head += chunk
    return int(head.split(b" ", 2)[1]), head


def _rest(connection: socket.socket) -> bytes:
    """What arrives on ``connection`` until the server closes it."""
    rest = b""
    while chunk := connection.recv(4096):
        rest += chunk
    return rest


def test_event_streams_from_one_address_are_capped(served):
    with ExitStack() as held:
        port = _port(served)
        streams = [held.enter_context(_raw(port, _events_request(port))) for _ in range(20)]
        answers = [_status(stream) for stream in streams]
        assert [status for status, _ in answers].count(200) == 16, [status for status, _ in answers]
        refused = [head + _rest(stream) for (status, head), stream in zip(answers, streams) if status == 503]
        assert len(refused) == 4, "the socket of a refused stream is closed at once, after one JSON line"
        assert all(json.loads(answer.split(b"\r\n\r\n", 1)[1])["kind"] == "busy" for answer in refused)
        next(stream for (status, _), stream in zip(answers, streams) if status == 200).close()  # a page goes
        for _ in range(100):  # the server hears of it, and a new page may follow the game again
            with _raw(port, _events_request(port)) as again:
                if _status(again)[0] == 200:
                    break
        else:
            raise AssertionError("a closed stream's place is never given back")


def test_the_guard_caps_event_streams_in_all():
    from pnp.table import guard

    async def run() -> list[int]:
        release = asyncio.Event()

        async def stream(scope, receive, send) -> None:  # an event stream that stays open until released
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await release.wait()
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        guarded = guard.protect(stream, ["127.0.0.1"], max_streams=3)
        statuses: list[int] = []

        async def open_from(client: str) -> None:
            scope = {
                "type": "http", "method": "GET", "path": "/host/events", "scheme": "http", "query_string": b"",
                "headers": [(b"host", b"127.0.0.1:8765")], "client": (client, 5000),
            }  # fmt: skip

            async def send(message) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])

            async def receive() -> dict:
                await release.wait()
                return {"type": "http.disconnect"}

            await guarded(scope, receive, send)

        # five phones (documentation addresses: nothing is sent anywhere), each with one page
        pages = [asyncio.create_task(open_from(f"192.0.2.{n}")) for n in range(5)]
        for _ in range(100):  # let every page get its answer
            await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*pages)
        release.clear()
        late = asyncio.create_task(open_from("192.0.2.9"))  # the places are free again
        for _ in range(100):
            await asyncio.sleep(0)
        release.set()
        await late
        return statuses

    assert run_apart(run()) == [200, 200, 200, 503, 503, 200]


def test_the_guard_replaces_the_apps_security_headers_and_keeps_its_cache_choice():
    from pnp.table import guard

    async def app(scope, receive, send) -> None:
        headers = [(b"content-security-policy", b"default-src *"), (b"cache-control", b"private, no-cache")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"{}"})

    sent: list[dict] = []

    async def send(message) -> None:
        sent.append(message)

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    scope = {
        "type": "http", "method": "GET", "path": "/host/state", "scheme": "http", "query_string": b"",
        "headers": [(b"host", b"localhost:8765")], "client": ("127.0.0.1", 5000),
    }  # fmt: skip
    run_apart(guard.protect(app, ["localhost"])(scope, receive, send))
    headers = sent[0]["headers"]
    assert [value for name, value in headers if name == b"content-security-policy"] == [CSP.encode()]
    assert [value for name, value in headers if name == b"cache-control"] == [b"private, no-cache"]


GUARD_SAID = {
    None: {
        "a wrong name": (400, "bad_request", "this server does not answer to that name: use the address it printed"),
        "another site": (403, "forbidden", "refused: the request comes from another site"),
        "not JSON": (415, "bad_request", "the request body must be JSON (Content-Type: application/json)"),
        "a device's 17th page": (503, "busy", "this device already follows 16 pages live: close some and reload"),
        "the server's 18th page": (503, "busy", "the server already follows 17 pages live: close some and reload"),
    },
    "fr": {
        "a wrong name": (400, "bad_request", "ce serveur ne répond pas à ce nom : utilisez l'adresse qu'il a affichée"),
        "another site": (403, "forbidden", "refusé : la requête vient d'un autre site"),
        "not JSON": (415, "bad_request", "le corps de la requête doit être du JSON (Content-Type: application/json)"),
        "a device's 17th page": (503, "busy", "cet appareil suit déjà 16 pages en direct : fermez-en et rechargez"),
        "the server's 18th page": (503, "busy", "le serveur suit déjà 17 pages en direct : fermez-en et rechargez"),
    },
}


@pytest.mark.parametrize("language", [None, "fr"])
def test_the_guard_refuses_in_the_words_it_is_given(language):
    """The guard's refusals were English whatever the night's or the record's language."""
    from pnp.table import guard
    from pnp.texts import table_words

    async def run() -> dict[str, tuple[int, str, str]]:
        release = asyncio.Event()

        async def stream(scope, receive, send) -> None:  # a page followed live until released
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await release.wait()
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        guarded = guard.protect(stream, ["127.0.0.1"], max_streams=17, words=table_words(language))
        said: dict[str, tuple[int, str, str]] = {}

        async def ask(what: str, method: str, path: str, headers: list, client: str = "192.0.2.1") -> None:
            host = [] if any(name == b"host" for name, _ in headers) else [(b"host", b"127.0.0.1:8765")]
            scope = {
                "type": "http", "method": method, "path": path, "scheme": "http", "query_string": b"",
                "headers": host + headers, "client": (client, 5000),
            }  # fmt: skip
            sent: list[dict] = []

            async def send(message: dict) -> None:
                sent.append(message)

            async def receive() -> dict:
                await release.wait()
                return {"type": "http.disconnect"}

            await guarded(scope, receive, send)
            if sent[0]["status"] != 200:
                body = json.loads(sent[1]["body"])
                said[what] = (sent[0]["status"], body["kind"], body["error"])

        json_post = [(b"content-type", b"application/json")]
        await ask("a wrong name", "GET", "/host/state", [(b"host", b"evil.example")])
        await ask("another site", "POST", "/s/T/play", [*json_post, (b"origin", b"http://evil.example")])
        await ask("not JSON", "POST", "/s/T/play", [(b"content-type", b"text/plain")])
        pages = [asyncio.create_task(ask("", "GET", "/host/events", [])) for _ in range(16)]
        pages.append(asyncio.create_task(ask("", "GET", "/host/events", [], client="192.0.2.2")))
        for _ in range(100):  # let every page get its answer
            await asyncio.sleep(0)
        await ask("a device's 17th page", "GET", "/host/events", [])
        await ask("the server's 18th page", "GET", "/host/events", [], client="192.0.2.3")
        release.set()
        await asyncio.gather(*pages)
        return said

    assert run_apart(run()) == GUARD_SAID[language]


def test_a_french_record_and_a_french_night_are_refused_by_their_server_in_french(tmp_path):
    """The server handed the guard no words: `pnp ref serve` of a French record, `pnp table --lang fr`."""
    path = tmp_path / "game.pnp"
    session.new(path, "aloft", ["ann", "bob"], [], 0, None, language="fr").save()
    wrong = GUARD_SAID["fr"]["a wrong name"]
    for args in (("ref", "serve", str(path)), ("table", str(tmp_path), "--lang", "fr")):
        with running(*args) as served, http_client() as client:
            answer = client.get(served.url, headers={"Host": "evil.example"})
            assert (answer.status_code, answer.json()["kind"], answer.json()["error"]) == wrong, args
            assert served.stop()[0] == 0


def test_a_socket_that_sends_no_whole_request_is_closed(served):
    port = _port(served)
    silent = _raw(port)
    trickle = _raw(port, f"GET /host/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
    closed = False
    for _ in range(int(WAIT)):  # one byte a second: a request that never ends
        try:
            trickle.sendall(b"x")
        except OSError:
            closed = True
            break
        if select.select([trickle], [], [], 1.0)[0]:
            closed = trickle.recv(1) == b""
            break
    assert closed, "a request trickling in byte by byte is cut off"
    silent.settimeout(WAIT)
    assert silent.recv(1) == b"", "a socket that sends nothing is closed"
    silent.close()
    trickle.close()
    with http_client() as client:
        assert client.get(served.seats["ann"] + "/state").status_code == 200


@contextmanager
def serving_with_fd_limit(path: Path, limit: int) -> Iterator[Served]:
    """``serving(path)`` with the server's soft limit on open files set to ``limit`` (it inherits this process's)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with ExitStack() as stack:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
        try:
            served = stack.enter_context(serving(path))
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        yield served


def _room_for(files: int) -> None:
    """This test process may open ``files`` more files (raising its own soft limit), or the test is skipped."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = files + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"needs {wanted} open files; the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _connect_idle(port: int, count: int, held: ExitStack) -> None:
    """``count`` sockets connected to the server that never send a byte (connected at once, then settled)."""
    waiting = select.poll()
    for _ in range(count):
        connection = held.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", port))
        waiting.register(connection, select.POLLOUT)
    settled = 0
    for _ in range(int(WAIT)):  # bounded: every handshake is done (or failed) within a minute
        for descriptor, _ in waiting.poll(1000):
            waiting.unregister(descriptor)
            settled += 1
        if settled == count:
            return


def test_a_seat_plays_while_1000_idle_sockets_and_500_event_streams_are_open(tmp_path):
    _room_for(1600)
    path = new_record(tmp_path)
    with serving_with_fd_limit(path, 1024) as served, ExitStack() as held:
        port = _port(served)
        streams = [held.enter_context(_raw(port, _events_request(port))) for _ in range(500)]
        statuses = [_status(stream)[0] for stream in streams]
        _connect_idle(port, 1000, held)
        with http_client(SEAT_WAIT) as client:
            state = client.get(served.seats["ann"] + "/state")
            assert state.status_code == 200, state.text
            played = client.post(
                served.seats["ann"] + "/play", json={"move": "choose A B C", "version": state.json()["version"]}
            )
            assert played.status_code == 200, played.text
        live = streams[statuses.index(200)]
        heard = b""
        while b"event: change" not in heard:  # an open page still hears of the move
            chunk = live.recv(4096)
            assert chunk, "the stream ended"
            heard += chunk
        assert statuses.count(200) == 16 and statuses.count(503) == 484, "the streams past 16 per address"
        held.close()
        code, _, err = served.stop()
    assert code == 0 and "Traceback" not in err, err
    assert err.count("\n") <= 2, err


def test_running_out_of_file_descriptors_is_one_line_and_pages_still_load(tmp_path):
    path = new_record(tmp_path)
    with serving_with_fd_limit(path, 32) as served, ExitStack() as held:
        port = _port(served)
        _connect_idle(port, 40, held)  # more than the server can accept, holding every descriptor it has
        with http_client() as client:
            state = client.get(served.seats["ann"] + "/state")  # once the idle ones time out
        assert state.status_code == 200, state.text
        held.close()
        code, _, err = served.stop()
    assert code == 0 and "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and "new connections wait: too many open files" in lines[0], err


class _Transport(asyncio.Transport):
    """A connection's socket as asyncio's protocols see it, keeping what is written. Closed, it never tells its
    protocol: asyncio's own does so on a later turn of the loop, after what that turn reads."""

    def __init__(self, port: int) -> None:
        super().__init__({"peername": ("127.0.0.1", port), "sockname": ("127.0.0.1", 8765)})
        self.written = b""
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += bytes(data)

    def close(self) -> None:
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def test_a_request_read_while_idle_connections_make_room_is_answered():
    """Connections accepted together are each made before any socket is read again; the idle ones closed to
    make room for them must stop counting at once, or a page's request read on that turn of the loop finds
    every place taken and is answered 503."""
    import uvicorn
    from uvicorn.server import ServerState

    from pnp.table import connections

    async def app(scope, receive, send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def run() -> tuple[list[bool], bytes]:
        limit = 4
        config = uvicorn.Config(app, http=connections.protocol(limit), limit_concurrency=limit + 1, log_level="error")
        config.load()
        state = ServerState()
        opened = []
        for port in range(limit + 3):  # a page's connection among idle ones, then more idle ones at once
            connection = config.http_protocol_class(config=config, server_state=state, app_state={})
            connection.connection_made(_Transport(40000 + port))
            opened.append(connection)
        page = opened[limit - 1]
        page.data_received(b"GET /host/state HTTP/1.1\r\nHost: 127.0.0.1:8765\r\n\r\n")
        for _ in range(10):  # the answer's task runs
            await asyncio.sleep(0)
        return [connection.transport.is_closing() for connection in opened], page.transport.written

    closing, answer = run_apart(run())
    assert answer.startswith(b"HTTP/1.1 200 "), answer
    assert closing == [True] * 3 + [False] * 4, "the three waiting longest made room; the page's stays open"


def test_a_flood_is_logged_once_a_minute():
    from pnp.table import connections

    now = [0.0]
    flood = connections.FloodLog(clock=lambda: now[0])
    busy = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, connections.TOO_BUSY, None, None)
    other = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, "something else", None, None)
    passed = []
    for second in range(120):
        now[0] = float(second)
        passed += [second for _ in range(10) if flood.filter(busy)]
        assert flood.filter(other)
    assert passed == [0, 60]


def test_a_seat_page_draws_and_plays_under_the_policy_in_chromium(tmp_path, browser):  # noqa: F811 - the fixture
    from playwright.sync_api import expect

    path = new_record(tmp_path)
    with serving(path) as served:
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.on("pageerror", lambda exc: console.append(str(exc)))
        # run by the browser itself, outside the page's policy: it hears every violation the policy reports
        page.add_init_script(
            "window.violations = [];"
            "document.addEventListener('securitypolicyviolation', e => window.violations.push(e.violatedDirective));"
        )
        page.goto(served.seats["ann"])
        expect(page.locator("#picture svg rect").first).to_be_visible(timeout=WAIT * 1000)
        page.locator("details.typed summary").click()
        page.locator("#typed-move").fill("choose A B C")
        page.locator("#typed button[type=submit]").click()
        expect(page.locator("#log li")).to_have_count(1, timeout=WAIT * 1000)
        assert [player for player, _ in session.load(path).played] == ["ann"]
        assert page.evaluate("window.violations") == []
        assert not [line for line in console if "Content Security Policy" in line], console
        # and the policy holds: a script written into the page (as an injection would) does not run
        page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
                      " document.body.append(s); }")  # fmt: skip
        assert page.evaluate("window.ran") is None and page.evaluate("window.violations") == ["script-src-elem"]
        page.context.close()
        assert served.stop()[0] == 0
