"""The game night's shared screen in Chromium, as `pnp table --lan` serves it: every lobby request must carry the
shared screen's key (no request counts as this computer's).

The night's app (pnp.table.lobby.Night, built with loopback=False) answers each request in this process through
Playwright's routing: no server listens, nothing leaves the browser. A game's event stream says nothing and is
tried again a minute later. Every wait is bounded.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.asgi import AppClient
from support.browser import BOUND, CHROMIUM

from pnp.table.lobby import HOST_HEADER, Night

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect
expect.set_options(timeout=BOUND)

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

KEY = "k" * 32
SITE = "http://table.test"
SCREEN = {"width": 1280, "height": 720}
PASSED_ON = ("accept", "content-type", HOST_HEADER.lower())  # the request headers the app reads


class Relay:
    """Each request of the page answered by ``client`` (the night's app), as the server would; a game's event
    stream by a quiet one."""

    def __init__(self, client: AppClient) -> None:
        self.client = client
        self.refused: list[str] = []  # the paths answered 403

    def answer(self, route: Any) -> None:
        request = route.request
        path = request.url.removeprefix(SITE)
        if path.split("?")[0].endswith("/events"):
            route.fulfill(body="retry: 60000\n\n", content_type="text/event-stream")
            return
        headers = {k: v for k, v in request.headers.items() if k.lower() in PASSED_ON}
        answer = self.client.request(request.method, path, headers=headers, content=request.post_data_buffer)
        if answer.status_code == 403:
            self.refused.append(path)
        kept = {k: v for k, v in answer.headers.items() if k.lower() in ("content-type", "cache-control")}
        route.fulfill(status=answer.status_code, body=answer.content, headers=kept)


@pytest.fixture
def night(tmp_path: Path) -> Iterator[AppClient]:
    """The night of the folder ``tmp_path``, its lobby for the key's holder only."""
    with AppClient(Night(tmp_path, KEY, SITE, loopback=False)) as client:
        yield client


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    """The shared screen's window, one for the module's tests."""
    made = browser.new_context(viewport=SCREEN, device_scale_factor=1)
    yield made
    made.close()


@pytest.fixture
def screen(context: Any, night: AppClient) -> Iterator[Any]:
    """A page of the shared screen, every request relayed to ``night``; ``screen.relay`` tells what was refused."""
    page = context.new_page()
    page.relay = Relay(night)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.route("**/*", page.relay.answer)
    yield page
    page.close()


def started(night: AppClient, game: str, players: list[str], **setup: Any) -> str:
    """A game started as the lobby starts it: its record's name."""
    body = {"game": game, "players": players, "options": {}, **setup}
    answer = night.post("/lobby/games", json=body, headers={HOST_HEADER: KEY})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["record"])


def test_tonights_results_from_a_games_shared_screen_keep_the_key(screen, night):
    """With the key required, "Tonight's results" on a game's shared screen opens the lobby at its results with the
    key in the address's query (before its fragment): the lobby lists the games and the game, and nothing it asks
    for is refused (the key after the fragment, "/#tonight?host=KEY", left every request without it)."""
    record = started(night, "hauling-astronauts", ["ann", "bob"])
    screen.goto(f"{SITE}/g/{record}/?host={KEY}")
    screen.get_by_role("button", name="Tonight's results").click()
    expect(screen).to_have_url(f"{SITE}/?host={KEY}#tonight")
    expect(screen.locator("#results-rows tr")).to_have_count(1)
    expect(screen.locator(".game-card")).to_have_count(5)
    expect(screen.locator("#conn")).to_have_attribute("data-conn", "live")
    screen.locator("#results-rows a").click()  # back to the game, the key kept
    expect(screen).to_have_url(f"{SITE}/g/{record}/?host={KEY}")
    expect(screen.locator(".seat img")).to_have_count(2)
    screen.get_by_role("button", name="New game").click()
    expect(screen).to_have_url(f"{SITE}/?host={KEY}")
    expect(screen.locator(".game-card")).to_have_count(5)
    assert screen.relay.refused == []
    assert screen.errors == []
