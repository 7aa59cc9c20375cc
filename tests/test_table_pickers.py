"""Long choices on the seat page, in Chromium at a phone's 390 x 844 (and 375 x 667): pickers, not walls of buttons.

Take Off's capital drawn is a list by continent with a search box, Hauling Astronauts' set-up goes
strip by strip, Air King's squares are a grid of the field, any other long choice a searchable list;
each plays the input it shows. Whole games of every game, one seeded game each, keep every page within
three screens, bring the moves into view, open the board readable and say everything outside the folded
notation in words: at each kind of page a game has, on the small phone, the stricter in size, and now and
then on the waiting seats' phones and the shared screen too. The pages are the page's own template and
assets, served on loopback from a real session in this process (``view.state_json``), whose moves the pages
play. Every wait is bounded; nothing here measures speed.
"""

from __future__ import annotations

import json
import math
import random
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support import loopback
from support.browser import BOUND, past_version, settled, unfold
from support.games import GAMES, SPECS, registered
from test_table_board import LEGIBLE, MEASURE
from test_table_phone import PHONE, TABLE, _players, expect

from pnp.errors import PnpError
from pnp.games.air_king.maps import new_field
from pnp.printing.svg import kept_drawing
from pnp.referee import notation, rounds, session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Commit, Game, Reveal
from pnp.table import view
from pnp.table.words import page_values, session_words

pytestmark = registered  # the guide's example game is checked as a registered game too
SMALL_PHONE = {"width": 375, "height": 667}
NARROW = {"width": 320, "height": 568}  # the narrowest phone: a title runs longest, a field is cut first
SCREENS = 3  # no page taller than this many screens (docs/adding-a-game.md says so to a game's author)
ROOM = 0.25  # screens to spare under SCREENS on a page as it opens, for what it shows later (table.js: FIT)
MANY, FEW = 12, 4  # a group of more inputs than MANY is a picker, or of more than FEW given steps (pickers.js)
# Options that keep a whole game short; Hauling Astronauts with its transports open, chosen at set-up.
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"]}
# Whole games are played on the small phone, the stricter in every measure (narrower, shorter, its board text
# smaller): it looks at each kind of page a game has, and at SPREAD positions spread over the game besides.
SPREAD = 8
# At WATCHED positions spread over the game (its first among them) the waiting seats' pages and the shared screen
# are looked at too (what they say does not depend on the phone's size).
WATCHED = 3


# A stand-in for the server's stream of news: open, and silent until the page closes it (a routed answer
# would end, and the page say it is offline) or the test has it tell of a change (``shown_then``); the page looks
# again when the test tells it to. The newest stream a page opened is its window's ``news``.
OPEN_STREAM = """window.EventSource = class extends EventTarget {
  static OPEN = 1;
  constructor() {
    super();
    this.readyState = 1;
    window.news = this;
    setTimeout(() => this.dispatchEvent(new Event("open")));
  }
  close() { this.readyState = 2; }
};"""
# The table's setting that plays a forced move after a countdown, turned off as a player may.
NO_COUNTDOWN = "localStorage.setItem('pnp.table.auto-forced', 'off')"


def shown_then(read: str) -> str:
    """A script of the page: with ``change`` true, first what the server's stream says after every move, the
    record now at ``version`` (the picture drawn until then marked, so that its replacement can be told from
    it); then, until the page is at ``version`` with a ``picture`` (a selector) drawn, checked each frame, and
    two frames on, so that it has laid out what it drew and answered its own changes of size: what ``read``
    (a script of no arguments) reads of it; null once ``bound`` ms went by first. One call where a change, a
    wait, a settling and a look would take four: each call to the page costs about as much as what it runs."""
    return f"""async ([change, version, picture, bound]) => {{
  if (change) {{
    document.querySelector("#picture svg")?.setAttribute("data-replaced", "");
    window.news.dispatchEvent(new MessageEvent("change", {{ data: JSON.stringify({{ version }}) }}));
  }}
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  const until = performance.now() + bound;
  while (document.body.dataset.version !== version || document.querySelector(picture) === null) {{
    if (performance.now() > until) return null;
    await frame();
  }}
  await frame();
  await frame();
  return {{ read: ({read})() }};
}}"""


class Tabs:
    """The module's browser windows: for each screen size, script run before the page's own, and viewer (a seat,
    or None for the shared screen), a window (a context) with one page, kept from test to test, and the script
    errors of them all. A page opened in a new window costs Chromium several times what the same page navigated
    afresh does; and each viewer has a window of their own, as each player holds a phone of their own: pages
    that share a window are tabs, of which Chromium draws only the front one, and the one brought to the front
    is drawn whole again (about 30 ms each time)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.made: dict[tuple[int, int, str, str | None], Any] = {}
        self.errors: list[str] = []

    def page(self, viewport: dict[str, int], script: str, viewer: str | None) -> Any:
        """The page of ``viewer``'s window at ``viewport``, set up by ``script``."""
        key = (viewport["width"], viewport["height"], script, viewer)
        if key not in self.made:
            context = self.browser.new_context(viewport=viewport, device_scale_factor=1)
            context.add_init_script(OPEN_STREAM)
            if script:
                context.add_init_script(script)
            page = self.made[key] = context.new_page()
            page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return self.made[key]


@pytest.fixture(scope="module")
def tabs(browser: Any) -> Tabs:
    """The module's browser windows (:class:`Tabs`)."""
    return Tabs(browser)


class Served:
    """``current`` behind a stand-in server on loopback (:mod:`support.loopback`): seat SEAT's page at
    /s/SEAT and the shared screen at /, each state as the table's server makes it, a move a seat posts
    played on the session (a refusal answered as the server does), and ``hint`` answering /hint. The
    assets come cached, as on a phone, so a page opened afresh does not fetch them again. Each viewer (a
    seat, or None for the shared screen) has a window of its own among ``tabs``' at ``viewport`` (set up by
    ``script``), opened afresh when first shown here."""

    def __init__(
        self, tabs: Tabs, current: session.Session, viewport: dict[str, int] = PHONE, script: str = ""
    ) -> None:
        import jinja2

        self.current = current
        self.viewport = viewport
        self.hint: dict[str, str] | None = None
        self.shape: Callable[[dict[str, Any]], dict[str, Any]] = lambda state: state  # a state as sent
        self.templates = jinja2.Environment(loader=jinja2.FileSystemLoader(TABLE / "templates"), autoescape=True)
        self.server = loopback.shared(TABLE / "static")
        self.prefix = self.server.add(self._answer)
        self.tabs, self.script = tabs, script
        self._errors_before = len(tabs.errors)
        self.shown: set[str | None] = set()  # the viewers whose page shows this session
        self.page: Any = None  # the page shown last
        self.pictures: dict[str | None, str] = {}  # the picture last sent to each viewer
        self.ready: dict[str | None, tuple[str, dict[str, Any]]] = {}  # each viewer's next state, and its version

    @property
    def errors(self) -> list[str]:
        """The script errors of the pages since this session was served."""
        return self.tabs.errors[self._errors_before :]

    def _answer(self, method: str, where: str, body: bytes) -> loopback.Answer:
        seat: str | None = None  # the shared screen's, unless the address names a seat
        what = where
        if where.startswith("s/"):
            seat, _, what = where.removeprefix("s/").partition("/")
        api = f"{self.prefix}/s/{seat}" if seat else self.prefix
        if what == "" and method == "GET":
            html = self.templates.get_template("seat.html" if seat else "host.html").render(
                title=self.current.spec.title,
                seat=seat,
                api=api,
                players=self.current.setup.players,
                **page_values(session_words(self.current)),
            )
            return 200, "text/html", html.encode()
        if what == "state":  # made ready by ``show_and_read`` for this version, or made now
            version, state = self.ready.pop(seat, (None, {}))
            if version != self.current.last_hash:
                state = self.shape(view.state_json(self.current, seat))
            self.pictures[seat] = state.get("picture") or ""
            return _json(state)
        if what.startswith("kept/"):  # a map the picture sends apart
            text = kept_drawing(what.removeprefix("kept/"))
            return (200, "image/svg+xml", text.encode()) if text else (404, "image/svg+xml", b"")
        if what == "play" and seat and method == "POST":
            try:
                self.current.play(json.loads(body or b"{}")["move"])
                return _json({"version": self.current.last_hash})
            except PnpError as exc:
                return _json({"error": str(exc), "kind": "refused"}, 422)
        if what == "hint" and self.hint is not None:
            return _json(self.hint)
        return _json({"error": "not found"}, 404)

    def show(self, seat: str | None, afresh: bool = True) -> Any:
        """``seat``'s page (None: the shared screen) at the current version: opened afresh, as a phone opens
        the link; or, with ``afresh`` False and the page open already, brought up to date as a phone left on
        the table is: its stream says "change", and it fetches the state and redraws in place."""
        return self.show_and_read(seat, afresh, "() => null")[0]

    def show_and_read(self, seat: str | None, afresh: bool, read: str) -> tuple[Any, Any]:
        """``seat``'s page shown (:meth:`show`), and what the script ``read`` reads of it once drawn."""
        page = self.tabs.page(self.viewport, self.script, seat)
        if seat not in self.shown:
            self.shown.add(seat)
            afresh = True
        # the state the page is about to fetch, made now to know whether its picture changes: if so, the wait is
        # for the new one (maps it keeps apart are fetched before it replaces the last)
        version, state = self.current.last_hash, self.shape(view.state_json(self.current, seat))
        self.ready[seat] = version, state
        replaced = afresh or (state.get("picture") or "") != self.pictures.get(seat)
        picture = "#picture svg:not([data-replaced])" if replaced else "#picture svg"
        if afresh:
            page.goto(f"{self.server.origin}{self.prefix}/" + (f"s/{seat}" if seat else ""))
        shown = page.evaluate(shown_then(read), [not afresh, version, picture, BOUND])
        assert shown, f"{seat or 'the shared screen'}'s page drawn at {version}: not within {BOUND} ms"
        self.page = page
        return page, shown["read"]


def _json(data: object, status: int = 200) -> loopback.Answer:
    return status, "application/json", json.dumps(data).encode()


def new_session(folder: Path, name: str, seed: int = 5, language: str | None = None) -> session.Session:
    players, options = _players(name), OPTIONS.get(name, [])
    current = session.new(folder / f"{name}.pnp", name, players, options, seed, None, language=language)
    current.save()
    return current


def buttons_now(current: session.Session) -> list[dict[str, Any]]:
    """The buttons of the seat to move, as its state sends them (the picture left undrawn: not asked here)."""
    seat = current.state.to_move()
    return [offered.to_json() for offered in legal_inputs(current, seat)] if seat is not None else []


Found = Callable[[dict[str, Any], list[dict[str, Any]]], bool]  # a button wanted, among all the buttons


def until(current: session.Session, found: Found, rng: random.Random, limit: int = 2000) -> dict[str, Any]:
    """Play ``current`` on by ``rng``'s choices until a button of the seat to move satisfies ``found``; that button."""
    for _ in range(limit):
        buttons = buttons_now(current)
        wanted = [b for b in buttons if found(b, buttons)]
        if wanted:
            return wanted[0]
        current.play(rng.choice(buttons)["move"])
    raise AssertionError("no such button came up")


def group_of(b: dict[str, Any]) -> tuple[str, str]:
    """The group the page lists ``b`` in: its kind and verb (a secret: its slot, in words)."""
    return b["kind"], f"your {b['secret']}" if b["kind"] == "secret" else b["verb"]


def picked(b: dict[str, Any], buttons: list[dict[str, Any]]) -> bool:
    """Whether ``b`` is chosen through a picker of pickers.js (a long group, dice faces aside)."""
    dice = b["kind"] == "chance" and len(b["move"].split()) > 2
    group = [other for other in buttons if group_of(other) == group_of(b)]
    return not dice and (len(group) > MANY or (len(group) > FEW and all("steps" in other for other in group)))


def tap_through(page: Any, b: dict[str, Any]) -> None:
    """Play ``b`` as a player does: each step's answer (those the picker did not take itself), then the
    input, found with the search box when it waits under a folded heading; a secret is confirmed."""
    key = json.dumps(":".join(group_of(b)))
    group = page.locator(f"#moves details.group[data-key={key}]")
    unfold(group)
    picker = group.locator(f".chooser[data-key={key}]")
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
    past_version(served.page, before)
    assert current.played[-1][0] == seat
    if b["kind"] == "secret":  # sealed: the record holds a commitment, the seat's key the value
        _verb, slot, value = b["move"].split()
        assert current.own_secrets(seat)[slot] == value
    else:
        assert notation.format(current.game, current.played[-1][1]) == b["move"]


# Every text shown outside the picture, the folded notation and the typed move: each element's own text.
SHOWN_TEXTS = """() => [...document.querySelectorAll("body *")]
  .filter((n) => !n.closest("svg, #notation-details, details.typed") && n.checkVisibility())
  .map((n) => [...n.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join(" "))
  .map((text) => text.split(/\\s+/).join(" ").trim())
  .filter((text) => text)"""
# Each group of moves' key, title, and how far its title starts below the first line of its heading (a summary),
# in lines: under 0.5 where the title's first line is the heading's, beside its arrow; a group with no heading (a
# lone move its title would repeat) has a null title, and the text of its one button in place of the distance.
TITLES = """() => [...document.querySelectorAll("#moves details.group, #moves .alone")].map((g) => {
  const summary = g.querySelector(":scope > summary"), title = summary?.querySelector(":scope > .title");
  if (!summary) return [g.dataset.key, null, [...g.querySelectorAll("button .label")].map((b) => b.textContent).join("|")];
  const below = title.getBoundingClientRect().top - summary.getBoundingClientRect().top
    - parseFloat(getComputedStyle(summary).paddingTop);
  return [g.dataset.key, title.innerText, below / parseFloat(getComputedStyle(title).lineHeight)];
})"""
# All that the checks of a seat's page read of it, in one call (each call to the page costs about as much as
# what it reads): its height, where its moves start and the turn line ends, the picture's texts in sight
# (test_table_board's MEASURE), each group of moves' key and title (TITLES), the small words no title ends on in
# the page's language, and the texts shown (SHOWN_TEXTS).
LOOK = f"""() => ({{
  height: document.documentElement.scrollHeight,
  movesTop: document.getElementById("moves-section").getBoundingClientRect().top,
  turnBottom: document.querySelector(".status").getBoundingClientRect().bottom,
  texts: ({MEASURE})().texts,
  titles: ({TITLES})(),
  small: pnpPage.t("table.title.small").split(" "),
  shown: ({SHOWN_TEXTS})(),
}})"""


def look_at(page: Any) -> dict[str, Any]:
    """What the checks below read of ``page`` (LOOK)."""
    return page.evaluate(LOOK)


def words_only(
    shown: list[str], buttons: list[dict[str, Any]], log: list[dict[str, Any]], slots: dict[str, str] | None = None
) -> None:
    """No text ``shown`` on a page outside the folded notation (SHOWN_TEXTS) says a move's notation (where its
    words differ): neither an input's (``buttons``) nor a move played (``log``), nor a secret's slot as the
    record writes it (``slots``, with the game's words for each: "t1" for "transport for the first strip")."""
    written = {b["move"] for b in buttons if b["label"] != b["move"]}
    written |= {e["text"] for e in log if e["label"] != e["text"]}
    written |= {slot for slot, said in (slots or {}).items() if slot not in said.split()}
    # a move of one word only when it is all a text says ("end"), a longer one anywhere ("fly 1 midway")
    notation_said = [rf"^{re.escape(m)}$" if " " not in m else rf"(^|\s){re.escape(m)}(\s|$)" for m in written]
    for said in shown:
        assert not any(re.search(pattern, said) for pattern in notation_said), said


def log(current: session.Session, viewer: str | None) -> list[dict[str, Any]]:
    """The log as ``viewer``'s state sends it (the picture, not asked here, left undrawn)."""
    return view.state_json(current, viewer, picture="")["log"]


def hidden(move: object) -> bool:
    """Whether ``move``, as the record holds it, seals or shows a secret."""
    return isinstance(move, (Commit, Reveal))


def phrase(text: str) -> str:
    """``text`` in lower case up to its first colon, comma, semicolon or bracket, its spaces made single."""
    return " ".join(re.split(r"[:,;(]", text.lower())[0].split())


def titled_in_words(look: dict[str, Any], buttons: list[dict[str, Any]]) -> None:
    """Each group of moves on a page (its ``look``) is titled by words all its buttons begin with, within their
    first phrase and ending on none of the page's language's small words ("Orage", not "Orage sur"), by the title
    the game gives it or by its first question; a secret by what it fills: never by a notation verb. A lone button that its title would only
    repeat ("Finir le tour" over "finir le tour") stands without one, and a group of several never does. Each
    title starts on its heading's first line, beside its arrow."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for b in buttons:
        groups.setdefault(":".join(group_of(b)), []).append(b)
    titles = look["titles"]
    assert sorted(key for key, _title, _below in titles) == sorted(groups)
    for key, title, below in titles:
        if title is None:
            assert len(groups[key]) == 1 and below == groups[key][0]["label"], f"{key} stands untitled: {below!r}"
            continue
        said = " ".join(title.lower().split())
        phrases = [phrase(b["label"]) for b in groups[key]]
        asked = {b["steps"][0][0].lower() for b in groups[key] if b.get("steps")}
        asked |= {b["title"].lower() for b in groups[key] if b.get("title")}  # what the game says is chosen
        worded = all(f"{p} ".startswith(f"{said} ") for p in phrases) and said.split()[-1] not in look["small"]
        repeats = len(phrases) == 1 and said == phrases[0]  # a lone button's title its first phrase: said again
        assert not repeats, f"{key}: its title {title!r} repeats its one button"
        assert key.startswith("secret:") or worded or said in asked, f"{key} is titled {title!r}"
        assert below < 0.5, f"{key}: its title {title!r} starts {below:.1f} lines under its heading's first"


def moves_in_view(look: dict[str, Any], height: int) -> None:
    """The seat's moves start just under the turn line, in the upper half of the screen (a page's ``look``)."""
    top, under = look["movesTop"], look["turnBottom"]
    assert under - 1 <= top <= height / 2, f"the moves start {top:.0f} px down (the turn line ends at {under:.0f})"


def board_readable(look: dict[str, Any]) -> None:
    """Every text of the picture in sight at its starting frame (a page's ``look``) is at least LEGIBLE CSS px tall."""
    small = [t for t in look["texts"] if t["px"] < LEGIBLE]
    assert not small, f"{small[0]['text']!r} is {small[0]['px']:.1f} px at the starting frame"


def under_the_turn(page: Any, node: Any) -> None:
    """Scroll ``node`` up to just under the turn line, as a screenshot shows it."""
    node.evaluate(
        "(n) => window.scrollBy(0, n.getBoundingClientRect().top"
        " - document.querySelector('.status').getBoundingClientRect().bottom - 8)"
    )


def tall(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


# -- the steps the games give -------------------------------------------------------------------------------


def answers_of(b: dict[str, Any]) -> tuple[str, ...]:
    """The answers that reach input ``b`` in its picker: in its steps' order, or sorted when any order will do."""
    answers = tuple(answer for _question, answer in b["steps"])
    return tuple(sorted(answers)) if b.get("any_order") else answers


@pytest.mark.parametrize("name", GAMES)
def test_each_input_of_a_group_has_steps_of_its_own(tmp_path, name):
    """Over a seeded game, every group given steps tells its inputs apart by their answers, and inputs on a
    grid by their squares, so a picker reaches each input and only it."""
    current, rng = new_session(tmp_path, name), random.Random(5)
    while current.state.to_move() is not None:
        buttons = buttons_now(current)
        groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for b in buttons:
            groups.setdefault(group_of(b), []).append(b)
        for group in groups.values():
            if all("steps" in b for b in group):
                paths = [answers_of(b) for b in group]
                assert len(set(paths)) == len(group), group
                squares = [(*path[:-1], *b["cell"]) for path, b in zip(paths, group) if "cell" in b]
                assert len(set(squares)) == len(squares), group
        current.play(rng.choice(buttons)["move"])


# -- whole games ---------------------------------------------------------------------------------------------


Kind = tuple[object, ...]  # what a seat's page at a position is made of (see ``page_kind``)


def page_kind(current: session.Session, buttons: list[dict[str, Any]]) -> Kind:
    """What the page of the seat to move is made of at this position, as far as its layout and words go: the
    stage, and each group of its moves, with whether a picker shows it (positions of one kind differ only in
    which inputs are offered and how many, and in what the log and picture say)."""
    groups = {(":".join(group_of(b)), picked(b, buttons)) for b in buttons}
    return (current.state.stage(), *sorted(groups))


class Rehearsal:
    """One seeded game of a game, its seats choosing at random: the buttons chosen, in order, and the
    positions to look at in it besides those where a picker is tapped (``looked_at``)."""

    def __init__(self, folder: Path, name: str) -> None:
        rng, rehearsal = random.Random(5), new_session(folder, name)
        self.chosen: list[dict[str, Any]] = []
        kinds: dict[Kind, list[int]] = {}  # the positions of each kind of page
        firsts: dict[object, int] = {}  # the first position of each seat to move, and after each group played
        while rehearsal.state.to_move() is not None and len(self.chosen) < 2000:
            n, buttons = len(self.chosen), buttons_now(rehearsal)
            kinds.setdefault(page_kind(rehearsal, buttons), []).append(n)
            firsts.setdefault(("seat", rehearsal.state.to_move()), n)
            if self.chosen:  # the last line of the log says the input played last
                firsts.setdefault(("after", group_of(self.chosen[-1])), n)
            self.chosen.append(rng.choice(buttons))
            rehearsal.play(self.chosen[-1]["move"])
        spread = range(0, len(self.chosen), max(1, len(self.chosen) // SPREAD))
        ends = {n for positions in kinds.values() for n in (positions[0], positions[-1])}
        self.looked_at = ends | set(firsts.values()) | set(spread) | {len(self.chosen) - 1}


@pytest.mark.parametrize("name", GAMES)
def test_whole_games_fit_a_phone_in_words_and_each_picker_plays_what_it_shows(tabs, tmp_path, name):
    """The seeded game of each on a small phone (375 x 667, where a page's three screens are shortest): the
    page of the seat to move is at most three screens tall (every fold as the page opens it), has its moves in
    view, its board readable at the starting frame, its groups titled in words, and no notation outside the
    folded detail, nor a secret's slot as the record writes it. It looks at the first and the last position of
    each kind of page (``page_kind``), the first where each seat moves and the first after each group of inputs
    was played (the log's last line says it), SPREAD positions spread over the game, and the first position
    where an input of each group is chosen in a picker, that input played by tapping through the picker (the
    record shows it). At WATCHED positions spread over the game it also looks at the waiting seats' pages and
    the shared screen (neither may say notation or a slot either). The larger phone has the pickers' own
    tests below.

    What the checks catch shows in a page of its kind: a taller page of a kind (more buttons in a group,
    a longer log, a fuller hand, a picker folding the most) comes late in the game, and the last position
    of each kind and of the game are looked at; a label in notation shows in the first page with its group
    of buttons, or in the first after its input was played; a picker that loses an input fails the taps,
    which are those of the whole game before.
    (Planted, each of these fails this test: a page growing by 12 px a move played, one verb's buttons
    and log lines labelled in notation, the shared screen's log in notation, and a picker that drops its last
    input.)

    Each viewer keeps one page open all game, as a phone on the table does: told of the new version by its
    stream, it redraws in place. A page opens afresh the first time it is shown, and the next time a seat's
    page is shown after an input was tapped through a picker on it (the tap opened a folded group, which a
    page redrawn in place keeps open).
    The table's setting that plays a forced move by itself is off: a page left showing an old version must
    not play on it (its countdown has tests of its own in test_table_phone)."""
    (tmp_path / "rehearsal").mkdir()
    rehearsal = Rehearsal(tmp_path / "rehearsal", name)
    chosen = rehearsal.chosen
    every = max(1, len(chosen) // WATCHED)
    current = new_session(tmp_path, name)
    served = Served(tabs, current, SMALL_PHONE, NO_COUNTDOWN)
    heights, watchers, afresh = [], 0, 0
    tapped: set[tuple[str, str]] = set()  # the groups an input was tapped through a picker of
    reopen: set[str | None] = set()  # the viewers whose page a picker was tapped on since it last opened

    def look(viewer: str | None, read: str) -> tuple[Any, Any]:
        nonlocal afresh
        anew = viewer in reopen or viewer not in served.shown
        reopen.discard(viewer)
        afresh += anew
        return served.show_and_read(viewer, anew, read)

    for n, b in enumerate(chosen):
        seat = current.state.to_move() or ""
        buttons = buttons_now(current)
        to_tap = picked(b, buttons) and group_of(b) not in tapped
        watched = n % every == 0
        if not (to_tap or watched or n in rehearsal.looked_at):
            current.play(b["move"])
            continue
        slots = {
            move.slot: rounds.named(current.game, current.words, move.slot)
            for _p, move in current.played
            if hidden(move)
        }
        if watched:
            for viewer in [*(other for other in current.setup.players if other != seat), None]:
                _watched, shown = look(viewer, SHOWN_TEXTS)
                words_only(shown, buttons, log(current, viewer), slots)
                watchers += 1
        _page, seen = look(seat, LOOK)
        heights.append(seen["height"])
        limit = (SCREENS - ROOM) * SMALL_PHONE["height"]
        assert heights[-1] <= limit, f"move {n}: the page is {heights[-1]} px tall, over {limit:.0f}"
        moves_in_view(seen, SMALL_PHONE["height"])
        board_readable(seen)
        titled_in_words(seen, buttons)
        words_only(seen["shown"], buttons, log(current, seat), slots)
        if to_tap:
            played_by_tapping(served, b)
            reopen.add(seat)
            tapped.add(group_of(b))
        else:
            current.play(b["move"])
    assert current.state.to_move() is None  # the whole game was played
    assert served.errors == []
    assert watchers > 0  # the waiting seats' pages and the shared screen were looked at
    print(
        f"{name}: {len(chosen)} moves, {len(heights)} pages, at most {max(heights)} px, {len(tapped)} picked,"
        f" {watchers} pages of waiting seats and the shared screen; {afresh} of all opened afresh"
    )


# -- groups titled in words ---------------------------------------------------------------------------------

TITLED = [  # a game, its language, a group of its moves, whether it is one button, and the page's title for it
    # "choose Tortoise for strip 1, Drifter for 2 …": the words say only the verb, the game says what is chosen
    ("hauling-astronauts", "en", "choice:choose", False, "Choose your transports"),
    ("hauling-astronauts", "fr", "choice:choose", False, "Choisir vos transports"),  # "choisir Tortoise en bande 1, …"
    ("air-king", "en", "choice:extra", False, "Extra move"),  # "Extra move: fly aircraft 1 to b2", "… depart …"
    ("air-king", "en", "choice:diagonal", False, "Extra diagonal move"),  # "Extra diagonal move: aircraft 1 to b1"
    ("aloft", "en", "choice:truck", False, "Move the truck"),  # "move the truck under column 3", "… column 5"
    ("hauling-astronauts", "fr", "choice:place", False, "Poser"),  # "poser le 3 en a1", "poser le 5 en b2"
    ("air-king", "fr", "choice:storm", False, "Orage"),  # "Orage sur a1", "Orage sur b1"
    ("aeronaut-odyssey", "fr", "choice:move", False, "Voyager"),  # "voyager jusqu'à D", "voyager jusqu'à G"
    ("aeronaut-odyssey", "fr", "choice:pick", False, "Choisir un ballon"),  # "choisir un ballon orange", "… jaune"
    ("air-king", "fr", "choice:end", True, None),  # alone: "finir le tour", which a title would say again
    ("aloft", "fr", "choice:inflate", True, None),  # "gonfler le ballon violet/jaune sur le camion de la colonne 6"
    ("hauling-astronauts", "en", "choice:end", True, None),  # "end the turn without departing (ends the game)"
]


@pytest.mark.parametrize(("name", "language", "key", "lone", "title"), TITLED)
def test_each_group_is_titled_in_the_words_of_its_buttons(tabs, tmp_path, name, language, key, lone, title):
    """A group's folded heading says the words its buttons begin with, whole, in the page's language, or its first
    question: never the notation's verb; on the narrowest phone, its arrow beside the title's first line. A lone
    button that a title would only repeat stands in its group's box without one (``title`` None)."""
    current = new_session(tmp_path, name, language=language)

    def of_key(b: dict[str, Any]) -> bool:
        return ":".join(group_of(b)) == key

    b = until(current, lambda b, buttons: of_key(b) and (sum(map(of_key, buttons)) == 1) == lone, random.Random(1))
    page = Served(tabs, current, NARROW).show(current.state.to_move() or "")
    group = page.locator(f"#moves :is(details.group, .alone)[data-key={json.dumps(key)}]")
    if title is None:
        expect(group.locator("summary")).to_have_count(0)
        expect(group.locator("button")).to_have_text([b["label"]])
    else:
        expect(group.locator(":scope > summary > .title")).to_have_text(title)
    titled_in_words(look_at(page), buttons_now(current))


# Labels as the games write them, which part inside a phrase, and the title over them: the words they share up to
# where they part, less the phrase that names what differs from its small word on ("to Port Moresby", "de la
# colonne 1") but for an article, whose noun they all share ("un ballon"); cut back further, at a small word, else
# by a word, where it would not hold on a line of the narrowest phone's heading. The labels are a game's own, the
# buttons stand-ins in a real seat's page.
PARTED = [
    ("fr", ["choisir un ballon orange", "choisir un ballon jaune"], "Choisir un ballon"),
    ("en", ["fly jet 1 to Port Moresby", "fly jet 1 to Port Louis"], "Fly jet 1"),
    (
        "fr",
        ["échanger les transports des bandes 1 et 2", "échanger les transports des bandes 2 et 3"],
        "Échanger les transports",
    ),
    (  # "Gonfler le ballon bleu/vert sur le camion" takes two lines; without its truck, 27 letters (pickers.js: LONGEST)
        "fr",
        [f"gonfler le ballon bleu/vert sur le camion de la colonne {n}" for n in (1, 2)],
        "Gonfler le ballon",
    ),
]


@pytest.mark.parametrize(("language", "labels", "title"), PARTED)
def test_a_title_keeps_the_words_its_labels_share_on_a_line_of_the_narrowest_phone(
    tabs, tmp_path, language, labels, title
):
    """A group's title says the words its labels share up to where they part, whole: an article's noun with it
    ("Choisir un ballon", where it said "Choisir"), a name never cut ("Fly jet 1", not "Fly jet 1 to Port"); and on
    one line of its heading on a 320 px phone, its arrow beside it."""
    current = new_session(tmp_path, "aloft", language=language)
    served = Served(tabs, current, NARROW)
    buttons = [{"move": f"x {n}", "label": label, "verb": "x", "kind": "choice"} for n, label in enumerate(labels)]
    served.shape = lambda state: {**state, "buttons": buttons, "moves": [b["move"] for b in buttons]}
    page = served.show(current.state.to_move() or "")
    heading = page.locator('#moves details.group[data-key="choice:x"] > summary > .title')
    expect(heading).to_have_text(title)
    lines = heading.evaluate("(t) => t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).lineHeight)")
    assert round(lines) == 1, f"{title!r} takes {lines:.1f} lines"


# -- each picker -------------------------------------------------------------------------------------------


def folded(text: str) -> str:
    """``text`` as the search box compares it: no accents, case or punctuation."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if c.isalnum())


def test_take_off_capitals_are_listed_by_continent_and_name_and_found_without_accents(tabs, tmp_path, shots):
    """The card drawn: one folded heading per continent (capitals counted), names in order inside, a search
    typed without accents finds an accented capital, and tapping it draws that card."""
    current = new_session(tmp_path, "take-off")
    until(current, lambda b, _all: b["verb"] == "draw", random.Random(3))
    draws = [b for b in buttons_now(current) if b["verb"] == "draw"]
    served = Served(tabs, current)
    page = served.show(current.state.to_move() or "")
    picker = page.locator("#moves .chooser[data-key='chance:draw']")
    expect(picker.locator(".question")).to_have_text("Capital drawn")
    continents = sorted({b["group"] for b in draws})
    headings = picker.locator("details.heading")
    expect(headings.locator("summary > span:first-child")).to_have_text(continents)
    expect(headings.locator("summary .tally")).to_have_text(
        [str(sum(b["group"] == name for b in draws)) for name in continents]
    )
    assert picker.locator("button.move:visible").count() == 0  # every heading folded: the page stays short
    assert tall(page) <= SCREENS * PHONE["height"]
    headings.first.locator("summary").click()
    names = headings.first.locator("button.move").all_inner_texts()
    assert len(names) == sum(b["group"] == continents[0] for b in draws)
    assert [folded(n) for n in names] == sorted(folded(n) for n in names)

    under_the_turn(page, picker)
    page.screenshot(path=shots / "table-picker-capitals.png")

    # typed in capitals with accents the name lacks (or without those it has): found all the same
    wanted = next(b for b in draws if b["group"] == "Europe")
    name = wanted["steps"][0][1].split(" (")[0]
    typed = "".join({"a": "á", "e": "é", "o": "ö", "u": "ü"}.get(c, c) for c in folded(name)).upper()
    assert typed != name.upper()
    picker.locator("input.find").fill(typed)
    shown = picker.locator("button.move:visible")
    expect(shown.first).to_be_visible()
    assert wanted["move"] in shown.evaluate_all("(all) => all.map((b) => b.dataset.move)")
    assert all(folded(typed) in folded(text) for text in shown.all_inner_texts())
    expect(headings.locator("summary:visible > span:first-child")).to_have_text(
        sorted({b["group"] for b in draws if folded(typed) in folded(b["steps"][0][1])})
    )  # only the headings with a match, opened
    played_by_tapping(served, wanted)
    assert served.errors == []


def test_hauling_set_up_goes_strip_by_strip_offering_only_what_is_left_with_a_way_back(tabs, tmp_path, shots):
    """120 ways to set up become three steps: strip 1's transport (6), strip 2's (the 5 left), strip 3's
    (the 4 left, each playing the set-up it completes); Back returns a step, and the set-up is recorded."""
    current = new_session(tmp_path, "hauling-astronauts")
    choices = buttons_now(current)
    assert len(choices) == 120 and all(b["verb"] == "choose" for b in choices)
    served = Served(tabs, current)
    page = served.show(current.state.to_move() or "")
    picker = page.locator("#moves .chooser[data-key='choice:choose']")
    first = sorted({b["steps"][0][1] for b in choices})
    expect(picker.locator(".question")).to_have_text("Transport for strip 1")
    expect(picker.locator("button.step")).to_have_text(first)
    assert tall(page) <= SCREENS * PHONE["height"]
    picker.locator("button.step").nth(1).click()
    expect(picker.locator(".question")).to_have_text("Transport for strip 2")
    expect(picker.locator("button.step")).to_have_text([name for name in first if name != first[1]])
    picker.locator("button.back").click()
    expect(picker.locator(".question")).to_have_text("Transport for strip 1")
    expect(picker.locator("button.step")).to_have_count(6)
    picker.locator("button.step").nth(2).click()  # the browser's Back is the picker's too, and stays on the page
    address = page.url
    page.go_back()
    expect(picker.locator(".question")).to_have_text("Transport for strip 1")
    assert page.url == address
    picker.locator("button.step").nth(0).click()
    picker.locator("button.step").nth(0).click()
    expect(picker.locator(".question")).to_have_text("Transport for strip 3")
    expect(picker.locator("button.move")).to_have_count(4)
    expect(picker.locator(".chosen")).to_have_text(f"{first[0]} › {first[1]}")
    under_the_turn(page, picker.locator("xpath=ancestor::details[1]"))
    page.screenshot(path=shots / "table-picker-set-up.png")
    b = next(b for b in choices if [s[1] for s in b["steps"][:2]] == first[:2])
    played_by_tapping(served, b)
    assert served.errors == []


def test_aloft_colour_cards_are_entered_one_colour_at_a_time_in_either_order(tabs, tmp_path):
    """Two colour cards of six (15 pairs): the first step offers every colour, the last one as well, and the
    second the five others; a player holding yellow and blue may tap yellow first, and seals blue and yellow."""
    current = new_session(tmp_path, "aloft")
    choices = buttons_now(current)
    assert len(choices) == 15 and all(b.get("any_order") for b in choices)
    colours = sorted({answer for b in choices for _question, answer in b["steps"]})
    served = Served(tabs, current)
    page = served.show(current.state.to_move() or "")
    picker = page.locator("#moves .chooser")
    expect(picker.locator(".question")).to_have_text("Colour card 1")
    expect(picker.locator("button.step")).to_have_text(colours)
    picker.locator("button.step", has_text="yellow").click()
    expect(picker.locator(".question")).to_have_text("Colour card 2")
    expect(picker.locator("button.move")).to_have_text([c for c in colours if c != "yellow"])
    b = next(b for b in choices if answers_of(b) == ("blue", "yellow"))
    seat, before = current.state.to_move() or "", current.last_hash
    picker.locator(f"button[data-move={json.dumps(b['move'])}]").click()
    page.locator("#confirm-ok").click()
    past_version(page, before)
    _verb, slot, value = b["move"].split()
    assert current.own_secrets(seat)[slot] == value
    assert served.errors == []


def test_dice_faces_come_in_order_of_kind_and_number_whatever_order_the_rolls_are_listed_in(tabs, tmp_path):
    """Hauling Astronauts with its bonus dice, at a roll whose outcomes name a red face before the plain 2: the
    faces still read 1 to 6, then red 1 to red 6 (they read "1, red 1 … red 6, 2, 3 …")."""
    current = session.new(tmp_path / "h.pnp", "hauling-astronauts", ["ann", "bob"], ["bonus_dice=true"], 5, None)
    current.save()

    def listed(buttons: list[dict[str, Any]]) -> list[str]:  # the faces, in the order the rolls name them first
        faces = [face for b in buttons if b["kind"] == "chance" for face in b["move"].split()[1:]]
        return list(dict.fromkeys(faces))

    def jumbled(b: dict[str, Any], buttons: list[dict[str, Any]]) -> bool:
        faces = listed(buttons)
        plain = [face for face in faces if face.isdigit()]
        return b["kind"] == "chance" and faces[: len(plain)] != plain

    until(current, jumbled, random.Random(5))
    faces = listed(buttons_now(current))
    kinds = list(dict.fromkeys(face.lstrip("0123456789") for face in faces))
    wanted = sorted(faces, key=lambda face: (kinds.index(face.lstrip("0123456789")), int(face.rstrip("gr"))))
    page = Served(tabs, current).show(current.state.to_move() or "")
    shown = page.locator("#moves .picker button.face").evaluate_all("(buttons) => buttons.map((b) => b.dataset.face)")
    assert shown == wanted != faces


# The grid of squares in a picker as it sits in the box it scrolls in: the box's width and the grid's, and the
# left and right edges of its headings (of its columns), of its rows' names and of its squares offered, from the
# box's left edge; and the field's (the box with the rows' names), likewise.
SQUARES = """(picker) => {
  const wrap = picker.querySelector(".grid-wrap"), box = wrap.getBoundingClientRect();
  const edges = (nodes) => [...nodes].map((n) => n.getBoundingClientRect()).map((r) => [r.left - box.left, r.right - box.left]);
  return {
    width: wrap.clientWidth,
    scrolls: wrap.scrollWidth,
    headings: edges(wrap.querySelectorAll(".axis")),
    rows: edges(picker.querySelectorAll(".axis.row")),
    offered: edges(wrap.querySelectorAll("button.square:not(.off)")),
    field: edges(picker.querySelectorAll(".squares"))[0],
  };
}"""
# The grid of squares scrolled to each whole px it scrolls to, from its start to its end (then back to where it was):
# at each, the squares whose part in sight (within the box it scrolls in) lies partly under a row's name, and the rows
# whose name is not level with their squares (its middle above or below them). Each with the scroll, at most 5.
UNDER_THE_NAMES = """(picker) => {
  const wrap = picker.querySelector(".grid-wrap"), was = wrap.scrollLeft;
  const names = [...picker.querySelectorAll(".axis.row")];
  const squares = [...wrap.querySelectorAll("button.square")];
  const columns = squares.length / names.length, hidden = [], unlevel = [];
  const positions = wrap.scrollWidth - wrap.clientWidth;
  for (let x = 0; x <= positions; x += 1) {
    wrap.scrollLeft = x;
    const box = wrap.getBoundingClientRect(), named = names.map((n) => n.getBoundingClientRect());
    squares.forEach((square, i) => {
      const r = square.getBoundingClientRect();
      const left = Math.max(r.left, box.left), right = Math.min(r.right, box.left + wrap.clientWidth);
      const row = named[Math.floor(i / columns)];
      const middle = (row.top + row.bottom) / 2;
      if (i % columns === 0 && (middle < r.top || middle > r.bottom)) unlevel.push([x, Math.floor(i / columns)]);
      if (right - left < 0.5) return; // out of sight
      const under = named.some((n) => n.right > left + 0.5 && n.left < right - 0.5 && n.bottom > r.top && n.top < r.bottom);
      if (under) hidden.push([x, i]);
    });
  }
  wrap.scrollLeft = was;
  return { positions, hidden: hidden.slice(0, 5), unlevel: unlevel.slice(0, 5) };
}"""


def in_sight(grid: dict[str, Any], what: str) -> None:
    """Each of a grid's headings or squares offered (``what``) lies wholly within the width of its box."""
    out = [edges for edges in grid[what] if edges[0] < -0.5 or edges[1] > grid["width"] + 0.5]
    assert not out, f"{what} out of the {grid['width']} px the grid shows: {out}"


def test_air_king_squares_are_a_grid_of_the_field_with_only_the_legal_ones_enabled(tabs, tmp_path, shots):
    """A Storm card: the field's grid, one button per square, those the card may go on enabled and named by
    their move for a screen reader, the others disabled and hidden from it; a tap plays the square. The whole
    field fits the narrowest phone, 320 px wide (its last column was cut off there)."""
    current = new_session(tmp_path, "air-king")

    def many_storms(b: dict[str, Any], buttons: list[dict[str, Any]]) -> bool:
        return b["verb"] == "storm" and sum(other["verb"] == "storm" for other in buttons) > MANY

    storm = until(current, many_storms, random.Random(1))
    storms = [b for b in buttons_now(current) if b["verb"] == "storm"]
    rows, columns = storm["grid"]["rows"], storm["grid"]["columns"]
    served = Served(tabs, current)
    page = served.show(current.state.to_move() or "")
    squares = page.locator("#moves .chooser[data-key='choice:storm'] .squares")
    expect(squares.locator("button.square")).to_have_count(len(rows) * len(columns))
    enabled = squares.locator("button.square:not([disabled])")
    expect(enabled).to_have_count(len(storms))
    assert sorted(enabled.evaluate_all("(all) => all.map((b) => b.getAttribute('aria-label'))")) == sorted(
        b["label"] for b in storms
    )
    read_out = squares.aria_snapshot()  # a screen reader meets the offered squares, not 30 or so "not possible"
    assert read_out.count("- button") == len(storms) and "not possible" not in read_out, read_out
    for b in storms[:3]:  # each where the field has it
        row, column = b["cell"]
        assert squares.locator("button.square").nth(row * len(columns) + column).get_attribute("data-move") == b["move"]
    assert tall(page) <= SCREENS * PHONE["height"]
    under_the_turn(page, squares.locator("xpath=ancestor::details[1]"))
    page.screenshot(path=shots / "table-picker-squares.png")
    page.set_viewport_size(NARROW)
    try:
        grid = page.locator("#moves .chooser[data-key='choice:storm']").evaluate(SQUARES)
        assert grid["scrolls"] <= grid["width"], f"the field is {grid['scrolls']} px wide in {grid['width']}"
        in_sight(grid, "headings")
        in_sight(grid, "offered")
        under_the_turn(page, squares)
        page.screenshot(path=tmp_path / "squares-320.png")  # to look at
    finally:
        page.set_viewport_size(PHONE)
    played_by_tapping(served, storms[-1])
    assert served.errors == []


def wide_field(tabs: Tabs, folder: Path) -> tuple[Any, dict[str, Any]]:
    """Air King on a generated field of ten columns, too wide for a 320 px phone even with its squares at their
    narrowest, at an aircraft departing from the airport at the right, chosen in its picker: the picker, and the
    input of a square at the field's right edge."""
    field = folder / "wide.yaml"
    field.write_text(new_field(20), encoding="utf-8")
    current = session.new(folder / "wide.pnp", "air-king", _players("air-king"), OPTIONS["air-king"], 5, field)
    current.save()

    def from_the_right(b: dict[str, Any], buttons: list[dict[str, Any]]) -> bool:
        departing = [other for other in buttons if other["verb"] == "depart"]
        return b in departing and len(departing) > FEW and b["cell"][1] == len(b["grid"]["columns"]) - 1

    b = until(current, from_the_right, random.Random(1))
    page = Served(tabs, current, NARROW).show(current.state.to_move() or "")
    picker = page.locator("#moves .chooser[data-key='choice:depart']")
    unfold(picker.locator("xpath=ancestor::details[1]"))
    picker.locator("button.step").filter(has_text=re.compile(f"^{re.escape(b['steps'][0][1])}$")).click()
    expect(picker.locator(f"button.square[data-move={json.dumps(b['move'])}]")).to_be_visible()
    settled(page)
    return picker, b


def test_a_field_wider_than_the_phone_opens_on_the_squares_offered(tabs, tmp_path):
    """A field too wide for the phone (``wide_field``): an aircraft departing from the airport at the right has its
    squares in sight once chosen, the field scrolled to them (they were off the right edge), and the rows' names
    stay at the left, beside the box that scrolls."""
    picker, _b = wide_field(tabs, tmp_path)
    grid = picker.evaluate(SQUARES)
    assert grid["scrolls"] > grid["width"]  # too wide to fit: scrolled
    in_sight(grid, "offered")
    left, _right = grid["field"]
    out = [edges for edges in grid["rows"] if edges[0] < left - 0.5 or edges[1] > 0.5]
    assert not out, f"rows' names out of the field's left, {left:.1f} px to 0: {out}"
    under_the_turn(picker.page, picker)
    picker.page.screenshot(path=tmp_path / "wide-field-320.png")  # to look at


def test_a_scrolled_fields_row_names_hide_no_square(tabs, tmp_path):
    """The field too wide for the phone (``wide_field``), scrolled to every whole px from its start to its end: no
    part of a square in sight lies under the rows' names (which stood over the first column in sight, sticky inside
    the box that scrolls), and each row's name stays level with its squares."""
    picker, _b = wide_field(tabs, tmp_path)
    seen = picker.evaluate(UNDER_THE_NAMES)
    assert seen["positions"] > 20  # it scrolls some way: the check sees something
    assert seen["hidden"] == [], f"squares (scroll px, index) under the rows' names: {seen['hidden']}"
    assert seen["unlevel"] == [], f"rows' names (scroll px, row) not level with their squares: {seen['unlevel']}"


def test_a_long_choice_without_steps_is_a_searchable_list_within_the_page(tabs, tmp_path):
    """Take Off's capitals sent as plain buttons (no steps, no continent): one list that scrolls in its own
    box, so the page stays within three screens, with a search box that finds and plays a capital."""
    current = new_session(tmp_path, "take-off")
    until(current, lambda b, _all: b["verb"] == "draw", random.Random(3))
    served = Served(tabs, current)
    plain = ("steps", "group", "cell", "grid")
    served.shape = lambda state: {
        **state,
        "buttons": [{key: value for key, value in b.items() if key not in plain} for b in state["buttons"]],
    }
    page = served.show(current.state.to_move() or "")
    picker = page.locator("#moves .chooser[data-key='chance:draw']")
    expect(picker.locator(".answers.long")).to_be_visible()
    assert tall(page) <= SCREENS * PHONE["height"]
    b = next(b for b in buttons_now(current) if b["verb"] == "draw")
    picker.locator("input.find").fill(b["label"].split(" ", 1)[1])
    expect(picker.locator("button.move:visible")).to_have_count(1)
    played_by_tapping(served, {key: b[key] for key in b if key not in plain})


# Every input a picker offers, walking each of its answers and back again, in the page (each tap redraws the
# picker at once): the moves of its buttons at every step (a folded or filtered answer is in the page all the
# same, and asked there). Each answer must take the trail a step on, and Back bring it back; else an error.
REACHED = """(key) => {
  const picker = () => document.querySelector(`#moves .chooser[data-key="${CSS.escape(key)}"]`);
  const chosen = () => [...picker().querySelectorAll(".chosen")].map((c) => c.innerText);
  const only = (what, found) => {
    if (found.length !== 1) throw new Error(`${key}: ${found.length} of ${what}`);
    return found[0];
  };
  const walk = () => {
    const found = [...picker().querySelectorAll("button[data-move]")].map((b) => b.dataset.move);
    for (const answer of [...picker().querySelectorAll("button.step")].map((b) => b.dataset.answer)) {
      const path = chosen();
      only(answer, [...picker().querySelectorAll("button.step")].filter((b) => b.dataset.answer === answer)).click();
      if ((chosen()[0] ?? "") === (path[0] ?? "")) throw new Error(`${key}: ${answer} left the trail at ${path}`);
      found.push(...walk());
      only("Back", [...picker().querySelectorAll("button.back")]).click();
      if (chosen().length !== path.length) throw new Error(`${key}: Back from ${answer} did not return to ${path}`);
    }
    return found;
  };
  return walk();
}"""


def reached(page: Any, key: str) -> list[str]:
    """Every input the picker of group ``key`` offers, walking each of its answers and back again (REACHED)."""
    found: list[str] = page.evaluate(REACHED, key)
    return found


# The games whose rules give inputs a path through a picker (``Game.picker_path``): each comes to a choice made so.
STEPPED = [name for name in GAMES if type(SPECS[name].rules()).picker_path is not Game.picker_path]


@pytest.mark.parametrize("name", STEPPED)
def test_each_picker_offers_every_input_of_its_group_once(tabs, tmp_path, name):
    """At the first position of a seeded game where a choice is made through a picker, walking every answer
    of every picker on the page reaches each input of its group exactly once: none left out, none twice (once
    by each order of its answers where any order will do)."""
    current = new_session(tmp_path, name)
    until(current, picked, random.Random(5))
    buttons = buttons_now(current)
    groups: dict[str, list[str]] = {}
    for b in buttons:
        if picked(b, buttons):
            orders = math.factorial(len(b["steps"])) if b.get("any_order") else 1
            groups.setdefault(":".join(group_of(b)), []).extend([b["move"]] * orders)
    page = Served(tabs, current).show(current.state.to_move() or "")
    for key, moves in groups.items():
        assert sorted(reached(page, key)) == sorted(moves), key


def test_a_suggestion_inside_a_picker_is_walked_to_and_shown(tabs, tmp_path):
    """The search bot suggests a set-up: the picker takes its steps, and the button that plays it is
    outlined and in view."""
    current = new_session(tmp_path, "hauling-astronauts")
    b = buttons_now(current)[57]
    served = Served(tabs, current)
    served.hint = {"move": b["move"], "label": b["label"]}
    page = served.show(current.state.to_move() or "")
    page.locator("#suggest").click()
    marked = page.locator("#moves button.move.suggested")
    expect(marked).to_have_attribute("data-move", b["move"])
    expect(marked).to_be_in_viewport()
    expect(page.locator(".chooser .chosen")).to_have_text(" › ".join(step[1] for step in b["steps"][:-1]))


def test_the_turn_coming_brings_the_picker_into_view_on_a_small_phone(tabs, tmp_path, shots):
    """At 375 x 667, the page of a seat waiting for its turn scrolls its moves (a picker) up under the turn
    line once the turn comes."""
    current = new_session(tmp_path, "take-off")
    rng = random.Random(3)
    until(current, lambda b, _all: b["verb"] == "draw", rng)
    mover = current.state.to_move() or ""
    draw = next(b for b in buttons_now(current) if b["verb"] == "draw")
    served = Served(tabs, current, SMALL_PHONE)
    seat = next(p for p in current.setup.players if p != mover)
    page = served.show(seat)
    expect(page.locator("#turn")).to_have_attribute("data-turn", "waiting")
    current.play(draw["move"])
    until(current, lambda _b, _all: current.state.to_move() == seat, rng)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")  # the page looks again at once
    expect(page.locator("#turn")).to_have_attribute("data-turn", "yours")
    settled(page)
    moves_in_view(look_at(page), SMALL_PHONE["height"])
    page.screenshot(path=shots / "table-turn-375.png")
