"""The seat page on a phone, in Chromium at 390 x 844 (and 320 and 375 px wide): words instead of notation,
nothing wider than the screen, no undo after the end, forced moves played after a countdown.

Each page is the page's own template and assets, served on loopback with a state made in this process by
the table's own ``view.state_json`` from a real session at a chosen position; what the page posts is
recorded and refused. The tests share their phones (browser contexts), one for each way of setting one
up before the page's scripts run. Every wait is bounded.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import loopback
from support.browser import BOUND, CHROMIUM, settled, wait_until
from support.games import GAMES, registered
from support.moves import playable

from pnp.games import REGISTRY
from pnp.printing.color import contrast
from pnp.referee import notation, session
from pnp.table import view
from pnp.table.words import page_values
from pnp.texts import table_words

pytestmark = registered  # the guide's example game is checked as a registered game too
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

TABLE = Path(__file__).resolve().parents[1] / "pnp" / "table"
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=BOUND)
CLOCK_START = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
# Options that keep a whole game short, as the API tests use them.
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"], "hauling-astronauts": ["hidden_transports=true"]}


def _players(name: str) -> list[str]:
    game = REGISTRY[name].rules()
    return ["ann", "bob", "cy"][: max(game.min_players, min(3, game.max_players))]


def play_until(
    folder: Path,
    name: str,
    stop: Callable[[session.Session], bool],
    seed: int = 5,
    limit: int = 2000,
    language: str | None = None,
) -> session.Session:
    """A new session of ``name`` (in ``language``) played by seeded random choices among what each seat is
    offered, until ``stop`` holds (or the game ends, or ``limit`` moves)."""
    players, options = _players(name), OPTIONS.get(name, [])
    current = session.new(folder / f"{name}.pnp", name, players, options, seed, None, language=language)
    current.save()
    return advance(current, stop, random.Random(seed), limit)


def advance(
    current: session.Session, stop: Callable[[session.Session], bool], rng: random.Random, limit: int = 2000
) -> session.Session:
    """``current`` played on by ``rng``'s choices until ``stop`` holds (or the end, or ``limit`` moves)."""
    for _ in range(limit):
        seat = current.state.to_move()
        if seat is None or stop(current):
            break
        current.play(notation.format(current.game, rng.choice(playable(current, seat))))
    return current


def new_phone(browser: Any, storage: str = "", clock: bool = False) -> Any:
    """A phone: a browser context at 390 x 844 and its page; ``page.errors`` lists the page's script errors.

    ``storage``: a script run before the page's own, to set what a phone remembers (localStorage).
    ``clock``: the page's timers run only when the test moves its clock on (``page.clock.run_for``)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    if storage:
        context.add_init_script(storage)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    if clock:  # a fixed time, paused: no timer of the page fires until the test says so
        page.clock.install(time=CLOCK_START)
        page.clock.pause_at(CLOCK_START + datetime.timedelta(seconds=1))
    return page


@pytest.fixture(scope="module")
def phones(browser: Any) -> Iterator[Callable[..., Any]]:
    """``phones(storage, clock)``: the module's phone set up so (:func:`new_phone`), made when first asked for and
    shared by every test that asks for the same. A context of its own per page costs Chromium several times
    what the page does, and a shared one keeps the assets in its HTTP cache."""
    made: dict[tuple[str, bool], Any] = {}

    def phone(storage: str = "", clock: bool = False) -> Any:
        if (storage, clock) not in made:
            made[storage, clock] = new_phone(browser, storage, clock)
        return made[storage, clock]

    yield phone
    for page in made.values():
        page.context.close()


@pytest.fixture
def phone(phones: Callable[..., Any]) -> Any:
    """The module's phone that sets nothing up before the page's scripts run."""
    return phones()


class StandIn:
    """The table server as one seat's page sees it, on loopback (:mod:`support.loopback`): the page's own template
    with its API at ``/s/T``, ``state`` as the state, an event stream that says nothing and is tried again a
    minute later, and ``refusal`` as the answer to every move or undo posted, each noted in ``posts``."""

    def __init__(self, state: dict[str, Any], language: str | None = None) -> None:
        import jinja2

        self.state = state
        self.refusal = "refused"
        self.posts: list[tuple[str, dict[str, Any]]] = []
        self.fetched = 0  # states sent
        self.server = loopback.shared(TABLE / "static")
        self.prefix = self.server.add(self.answer)
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(TABLE / "templates"), autoescape=True)
        self.html = env.get_template("seat.html" if state["seat"] else "host.html").render(
            title=state["game"],
            seat=state["seat"],
            api=f"{self.prefix}/s/T",
            players=state["players"],
            **page_values(table_words(language)),
        )

    def answer(self, method: str, where: str, body: bytes) -> loopback.Answer:
        if where == "s/T":
            return 200, "text/html", self.html.encode()
        if where == "s/T/state":
            self.fetched += 1
            return 200, "application/json", json.dumps(self.state).encode()
        if where == "s/T/events":
            return 200, "text/event-stream", b"retry: 60000\n\n"
        if where in ("s/T/play", "s/T/undo") and method == "POST":
            sent = json.loads(body or b"{}")
            self.posts.append((where, {k: v for k, v in sent.items() if k != "tap"}))  # a tap's id is random
            return 422, "application/json", json.dumps({"error": self.refusal, "kind": "refused"}).encode()
        return 404, "text/plain", b"no such page"


def open_state(
    phone: Any,
    state: dict[str, Any],
    viewport: dict[str, int] = PHONE,
    scheme: str = "light",
    language: str | None = None,
) -> Any:
    """The page of ``state`` (its seat's, or the shared screen's for no seat) opened afresh on ``phone``, which
    remembers nothing of an earlier page (its localStorage cleared); ``page.served`` is its :class:`StandIn`,
    ``page.posts`` what it posts.

    ``scheme``: the colour scheme the phone is set to (prefers-color-scheme); ``language``: the page's words'."""
    served = StandIn(state, language)
    if phone.url.startswith(served.server.origin):  # an earlier page of this phone, on the same origin
        phone.evaluate("localStorage.clear()")
    phone.set_viewport_size(viewport)
    phone.emulate_media(color_scheme=scheme)
    phone.errors.clear()
    phone.goto(f"{served.server.origin}{served.prefix}/s/T")
    expect(phone.locator("#turn")).not_to_have_text("Loading the table…")
    phone.served = served
    phone.posts = served.posts
    return phone


def seat_state(current: session.Session, seat: str | None = None) -> dict[str, Any]:
    """What the page of ``seat`` (by default the seat to move, else the first) is sent now."""
    seat = seat or current.state.to_move() or current.setup.players[0]
    return view.state_json(current, seat)


# -- words, never notation, where people read ------------------------------------------------------------


def test_the_log_and_last_line_read_in_words_with_the_notation_folded(phone, tmp_path):
    """Take Off!: the "Last:" line and the log say the labels (cities, colours); the notation waits folded."""
    current = play_until(tmp_path, "take-off", lambda s: len(s.played) >= 6)
    state = seat_state(current)
    last = state["log"][-1]
    assert last["label"] != last["text"]  # a move whose notation and words differ (a flight or a roll)
    page = open_state(phone, state)
    expect(page.locator("#last")).to_have_text(f"Last: {last['player']}: {last['label']}")
    page.locator("#log-details > summary").click()
    log = page.locator("#log li")
    expect(log).to_have_count(len(state["log"]))
    assert [log.nth(i).inner_text() for i in range(log.count())] == [
        f"{e['player']}: {e['label']}" for e in reversed(state["log"])
    ]
    notation_list = page.locator("#notation li")
    expect(notation_list.first).to_be_hidden()  # folded
    page.locator("#notation-details > summary").click()
    expect(notation_list.first).to_have_text(f"{last['player']}: {last['text']}")
    assert page.errors == []


def _placing(s: session.Session) -> bool:
    """Hauling Astronauts: the seat to move places an astronaut (a die, then its space)."""
    return any(m.startswith("place") for m in seat_state(s)["moves"])


def test_a_refused_button_is_named_by_its_label(phone, tmp_path):
    """The server's refusal quotes the notation it was sent; the page names the move as its button does."""
    current = play_until(tmp_path, "hauling-astronauts", _placing)
    state = seat_state(current)
    button = next(b for b in state["buttons"] if b["verb"] == "place")
    page = open_state(phone, state)
    why = "the game moved on (rule: a stand-in's refusal)"
    page.served.refusal = f"{button['move']!r}: {why}"
    page.locator("#moves button.step").filter(has_text=button["steps"][0][1]).click()  # the die, then its space
    page.locator(f"#moves button[data-move='{button['move']}']").click()
    expect(page.locator("#error-text")).to_have_text(f"“{button['label']}”: {why}")
    assert page.errors == []


FACES = {
    "en": ({"R": "red", "Y": "yellow", "G": "green", "B": "blue", "J": "jet", "T": "TAKE OFF!"}, "Roll:", "Enter roll"),
    "fr": (
        {"R": "rouge", "Y": "jaune", "G": "vert", "B": "bleu", "J": "avion", "T": "TAKE OFF!"},
        "Lancer :",
        "Valider :",
    ),
}


def _rolling(current: session.Session) -> bool:
    return any(move.startswith("roll") for move in seat_state(current)["moves"])


@pytest.mark.parametrize("language", sorted(FACES))
def test_take_off_die_faces_are_coloured_faces_with_names(phone, tmp_path, language):
    """The roll picker shows "red", "jet", "TAKE OFF!" ("rouge", "avion" in French), each colour on its own
    colour, never a letter alone: as the game's steps of the roll name and colour them, whatever the language."""
    names, slots, enter = FACES[language]
    current = play_until(tmp_path, "take-off", _rolling, language=language)
    page = open_state(phone, seat_state(current), language=language)
    picker = page.locator("#moves .picker")
    expect(picker).to_be_visible()
    faces = {
        picker.locator("button.face").nth(i).get_attribute("data-face"): picker.locator("button.face").nth(i)
        for i in range(picker.locator("button.face").count())
    }
    assert set(faces) == {"R", "Y", "G", "B", "J", "T"}
    assert {face: button.inner_text() for face, button in faces.items()} == names
    backgrounds = {face: button.evaluate("b => getComputedStyle(b).backgroundColor") for face, button in faces.items()}
    assert len({backgrounds[f] for f in "RYGB"}) == 4  # four colours, each its own
    colours = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "J": None, "T": None}
    assert {face: button.get_attribute("data-colour") for face, button in faces.items()} == colours
    faces["R"].click()
    faces["J"].click()
    expect(picker.locator(".slots-label")).to_have_text(slots)
    expect(picker.locator(".slot.full")).to_have_text([names["R"], names["J"]])
    expect(picker.locator("button.enter")).to_contain_text(enter)
    # the roll whole, no face can be tapped, and each looks it: a coloured face faded, the others greyed as any
    # button that cannot be tapped ("jet" and "TAKE OFF!" stayed black on white)
    greyed = page.evaluate(OFF_LOOK)
    for face, button in faces.items():
        expect(button).to_be_disabled()
        background, ink, opacity = button.evaluate(LOOK)
        assert float(opacity) < 1 if colours[face] else [background, ink] == greyed, (face, background, ink)
    assert page.errors == []


# How a button looks: its background and ink (as the browser computes them) and its opacity.
LOOK = "(b) => { const s = getComputedStyle(b); return [s.backgroundColor, s.color, s.opacity]; }"
# The background and ink the page gives a button that cannot be tapped (--off-bg and --off-ink), as computed.
OFF_LOOK = """() => ["--off-bg", "--off-ink"].map((name) => {
  const probe = document.body.appendChild(document.createElement("i"));
  probe.style.color = `var(${name})`;
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
})"""


# How far above each box its label ends (the visible ones: a text box or a select, not a checkbox).
ABOVE_THE_BOX = """() => [...document.querySelectorAll("label")]
  .filter((label) => label.control && label.control.type !== "checkbox" && label.control.checkVisibility())
  .map((label) => [label.control.id, label.control.getBoundingClientRect().top - label.getBoundingClientRect().bottom])"""


def test_a_focused_box_s_ring_clears_its_label(phone, tmp_path):
    """The move finder and the notation box, open: each label ends 5 px or more above its box, where the focus
    ring (3 px, 2 px out) would else cross its last line. (The finder shows for many buttons outside pickers: here
    it is shown as it is laid out then.)"""
    page = open_state(phone, seat_state(play_until(tmp_path, "aloft", lambda s: True)))
    page.evaluate("document.getElementById('filter-wrap').hidden = false")
    page.locator(".typed > summary").click()
    page.locator("#typed-move").focus()
    above = dict(page.evaluate(ABOVE_THE_BOX))
    assert {"filter", "typed-move"} <= set(above), above
    assert min(above.values()) >= 5, above


# -- the picture to a screen reader ------------------------------------------------------------------------


def test_a_screen_reader_meets_the_picture_as_one_image_named_by_its_figure(phone, tmp_path):
    """On a seat's page and on the shared screen, a screen reader meets the picture as one image with the
    figure's short name, not as an image named by the words of every city, fleet and legend line of
    Take Off's map run together."""
    current = play_until(tmp_path, "take-off", lambda s: len(s.played) >= 2)
    named = {
        "ann": "The table as you may see it",
        None: "The table",
    }
    for seat, name in named.items():
        page = open_state(phone, view.state_json(current, seat), PHONE if seat else {"width": 1280, "height": 800})
        expect(page.locator("#picture svg text").first).to_be_attached()  # drawn, words and all
        assert yaml.safe_load(page.locator("#picture").aria_snapshot()) == [f'img "{name}"']
        assert page.errors == []


def test_a_screen_reader_hears_the_board_in_words_as_the_pictures_description_after_each_move(phone, tmp_path):
    """The board in words is the picture's accessible description (before the keys that move it), folded under
    the picture for a sighted player to open, and it says the new position once a move is played."""
    current = play_until(tmp_path, "hauling-astronauts", lambda s: len(s.played) >= 8)
    before = seat_state(current, "ann")
    page = open_state(phone, before)
    figure = page.locator("#picture")
    for state in (before, seat_state(advance(current, lambda s: len(s.played) > 8, random.Random(1)), "ann")):
        page.served.state = state
        page.evaluate("window.dispatchEvent(new Event('online'))")  # the page looks again, as after an event
        said = " ".join(state["description"])
        expect(figure).to_have_accessible_description(re.compile(f"^{re.escape(said)} Arrow keys move the board"))
    assert before["description"] != state["description"]
    expect(page.locator("#board-words-details")).not_to_have_attribute("open", re.compile(".*"))
    expect(page.locator("#board-words-details summary")).to_have_text("The board in words")
    assert page.errors == []


# -- nothing wider than the screen -------------------------------------------------------------------------

WIDTHS = (320, 375, 390)


@pytest.mark.parametrize("name", GAMES)
def test_every_page_fits_the_screen_from_320_px(phone, tmp_path, name):
    """Mid-game and at the end (score tables and Aloft's breakdown included), the seat page never scrolls
    sideways at 320, 375 or 390 px, and neither does the shared screen at 1280 px."""
    mid = seat_state(play_until(tmp_path, name, lambda s: len(s.played) >= 40))
    (tmp_path / "end").mkdir()
    ended = play_until(tmp_path / "end", name, lambda s: False)
    assert ended.state.to_move() is None
    final = seat_state(ended)
    assert final["score"]["final"]
    for where, state in (("mid-game", mid), ("final", final)):
        page = open_state(phone, state)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            overflow = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert overflow[0] <= overflow[1], f"{where} at {width} px: the page is {overflow[0]} px wide"
        settings = page.context.new_cdp_session(page)
        try:  # the phone's text at twice its usual size, on the narrowest screen
            page.set_viewport_size({"width": 320, "height": 844})
            settings.send("Page.setFontSizes", {"fontSizes": {"standard": 32}})
            page.wait_for_function("getComputedStyle(document.documentElement).fontSize === '34px'")
            overflow = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert overflow[0] <= overflow[1], f"{where} at 320 px, text at 200 %: {_past_the_edge(page)}"
            assert page.evaluate(BROKEN_WORDS, ".private") == [], f"{where}: what only you see, at 200 %"
        finally:
            settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
        assert page.errors == []
    host = open_state(phone, view.state_json(ended, None), {"width": 1280, "height": 800})
    overflow = host.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert overflow[0] <= overflow[1], f"the shared screen is {overflow[0]} px wide at 1280"


# The words inside the elements ``selector`` finds that are split across two lines (a break inside the word).
BROKEN_WORDS = """(selector) => [...document.querySelectorAll(selector)].flatMap((root) => {
  const words = [], walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.textContent.matchAll(/[\\p{L}\\p{N}]{2,}/gu)) {
      const tops = new Set();
      for (let i = match.index; i < match.index + match[0].length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (box && box.width) tops.add(Math.round(box.top));
      }
      if (tops.size > 1) words.push(match[0]);
    }
  }
  return words;
})"""


def _past_the_edge(page: Any) -> list[str]:
    """What reaches past the screen's right edge: each element's tag, class and first words."""
    return page.evaluate(
        """() => [...document.querySelectorAll("body *")]
          .filter((e) => e.offsetParent && e.getBoundingClientRect().right > innerWidth + 1)
          .map((e) => `${e.tagName}.${e.className} to ${Math.round(e.getBoundingClientRect().right)} px: `
                      + (e.textContent || "").trim().slice(0, 40))"""
    )


# -- no undo after the end; forced moves played after a countdown ------------------------------------------


def test_undo_is_not_offered_once_the_game_is_over(phone, tmp_path):
    """The seat that made the last move of a finished game is not offered to take it back."""
    ended = play_until(tmp_path, "hauling-astronauts", lambda s: False)
    last = ended.played[-1][0]
    page = open_state(phone, view.state_json(ended, last))
    expect(page.locator("#turn")).to_have_attribute("data-turn", "over")
    expect(page.locator("#undo")).to_be_hidden()


def test_the_same_state_fetched_again_leaves_the_page_as_the_player_has_it(phone, tmp_path):
    """A state the page has drawn already, fetched again (a retry while offline, the answer to a refused
    input), redraws nothing: the step the player chose in a picker stays chosen, and the buttons are the
    same ones under the player's finger (a redraw would also fit the page again, folding groups)."""
    current = play_until(tmp_path, "hauling-astronauts", _placing)
    state = seat_state(current)
    button = next(b for b in state["buttons"] if b["verb"] == "place")
    page = open_state(phone, state)
    page.locator("#moves button.step").filter(has_text=button["steps"][0][1]).click()  # a die chosen
    page.evaluate("window.held = document.querySelector('#moves button.move')")
    chosen = page.locator("#moves .trail .chosen").inner_text()
    assert chosen == button["steps"][0][1]
    fetched = page.served.fetched
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the network back: the page looks again
    for _ in range(BOUND // 100):
        if page.served.fetched > fetched:
            break
        page.wait_for_timeout(100)
    assert page.served.fetched > fetched, "the page did not look at the state again"
    settled(page)
    assert page.evaluate("document.contains(window.held)"), "the buttons were drawn again"
    assert page.locator("#moves .trail .chosen").inner_text() == chosen
    assert page.errors == []


def _forced(s: session.Session) -> bool:
    """One input only, a pass or the end of the turn."""
    seat = s.state.to_move()
    moves = seat_state(s)["moves"] if seat else []
    return len(moves) == 1 and moves[0].split()[0] in ("pass", "end")


def _end_among_others(s: session.Session) -> bool:
    moves = seat_state(s)["moves"] if s.state.to_move() else []
    return len(moves) >= 2 and "end" in moves


def test_a_forced_pass_is_played_after_a_countdown_that_can_be_stopped(phones, tmp_path):
    """Hauling Astronauts' "pass (nothing else is possible)": counted down, then sent; Stop keeps it a button."""
    state = seat_state(play_until(tmp_path, "hauling-astronauts", _forced))
    (move,) = state["moves"]
    for stopped in (False, True):
        page = open_state(phones(clock=True), state)
        expect(page.locator("#forced")).to_be_visible()
        expect(page.locator("#forced-text")).to_have_text(f"Playing “{state['buttons'][0]['label']}” in 3 s")
        page.clock.run_for(1000)
        expect(page.locator("#forced-text")).to_contain_text("in 2 s")
        if stopped:
            page.locator("#forced-stop").click()
            expect(page.locator("#forced")).to_be_hidden()
        page.clock.run_for(5000)
        if stopped:
            assert page.posts == []
            expect(page.locator(f"#moves button[data-move='{move}']")).to_be_visible()
        else:
            expect(page.locator("#error")).to_be_visible()  # the stand-in refuses every move it is sent
            assert page.posts == [("s/T/play", {"move": move, "version": state["version"]})]


def test_a_forced_move_waits_for_a_tap_when_the_setting_is_off(phones, tmp_path):
    state = seat_state(play_until(tmp_path, "hauling-astronauts", _forced))
    page = open_state(phones("localStorage.setItem('pnp.table.auto-forced', 'off')", clock=True), state)
    expect(page.locator("#auto-forced")).not_to_be_checked()
    page.clock.run_for(10_000)
    expect(page.locator("#forced")).to_be_hidden()
    assert page.posts == []


def test_a_choice_between_two_inputs_is_never_played_by_itself(phones, tmp_path):
    """Air King: "end the turn" beside another input is the player's to choose, however long they wait."""
    state = seat_state(play_until(tmp_path, "air-king", _end_among_others))
    assert len(state["moves"]) >= 2
    page = open_state(phones(clock=True), state)
    expect(page.locator("#auto-forced")).to_be_checked()
    expect(page.locator("#moves button.move").first).to_be_visible()
    page.clock.run_for(60_000)
    expect(page.locator("#forced")).to_be_hidden()
    assert page.posts == []


# -- a nudge on your turn, and the screen kept on -------------------------------------------------------------

# Stand-ins for what a phone has and a headless browser lacks: vibration, sound, the wake lock, and
# the page's visibility (a phone's screen going off); each records what the page asks of it. The page's event
# stream opens and stays open, saying nothing: the stand-in server's ends at once, and the turn line's "Offline"
# coming and going at moments the test does not choose moved what these tests measure under it.
PHONE_PARTS = """
window.EventSource = class extends EventTarget {
  static CONNECTING = 0; static OPEN = 1; static CLOSED = 2;
  constructor() {
    super(); this.readyState = 0;
    setTimeout(() => { this.readyState = 1; this.dispatchEvent(new Event("open")); });
  }
  close() { this.readyState = 2; }
};
window.__buzz = []; window.__beeps = 0; window.__locks = [];
Object.defineProperty(navigator, "vibrate", {
  configurable: true, value: (p) => { window.__buzz.push(p); return true; },
});
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return {frequency: {}, connect: (n) => n, start: () => { window.__beeps += 1; }, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect: (n) => n}; }
  resume() {}
};
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: async () => {
  window.__locks.push("lock");
  const lock = new EventTarget();
  lock.release = async () => { window.__locks.push("release"); lock.dispatchEvent(new Event("release")); };
  return lock;
}}});
let shown = "visible";
Object.defineProperty(document, "visibilityState", {configurable: true, get: () => shown});
window.__show = (how) => { shown = how; document.dispatchEvent(new Event("visibilitychange")); };
"""


def _until(page: Any, expression: str, wanted: int | str) -> None:
    """Until ``expression`` is ``wanted`` on ``page`` (``support.browser.wait_until``)."""
    wait_until(page, f"(wanted) => ({expression}) === wanted", wanted, what=f"{expression} to be {wanted!r}")


def _show(page: Any, state: dict[str, Any]) -> None:
    """The stand-in's state becomes ``state``; the page is shown again, so it looks at once."""
    page.served.state = state
    page.evaluate("window.__show('visible')")
    expect(page.locator("#turn")).to_have_attribute(
        "data-turn", "yours" if state["to_move"] == state["seat"] else "waiting"
    )


def _turn_coming(
    phones: Callable[..., Any], tmp_path: Path, game: str = "hauling-astronauts"
) -> tuple[Any, str, dict[str, Any], dict[str, Any]]:
    """A seat's page waiting for its turn (the phone with the page's parts stood in for), the seat, and the
    states before and once its turn comes."""
    current = play_until(tmp_path, game, lambda s: len(s.played) >= 12)
    seat = next(p for p in current.setup.players if p != current.state.to_move())
    waiting = view.state_json(current, seat)
    advance(current, lambda s: s.state.to_move() == seat, random.Random(2))
    return open_state(phones(PHONE_PARTS), waiting), seat, waiting, view.state_json(current, seat)


def test_the_turn_coming_nudges_the_phone_and_brings_the_moves_into_view(phones, tmp_path):
    """Vibration, the tab's title, a beep only once the sound is on (remembered), the moves in view."""
    page, seat, waiting, turn = _turn_coming(phones, tmp_path)
    expect(page).to_have_title(f"{seat} · Hauling Astronauts")

    _show(page, turn)
    expect(page).to_have_title("▶ Your turn · Hauling Astronauts")
    _until(page, "window.__buzz.length", 1)
    top = page.evaluate("document.getElementById('moves-section').getBoundingClientRect().top")
    under = page.evaluate("document.querySelector('.status').getBoundingClientRect().bottom")
    assert under - 1 <= top <= PHONE["height"] / 2, (top, under)
    assert page.evaluate("window.__beeps") == 0  # the sound is off until the player turns it on

    expect(page.locator("#sound")).not_to_be_checked()
    page.locator("#settings > summary").click()  # the phone's settings, folded
    page.locator("#sound").check()
    _show(page, waiting)
    assert page.evaluate("window.__buzz.length") == 1  # no nudge when the turn goes
    _show(page, turn)
    _until(page, "window.__beeps", 1)
    page.reload()
    expect(page.locator("#sound")).to_be_checked()  # remembered on this phone
    assert page.errors == []


def test_the_turn_coming_brings_the_seats_hand_up_whole_with_its_moves(phones, tmp_path):
    """Air King's hand lies just above the moves: it comes up with them, whole under the turn kept at the top
    (the moves alone were brought up, the hand's heading left hidden under the turn)."""
    page, _seat, _waiting, turn = _turn_coming(phones, tmp_path, "air-king")
    _show(page, turn)
    settled(page)
    read = "(id) => document.getElementById(id).getBoundingClientRect().top"
    hand, moves = page.evaluate(read, "private-section"), page.evaluate(read, "moves-section")
    under = page.evaluate("document.querySelector('.status').getBoundingClientRect().bottom")
    assert under - 1 <= hand < moves <= PHONE["height"] / 2, (under, hand, moves)
    assert page.errors == []


def test_on_a_screen_short_for_its_text_the_turn_stays_in_view_upright_and_scrolls_away_on_its_side(phones, tmp_path):
    """Kept in view as it is, the turn took half of a 320 x 640 screen with the phone's text at 200 % (and a quarter of a
    phone on its side). On its side it scrolls with the page; upright it stays in view, a bar as short as its words
    allow (a third of the screen at most), and the turn coming brings the moves up under it: it scrolled away, and
    after a move was nowhere near the step the focus moved to."""
    page, _, waiting, turn = _turn_coming(phones, tmp_path)
    kept = "getComputedStyle(document.querySelector('.status')).position"
    status = "document.querySelector('.status').getBoundingClientRect()"
    assert page.evaluate(kept) == "sticky"  # 390 x 844 at the usual text size
    for viewport, text, position in (
        ({"width": 844, "height": 390}, 16, "static"),
        ({"width": 320, "height": 640}, 32, "sticky"),
    ):
        page.set_viewport_size(viewport)
        settings = page.context.new_cdp_session(page)
        try:
            settings.send("Page.setFontSizes", {"fontSizes": {"standard": text}})
            size = f"getComputedStyle(document.documentElement).fontSize === '{text * 1.0625:g}px'"
            wait_until(page, size, what=f"the page's text at {text} px")
            assert page.evaluate(kept) == position, viewport
            if position == "sticky":
                _show(page, waiting)
                page.evaluate("window.scrollTo(0, 0)")
                _show(page, turn)
                wait_until(
                    page,
                    f"Math.abs(document.getElementById('moves-section').getBoundingClientRect().top - {status}.bottom) < 2",
                    what="the moves under the turn",
                )
                assert page.evaluate(f"{status}.top") == 0
                assert page.evaluate(f"{status}.bottom") <= viewport["height"] / 3
        finally:
            settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
            page.set_viewport_size(PHONE)
    assert page.evaluate(kept) == "sticky"
    assert page.errors == []


def test_the_screen_is_kept_on_while_the_page_is_shown(phones, tmp_path):
    current = play_until(tmp_path, "hauling-astronauts", lambda s: len(s.played) >= 4)
    page = open_state(phones(PHONE_PARTS), seat_state(current))
    _until(page, "window.__locks.join()", "lock")
    page.evaluate("window.__show('hidden')")
    _until(page, "window.__locks.join()", "lock,release")
    page.evaluate("window.__show('visible')")
    _until(page, "window.__locks.join()", "lock,release,lock")


# -- light and dark, each readable -------------------------------------------------------------------------

# Every text shown outside the picture, against the colour behind it (the backgrounds of its ancestors,
# laid over each other), with WCAG's contrast ratio; disabled controls are exempt. The worst found.
CONTRAST = """() => {
  const rgba = (c) => {
    const v = c.match(/[\\d.]+/g).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const linear = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = (c) => 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  function behind(node) {
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
  }
  const worst = [];
  for (const node of document.querySelectorAll("body *")) {
    const text = [...node.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join("").trim();
    if (!text || node.closest("svg, option, :disabled") || !node.checkVisibility()) continue;
    const back = behind(node);
    const ink = over(rgba(getComputedStyle(node).color), back);
    const [a, b] = [luminance(ink), luminance(back)].sort((x, y) => y - x);
    worst.push([(a + 0.05) / (b + 0.05), `${node.tagName}.${node.className} "${text.slice(0, 30)}"`]);
  }
  return worst.sort((x, y) => x[0] - y[0]).slice(0, 3);
}"""


def _contrast(page: Any) -> list[tuple[float, str]]:
    """The three texts of least contrast on ``page``, as (ratio, which)."""
    return [(ratio, which) for ratio, which in page.evaluate(CONTRAST)]


def _everything_open(page: Any) -> None:
    """The log and its notation open, two faces picked and entered (the stand-in refuses: a refusal line)."""
    page.locator("#log-details > summary").click()
    page.locator("#notation-details > summary").click()
    picker = page.locator("#moves .picker")
    picker.locator("button.face[data-face='R']").click()
    picker.locator("button.face[data-face='J']").click()
    picker.locator("button.enter").click()
    expect(page.locator("#error")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_has_a_contrast_of_4_5_to_1_as_the_phone_is_set(phone, tmp_path, scheme):
    """Take Off! mid-game (coloured faces, the log, a refusal) and at its end (the winner), light and dark."""
    current = play_until(tmp_path, "take-off", lambda s: len(s.played) >= 6 and "roll" in seat_state(s)["moves"][0])
    page = open_state(phone, seat_state(current), scheme=scheme)
    expect(page.locator("html")).to_have_attribute("data-theme", scheme)
    _everything_open(page)
    worst = _contrast(page)
    assert worst[0][0] >= 4.5, worst
    colours = "['--focus', '--paper', '--card'].map((v) => getComputedStyle(document.body).getPropertyValue(v))"
    ring = page.evaluate(colours)
    focus, paper, card = (colour.strip() for colour in ring)
    assert min(contrast(focus, paper), contrast(focus, card)) >= 3.0, ring  # the focus ring: WCAG 1.4.11
    advance(current, lambda s: False, random.Random(1))
    ended = open_state(phone, seat_state(current), scheme=scheme)
    expect(ended.locator("#turn")).to_have_attribute("data-turn", "over")
    worst = _contrast(ended)
    assert worst[0][0] >= 4.5, worst


def test_the_colours_can_be_chosen_on_the_phone_and_are_remembered(phone, tmp_path):
    current = play_until(tmp_path, "hauling-astronauts", lambda s: len(s.played) >= 4)
    page = open_state(phone, seat_state(current), scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.locator("#settings > summary").click()
    page.locator("#theme").select_option("dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(15, 18, 23)"
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("#theme")).to_have_value("dark")
    page.locator("#settings > summary").click()
    page.locator("#theme").select_option("")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")  # as the phone is set


def test_the_typing_example_is_a_move_of_this_game_and_the_text_follows_the_phones_text_size(phone, tmp_path):
    """The box for typing a move gave 'place 5 b2' (a Hauling Astronauts move) in every game; and the page's text
    stayed at 17 px whatever text size the phone was set to."""
    state = seat_state(play_until(tmp_path, "air-king", lambda s: len(s.played) >= 8))
    offered = [b["move"] for b in state["buttons"] if b["kind"] == "choice"]
    page = open_state(phone, state)
    page.locator("details.typed > summary").click()
    expect(page.locator("#typed-example code")).to_have_text(offered[0])
    size = "getComputedStyle(document.documentElement).fontSize"
    assert page.evaluate(size) == "17px"  # at the browser's usual 16 px
    settings = page.context.new_cdp_session(page)
    try:
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": 24}})  # the phone's text made larger
        page.wait_for_function(f"{size} === '25.5px'")
    finally:
        settings.send("Page.setFontSizes", {"fontSizes": {"standard": 16}})
    assert page.errors == []
