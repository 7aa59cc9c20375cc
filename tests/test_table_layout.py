"""What reviewers met at a real game night, in Chromium: the shared screen's night panel with six codes at 1280 x 720
and 1920 x 1080, what every page says once the server has stopped, the board's opening frame on a phone on its side
(844 x 390), a waiting phone's page at its end, and a picker's answer that plays at once.

Pages come from the real server (``pnp table``, ``pnp ref serve``) where the test needs it (the night's lobby, a
server stopped, moves played by others), else from the table's own templates and assets answered by Playwright's
routing (test_table_board's ``Served``). Every wait is bounded. Screenshots go to the test's folder (or
$PNP_SCREENSHOTS), to look at."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from support.browser import BOUND, CHROMIUM, at_version, settled
from support.serve import http_client, running
from test_table_board import CUT, MEASURE, PHONE, PLACES, mid_game, new_phone, open_seat, seat_state
from test_table_night_browser import evening, start_in_the_lobby  # noqa: F401 - evening: the fixture
from test_table_turn_scroll import AFTER

from pnp.referee import session

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

expect.set_options(timeout=BOUND)
LAPTOP = {"width": 1280, "height": 720}
SCREEN = {"width": 1920, "height": 1080}
SIX = ["ann", "bob", "cy", "dee", "eve", "fay"]
LANDSCAPE = {"width": 844, "height": 390}  # a phone on its side
LEGIBLE = 12.0  # CSS px: the smallest text in sight at the starting frame


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """A phone whose pages are answered by routing (test_table_board's ``new_phone``), for the module."""
    page = new_phone(browser)
    yield page
    page.context.close()


# -- the night panel on the shared screen --------------------------------------------------------------------------

# Each thing on the night panel the host needs (a seat's card with its code, the buttons under them) that is not
# wholly on the screen, without scrolling: its words and box.
OFF_SCREEN = """() => [...document.querySelectorAll("#night .seat, #night button")].map((node) => {
  const r = node.getBoundingClientRect();
  return { what: node.textContent.trim().slice(0, 30), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}).filter((r) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)"""


@pytest.mark.parametrize("game", ["aloft", "take-off"])
def test_the_night_panels_rematch_new_game_and_results_stay_on_the_shared_screen_with_six_codes(
    browser,
    evening,  # noqa: F811 - the fixture
    shots,
    game,
):
    """A game for six started from the lobby at 1280 x 720: every seat's code and the row under them (Rematch, New
    game, Tonight's results) on the screen at once, none scrolled to; the codes filled the screen to its bottom edge
    and left that row under it. The same at 1920 x 1080."""
    _, url = evening
    screen = browser.new_context(viewport=LAPTOP, device_scale_factor=1).new_page()
    screen.goto(url)
    start_in_the_lobby(screen, game, SIX)
    expect(screen.locator(".seat img")).to_have_count(6)
    for size in (LAPTOP, SCREEN):
        screen.set_viewport_size(size)
        settled(screen)
        screen.screenshot(path=shots / f"night-{game}-{size['width']}.png")
        assert screen.evaluate("scrollY") == 0
        assert screen.evaluate(OFF_SCREEN) == [], f"off the screen at {size}"
        for name in ("Rematch", "New game", "Tonight's results"):
            expect(screen.get_by_role("button", name=name)).to_be_in_viewport(ratio=1)
    screen.context.close()


# -- the server stopped: every page says the same ------------------------------------------------------------------

# Each change of what the header's connection line says from now on, with when (Date.now()) and its kind.
HEARD = """() => {
  const conn = document.getElementById("conn");
  window.__said = [];
  new MutationObserver(() => __said.push([Date.now(), conn.textContent, conn.dataset.conn]))
    .observe(conn, { childList: true, attributes: true });
}"""


def test_with_the_server_stopped_every_page_says_reconnecting_then_offline_at_the_same_point(browser, tmp_path):
    """Three phones and the shared screen, the server stopped for 25 s: each page says "Reconnecting…" and then,
    20 s after the last it heard from the server, "Offline: retrying…", and nothing else in between, as
    docs/table.md says. Three phones said one and three the other: a broken stream said "Reconnecting…", a failed
    look at the state "Offline: retrying…", and the two took turns every 3 s."""
    path = tmp_path / "aloft.pnp"
    session.new(path, "aloft", ["ann", "bob", "cy"], [], 5, None).save()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    with running("ref", "serve", str(path)) as served:
        pages = {}
        for who, link in {"screen": served.url, **served.seats}.items():
            pages[who] = page = context.new_page()
            page.goto(link)
            expect(page.locator("#conn")).to_have_attribute("data-conn", "live")
            page.evaluate(HEARD)
        stopped = pages["screen"].evaluate("Date.now()")
        served.stop()
    pages["screen"].wait_for_timeout(25_000)
    for who, page in pages.items():
        said = page.evaluate("__said")
        lines = [text for n, (_, text, _) in enumerate(said) if n == 0 or said[n - 1][1] != text]
        assert lines == ["Reconnecting…", "Offline: retrying…"], f"{who}: {said}"
        offline = next(at for at, text, _ in said if text == "Offline: retrying…") - stopped
        assert 14_000 <= offline <= 22_000, f"{who}: offline {offline} ms after the server stopped"
        assert [kind for _, text, kind in said if text == "Offline: retrying…"][-1] == "offline"
        expect(page.locator("#turn")).to_have_css("border-top-style", "dashed")  # the turn line says so too
    context.close()


# -- a waiting phone at the end of its page ------------------------------------------------------------------------


def test_a_waiting_aloft_phone_leaves_nothing_it_taps_half_hidden_under_the_turn_line(browser, tmp_path, shots):
    """Aloft for six, cy's phone at 390 x 844 while the others play: its page, scrolled to its moves at its turn,
    shrinks at its end once they are gone, and the browser moves it up to end at the screen's bottom: Close-up and
    Whole board sat half hidden under the turn and Last: lines. Nothing a player taps is cut by the turn line's
    edge after any move."""
    path = tmp_path / "aloft.pnp"
    session.new(path, "aloft", SIX, [], 5, None).save()
    rng = random.Random(5)
    page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    with running("ref", "serve", str(path)) as served, http_client() as client:
        page.goto(served.seats["cy"])
        expect(page.locator("#conn")).to_have_attribute("data-conn", "live")
        cut = []
        for n in range(12):
            mover = client.get(served.seats["cy"] + "/state").json()["to_move"]
            theirs = client.get(served.seats[mover] + "/state").json()
            move = rng.choice(theirs["buttons"])["move"]
            client.post(served.seats[mover] + "/play", json={"move": move, "version": theirs["version"]})
            at_version(page, client.get(served.seats["cy"] + "/state").json()["version"])
            settled(page)
            after = page.evaluate(AFTER)
            if after["cut"]:
                page.screenshot(path=shots / f"waiting-{n}.png")
                cut.append((n, mover, move, after["cut"]))
    page.screenshot(path=shots / "waiting.png")
    page.context.close()
    assert cut == [], "cut by the turn line"
    assert errors == []


# -- a picker's answer that leads to one input ----------------------------------------------------------------------


@pytest.mark.parametrize(("language", "words"), [("en", "aircraft 3 (to a4)"), ("fr", "avion 3 (vers a4)")])
def test_an_answer_that_plays_its_input_at_once_says_where_it_goes(phone, tmp_path, shots, language, words):
    """Air King, Cy to move: under Depart aircraft, aircraft 3 has one square to go to, and its button, which plays
    the departure at once, says so in the game's words; aircraft 6, with two squares, takes the player a step on."""
    current = mid_game(tmp_path, "air-king", moves=20, language=language)
    page = open_seat(phone, seat_state(current, current.state.to_move()))
    group = page.locator("#moves details[data-key='choice:depart']")
    expect(group).to_have_attribute("open", "")
    group.screenshot(path=shots / f"depart-{language}.png")
    button = group.locator("button.move", has_text=words)
    expect(button).to_have_attribute("data-move", "depart 3 a4")
    expect(button).to_have_text(words)
    six = group.locator("button.step", has_text="6")
    expect(six).to_have_text("aircraft 6" if language == "en" else "avion 6")
    assert page.errors == []


# -- the board's opening frame on a phone on its side ---------------------------------------------------------------


def shown_of(place: dict[str, float], frame: dict[str, float]) -> tuple[float, float]:
    """How much of ``place`` (a box on the screen) ``frame`` shows across and down."""
    across = (min(place["right"], frame["right"]) - max(place["left"], frame["left"])) / (
        place["right"] - place["left"]
    )
    down = (min(place["bottom"], frame["bottom"]) - max(place["top"], frame["top"])) / (place["bottom"] - place["top"])
    return max(0.0, across), max(0.0, down)


def test_on_a_phone_on_its_side_hauling_astronauts_opens_on_the_departure_and_its_dock(phone, tmp_path, shots):
    """Bob may depart strip c to dock d4 (the game's places: the strip, then the dock), at 844 x 390: the frame opens
    on d4 whole and on strip c's lower half beside it, its dice, every text legible and none cut (Bob's transports
    docked above the strip, which do not fit with them, are pointed at). It opened zoomed in on those transports, the
    dice and d4 out of sight."""
    current = mid_game(tmp_path, "hauling-astronauts", moves=59, seed=11)
    assert current.state.to_move() == "Bob"
    state = seat_state(current, "Bob")
    assert any(b["move"] == "depart c d4" for b in state["buttons"])
    page = open_seat(phone, state, LANDSCAPE)
    page.evaluate("() => scrollTo(0, 0)")
    page.locator("#picture").screenshot(path=shots / "landscape-hauling-astronauts.png")
    start, strip, dock = page.evaluate(MEASURE), *page.evaluate(PLACES)["places"]
    assert min(shown_of(dock, start["shown"])) > 0.99, f"d4 not whole in {start['viewBox']}"
    across, down = shown_of(strip, start["shown"])
    assert across > 0.99 and down >= 0.5, f"strip c's dice out of {start['viewBox']}"
    assert strip["bottom"] <= start["shown"]["bottom"] + 1, "the strip's lower half, its dice, not in sight"
    assert min(text["px"] for text in start["texts"]) >= LEGIBLE
    assert page.evaluate(CUT) == []
    assert page.errors == []


# The part of the frame that lies beyond the map (the picture's group named "map"), of its area.
PAST_THE_MAP = """() => {
  const f = document.querySelector("#picture svg").getBoundingClientRect();
  const m = document.querySelector('#picture svg g[data-name="map"]').getBoundingClientRect();
  const w = Math.max(0, Math.min(f.right, m.right) - Math.max(f.left, m.left));
  const h = Math.max(0, Math.min(f.bottom, m.bottom) - Math.max(f.top, m.top));
  return 1 - (w * h) / (f.width * f.height);
}"""


def test_on_a_phone_on_its_side_aeronaut_odyssey_opens_on_the_seats_part_of_the_map(phone, tmp_path, shots):
    """Cy's seat mid-game at 844 x 390: the frame's middle lies in Cy's part of the map (data-seats), nearly all of
    it on the map, every text legible and none cut. The frame, as wide as the screen and a third as tall, found no
    place cutting no text near Cy's part and opened to its right, its right third blank past the map's edge."""
    current = mid_game(tmp_path, "aeronaut-odyssey", moves=40)
    page = open_seat(phone, seat_state(current, "Cy"), LANDSCAPE)
    page.evaluate("() => scrollTo(0, 0)")
    page.locator("#picture").screenshot(path=shots / "landscape-aeronaut-odyssey.png")
    start = page.evaluate(MEASURE)
    frame, focus = start["frame"], start["focus"]
    middle = ((frame["left"] + frame["right"]) / 2, (frame["top"] + frame["bottom"]) / 2)
    assert focus["left"] <= middle[0] <= focus["right"] and focus["top"] <= middle[1] <= focus["bottom"], start
    assert page.evaluate(PAST_THE_MAP) < 0.1, f"{start['viewBox']} lies past the map"
    assert min(text["px"] for text in start["texts"]) >= LEGIBLE
    assert page.evaluate(CUT) == []
    assert page.errors == []
