"""The game night's shared screen in Chromium, as `pnp table --lan` serves it: every lobby request must carry the
shared screen's key (no request counts as this computer's).

The night's app (pnp.table.lobby.Night, built with loopback=False) answers each request in this process through
Playwright's routing: no server listens, nothing leaves the browser. A game's event stream says nothing and is
tried again a minute later. Every wait is bounded.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.asgi import AppClient
from support.browser import BOUND, CHROMIUM, wait_until

from pnp.games import REGISTRY
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
    page.set_default_timeout(BOUND)
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


def test_each_game_offers_only_its_own_map_files_and_a_drawn_map_or_a_file(screen, night, tmp_path):
    """A map file offers itself to its own game only (Take Off! was offered Aeronaut Odyssey's, and refused it once
    started); a game with no map file of its own in the folder offers no map; Aeronaut Odyssey, which draws its
    maps, offers a map drawn from a number or its own map files, and plays the file chosen."""
    maps = REGISTRY["aeronaut-odyssey"].maps
    assert maps is not None
    (tmp_path / "odyssey.yaml").write_text(maps.new(7, size="small"), encoding="utf-8")
    screen.goto(f"{SITE}/?host={KEY}")
    for game in ("take-off", "aloft"):
        screen.click(f"[data-game={game}]")
        expect(screen.locator("#map-set")).to_be_hidden()
        screen.click("#back")
    screen.click("[data-game=aeronaut-odyssey]")
    expect(screen.locator("#map-file option")).to_have_text(["A map drawn from the number below", "odyssey.yaml"])
    expect(screen.locator("#map-seed")).to_be_visible()
    screen.select_option("#map-file", "odyssey.yaml")
    expect(screen.locator("#map-seed")).to_be_hidden()  # a file is not drawn from a number
    for n, name in enumerate(["ann", "bob"], 1):
        screen.fill(f"#player-{n}", name)
    screen.click("#start")
    expect(screen.locator(".seat img").first).to_be_visible()
    record = screen.url.split("/g/")[1].split("/")[0]
    assert re.search(r'\[Map "\.pnp-kept/[0-9a-f]{16}/odyssey\.yaml"\]', (tmp_path / record).read_text("utf-8"))
    assert screen.errors == []


@pytest.mark.parametrize("language", [None, "fr"], ids=["naming-none", "naming-french"])
def test_a_variant_speaks_its_own_language_or_the_one_chosen(screen, night, tmp_path, language):
    """A variant file that names no language keeps the choice of the game's language, and the game speaks the one
    chosen (it spoke English, the choice hidden); one that names its own says which in place of the choice, and the
    game speaks it."""
    named = f"language: {language}\n" if language else "# language: fr\n"
    (tmp_path / "calm.yaml").write_text(f"game: air-king\n{named}card_size: bridge\n", encoding="utf-8")
    screen.goto(f"{SITE}/?host={KEY}")
    screen.click("[data-game=air-king]")
    screen.select_option("#variant-file", "calm.yaml")
    if language:
        expect(screen.locator("#language-choice")).to_be_hidden()
        expect(screen.locator("#language-own")).to_have_text(
            "The phones and the shared screen speak the variant's own language: Français"
        )
    else:
        expect(screen.locator("#language-own")).to_be_hidden()
        screen.select_option("#language-choice", "fr")
    for n, name in enumerate(["ann", "bob"], 1):
        screen.fill(f"#player-{n}", name)
    screen.click("#start")
    expect(screen.locator(".seat img").first).to_be_visible()
    expect(screen.locator("html")).to_have_attribute("lang", "fr")
    record = screen.url.split("/g/")[1].split("/")[0]
    written = (tmp_path / record).read_text("utf-8")
    assert ('[Language "fr"]' in written) is (language is None)  # else the variant's own
    assert screen.errors == []


# Each visible label of the set-up form and its control: the label's box, the control's, and for a label beside its
# control (a checkbox's) the middle of its first line.
LABELS = """() => [...document.querySelectorAll("#setup label")].filter((label) => label.checkVisibility())
  .map((label) => {
    const line = document.createRange();
    line.setStart(label.firstChild, 0);
    line.setEnd(label.firstChild, 1);
    const first = line.getBoundingClientRect();
    const box = (r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right });
    return { text: label.textContent, kind: label.control.type, label: box(label.getBoundingClientRect()),
      control: box(label.control.getBoundingClientRect()), line: (first.top + first.bottom) / 2 };
  })"""


def test_the_set_up_forms_labels_stand_over_their_boxes_and_beside_their_checkboxes(screen, night, tmp_path):
    """On a laptop, each label of a game's form stands over its box (a map's, a variant's and the language's stood
    beside theirs, touching them), and an option's checkbox is level with the first line of its words (it stood
    half a line below)."""
    (tmp_path / "calm.yaml").write_text("game: air-king\ncard_size: bridge\n", encoding="utf-8")
    (tmp_path / "field.yaml").write_text("game: air-king\ncolumns: 8\nlanes: 5\n", encoding="utf-8")
    screen.goto(f"{SITE}/?host={KEY}")
    for game in ("air-king", "hauling-astronauts"):
        screen.click(f"[data-game={game}]")
        fields = screen.evaluate(LABELS)
        assert {f["kind"] for f in fields} >= ({"select-one", "text"} if game == "air-king" else {"checkbox"})
        for f in fields:
            label, control = f["label"], f["control"]
            if f["kind"] == "checkbox":
                assert abs((control["top"] + control["bottom"]) / 2 - f["line"]) <= 2, f
            else:
                assert control["top"] - label["bottom"] >= 5, f
        screen.click("#back")
    assert screen.errors == []


# -- setting a game aside ----------------------------------------------------------------------------------------

PHONE = {"width": 390, "height": 844}
SHARED = {"width": 1920, "height": 1080}
# What the page holds wider than the window (a row past its right edge), and the focused element's record or id.
OVERFLOW = "() => document.documentElement.scrollWidth - innerWidth"
FOCUSED = "() => document.activeElement.dataset.record || document.activeElement.id"


def _unfinished_night(night: AppClient) -> list[str]:
    """Three unfinished games: one of Hauling Astronauts that was rematched, its rematch, and one of Aloft."""
    first = started(night, "hauling-astronauts", ["ann", "bob"])
    rematch = night.post(f"/lobby/games/{first}/rematch", headers={HOST_HEADER: KEY}).json()["record"]
    return [first, rematch, started(night, "aloft", ["ann", "bob", "cy"])]


@pytest.mark.parametrize(
    ("viewport", "scheme"), [(PHONE, "light"), (SHARED, "dark")], ids=["phone-light", "shared-screen-dark"]
)
def test_a_game_under_carry_on_is_set_aside_with_one_tap_and_a_confirmation(
    screen, night, tmp_path, shots, viewport, scheme
):
    """The unfinished games stayed under Carry on all night. Each now has a Set aside button, which asks first in a
    dialog whose focus starts on the answer that keeps the game (Escape too keeps it); once set aside, the game is
    gone from the list, the lobby says so, the focus goes to the next game's button and the results say set aside.
    Nothing is wider than a phone, and every text reads at 4.5:1, light or dark."""
    from test_table_phone import CONTRAST  # the phone's check: WCAG's ratio against the colours behind each text

    records = _unfinished_night(night)
    kept = {name: (tmp_path / name).read_bytes() for name in records}
    screen.set_viewport_size(viewport)
    screen.emulate_media(color_scheme=scheme)
    screen.goto(f"{SITE}/?host={KEY}")
    expect(screen.locator("html")).to_have_attribute("data-theme", scheme)
    buttons = screen.locator("#resume button.aside")
    expect(buttons).to_have_count(3)
    expect(buttons.first).to_have_accessible_name("Set aside…")
    expect(buttons.first).to_have_accessible_description(re.compile(r"^Hauling Astronauts: ann, bob · started "))
    assert screen.evaluate(OVERFLOW) <= 0
    assert min(buttons.evaluate_all("(all) => all.map((b) => b.getBoundingClientRect().height)")) >= 44
    buttons.first.scroll_into_view_if_needed()
    screen.screenshot(path=shots / f"lobby-carry-on-{scheme}-{viewport['width']}.png")

    buttons.first.focus()
    screen.keyboard.press("Enter")  # from the keyboard: asked, then kept with Escape
    asked = screen.get_by_role("dialog", name="Set this game aside?")
    expect(asked).to_be_visible()
    expect(asked).to_have_accessible_description(
        re.compile(r"^Hauling Astronauts: ann, bob · started .* brings it back")
    )
    assert screen.evaluate(FOCUSED) == "aside-keep"
    worst = screen.evaluate(CONTRAST.replace('querySelectorAll("body *")', 'querySelectorAll("#aside-ask *")'))
    assert worst[0][0] >= 4.5, worst
    screen.screenshot(path=shots / f"lobby-set-aside-asked-{scheme}-{viewport['width']}.png")
    screen.keyboard.press("Escape")
    expect(asked).to_be_hidden()
    expect(buttons).to_have_count(3)
    assert screen.evaluate(FOCUSED) == records[0]

    buttons.first.click()  # now set aside
    asked.get_by_role("button", name="Set aside").click()
    expect(buttons).to_have_count(2)
    expect(screen.locator("#resume a")).to_have_text(
        [re.compile("^Hauling Astronauts: bob, ann"), re.compile("^Aloft")]
    )
    said = "Hauling Astronauts with ann and bob is set aside; its record stays in tonight's folder."
    expect(screen.locator("#resume-said")).to_have_text(said)
    wait_until(screen, "(record) => document.activeElement.dataset.record === record", records[1], what="the focus")
    expect(screen.locator("#results-rows tr").first.locator("td").nth(2)).to_have_text("set aside")
    expect(screen.locator("#results-rows tr").nth(1).locator("td").nth(2)).to_have_text("playing")
    worst = screen.evaluate(CONTRAST)
    assert worst[0][0] >= 4.5, worst
    assert screen.evaluate(OVERFLOW) <= 0
    screen.locator("#resume-section").scroll_into_view_if_needed()
    screen.screenshot(path=shots / f"lobby-set-aside-{scheme}-{viewport['width']}.png")
    assert {name: (tmp_path / name).read_bytes() for name in records} == kept  # every record as it was
    assert screen.relay.refused == [] and screen.errors == []


def test_a_game_another_screen_set_aside_or_that_ended_meanwhile_leaves_no_one_stuck(screen, night, context):
    """Two screens with the same list: one sets a game aside, then the other does too, unaware (no error: it is set
    aside). A game that ended while the list was shown is refused in a line; the list then shows what is left, here
    nothing, and the focus goes to that line, where the list was."""
    from test_table_night import play_to_the_end

    records = _unfinished_night(night)
    other = context.new_page()
    other.route("**/*", Relay(night).answer)
    for page in (screen, other):
        page.goto(f"{SITE}/?host={KEY}")
        expect(page.locator("#resume button.aside")).to_have_count(3)
    for page in (screen, other):
        page.locator(f"#resume button[data-record='{records[2]}']").click()
        page.get_by_role("dialog").get_by_role("button", name="Set aside").click()
        expect(page.locator("#resume button.aside")).to_have_count(2)
        expect(page.locator("#resume-error")).to_be_hidden()
    other.close()

    screen.locator("#resume button.aside").first.click()
    night.post(f"/lobby/games/{records[0]}/aside", headers={HOST_HEADER: KEY})  # another screen, while this one asks
    screen.get_by_role("dialog").get_by_role("button", name="Set aside").click()
    expect(screen.locator("#resume button.aside")).to_have_count(1)
    expect(screen.locator("#resume-error")).to_be_hidden()

    seats = night.get(f"/lobby/games/{records[1]}", headers={HOST_HEADER: KEY}).json()["seats"]
    play_to_the_end(night, {seat: url.removeprefix(SITE) for seat, url in seats.items()}, random.Random(2))
    screen.locator("#resume button.aside").click()
    screen.get_by_role("dialog").get_by_role("button", name="Set aside").click()
    expect(screen.get_by_role("alert")).to_have_text(re.compile("^this game of Hauling Astronauts is over: "))
    expect(screen.locator("#resume-section")).to_be_hidden()
    wait_until(screen, "() => document.activeElement.id === 'resume-error'", what="the focus on the refusal")
    assert screen.relay.refused == [] and screen.errors == []


def test_a_french_night_sets_a_game_aside_in_french(context, tmp_path, shots):
    """Every word of it in the night's language, at a phone's width; the last game set aside, the focus goes to the line
    that says so, where the list was."""
    with AppClient(Night(tmp_path, KEY, SITE, loopback=False, language="fr")) as french:
        started(french, "aloft", ["ann", "bob"])
        page = context.new_page()
        page.set_viewport_size(PHONE)
        page.route("**/*", Relay(french).answer)
        page.goto(f"{SITE}/?host={KEY}")
        page.get_by_role("button", name="Mettre de côté…").click()
        asked = page.get_by_role("dialog", name="Mettre cette partie de côté\u00a0?")
        expect(asked).to_contain_text("Rien n'est perdu")
        page.screenshot(path=shots / "lobby-set-aside-asked-fr-390.png")
        asked.get_by_role("button", name="Mettre de côté", exact=True).click()
        expect(page.locator("#resume-said")).to_have_text(
            "Aloft avec ann et bob : partie mise de côté ; son enregistrement reste dans le dossier de la soirée."
        )
        expect(page.locator("#results-rows td").nth(2)).to_have_text("mise de côté")
        wait_until(page, "() => document.activeElement.id === 'resume-said'", what="the focus on the line said")
        page.screenshot(path=shots / "lobby-set-aside-fr-390.png")
        page.close()
