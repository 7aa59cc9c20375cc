"""The board on a phone, in Chromium at 390 x 844 and 375 x 667: every game's picture opens on what matters to
the seat, readable, and moves by touch or a pen; on a laptop (1280 x 720) by the keys too.

For each game at a mid-game position (a seeded random game played through the Session), the seat
page is served with the table's own template, assets, state (as ``view.Views`` sends it) and kept drawings,
under the server's Content-Security-Policy, by Playwright's routing: no traffic leaves the browser. The
tests share one phone (a browser context) unless they stop the page's clock.
The page's text sizes are measured as drawn (font size times the text's screen transform), not
taken from the page's script. Every wait is bounded; nothing here measures speed. With
PNP_SCREENSHOTS set, the board of docs/table.md (Aeronaut Odyssey's) is saved there as ``table-board.png``
(``table-board-375.png`` at 375 x 667).
"""

from __future__ import annotations

import datetime
import json
import math
import os
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.boxes import distance
from support.browser import BOUND, CHROMIUM, settled, wait_until
from support.games import GAMES, registered
from support.moves import playable

from pnp.games import REGISTRY
from pnp.games.air_king.field import cell_name
from pnp.games.aloft.notation import AloftMove
from pnp.games.aloft.state import AloftState
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.render import drawing_to_screen_svg, drawing_to_svg
from pnp.printing.svg import kept_drawing
from pnp.referee import notation, session
from pnp.table import view
from pnp.table.guard import CSP
from pnp.table.words import page_values
from pnp.texts import table_words

pytestmark = registered  # the guide's example game is checked as a registered game too
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
expect = playwright_api.expect

if not os.access(CHROMIUM, os.X_OK):
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

SVG = "{http://www.w3.org/2000/svg}"
TABLE = Path(__file__).resolve().parents[1] / "pnp" / "table"
ASSET_TYPES = {".js": "text/javascript", ".css": "text/css"}
PHONE = {"width": 390, "height": 844}
PHONES = {"390x844": PHONE, "375x667": {"width": 375, "height": 667}}
LAPTOP = {"width": 1280, "height": 720}  # a seat's page on the laptop the table shares
expect.set_options(timeout=BOUND)
LEGIBLE = 12.0  # CSS px: the smallest text in sight at the starting frame
MID_GAME = 30  # moves played before the page is looked at
SHOWN = "aeronaut-odyssey"  # the game whose board docs/table.md shows
CLOCK_START = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)
OPTIONS = {"air-king": ["rounds=3"], "take-off": ["rounds=2"], "hauling-astronauts": ["hidden_transports=true"]}


def mid_game(
    folder: Path, name: str, moves: int = MID_GAME, seed: int = 5, language: str | None = None
) -> session.Session:
    """A session of ``name`` (in ``language``) after ``moves`` seeded random moves among those offered (or at its
    end)."""
    game = REGISTRY[name].rules()
    # capitals, as a table types its names: an HTML parser lowercases attribute names, never their values
    players = ["Ann", "Bob", "Cy"][: max(game.min_players, min(3, game.max_players))]
    options = OPTIONS.get(name, [])
    current = session.new(folder / f"{name}.pnp", name, players, options, seed, None, language=language)
    current.save()
    rng = random.Random(seed)
    for _ in range(moves):
        seat = current.state.to_move()
        if seat is None:
            break
        current.play(notation.format(current.game, rng.choice(playable(current, seat))))
    return current


def seat_state(current: session.Session, seat: str | None) -> dict[str, Any]:
    """The state the table server sends ``seat``'s page (None: the shared screen's), its picture drawn as the
    server draws it (once for every viewer, where the game draws the same for all)."""
    return json.loads(view.Views().state(current, seat, False).body)


def new_phone(browser: Any, clock: bool = False) -> Any:
    """A phone of its own (a browser context at 390 x 844 and its page) whose every request is answered from
    ``page.served`` (a :class:`Served`) by Playwright's routing, under the server's Content-Security-Policy,
    which the loopback stand-in does not send; ``page.errors`` lists the page's script errors.

    ``clock``: the page's clock stands still unless the test moves it on (``page.clock.run_for``)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    if clock:
        page.clock.install(time=CLOCK_START)
        page.clock.pause_at(CLOCK_START + datetime.timedelta(seconds=1))
    context.route("**/*", lambda route: page.served.answer(route))
    return page


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """The phone of the module's tests that keep the page's own clock. One context for them all: a context of its
    own costs Chromium several times what a page does."""
    page = new_phone(browser)
    yield page
    page.context.close()


class Served:
    """What the table server sends the page of ``state`` (its seat's, or the shared screen's for no seat), at
    /s/T: its template, ``state`` as its state (replaced as the game goes on), the drawings kept apart, and an
    event stream that says nothing and is tried again a minute later."""

    def __init__(self, state: dict[str, Any]) -> None:
        import jinja2

        self.state = state
        env = jinja2.Environment(loader=jinja2.FileSystemLoader(TABLE / "templates"), autoescape=True)
        self.html = env.get_template("seat.html" if state["seat"] else "host.html").render(
            title=state["game"],
            seat=state["seat"],
            api="/s/T",
            players=state["players"],
            **page_values(table_words(None)),
        )

    def answer(self, route: Any) -> None:
        where = route.request.url.split("://", 1)[1].split("/", 1)[1]
        headers = {"content-security-policy": CSP}
        if where.startswith("static/"):
            asset = TABLE / where
            route.fulfill(body=asset.read_bytes(), content_type=ASSET_TYPES[asset.suffix], headers=headers)
        elif where == "s/T/state":
            route.fulfill(json=self.state, headers=headers)
        elif where.startswith("s/T/kept/"):
            text = kept_drawing(where.rsplit("/", 1)[1])
            route.fulfill(status=200 if text else 404, body=text or "", content_type="image/svg+xml", headers=headers)
        elif where == "s/T/events":
            route.fulfill(body="retry: 60000\n\n", content_type="text/event-stream", headers=headers)
        elif where == "s/T":
            route.fulfill(body=self.html, content_type="text/html", headers=headers)
        else:
            route.abort()


def open_seat(phone: Any, state: dict[str, Any], viewport: dict[str, int] = PHONE) -> Any:
    """The page of ``state`` opened afresh on ``phone`` at ``viewport``; ``page.served`` is what it is sent."""
    phone.served = Served(state)
    phone.set_viewport_size(viewport)
    phone.errors.clear()
    phone.goto("http://table.test/s/T")
    expect(phone.locator("#picture svg")).to_have_count(1)
    expect(phone.locator("#picture g[data-kept]")).to_have_count(0)  # a map sent apart is in its place
    return phone


# The part of the frame where the picture shows (a function of the picture's root, in a page's script): the frame
# on the screen less the margins drawn over its edges (the boxes spanning a side of it, which hold grid references).
VISIBLE = """const shown = (svg) => {
  const f = svg.getBoundingClientRect();
  const v = { left: f.left, top: f.top, right: f.right, bottom: f.bottom };
  for (const margin of document.querySelectorAll("#picture .board-margin")) {
    const r = margin.getBoundingClientRect();
    if (r.width >= f.width - 1 && r.top <= f.top + 1) v.top = Math.max(v.top, r.bottom);
    else if (r.width >= f.width - 1) v.bottom = Math.min(v.bottom, r.top);
    else if (r.left <= f.left + 1) v.left = Math.max(v.left, r.right);
    else v.right = Math.min(v.right, r.left);
  }
  return v;
};"""


def seeing(script: str) -> str:
    """``script``, a function in a page's script, with ``shown`` (VISIBLE) to call."""
    return script.replace("=> {", "=> {\n" + VISIBLE, 1)


# What the page shows of its picture, measured in the browser from the drawing itself: the frame on the
# screen and the part of it the picture shows, every text in sight with its rendered size, the whole picture's
# and the seat's focus's boxes on the screen, the boxes of the seat's own pieces (groups named "pieces:SEAT"),
# and the middles of the pointers at the frame's edge.
MEASURE = seeing("""() => {
  const figure = document.getElementById("picture");
  const svg = figure.querySelector("svg");
  const frame = svg.getBoundingClientRect();
  const ctm = svg.getScreenCTM();
  const onScreen = (x, y, w, h) => {
    const a = new DOMPoint(x, y).matrixTransform(ctm);
    const b = new DOMPoint(x + w, y + h).matrixTransform(ctm);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  };
  const inSight = (r) => r.right > frame.left && r.left < frame.right && r.bottom > frame.top && r.top < frame.bottom;
  const texts = [];
  for (const text of svg.querySelectorAll("text")) {
    const r = text.getBoundingClientRect();
    if (!text.textContent.trim() || !(r.width > 0) || !inSight(r)) continue;
    const m = text.getScreenCTM();
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    texts.push({ text: text.textContent, px });
  }
  const seat = document.body.dataset.seat;
  const written = JSON.parse(svg.getAttribute("data-seats") || "{}")[seat] || svg.getAttribute("data-focus") || "";
  const focus = written.trim().split(/\\s+/).map(Number);
  const pieces = [...svg.querySelectorAll("g[data-name]")].filter((g) => g.dataset.name === `pieces:${seat}`);
  const yours = pieces.map((g) => {
    const r = g.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
  // each piece with its label: the texts within half their height of it, and the labels (a shape and its texts)
  // it lies on or in, in sight or not
  const near = (p, t, d) => t.width > 0 && t.right > p.left - d && t.left < p.right + d && t.bottom > p.top - d
    && t.top < p.bottom + d;
  const texts_ = [...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect());
  const labels = [...svg.querySelectorAll('g[data-name^="label:"]')].map((g) => g.getBoundingClientRect());
  const labelled = yours.map((p) => [...texts_.filter((t) => near(p, t, t.height / 2)),
    ...labels.filter((t) => near(p, t, 0))]
    .reduce((u, t) => ({ left: Math.min(u.left, t.left), top: Math.min(u.top, t.top),
      right: Math.max(u.right, t.right), bottom: Math.max(u.bottom, t.bottom) }), p));
  const pointers = [...figure.querySelectorAll(".board-pointer")].map((mark) => {
    const r = mark.getBoundingClientRect();
    return { x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 };
  });
  return {
    frame: { left: frame.left, top: frame.top, right: frame.right, bottom: frame.bottom },
    shown: shown(svg),
    pointers,
    viewBox: svg.getAttribute("viewBox"),
    texts,
    focus: focus.length === 4 ? onScreen(...focus) : null,
    yours,
    labelled,
  };
}""")


def test_the_focus_is_written_on_a_screen_picture_only():
    """A drawing's focus, its seats', its places and its grids go on the root of its screen SVG as data-focus,
    data-seats (each seat's by name, whatever its case), data-places and data-grids (in order); a name that is not
    a player's is left out; a page for print has none."""
    seats = (("bob", (1, 2, 3, 4)), ("Ann_2", (5, 6, 7, 8)), ("ann_2", (9, 9, 9, 9)), ('x" onload="y', (0, 0, 1, 1)))
    places, grids = ((50, 5, 10, 10), (1, 2.5, 3, 4)), ((20, 10, 60, 30), (0, 45, 5, 5))
    focus = (10, 20.5, 30, 12.25)
    drawing = Drawing(100, 50, lambda c: c.circle(5, 5, 2), focus=focus, seats=seats, places=places, grids=grids)
    root = drawing_to_screen_svg(drawing).split(">", 1)[0]
    written = '{"Ann_2":"5 6 7 8","ann_2":"9 9 9 9","bob":"1 2 3 4"}'.replace('"', "&quot;")
    assert ' data-focus="10 20.5 30 12.25" data-grids="20 10 60 30;0 45 5 5" data-places="50 5 10 10;1 2.5 3 4"' in root
    assert f' data-places="50 5 10 10;1 2.5 3 4" data-seats="{written}" version=' in root
    assert "onload" not in root
    printed = drawing_to_svg(drawing)
    assert "data-focus" not in printed and "data-places" not in printed and "data-grids" not in printed
    assert "data-" not in drawing_to_screen_svg(Drawing(100, 50, drawing.draw)).split(">", 1)[0]


def whole_on_screen(page: Any, width: float, height: float) -> dict[str, float]:
    """The box of the whole picture (0 0 ``width`` ``height`` in its units) on the screen, in CSS px."""
    return page.evaluate(
        """([w, h]) => {
          const m = document.querySelector("#picture svg").getScreenCTM();
          const a = new DOMPoint(0, 0).matrixTransform(m);
          const b = new DOMPoint(w, h).matrixTransform(m);
          return { left: a.x, top: a.y, right: b.x, bottom: b.y };
        }""",
        [width, height],
    )


def inside(inner: dict[str, float], outer: dict[str, float], slack: float = 1.0) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["top"] >= outer["top"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def span(boxes: list[dict[str, float]]) -> dict[str, float]:
    """The box round ``boxes``."""
    return {
        "left": min(b["left"] for b in boxes),
        "top": min(b["top"] for b in boxes),
        "right": max(b["right"] for b in boxes),
        "bottom": max(b["bottom"] for b in boxes),
    }


def fits(inner: dict[str, float], outer: dict[str, float]) -> bool:
    """Whether box ``inner`` is no wider and no taller than box ``outer``."""
    return inner["right"] - inner["left"] <= outer["right"] - outer["left"] and (
        inner["bottom"] - inner["top"] <= outer["bottom"] - outer["top"]
    )


def shown(inner: dict[str, float], outer: dict[str, float]) -> float:
    """The share of box ``inner``'s area within ``outer``."""
    width = min(inner["right"], outer["right"]) - max(inner["left"], outer["left"])
    height = min(inner["bottom"], outer["bottom"]) - max(inner["top"], outer["top"])
    area = (inner["right"] - inner["left"]) * (inner["bottom"] - inner["top"])
    return max(width, 0) * max(height, 0) / area


def points_at(frame: dict[str, float], mark: dict[str, float], piece: dict[str, float]) -> bool:
    """Whether a pointer with its middle at ``mark`` lies on the way from the middle of ``frame`` to ``piece`` (within
    30 degrees: one pointer may stand for pieces side by side)."""
    x, y = (frame["left"] + frame["right"]) / 2, (frame["top"] + frame["bottom"]) / 2
    to_mark = math.atan2(mark["y"] - y, mark["x"] - x)
    to_piece = math.atan2((piece["top"] + piece["bottom"]) / 2 - y, (piece["left"] + piece["right"]) / 2 - x)
    return abs((to_mark - to_piece + math.pi) % math.tau - math.pi) < math.radians(30)


def picture_size(state: dict[str, Any]) -> tuple[float, float]:
    found = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', state["picture"])
    assert found, "the picture has no viewBox"
    return float(found[1]), float(found[2])


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("name", GAMES)
def test_the_board_opens_readable_on_the_seats_part_and_shows_the_whole_on_demand(phone, tmp_path, name, size):
    """At the starting frame every text in sight is at least 12 px tall and the seat's own pieces are in
    sight (one at least, with its label, where they and their labels span more than the part of the frame the
    picture shows); each piece out of it has a pointer at the frame's edge turned its way, and a tap on one brings
    its piece into view; "Whole board" shows the whole picture within the screen's width; "Close-up" comes back."""
    viewport = PHONES[size]
    current = mid_game(tmp_path, name)
    seat = current.state.to_move() or current.setup.players[0]
    state = seat_state(current, seat)
    page = open_seat(phone, state, viewport)
    page.evaluate("() => scrollTo(0, 0)")  # on the seat's turn the page brings the moves into view
    start = page.evaluate(MEASURE)
    shots = os.environ.get("PNP_SCREENSHOTS")
    if shots and name == SHOWN:  # the picture and its buttons, as the phone shows them
        top = page.locator("#picture").bounding_box()
        tools = page.locator(".board-tools").bounding_box()
        bottom = tools["y"] + tools["height"] + 8
        clip = {"x": 0, "y": top["y"] - 8, "width": viewport["width"], "height": bottom - top["y"] + 8}
        shot = "table-board.png" if viewport == PHONE else f"table-board-{viewport['width']}.png"
        page.screenshot(path=Path(shots) / shot, clip=clip)

    assert start["texts"], "no text in sight"
    smallest = min(start["texts"], key=lambda t: t["px"])
    assert smallest["px"] >= LEGIBLE, f"{smallest['text']!r} is {smallest['px']:.1f} px at the starting frame"
    focus, frame = start["focus"], start["frame"]
    assert focus is not None, "the picture says nothing of where to open"
    middle = ((frame["left"] + frame["right"]) / 2, (frame["top"] + frame["bottom"]) / 2)
    assert distance(*middle, (focus["left"], focus["top"], focus["right"], focus["bottom"])) == 0, (
        f"the starting frame is not on {seat}'s part: its middle {middle} lies outside {focus}"
    )
    kept = [piece for piece in start["yours"] if inside(piece, start["shown"])]
    # every one; where the pieces with their labels span more than the frame (jets far apart, their callouts
    # too wide to fit together legibly), one at least, its label whole (test_the_starting_frame_cuts_no_text_...)
    together = span(start["labelled"]) if start["labelled"] else None
    fit = together is None or fits(together, start["shown"])
    assert kept == start["yours"] or (not fit and kept), f"{seat}'s pieces out of {start['shown']}"
    width, height = picture_size(state)
    assert not inside(whole_on_screen(page, width, height), start["frame"]), "the start shows the whole picture"
    out = [i for i, piece in enumerate(start["yours"]) if piece not in kept]
    for i in out:  # each piece out of sight is pointed at
        turned = any(points_at(start["shown"], mark, start["yours"][i]) for mark in start["pointers"])
        assert turned, f"no pointer turned to {seat}'s piece {i} at {start['yours'][i]}"
    if out:  # a tap on a pointer brings a piece it points at into view
        figure, mark = page.locator("#picture").bounding_box(), start["pointers"][0]
        x, y = mark["x"] - figure["x"], mark["y"] - figure["y"]
        touch(page, ("pointerdown", 1, x, y), ("pointerup", 1, x, y))
        now = page.evaluate(MEASURE)
        assert any(inside(now["yours"][i], now["shown"]) for i in out), f"the pointer at {x}, {y} brought none"

    page.get_by_role("button", name="Whole board").click()
    whole, frame = whole_on_screen(page, width, height), page.evaluate(MEASURE)["frame"]
    assert inside(whole, frame) and whole["right"] - whole["left"] <= viewport["width"]
    fitted = whole["right"] - whole["left"] >= frame["right"] - frame["left"] - 1
    assert fitted or whole["bottom"] - whole["top"] >= frame["bottom"] - frame["top"] - 1  # not a stamp

    page.get_by_role("button", name="Close-up").click()
    assert page.evaluate(MEASURE)["viewBox"] == start["viewBox"]
    assert page.errors == []


def air_king_reach(state: Any) -> list[tuple[str, ...]]:
    """Per Air King aircraft that may move now: the space it stands on (a waiting one: its airport's) and every
    space it may go to (its destination airport for a landing), by name."""
    field, home = state.rules.field, state.rules.home
    reach: dict[int, set[str]] = {}
    for move in state.flights():
        a = move.aircraft - 1
        here = field.names[state.pos[a]] if state.pos[a] >= 0 else cell_name(*field.airport_spaces[home[a]])
        reach.setdefault(a, {here}).add(move.cell or cell_name(*field.airport_spaces[1 - home[a]]))
    return sorted({tuple(sorted(spaces)) for spaces in reach.values()})


# The boxes on the screen of the picture's spaces named, in CSS px.
SPACES = """(names) => names.map((name) => {
  const r = document.querySelector(`#picture g[data-name="space:${name}"]`).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
})"""


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("moves", [0, 6, MID_GAME], ids=["set-up", "first-draw", "mid-game"])
def test_air_king_opens_on_an_aircraft_that_may_move_and_every_space_it_may_reach(phone, tmp_path, size, moves):
    """Air King's aircraft are everyone's, and its field too wide to read whole on a phone: at set-up, at the first
    draw (nothing in flight yet) and mid-game the starting frame holds, legible, an aircraft that may move now (a
    waiting one: its airport) and every space it may go to, not the field's empty middle."""
    current = mid_game(tmp_path, "air-king", moves)
    seat = current.state.to_move()
    page = open_seat(phone, seat_state(current, seat), PHONES[size])
    page.evaluate("() => scrollTo(0, 0)")
    start = page.evaluate(MEASURE)
    assert min(text["px"] for text in start["texts"]) >= LEGIBLE
    reach = air_king_reach(current.state)
    framed = [one for one in reach if all(inside(b, start["frame"]) for b in page.evaluate(SPACES, list(one)))]
    assert framed, f"{start['viewBox']} holds none of {reach} whole"
    assert page.errors == []


# The picture's places (data-places) on the screen, and its grid references (the texts of groups so named, and those
# pinned to the frame's edges), in CSS px.
PLACES = """() => {
  const svg = document.querySelector("#picture svg");
  const ctm = svg.getScreenCTM();
  const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const places = (svg.getAttribute("data-places") || "").split(";").filter(Boolean).map((place) => {
    const [x, y, w, h] = place.split(" ").map(Number);
    const a = new DOMPoint(x, y).matrixTransform(ctm);
    const b = new DOMPoint(x + w, y + h).matrixTransform(ctm);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  });
  const references = [...svg.querySelectorAll('g[data-name="grid references"] text'),
    ...document.querySelectorAll("#picture .board-reference")];
  return { places, references: references.map((t) => box(t.getBoundingClientRect())) };
}"""


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("moves", [0, 6, MID_GAME], ids=["set-up", "early", "mid-game"])
@pytest.mark.parametrize("name", GAMES)
def test_a_board_too_large_for_a_phone_opens_on_where_the_play_is_with_its_grid_references(
    phone, tmp_path, name, moves, size
):
    """A picture whose board a phone cannot show whole and legible opens, at set-up, early and mid-game, on one of its
    places at least (where the play is), (nearly) whole and legible, with grid references to read it by in the frame (the
    picture's, or pinned to its edges): not on the board's empty middle, nor cut off above its column numbers."""
    current = mid_game(tmp_path, name, moves)
    state = seat_state(current, current.state.to_move())
    if "data-places" not in state["picture"]:
        pytest.skip(f"{name}'s picture names no places: it opens on the seat's own pieces (tested above)")
    page = open_seat(phone, state, PHONES[size])
    page.evaluate("() => scrollTo(0, 0)")
    start, found = page.evaluate(MEASURE), page.evaluate(PLACES)
    assert min(text["px"] for text in start["texts"]) >= LEGIBLE
    # whole; or nearly, where holding it whole with the seat's pieces would cut a label (Hauling Astronauts early at
    # 390 px: the frame zooms in a little past a grid cell's edge, its name in sight)
    held = max(shown(place, start["frame"]) for place in found["places"])
    assert held >= 0.75, f"{start['viewBox']} holds {held:.0%} of a place at most"
    assert any(inside(text, start["frame"]) for text in found["references"]), "no grid reference in the frame"
    assert page.errors == []


# What of the picture the starting frame cuts, measured from the drawing as laid out (a px of slack either way): each
# text whose box on the screen is neither within the part of the frame the picture shows (VISIBLE) nor clear of it;
# and each label (a group named "label:...": a shape and the texts on it, a callout's box, its title and tokens) in
# sight with a text on it not wholly in: a sliver of a box with no words.
CUT = seeing("""() => {
  const svg = document.querySelector("#picture svg");
  const v = shown(svg);
  const clear = (r) => r.right <= v.left + 1 || r.left >= v.right - 1 || r.bottom <= v.top + 1 || r.top >= v.bottom - 1;
  const within = (r, o = v) => r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1
    && r.bottom <= o.bottom + 1;
  const texts = [...svg.querySelectorAll("text")].filter((text) => text.textContent.trim())
    .map((text) => ({ words: text.textContent.trim(), box: text.getBoundingClientRect() }))
    .filter((text) => text.box.width > 0);
  const labels = [...svg.querySelectorAll('g[data-name^="label:"]')].filter((label) => {
    const box = label.getBoundingClientRect();
    return !clear(box) && texts.some((text) => within(text.box, box) && !within(text.box));
  });
  return [...texts.filter((text) => !clear(text.box) && !within(text.box)).map((text) => text.words),
    ...labels.map((label) => label.dataset.name)];
}""")

# The grid references a frame on part of a grid (data-grids) leaves out: for each column (or row) of a grid whose
# reference (a text of a group named "grid references" above or below the grid, or beside it) lies across the
# part of the frame the picture shows, that reference, unless one saying the same across from it is there wholly
# (one of the picture's, or one pinned to the frame's edge, .board-reference, 12 px at least).
UNNAMED = seeing("""() => {
  const svg = document.querySelector("#picture svg");
  const v = shown(svg), f = svg.getBoundingClientRect();
  const ctm = svg.getScreenCTM();
  const within = (r, o) => r.left >= o.left - 1 && r.right <= o.right + 1 && r.top >= o.top - 1
    && r.bottom <= o.bottom + 1;
  const references = [...svg.querySelectorAll('g[data-name="grid references"] text')];
  const pinned = [...document.querySelectorAll("#picture .board-reference")]
    .filter((p) => within(p.getBoundingClientRect(), f) && parseFloat(getComputedStyle(p).fontSize) >= 11.99);
  const seen = [...references.filter((text) => within(text.getBoundingClientRect(), v)), ...pinned];
  const grids = (svg.getAttribute("data-grids") || "").split(";").filter(Boolean).map((grid) => {
    const [x, y, w, h] = grid.split(" ").map(Number);
    const a = new DOMPoint(x, y).matrixTransform(ctm), b = new DOMPoint(x + w, y + h).matrixTransform(ctm);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  });
  const missing = [];
  for (const g of grids.filter((g) => g.right > v.left && g.left < v.right && g.bottom > v.top && g.top < v.bottom)) {
    for (const text of references) {
      const r = text.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      const column = x > g.left && x < g.right && (y < g.top || y > g.bottom);
      const row = y > g.top && y < g.bottom && (x < g.left || x > g.right);
      const inView = column ? r.left >= v.left && r.right <= v.right : row && r.top >= v.top && r.bottom <= v.bottom;
      const across = (p) => { // its middle within the reference's span
        const q = p.getBoundingClientRect(), m = column ? (q.left + q.right) / 2 : (q.top + q.bottom) / 2;
        return column ? m > r.left && m < r.right : m > r.top && m < r.bottom;
      };
      if (inView && !seen.some((p) => p.textContent === text.textContent && across(p))) missing.push(text.textContent);
    }
  }
  return missing;
}""")


@pytest.mark.parametrize("moves", [0, 6, MID_GAME], ids=["set-up", "early", "mid-game"])
@pytest.mark.parametrize("name", GAMES)
def test_the_starting_frame_cuts_no_text_of_the_picture_and_names_the_grid_squares_it_shows(
    phone, tmp_path, name, moves
):
    """At set-up, early and mid-game, on both phones, every text of the picture (a city's name on a callout, a
    title, a grid reference) is wholly in the starting frame or wholly out of it: a name half shown reads as
    nothing; and a shape carrying texts (a callout's box, a badge) is in sight only with all of them. Take Off!'s
    seat with its jets far apart gets a jet with its callout whole rather than both jets and a cut callout;
    Aeronaut Odyssey's title is in or out, not half. A frame on part of a map with grid references shows the
    reference of each column and row it shows: there, or pinned to its edge as a printed map's margin shows them."""
    current = mid_game(tmp_path, name, moves)
    page = open_seat(phone, seat_state(current, current.state.to_move() or current.setup.players[0]))
    for size, viewport in PHONES.items():
        page.set_viewport_size(viewport)
        settled(page)  # the frame opened again for the new size
        where = f"at {size} by {page.locator('#picture svg').get_attribute('viewBox')}"
        assert page.evaluate(CUT) == [], f"cut {where}"
        assert page.evaluate(UNNAMED) == [], f"grid references left out {where}"
    assert page.errors == []


# The rows of Take Off!'s fleet table (under its map: its grid) that the starting frame shows in part, each as its
# texts: a row is the texts level with a player's name (or "NAME (you)"), and in part is some of them in the part of
# the frame the picture shows (VISIBLE) and not all wholly in it, as "progress 0, place 1" was without its name.
PART_ROWS = seeing("""() => {
  const players = PLAYERS;
  const svg = document.querySelector("#picture svg");
  const [x, y, w, h] = svg.getAttribute("data-grids").split(" ").map(Number);
  const below = new DOMPoint(x, y + h).matrixTransform(svg.getScreenCTM()).y;
  const v = shown(svg);
  const texts = [...svg.querySelectorAll("text")].map((t) => ({ words: t.textContent.trim(), box: t.getBoundingClientRect() }))
    .filter((t) => t.words && t.box.top > below);
  const level = (t, name) => Math.abs((t.box.top + t.box.bottom) / 2 - (name.box.top + name.box.bottom) / 2) < name.box.height / 2;
  const inSight = (r) => r.right > v.left + 1 && r.left < v.right - 1 && r.bottom > v.top + 1 && r.top < v.bottom - 1;
  const within = (r) => r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
  const names = texts.filter((t) => players.some((p) => t.words === p || t.words.startsWith(`${p} (`)));
  return names.map((name) => texts.filter((t) => level(t, name)))
    .filter((row) => row.some((t) => inSight(t.box)) && !row.every((t) => within(t.box)))
    .map((row) => row.filter((t) => inSight(t.box)).map((t) => t.words));
}""")


@pytest.mark.parametrize("moves", [0, 6, MID_GAME], ids=["set-up", "early", "mid-game"])
def test_take_offs_starting_frame_shows_no_row_of_its_fleet_table_without_its_name(phone, tmp_path, moves):
    """Take Off!'s table of fleets under its map, a row a player (their name, where each jet is, their progress and
    place), is wider than a phone's frame: the starting frame shows a row whole or none of it, never its end alone
    ("progress 0, place 1" under the map at 390 x 844, whose player was out of the frame), and keeps the seat's own
    jets in sight all the same (test_the_board_opens_readable_...: zoomed in where the map and its title leave the
    frame no room above the table). At 390 x 844, 375 x 667 and 320 x 568."""
    current = mid_game(tmp_path, "take-off", moves)
    state = seat_state(current, current.state.to_move() or current.setup.players[0])
    page = open_seat(phone, state)
    rows = PART_ROWS.replace("PLAYERS", json.dumps(current.setup.players))
    for size, viewport in {**PHONES, "320x568": {"width": 320, "height": 568}}.items():
        page.set_viewport_size(viewport)
        settled(page)  # the frame opened again for the new size
        where = f"at {size} by {page.locator('#picture svg').get_attribute('viewBox')}"
        assert page.evaluate(rows) == [], f"rows shown in part {where}"
    assert page.errors == []


# A night's game of Take Off! for five (fleet=2), as a reviewer played it, up to ann's turn: at 390 x 844 her frame,
# placed with a margin of column letters pinned at its top, came to show the map's own letters under it.
FIVE_JETS = (
    "ann: roll G J|ann: fly 2 majuro palikir|bob: roll R G|bob: fly 1 majuro yaren|cy: roll J J|cy: fly 1 majuro 2 taipei"
    "|cy: roll R G|cy: fly 2 hanoi vientiane|dee: roll R B|dee: fly 2 midway palikir|eve: roll B T|eve: draw kigali"
    "|eve: send 1|eve: fly 2 apia|ann: roll G T|ann: draw riyadh|ann: send 2|ann: fly 2 amman|bob: roll G J"
    "|bob: fly 1 palikir guam|cy: roll B T|cy: draw beirut|cy: send 1|cy: fly 1 cairo|dee: roll R G"
    "|dee: fly 1 majuro yaren|eve: roll R B|eve: fly 2 nuku-alofa auckland"
)

# Each grid reference the frame shows twice: one of the picture's wholly in the part of the frame the picture shows,
# and one pinned to the frame's edge saying the same.
TWICE = seeing("""() => {
  const svg = document.querySelector("#picture svg");
  const v = shown(svg);
  const within = (r) => r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
  const own = [...svg.querySelectorAll('g[data-name="grid references"] text')]
    .filter((text) => within(text.getBoundingClientRect())).map((text) => text.textContent.trim());
  return [...document.querySelectorAll("#picture .board-reference")].map((p) => p.textContent)
    .filter((words) => own.includes(words));
}""")


@pytest.mark.parametrize("size", PHONES)
def test_a_pinned_margin_goes_where_the_frame_shows_the_maps_own_references(phone, tmp_path, size):
    """A frame placed with a margin of pinned references that comes to show the picture's own line of them is placed
    again without it: Take Off!'s column letters read twice at the top of ann's board, at 390 x 844, one line under
    the other. Every reference the frame shows is shown once, and every column and row it shows is named."""
    current = session.new(
        tmp_path / "five.pnp", "take-off", ["ann", "bob", "cy", "dee", "eve"], ["fleet=2", "rounds=500"], 0, None
    )
    for line in FIVE_JETS.split("|"):
        player, move = line.split(": ", 1)
        current.play(move, player)
    page = open_seat(phone, seat_state(current, "ann"), PHONES[size])
    where = f"at {size} by {page.locator('#picture svg').get_attribute('viewBox')}"
    assert page.evaluate(TWICE) == [], f"references shown twice {where}"
    assert page.evaluate(UNNAMED) == [], f"grid references left out {where}"
    assert page.errors == []


# The places (data-places) and the grid's columns (between the middles of its column references, and its edges)
# that the part of the frame the picture shows holds in part, each with the share of it shown (a place's also across,
# where it is in sight at all); and of Aloft's spaces ``cells`` ([column, row] from 0, row -1 the lane), the share shown.
IN_PART = seeing("""(cells) => {
  const svg = document.querySelector("#picture svg");
  const v = shown(svg);
  const ctm = svg.getScreenCTM();
  const onScreen = (x0, y0, x1, y1) => {
    const a = new DOMPoint(x0, y0).matrixTransform(ctm), b = new DOMPoint(x1, y1).matrixTransform(ctm);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  };
  const across = (r) => Math.max(0, Math.min(r.right, v.right) - Math.max(r.left, v.left)) / (r.right - r.left);
  const up = (r) => Math.max(0, Math.min(r.bottom, v.bottom) - Math.max(r.top, v.top)) / (r.bottom - r.top);
  const places = (svg.getAttribute("data-places") || "").split(";").filter(Boolean).map((place) => {
    const [x, y, w, h] = place.split(" ").map(Number);
    const r = onScreen(x, y, x + w, y + h);
    return { place, shown: across(r) * up(r), across: up(r) > 0 ? across(r) : 0 };
  });
  const [x, y, w, h] = svg.getAttribute("data-grids").split(";")[0].split(" ").map(Number);
  const grid = onScreen(x, y, x + w, y + h);
  const middles = [...svg.querySelectorAll('g[data-name="grid references"] text')].map((t) => t.getBoundingClientRect())
    .filter((r) => r.bottom <= grid.top + 1).map((r) => (r.left + r.right) / 2).sort((p, q) => p - q);
  const lines = [grid.left, ...middles.slice(1).map((m, k) => (middles[k] + m) / 2), grid.right];
  const columns = lines.slice(1).map((right, k) => {
    const r = { left: lines[k], right, top: grid.top, bottom: grid.bottom };
    return { column: k + 1, shown: (Math.min(r.right, v.right) - Math.max(r.left, v.left)) / (right - lines[k]) };
  });
  const lane = [...svg.querySelectorAll("rect[stroke-dasharray]")]; // a space a column
  const sky = [...svg.querySelectorAll('rect[stroke="#7fa7c4"]')]; // row by row from the bottom
  const spaces = (cells || []).map(([column, row]) => {
    const r = (row < 0 ? lane[column] : sky[row * lane.length + column]).getBoundingClientRect();
    return { cell: [column, row], shown: across(r) * up(r) };
  });
  return { places, columns, spaces };
}""")


def aloft_for_four(folder: Path, moves: list[str]) -> session.Session:
    """A French game of Aloft for four, each player's colours sealed (the first offered), then ``moves``."""
    current = session.new(
        folder / "aloft.pnp", "aloft", ["Amélie", "Bruno", "Chloé", "David"], [], 0, None, language="fr"
    )
    for _ in range(4):
        current.play(notation.format(current.game, playable(current, current.state.to_move())[0]))
    for move in moves:
        current.play(move)
    return current


def deciding(state: AloftState) -> list[tuple[int, int]]:
    """The spaces of the first balloon the player to move may launch (its truck's and the cell above it), else of the
    first that may ascend (its cell and the one above), as (column, row) from 0, row -1 the lane."""
    moves = [move for move in state.legal_moves() if isinstance(move, AloftMove)]
    for move in [m for m in moves if m.action == "launch"] + [m for m in moves if m.action == "ascend"]:
        balloon = state.index[move.balloon]
        if move.action == "launch":
            column = state.trucks[state.load.index(balloon)]
            return [(column, -1), (column, 0)]
        row, column = divmod(state.where[balloon], state.board.columns)
        return [(column, row), (column, row + 1)]
    return []


def sliver(share: float) -> bool:
    """Whether ``share`` of a column or a place is a sliver of it shown or left out: more than a fifth, less than all
    but a fifth (a hundredth of slack either way)."""
    return 1 / 5 + 0.01 < share < 4 / 5 - 0.01


# the phones Aloft's frame is measured on: small ones, and one on its side
ALOFT_PHONES = {
    **PHONES,
    "360x640": {"width": 360, "height": 640},
    "320x568": {"width": 320, "height": 568},
    "844x390": {"width": 844, "height": 390},
}


@pytest.mark.parametrize("size", ALOFT_PHONES)
@pytest.mark.parametrize(
    ("moves", "seat"),
    [
        (["inflate BG 3"], "Bruno"),
        (["inflate BG 3"], "Chloé"),
        (["inflate BG 3", "launch BG"], "Chloé"),
        (["inflate BG 3", "inflate BY 4", "launch BG", "inflate BW 2", "inflate PW 3", "ascend BG"], "Chloé"),
    ],
    ids=["after-inflating", "another-seat", "ascending", "after-launching"],
)
def test_aloft_opens_on_its_moves_spaces_whole_and_cuts_no_column_to_a_sliver(
    phone, tmp_path, shots, moves, seat, size
):
    """Aloft's phone opens on what its player decides about, a balloon that may launch (its truck and the cell above
    it), else one that may ascend (its cell and the one above), and cuts no column of its sky and lane, nor any of its
    places (a move's spaces), to a sliver at the frame's edge, on a phone on its side too; it cuts no text. Bruno, who
    may launch the balloon just inflated at column 3, saw a sliver of it at the frame's edge without its column's
    number, and a balloon on a truck was cut in half; then his phone opened on the trucks at columns 4 to 6, the
    balloon out of sight. Above the balloons a frame holds, one it cannot hold too may be cut (Chloé's balloon at
    column 3, which may ascend, above the two she may launch). Each frame is saved, to look at (``shots``)."""
    current = aloft_for_four(tmp_path, moves)
    page = open_seat(phone, seat_state(current, seat), ALOFT_PHONES[size])
    page.evaluate("() => scrollTo(0, 0)")
    page.locator("#picture").screenshot(path=shots / f"aloft-{seat}-{len(moves)}-moves-{size}.png")
    found = page.evaluate(IN_PART, deciding(current.state))
    where = f"at {size} by {page.locator('#picture svg').get_attribute('viewBox')}"
    assert [s for s in found["spaces"] if s["shown"] < 0.99] == [], f"what {seat} decides about, not whole {where}"
    assert [c for c in found["columns"] if sliver(c["shown"])] == [], f"a column cut {where}"
    assert [p for p in found["places"] if sliver(p["across"])] == [], f"a place cut across {where}"
    assert any(p["shown"] > 0.99 for p in found["places"]), f"no place whole {where}"
    assert page.evaluate(CUT) == [], f"cut {where}"
    assert page.errors == []


def test_at_the_end_a_phone_opens_on_the_whole_board(phone, tmp_path):
    """Once the game is over the result is the score table's: the board is shown whole, not one seat's part."""
    current = mid_game(tmp_path, "hauling-astronauts", moves=10_000)
    assert current.state.to_move() is None
    state = seat_state(current, current.setup.players[0])
    assert "data-focus" in state["picture"]  # the picture still names a focus: the page leaves it aside
    page = open_seat(phone, state)
    width, height = picture_size(state)
    whole, frame = whole_on_screen(page, width, height), page.evaluate(MEASURE)["frame"]
    assert inside(whole, frame) and whole["right"] - whole["left"] <= PHONE["width"]
    assert page.errors == []


def test_the_shared_screen_shows_the_whole_picture(phone, tmp_path):
    """The host page draws the picture whole, as sent, with no view to move."""
    state = seat_state(mid_game(tmp_path, "take-off"), None)
    page = open_seat(phone, state, {"width": 1280, "height": 800})
    width, height = picture_size(state)
    expect(page.locator("#picture svg")).to_have_attribute("viewBox", f"0 0 {width:g} {height:g}")
    assert page.locator("#board-whole").count() == 0
    assert page.errors == []


# -- the legend under the board ----------------------------------------------------------------------------------

# Each line of the legend under the board (legend.js), as the phone shows it: its parts in order, a symbol (an <svg>)
# as its name (its texts, or "" where it has none) with its box, viewBox and the size of the page's text; its words
# as "words", their text, box, size and whether they are a caption; and the line's box.
LEGEND_SHOWN = """() => [...document.querySelectorAll("#board-legend > li")].map((li) => {
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  };
  const em = parseFloat(getComputedStyle(li).fontSize);
  const parts = [...li.children].map((part) => part.localName === "svg"
    ? { symbol: part.getAttribute("aria-label") || "", box: box(part), viewBox: part.getAttribute("viewBox"), em }
    : { words: part.textContent, box: box(part), px: parseFloat(getComputedStyle(part).fontSize),
        caption: part.classList.contains("caption") });
  return { parts, box: box(li) };
})"""


def legend_parts(svg: str) -> list[list[str]]:
    """Each entry of the legend of the picture ``svg`` (a group named "legend entry" in the one named "legend"), as
    its parts in order: each symbol (a group named "legend symbol") as "symbol: " and its texts, and each run of
    its other texts joined."""
    root = ET.fromstring(svg)
    entries = [e for g in named(root, "legend") for e in named(g, "legend entry")]
    listed = []
    for entry in entries:
        parts: list[str] = []
        for node in _symbols_and_texts(entry):
            if node.tag == f"{SVG}g":
                parts.append("symbol: " + " ".join("".join(t.itertext()).strip() for t in node.iter(f"{SVG}text")))
            elif parts and not parts[-1].startswith("symbol: "):
                parts[-1] += " " + "".join(node.itertext()).strip()
            else:
                parts.append("".join(node.itertext()).strip())
        listed.append(parts)
    return listed


def named(root: ET.Element, name: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("data-name") == name]


def _symbols_and_texts(node: ET.Element) -> Iterator[ET.Element]:
    """The symbols under ``node`` and its texts on none, in order."""
    for child in node:
        if child.tag == f"{SVG}g" and child.get("data-name") == "legend symbol" or child.tag == f"{SVG}text":
            yield child
        else:
            yield from _symbols_and_texts(child)


def as_listed(shown: list[dict[str, Any]]) -> list[list[str]]:
    """The parts of each line of the legend the page lists (LEGEND_SHOWN), as :func:`legend_parts` names them."""
    return [[f"symbol: {p['symbol']}" if "symbol" in p else p["words"] for p in line["parts"]] for line in shown]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", GAMES)
def test_the_pictures_legend_is_listed_under_the_board_in_the_pages_text(phone, tmp_path, name, language):
    """The picture's legend lies below its map, out of the frame a phone opens on, legible only zoomed in on: under
    the board's buttons, in the opening screen, "Legend" opens it as the page's own list, each entry of the picture a
    line of it, in the picture's order and words (the session's language): its symbols drawn as the picture draws
    them, at most 2.5 lines tall, and its words the page's text, as large as the rest, wrapping within the phone's
    width; words before a symbol are its caption, on a line above it."""
    current = mid_game(tmp_path, name, language=language)
    seat = current.state.to_move() or current.setup.players[0]
    state = seat_state(current, seat)
    page = open_seat(phone, state)
    page.evaluate("() => scrollTo(0, 0)")  # on the seat's turn the page brings the moves into view
    summary = page.locator("#board-legend-details > summary")
    expect(summary).to_be_visible()
    opening = summary.bounding_box()
    middle = opening["y"] + opening["height"] / 2  # its word's line: the summary stands 48 px tall, for a finger
    assert middle <= PHONE["height"], f"the legend's summary is {middle:.0f} px down, out of the opening screen"
    summary.click()
    shown = page.evaluate(LEGEND_SHOWN)
    expected = legend_parts(state["picture"])
    assert expected and as_listed(shown) == expected
    body = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#board-words')).fontSize)")
    width = page.evaluate("() => document.documentElement.clientWidth")
    for line in shown:
        assert line["box"]["left"] >= 0 and line["box"]["right"] <= width, f"{line} runs past the phone's width"
        for before, part in zip([None, *line["parts"]], line["parts"]):
            assert inside(part["box"], line["box"]), f"{part} out of its line"
            if "words" in part:
                assert part["px"] >= body, f"{part['words']!r} is {part['px']} px, the page's text {body}"
            else:
                tall = part["box"]["bottom"] - part["box"]["top"]
                assert 0 < tall <= 2.5 * part["em"] + 0.5, f"{part['symbol']!r} is {tall:.0f} px tall"
            if before and before.get("caption"):  # a caption stands on a line of its own, above its symbols
                assert before["box"]["bottom"] <= part["box"]["top"] + 1
    assert page.errors == []
    shots = os.environ.get("PNP_SCREENSHOTS")
    if shots and name == SHOWN and language == "en":  # the board's buttons and the legend open under them
        top = page.locator(".board-tools").bounding_box()
        end = page.locator("#board-legend-details").bounding_box()
        page.screenshot(
            path=Path(shots) / "table-legend.png",
            full_page=True,
            clip={
                "x": 0,
                "y": top["y"] - 8,
                "width": PHONE["width"],
                "height": end["y"] + end["height"] - top["y"] + 16,
            },
        )


def a_legend(c: Canvas) -> None:
    """A picture of a legend with its heading and three entries: a disc cut to its left half, then its words; a
    caption over two chips, a letter and a name on each; a symbol whose words run on over two lines."""
    with c.group(name="legend"):
        c.text(5, 8, "LEGEND", size=10, bold=True)
        with c.group(name="legend entry"):
            with c.group(name="legend symbol"), c.clip(10, 10, 10, 20):
                c.circle(20, 20, 10, fill="#336699", stroke=None)
            c.text(35, 22, "a half disc", size=10)
        with c.group(name="legend entry"):
            c.text(5, 45, "letters:", size=10)
            for n, chip in enumerate(("A one", "B two")):
                with c.group(name="legend symbol"):
                    c.rect(5 + 40 * n, 50, 35, 12, fill="#ddeeff", stroke="#000000", width=0.5)
                    c.text(8 + 40 * n, 59, chip, size=8)
        with c.group(name="legend entry"):
            with c.group(name="legend symbol"):
                c.rect(5, 75, 12, 12, fill="#cc3333", stroke=None)
            c.text(25, 80, "a meaning that runs on", size=10)
            c.text(25, 85, "over two lines", size=10)


def test_a_legend_is_listed_from_the_entries_and_symbols_its_picture_marks(phone, tmp_path):
    """Any game's picture marks its legend's entries and their symbols: the page lists each entry, its symbols drawn
    apart as they show (a clip cuts a disc to its half: its box is the half's), named by the words on them for a
    screen reader, its other words as the page's text, a text's lines run together, a caption before its symbols on
    a line of its own; what the legend says outside its entries (its heading) is the page's own summary. A picture
    without entries leaves the legend out."""
    state = seat_state(mid_game(tmp_path, "aloft", moves=2), "Ann")
    state["picture"] = drawing_to_screen_svg(Drawing(100, 100, a_legend))
    page = open_seat(phone, state)
    page.locator("#board-legend-details > summary").click()
    shown = page.evaluate(LEGEND_SHOWN)
    assert as_listed(shown) == [
        ["symbol: ", "a half disc"],
        ["letters:", "symbol: A one", "symbol: B two"],
        ["symbol: ", "a meaning that runs on over two lines"],
    ]
    half = [float(v) for v in shown[0]["parts"][0]["viewBox"].split()]
    assert half == pytest.approx([10, 10, 10, 20], abs=0.01)  # the disc's left half, 10 wide, not the disc's 20
    letters = shown[1]["parts"]
    assert letters[0]["caption"] and letters[0]["box"]["bottom"] <= min(p["box"]["top"] for p in letters[1:]) + 1
    assert page.locator("#board-legend svg[role=img]").evaluate_all("(s) => s.map((n) => n.ariaLabel)") == [
        "A one",
        "B two",
    ]
    state["picture"] = drawing_to_screen_svg(Drawing(100, 100, lambda c: c.text(5, 8, "LEGEND", size=10)))
    state["version"] = "next"
    page.served.state = state
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#board-legend-details")).to_be_hidden()
    assert page.errors == []


# -- moving the view by touch and mouse ------------------------------------------------------------------

# Pointer events as a finger makes them, at (x, y) CSS px from the picture frame's top-left corner.
TOUCH = """([kind, id, x, y]) => {
  const figure = document.getElementById("picture");
  const r = figure.getBoundingClientRect();
  figure.dispatchEvent(new PointerEvent(kind, {
    pointerId: id, pointerType: "touch", isPrimary: id === 1, bubbles: true, cancelable: true,
    clientX: r.left + x, clientY: r.top + y,
  }));
}"""


def touch(page: Any, *steps: tuple[str, int, float, float]) -> None:
    for step in steps:
        page.evaluate(TOUCH, list(step))


def view_box(page: Any) -> list[float]:
    return [float(v) for v in page.locator("#picture svg").get_attribute("viewBox").split()]


def test_a_drag_pans_a_pinch_zooms_and_a_double_tap_zooms_in(browser, tmp_path):
    """One finger moves the picture with it, two fingers apart zoom in about their middle, a double tap
    zooms in twice as close; a mouse wheel zooms too."""
    page = open_seat(new_phone(browser, clock=True), seat_state(mid_game(tmp_path, "aloft"), "Ann"))
    page.evaluate("() => scrollTo(0, 0)")
    page.get_by_role("button", name="Whole board").click()
    page.evaluate("() => scrollTo(0, 0)")
    _, _, w, h = view_box(page)
    touch(page, ("pointerdown", 1, 200, 200))
    touch(page, ("pointerdown", 2, 220, 220), ("pointermove", 2, 300, 300), ("pointerup", 2, 300, 300))
    touch(page, ("pointerup", 1, 200, 200))
    zoomed = view_box(page)
    assert zoomed[2] < w * 0.5 and zoomed[3] < h * 0.5  # spread from 28 px apart to 141: about 5 times closer

    before = view_box(page)
    scale = PHONE["width"] / before[2]  # CSS px per unit, roughly (the frame is nearly the screen's width)
    touch(page, ("pointerdown", 1, 200, 200), ("pointermove", 1, 150, 170), ("pointerup", 1, 150, 170))
    dragged = view_box(page)
    assert dragged[2:] == before[2:]  # the same zoom
    assert dragged[0] - before[0] == pytest.approx(50 / scale, rel=0.1)  # the picture follows the finger
    assert dragged[1] - before[1] == pytest.approx(30 / scale, rel=0.1)

    page.get_by_role("button", name="Whole board").click()
    page.evaluate("() => scrollTo(0, 0)")
    whole = view_box(page)
    tap = (("pointerdown", 1, 150, 150), ("pointerup", 1, 150, 150))
    touch(page, *tap)
    page.clock.run_for(1000)  # a second apart: two taps, not a double tap
    touch(page, *tap)
    assert view_box(page) == whole
    touch(page, *tap)  # the second of two taps at once: a double tap
    assert view_box(page)[2] == pytest.approx(whole[2] / 2, rel=0.01)

    box = page.locator("#picture").bounding_box()
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    before = page.locator("#picture svg").get_attribute("viewBox")
    page.mouse.wheel(0, -300)
    expect(page.locator("#picture svg")).not_to_have_attribute("viewBox", before)
    assert view_box(page)[2] < float(before.split()[2])  # the wheel turned away: closer
    assert page.errors == []
    page.context.close()


# -- a pen and fingers as the browser's own input makes them ---------------------------------------------------


class Hand:
    """Input sent through the browser's own input (the DevTools protocol), not made up in the page: a pen's and a
    mouse's presses and moves (``pointer``: "pen" or "mouse"), and fingers on the screen, at (x, y) CSS px from the
    picture frame's top-left corner. The browser hit-tests them, captures them, and answers the frame's
    touch-action as a phone's does."""

    def __init__(self, page: Any) -> None:
        self.page, self.cdp = page, page.context.new_cdp_session(page)

    def _on_screen(self, x: float, y: float) -> tuple[float, float]:
        box = self.page.locator("#picture").bounding_box()
        return box["x"] + x, box["y"] + y

    def pointer(self, kind: str, pointer: str, x: float, y: float, pressed: bool, button: str = "left") -> None:
        """A pen's or mouse's ``kind`` (mousePressed, mouseMoved, mouseReleased), its ``button`` held or not."""
        sx, sy = self._on_screen(x, y)
        held = {"left": 1, "right": 2}[button] if pressed else 0
        event = {"type": kind, "x": sx, "y": sy, "button": button, "buttons": held, "clickCount": 1}
        self.cdp.send("Input.dispatchMouseEvent", {**event, "pointerType": pointer})

    def stroke(self, pointer: str, *points: tuple[float, float], button: str = "left") -> None:
        """Pressed at the first point, moved through the others, released at the last."""
        self.pointer("mousePressed", pointer, *points[0], True, button)
        for x, y in points[1:]:
            self.pointer("mouseMoved", pointer, x, y, True, button)
        self.pointer("mouseReleased", pointer, *points[-1], False, button)

    def fingers(self, kind: str, *points: tuple[int, float, float]) -> None:
        """A touch event (touchStart, touchMove, touchEnd) with fingers (id, x, y) on the screen."""
        touching = [dict(zip(("id", "x", "y"), (n, *self._on_screen(x, y)))) for n, x, y in points]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touching})


def zoomed_in(page: Any) -> list[float]:
    """The view of ``page``'s board two key presses closer than the whole board (room to move it every way)."""
    page.evaluate("() => scrollTo(0, 0)")
    page.get_by_role("button", name="Whole board").click()
    page.locator("#picture").focus()
    page.keyboard.press("+")
    page.keyboard.press("+")
    page.evaluate("() => { document.activeElement.blur(); scrollTo(0, 0); }")
    return view_box(page)


def test_a_pen_hovers_drags_and_double_taps_the_board_as_a_finger_does(browser, tmp_path):
    """A pen on a phone or tablet: hovering over the board moves nothing, a stroke drags the picture with the pen's
    tip (the page does not scroll under it), and two taps at once zoom in twice as close, as a finger's do; a mouse
    drags with its main button, and a right button's press, whose menu may keep its release, moves nothing."""
    page = open_seat(new_phone(browser, clock=True), seat_state(mid_game(tmp_path, "aloft"), "Ann"))
    hand = Hand(page)
    before = zoomed_in(page)
    for x in range(100, 300, 20):
        hand.pointer("mouseMoved", "pen", x, x, False)  # hovering: no tip on the screen
    assert view_box(page) == before
    hand.stroke("pen", (200, 200), (170, 180), (140, 160))
    dragged = view_box(page)
    scale = PHONE["width"] / before[2]  # CSS px per unit, roughly (the frame is nearly the screen's width)
    assert dragged[2:] == before[2:]
    assert dragged[0] - before[0] == pytest.approx(60 / scale, rel=0.1)  # the picture follows the pen
    assert dragged[1] - before[1] == pytest.approx(40 / scale, rel=0.1)
    assert page.evaluate("() => scrollY") == 0

    hand.stroke("pen", (150, 150))
    hand.stroke("pen", (150, 150))  # the page's clock stands still: two taps at once, a double tap
    assert view_box(page)[2] == pytest.approx(dragged[2] / 2, rel=0.01)

    before = view_box(page)
    hand.stroke("mouse", (200, 200), (240, 230))
    assert view_box(page)[0] - before[0] == pytest.approx(-40 / (PHONE["width"] / before[2]), rel=0.1)
    before = view_box(page)
    hand.stroke("mouse", (200, 200), (100, 100), button="right")
    assert view_box(page) == before
    assert page.errors == []
    page.context.close()


def test_a_drag_whose_picture_is_replaced_midway_leaves_no_finger_behind(browser, tmp_path):
    """A finger on the board as the next move's picture comes, lifted off the frame: the next drag moves the picture
    with one finger (a finger left behind made it a pinch, zooming), and two fingers spread still zoom in."""
    current = mid_game(tmp_path, "aloft")
    first = seat_state(current, "Ann")
    current.play(notation.format(current.game, random.Random(1).choice(playable(current))))
    after = seat_state(current, "Ann")
    assert after["picture"] != first["picture"]
    page = open_seat(new_phone(browser), first)
    hand = Hand(page)
    zoomed_in(page)
    frame = page.locator("#picture").bounding_box()
    page.evaluate("() => { window.drawn = document.querySelector('#picture svg'); }")
    hand.fingers("touchStart", (1, 150, 150))
    hand.fingers("touchMove", (1, 150, 180))
    page.served.state = after  # the next move is played: the page hears of it and draws its picture
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    wait_until(page, "(v) => document.body.dataset.version === v", after["version"], what="the next picture")
    assert page.evaluate("() => window.drawn !== document.querySelector('#picture svg')")  # a new picture
    hand.fingers("touchMove", (1, 150, frame["height"] + 60))  # off the frame, under its buttons
    hand.fingers("touchEnd")
    page.evaluate("() => scrollTo(0, 0)")

    before = view_box(page)
    hand.fingers("touchStart", (2, 200, 200))
    hand.fingers("touchMove", (2, 160, 200))
    hand.fingers("touchEnd")
    dragged = view_box(page)
    assert dragged[2:] == pytest.approx(before[2:]), "one finger zoomed: the finger lifted off the frame was kept"
    assert dragged[0] - before[0] == pytest.approx(40 / (PHONE["width"] / before[2]), rel=0.1)

    hand.fingers("touchStart", (3, 180, 180), (4, 200, 200))
    for step in range(1, 6):
        hand.fingers("touchMove", (3, 180 - 10 * step, 180 - 10 * step), (4, 200 + 10 * step, 200 + 10 * step))
    hand.fingers("touchEnd")
    assert view_box(page)[2] < dragged[2] / 2  # spread from 28 px apart to 170: several times closer
    assert page.errors == []
    page.context.close()


# Each grid reference margin pinned to the frame's edge (.board-margin), by its side, and whether it lies along a grid of
# the picture (data-grids, on the screen): a margin along the top or bottom within a grid's left and right, one down a
# side within its top and bottom (a px of slack either way).
MARGINS = """() => {
  const svg = document.querySelector("#picture svg");
  const ctm = svg.getScreenCTM();
  const grids = (svg.getAttribute("data-grids") || "").split(";").filter(Boolean).map((grid) => {
    const [x, y, w, h] = grid.split(" ").map(Number);
    const a = new DOMPoint(x, y).matrixTransform(ctm), b = new DOMPoint(x + w, y + h).matrixTransform(ctm);
    return { left: a.x, top: a.y, right: b.x, bottom: b.y };
  });
  return [...document.querySelectorAll("#picture .board-margin")].map((margin) => {
    const r = margin.getBoundingClientRect(), side = margin.dataset.side;
    const across = side === "top" || side === "bottom";
    const along = grids.some((g) => across ? r.left >= g.left - 1 && r.right <= g.right + 1
      : r.top >= g.top - 1 && r.bottom <= g.bottom + 1);
    return { side, along, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}"""


@pytest.mark.parametrize(
    ("name", "drags"),
    [("take-off", [(300, 0), (0, -200), (0, -150)]), ("aloft", [(0, -300), (-300, 0), (0, 300)])],
    ids=["take-off", "aloft"],
)
def test_a_dragged_views_grid_references_are_pinned_along_the_grid_only(phone, tmp_path, name, drags):
    """Dragged off the grid's references, the view pins them to the frame's edge, in a margin along the grid alone:
    Take Off!'s row numbers, down the frame's whole side, lay over its table and legend under the map once the player
    dragged them into view. (The starting frame keeps its margins the frame's whole side: it is placed for them.)"""
    current = mid_game(tmp_path, name, 0)
    page = open_seat(phone, seat_state(current, current.state.to_move() or current.setup.players[0]))
    page.evaluate("() => scrollTo(0, 0)")
    sides = set()
    for dx, dy in drags:
        touch(
            page,
            ("pointerdown", 1, 150, 200),
            ("pointermove", 1, 150 + dx, 200 + dy),
            ("pointerup", 1, 150 + dx, 200 + dy),
        )
        margins = page.evaluate(MARGINS)
        assert all(margin["along"] for margin in margins), f"a margin beyond its grid by {view_box(page)}: {margins}"
        sides |= {margin["side"] for margin in margins}
    assert sides & {"left", "right"}, "no row numbers pinned: the drags test nothing"
    assert page.errors == []


def redrawn(page: Any, state: dict[str, Any]) -> None:
    """``page`` sent ``state`` (as after a move), and drawn with it."""
    page.served.state = state
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # look again now
    wait_until(
        page,
        """([version, seat, focus]) => document.body.dataset.version === version
          && JSON.parse(document.querySelector("#picture svg")?.getAttribute("data-seats") || "{}")[seat] === focus""",
        [state["version"], state["seat"], focus_of(state)],
        what=f"the picture at {state['version']}, focused on the seat's part",
    )


def focus_of(state: dict[str, Any]) -> str:
    """The focus of the seat's phone in its state's picture."""
    import html

    found = re.search(r'data-seats="([^"]+)"', state["picture"])
    assert found, "the picture has no seat's focus"
    focus: str = json.loads(html.unescape(found[1]))[state["seat"]]
    return focus


def far_apart(one: str, other: str, distance: float = 40.0) -> bool:
    """Two focus boxes whose centres are ``distance`` units apart or more."""
    (x1, y1, w1, h1), (x2, y2, w2, h2) = ([float(v) for v in box.split()] for box in (one, other))
    return abs(x1 + w1 / 2 - x2 - w2 / 2) + abs(y1 + h1 / 2 - y2 - h2 / 2) >= distance


def focus_moving(folder: Path, count: int) -> list[dict[str, Any]]:
    """``count`` states of Aeronaut Odyssey for its first seat, one after another, where the seat's traveller, and so
    its focus, moved from the one before."""
    current = mid_game(folder, "aeronaut-odyssey", moves=6)
    seat = current.setup.players[0]
    states = [seat_state(current, seat)]
    rng = random.Random(7)
    while len(states) < count:
        assert current.state.to_move() is not None, "the game ended first"
        current.play(notation.format(current.game, rng.choice(playable(current))))
        state = seat_state(current, seat)
        if far_apart(focus_of(state), focus_of(states[-1])):
            states.append(state)
    return states


def test_a_view_the_player_moved_is_kept_across_moves_and_an_untouched_one_follows_the_focus(phone, tmp_path):
    """Aeronaut Odyssey: after a move the new picture opens on its new focus (where the seat's traveller
    went), unless the player moved the view, which then stays as they left it; "Close-up" hands it back."""
    states = focus_moving(tmp_path, 3)
    fresh = []
    for state in states:
        fresh.append(open_seat(phone, state).locator("#picture svg").get_attribute("viewBox"))
    assert fresh[0] != fresh[1] != fresh[2]  # each position opens on a frame of its own

    page = open_seat(phone, states[0])
    svg = page.locator("#picture svg")
    assert svg.get_attribute("viewBox") == fresh[0]
    redrawn(page, states[1])  # untouched: the new focus
    expect(svg).to_have_attribute("viewBox", fresh[1])

    touch(page, ("pointerdown", 1, 200, 200), ("pointermove", 1, 120, 160), ("pointerup", 1, 120, 160))
    moved = svg.get_attribute("viewBox")
    assert moved not in fresh
    redrawn(page, states[2])  # moved by the player: kept
    assert svg.get_attribute("viewBox") == moved

    page.get_by_role("button", name="Close-up").click()
    expect(svg).to_have_attribute("viewBox", fresh[2])
    assert page.errors == []


# -- moving the view by the keys -------------------------------------------------------------------------


def centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def pressed(page: Any, *keys: str) -> list[float]:
    """The view box after ``keys`` pressed, one after another, where the focus is."""
    for key in keys:
        page.keyboard.press(key)
    return view_box(page)


# The colour of the page's --focus, as a computed style writes it.
FOCUS_COLOUR = """() => {
  const probe = document.body.appendChild(document.createElement("i"));
  probe.style.color = "var(--focus)";
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}"""


def test_the_keys_move_and_zoom_the_board_once_it_has_the_focus_and_nothing_else(phone, tmp_path):
    """Take Off! on a seat's page at 1280 x 720, where the whole board is too small to read: the picture takes the
    focus by Tab, outlined in the page's focus colour and with its keys said beside it; an arrow key moves the view
    a tenth of its size, + (or =) zooms in about its centre, - zooms out, within the pointer's limits, and 0 (or
    Home) shows the whole board, as the button does; none of them scrolls the page. Typed in the notation box,
    the same keys leave the board alone."""
    current = mid_game(tmp_path, "take-off")
    state = seat_state(current, current.state.to_move() or current.setup.players[0])
    page = open_seat(phone, state, LAPTOP)
    figure = page.locator("#picture")
    expect(figure).to_have_accessible_name("The table as you may see it")  # short: what it is, not how to move it
    # the board in words, then how to move it
    expect(figure).to_have_accessible_description(re.compile(r"\. Arrow keys move the board, \+ and − zoom, 0 shows"))
    expect(page.locator("#board-keys")).to_be_visible()  # and said beside its buttons, on a laptop

    page.locator("#board-start").focus()
    page.keyboard.press("Shift+Tab")  # the stop before the board's buttons: the board
    assert page.evaluate("() => document.activeElement.id") == "picture"
    ring = figure.evaluate("(f) => [getComputedStyle(f).outlineStyle, getComputedStyle(f).outlineColor]")
    assert ring == ["solid", page.evaluate(FOCUS_COLOUR)]
    page.evaluate("() => scrollTo(0, 40)")  # a page that Home and the arrows would scroll, were they the page's
    settled(page)
    scrolled = page.evaluate("() => [scrollX, scrollY]")
    assert scrolled == [0, 40]
    page.evaluate("() => { window.scrolls = 0; addEventListener('scroll', () => { window.scrolls += 1; }); }")
    shots = os.environ.get("PNP_BOARD_KEYS_SHOT")  # where to save the focused board, to look at it
    if shots:
        page.screenshot(path=shots)

    whole = pressed(page, "0")
    width, height = picture_size(state)
    on_screen, frame = whole_on_screen(page, width, height), page.evaluate(MEASURE)["frame"]
    assert inside(on_screen, frame)
    assert whole != pressed(page, "+") and pressed(page, "Home") == whole
    assert pressed(page, "-") == whole  # no further out than the whole board

    closer = pressed(page, "+")
    assert closer[2:] == pytest.approx([whole[2] / 2**0.5, whole[3] / 2**0.5], rel=1e-3)
    assert centre(closer) == pytest.approx(centre(whole), abs=1e-3)  # about the view's centre
    closest = pressed(page, "=")
    assert closest[2:] == pytest.approx([whole[2] / 2, whole[3] / 2], rel=1e-3)
    assert centre(closest) == pytest.approx(centre(whole), abs=1e-3)

    x, y, w, h = closest
    assert pressed(page, "ArrowRight") == pytest.approx([x + w / 10, y, w, h], abs=1e-3)  # the view moves right
    assert pressed(page, "ArrowDown") == pytest.approx([x + w / 10, y + h / 10, w, h], abs=1e-3)
    assert pressed(page, "ArrowLeft", "ArrowLeft") == pytest.approx([x - w / 10, y + h / 10, w, h], abs=1e-3)
    assert pressed(page, "ArrowUp", "ArrowUp") == pytest.approx([x - w / 10, y - h / 10, w, h], abs=1e-3)
    assert pressed(page, "ArrowRight", "ArrowDown") == pytest.approx(closest, abs=1e-3)

    out = pressed(page, "-")
    assert out[2:] == pytest.approx(closer[2:], rel=1e-3)
    assert centre(out) == pytest.approx(centre(closest), abs=1e-3)
    sizes = [pressed(page, "+")[2] for _ in range(16)]
    assert sizes[-1] == sizes[-2] > 0 and sizes[-1] < sizes[0]  # as close as a pinch goes, and no closer
    assert pressed(page, "0") == whole
    settled(page)
    assert page.evaluate("() => [scrollX, scrollY, window.scrolls]") == [*scrolled, 0]  # not even for a while
    assert page.evaluate("() => document.activeElement.id") == "picture"

    page.get_by_role("button", name="Whole board").click()
    assert view_box(page) == whole  # 0 shows what the button does

    page.get_by_role("button", name="Close-up").click()
    start = view_box(page)
    page.locator("#tools summary").first.click()
    typed = page.locator("#typed-move")
    typed.focus()
    for key in ("ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight", "+", "=", "-", "0", "Home"):
        page.keyboard.press(key)
    assert typed.input_value() == "+=-0"
    assert view_box(page) == start  # the keys were the typing box's
    assert page.errors == []


def test_a_view_moved_by_the_keys_is_kept_across_moves(phone, tmp_path):
    """Aeronaut Odyssey: a view the player moved with the keys stays as they left it when the next position's
    picture comes, as a dragged one does, and the board keeps the focus; "Close-up" hands it back."""
    states = focus_moving(tmp_path, 2)
    fresh = open_seat(phone, states[1]).locator("#picture svg").get_attribute("viewBox")

    page = open_seat(phone, states[0])
    svg = page.locator("#picture svg")
    start = svg.get_attribute("viewBox")
    expect(page.locator("#board-keys")).to_be_hidden()  # a phone's page has no room to say the keys
    page.locator("#picture").focus()  # a phone with a keyboard: the keys are the board's all the same
    pressed(page, "+", "ArrowRight", "ArrowDown")
    moved = svg.get_attribute("viewBox")
    assert moved not in (start, fresh)
    redrawn(page, states[1])  # moved by the player: kept
    assert svg.get_attribute("viewBox") == moved
    assert page.evaluate("() => document.activeElement.id") == "picture"
    page.keyboard.press("-")
    assert svg.get_attribute("viewBox") != moved  # and the keys still move it

    page.get_by_role("button", name="Close-up").click()
    expect(svg).to_have_attribute("viewBox", fresh)
    assert page.errors == []
