"""A seat's page opened at its turn, against ``pnp ref serve``, in Chromium at 390 x 844 and 320 x 568:
the page scrolls its moves (with the seat's hand just above them) up to the turn line kept at the top of the
screen, and leaves nothing a player taps (a button, a fold, the board) cut in half by that line; and that line, as
it grows and shrinks, hides nothing of what lies under it.

Every game, at its start and mid-game (a seeded random game played through the Session), its record served by the
real server, so the turn line says what a phone sees: live, not the stand-ins' "offline". Geometry is read from the
page as laid out. Every wait is bounded; nothing here measures speed. Screenshots go to the test's folder (or
$PNP_SCREENSHOTS), to look at."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.browser import BOUND, CHROMIUM, settled
from support.games import GAMES, registered
from support.moves import playable
from support.serve import running

from pnp.games import REGISTRY
from pnp.referee import notation, session

pytestmark = registered  # the guide's example game is checked as a registered game too
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

# a common phone, and the smallest (the shortest: the most a page scrolls for its moves)
PHONES = {"390x844": (390, 844), "320x568": (320, 568)}
expect.set_options(timeout=BOUND)
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"], "hauling-astronauts": ["hidden_transports=true"]}
MID_GAME = 30

# Where the page is once it has scrolled: the turn line's box, the top of the moves and of the seat's hand, how far
# the page may still scroll, and each thing a player taps (outside the turn line) cut by the turn line's lower edge.
AFTER = """() => {
  const status = document.querySelector(".status").getBoundingClientRect();
  const top = (id) => { const node = document.getElementById(id); return node.hidden ? null : node.getBoundingClientRect().top; };
  const tapped = [...document.querySelectorAll("button, summary, input, select, textarea, a[href], [tabindex='0']")]
    .filter((node) => !node.closest(".status") && node.checkVisibility());
  const cut = tapped.map((node) => [node, node.getBoundingClientRect()])
    .filter(([, r]) => r.top < status.bottom - 0.5 && r.bottom > status.bottom + 0.5)
    .map(([node, r]) => `${node.id || node.textContent.trim().slice(0, 30)} at ${r.top.toFixed(0)} to ${r.bottom.toFixed(0)}`);
  return { status: { top: status.top, bottom: status.bottom }, moves: top("moves-section"), hand: top("private-section"),
    left: document.documentElement.scrollHeight - innerHeight - scrollY, scrolled: scrollY, cut };
}"""


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


@pytest.mark.parametrize("moves", [0, MID_GAME], ids=["start", "mid-game"])
@pytest.mark.parametrize("name", GAMES)
def test_at_its_turn_a_seat_page_brings_its_moves_up_under_the_turn_line_cutting_nothing(
    phone, tmp_path, shots, name, moves, example_catalogues
):
    """Opened at the seat's turn, on each phone, the page has scrolled so that its moves (or the seat's hand just
    above them) start right at the lower edge of the turn line kept at the top, with no gap above them (the turn
    line's height measured where it stands once kept there, not below the header where it stood before the page
    scrolled), unless the page ends first; and whatever a player taps is wholly in view or wholly hidden: the board's
    Close-up and Whole board, cut in half under the turn line, were the defect."""
    path, seat = record(tmp_path, name, moves)
    with running("ref", "serve", str(path), example=example_catalogues) as served:  # the guide's example too
        for size, (width, height) in PHONES.items():
            phone.set_viewport_size({"width": width, "height": height})
            phone.goto(served.seats[seat])
            expect(phone.locator("#turn")).to_have_attribute("data-turn", "yours")
            expect(phone.locator("#conn")).to_have_attribute("data-conn", "live")
            settled(phone)
            after = phone.evaluate(AFTER)
            phone.screenshot(path=shots / f"turn-{name}-{moves}-{size}.png")
            where = f"{name} at {size}: {after}"
            assert after["scrolled"] > 0 and after["status"]["top"] == 0, f"not scrolled to the moves: {where}"
            under = after["status"]["bottom"]
            # the hand, where it came up with the moves, else the moves; a page that ends before they reach the
            # line leaves them lower, by more than it could still scroll, and what lies between whole (below)
            first = after["moves"] if after["hand"] is None or after["hand"] < under - 1 else after["hand"]
            assert under - 1 <= first <= under + 1 or first - under > after["left"], f"a gap above the moves: {where}"
            assert after["cut"] == [], f"cut by the turn line: {where}"
    assert phone.errors == []


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
