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
from support.browser import BOUND, CHROMIUM, settled, unfold
from support.serve import running
from test_table_lobby_browser import (
    KEY,
    SITE,
    Relay,
    night,  # noqa: F401 - the fixture: the night's app
    started,
)
from test_table_phone import BROKEN_WORDS, CONTRAST, PHONE, advance, new_phone, open_state, play_until, seat_state
from test_table_rules import client_for
from test_table_rules import phone as routed_phone  # noqa: F401 - the fixture: pages answered by the table's app

from pnp.referee import session
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


def tree(page: Any, ignored: bool = False) -> list[dict[str, Any]]:
    """The nodes of Chromium's own accessibility tree of ``page``: those a screen reader meets (not ignored), or
    with ``ignored`` all of them (an ignored node still holds its children)."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return [node for node in nodes if ignored or not node.get("ignored")]


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


# -- after a move, at any text size --------------------------------------------------------------------------------

SMALL = {"width": 360, "height": 740}
PHONE_SE = {"width": 320, "height": 568}  # the smallest phone
RING = 6  # px: the room the page leaves above what it scrolls to, for its focus ring (table.js)
# Where the page is: the focus (its tag and words) and its box, the boxes of the turn line, of the last move's line and
# of the status holding them, the screen's height, the box of the moves' "nothing to do" line where it is shown, and
# each thing a player taps (outside the status) that the status's lower edge cuts.
WHERE = """() => {
  const box = (node) => { const r = node.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
  const focus = document.activeElement, none = document.getElementById("no-moves");
  const status = document.querySelector(".status"), edge = status.getBoundingClientRect().bottom;
  const cut = [...document.querySelectorAll("button, summary, input, select, textarea, a[href], [tabindex='0']")]
    .filter((node) => !node.closest(".status") && node.checkVisibility())
    .filter((node) => node.getBoundingClientRect().top < edge - 0.5 && node.getBoundingClientRect().bottom > edge + 0.5)
    .map((node) => node.id || node.textContent.trim().slice(0, 30));
  return { focus: `${focus.tagName} ${focus.textContent.trim()}`, box: box(focus),
    turn: box(document.getElementById("turn")), last: box(document.getElementById("last")), status: box(status),
    none: none.textContent ? box(none) : null, height: innerHeight, cut };
}"""


@pytest.fixture
def large_text(browser: Any, request: Any) -> Iterator[Any]:
    """A page on a 360 x 740 phone in light colours, else as ``request.param`` says (its size and colour scheme, which
    ``large_text.scheme`` names); ``large_text.text(px)`` sets the phone's text size (16 px usual, 32 px at 200 %)."""
    viewport, scheme = getattr(request, "param", (SMALL, "light"))
    context = browser.new_context(viewport=viewport, device_scale_factor=1, color_scheme=scheme)
    page = context.new_page()
    page.scheme = scheme
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    settings = context.new_cdp_session(page)
    page.text = lambda px: settings.send("Page.setFontSizes", {"fontSizes": {"standard": px}})
    yield page
    context.close()


def seal_by_keyboard(page: Any, button: Any) -> None:
    """``button``, a secret's, pressed from the keyboard and confirmed (Tab on to Seal, from Cancel or from the
    question of a dialog taller than the screen, and Enter); until the page shows the version that made."""
    version = page.get_attribute("body", "data-version")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#confirm")).to_be_visible()
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "confirm-ok":
            break
    expect(page.locator("#confirm-ok")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("body")).not_to_have_attribute("data-version", version or "")


@pytest.mark.parametrize(
    "large_text",
    [(SMALL, "light"), *((size, scheme) for size in (PHONE_SE, PHONE) for scheme in ("light", "dark"))],
    ids=["360x740", "320x568-light", "320x568-dark", "390x844-light", "390x844-dark"],
    indirect=True,
)
def test_after_a_move_the_next_step_and_the_turn_come_into_view_at_any_text_size(large_text, tmp_path, shots):
    """Hauling Astronauts' hidden set-up in French, a transport sealed from the keyboard: the focus goes to the next
    strip's title, in view (at 200 % it went to a title some 1,300 px above the screen, which showed an untitled list),
    under the turn line and the last move's, kept at the top (at 200 % they scrolled away with the page, some 1,700 px
    above the screen); once the third is sealed and the turn gone, to the moves' heading with its line saying whom the
    page waits for, in view (the page sat at its foot). What the focus is on is in view whole where it fits under the
    turn line (a title of five lines at 200 % on a 320 x 568 phone, from its top); the line takes half the screen at
    most, and cuts nothing a player taps. At 320 x 568 and 390 x 844, in light and dark colours; every text readable."""
    path = tmp_path / "h.pnp"
    current = session.new(
        path, "hauling-astronauts", ["ann", "bob"], ["hidden_transports=true"], 5, None, language="fr"
    )
    current.save()
    page = large_text
    with running("ref", "serve", str(path)) as served:
        page.goto(served.seats["ann"])
        expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")  # the first state drawn
        for n, (px, next_title) in enumerate(((16, "deuxième bande"), (32, "troisième bande"), (32, None)), 1):
            page.text(px)
            expect(page.locator("html")).to_have_css("font-size", f"{px * 1.0625:g}px")
            group = page.locator("#moves details.group").first
            seal_by_keyboard(page, group.locator("button.move").last)  # the last: the page scrolled the furthest
            settled(page)
            where = page.evaluate(WHERE)
            size = "x".join(str(v) for v in page.viewport_size.values())
            page.screenshot(path=shots / f"sealed-{size}-{page.scheme}-{n}-{px}px.png")
            if next_title:
                assert where["focus"].startswith("SUMMARY") and next_title in where["focus"], where
            else:
                assert where["focus"].startswith("H2 Vos coups") and where["none"], where
            status, height = where["status"], where["height"]
            # the turn and the last move in view at the top, on half the screen at most
            assert 0 <= where["turn"]["top"] and where["last"]["bottom"] <= status["bottom"] <= height / 2, where
            # the focus under them, in view whole, or from just under them where it is too tall for the room left
            shown = [where["box"], where["none"]] if where["none"] else [where["box"]]
            assert all(status["bottom"] - 0.5 <= box["top"] <= height for box in shown), where
            assert shown[-1]["bottom"] <= height or where["box"]["top"] <= status["bottom"] + RING + 1, where
            assert where["cut"] == [], where
        worst = page.evaluate(CONTRAST)
        assert worst[0][0] >= 4.5, worst
    assert page.errors == []


# Each part of the confirmation's dialog ("title", "what", "cancel") with its box, whether it lies wholly inside the
# dialog's own box, and what the screen shows at its middle; the dialog's scroll and the element focused.
DIALOG = """() => {
  const dialog = document.getElementById("confirm"), edge = dialog.getBoundingClientRect();
  const part = (id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    const seen = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { inside: r.top >= edge.top && r.bottom <= edge.bottom, seen: seen && seen.closest("[id]").id };
  };
  return { scrolled: dialog.scrollTop, tall: dialog.scrollHeight > dialog.clientHeight,
    focus: document.activeElement.id,
    title: part("confirm-title"), what: part("confirm-what"), cancel: part("confirm-cancel") };
}"""


def test_the_confirmation_opens_on_its_question_and_value_at_any_text_size(phone, tmp_path, shots):
    """Hauling Astronauts' set-up in French, a transport to seal, on a 360 x 740 phone: at the usual text size the
    dialog fits and Cancel takes the focus; with the phone's text at 200 % it is taller than the screen and opens at
    its top on its question, which takes the focus, the transport in view under it, and Tab goes on to Cancel,
    brought into view (the focus on Cancel scrolled the dialog to its foot, the question and the transport out of view
    above)."""
    current = play_until(tmp_path, "hauling-astronauts", lambda s: True, language="fr")
    page = open_state(phone, seat_state(current), SMALL, language="fr")
    secret = page.locator("#moves button.kind-secret").first
    secret.click()
    expect(page.locator("#confirm-cancel")).to_be_focused()
    assert page.evaluate(DIALOG)["tall"] is False
    page.keyboard.press("Escape")
    settings = page.context.new_cdp_session(page)
    try:
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": 32}})
        expect(page.locator("html")).to_have_css("font-size", "34px")
        secret.click()
        expect(page.locator("#confirm")).to_be_visible()
        settled(page)
        page.screenshot(path=shots / "confirm-200.png")
        shown = page.evaluate(DIALOG)
        assert shown["tall"] and shown["scrolled"] == 0 and shown["focus"] == "confirm-title", shown
        for part in ("title", "what"):
            assert shown[part] == {"inside": True, "seen": f"confirm-{part}"}, (part, shown)
        page.keyboard.press("Tab")
        settled(page)
        shown = page.evaluate(DIALOG)
        assert shown["focus"] == "confirm-cancel" and shown["cancel"] == {"inside": True, "seen": "confirm-cancel"}
        page.keyboard.press("Escape")
    finally:
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
        settings.detach()
    assert page.posts == [] and page.errors == []


# -- the Rules panel --------------------------------------------------------------------------------------------

# The Rules panel's header: how far it and the panel reach past their own width (0 for none), whether Close lies
# wholly inside the panel, and whether it stands beside the title (its top above the title's foot).
HEADER = """() => {
  const head = document.querySelector(".rules-head"), panel = document.getElementById("rules");
  const close = document.getElementById("rules-close").getBoundingClientRect(), edge = panel.getBoundingClientRect();
  return { head: head.scrollWidth - head.clientWidth, panel: panel.scrollWidth - panel.clientWidth,
    inside: close.left >= edge.left && close.right <= edge.right,
    beside: close.top < document.getElementById("rules-title").getBoundingClientRect().bottom };
}"""


def test_the_rules_panel_s_title_wraps_and_its_close_button_stays_whole(routed_phone, tmp_path, shots):  # noqa: F811
    """Aloft in French on a 360 x 740 phone: the Rules panel's "Fermer" stands beside its title at the usual text
    size, and under it at 200 %, whole inside the panel, which never scrolls sideways ("Fermer" ran past the panel's
    edge, its header wider than the panel); no word of the title or the button is broken."""
    current = session.new(tmp_path / "aloft.pnp", "aloft", ["ann", "bob"], [], 1, None, language="fr")
    current.save()
    page = routed_phone
    page.serving = {"app": client_for(current)}
    page.set_viewport_size(SMALL)
    page.goto("http://table.test/s/T0")
    expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")
    settings = page.context.new_cdp_session(page)
    try:
        for px, beside in ((16, True), (32, False)):
            settings.send("Page.setFontSizes", {"fontSizes": {"standard": px}})
            expect(page.locator("html")).to_have_css("font-size", f"{px * 1.0625:g}px")
            page.locator("#rules-open").click()
            expect(page.locator("#rules-title")).to_have_text("Aloft : règles")
            settled(page)
            page.screenshot(path=shots / f"rules-{px}px.png")
            assert page.evaluate(HEADER) == {"head": 0, "panel": 0, "inside": True, "beside": beside}, px
            assert page.evaluate(BROKEN_WORDS, ".rules-head") == [], px
            page.keyboard.press("Escape")
    finally:
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
        settings.detach()
    assert page.problems == []


# -- a long choice's search -------------------------------------------------------------------------------------


def statuses(page: Any, region: str) -> list[tuple[str, str]]:
    """Each live status of the tree within the region named ``region``, as (its live setting, its words)."""
    nodes = tree(page, ignored=True)
    by_id = {node["nodeId"]: node for node in nodes}

    def words(node: dict[str, Any]) -> str:
        if _value(node, "role") == "StaticText":
            return _value(node, "name")
        return "".join(words(by_id[child]) for child in node.get("childIds", []) if child in by_id)

    def within(node: dict[str, Any]) -> bool:
        up = by_id.get(node.get("parentId", ""))
        return up is not None and ((_value(up, "role"), _value(up, "name")) == ("region", region) or within(up))

    def live(node: dict[str, Any]) -> str:
        return next((str(p["value"]["value"]) for p in node.get("properties", []) if p["name"] == "live"), "")

    met = [node for node in nodes if not node.get("ignored") and _value(node, "role") == "status" and within(node)]
    return [(live(node), words(node)) for node in met]


FOUND = {"en": ("{} matches", "Nothing matches."), "fr": ("{} résultats", "Aucun résultat.")}


@pytest.mark.parametrize("language", sorted(FOUND))
def test_the_capital_search_says_how_many_it_finds_or_none_to_a_screen_reader(phone, tmp_path, language):
    """Take Off!'s capital drawn, the chooser with a search box: as a search is typed, a polite status says how many
    capitals it finds, or that it finds none, in the page's language, and says nothing while nothing is typed (the
    search said nothing to a screen reader; only a line shown on finding nothing)."""
    many, none = FOUND[language]
    current = play_until(tmp_path, "take-off", lambda s: "draw" in " ".join(seat_state(s)["moves"]), language=language)
    page = open_state(phone, seat_state(current), language=language)
    picker = page.locator("#moves .chooser[data-key='chance:draw']")
    unfold(page.locator("#moves details.group[data-key='chance:draw']"))
    region = page.locator("#moves-h").inner_text()
    said = lambda: [words for _live, words in statuses(page, region) if words]
    find = picker.locator("input.find")
    assert said() == [] and [live for live, _words in statuses(page, region)] == ["polite"]
    find.fill("an")
    shown = picker.locator("button.move:visible")
    expect(shown.first).to_be_visible()
    assert said() == [many.format(shown.count())] and shown.count() > 1
    find.fill("zzz")
    expect(shown).to_have_count(0)
    assert said() == [none]
    expect(picker.locator(".found")).to_have_text(none)  # shown too
    find.fill("")
    assert said() == []
    assert page.errors == []


# -- the legend -------------------------------------------------------------------------------------------------

# The images a screen reader meets in the legend under the board, by game: none where each symbol's words follow it,
# a key's chips by their letter and colour.
LEGEND_IMAGES = {
    "hauling-astronauts": [],
    "aloft": ["B blue", "G green", "P purple", "R red", "W white", "Y yellow"],
}


@pytest.mark.parametrize("name", sorted(LEGEND_IMAGES))
def test_the_legend_reads_each_entry_s_words_without_its_symbol_s_letters(phone, tmp_path, name):
    """The legend opened under the board: Chromium's tree holds each entry's words, and no image named by the
    letters on a symbol that the words after it describe (Hauling Astronauts' score read as an image "7" before "a
    player's score, on their track", its bonus as "+2"; Aloft's safety truck as "S", a balloon as "B G"); a key's
    chips, whose letters and colours are what it says, stay images named by them."""
    page = open_state(phone, seat_state(play_until(tmp_path, name, lambda s: len(s.played) >= 4)))
    legend = page.locator("#board-legend li")
    expect(legend.first).to_be_attached()
    page.locator("#board-legend-details > summary").click()
    nodes = tree(page)
    images = [_value(node, "name") for node in nodes if _value(node, "role") == "image"]
    assert [image for image in images if not image.startswith("The table")] == LEGEND_IMAGES[name]
    texts = {_value(node, "name") for node in nodes if _value(node, "role") == "StaticText"}
    lines = [" ".join(words.split()) for words in legend.locator(".words").all_inner_texts()]
    assert len(lines) >= 4 and set(lines) <= texts, set(lines) - texts
    assert page.errors == []


# -- the lobby, light or dark -----------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lobby_takes_the_screen_s_colours_every_text_readable(browser, night, scheme, shots):  # noqa: F811
    """The game night's lobby on a screen set to dark takes the table's dark colours, as the game's shared screen and
    the phones do (it stayed light), and light on a light one; every text keeps 4.5:1 in both, a game's set-up form
    open, tonight's results listed."""
    started(night, "hauling-astronauts", ["ann", "bob"])
    context = browser.new_context(viewport=SCREEN, device_scale_factor=1, color_scheme=scheme)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route("**/*", Relay(night).answer)
        page.goto(f"{SITE}/?host={KEY}")
        expect(page.locator("#results-rows tr")).to_have_count(1)
        paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        assert paper == {"light": "rgb(246, 247, 249)", "dark": "rgb(15, 18, 23)"}[scheme]
        for step in ("games", "set-up"):
            if step == "set-up":
                page.locator("[data-game=aloft]").click()
                expect(page.locator("#setup")).to_be_visible()
            page.screenshot(path=shots / f"lobby-{step}-{scheme}.png", full_page=True)
            worst = page.evaluate(CONTRAST)
            assert worst[0][0] >= 4.5, (step, worst)
        assert errors == []
    finally:
        context.close()
