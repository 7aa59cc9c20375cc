"""The table's pages as a screen reader, a keyboard and a phone's large text meet them, in Chromium: what the
browser's own accessibility tree says (read through the DevTools protocol, not Playwright's own reckoning of it),
where the keyboard's focus is and what is on the screen after a move, at the phone's text at 200 %.

Pages are the table's own templates and assets: served by :class:`test_table_phone.StandIn` with a state made in
this process, or by ``pnp ref serve`` where a move has to be played for real. Every wait is bounded. Screenshots go
to the test's folder (or $PNP_SCREENSHOTS), to look at."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from support.browser import BOUND, CHROMIUM
from test_table_phone import PHONE, advance, new_phone, open_state, play_until

from pnp.table import view

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect
expect.set_options(timeout=BOUND)

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

SCREEN = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """One phone (a browser context at 390 x 844) for the module's pages served by a stand-in."""
    page = new_phone(browser)
    yield page
    page.context.close()


def tree(page: Any) -> list[dict[str, Any]]:
    """The nodes of Chromium's own accessibility tree of ``page``, those a screen reader meets (not ignored)."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return [node for node in nodes if not node.get("ignored")]


def _value(node: dict[str, Any], key: str) -> str:
    return str(node.get(key, {}).get("value", ""))


def described(page: Any, name: str) -> str:
    """The description the tree gives the node named ``name`` (what a screen reader reads after its name)."""
    found = [node for node in tree(page) if _value(node, "name") == name]
    assert len(found) == 1, f"{len(found)} nodes named {name!r}"
    return _value(found[0], "description")


def read(page: Any, text: str) -> int:
    """How many times a screen reader reading the page through meets ``text`` (in the tree's text nodes)."""
    return sum(1 for node in tree(page) if _value(node, "role") == "StaticText" and text in _value(node, "name"))


# -- the board in words ----------------------------------------------------------------------------------------


def test_a_screen_reader_hears_the_board_in_words_with_the_fold_closed(phone, tmp_path):
    """The picture's description in Chromium's own tree is the board's sentences (then, on a seat's page, the keys
    that move it), on a seat's page and the shared screen, and again once a move changed them; the fold stays
    closed for a sighted player, and its words are in the tree once only. (Chromium reads nothing of a closed
    <details> into a description: the seat's figure was described by its keys alone, the shared screen's not at
    all.)"""
    current = play_until(tmp_path, "hauling-astronauts", lambda s: len(s.played) >= 8)
    pages = {"ann": ("The table as you may see it", PHONE), None: ("The table", SCREEN)}
    earlier = {seat: view.state_json(current, seat) for seat in pages}
    advance(current, lambda s: len(s.played) > 8, random.Random(1))
    for seat, (name, viewport) in pages.items():
        before, after = earlier[seat], view.state_json(current, seat)
        page = open_state(phone, before, viewport)
        for state in (before, after):
            page.served.state = state
            page.evaluate("window.dispatchEvent(new Event('online'))")  # the page looks again, as after an event
            expect(page.locator("body")).to_have_attribute("data-version", str(state["version"]))
            said = " ".join(state["description"])
            keys = " Arrow keys move the board" if seat else ""
            assert described(page, name).startswith(f"{said}{keys}"), (seat, described(page, name))
        assert before["description"] != after["description"]
        expect(page.locator("#board-words-details")).not_to_have_attribute("open", "")
        page.locator("#board-words-details > summary").click()  # opened, its words are read once: no other copy
        assert read(page, after["description"][0]) == 1
        assert page.errors == []
