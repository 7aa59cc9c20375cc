"""The lobby of `pnp table` in a real browser offers a variant file of its folder, and starts a game on it."""

from __future__ import annotations

from pathlib import Path

from support.browser import browser  # noqa: F401 - the fixture
from support.serve import running
from test_table_browser import expect

CALM = "game: air-king\ncard_size: bridge\n"


def test_the_shared_screen_chooses_a_variant_and_the_record_names_it(tmp_path, browser):  # noqa: F811
    (tmp_path / "calm.yaml").write_text(CALM, encoding="utf-8")
    with running("table", str(tmp_path)) as served:
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        errors: list[str] = []
        screen.on("pageerror", lambda exc: errors.append(str(exc)))
        screen.goto(served.url)
        screen.click("[data-game=aloft]")
        expect(screen.locator("#variant-set")).to_be_hidden()  # no variant of Aloft in the folder
        screen.click("#back")
        screen.click("[data-game=air-king]")
        expect(screen.locator("#variant-set")).to_be_visible()
        screen.select_option("#variant-file", "calm.yaml")
        screen.fill("#player-1", "ann")
        screen.fill("#player-2", "bob")
        screen.click("#start")
        expect(screen.locator(".seat img").first).to_be_visible()
        record = screen.url.split("/g/")[1].split("/")[0]
        assert '[Variant "calm.yaml"]' in Path(tmp_path / record).read_text(encoding="utf-8")
        assert errors == []
