"""The table page's own words in the session's language: every key in every shipped language, each used by the
pages, and a French session's seat page and shared screen in French in Chromium, at 390 and 320 px wide, the game's
and the referee's words on them too (its buttons, its log)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from support.browser import BOUND, browser  # noqa: F401 - the fixture
from test_table_phone import BROKEN_WORDS, _past_the_edge
from test_table_rules import client_for
from test_table_rules import phone as routed_phone  # noqa: F401 - the fixture: pages answered by the app

from pnp.referee import notation, session
from pnp.texts import languages, table_words
from pnp.texts.shipped import FOLDER, TABLE, translation_errors

PAGES = Path(__file__).resolve().parents[1] / "pnp" / "table"
# The English a translation may keep as it is: the same word in French.
SAME = {
    "fr": {
        "table.score",
        "table.score.so_far",
        "table.notation",
        "table.confirm.ok",
        "table.kind.secret",
        "lobby.options",
        "table.picker.leads",  # "{answer} ({rest})": French brackets a phrase as English does
    }
}


def _entries(language: str) -> dict[str, Any]:
    return yaml.safe_load((FOLDER / language / f"{TABLE}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", [code for code in languages() if code != "en"])
def test_every_word_of_the_page_is_translated_in_every_shipped_language(language):
    english = {key: entry["text"] for key, entry in _entries("en").items()}
    translated = _entries(language)
    assert translation_errors(TABLE, language) == []  # no unknown key, every placeholder kept
    assert sorted(set(english) - set(translated)) == []
    left = {key for key in english if translated[key] == english[key]} - SAME.get(language, set())
    assert sorted(left) == [], f"{language}/table.yaml: still English"


def test_every_key_the_pages_use_is_in_the_catalogue():
    """The templates' t("table.…") and t("lobby.…") and the scripts' (a key made of a kind or stage: each one it can
    be)."""
    used: set[str] = set()
    for file in [*PAGES.glob("templates/*.html"), *PAGES.glob("static/*.js")]:
        used |= set(re.findall(r"""\bt\(["']((?:table|lobby)\.[\w.-]+)["']""", file.read_text(encoding="utf-8")))
    used |= {f"table.{part}.{kind}" for part in ("kind", "hint") for kind in ("chance", "secret", "reveal")}
    used |= {f"table.stage.{stage}" for stage in ("set-up", "play", "reveal", "over")}
    assert len(used) > 100 and len({key for key in used if key.startswith("lobby.")}) > 40
    assert sorted(used - set(table_words(None))) == []


def test_french_words_that_end_on_a_question_mark_or_a_colon_keep_it_on_their_line():
    """A French entry that ends on "?" or ":" has a no-break space before it, as French writes it: the "?" of
    "Reprendre votre dernier coup ?" wrapped alone onto a line of its own at 360 px."""
    french = table_words("fr")
    ending = [key for key in french if french[key].rstrip().endswith(("?", ":"))]
    assert len(ending) > 5
    assert [key for key in ending if french[key].rstrip()[-2] != "\u00a0"] == []


def test_a_regional_tag_falls_back_to_its_language_and_another_to_english():
    assert table_words("fr-CA").language == "fr" and table_words("FR")("table.live") == "En direct"
    assert table_words("de").language == "en" and table_words(None)("table.turn.waiting", player="ann") == (
        "Waiting for ann"
    )


# -- a French session in Chromium --------------------------------------------------------------------------------

# The English of the page's own words a French page must not show, and of the game's and the referee's (the
# notation, which the log's notation guide lists, is the same in every language).
ENGLISH = [
    "Rules", "Live", "Moves so far", "Score so far", "to move", "Waiting for", "Your turn", "Your moves",
    "Only you can see this", "Type a move", "On this phone", "Take back your last move", "Keep it", "Whole board", "Close-up",
    "Notation guide", "Player", "Made of", "Last:", "Loading", "Connecting", "Suggest a move", "The table",
    "Dismiss", "Whose turn", "Play a forced", "short sound", "Colours", "as the phone is set", "Cancel",
    "move the board", "entered their", "goal card", "an event card", "Extra move",
]  # fmt: skip
# The game's and the referee's words each page shows in French: a draw's button (the seat to move), the goals sealed
# and the other player's draw, which only that player sees by name.
FRENCH = {
    "seat": ["piocher Orage", "a scellé un secret (carte objectif)", "piocher une carte événement"],
    "host": ["a scellé un secret (carte objectif)", "piocher une carte événement"],
}
# Every word a reader meets, shown or not yet (a closed dialog, a folded box), but the game's picture: the text, and
# what names an element (labels, placeholders, titles).
SEEN = """() => {
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.closest("#picture, noscript")) texts.push(node.textContent);
  }
  for (const e of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) texts.push(e.getAttribute(name) || "");
  }
  return texts.join("\\n");
}"""
PHONES = [{"width": 390, "height": 844}, {"width": 320, "height": 844}]
SIZES = {"seat": PHONES, "host": [{"width": 1280, "height": 800}]}
# Each setting under "On this phone" (a label): its box, its checkbox's (null for the colours' choice), and the box
# of each line of its text.
SETTINGS = """() => [...document.querySelectorAll("#settings label")].map((label) => {
  const box = (r) => ({ top: r.top, bottom: r.bottom, left: r.left });
  const text = [...label.childNodes].find((node) => node.nodeType === 3 && node.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const check = label.querySelector("input[type=checkbox]");
  const lines = [...range.getClientRects()].filter((r) => r.width > 1).map(box);
  return { label: box(label.getBoundingClientRect()), check: check && box(check.getBoundingClientRect()), lines };
})"""


def settings_apart(page: Any, width: int) -> None:
    """Each setting's checkbox stands beside the first line of its own text, and each setting's text lies within its
    own row, the rows one under the other (the text went under its box, and at 320 px ran into the next)."""
    rows = page.evaluate(SETTINGS)
    for row in rows:
        first = min(row["lines"], key=lambda line: line["top"])
        check = row["check"]
        if check:
            middle = (check["top"] + check["bottom"]) / 2
            assert first["top"] <= middle <= first["bottom"] and check["left"] < first["left"], (width, row)
        label = row["label"]
        outside = [line for line in row["lines"] if line["top"] < label["top"] or line["bottom"] > label["bottom"]]
        assert not outside, (width, row)
    for above, below in itertools.pairwise(rows):
        assert above["label"]["bottom"] <= below["label"]["top"] + 0.5, (width, above, below)


@pytest.fixture
def french(tmp_path: Path) -> Iterator[session.Session]:
    """An Air King session of a variant in French, a few moves in."""
    variant = tmp_path / "fr.yaml"
    variant.write_text("game: air-king\nlanguage: fr\n", encoding="utf-8")
    current = session.new(tmp_path / "g.pnp", "air-king", ["ann", "bob"], ["rounds=3"], 3, None, variant)
    current.save()
    for _ in range(4):
        current.play(notation.format(current.game, current.offered(current.state.to_move())[0]))
    yield current


def test_a_french_session_s_pages_are_in_french_and_fit_a_phone(routed_phone, french, tmp_path):  # noqa: F811
    """The seat of the player to move at 390 and 320 px, its settings open (each checkbox beside its own text), and
    the shared screen, rules panel opened once (each screenshot left in the test's temporary folder, to look at)."""
    from playwright.sync_api import expect

    page = routed_phone
    page.serving = {"app": client_for(french)}
    seat = french.state.to_move()
    token = f"T{french.setup.players.index(seat)}"
    for where, name in ((f"/s/{token}", "seat"), ("/", "host")):
        page.set_viewport_size(SIZES[name][0])
        page.problems.clear()
        page.goto(f"http://table.test{where}")
        expect(page.locator("#turn")).not_to_contain_text("Chargement", timeout=BOUND)
        assert page.get_attribute("html", "lang") == "fr"
        page.locator("#rules-open").click()
        expect(page.locator("#rules-body")).not_to_contain_text("Chargement", timeout=BOUND)
        assert page.locator("#rules-title").text_content().endswith(" : règles")
        page.keyboard.press("Escape")
        seen = page.evaluate(SEEN)
        for words in ("Règles", "Coups joués", "Score"):
            assert words in seen, f"{name}: no {words!r}"
        fr = table_words("fr")  # the stream, quiet here, is heard from or not: the line is French either way
        assert page.text_content("#conn") in {fr[key] for key in fr if ".offline" in key or key == "table.live"}
        assert ("À vous de jouer" if name == "seat" else f"{seat} à jouer") in seen
        assert [words for words in FRENCH[name] if words not in seen] == [], f"the {name} page: the game's words"
        assert page.evaluate("pnpPage.percent(0.025)") == "2,5 %"  # a draw's odds under 10 %
        assert page.evaluate("pnpPage.percent(0.0004)") == "< 0,1 %"  # a legal roll read "0,0 %"
        faces = [f"pnpPage.t('table.picker.faces', {{ name: 'Dé', count: {n} }})" for n in (0, 1, 2)]
        assert page.evaluate(f"[{', '.join(faces)}]") == [  # French counts 0 as one, as the catalogue does
            "Dé : choisissez 0 face",
            "Dé : choisissez 1 face",
            "Dé : choisissez 2 faces",
        ]
        english = [word for word in ENGLISH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", seen)]
        assert english == [], f"the {name} page in English"
        if name == "seat":
            page.locator("#settings > summary").click()  # "Sur ce téléphone", open
        for size in SIZES[name]:
            page.set_viewport_size(size)
            width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert width[0] <= width[1], f"the {name} page at {size['width']} px: {_past_the_edge(page)}"
            chrome = "header, .status, .rules-bar, h2, summary, button, label"
            assert page.evaluate(BROKEN_WORDS, chrome) == [], f"the {name} page at {size['width']} px"
            if name == "seat":
                settings_apart(page, size["width"])
            page.screenshot(path=str(tmp_path / f"table-fr-{name}-{size['width']}.png"), full_page=True)
        assert page.problems == []
