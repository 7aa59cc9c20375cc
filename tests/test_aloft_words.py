"""What a refereed Aloft session says in its variant's language: the moves' labels, the picker's steps, the log,
the colour cards' name, the refusals and the board in words in French for a French variant, in English word for
word as they were for an English one; the notation and the record the same in both, and the French kit printed
from pnp's French."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from support.pdfium import plain_texts
from support.said import (
    as_before,
    english_left,
    heard,
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
from pnp.printing.render import PrintSettings, render_kit
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.table.view import state_json
from pnp.texts.shipped import untranslated

FIXTURES = Path(__file__).parent / "fixtures"
GAME = "aloft"
# Moves refused: a balloon not flying, another's turn, a truck leaving two gaps, a balloon not inflated, colour cards
# revealed during play.
TRIED = (("ascend BG", None), ("truck 1", "ann"), ("truck 6", None), ("launch GP", None), ("reveal colours", None))
# Both players' colour cards sealed; ann inflates green/purple, bob moves the safety truck, ann launches: bob to move.
MOVES = [
    ("secret colours B,G", "ann"),
    ("secret colours R,W", "bob"),
    ("inflate GP 2", "ann"),
    ("truck 5", "bob"),
    ("launch GP", "ann"),
]
# A session of a variant renaming blue, recorded before the session's words followed its language: its digest of
# the cards held the colour as printed.
RECORDED_BEFORE = FIXTURES / "records" / "aloft-azure.pnp"
WORDS = {
    "en": {
        "labels": {
            "truck 1": "move the truck under column 1",
            "inflate lion 3": "inflate lion on the truck under column 3",
            "ascend GP": "ascend green/purple",
        },
        "steps": [("Balloon to inflate", "lion"), ("Inflate lion on the truck under column", "3")],
        "colour steps": [("Colour card 1", "blue"), ("Colour card 2", "green")],
        "log": [
            "entered their colour cards (hidden)",
            "entered their colour cards (hidden)",
            "inflate green/purple on the truck under column 2",
            "move the truck under column 5",
            "launch green/purple",
        ],
        "private": {"colour cards": "blue and green"},
        "shown": {"colour cards": "B,G (blue and green)"},
        "show": "your colour cards: B,G (blue and green)",
        "board": "In the sky, by column and row: green and purple at column 2, row 1.",
        "refusals": [
            "during play: blue/green is not flying (rule: ascend)",
            "it is bob's turn, not ann's: wait for bob to move (rule: turn)",
            (
                "during play: the truck under column 6 cannot move: the convoy may never have more than one empty "
                "space (rule: move a truck)"
            ),
            "during play: green/purple is not inflated on a truck (rule: launch)",
            (
                "during play: colour cards are entered at set-up and revealed for scoring once the game has ended; "
                "bob to move: move a truck or inflate, launch or ascend a balloon (rule: play)"
            ),
        ],
        "cli": "pnp: error: during play: blue/green is not flying; 'pnp ref moves g.pnp' lists what is legal now (rule: ascend)",
    },
    "fr": {
        "labels": {
            "truck 1": "déplacer le camion de la colonne 1",
            "inflate lion 3": "gonfler le ballon lion sur le camion de la colonne 3",
            "ascend GP": "faire monter le ballon vert/violet",
        },
        "steps": [("Ballon à gonfler", "lion"), ("Gonfler le ballon lion sur le camion de la colonne", "3")],
        "colour steps": [("Carte couleur 1", "bleu"), ("Carte couleur 2", "vert")],
        "log": [
            "a scellé un secret (main de couleurs)",
            "a scellé un secret (main de couleurs)",
            "gonfler le ballon vert/violet sur le camion de la colonne 2",
            "déplacer le camion de la colonne 5",
            "lancer le ballon vert/violet",
        ],
        "private": {"main de couleurs": "bleu et vert"},
        "shown": {"main de couleurs": "B,G (bleu et vert)"},
        "show": "votre main de couleurs : B,G (bleu et vert)",
        "board": "Dans le ciel, par colonne et rangée : vert et violet en colonne 2, rangée 1.",
        "refusals": [
            "pendant la partie : le ballon bleu/vert n'est pas en vol (règle : monter)",
            "c'est à bob de jouer, pas à ann : attendez son coup (règle : tour de jeu)",
            (
                "pendant la partie : le camion de la colonne 6 ne peut pas avancer : le convoi ne compte jamais plus "
                "d'une place vide (règle : déplacer un camion)"
            ),
            "pendant la partie : le ballon vert/violet n'est pas gonflé sur un camion (règle : lancer)",
            (
                "pendant la partie : les cartes couleur se saisissent à la mise en place et se dévoilent pour le "
                "décompte une fois la partie finie ; c'est à bob de jouer : déplacer un camion, ou gonfler, lancer ou "
                "faire monter un ballon (règle : partie)"
            ),
        ],
        "cli": (
            "pnp: error: pendant la partie : le ballon bleu/vert n'est pas en vol ; 'pnp ref moves g.pnp' donne les coups "
            "permis (règle : monter)"
        ),
    },
}


def test_a_session_labels_logs_names_and_refuses_in_its_variants_language(tmp_path):
    """French in a French session; in an English one, the words it always had."""
    for language, words in WORDS.items():
        current = played_in(tmp_path / language, GAME, language, MOVES)
        offered = {i.text: i for i in legal_inputs(current, "bob")}
        assert {text: offered[text].label for text in words["labels"]} == words["labels"]
        assert [tuple(step) for step in offered["inflate lion 3"].path.steps] == words["steps"]
        seen_by_bob = state_json(current, "bob", picture="")
        assert [entry["label"] for entry in seen_by_bob["log"]] == words["log"]
        assert seen_by_bob["description"][0] == words["board"]
        assert state_json(current, "ann", picture="")["private"] == words["private"]
        assert current.private_view("ann", current.own_secrets("ann")) == words["shown"]  # pnp ref show --as ann
        assert refusals(current, TRIED) == words["refusals"]


def test_the_colour_cards_are_picked_one_colour_at_a_time_in_the_sessions_language(tmp_path):
    for language, words in WORDS.items():
        variant = variant_in(tmp_path / language, GAME, language)
        current = session.new(tmp_path / language / "g.pnp", GAME, ["ann", "bob"], [], 0, None, variant)
        offered = {i.text: i for i in legal_inputs(current, "ann")}
        assert [tuple(step) for step in offered["secret colours B,G"].path.steps] == words["colour steps"]


def test_pnp_ref_says_what_the_page_says(cli, tmp_path):
    for language, words in WORDS.items():
        played_in(tmp_path / language, GAME, language, MOVES)
        code, out, _ = cli("ref", "moves", f"{language}/g.pnp")
        label = re.escape(words["labels"]["ascend GP"])
        assert code == 0 and re.search(rf"^  ascend GP +{label}$", out, re.MULTILINE), out
        code, out, _ = cli("ref", "show", f"{language}/g.pnp", "--as", "ann")
        assert code == 0 and out.splitlines()[-1] == words["show"]
        code, _, err = cli("ref", "play", f"{language}/g.pnp", "ascend BG")
        assert (code, err.strip()) == (1, words["cli"].replace("g.pnp", f"{language}/g.pnp"))


def test_english_is_word_for_word_what_it_was(tmp_path):
    """Over five seeded games of two to six players, every label, picker step, secret's name, log line, refusal and
    score is what pnp said when the words came from the catalogue, and so are the board in words and the terminal
    pictures (by digest); an English variant says the same."""
    english = heard(tmp_path / "builtin", GAME)
    as_before(GAME, english)
    variant = variant_in(tmp_path, GAME, "en")
    assert heard(tmp_path / "variant", GAME, variant) == english


def test_a_french_session_says_none_of_the_games_english(tmp_path):
    """Over the same five games in French, no label, picker step, log line, refusal (an error reading the notation
    aside: the notation is English), secret's name or sentence of the board holds the English of an entry of
    Aloft's catalogue (the notation aside: what a player types), nor do its pictures and terminal pictures; they,
    its refusals and its score name a special shape as its buttons do ('loup', not its id 'wolf'), a two-colour
    balloon by its card's title (BG)."""
    variant = variant_in(tmp_path, GAME, "fr")
    drawn: dict[str, None] = {}
    said = heard(tmp_path / "games", GAME, variant, pictures(drawn))
    assert english_left("aloft", worded(said)) == []
    assert english_left("aloft", drawn, "picture. play. described.") == []
    assert unspaced(drawn) == []  # French puts a space before : ; ! ?
    expected = {"repliés : BG BP BR BW BY GP GR GW GY PR PW PY RW RY WY lion loup singe", "à jouer : bob"}
    assert expected | {
        "lion, loup, singe : formes spéciales, à aucun joueur",
        "bob : aucun jeton ; cartes couleur : cachées",
    } <= set(drawn)
    assert any(re.match(r" *\|.* [TS]:loup ", line) for line in drawn)  # the terminal's convoy
    assert not {"wolf", "monkey"} & {word for line in [*drawn, *worded(said)] for word in re.findall(r"\w+", line)}
    assert "pendant la partie : le ballon loup n'est pas en vol (règle : monter)" in said["refusals"]
    assert "inflate BR 1 = gonfler le ballon bleu/rouge sur le camion de la colonne 1" in said["labels"]
    assert (
        "la carte couleur « rouge » a été saisie par ann et bob, mais elle n'existe qu'en un exemplaire ; tous deux la "
        "comptent comme saisie" in said["score"]
    )
    held = [
        held
        for sentence in said["board"]
        for held in re.findall(r"\b(\d+) (bleu|vert|violet|rouge|blanc|jaune)(s?)\b", sentence)
    ]
    assert held and all((count == "1") == (not plural) for count, _, plural in held), held  # '3 bleu': '3 bleus'
    parts = "'lancement rouge (1 jeton + 1 multicolore)': 3, 'lancement blanc (1 jeton)': 1, 'sécurité (3 jetons)': 6"
    assert f"b 21 {{{parts}, 'formation (bleu/violet 5 + violet/jaune 6)': 11}}" in said["score"]


def test_every_french_text_is_shipped():
    assert untranslated("aloft", "fr", {}) == {}


def test_a_french_record_is_an_english_one_and_replays_in_either_language(tmp_path):
    """The notation is the same in every language: the record, byte for byte, and every move offered, which reads
    back as itself; a balloon may be typed by its French name and is recorded by its id. The French record read
    with the variant in English says English, and French again once the variant is French."""
    _, french, listed = played_both(tmp_path, GAME, MOVES, "bob")
    assert {i.label for i in listed["fr"]}.isdisjoint(i.label for i in listed["en"])
    assert french.play("inflate Loup 3") == "bob: inflate wolf 3"
    french.save()
    for language in ("en", "fr", "en"):
        variant_in(tmp_path / "fr", GAME, language)
        log = [
            entry["label"] for entry in state_json(session.load(tmp_path / "fr" / "g.pnp"), "bob", picture="")["log"]
        ]
        assert log[:5] == WORDS[language]["log"]


def test_a_record_made_before_the_words_followed_the_language_still_replays(tmp_path):
    """Its digest held the cards with a colour renamed by the variant's texts, as the session printed them."""
    for recorded in (RECORDED_BEFORE, RECORDED_BEFORE.with_suffix(".yaml")):  # out of pnp's own folders
        shutil.copy(recorded, tmp_path)
    before = session.load(tmp_path / RECORDED_BEFORE.name)
    log = [entry["label"] for entry in state_json(before, "bob", picture="")["log"]]
    assert log[2:] == ["inflate azure/green on the truck under column 2", "move the truck under column 5"]


def test_the_french_kit_prints_pnps_french(tmp_path):
    """Every entry of Aloft's catalogue prints in French, but those the same in both languages."""
    written = render_kit(REGISTRY["aloft"].kit(KitRequest(language="fr")), PrintSettings(), tmp_path)
    printed = " ".join(" ".join(text.split()) for f in written for text in plain_texts(f.path))
    assert "Aloft : règles" in printed and "BALLONS REPLIÉS" in printed and "Camion de sécurité" in printed
    assert english_left("aloft", [printed], "") == []
