"""The turn line kept at the top of a seat's page, against ``pnp ref serve``, in Chromium: what lies under it stays
just under it as it grows or shrinks.

The record is served by the real server, so the turn line says what a phone sees: live, not the stand-ins'
"offline". Geometry is read from the page as laid out. Every wait is bounded; nothing here measures speed."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import BOUND, CHROMIUM, settled
from support.moves import playable
from support.serve import running

from pnp.games import REGISTRY
from pnp.referee import notation, session

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

expect.set_options(timeout=BOUND)
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"], "hauling-astronauts": ["hidden_transports=true"]}


def record(folder: Path, name: str, moves: int) -> tuple[Path, str]:
    """A record of ``name`` after ``moves`` seeded random moves, and the seat to move then."""
    game = REGISTRY[name].rules()
    players = ["ann", "bob", "cy"][: max(game.min_players, min(3, game.max_players))]
    path = folder / f"{name}.pnp"
    current = session.new(path, name, players, OPTIONS.get(name, []), 5, None)
    rng = random.Random(5)
    for _ in range(moves):
        current.play(notation.format(current.game, rng.choice(playable(current, current.state.to_move()))))
    current.save()
    seat = current.state.to_move()
    assert seat is not None, "the game ended first"
    return path, seat


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """One phone (a browser context) for the module; ``phone.errors`` lists its pages' script errors."""
    context = browser.new_context(device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    yield page
    context.close()


# How far below the turn line's lower edge the moves start, with the turn line's height.
GAP = """() => {
  const status = document.querySelector(".status").getBoundingClientRect();
  return [document.getElementById("moves-section").getBoundingClientRect().top - status.bottom, status.height];
}"""


def test_the_turn_line_kept_at_the_top_grows_and_shrinks_without_hiding_what_lies_under_it(phone, tmp_path):
    """Take Off! at its start, at 390 x 844, the page scrolled to the seat's moves: the phone goes offline and the
    turn line kept at the top says so on a line more, then back online it says no more. The moves stay just as far
    under its edge each time: the browser kept them where they were on the screen, the taller line over their
    heading (scroll anchoring), and the page now moves with the line."""
    path, seat = record(tmp_path, "take-off", 0)
    phone.set_viewport_size({"width": 390, "height": 844})
    with running("ref", "serve", str(path)) as served:
        phone.goto(served.seats[seat])
        expect(phone.locator("#turn")).to_have_attribute("data-turn", "yours")
        expect(phone.locator("#conn")).to_have_attribute("data-conn", "live")
        settled(phone)
        gap, height = phone.evaluate(GAP)
        try:
            phone.context.set_offline(True)
            expect(phone.locator("body")).to_have_attribute("data-conn", "offline")
            settled(phone)
            offline = phone.evaluate(GAP)
        finally:
            phone.context.set_offline(False)
        expect(phone.locator("body")).to_have_attribute("data-conn", "live")
        settled(phone)
        back = phone.evaluate(GAP)
    assert offline[1] > height + 10, "the turn line said nothing more offline"
    assert offline[0] == pytest.approx(gap, abs=1), f"offline, the moves start {offline[0]:.0f} px under the line"
    assert back == pytest.approx([gap, height], abs=1), f"back online: {back}"
    assert phone.errors == []
