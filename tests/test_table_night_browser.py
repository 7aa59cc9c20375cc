"""A whole game night in a real browser: `pnp table` in a subprocess, the shared screen at 1920 x 1080 and
one phone per player at 390 x 844 (Debian's chromium, driven by Playwright).

Lobby -> a game of Hauling Astronauts for ann and bob -> its rematch (the phones follow by themselves) ->
a game of Aloft for three -> the night's results, with nothing typed but the players' names. The phones
play: the player to move taps a move's button where one is in view, and otherwise (a roll, a move in a
folded group) sends it through its own seat's API, as its page would. In each game they play ROUND inputs so,
the shared screen following, then put the phones away and turn the screen off while their seats' APIs play on
to the end, and take them up again to see the end (test_table_browser follows a whole game on the phones). The
rematch finds the first game's phones at its end, and they follow by themselves. With PNP_SCREENSHOTS set, the
screenshots of docs/table.md's evening are written there. Apart: six players' codes on a laptop's screen.
"""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.boxes import overlapping
from support.browser import BOUND, at_version, browser, past_version  # noqa: F401 - browser: the fixture
from support.serve import running
from test_table_browser import PHONE, expect

SCREEN = {"width": 1920, "height": 1080}
MOST_INPUTS = 600  # a bound: both games end well within it
ROUND = 12  # inputs the players of each game play from their phones before putting them away


@pytest.fixture
def evening(tmp_path) -> Iterator[tuple[Path, str]]:
    """`pnp table FOLDER --port 0 --json` running, and the shared screen's address."""
    with running("table", str(tmp_path)) as served:
        yield tmp_path, served.url


class Night:
    """The shared screen's key and the lobby's API, as the test reads what the QR codes say."""

    def __init__(self, url: str) -> None:
        self.base, _, self.key = url.partition("/?host=")

    def get(self, path: str) -> Any:
        request = urllib.request.Request(self.base + path, headers={"X-Pnp-Host": self.key})
        with urllib.request.urlopen(request, timeout=BOUND / 1000) as answer:
            return json.load(answer)

    def seats(self, record: str) -> dict[str, str]:
        """Each seat's link, as its QR code carries it."""
        return self.get(f"/lobby/games/{record}")["seats"]


# How far above each box of the lobby's form its label ends: a focused box's ring (3 px, 2 px out) must clear it.
ABOVE_THE_BOX = """() => [...document.querySelectorAll(".names label, .option label")]
  .filter((label) => label.control && label.control.type !== "checkbox" && label.checkVisibility())
  .map((label) => label.control.getBoundingClientRect().top - label.getBoundingClientRect().bottom)"""


def start_in_the_lobby(screen, game: str, names: list[str]) -> str:
    """Choose ``game`` on the shared screen, type the names (each box's focus ring clear of its label), start (a
    button in view, however long the form); the record's name."""
    screen.click(f"[data-game={game}]")
    for n, name in enumerate(names, 1):
        if n > screen.locator("#players input").count():
            screen.click("#add-player")
        screen.fill(f"#player-{n}", name)
    assert min(screen.evaluate(ABOVE_THE_BOX)) >= 5, "a focus ring over its label"
    expect(screen.locator("#start")).to_be_in_viewport(ratio=1)
    screen.click("#start")
    expect(screen.locator(".seat img").first).to_be_visible()
    return screen.url.split("/g/")[1].split("/")[0]


def join(
    browser,  # noqa: F811 - the fixture's value, passed on
    seats: dict[str, str],
    errors: list[str],
    held: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Each seat's link opened on its player's phone: the one they hold already (in ``held``), else a new one."""
    phones = {}
    for seat, link in seats.items():
        page = (held or {}).get(seat)
        if page is None:
            page = browser.new_context(viewport=PHONE, device_scale_factor=1).new_page()
            page.on("pageerror", lambda exc, seat=seat: errors.append(f"{seat}: {exc}"))
        page.goto(link)
        phones[seat] = page
    return phones


def play(phones: dict[str, Any], seats: dict[str, str], rng: random.Random, most: int = MOST_INPUTS) -> dict:
    """The player to move plays a random input, by tapping its button where one is in view on their phone (one
    in ``phones``), else through their seat's API, until the end or ``most`` inputs; the state then."""
    mover = next(iter(seats))
    for _ in range(most):
        mine = _state(seats[mover])  # the last mover's: often the next one's too (every seat's says who moves)
        if mine["to_move"] is None:
            return mine
        if mine["to_move"] != mover:
            mover = mine["to_move"]
            mine = _state(seats[mover])
        chosen = rng.choice(mine["buttons"])
        if mover in phones and chosen["kind"] == "choice":
            button = phones[mover].locator(f'button.move[data-move="{chosen["move"]}"]')
            at_version(phones[mover], mine["version"])  # tap what is shown
            if button.count() == 1 and button.is_visible():
                button.click()
                past_version(phones[mover], mine["version"])  # played: the page has the next
                continue
        _post(seats[mover] + "/play", {"move": chosen["move"], "version": mine["version"]})
    return _state(seats[mover])


def played_with_phones_put_away(
    screen: Any, phones: dict[str, Any], seats: dict[str, str], rng: random.Random
) -> dict[str, Any]:
    """ROUND inputs played from the phones while the shared screen follows; then the phones put away and the
    screen turned off while the seats' APIs play on to the end, and all taken up again: each shows the end.
    The state then."""
    shown = play(phones, seats, rng, ROUND)
    at_version(screen, shown["version"])  # the screen kept up
    address = screen.url
    for page in (screen, *phones.values()):
        page.goto("about:blank")
    ended = play({}, seats, rng)
    assert ended["to_move"] is None, f"no end after {MOST_INPUTS} inputs"
    screen.goto(address)
    expect(screen.locator("#turn")).to_contain_text("Game over")
    for seat, phone in phones.items():
        phone.goto(seats[seat])
        expect(phone.locator("#turn")).to_contain_text("Game over")
    return ended


def listed(names: list[str]) -> str:
    """Names as the results say them: "ann", "ann and bob", "ann, bob and cy"."""
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


def _until(done) -> None:
    """Until ``done()``, within the bound (a QR code's image drawn: no locator waits for that)."""
    deadline = time.monotonic() + BOUND / 1000
    while not done():
        assert time.monotonic() < deadline, "not done within the bound"
        time.sleep(0.05)


def _state(link: str) -> dict:
    with urllib.request.urlopen(link + "/state", timeout=BOUND / 1000) as answer:
        return json.load(answer)


def _post(url: str, body: dict) -> None:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=BOUND / 1000):
        pass


def test_a_whole_evening_from_the_lobby_to_the_results(browser, evening, shots, cli):  # noqa: F811 - fixtures
    folder, url = evening
    night, rng, errors = Night(url), random.Random(5), []
    screen = browser.new_context(viewport=SCREEN, device_scale_factor=1).new_page()
    screen.on("pageerror", lambda exc: errors.append(f"screen: {exc}"))
    screen.goto(url)
    expect(screen.locator(".game-card")).to_have_count(5)
    expect(screen.locator("#no-games")).to_be_visible()
    screen.screenshot(path=shots / "night-lobby.png")

    first = start_in_the_lobby(screen, "hauling-astronauts", ["ann", "bob"])
    expect(screen.locator(".seat img")).to_have_count(2)
    expect(screen.locator("#turn")).to_contain_text("ann")
    expect(screen.locator("#log-h")).to_be_hidden()  # no "Moves so far" over nothing before the first move
    _until(lambda: screen.locator(".seat img").evaluate_all("codes => codes.every(c => c.naturalWidth > 0)"))
    screen.screenshot(path=shots / "night-codes.png")
    seats = night.seats(first)
    phones = join(browser, seats, errors)
    expect(screen.locator(".seat.joined")).to_have_count(2)  # the codes go once the phones have joined
    expect(phones["ann"].locator("#turn")).to_contain_text("Your turn")
    hauling = played_with_phones_put_away(screen, phones, seats, rng)

    screen.get_by_role("button", name="Rematch").click()
    expect(screen).not_to_have_url(re.compile(re.escape(first)))
    second = screen.url.split("/g/")[1].split("/")[0]
    rematch = night.seats(second)
    assert list(rematch) == ["bob", "ann"]  # the seats turned by one
    for seat, phone in phones.items():  # each phone follows to its own new seat, nothing scanned
        expect(phone).to_have_url(rematch[seat])
    expect(phones["bob"].locator("#turn")).to_contain_text("Your turn")

    screen.get_by_role("button", name="New game").click()
    expect(screen.locator(".game-card")).to_have_count(5)
    started = re.escape(second[11:13] + ":" + second[13:15])  # the record's name begins with when it started
    going = f"^Hauling Astronauts: bob, ann · started {started} · no moves yet$"
    expect(screen.locator("#resume a")).to_have_text(re.compile(going))
    third = start_in_the_lobby(screen, "aloft", ["ann", "bob", "cy"])
    seats = night.seats(third)
    phones = join(browser, seats, errors, phones)  # ann and bob join on the phones they hold
    aloft = played_with_phones_put_away(screen, phones, seats, rng)

    screen.get_by_role("button", name="Tonight's results").click()
    rows = screen.locator("#results-rows tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text(listed(hauling["score"]["winners"]))
    expect(rows.nth(1)).to_contain_text("playing")
    expect(rows.nth(2)).to_contain_text(listed(aloft["score"]["winners"]))
    results = night.get("/lobby/results")
    assert [g["record"] for g in results["games"]] == [first, second, third]
    code, out, err = cli("table", "results", str(folder), "--json")
    assert code == 0, err
    assert results == json.loads(out)
    wins = list(results["wins"].values())  # players with as many wins share a place in the list: 1, 2, 2
    places = [1 + sum(other > n for other in wins) for n in wins]
    assert len(set(wins)) < len(wins)  # a tie to share
    assert screen.locator("#wins li").evaluate_all("(li) => li.map((i) => i.value)") == places
    screen.screenshot(path=shots / "night-results.png", full_page=True)
    assert errors == []


LAPTOP = {"width": 1280, "height": 720}


def _codes_on(screen) -> dict[str, Any]:
    """The seats' cards (their seat, and their box: left, top, right, bottom) and their codes' sides, in CSS
    pixels, and a rem."""
    return screen.evaluate(
        """() => ({
  rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
  cards: [...document.querySelectorAll(".seat")].map((card) => {
    const box = card.getBoundingClientRect();
    const code = card.querySelector("img").getBoundingClientRect();
    const { seat } = card.dataset;
    return { seat, box: [box.left, box.top, box.right, box.bottom], code: [code.width, code.height] };
  }),
})"""
    )


def test_every_seats_code_fits_the_shared_screen_at_once(browser, evening):  # noqa: F811 - the fixture
    """At a laptop's 1280 x 720, six players, or four with the longest name there is: every code on the screen
    at once, none scrolled to, each still a large square (at least 10rem). On a 1920 x 1080 screen the six codes
    are as large as they go (18rem). Once the phones have joined, each seat is one line (its name, that it joined,
    the button to show its code). Rematch, tapped before the game is over, asks first."""
    folder, url = evening
    screen = browser.new_context(viewport=LAPTOP, device_scale_factor=1).new_page()
    six = ["ann", "bob", "cy", "dee", "eve", "fay"]  # for the game with the longest set-up form
    for game, names in (("aloft", ["ann", "bob", "cy", "margaret_of_the_far_hill"]), ("aeronaut-odyssey", six)):
        screen.goto(url)
        if game == "aeronaut-odyssey":  # a choice says what it does under its box, and follows the choice
            screen.click(f"[data-game={game}]")
            expect(screen.locator("#option-variant-help")).to_have_text("the base game's picks")
            screen.select_option("#option-variant", "block")
            expect(screen.locator("#option-variant-help")).to_contain_text("may block that type")
            screen.click("#back")
        record = start_in_the_lobby(screen, game, names)
        expect(screen.locator(".seat img")).to_have_count(len(names))
        shown = _codes_on(screen)
        for card in shown["cards"]:
            left, top, right, bottom = card["box"]
            assert 0 <= left and right <= LAPTOP["width"] and 0 <= top and bottom <= LAPTOP["height"], card
            side, down = card["code"]
            assert side == down >= 10 * shown["rem"], card
        assert overlapping([(card["seat"], tuple(card["box"])) for card in shown["cards"]]) == [], shown["cards"]
    screen.set_viewport_size(SCREEN)
    wide = _codes_on(screen)
    expect(screen.locator(".seat img").first).to_have_css("width", f"{int(18 * wide['rem'])}px")

    for link in Night(url).seats(record).values():  # each phone opens its link
        urllib.request.urlopen(link, timeout=BOUND / 1000).close()
    expect(screen.locator(".seat.joined")).to_have_count(6)
    lines = screen.locator(".seat.joined").evaluate_all(
        "seats => seats.map((seat) => [...seat.children].map((part) => part.getBoundingClientRect())"
        ".map((box) => [box.top, box.bottom]))"
    )
    for parts in lines:  # each part level with the others: every one overlaps the middle of the first
        middle = sum(parts[0]) / 2
        assert len(parts) == 3 and all(top < middle < bottom for top, bottom in parts), parts

    # a tap on Rematch in the middle of a game asks first, in a dialog of the page's own; this one is not confirmed
    screen.get_by_role("button", name="Rematch").click()
    asked = screen.get_by_role("dialog", name="Start the rematch now?")
    expect(asked).to_contain_text("This game is not over.")
    asked.get_by_role("button", name="Keep playing").click()
    expect(asked).to_have_count(0)
    assert record in screen.url and len(list(folder.glob("*.pnp"))) == 2
