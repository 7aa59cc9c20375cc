"""``pnp ref serve`` as a user runs it: a real server in a subprocess, over real HTTP on 127.0.0.1.

Waits are bounded and generous: what is asserted is the answer or the event, never the speed.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from support.serve import WAIT, http_client, new_record, running, serving

from pnp.referee import record, session
from pnp.table import links
from pnp.table.lobby import HOST_HEADER
from pnp.table.server import lan_address

WEB_STACK = ("starlette", "uvicorn", "jinja2", "segno", "httpx", "anyio", "pnp.table")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="stops the server with SIGINT")


def test_serve_prints_its_addresses_answers_over_http_and_stops_cleanly_on_ctrl_c(tmp_path):
    path = new_record(tmp_path)
    with serving(path) as served, http_client() as http:
        assert served.url.startswith("http://127.0.0.1:") and served.url.endswith("/")
        assert set(served.seats) == {"ann", "bob"}
        page = http.get(served.url)
        assert page.status_code == 200 and "Hauling Astronauts" in page.text
        state = http.get(served.seats["ann"] + "/state").json()
        assert state["seat"] == "ann" and state["to_move"] == "ann" and state["moves"]
        assert http.get(served.url + "s/nope/state").status_code == 404
        with http.stream("GET", served.url + "host/events") as events:
            lines = events.iter_lines()
            assert _next_event(lines, "beat") == {"version": state["version"]}
            served.interrupt()
            assert all(line == "" or line.startswith(("event: beat", "data: ")) for line in lines), (
                "the stream ends with the server"
            )
        code, out, err = served.stop()
    assert code == 0, err
    assert out == "" and "Traceback" not in err, (out, err)


def test_an_event_follows_each_change_the_cli_and_the_page_make(tmp_path):
    path = new_record(tmp_path)
    with serving(path) as served, http_client() as client:
        with client.stream("GET", served.seats["bob"] + "/events") as events:
            assert events.headers["content-type"].startswith("text/event-stream")
            lines = events.iter_lines()
            assert _next_event(lines, "beat")  # the stream is open
            with record.locked(path):  # a change through the referee, as 'pnp ref play' makes it
                current = session.load(path)
                current.play("choose A B C")
                current.save()
            assert _next_event(lines) == {"version": current.last_hash}
            bob = client.get(served.seats["bob"] + "/state").json()
            played = client.post(
                served.seats["bob"] + "/play", json={"move": "choose U V W", "version": bob["version"]}
            )
            assert played.status_code == 200, played.text
            assert _next_event(lines) == {"version": played.json()["version"]}
        code, _, err = served.stop()
    assert code == 0 and "Traceback" not in err, err


def test_posts_at_once_are_served_one_after_the_other(tmp_path):
    path = new_record(tmp_path)
    with serving(path) as served, http_client() as client:
        ann = served.seats["ann"]
        version = client.get(ann + "/state").json()["version"]
        moves = ["choose A B C", "choose D E F", "choose B C D", "choose C D E"]
        answers: list[int] = []
        start = threading.Barrier(len(moves))

        def post(move: str) -> None:
            start.wait(timeout=WAIT)
            answers.append(client.post(ann + "/play", json={"move": move, "version": version}).status_code)

        threads = [threading.Thread(target=post, args=(move,)) for move in moves]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=WAIT)
        assert sorted(answers) == [200, 409, 409, 409], "one move is played; the others find the game moved on"
        assert len(session.load(path).played) == 1
        assert served.stop()[0] == 0


def _next_event(lines: Iterator[str], name: str = "change") -> dict:
    """The data of the next event called ``name`` (beats skipped)."""
    for line in lines:
        if line.startswith("event: "):
            data = next(lines)
            assert data.startswith("data: ")
            if line == f"event: {name}":
                return json.loads(data.removeprefix("data: "))
            assert line == "event: beat", f"unexpected event {line!r}"
        else:
            assert line == "", f"unexpected line {line!r}"
    raise AssertionError("the stream ended")


def test_links_survive_a_restart_and_new_links_replace_them(tmp_path):
    path = new_record(tmp_path)
    with serving(path) as served:
        first = tokens_of(served.seats)
        served.stop()
    kept = links.links_path(path)
    assert kept.stat().st_mode & 0o777 == 0o600
    with serving(path) as served:
        assert tokens_of(served.seats) == first
        served.stop()
    with serving(path, "--new-links") as served, http_client() as http:
        assert set(tokens_of(served.seats).values()).isdisjoint(first.values())
        assert http.get(f"{served.url}s/{first['ann']}/state").status_code == 404
        assert http.get(served.seats["ann"] + "/state").status_code == 200
        served.stop()
    assert kept.stat().st_mode & 0o777 == 0o600
    tokens = json.loads(kept.read_text())
    assert tokens == tokens_of(served.seats)
    assert all(len(token) >= 22 for token in tokens.values())  # at least 128 bits of URL-safe base64


def test_a_nights_shared_screen_key_survives_a_restart(tmp_path):
    """The night's shared-screen address acts after a restart, as the seat links do (a new key each start refused
    the old address, with --lan, once the server came back): the key is kept in the folder, owner-only, and the
    lobby takes it; a kept file that holds no key gets a new one."""
    urls = []
    for _ in range(2):
        with running("table", str(tmp_path)) as served, http_client() as http:
            urls.append(served.url)
            key = served.url.partition("/?host=")[2]
            assert http.get(served.url.partition("/?")[0] + "/lobby", headers={HOST_HEADER: key}).status_code == 200
            served.stop()
    assert urls[0].partition("/?host=")[2] == urls[1].partition("/?host=")[2]
    kept = tmp_path / links.HOST_KEY
    assert kept.stat().st_mode & 0o777 == 0o600 and kept.read_text().strip() == key
    kept.write_text("not a key\n")
    assert links.host_key(tmp_path) not in (key, "not a key") and kept.stat().st_mode & 0o777 == 0o600


def tokens_of(seats: dict[str, str]) -> dict[str, str]:
    return {player: url.rsplit("/", 1)[1] for player, url in seats.items()}


def test_lan_listens_everywhere_and_prints_this_machines_address(tmp_path):
    path = new_record(tmp_path)
    with serving(path, "--lan") as served, http_client() as http:
        port = served.url.rsplit(":", 1)[1].rstrip("/")
        assert served.url == f"http://{lan_address()}:{port}/"
        assert http.get(f"http://127.0.0.1:{port}/host/state").status_code == 200
        assert served.stop()[0] == 0
    socket.inet_aton(lan_address())  # an IPv4 address, found without contacting anyone


def test_the_text_output_names_each_seat_with_a_qr_code(cli, tmp_path, monkeypatch):
    from pnp.table import server

    monkeypatch.setattr(server._Server, "run", lambda self, sockets: sockets[0].close())
    path = new_record(tmp_path)
    code, out, err = cli("ref", "serve", str(path), "--port", "0")
    assert code == 0, err
    assert "shared screen" in out and "ann's phone" in out and "bob's phone" in out and "stopped" in out
    assert out.count("▀▀▀▀▀▀▀▀▀▀") >= 3, "a QR code for the host and each seat"
    assert "--lan" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--lan", "--host", "127.0.0.1"], "give --lan (every interface) or --host, not both"),
        (["--host", "203.0.113.7"], "cannot listen on 203.0.113.7:0"),
    ],
)
def test_serve_refuses_in_one_line(cli, tmp_path, args, message):
    path = new_record(tmp_path)
    code, out, err = cli("ref", "serve", str(path), "--port", "0", *args)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and message in err


def test_a_port_in_use_or_a_missing_record_is_one_line(cli, tmp_path):
    path = new_record(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = cli("ref", "serve", str(path), "--port", str(port))
    assert code == 1 and "cannot listen on 127.0.0.1" in err and err.count("\n") == 1
    code, _, err = cli("ref", "serve", str(tmp_path / "none.pnp"))
    assert code == 1 and "no such record" in err and err.count("\n") == 1


def test_other_ref_commands_load_none_of_the_web_stack(tmp_path):
    path = new_record(tmp_path)
    probe = (
        "import sys\n"
        "from pnp.cli.main import main\n"
        f"sys.argv = ['pnp', 'ref', 'play', {str(path)!r}, 'choose', 'A', 'B', 'C']\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {WEB_STACK!r} or m in {WEB_STACK!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], check=False, capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout
    assert "recorded: ann: choose A B C" in done.stdout
