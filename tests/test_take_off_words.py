"""What a refereed Take Off! session says in its variant's language: labels, picker steps and headings, log,
refusals and the board in words in French for a French variant, in English word for word as before for an English
one; the notation and the record the same in both."""

from __future__ import annotations

import re
import shutil
import xml.etree.ElementTree as ET

import yaml
from support.pdfium import plain_texts
from support.said import (
    as_before,
    english_left,
    heard,
    pictured,
    pictures,
    played_both,
    played_in,
    refusals,
    unspaced,
    variant_in,
    worded,
)

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.games.take_off.maps import load_world
from pnp.games.take_off.model import load_data
from pnp.games.take_off.text import winners
from pnp.printing.render import PrintSettings, drawing_to_screen_svg, render_kit
from pnp.printing.svg import kept_drawing
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Score, Setup
from pnp.table.view import state_json
from pnp.texts import catalogue, english
from pnp.texts.shipped import FOLDER, translation_errors

GAME = "take-off"
OPTIONS = ["fleet=2"]
# ann draws Tokyo and flies on; bob rolls yellow and green, and has flights to choose from.
MOVES = ["roll R T", "draw tokyo", "send 1", "fly 1 seoul", "roll Y G"]
TRIED = (("roll R Y", None), ("fly 1 tokyo", "ann"), ("fly 1 apia", None), ("pass", None))
WORDS = {
    "en": {
        "roll": "roll red and red (a double)",
        "draw": ("draw Apia (Samoa)", [("Capital drawn", "Apia (Samoa)")], "Oceania"),
        "labels": {
            "fly 1 taipei hanoi": "fly jet 1 to Taipei, then by the green route to Hanoi",
            "fly 1 taipei 2 majuro": "fly jet 1 to Taipei and jet 2 to Majuro",
        },
        "steps": [("Jet to fly", "jet 1"), ("Fly jet 1 to", "Taipei (by the yellow route)"), ("Then", "Hanoi")],
        "log": [
            "roll red and TAKE OFF!",
            "draw Tokyo (Japan)",
            "send jet 1 to the card's capital",
            "fly jet 1 to Seoul",
            "roll yellow and green",
        ],
        "refusals": [
            "during play: bob must use the dice first: 'fly ...', or 'pass' if no colour can be used (rule: turn order)",
            "it is bob's turn, not ann's: wait for bob to move (rule: turn)",
            "during play: those routes are blue, but the dice show yellow and green (rule: dice colours)",
            "during play: the dice can be used (e.g. 'fly 1 taipei hanoi'), so you may not pass (rule: to begin)",
        ],
        "board": "Dice still to fly with: yellow and green.",
        "cli": "pnp: error: during play: the dice can be used (e.g. 'fly 1 taipei hanoi'), so you may not pass "
        "(rule: to begin)",
    },
    "fr": {
        "roll": "lancer rouge et rouge (un double)",
        "draw": ("piocher Apia (Samoa)", [("Capitale piochée", "Apia (Samoa)")], "Océanie"),
        "labels": {
            "fly 1 taipei hanoi": "faire voler l'avion 1 vers Taipei, puis par le couloir vert vers Hanoi",
            "fly 1 taipei 2 majuro": "faire voler l'avion 1 vers Taipei et l'avion 2 vers Majuro",
        },
        "steps": [
            ("Avion à faire voler", "avion 1"),
            ("Faire voler l'avion 1 vers", "Taipei (par le couloir jaune)"),
            ("Puis", "Hanoi"),
        ],
        "log": [
            "lancer rouge et TAKE OFF!",
            "piocher Tokyo (Japan)",
            "envoyer l'avion 1 à la capitale de la carte",
            "faire voler l'avion 1 vers Seoul",
            "lancer jaune et vert",
        ],
        "refusals": [
            (
                "pendant la partie : bob doit jouer d'abord les dés : 'fly ...', ou 'pass' si aucune couleur ne sert "
                "(règle : ordre du tour)"
            ),
            "c'est à bob de jouer, pas à ann : attendez son coup (règle : tour de jeu)",
            (
                "pendant la partie : il faut bleu pour ces couloirs, mais les dés montrent jaune et vert (règle : "
                "couleurs des dés)"
            ),
            (
                "pendant la partie : les dés peuvent servir (par exemple 'fly 1 taipei hanoi') : impossible de passer "
                "(règle : début du tour)"
            ),
        ],
        "board": "Dés encore à jouer : jaune et vert.",
        "cli": "pnp: error: pendant la partie : les dés peuvent servir (par exemple 'fly 1 taipei hanoi') : "
        "impossible de passer (règle : début du tour)",
    },
}


def test_english_says_word_for_word_what_it_said_before_its_words_were_catalogued(tmp_path):
    """Labels, steps, headings, refusals, board in words, logs and scores of three seeded games (``said.GAMES``),
    against those said when the words were catalogued."""
    as_before(GAME, heard(tmp_path, GAME))


def test_a_session_labels_picks_logs_refuses_and_describes_in_its_variants_language(tmp_path):
    for language, words in WORDS.items():
        started = played_in(tmp_path / language / "start", GAME, language, ["roll R T"], OPTIONS)
        offered = {i.text: i for i in legal_inputs(started, "ann")}
        draw = offered["draw apia"]
        assert (draw.label, [tuple(step) for step in draw.path.steps], draw.path.group) == words["draw"]
        current = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        offered = {i.text: i for i in legal_inputs(current, "bob")}
        assert {text: offered[text].label for text in words["labels"]} == words["labels"]
        assert [tuple(step) for step in offered["fly 1 taipei hanoi"].path.steps] == words["steps"]
        seen = state_json(current, "ann", picture="")
        assert [entry["label"] for entry in seen["log"]] == words["log"]
        assert words["board"] in seen["description"]
        assert refusals(current, TRIED) == words["refusals"]
    first = session.new(tmp_path / "r.pnp", GAME, ["ann", "bob"], [], 0, None, variant_in(tmp_path / "fr", GAME, "fr"))
    assert legal_inputs(first, "ann")[0].label == WORDS["fr"]["roll"]


def test_pnp_ref_says_what_the_page_says(cli, tmp_path):
    for language, words in WORDS.items():
        played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        code, out, _ = cli("ref", "moves", f"{language}/g.pnp")
        label = re.escape(words["labels"]["fly 1 taipei hanoi"])
        assert code == 0 and re.search(rf"^  fly 1 taipei hanoi +{label}$", out, re.MULTILINE)
        code, _, err = cli("ref", "play", f"{language}/g.pnp", "pass")
        assert (code, err.strip()) == (1, words["cli"])


def test_a_french_record_is_an_english_one_and_replays_in_either_language(tmp_path):
    """The notation is the same in every language: the same moves make the same bytes, and a record read with the
    other language's variant says that language's words."""
    played_both(tmp_path, GAME, MOVES, "bob", OPTIONS)
    for language, other in (("en", "fr"), ("fr", "en")):
        shutil.copy(tmp_path / language / "g.pnp", tmp_path / other / "copy.pnp")
        replayed = session.load(tmp_path / other / "copy.pnp")
        assert [entry["label"] for entry in state_json(replayed, "ann", picture="")["log"]] == WORDS[other]["log"]


def test_french_gives_every_entry_in_its_own_words():
    """Every key of the English catalogue, and none more, with the same placeholders; no English entry at the table
    is left as it was, the brand, the names of places and a line of placeholders alone aside."""
    english_entries = english(GAME)
    toolkit = set(yaml.safe_load((FOLDER / "en" / "toolkit.yaml").read_text(encoding="utf-8")))
    french_file = yaml.safe_load((FOLDER / "fr" / f"{GAME}.yaml").read_text(encoding="utf-8"))
    assert translation_errors(GAME, "fr") == [] and set(french_file) == set(english_entries) - toolkit
    french = catalogue(GAME, "fr")
    same = {key for key in french_file if french[key] == english_entries[key].text}
    assert same == {"brand", "rules.turn.colour", "play.continent.europe", "picture.text.heading"}


def test_the_kit_prints_in_french(tmp_path):
    """``--lang fr``: every text fits its box, in French."""
    written = render_kit(REGISTRY[GAME].kit(KitRequest(language="fr")), PrintSettings(), tmp_path)
    printed = " ".join(" ".join(text.split()) for f in written for text in plain_texts(f.path))
    assert all(words in printed for words in ("Mise en place", "Paquet Marron : moitié est", "MOITIÉ OUEST"))


def test_no_english_word_of_the_game_leaks_into_a_french_game(tmp_path):
    """The seeded games played in French: no English words of the game's ``play.*``, ``rule.*``, ``described.*`` or
    ``data.*`` entries in what they say, nor of any of its entries in their state pictures and terminal pictures."""
    variant = variant_in(tmp_path / "fr", GAME, "fr")
    shown: dict[str, None] = {}
    said = worded(heard(tmp_path / "games", GAME, variant, pictures(shown, every=60)))
    world = load_world(None, load_data().value)[0]
    places = {word for city in world.map.cities for name in (city.name, city.country or "") for word in name.split()}
    assert english_left(GAME, said, "play. rule. described. data.", places) == []
    assert english_left(GAME, shown, "", places) == []
    assert unspaced(shown, ["Take Off!", "TAKE OFF!"]) == []  # French puts a space before : ; ! ?


def test_a_french_board_names_each_fleet_in_french(tmp_path):
    """The fleets' colours are the game's words: French says them agreeing with its jets, English as its data."""
    fleets = {}
    for language in ("en", "fr"):
        variant = variant_in(tmp_path / language, GAME, language)
        current = session.new(tmp_path / language / "g.pnp", GAME, list("abcdef"), ["fleet=1"], 0, None, variant)
        fleets[language] = [line.split(",")[0] for line in current.state.describe(None)[:6]]
    assert fleets == {
        "en": [
            f"{p} flies the {c} jets" for p, c in zip("abcdef", ("black", "white", "orange", "purple", "sky", "pink"))
        ],
        "fr": [
            f"{p} pilote les avions {c}"
            for p, c in zip("abcdef", ("noirs", "blancs", "orange", "violets", "bleu ciel", "roses"))
        ],
    }


def test_the_score_is_worded_in_the_sessions_language(tmp_path):
    """Each jet's progress and the standing, as the page's score and 'pnp ref score' show them."""
    said = {}
    for language in ("en", "fr"):
        score = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS).state.score()
        said[language] = (list(score.players[0].breakdown), score.notes[0].split(":")[0])
    assert said == {
        "en": (["jet 1 progress", "jet 2 progress"], "standing"),
        "fr": (["avion 1 : progression", "avion 2 : progression"], "classement "),
    }


PICTURED = {  # after MOVES, as ann sees it
    "en": {
        "picture": [
            "bob to fly with yellow and green",
            "START Honolulu",
            "ann (you)",
            "round 1 (limit 500)",
            "Legend:",
        ],
        "text": [
            "  ann (Black): K1 Seoul [S3], K2 Start | home 0, progress 0, place 1",
            "Decks: brown 95 left, blue 97 left",
        ],
    },
    "fr": {
        "picture": ["bob doit voler avec jaune et vert", "DÉPART Honolulu", "ann (vous)", "tour 1 (limite 500)"],
        "text": ["  ann (avions noirs) : K1 Seoul [S3], K2 Départ | 0 à l'Arrivée, progression 0, rang 1"],
    },
}


def test_the_pictures_speak_the_sessions_language_and_the_map_they_share_says_no_words(tmp_path):
    """The state picture and the terminal picture in the session's words, a fleet by its colour as the table names
    it (*avions noirs*); the world map, drawn once and kept for every session on it, holds no text but its grid
    references, so a French and an English session may share it."""
    for language, words in PICTURED.items():
        current = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        shown, text = pictured(current, "ann").splitlines(), current.state.render_text("ann").splitlines()
        assert set(words["picture"]) <= set(shown) and set(words["text"]) <= set(text), (shown, text)
        svg = drawing_to_screen_svg(current.spec.picture(current.state, "ann"), kept_apart=True)
        (kept,) = (kept_drawing(digest) for digest in re.findall(r'data-kept="(\w+)"', svg))
        assert kept is not None and re.fullmatch(r"(\s|[A-Z]|\d)*", "".join(ET.fromstring(kept).itertext()))


def test_a_tie_of_three_lists_its_winners_as_a_list_is_said():
    """Three tied for the win read 'ann, bob and cy win' ('ann, bob et cy' in French), not 'ann and bob and cy';
    two as ever."""
    said = {
        ("en", 3): "ann, bob and cy win",
        ("fr", 3): "victoire partagée pour ann, bob et cy",
        ("en", 2): "ann and bob win",
        ("fr", 2): "victoire partagée pour ann et bob",
    }
    for (language, tied), words in said.items():
        setup = Setup(("ann", "bob", "cy"), language=language)
        state = REGISTRY[GAME].rules().bind(setup).new_state(setup)
        state.score = lambda tied=tied: Score(True, (), ("ann", "bob", "cy")[:tied])  # type: ignore[method-assign]
        assert winners(state) == words


def test_the_world_maps_inset_titles_and_scales_print_in_the_kits_language(cli, tmp_path):
    """A French map read "Central Europe : 1.8 fois l'échelle de la carte": the title in English, with an English
    decimal point."""
    titles = {
        "en": ("Central Europe: 1.8 times the map's scale", "Eastern Caribbean: 3 times the map's scale"),
        "fr": (
            "Europe centrale : 1,8 fois l'échelle de la carte",
            "Caraïbes orientales : 3 fois l'échelle de la carte",
        ),
    }
    for language, expected in titles.items():
        code, _, err = cli("build", "take-off", "--lang", language, "-o", language)
        assert code == 0, err
        pages = plain_texts(tmp_path / language / "take-off" / "map.pdf")
        lines = {line for page in pages for line in page.splitlines()}
        assert set(expected) <= lines, language
