"""The Rules panel: every game's player aid on the table page, from the blocks the printed aid is set from.

The JSON of ``/rules`` is checked against what the kit prints (the aid's blocks, and each stage's rule taken
whole from the printed rules or aid), against the stages seeded random games meet, and for referee syntax.
The page is checked in Chromium at 390 x 844 for every game, served by the table's own app (its templates,
assets, security headers and ``/rules`` answer) through Playwright's routing, on one phone (a browser context)
for the module: the panel opens, shows the aid's headings and the current stage's rule first, follows the game
to its end, fits 320 px and closes.
Every wait is bounded; nothing here measures speed. Each game's screenshots are left in the test's temporary
folder; with PNP_SCREENSHOTS set, docs/table.md's is written there.
"""

from __future__ import annotations

import dataclasses
import os
import random
import re
import warnings
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any, get_args

import pytest
from support.browser import BOUND
from support.moves import playable

with warnings.catch_warnings():  # Starlette 1.x suggests the httpx2 fork for its TestClient; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from support.games import GAMES, registered

from pnp.games import REGISTRY
from pnp.games.spec import GameSpec, KitRequest
from pnp.printing import sheets
from pnp.printing.sheets import Block, Heading, Items, Table, Text
from pnp.referee import notation, session
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Move, Setup, Stage, State
from pnp.table import app, guard
from pnp.table.rules import blocks_json, rules_json

pytestmark = registered  # the guide's example game is checked as a registered game too

# Options that make a game short, or that make it reveal at the end.
OPTIONS: dict[str, dict[str, Any]] = {
    "air-king": {"rounds": 3},
    "take-off": {"rounds": 2},
    "hauling-astronauts": {"hidden_transports": True},
}
SEEDS = (1, 2)
REFEREE = re.compile(r"\bpnp\b|`|\bref (?:secret|reveal|score|play|new)\b")


def setup_of(name: str, players: int = 2, seed: int = 1) -> Setup:
    game = REGISTRY[name].rules()
    options = {**{o.key: o.default for o in game.options}, **OPTIONS.get(name, {})}
    return Setup(tuple(f"p{n + 1}" for n in range(max(players, game.min_players))), options, seed)


def plain(block: dict[str, Any]) -> list[str]:
    """The texts of one block of the JSON as the page shows them (emphasis as plain words)."""
    if block["kind"] == "heading":
        return [block["text"]]
    if block["kind"] == "text":
        return ["".join(run["text"] for run in block["runs"])]
    if block["kind"] == "items":
        return ["".join(run["text"] for run in item) for item in block["items"]]
    return [cell for row in block["rows"] for cell in row]


def unmarked(text: str) -> str:
    return text.replace("*", "")


def printed(spec: GameSpec, monkeypatch: pytest.MonkeyPatch) -> dict[str, tuple[Block, ...]]:
    """The blocks each text sheet of the game's kit is set from, by the sheet's title."""
    seen: dict[str, tuple[Block, ...]] = {}
    setting = sheets.text_drawing

    def spy(title: str, blocks: tuple[Block, ...], *args: Any, **kwargs: Any) -> Any:
        seen[title] = blocks
        return setting(title, blocks, *args, **kwargs)

    monkeypatch.setattr(sheets, "text_drawing", spy)
    spec.kit(KitRequest())
    return seen


def stages_met(name: str) -> tuple[set[str], dict[str, set[str]]]:
    """The stages seeded random games of ``name`` pass through, and every input listed at each, in notation."""
    game = REGISTRY[name].rules()
    listed: dict[str, set[str]] = {}

    def noting(state: State, moves: list[Move], own: Any, choose: Any) -> Move:
        listed.setdefault(state.stage(), set()).update(notation.format(game, m) for m in moves)
        return choose(state, moves, own)

    met = set()
    for seed in SEEDS:
        choose = random_chooser(random.Random(seed))
        end = playout(game, setup_of(name, seed=seed), partial(noting, choose=choose)).state
        met |= set(listed) | {end.stage()}
    return met, listed


# -- the JSON --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_aid_is_the_printed_aid_block_for_block(name, monkeypatch):
    spec = REGISTRY[name]
    sheet = printed(spec, monkeypatch)
    aids = [blocks for title, blocks in sheet.items() if title.endswith(": player aid")]
    assert len(aids) == 1, f"{name}: expected one printed aid, got {list(sheet)}"
    data = rules_json(spec, setup_of(name))
    assert data["game"] == spec.title
    assert data["aid"] == blocks_json(aids[0])
    shown = [b for b in aids[0] if isinstance(b, Heading | Text | Items | Table)]
    assert len(data["aid"]) == len(shown) > 0
    for block, json_block in zip(shown, data["aid"]):
        wanted = (
            [block.text]
            if isinstance(block, Heading | Text)
            else (list(block.items) if isinstance(block, Items) else [cell for row in block.rows for cell in row])
        )
        assert plain(json_block) == [unmarked(text) for text in wanted]


@pytest.mark.parametrize("name", GAMES)
def test_each_stage_rule_is_a_whole_section_of_the_printed_rules_or_aid(name, monkeypatch):
    spec = REGISTRY[name]
    assert spec.aid is not None
    sections = list(printed(spec, monkeypatch).values())
    for stage, blocks in spec.aid(setup_of(name)).stages.items():
        assert stage in get_args(Stage), f"{name}: {stage!r} is no stage"
        assert blocks and isinstance(blocks[0], Heading), f"{name}'s {stage} rule does not start with its heading"
        assert any(side[i : i + len(blocks)] == blocks for side in sections for i in range(len(side))), (
            f"{name}'s {stage} rule is not printed as it stands"
        )


@pytest.mark.parametrize("name", GAMES)
def test_every_stage_a_game_meets_has_its_rule(name):
    met, _ = stages_met(name)
    data = rules_json(REGISTRY[name], setup_of(name))
    assert met - set(data["stages"]) == set(), f"{name} meets stages without a rule"
    assert "play" in met and "over" in met


@pytest.mark.parametrize("name", GAMES)
def test_emphasis_comes_as_runs_that_rebuild_the_printed_text(name):
    spec = REGISTRY[name]
    assert spec.aid is not None
    aid = spec.aid(setup_of(name))
    emphasised = 0
    for block, shown in zip(
        [b for b in aid.blocks if isinstance(b, Text | Items)],
        [b for b in blocks_json(aid.blocks) if b["kind"] in ("text", "items")],
    ):
        texts = [block.text] if isinstance(block, Text) else list(block.items)
        runs = [shown["runs"]] if shown["kind"] == "text" else shown["items"]
        for text, parts in zip(texts, runs, strict=True):
            assert "".join(f"*{r['text']}*" if r["em"] else r["text"] for r in parts) == text
            assert all(r["text"] and "*" not in r["text"] for r in parts)
            emphasised += sum(r["em"] for r in parts)
    assert emphasised > 0, f"{name}'s aid has no emphasis to show"


@pytest.mark.parametrize("name", GAMES)
def test_the_panel_names_no_command_and_no_notation(name):
    _, listed = stages_met(name)
    data = rules_json(REGISTRY[name], setup_of(name))
    text = "\n".join(t for blocks in (data["aid"], *data["stages"].values()) for b in blocks for t in plain(b))
    assert not REFEREE.search(text), f"{name}: {REFEREE.search(text)}"
    inputs = {move for moves in listed.values() for move in moves if " " in move}  # one word is a plain word
    assert len(inputs) > 10
    found = [move for move in inputs if re.search(rf"(?<![\w-]){re.escape(move)}(?![\w-])", text)]
    assert found == [], f"{name}'s panel shows notation: {found[:5]}"


def test_a_game_without_an_aid_has_an_empty_panel():
    bare = dataclasses.replace(REGISTRY["aloft"], aid=None)
    assert rules_json(bare, setup_of("aloft")) == {"game": "Aloft", "aid": [], "stages": {}}


# -- the route -------------------------------------------------------------------------------------------------


def new_record(folder: Path, name: str, seed: int = 1, to_end: bool = False) -> session.Session:
    setup = setup_of(name, seed=seed)
    options = [f"{k}={str(v).lower()}" for k, v in OPTIONS.get(name, {}).items()]
    current = session.new(folder / f"{name}-{seed}-{to_end}.pnp", name, list(setup.players), options, seed, None)
    current.save()
    rng = random.Random(seed)
    while to_end and current.state.to_move() is not None:
        seat = current.state.to_move()
        current.play(notation.format(current.game, rng.choice(playable(current, seat))))
    return current


def client_for(current: session.Session) -> TestClient:
    tokens = {seat: f"T{n}" for n, seat in enumerate(current.setup.players)}
    return TestClient(guard.protect(app.build(current, tokens), ["testserver"]))


@pytest.mark.parametrize("name", GAMES)
def test_every_page_is_sent_the_same_rules_revalidated_by_etag(name, tmp_path):
    current = new_record(tmp_path, name)
    client = client_for(current)
    host = client.get("/host/rules")
    assert host.status_code == 200
    assert host.json() == rules_json(current.spec, current.setup)
    assert host.headers["cache-control"] == "private, no-cache"
    assert "script-src 'self'" in host.headers["content-security-policy"]
    for n in range(len(current.setup.players)):
        seat = client.get(f"/s/T{n}/rules", headers={"accept-encoding": "gzip"})
        assert seat.status_code == 200 and seat.content == host.content
        assert seat.headers["etag"] == host.headers["etag"]
        again = client.get(f"/s/T{n}/rules", headers={"if-none-match": seat.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    wrong = client.get("/s/nobody/rules")
    assert wrong.status_code == 404 and wrong.json() == {"error": "no such page: check the link", "kind": "not_found"}


# -- the page in Chromium ----------------------------------------------------------------------------------------

try:
    from playwright.sync_api import expect
except ImportError:  # the JSON and the route are still checked; the browser fixture skips the rest
    pass
PHONE = {"width": 390, "height": 844}
NARROW = {"width": 320, "height": 700}
DOCS_GAME = "hauling-astronauts"  # the game of docs/table.md's screenshots
NOW_WORDS = {"set-up": "set-up", "play": "play", "reveal": "reveals", "over": "game over"}


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where the screenshot of docs/table.md goes: $PNP_SCREENSHOTS, else a temporary folder."""
    folder = Path(os.environ.get("PNP_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """The module's phone (a browser context at 390 x 844 and its page: one context for all the pages, since a
    context of its own costs Chromium several times the page). Every request is answered by the table's app
    ``page.serving["app"]`` through Playwright's routing, but for the event streams, which stay quiet so that the
    test says when the page looks again; ``page.problems`` lists script errors and CSP reports."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda exc: page.problems.append(str(exc)))
    page.on("console", lambda m: page.problems.append(m.text) if "Content Security Policy" in m.text else None)

    def answer(route: Any) -> None:
        where = "/" + route.request.url.split("://", 1)[1].split("/", 1)[1]
        if where.endswith("/events"):
            route.fulfill(body="retry: 60000\n\n", content_type="text/event-stream")
            return
        headers = {k: v for k, v in route.request.headers.items() if k.lower() in ("accept", "if-none-match")}
        sent = page.serving["app"].get(where, headers=headers)
        kept = {k: v for k, v in sent.headers.items() if k.lower() not in ("content-length", "content-encoding")}
        route.fulfill(status=sent.status_code, headers=kept, body=sent.content)

    context.route("**/*", answer)
    yield page
    context.close()


def open_seat(
    phone: Any, serving: dict[str, TestClient], scheme: str = "light", where: str = "/s/T0", viewport: Any = PHONE
) -> Any:
    """The first seat's page (or the page at ``where``) as the table's app serves it (``serving["app"]``, which a
    test may swap for another record's), opened afresh on ``phone`` set to the colour ``scheme``."""
    phone.serving = serving
    phone.set_viewport_size(viewport)
    phone.emulate_media(color_scheme=scheme)
    phone.problems.clear()
    phone.goto(f"http://table.test{where}")
    expect(phone.locator("#turn")).not_to_have_text("Loading the table…", timeout=BOUND)
    return phone


def check_panel(page: Any, data: dict[str, Any], stage: str) -> None:
    """The open panel: the current stage's rule first, then the rest of the aid, and no referee syntax."""
    dialog = page.locator("#rules")
    expect(dialog).to_be_visible(timeout=BOUND)
    now = page.locator(".rules-now")
    expect(now.locator(".rules-stage")).to_have_text(f"Now: {NOW_WORDS[stage]}", timeout=BOUND)
    rule = data["stages"][stage]
    expect(now.locator("h3, p:not(.rules-stage), li, th, td")).to_have_text([t for b in rule for t in plain(b)])
    rest = aid_without(data["aid"], rule)
    assert len(rest) < len(data["aid"]) or stage != "play", "a turn's rule is shown once, first"
    headings = [block["text"] for block in (*rule, *rest) if block["kind"] == "heading"]
    expect(page.locator("#rules-body h3")).to_have_text(headings)
    assert {b["text"] for b in data["aid"] if b["kind"] == "heading"} <= set(headings), "an aid's heading is missing"
    emphasised = [run["text"] for block in rest for text in runs_of(block) for run in text if run["em"]]
    expect(page.locator(".rules-aid em")).to_have_text(emphasised)
    text = dialog.inner_text()
    assert not REFEREE.search(text), REFEREE.search(text)


def aid_without(aid: list[dict[str, Any]], rule: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The aid less the stage's rule where the rule is one of its sections: the page shows it once, first."""
    at = next((i for i in range(len(aid)) if aid[i : i + len(rule)] == rule), None)
    return aid if at is None else aid[:at] + aid[at + len(rule) :]


def runs_of(block: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [block["runs"]] if block["kind"] == "text" else block["items"] if block["kind"] == "items" else []


def fits(page: Any) -> None:
    sizes = page.evaluate(
        """() => {
          const body = document.getElementById("rules-body");
          const box = document.getElementById("rules").getBoundingClientRect();
          const tables = [...body.querySelectorAll(".rules-table")].map((t) => t.scrollWidth - t.clientWidth);
          return {page: document.documentElement.scrollWidth, inner: innerWidth, right: box.right, left: box.left,
                  body: body.scrollWidth, room: body.clientWidth, tables};
        }"""
    )
    assert sizes["page"] <= sizes["inner"], sizes
    assert sizes["left"] >= 0 and sizes["right"] <= sizes["inner"], sizes
    assert sizes["body"] <= sizes["room"], f"the panel scrolls sideways: {sizes}"
    assert all(over <= 0 for over in sizes["tables"]), f"a table scrolls sideways: {sizes}"


@pytest.mark.parametrize("name", GAMES)
def test_the_panel_shows_the_aid_and_the_rule_of_the_stage_and_follows_the_game(name, phone, tmp_path, shots):
    start, end = new_record(tmp_path, name), new_record(tmp_path, name, to_end=True)
    serving = {"app": client_for(start)}
    data = rules_json(start.spec, start.setup)
    page = open_seat(phone, serving)
    expect(page.locator("#rules")).to_be_hidden()
    page.locator("#rules-open").click()
    check_panel(page, data, start.state.stage())
    page.screenshot(path=tmp_path / f"rules-{name}-{start.state.stage()}.png")  # each game's, to look at
    if name == DOCS_GAME:
        page.screenshot(path=shots / "table-rules.png")
    page.locator("#rules-close").click()
    expect(page.locator("#rules")).to_be_hidden()

    asked = []

    def note(request: Any) -> None:
        if request.url.endswith("/rules"):
            asked.append(request.url)

    page.on("request", note)
    serving["app"] = client_for(end)  # the game goes on to its end: the page hears of it when it looks again
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.locator("#turn")).to_have_attribute("data-stage", "over", timeout=BOUND)
    page.locator("#rules-open").click()
    check_panel(page, data, "over")
    page.set_viewport_size(NARROW)
    fits(page)
    page.screenshot(path=tmp_path / f"rules-{name}-over-320.png")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_be_hidden()
    assert asked == [], "the rules were fetched again"
    page.remove_listener("request", note)  # the phone goes on to other tests
    assert page.problems == []


def test_the_rule_shown_changes_with_the_stage_while_the_panel_is_open(phone, tmp_path):
    name = next(n for n in GAMES if "set-up" in rules_json(REGISTRY[n], setup_of(n))["stages"])
    start, end = new_record(tmp_path, name), new_record(tmp_path, name, to_end=True)
    assert start.state.stage() == "set-up"
    serving = {"app": client_for(start)}
    page = open_seat(phone, serving)
    page.locator("#rules-open").click()
    expect(page.locator(".rules-now .rules-stage")).to_have_text("Now: set-up", timeout=BOUND)
    serving["app"] = client_for(end)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(page.locator(".rules-now .rules-stage")).to_have_text("Now: game over", timeout=BOUND)
    page.locator("#rules-body").click(position={"x": 3, "y": 3})  # inside the panel, on its margin: it stays
    expect(page.locator("#rules")).to_be_visible()
    page.mouse.click(5, 835)  # on the backdrop below it: it closes
    expect(page.locator("#rules")).to_be_hidden()


def test_a_panel_whose_rules_cannot_be_fetched_says_so_and_asks_again(phone, tmp_path):
    serving = {"app": client_for(new_record(tmp_path, GAMES[0]))}
    page = open_seat(phone, serving)
    page.context.route("**/rules", lambda route: route.fulfill(status=500, json={"error": "x", "kind": "internal"}))
    page.locator("#rules-open").click()
    expect(page.locator("#rules-body")).to_have_text("The rules could not be fetched: close and try again.")
    page.locator("#rules-close").click()
    page.context.unroute("**/rules")
    page.locator("#rules-open").click()
    expect(page.locator(".rules-aid h3").first).to_be_visible(timeout=BOUND)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_text_of_the_panel_has_a_contrast_of_4_5_to_1(phone, tmp_path, scheme):
    """Aloft's panel at the end (its stage's rule holds the aid's table), as the phone is set."""
    page = open_seat(phone, {"app": client_for(new_record(tmp_path, "aloft", to_end=True))}, scheme)
    expect(page.locator("html")).to_have_attribute("data-theme", scheme)
    page.locator("#rules-open").click()
    expect(page.locator(".rules-now .rules-table")).to_be_visible(timeout=BOUND)
    from test_table_phone import CONTRAST  # the phone's check: WCAG's ratio against the colours behind each text

    in_panel = CONTRAST.replace('querySelectorAll("body *")', 'querySelectorAll("#rules *")')
    assert in_panel != CONTRAST
    worst = page.evaluate(in_panel)
    assert len(worst) == 3 and worst[0][0] >= 4.5, worst


def test_the_shared_screen_has_the_panel_too(phone, tmp_path):
    current = new_record(tmp_path, "take-off")
    data = rules_json(current.spec, current.setup)
    page = open_seat(phone, {"app": client_for(current)}, where="/", viewport={"width": 1280, "height": 800})
    page.locator("#rules-open").click()
    check_panel(page, data, "play")
    box = page.locator("#rules").bounding_box()
    assert box is not None and box["height"] <= 800 and box["width"] <= 40 * 17 + 1  # 40rem at most
    page.locator("#rules-close").click()
    expect(page.locator("#rules")).to_be_hidden()
    assert page.problems == []
