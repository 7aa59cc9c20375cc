"""The table page in a real browser: Debian's chromium driven by Playwright, at a phone's 390 x 844.

Two seats of a Hauling Astronauts game with hidden transports play by tapping, each in its own
browser context, against `pnp ref serve` in a subprocess; a phone loses the network and comes back;
answers are lost on the way. What is hard to get from a real server on cue (a stream that goes
silent, a read-only record, each kind of refusal) comes from a stand-in server on 127.0.0.1. Every
wait is bounded; nothing here measures speed. With PNP_SCREENSHOTS set, the phone and host
screenshots of docs/table.md are written there (otherwise to a temporary folder).
"""

from __future__ import annotations

import datetime
import http.server
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import procs
from support.browser import BOUND, CHROMIUM, past_version, unfold
from support.moves import playable

from pnp.referee import notation, record, session
from pnp.table.words import page_values
from pnp.texts import table_words

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip(
        "Debian's chromium is not installed (apt-get install chromium; .ci/run does it)", allow_module_level=True
    )

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "table_fixtures"
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1280, "height": 800}
expect.set_options(timeout=BOUND)
# ms: how soon a phone back on the network must show the table as it is (issue 25 asks 5 s; 3 s more for a
# loaded machine). The time taken is printed, not asserted closer.
CATCH_UP = 8_000


def _serve(path: Path) -> tuple[subprocess.Popen[str], dict]:
    """`pnp ref serve RECORD --port 0 --json`, and the addresses from its first line."""
    command = [sys.executable, "-m", "pnp", "ref", "serve", str(path), "--port", "0", "--json"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stdout], daemon=True).start()
    try:
        first = lines.get(timeout=30)
        return server, json.loads(first)
    except (queue.Empty, ValueError):
        _stop(server)
        raise AssertionError(f"pnp ref serve did not start: {first if 'first' in locals() else 'no output'}") from None


def _stop(server: subprocess.Popen[str]) -> None:
    server.send_signal(signal.SIGINT)  # Ctrl-C, as at the table
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@pytest.fixture
def table(tmp_path) -> Iterator[tuple[Path, dict]]:
    """A fresh Hauling Astronauts record with hidden transports for ann and bob, served."""
    path = tmp_path / "g.pnp"
    session.new(path, "hauling-astronauts", ["ann", "bob"], ["hidden_transports=true"], 0, None).save()
    server, urls = _serve(path)
    try:
        yield path, urls
    finally:
        _stop(server)


def _open(browser, url: str, viewport: dict, errors: list[str], bodies: list[str] | None = None):
    """``url`` in a browser context of its own (its own cookies and storage, as a phone of its own)."""
    page = browser.new_context(viewport=viewport, device_scale_factor=1).new_page()
    page.on("pageerror", lambda exc: errors.append(f"{url}: {exc}"))
    if bodies is not None:  # every state this page is sent, read as it arrives
        page.on("response", lambda r: bodies.append(r.text()) if r.url.endswith("/state") and r.ok else None)
    page.goto(url)
    expect(page.locator("#turn")).not_to_have_text(re.compile("Loading"))
    return page


@pytest.fixture(scope="module")
def phone(browser) -> Iterator[Any]:
    """The phone of the module's tests that need nothing of a phone of their own (one browser context for them:
    a context of its own costs Chromium several times the page); ``phone.errors`` lists its pages' script errors."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    yield page
    context.close()


def _visit(phone, url: str):
    """``url`` opened on the module's ``phone``, its earlier script errors forgotten."""
    phone.errors.clear()
    phone.goto(url)
    expect(phone.locator("#turn")).not_to_have_text(re.compile("Loading"))
    return phone


def _fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the page scrolls sideways"


def _place(page, die: str, space: str) -> None:
    """Place the ``die`` on ``space`` as a player does: the die in the picker (unless the only one), then the space."""
    step = page.locator("#moves button.step").filter(has_text=re.compile(f"^the {die}$"))
    if step.count():
        step.click()
    page.locator(f"#moves button[data-move='place {die} {space}']").click()


def _transport_names() -> dict[str, str]:
    data = yaml.safe_load((ROOT / "data" / "hauling-astronauts.yaml").read_text())
    return {t["id"]: t["name"] for fleet in data["fleets"] for t in fleet["transports"]}


def _keys(path: Path, player: str) -> dict[str, tuple[str, str]]:
    return json.loads(path.with_name(f"{path.name}.{player}.key").read_text())


def _never_shown(page, path: Path, other: str, names: dict[str, str]) -> None:
    """Nothing on ``page`` (text, attributes, the picture) names ``other``'s transports or their salts."""
    html = page.content()
    for slot, (value, salt) in _keys(path, other).items():
        assert names[value] not in html, f"{other}'s {slot} ({names[value]}) is on the page"
        assert salt not in html
        assert f"secret {slot} {value}" not in html


def _seal(page, slot: str, value: str) -> None:
    page.locator(f"#moves button[data-move='secret {slot} {value}']").click()
    dialog = page.locator("#confirm")
    expect(dialog).to_be_visible()
    dialog.locator("#confirm-ok").click()
    expect(dialog).to_be_hidden()


def _error_line(page) -> str:
    error = page.locator("#error")
    expect(error).to_be_visible(timeout=BOUND)
    text = page.locator("#error-text").inner_text()
    assert text and "\n" not in text and len(text) < 240, text
    return text


def _finish(path: Path, seed: int) -> dict:
    """Play the game to its end from outside the page, as the CLI would (under the record's lock)."""
    rng = random.Random(seed)
    with record.locked(path):
        current = session.load(path)
        while current.state.to_move() is not None:
            current.play(notation.format(current.game, rng.choice(playable(current))))
        current.save()
    return json.loads(
        subprocess.run([sys.executable, "-m", "pnp", "ref", "score", str(path), "--json"],
                       check=True, capture_output=True, text=True).stdout
    )  # fmt: skip


def test_two_phones_play_hauling_astronauts_by_tapping(browser, table, shots):
    path, urls = table
    names = _transport_names()
    errors: list[str] = []
    received: dict[str, list[str]] = {"ann": [], "bob": []}
    ann = _open(browser, urls["seats"]["ann"], PHONE, errors, received["ann"])
    bob = _open(browser, urls["seats"]["bob"], PHONE, errors, received["bob"])
    for page in (ann, bob):
        _fits(page)
    expect(ann.locator("#turn")).to_have_attribute("data-turn", "yours")
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "waiting")
    assert bob.locator("#moves button").count() == 0

    # Set-up: each seals its transports on its own phone; a cancelled confirmation seals nothing.
    before = path.read_bytes()
    expect(ann.locator("#log-h")).to_be_hidden()  # no "Moves so far" over nothing before the first move
    assert ann.locator("#moves button.move").count() > 3
    assert ann.locator("#moves button.move[title]").count() == 0  # no notation on hover ("secret t1 C")
    ann.locator("#moves button[data-move='secret t1 C']").click()
    ann.locator("#confirm-cancel").click()
    expect(ann.locator("#confirm")).to_be_hidden()
    assert path.read_bytes() == before
    for slot, value in (("t1", "C"), ("t2", "A"), ("t3", "F")):
        _seal(ann, slot, value)
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "yours", timeout=BOUND)
    for slot, value in (("t1", "W"), ("t2", "X"), ("t3", "Z")):
        _seal(bob, slot, value)
    expect(ann.locator("#turn")).to_have_attribute("data-turn", "yours", timeout=BOUND)
    for page, own in ((ann, ("Heron", "Tortoise", "Needle")), (bob, ("Magpie", "Comet", "Titan"))):
        private = page.locator("#private").inner_text()
        assert all(name in private for name in own), private  # each phone shows its own transports
    _never_shown(ann, path, "bob", names)
    _never_shown(bob, path, "ann", names)
    assert "commit t1" in path.read_text() and "secret" not in path.read_text()

    # The opening roll, entered face by face on the chance picker (in any order).
    picker = ann.locator("#moves .picker")
    for face in ("5", "2", "3"):
        picker.locator(f"button.face[data-face='{face}']").click()
    assert picker.locator("button.face[data-face='6']").is_disabled()  # three faces picked: no fourth
    picker.locator("button.enter[data-move='roll 2 3 5']").click()
    expect(bob.locator("#log")).to_contain_text("roll", timeout=BOUND)
    expect(bob.locator("#log-section")).to_be_visible()
    _fits(ann)

    # A few placements, each seen on the other phone within the bound.
    _place(ann, "2", "a1")
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "yours", timeout=BOUND)
    expect(bob.locator("#last")).to_contain_text("place the 2 on a1", timeout=BOUND)
    _place(bob, "3", "b2")
    expect(ann.locator("#turn")).to_have_attribute("data-turn", "yours", timeout=BOUND)
    expect(ann.locator("#last")).to_contain_text("place the 3 on b2", timeout=BOUND)
    _fits(ann)
    _fits(bob)

    # Refusals are one readable line, and the record is left byte-identical.
    before = path.read_bytes()
    ann.locator("details.typed summary").click()
    ann.locator("#typed-move").fill("place 6 c3")  # no 6 was rolled
    ann.locator("#typed button[type=submit]").click()
    refusal = _error_line(ann)
    assert "rule" in refusal, refusal
    ann.locator("#typed").scroll_into_view_if_needed()
    ann.screenshot(path=shots / "table-refusal.png")
    bob.locator("details.typed summary").click()
    bob.locator("#typed-move").fill("place 5 c3")
    bob.locator("#typed button[type=submit]").click()
    assert "ann" in _error_line(bob)  # not bob's turn
    assert path.read_bytes() == before
    ann.locator("#error-close").click()
    expect(ann.locator("#error")).to_be_hidden()
    for page in (ann, bob):
        page.locator("details.typed summary").click()  # put the typing away again

    # Undo asks first, then takes the move back on every page.
    _place(ann, "5", "c3")
    expect(bob.locator("#last")).to_contain_text("place the 5 on c3", timeout=BOUND)
    expect(bob.locator("#undo")).to_be_hidden()  # only the last move's own player may take it back
    expect(ann.locator("#undo")).to_have_text("Take back your last move…")
    ann.locator("#undo").click()
    expect(ann.locator("#confirm")).to_be_visible()
    expect(ann.locator("#confirm-what")).to_contain_text("place the 5 on c3")
    # the dialog's words are the button's: "Take it back" goes ahead, and the other is no "Cancel", which read as
    # cancelling the move
    expect(ann.locator("#confirm-cancel")).to_have_text("Keep it")
    ann.locator("#confirm-ok").click()
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "waiting", timeout=BOUND)
    expect(bob.locator("#last")).to_contain_text("place the 3 on b2", timeout=BOUND)
    # the other phones say a move was taken back, where the board only went back a move
    expect(bob.locator("#last")).to_have_text("ann took back their last move. Last: bob: place the 3 on b2")
    expect(ann.locator("#last")).to_contain_text("You took back your last move.")
    assert path.read_text().rstrip().splitlines()[-1].split(" #")[0].endswith("undo")
    _place(ann, "5", "c1")
    expect(bob.locator("#last")).to_have_text("Last: ann: place the 5 on c1", timeout=BOUND)
    for face in ("1", "4", "6"):
        bob.locator(f"#moves .picker button.face[data-face='{face}']").click()
    bob.locator("#moves .picker button.enter").click()
    expect(bob.locator("#moves .chooser[data-key='choice:place']")).to_be_visible()
    bob.evaluate("window.scrollTo(0, 0)")
    bob.set_viewport_size({"width": PHONE["width"], "height": 1120})  # a long phone: the moves below the picture
    bob.screenshot(path=shots / "table-seat.png")
    bob.set_viewport_size(PHONE)
    for page, other in ((ann, "bob"), (bob, "ann")):
        _never_shown(page, path, other, names)
        _fits(page)

    # The shared screen: the picture, the log, the turn and the score, and no secret of anyone's.
    screen = _open(browser, urls["url"], SCREEN, errors)
    expect(screen.locator("#log")).to_contain_text("roll 1, 4 and 6")  # in words; the notation is folded
    expect(screen.locator("#log")).to_be_visible()
    expect(screen.locator("#notation")).to_contain_text("roll 1 4 6")
    for player in ("ann", "bob"):
        _never_shown(screen, path, player, names)
    screen.screenshot(path=shots / "table-host.png")

    # Every state either phone was sent so far: never a word of the other seat's transports.
    for seat, other in (("ann", "bob"), ("bob", "ann")):
        assert received[seat], seat
        for body in received[seat]:
            for value, salt in _keys(path, other).values():
                assert names[value] not in body and salt not in body
    sent = {seat: len(bodies) for seat, bodies in received.items()}

    # The end, played from outside the page (a CLI change): every page shows the score and winners.
    score = _finish(path, seed=10)  # a close game: 9 to 10
    winners = " and ".join(score["winners"])
    for page in (ann, bob, screen):
        expect(page.locator("#score-h")).to_have_text("Final score")
        expect(page.locator("#score .winners")).to_contain_text(winners)
        expect(page.locator("#turn")).to_have_attribute("data-turn", "over")
        rows = page.locator("#score tbody tr")
        shown = [(rows.nth(i).locator("th").inner_text().split()[0], rows.nth(i).locator("td.num").inner_text())
                 for i in range(rows.count())]  # fmt: skip
        assert shown == [(p["name"], str(p["score"])) for p in score["players"]]
    expect(bob.locator("#moves-section")).to_be_hidden()  # nothing left to play: the result comes first
    bob.evaluate("window.scrollTo(0, 0)")
    bob.screenshot(path=shots / "table-end.png")
    _fits(ann)

    # After the end, the transports have been revealed; their salts never are.
    for seat, other in (("ann", "bob"), ("bob", "ann")):
        assert len(received[seat]) > sent[seat]
        for body in received[seat]:
            assert not any(salt in body for _value, salt in _keys(path, other).values())
    assert errors == []


TABLE = ROOT / "pnp" / "table"
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css"}


def _seat_page(state: dict) -> str:
    """The page's own seat template for ``state``'s seat, its API at /s/T."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TABLE / "templates"), autoescape=True)
    return env.get_template("seat.html").render(
        title=state["game"], seat=state["seat"], api="/s/T", players=state["players"], **page_values(table_words(None))
    )


def _route_fixture(page, state: dict, posts: list, requests: list) -> None:
    """Serve the page's own templates and assets with a fixed state, recording what the page sends."""
    html = _seat_page(state)

    def answer(route) -> None:
        request = route.request
        requests.append(request.url)
        where = request.url.split("://", 1)[1].split("/", 1)[1]
        if where.startswith("static/"):
            asset = TABLE / where
            route.fulfill(body=asset.read_bytes(), content_type=ASSET_TYPES[asset.suffix])
        elif where == "s/T/state":
            route.fulfill(json=state)
        elif where == "s/T/events":
            if requests.count(request.url) == 1:  # the first stream fails outright: the page must try again
                route.fulfill(status=503, body="")
            else:
                route.fulfill(body=": quiet\n\nretry: 60000\n\n", content_type="text/event-stream")
        elif where in ("s/T/play", "s/T/undo"):
            sent = json.loads(request.post_data or "{}")
            posts.append((where, {k: v for k, v in sent.items() if k != "tap"}))  # a tap's id is random
            route.fulfill(status=422, json={"error": "a refusal\nover two lines (rule: one line)"})
        elif where == "s/T":
            route.fulfill(body=html, content_type="text/html")
        else:
            route.abort()

    page.context.route("**/*", answer)


def test_the_page_shows_data_as_text_and_draws_only_the_picture(browser):
    """A hostile state: markup in every field, a picture with scripts, handlers and outside links."""
    state = json.loads((FIXTURES / "hostile_state.json").read_text())
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    posts: list = []
    requests: list = []
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _route_fixture(page, state, posts, requests)
    page.goto("http://table.test/s/T")
    expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")

    # the event stream failed at once; the page opens a new one and looks at the state again
    def seen(url: str) -> bool:
        for _ in range(BOUND // 100):
            if requests.count(url) >= 2:
                return True
            page.wait_for_timeout(100)
        return False

    assert seen("http://table.test/s/T/events") and seen("http://table.test/s/T/state")

    # markup arrives as text, everywhere it is shown
    assert page.locator("h1 .who").inner_text() == "<b>x</b>’s seat"
    assert page.locator("h1 .game").inner_text() == "A <i>hostile</i> game"
    assert "<img" in page.locator("#log").text_content()
    assert page.locator("#private dt").inner_text().startswith("goal <img")
    assert page.locator("#log img, #private img, #private script, #score u, #score em").count() == 0
    # the picture: drawn, fitted, and stripped of everything that runs or fetches
    svg = page.locator("#picture svg")
    expect(svg).to_have_count(1)
    assert svg.locator("text").text_content() == "<b>x</b> to move"
    assert svg.locator("circle").count() == 1
    for hostile in ("script", "foreignObject", "image", "a"):
        assert page.locator(f"#picture {hostile}").count() == 0, hostile
    handlers = page.evaluate(
        "[...document.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.name))"
        ".filter(n => n.startsWith('on'))"
    )
    assert handlers == []
    assert page.evaluate("document.querySelector('#picture rect[fill^=url]')") is None
    box = svg.bounding_box()
    assert box and box["width"] <= PHONE["width"]
    page.locator("#picture svg circle").click()
    page.wait_for_timeout(100)
    assert page.evaluate("window.__pwned") is None
    assert not any("example.invalid" in url for url in requests)
    _fits(page)

    # many buttons: grouped by verb with counts; a long group is a picker, its labels under headings
    # made of their first words, with a search box
    fly = page.locator("details.group[data-verb='fly']")
    assert fly.locator("summary .count").inner_text() == "27 moves"
    unfold(fly)
    expect(fly.locator("details.heading > summary > span:first-child")).to_have_text(["jet 1", "jet 2", "jet 3"])
    fly.locator("input.find").fill("port louis")
    assert fly.locator("button.move:visible").count() == 3
    fly.locator("input.find").fill("")
    fly.locator("details.heading > summary").first.click()
    assert fly.locator("button.move:visible").count() == 9
    assert fly.locator("button.move").first.inner_text() == "jet 1: Algiers to Monaco"  # by name

    # a secret asks first; cancelling sends nothing
    goal = page.locator("details.group[data-verb='your goal <i>card</i>']")
    unfold(goal)
    page.locator("button[data-move='secret goal 2']").click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-what")).to_have_text("goal 2: <b>aircraft</b> 2")
    expect(page.locator("#confirm-title")).to_have_text("Seal your goal <i>card</i>?")  # the slot's words, as text
    page.keyboard.press("Escape")
    expect(page.locator("#confirm")).to_be_hidden()
    assert posts == []
    page.locator("button[data-move='secret goal 2']").click()
    page.locator("#confirm-ok").click()
    expect(page.locator("#error")).to_be_visible()
    assert posts == [("s/T/play", {"move": "secret goal 2", "version": "v1"})]
    assert page.locator("#error-text").inner_text() == "a refusal over two lines (rule: one line)"
    # a single-face chance input is one tap, with its odds
    unfold(page.locator("details.group[data-verb='draw']"))
    expect(page.locator("button[data-move='draw hold']")).to_contain_text("75 % chance")
    page.locator("button[data-move='draw hold']").click()
    for _ in range(BOUND // 50):  # the tap's POST reaches the stand-in after the click returns
        if len(posts) == 2:
            break
        page.wait_for_timeout(50)
    assert posts[-1] == ("s/T/play", {"move": "draw hold", "version": "v1"})
    # a picture that is not one <svg> is not drawn, and the page says so
    state.update(picture='<p onclick="window.__pwned = 1">not a picture</p><svg></svg>', version="v2")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the network back: the page looks again
    expect(page.locator("#picture")).to_have_text("The picture could not be drawn.")
    assert page.locator("#picture p[onclick], #picture svg").count() == 0
    assert errors == []


def test_a_player_asks_for_a_suggested_move_and_plays_it(phone, tmp_path, shots):
    """Aeronaut Odyssey, past its set-up: the seat to move taps "Suggest a move", sees the pick marked, plays it."""
    path = tmp_path / "a.pnp"
    session.new(path, "aeronaut-odyssey", ["ann", "bob"], [], 3, None).save()
    rng = random.Random(3)
    with record.locked(path):
        current = session.load(path)
        while current.state.stage() != "play" or len(current.state.legal_moves()) < 2:
            current.play(notation.format(current.game, rng.choice(playable(current))))
        current.save()
    mover = current.state.to_move()
    server, urls = _serve(path)
    try:
        page = _visit(phone, urls["seats"][mover])
        expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")
        before, before_version = path.read_bytes(), page.evaluate("document.body.dataset.version")
        page.locator("#suggest").click()
        expect(page.locator("#suggestion")).to_have_text(re.compile(r"^Suggested: \S"))
        marked = page.locator("#moves button.move.suggested")
        expect(marked).to_have_count(1)
        expect(marked).to_be_in_viewport()
        assert page.locator("#suggestion").inner_text() == f"Suggested: {marked.locator('.label').inner_text()}"
        assert path.read_bytes() == before, "asking for a hint changed the record"
        _fits(page)
        page.screenshot(path=shots / "table-suggestion.png")
        played = marked.get_attribute("data-move")
        marked.focus()  # played from the keyboard: the focus goes on from the moves, not from the page's top
        page.keyboard.press("Enter")
        expect(page.locator("#suggestion")).to_have_text("")
        after = session.load(path)
        assert after.played[-1][0] == mover and notation.format(after.game, after.played[-1][1]) == played
        past_version(page, before_version)
        focused = "document.activeElement.closest('#moves-section') !== null"
        assert page.evaluate(focused), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
        expect(page.locator("#last")).to_have_attribute("aria-live", "polite")  # another seat's move is read out too
        assert not page.errors, page.errors
    finally:
        _stop(server)


# The page's content security policy once the server's guard sends it (issue 25): no inline script or style.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
)


def _strict(context, violations: list[str]) -> None:
    """Serve ``context``'s pages and assets with ``CSP``, noting every violation the browser reports.

    Only the page and its assets are relayed: Playwright fetches them itself, past the browser's
    network (and its offline switch), so the API is left to the browser.
    """

    def relayed(url: str) -> bool:
        return "/static/" in url or re.search(r"/s/[^/]+$", url) is not None

    def answer(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})

    context.route(relayed, answer)
    context.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)


TURN_NOTE = "getComputedStyle(document.getElementById('turn'), '::after').content"  # what the turn adds


def test_a_phone_offline_for_30_s_catches_up_within_5_s_of_the_network_coming_back(browser, table, shots, tmp_path):
    """bob's phone loses the network while ann seals her transports; back online, it shows its turn. The 30 s
    pass on the page's own clock, every timer of the page firing as it would: the test moves it on at once."""
    _path, urls = table
    errors: list[str] = []
    violations: list[str] = []
    ann = _open(browser, urls["seats"]["ann"], PHONE, errors)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    _strict(context, violations)
    bob = context.new_page()
    bob.on("pageerror", lambda exc: errors.append(str(exc)))
    bob.clock.install()  # the page's time flows as ever, until the test moves it on
    bob.goto(urls["seats"]["bob"])
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "waiting")
    expect(bob.locator("#conn")).to_have_attribute("data-conn", "live")
    bob.evaluate("window.__sameDocument = true")  # gone if the page were ever reloaded

    context.set_offline(True)
    expect(bob.locator("#conn")).to_have_attribute("data-conn", "offline")
    expect(bob.locator("#conn")).not_to_have_text("Live")
    assert "out of date" in bob.evaluate(TURN_NOTE)  # the turn, still in view when scrolled, says so too
    bob.screenshot(path=shots / "table-offline.png")
    for slot, value in (("t1", "C"), ("t2", "A"), ("t3", "F")):
        _seal(ann, slot, value)
    expect(ann.locator("#turn")).to_have_attribute("data-turn", "waiting")
    bob.clock.run_for(30_000)
    assert bob.locator("#turn").get_attribute("data-turn") == "waiting"  # it really was cut off
    assert bob.locator("#conn").get_attribute("data-conn") == "offline"

    context.set_offline(False)
    back = time.monotonic()
    expect(bob.locator("#turn")).to_have_attribute("data-turn", "yours", timeout=CATCH_UP)
    caught_up = time.monotonic() - back
    expect(bob.locator("#turn")).to_have_text(re.compile("Your turn"))
    expect(bob.locator("#conn")).to_have_attribute("data-conn", "live", timeout=CATCH_UP)
    assert bob.evaluate(TURN_NOTE) == "none"
    print(f"bob's phone showed its turn {caught_up:.2f} s after the network came back")
    bob.screenshot(path=tmp_path / "back-online.png")
    assert bob.evaluate("window.__sameDocument") is True, "the page was reloaded"
    assert bob.locator("#moves button[data-move^='secret t1 ']").count() > 0
    assert errors == [] and violations == []


def _answer_lost(page, path: str, answer: dict | None) -> None:
    """The next POST to ``path`` reaches the server, but the page gets ``answer`` instead (None: no answer)."""

    def lose(route) -> None:
        route.fetch()  # the server handles it
        if answer is None:
            route.abort("connectionreset")
        else:
            route.fulfill(status=answer.pop("status"), json=answer)

    page.route(f"**{path}", lose, times=1)


def test_a_move_whose_answer_is_lost_is_said_to_be_played(browser, table):
    """A 500 or a dropped connection after the server saved the move: the page says it was played."""
    path, urls = table
    errors: list[str] = []
    ann = _open(browser, urls["seats"]["ann"], PHONE, errors)
    internal = {"status": 500, "error": "internal error: the server's terminal says more", "kind": "internal"}

    _answer_lost(ann, "/play", dict(internal))
    _seal(ann, "t1", "C")
    expect(ann.locator("#error-lead")).to_have_text("Played:")
    expect(ann.locator("#error")).to_have_attribute("data-tone", "ok")
    assert "commit t1" in path.read_text()

    ann.locator("#error-close").click()  # the next line read is the next move's
    _answer_lost(ann, "/play", None)
    _seal(ann, "t2", "A")
    expect(ann.locator("#error-lead")).to_have_text("Played:")
    expect(ann.locator("#error")).to_have_attribute("data-tone", "ok")
    assert "commit t2" in path.read_text()

    # an error that did leave the record as it was is said as such, in one line
    ann.locator("#error-close").click()
    before = path.read_bytes()
    said = {key: value for key, value in internal.items() if key != "status"}
    ann.route("**/play", lambda route: route.fulfill(status=500, json=said))
    _seal(ann, "t3", "F")
    expect(ann.locator("#error-lead")).to_have_text("Not played:")
    expect(ann.locator("#error")).to_have_attribute("data-tone", "bad")
    assert _error_line(ann) == "internal error: the server's terminal says more"
    assert path.read_bytes() == before
    ann.unroute("**/play")

    # an undo whose answer is lost while the page is cut off: said once the page can look again
    _answer_lost(ann, "/undo", None)
    ann.context.set_offline(True)
    ann.locator("#undo").click()
    ann.locator("#confirm-ok").click()
    expect(ann.locator("#error-lead")).to_have_text("Not known yet:")
    ann.context.set_offline(False)
    expect(ann.locator("#error-lead")).to_have_text("Taken back:", timeout=CATCH_UP)
    assert path.read_text().rstrip().splitlines()[-1].split(" #")[0].endswith("undo")
    assert errors == []


class _FakeTable(http.server.ThreadingHTTPServer):
    """A stand-in table server on 127.0.0.1 for the page's own templates and assets: ``state`` as the state,
    each event stream one ``beat`` with its version once ``beats`` is set, then silent (held open until the
    test ends, 60 s at most), and ``refusal`` (status, JSON) as the answer to every POST.
    """

    daemon_threads = True

    def __init__(self, state: dict) -> None:
        super().__init__(("127.0.0.1", 0), _FakeTableHandler)
        self.state = state
        self.refusal: tuple[int, dict] = (500, {})
        self.streams = 0
        self.beats = threading.Event()
        self.beats.set()
        self.closing = threading.Event()
        self.url = f"http://127.0.0.1:{self.server_port}/s/T"


class _FakeTableHandler(http.server.BaseHTTPRequestHandler):
    server: _FakeTable

    def do_GET(self) -> None:
        if self.path.startswith("/static/"):
            asset = TABLE / self.path.lstrip("/")
            self._send(asset.read_bytes(), ASSET_TYPES[asset.suffix])
        elif self.path == "/s/T":
            self._send(_seat_page(self.server.state).encode(), "text/html")
        elif self.path == "/s/T/state":
            self._send(json.dumps(self.server.state).encode(), "application/json")
        elif self.path == "/s/T/events":
            self.server.streams += 1
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            self.wfile.flush()
            self.server.beats.wait(60)
            beat = json.dumps({"version": self.server.state["version"]})
            self.wfile.write(f"event: beat\ndata: {beat}\n\n".encode())
            self.wfile.flush()
            self.server.closing.wait(60)
        else:
            self.send_error(404)

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        status, answer = self.server.refusal
        self._send(json.dumps(answer).encode(), "application/json", status)

    def _send(self, body: bytes, kind: str, status: int = 200) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def fake_table() -> Iterator[_FakeTable]:
    """A :class:`_FakeTable` on the hostile fixture's state, served for the test's length."""
    server = _FakeTable(json.loads((FIXTURES / "hostile_state.json").read_text()))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.closing.set()
        server.shutdown()
        server.server_close()


def _state_requests_in_flight(page) -> set:
    """The page's state requests sent and not yet answered, kept up to date as Playwright hears of them."""
    asking: set = set()
    page.on("request", lambda request: request.url.endswith("/state") and asking.add(request))
    page.on("requestfinished", lambda request: asking.discard(request))
    page.on("requestfailed", lambda request: asking.discard(request))
    return asking


def test_a_stream_silent_for_20_s_is_taken_for_dead_and_replaced(browser, fake_table):
    """After beats, 20 s without a word: the page says it has no news, opens a new stream, looks again."""
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    page.clock.install()
    page.clock.pause_at(datetime.datetime(2030, 1, 1))  # the page's time moves only when the test says
    asking = _state_requests_in_flight(page)
    fake_table.beats.clear()
    page.goto(fake_table.url)
    expect(page.locator("#conn")).to_have_attribute("data-conn", "live")  # the stream is open
    expect(page.locator("#log li")).to_have_count(2)
    page.evaluate(  # every line the connection status says from now on
        """() => {
            const conn = document.getElementById("conn");
            window.__said = [];
            new MutationObserver(() => __said.push(conn.textContent)).observe(conn, { childList: true });
        }"""
    )
    # the beat names a version other than the one shown: the page fetches it
    fake_table.state = {**fake_table.state, "version": "v2", "log": fake_table.state["log"][:1]}
    fake_table.beats.set()
    expect(page.locator("#log li")).to_have_count(1)
    # moving the clock on while a state request is still on its way would time it out: wait for its answer
    deadline = time.monotonic() + 10
    while asking and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert not asking, "a state request went unanswered for 10 s"
    page.clock.run_for(19_000)  # quiet, but not for long enough
    assert page.evaluate("__said") == [] and fake_table.streams == 1
    page.clock.run_for(2_000)
    expect(page.locator("#conn")).to_have_attribute("data-conn", "live")  # the new stream's beat
    assert page.evaluate("__said")[:2] == ["Offline: retrying…", "Live"]
    assert fake_table.streams == 2


def test_a_read_only_record_shows_the_game_without_moves(phone, fake_table):
    fake_table.state = {**fake_table.state, "read_only": True}
    page = _visit(phone, fake_table.url)
    expect(page.locator("#read-only")).to_have_text("This record is read-only: moves cannot be saved.")
    expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")
    expect(page.locator("#picture svg")).to_have_count(1)
    for hidden in ("#moves-section", "#tools", "#undo"):
        expect(page.locator(hidden)).to_be_hidden()
    _fits(page)


# What a phone says of a move the server refused, by the answer's kind (the record did not change).
NOT = "Not played:"
REFUSALS = [
    ((422, {"error": "no 6 in Booked (rule: a die)", "kind": "refused"}), "Refused:", "no 6 in Booked (rule: a die)"),
    ((409, {"error": "moved on", "kind": "stale", "version": "v0"}), NOT, "the game moved on: look again"),
    ((403, {"error": "it is ann's turn, not bob's", "kind": "turn"}), NOT, "it is ann's turn, not bob's"),
    ((403, {"error": "read-only", "kind": "read_only"}), NOT, "this record is read-only: moves cannot be saved"),
    ((507, {"error": "the server could not save this move: the disk is full", "kind": "unsaved"}),
     NOT, "the server could not save this move: the disk is full"),
    ((500, {"error": "internal error: the server's terminal says more", "kind": "internal"}),
     NOT, "internal error: the server's terminal says more"),
    ((503, {"error": "too many connections:\ntry again", "kind": "a-kind-from-the-future"}),
     NOT, "too many connections: try again"),
    ((422, {"error": "an older server's refusal"}), "Refused:", "an older server's refusal"),
    ((502, {}), NOT, "the server answered 502 Bad Gateway"),
]  # fmt: skip


def test_each_refusal_is_one_line_that_says_the_move_was_not_played(phone, fake_table):
    page = _visit(phone, fake_table.url)
    move = page.locator("button[data-move='draw hold']")
    for refusal, lead, line in REFUSALS:
        fake_table.refusal = refusal
        if page.locator("#error").is_visible():
            page.locator("#error-close").click()  # so that the line read next is this refusal's
        move.click()
        expect(page.locator("#error-lead")).to_have_text(lead)
        assert _error_line(page) == line, refusal
        assert page.locator("#error").get_attribute("data-tone") == "bad"


MAP = "#picture g[data-name='map']"
# the picture as drawn, but for the part of it in view (the board's viewBox, which follows the player's moves)
PICTURE_BUT_VIEW = """() => {
    const picture = document.querySelector("#picture svg").cloneNode(true);
    picture.removeAttribute("viewBox");
    return picture.outerHTML;
}"""


def _same_text(text: str, other: str, name: str, other_name: str) -> None:
    """An AssertionError unless ``text`` is ``other``, quoting where they part (pytest's own diff of two long texts,
    a picture's markup, takes minutes)."""
    if text != other:
        at = next((i for i, (a, b) in enumerate(zip(text, other)) if a != b), min(len(text), len(other)))
        near = slice(max(at - 60, 0), at + 60)
        raise AssertionError(f"{name} parts from {other_name} at {at}: {text[near]!r} / {other[near]!r}")


def test_a_map_sent_apart_is_drawn_in_its_place_and_fetched_once(phone, tmp_path):
    """Take Off's world map is sent apart from the pictures, fetched once a page load, and stays in place from one
    picture to the next (the page draws the new picture round it), which is then the picture a fresh page draws."""
    path = tmp_path / "t.pnp"
    session.new(path, "take-off", ["ann", "bob"], [], 0, None).save()
    server, urls = _serve(path)
    asked: list[str] = []

    def note(request) -> None:
        if "/kept/" in request.url:
            asked.append(request.url)

    try:
        page = _visit(phone, urls["seats"]["ann"])
        page.on("request", note)
        expect(page.locator(MAP)).to_have_count(1)
        assert page.locator("#picture g[data-kept]").count() == 0  # the marker gave way to the map
        page.reload()
        expect(page.locator(MAP)).to_have_count(1)
        page.evaluate(f"() => {{ window.drawnMap = document.querySelector({MAP!r}); }}")
        with record.locked(path):  # a move: a new picture, the same map
            current = session.load(path)
            current.play(notation.format(current.game, current.offered("ann")[0]))
            current.save()
        expect(page.locator("#log li")).to_have_count(1)
        expect(page.locator(MAP)).to_have_count(1)
        assert page.evaluate(f"() => document.querySelector({MAP!r}) === window.drawnMap")  # not drawn again
        drawn_round = page.evaluate(PICTURE_BUT_VIEW)
        page.reload()
        expect(page.locator("#log li")).to_have_count(1)
        expect(page.locator(MAP)).to_have_count(1)
        _same_text(page.evaluate(PICTURE_BUT_VIEW), drawn_round, "a fresh page's picture", "the picture drawn round")
        assert len(asked) <= 2, asked  # once per page load at most: the browser keeps it
    finally:
        phone.remove_listener("request", note)  # the phone goes on to other tests
        _stop(server)
    assert phone.errors == []


def test_chromium_keeps_playwrights_settings_and_opens_no_address_bar_popup(browser):
    """Chromium heeds only the last --disable-features switch: the tests' own (support.browser.ARGS) names
    every feature Playwright turns off on the switch it passes first, and the address bar's popup."""
    if not procs.PROC.is_dir():
        pytest.skip("reads Chromium's command line from /proc, which this system has not")
    (command,) = [  # the browser's own, not its Debian wrapper's (a shell script that may stay to wait for it)
        line
        for line in procs.descendants(os.getpid())
        if "--remote-debugging-pipe" in line and Path(line[0]).name.startswith("chromium")
    ]
    switches = [arg.split("=", 1)[1].split(",") for arg in command if arg.startswith("--disable-features=")]
    assert len(switches) == 2, switches
    playwrights, heeded = switches
    assert not set(playwrights) - set(heeded), (
        f"add to support.browser.PLAYWRIGHT_OFF: {set(playwrights) - set(heeded)}"
    )
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= set(heeded)


def test_a_lost_tap_is_not_taken_for_the_move_another_phone_of_the_seat_played(browser, table):
    """Ann's seat open on two phones: the first, offline, taps a transport; the second seals another. The first,
    back online, said "Played:" of the second's move, as if its own tap had counted."""
    path, urls = table
    errors: list[str] = []
    ann, again = (_open(browser, urls["seats"]["ann"], PHONE, errors) for _ in range(2))
    ann.context.set_offline(True)
    _seal(ann, "t1", "C")
    expect(ann.locator("#error-lead")).to_have_text("Not known yet:")
    _seal(again, "t1", "A")
    expect(again.locator("#moves button[data-move^='secret t2 ']").first).to_be_visible()  # saved: t2 is asked next
    ann.context.set_offline(False)
    expect(ann.locator("#error-lead")).to_have_text("Not played:", timeout=CATCH_UP)
    assert _error_line(ann) == "the game moved on: look again"
    assert path.read_text().count("commit t1") == 1 and errors == []


def test_a_secret_sealed_after_the_game_moved_on_is_not_sent(browser, table):
    """A seal confirmed in a dialog opened before the seat's other phone sealed the slot was sent all the same,
    and refused with the referee's line for a terminal: the slot's name (t1) and 'pnp ref moves'."""
    path, urls = table
    errors: list[str] = []
    ann, again = (_open(browser, urls["seats"]["ann"], PHONE, errors) for _ in range(2))
    ann.locator("#moves button[data-move='secret t1 A']").click()
    expect(ann.locator("#confirm")).to_be_visible()
    _seal(again, "t1", "B")
    expect(ann.locator("#moves button[data-move^='secret t2 ']").first).to_be_attached()  # the page followed
    before = path.read_bytes()
    ann.locator("#confirm-ok").click()
    expect(ann.locator("#error-lead")).to_have_text("Not played:")
    assert _error_line(ann) == "the game moved on while you chose: that choice is no longer offered"
    assert path.read_bytes() == before and errors == []
