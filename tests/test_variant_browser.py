"""The lobby of `pnp table` in a real browser offers a game's languages and the variant files of its folder, and
starts a game in the language or on the variant chosen."""

from __future__ import annotations

from pathlib import Path

from support.browser import browser  # noqa: F401 - the fixture
from support.serve import running
from test_table_browser import expect

CALM = "game: air-king\ncard_size: bridge\n"


def test_the_shared_screen_chooses_a_language_or_a_variant_and_the_record_names_it(tmp_path, browser):  # noqa: F811
    (tmp_path / "calm.yaml").write_text(CALM, encoding="utf-8")
    with running("table", str(tmp_path)) as served:
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        errors: list[str] = []
        screen.on("pageerror", lambda exc: errors.append(str(exc)))
        screen.goto(served.url)
        screen.click("[data-game=aloft]")
        expect(screen.locator("#variant-set")).to_be_hidden()  # no variant of Aloft in the folder
        choices = screen.locator("#language-choice option")
        expect(choices).to_have_text(["English", "Français"])  # each language named in itself
        screen.select_option("#language-choice", "fr")
        screen.fill("#player-1", "ann")
        screen.fill("#player-2", "bob")
        screen.click("#start")
        expect(screen.locator(".seat img").first).to_be_visible()
        assert screen.get_attribute("html", "lang") == "fr"  # the shared screen speaks the game's language
        record = screen.url.split("/g/")[1].split("/")[0]
        assert '[Language "fr"]' in Path(tmp_path / record).read_text(encoding="utf-8")

        screen.goto(served.url)
        screen.click("[data-game=air-king]")
        expect(screen.locator("#language-choice")).to_have_value("fr")  # the language chosen last
        expect(screen.locator("#variant-set")).to_be_visible()
        screen.select_option("#variant-file", "calm.yaml")
        expect(screen.locator("#language-set")).to_be_hidden()  # a variant file speaks its own language
        screen.fill("#player-1", "ann")
        screen.fill("#player-2", "bob")
        screen.click("#start")
        expect(screen.locator(".seat img").first).to_be_visible()
        record = screen.url.split("/g/")[1].split("/")[0]
        written = Path(tmp_path / record).read_text(encoding="utf-8")
        assert '[Variant "calm.yaml"]' in written and "[Language" not in written
        assert errors == []
