"""The lobby of `pnp table` in a real browser: a French night's lobby speaks French (its words, what it says of each
game, its refusals, the night's panel on a game's shared screen), offers a game's languages, the night's first, and
the variant files of its folder, and starts a game in the language or on the variant chosen."""

from __future__ import annotations

import re
from pathlib import Path

from support.browser import browser  # noqa: F401 - the fixture
from support.serve import running
from test_table_browser import expect
from test_table_words import SEEN

from pnp.games import REGISTRY
from pnp.texts import catalogue, table_words
from pnp.texts.catalogue import PLACEHOLDER

CALM = "game: air-king\ncard_size: bridge\n"


def _english_of_the_lobby() -> set[str]:
    """The English of the lobby's own entries and of what it says of each game (summaries, options' help) where
    French says otherwise: each run of words between placeholders, longer than three characters."""
    pairs = [(table_words(None), table_words("fr"), "lobby.")]
    pairs += [(catalogue(game), catalogue(game, "fr"), ("game.", "option.")) for game in REGISTRY]
    runs = {
        run.strip()
        for english, french, keys in pairs
        for key in english
        if key.startswith(keys) and english[key] != french[key]
        for run in PLACEHOLDER.split(english[key])[::2]
    }
    return {run for run in runs if len(run) > 3}


def _start(screen, names: list[str]) -> str:
    """The players named, the game started: its record's name, once its shared screen shows the codes."""
    for n, name in enumerate(names, 1):
        screen.fill(f"#player-{n}", name)
    screen.click("#start")
    expect(screen.locator(".seat img").first).to_be_visible()
    return screen.url.split("/g/")[1].split("/")[0]


def test_a_french_night_s_lobby_speaks_french_and_starts_games_in_the_language_or_variant_chosen(
    tmp_path,
    browser,  # noqa: F811
):
    (tmp_path / "calm.yaml").write_text(CALM, encoding="utf-8")
    with running("table", str(tmp_path), "--lang", "fr") as served:
        screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        errors: list[str] = []
        screen.on("pageerror", lambda exc: errors.append(str(exc)))
        screen.goto(served.url)
        expect(screen.locator("#conn")).to_have_text("Prêt")
        assert screen.get_attribute("html", "lang") == "fr" and screen.title() == "Soirée jeux"
        expect(screen.locator("[data-game=aloft] .game-players")).to_have_text("2 à 6 joueurs")
        expect(screen.locator("[data-game=hauling-astronauts] .game-players")).to_have_text("2 joueurs")
        screen.click("[data-game=aloft]")
        expect(screen.locator("#variant-set")).to_be_hidden()  # no variant of Aloft in the folder
        expect(screen.locator("#language-choice option")).to_have_text(["English", "Français"])  # each in itself
        expect(screen.locator("#language-choice")).to_have_value("fr")  # the night's, nothing chosen yet
        aloft = _start(screen, ["ann", "bob"])
        assert screen.get_attribute("html", "lang") == "fr"  # the shared screen speaks the game's language
        assert '[Language "fr"]' in Path(tmp_path / aloft).read_text(encoding="utf-8")

        screen.goto(served.url)
        screen.click("[data-game=air-king]")
        screen.select_option("#language-choice", "en")
        screen.click("#back")
        screen.click("[data-game=hauling-astronauts]")
        expect(screen.locator("#language-choice")).to_have_value("en")  # the language chosen last, over the night's
        screen.click("#back")
        screen.click("[data-game=air-king]")
        expect(screen.locator("#variant-set")).to_be_visible()
        screen.select_option("#variant-file", "calm.yaml")
        expect(screen.locator("#language-choice")).to_be_visible()  # a variant naming no language speaks the one chosen
        screen.select_option("#language-choice", "fr")
        record = _start(screen, ["ann", "bob"])
        written = Path(tmp_path / record).read_text(encoding="utf-8")
        assert re.search(r'\[Variant "\.pnp-kept/[0-9a-f]{16}/calm\.yaml"\]', written)  # a copy of it, kept
        assert '[Language "fr"]' in written
        assert screen.get_attribute("html", "lang") == "fr"  # the game in French, as the night's panel
        expect(screen.locator("#night")).to_have_attribute("lang", "fr")
        expect(screen.locator("#night")).to_contain_text("scannez avec votre téléphone")
        expect(screen.get_by_role("button", name="Revanche")).to_be_visible()

        screen.get_by_role("button", name="Nouvelle partie").click()  # two games going: listed under Carry on
        going = re.compile(r"^Aloft : ann, bob · commencée à \d\d:\d\d · aucun coup joué$")
        expect(screen.locator("#resume a").first).to_have_text(going)
        expect(screen.locator("#results-rows tr").first).to_contain_text("en cours")
        screen.click("[data-game=aeronaut-odyssey]")  # the game with the most options, one a choice said in words
        expect(screen.locator("#option-variant-help")).to_have_text("le choix des ballons du jeu de base")
        screen.fill("#player-2", "")
        screen.click("#start")
        expect(screen.locator("#setup-error")).to_have_text("chaque joueur doit avoir un nom")
        seen = screen.evaluate(SEEN)
        left = [run for run in _english_of_the_lobby() if re.search(rf"(?<!\w){re.escape(run)}(?!\w)", seen)]
        assert left == [], "English on the French night's lobby"
        assert errors == []


def test_a_french_night_offers_an_option_s_choices_by_their_french_names_and_sends_the_value_as_typed(
    tmp_path,
    browser,  # noqa: F811
    shots,
):
    """Aeronaut Odyssey's variant: each choice named in French in the box, the value sent and recorded the notation's;
    the box read at a phone's width and a laptop's (its screenshots are in ``shots``)."""
    choices = next(o for o in REGISTRY["aeronaut-odyssey"].rules().options if o.key == "variant").choices
    with running("table", str(tmp_path), "--lang", "fr") as served:
        screen = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        screen.goto(served.url)
        screen.click("[data-game=aeronaut-odyssey]")
        offered = screen.locator("#option-variant option")
        expect(offered).to_have_text(["Aucune (le jeu de base)", "Types différents", "Pas le type suivi", "Blocage"])
        assert offered.evaluate_all("(all) => all.map((o) => o.value)") == list(choices)
        expect(screen.locator("#option-variant")).to_have_value("none")  # the default
        screen.select_option("#option-variant", label="Blocage")
        expect(screen.locator("#option-variant-help")).to_have_text(re.compile("^un joueur qu'un choix récompenserait"))
        for width, height in ((390, 844), (1280, 800)):
            screen.set_viewport_size({"width": width, "height": height})
            screen.locator("#options-set").scroll_into_view_if_needed()
            box = screen.locator("#option-variant").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width  # on the screen, whole
            screen.screenshot(path=shots / f"lobby-option-{width}.png")
        record = _start(screen, ["ann", "bob"])
    assert "variant=block" in (tmp_path / record).read_text(encoding="utf-8")


def test_a_french_night_s_lobby_says_in_french_what_it_refuses_to_start(
    tmp_path,
    browser,  # noqa: F811
    shots,
):
    """A number that is no whole number, two players of one name, a map file unfit for its game: each refusal in the
    night's language (a file's own error after words in it), nothing started."""
    (tmp_path / "tall.yaml").write_text("game: air-king\ncolumns: many\n", encoding="utf-8")
    with running("table", str(tmp_path), "--lang", "fr") as served:
        screen = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        errors: list[str] = []
        screen.on("pageerror", lambda exc: errors.append(str(exc)))
        screen.goto(served.url)
        refusal = screen.locator("#setup-error")
        screen.click("[data-game=take-off]")
        screen.fill("#player-1", "ann")
        screen.fill("#player-2", "Ann")
        for typed in ("2.5", ""):
            screen.fill("#option-fleet", typed)
            screen.click("#start")
            expect(refusal).to_have_text("« avions par joueur, de 1 à 4 » : donnez un nombre entier")
        screen.fill("#option-fleet", "2")
        screen.click("#start")
        expect(refusal).to_have_text(
            re.compile("^les joueurs doivent avoir des noms différents, majuscules mises à part")
        )
        screen.screenshot(path=shots / "lobby-refused-390.png")
        screen.click("#back")
        screen.click("[data-game=air-king]")
        screen.fill("#player-1", "ann")
        screen.fill("#player-2", "bob")
        screen.select_option("#map-file", "tall.yaml")
        screen.click("#start")
        expect(refusal).to_have_text(
            "cette carte ne peut pas servir : tall.yaml:2:10: columns: expected a whole number, found 'many'"
        )
        assert errors == []
    assert not list(tmp_path.glob("*.pnp"))
