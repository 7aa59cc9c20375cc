"""Long choices on the seat page, in Chromium at a phone's 390 x 844 (and 375 x 667): pickers, not walls of buttons.

Take Off's capital drawn is a list by continent with a search box, Hauling Astronauts' set-up goes
strip by strip, Air King's squares are a grid of the field, any other long choice a searchable list;
each plays the input it shows. Whole games of every game, one seeded game each, keep every page
within three screens and every button in words. The pages are the page's own template and assets,
served by Playwright's routing from a real session in this process (``view.state_json``), whose moves
the pages play. Every wait is bounded; nothing here measures speed.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.referee import notation, session
from pnp.table import view

from test_table_phone import ASSET_TYPES, PHONE, TABLE, _players, browser, expect  # noqa: F401 (a fixture)

GAMES = sorted(REGISTRY)
SCREENS = 3  # no page taller than this many screens
MANY, FEW = 12, 4  # a group of more inputs than MANY is a picker, or of more than FEW given steps (pickers.js)
# Options that keep a whole game short; Hauling Astronauts with its transports open, chosen at set-up.
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"]}
SHOWN = 40  # positions shown per game at most (spread over the game), besides those a picker plays
TAPPED = 8  # inputs played through a picker per game at most


class Served:
    """``current`` behind a stand-in server: seat SEAT's page at /s/SEAT, its state as the table's server
    makes it, a move it posts played on the session (a refusal answered as the server does), and
    ``hint`` answering /hint."""

    def __init__(self, browser: Any, current: session.Session, viewport: dict[str, int] = PHONE) -> None:
        import jinja2

        self.current = current
        self.hint: dict[str, str] | None = None
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(TABLE / "templates"), autoescape=True)
        self.context = browser.new_context(viewport=viewport, device_scale_factor=1)
        self.context.route("**/*", self._answer)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def _answer(self, route: Any) -> None:
        where = route.request.url.split("://", 1)[1].split("/", 1)[1]
        seat, _, what = where.removeprefix("s/").partition("/")
        if where.startswith("static/"):
            asset = TABLE / where
            route.fulfill(body=asset.read_bytes(), content_type=ASSET_TYPES[asset.suffix])
        elif not where.startswith("s/"):
            route.abort()
        elif what == "":
            html = self.templates.get_template("seat.html").render(
                title=self.current.spec.title, seat=seat, api=f"/s/{seat}", players=self.current.setup.players
            )
            route.fulfill(body=html, content_type="text/html")
        elif what == "state":
            route.fulfill(json=view.state_json(self.current, seat))
        elif what == "events":
            route.fulfill(body="retry: 60000\n\n", content_type="text/event-stream")
        elif what == "play":
            try:
                self.current.play(json.loads(route.request.post_data or "{}")["move"])
                route.fulfill(json={"version": self.current.last_hash})
            except PnpError as exc:
                route.fulfill(status=422, json={"error": str(exc), "kind": "refused"})
        elif what == "hint" and self.hint is not None:
            route.fulfill(json=self.hint)
        else:
            route.abort()

    def show(self, seat: str) -> Any:
        """``seat``'s page, opened afresh."""
        self.page.goto(f"http://table.test/s/{seat}")
        expect(self.page.locator("body")).to_have_attribute("data-version", self.current.last_hash)
        return self.page


def new_session(folder: Path, name: str, seed: int = 5) -> session.Session:
    current = session.new(folder / f"{name}.pnp", name, _players(name), OPTIONS.get(name, []), seed, None)
    current.save()
    return current


def buttons_now(current: session.Session) -> list[dict[str, Any]]:
    """The buttons of the seat to move."""
    return view.state_json(current, current.state.to_move())["buttons"]


def until(current: session.Session, found: Any, rng: random.Random, limit: int = 2000) -> dict[str, Any]:
    """Play ``current`` on by ``rng``'s choices until a button of the seat to move satisfies ``found``; that button."""
    for _ in range(limit):
        buttons = buttons_now(current)
        wanted = [b for b in buttons if found(b, buttons)]
        if wanted:
            return wanted[0]
        current.play(rng.choice(buttons)["move"])
    raise AssertionError("no such button came up")


def group_of(b: dict[str, Any]) -> tuple[str, str]:
    """The group the page lists ``b`` in: its kind and verb (a secret: its slot)."""
    words = b["move"].split()
    return b["kind"], f"your {words[1]}" if b["kind"] == "secret" and len(words) > 2 else b["verb"]


def picked(b: dict[str, Any], buttons: list[dict[str, Any]]) -> bool:
    """Whether ``b`` is chosen through a picker of pickers.js (a long group, dice faces aside)."""
    dice = b["kind"] == "chance" and len(b["move"].split()) > 2
    group = [other for other in buttons if group_of(other) == group_of(b)]
    return not dice and (len(group) > MANY or (len(group) > FEW and all("steps" in other for other in group)))


def tap_through(page: Any, b: dict[str, Any]) -> None:
    """Play ``b`` as a player does: each step's answer (those the picker did not take itself), then the
    input, found with the search box when it waits under a folded heading; a secret is confirmed."""
    kind, verb = group_of(b)
    picker = page.locator(f"#moves .chooser[data-key={json.dumps(f'{kind}:{verb}')}]")
    for _question, answer in b.get("steps", [])[:-1]:
        step = picker.locator("button.step").filter(has_text=re.compile(f"^{re.escape(answer)}$"))
        if step.count():
            step.click()
    final = picker.locator(f"button[data-move={json.dumps(b['move'])}]")
    find = picker.locator("input.find")
    if not final.is_visible() and find.count():
        find.fill(b.get("steps", [["", b["label"]]])[-1][1])
    final.click()
    if b["kind"] == "secret":
        page.locator("#confirm-ok").click()


def played_by_tapping(served: Served, b: dict[str, Any]) -> None:
    """Tap ``b`` through its picker on the page of the seat to move; the record's last input is ``b``."""
    current = served.current
    seat, before = current.state.to_move() or "", current.last_hash
    tap_through(served.page, b)
    expect(served.page.locator("body")).not_to_have_attribute("data-version", before)
    assert current.played[-1][0] == seat
    if b["kind"] == "secret":  # sealed: the record holds a commitment, the seat's key the value
        _verb, slot, value = b["move"].split()
        assert current.own_secrets(seat)[slot] == value
    else:
        assert notation.format(current.game, current.played[-1][1]) == b["move"]


def words_only(page: Any, buttons: list[dict[str, Any]]) -> None:
    """No button shown on ``page`` says a move's notation (where its words differ)."""
    texts = page.evaluate(
        "() => [...document.querySelectorAll('button')].filter((b) => b.checkVisibility()).map((b) => b.innerText)"
    )
    written = [b["move"] for b in buttons if b["label"] != b["move"]]
    # a move of one word only when it is all the button says ("end"), a longer one anywhere ("fly 1 midway")
    notation_said = [rf"^{re.escape(move)}$" if " " not in move else rf"(^|\s){re.escape(move)}(\s|$)" for move in written]
    for text in texts:
        said = " ".join(text.split())
        assert not any(re.search(pattern, said) for pattern in notation_said), said


def tall(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


# -- whole games ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_stay_within_three_screens_in_words_and_each_picker_plays_what_it_shows(browser, tmp_path, name):
    """One seeded game of each, its seats choosing at random: the page of the seat to move, at positions
    spread over the game and wherever the choice is made in a picker, is at most three screens tall
    (every fold as the page opens it) and no button says notation; up to TAPPED inputs are played by
    tapping through their pickers, and the record shows each."""
    rng = random.Random(5)
    rehearsal = new_session(tmp_path, name)
    chosen: list[dict[str, Any]] = []
    while rehearsal.state.to_move() is not None and len(chosen) < 2000:
        chosen.append(rng.choice(buttons_now(rehearsal)))
        rehearsal.play(chosen[-1]["move"])
    every = max(1, len(chosen) // SHOWN)
    (tmp_path / "game").mkdir()
    current = new_session(tmp_path / "game", name)
    served = Served(browser, current)
    heights, tapped = [], 0
    for n, b in enumerate(chosen):
        seat = current.state.to_move() or ""
        buttons = buttons_now(current)
        in_picker = picked(b, buttons)
        if in_picker or n % every == 0:
            page = served.show(seat)
            heights.append(tall(page))
            assert heights[-1] <= SCREENS * PHONE["height"], f"move {n}: the page is {heights[-1]} px tall"
            words_only(page, buttons)
            if in_picker and tapped < TAPPED:
                played_by_tapping(served, b)
                tapped += 1
                continue
        current.play(b["move"])
    assert current.state.to_move() is None  # the whole game was played
    assert served.errors == []
    print(f"{name}: {len(chosen)} moves, {len(heights)} pages, at most {max(heights)} px, {tapped} picked")
