"""What a refereed Hauling Astronauts session says in its variant's language: the moves' labels, the picker's
steps, the log, the face-down transports' names, the refusals and the board in words in French for a French
variant, in English word for word as they were for an English one; the notation and the record the same in both,
and the French kit printed from pnp's French."""

from __future__ import annotations

import re

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
from test_hauling_astronauts_rules import FILL, full_grid, hidden_full_grid, play

from pnp.games import REGISTRY
from pnp.games.spec import KitRequest
from pnp.printing.render import PrintSettings, render_kit
from pnp.referee import session
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import Reveal
from pnp.table.view import state_json
from pnp.texts import catalogue, table_words
from pnp.texts.shipped import untranslated

GAME = "hauling-astronauts"
# Moves refused: a departure before an action, a die not Booked, a diagonal move, the other player's strip, a bonus
# die not in Available, another's turn.
TRIED = (
    ("depart 1 d1", None),
    ("place 3 c3", None),
    ("move b2 c3", None),
    ("swap 1 a", None),
    ("roll 1 1 6g", None),
    ("place 4 a2", "bob"),
)
OPTIONS = ["bonus_dice=true", "hidden_transports=true"]
# Each player seals three face-down transports; ann rolls with the gold die and places it, bob places a 2: ann to
# move, a 4 still Booked.
MOVES = [
    *((f"secret t{n} {letter}", "ann") for n, letter in enumerate("ABC", 1)),
    *((f"secret t{n} {letter}", "bob") for n, letter in enumerate("UVW", 1)),
    ("roll 2 4 5g", "ann"),
    ("place 5g a1", "ann"),
    ("place 2 b2", "bob"),
]
# The log's lines for one player's three sealed transports.
SEALED = {
    "en": [f"entered their transport for the {nth} strip (hidden)" for nth in ("first", "second", "third")],
    "fr": [f"a scellé un secret (transport de la {nth} bande)" for nth in ("première", "deuxième", "troisième")],
}
WORDS = {
    "en": {
        "labels": {
            "place 4 a2": "place the 4 on a2",
            "move a1 a2": "move the die on a1 to a2",
            "swap 1 2": "swap the transports at strips 1 and 2",
            "roll 1 1 6r": "roll 1, 1 and red 6",
        },
        "steps": [("Die to place", "the 4"), ("Place the 4 on", "a2")],
        "choose": "choose Tortoise for strip 1, Drifter for 2 and Heron for 3",
        "choose steps": [
            ("Transport for strip 1", "Tortoise, 9 – 12, pays 2"),
            ("Transport for strip 2", "Drifter, 8 or less, pays 3"),
            ("Transport for strip 3", "Heron, 13 – 14, pays 4"),
        ],
        "log": ["roll 2, 4 and gold 5", "place the gold 5 on a1", "place the 2 on b2"],
        "private": {
            "transport at strip 1": "Tortoise, 9 – 12, pays 2",
            "transport at strip 2": "Drifter, 8 or less, pays 3",
            "transport at strip 3": "Heron, 13 – 14, pays 4",
        },
        "show": "your transport at strip 1: A (Tortoise, 9 – 12, pays 2)",
        "board": "Dice in Available: 6, the red bonus dice among them; the Booked dice show 4.",
        "refusals": [
            "during play: cannot depart now: ann, roll or take an action (place, move or swap) (rule: turn order)",
            "during play: no 3 in Booked (rule: place a die from Booked)",
            "during play: c3 is not next to b2 (rule: move one space orthogonally)",
            "during play: strip a is not yours (yours: 1 2 3) (rule: own strips)",
            "during play: the gold die is not in Available (rule: bonus dice)",
            "it is ann's turn, not bob's: wait for ann to move (rule: turn)",
        ],
        "cli": "pnp: error: during play: no 3 in Booked; 'pnp ref moves g.pnp' lists what is legal now (rule: place a "
        "die from Booked)",
    },
    "fr": {
        "labels": {
            "place 4 a2": "poser le 4 en a2",
            "move a1 a2": "déplacer le dé de a1 vers a2",
            "swap 1 2": "échanger les transports des bandes 1 et 2",
            "roll 1 1 6r": "lancer 1, 1 et 6 rouge",
        },
        "steps": [("Dé à poser", "le 4"), ("Poser le 4 en", "a2")],
        "choose": "choisir Tortoise en bande 1, Drifter en 2 et Heron en 3",
        "choose steps": [
            ("Transport pour la bande 1", "Tortoise, 9 – 12, rapporte 2"),
            ("Transport pour la bande 2", "Drifter, 8 ou moins, rapporte 3"),
            ("Transport pour la bande 3", "Heron, 13 – 14, rapporte 4"),
        ],
        "log": ["lancer 2, 4 et 5 doré", "poser le 5 doré en a1", "poser le 2 en b2"],
        "private": {
            "transport sur la bande 1": "Tortoise, 9 – 12, rapporte 2",
            "transport sur la bande 2": "Drifter, 8 ou moins, rapporte 3",
            "transport sur la bande 3": "Heron, 13 – 14, rapporte 4",
        },
        "show": "votre transport sur la bande 1 : A (Tortoise, 9 – 12, rapporte 2)",
        "board": "Dés dans Disponibles : 6 (dés bonus : rouge) ; les dés Réservés montrent 4.",
        "refusals": [
            (
                "pendant la partie : impossible de faire partir un transport maintenant : ann, lancez ou faites une "
                "action (poser, déplacer ou échanger) (règle : ordre du tour)"
            ),
            "pendant la partie : aucun 3 dans Réservés (règle : poser un dé réservé)",
            "pendant la partie : c3 n'est pas voisine de b2 (règle : une case, jamais en diagonale)",
            "pendant la partie : la bande a n'est pas à vous (les vôtres : 1 2 3) (règle : ses propres bandes)",
            "pendant la partie : le dé doré n'est pas dans Disponibles (règle : dés bonus)",
            "c'est à ann de jouer, pas à bob : attendez son coup (règle : tour de jeu)",
        ],
        "cli": "pnp: error: pendant la partie : aucun 3 dans Réservés ; 'pnp ref moves g.pnp' donne les coups permis "
        "(règle : poser un dé réservé)",
    },
}


def test_a_session_labels_logs_names_and_refuses_in_its_variants_language(tmp_path):
    """French in a French session; in an English one, the words it always had."""
    for language, words in WORDS.items():
        current = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        offered = {i.text: i for i in legal_inputs(current, "ann")}
        assert {text: offered[text].label for text in words["labels"]} == words["labels"]
        assert [tuple(step) for step in offered["place 4 a2"].path.steps] == words["steps"]
        seen_by_bob = state_json(current, "bob", picture="")
        assert [entry["label"] for entry in seen_by_bob["log"]] == SEALED[language] * 2 + words["log"]
        assert seen_by_bob["description"][1] == words["board"]
        assert state_json(current, "ann", picture="")["private"] == words["private"]
        shown = current.private_view("ann", current.own_secrets("ann"))  # pnp ref show --as ann
        assert shown == {name: f"{letter} ({value})" for (name, value), letter in zip(words["private"].items(), "ABC")}
        assert refusals(current, TRIED) == words["refusals"]


def test_the_transports_are_chosen_strip_by_strip_in_the_sessions_language(tmp_path):
    """Strip by strip in the picker; the choice itself, on its button, in the log and as the last move, with a verb
    and each transport by its name for its strip (it once read 'ann: 1: Tortoise 9 – 12 · 2: …')."""
    for language, words in WORDS.items():
        variant = variant_in(tmp_path / language, GAME, language)
        current = session.new(tmp_path / language / "g.pnp", GAME, ["ann", "bob"], [], 0, None, variant)
        offered = {i.text: i for i in legal_inputs(current, "ann")}
        assert [tuple(step) for step in offered["choose A B C"].path.steps] == words["choose steps"]
        assert offered["choose A B C"].label == words["choose"]
        current.play("choose A B C", "ann")
        assert [entry["label"] for entry in state_json(current, "bob", picture="")["log"]] == [words["choose"]]
        assert len(words["choose"]) <= 60  # a phone 320 px wide shows it, after the player's name, on two lines


def test_the_dice_pickers_button_enters_the_roll_with_one_verb(tmp_path):
    """The page's dice picker enters a roll with a button that says what it does before the move's label, which
    opens with its own verb: French once read 'Saisir lancer 1, 1 et 1'."""
    buttons = {"en": "Enter roll 1, 1 and 1", "fr": "Valider : lancer 1, 1 et 1"}
    for language, button in buttons.items():
        current = played_in(tmp_path / language, GAME, language, MOVES[:6], OPTIONS)
        roll = next(offer for offer in legal_inputs(current, "ann") if offer.text == "roll 1 1 1")
        assert roll.path is not None and roll.path.any_order  # the page's dice picker
        assert table_words(language)("table.picker.enter", move=roll.label) == button


def test_pnp_ref_says_what_the_page_says(cli, tmp_path):
    for language, words in WORDS.items():
        played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        code, out, _ = cli("ref", "moves", f"{language}/g.pnp")
        label = re.escape(words["labels"]["swap 1 2"])
        assert code == 0 and re.search(rf"^  swap 1 2 +{label}$", out, re.MULTILINE), out
        code, out, _ = cli("ref", "show", f"{language}/g.pnp", "--as", "ann")
        assert code == 0 and words["show"] in out.splitlines()
        code, _, err = cli("ref", "play", f"{language}/g.pnp", "place 3 c3")
        assert (code, err.strip()) == (1, words["cli"].replace("g.pnp", f"{language}/g.pnp"))


def test_english_is_word_for_word_what_it_was(tmp_path):
    """Over five seeded games with and without the bonus dice and the hidden transports, every label, picker step,
    secret's name, log line, refusal and score is what pnp said when the words came from the catalogue, and so are
    the board in words and the terminal pictures (by digest); an English variant says the same."""
    english = heard(tmp_path / "builtin", GAME)
    as_before(GAME, english)
    variant = variant_in(tmp_path, GAME, "en")
    assert heard(tmp_path / "variant", GAME, variant) == english


def test_a_french_session_says_none_of_the_games_english(tmp_path):
    """Over the same five games in French, no label, picker step, log line, refusal (an error reading the notation
    aside: the notation is English), secret's name or sentence of the board holds the English of an entry of the
    game's catalogue (the notation aside: what a player types), nor do its pictures and terminal pictures, which
    name a face-down transport by its strip ('1re') and the dice as the table does ('5 doré')."""
    variant = variant_in(tmp_path, GAME, "fr")
    drawn: dict[str, None] = {}
    said = heard(tmp_path / "games", GAME, variant, pictures(drawn))
    assert english_left(GAME, worded(said)) == []
    assert english_left(GAME, drawn, "picture. play. described.") == []
    assert unspaced(drawn) == []  # French puts a space before : ; ! ?
    expected = {"1re", "2e", "3e", "transport face cachée, par sa bande : 1re–3e", "Quais de destination :"}
    expected |= {"À jouer : ann (choisir trois transports, face cachée)", "  d6  16 ou plus +4 : libre"}
    assert expected <= set(drawn)
    assert any(re.fullmatch(r"\d+ = .*\d doré.*", line) for line in drawn)  # a departed load, die by die
    assert "end = finir le tour sans départ" in said["labels"]
    assert "ann 4 {'gain': 2, 'prime': 3, 'dé doré': 0, 'dé rouge': -1}" in said["score"]


def test_every_french_text_is_shipped():
    assert untranslated(GAME, "fr", {}) == {}


def test_a_french_record_is_an_english_one_and_replays_in_either_language(tmp_path):
    """The notation is the same in every language: the record, byte for byte, and every move offered, which reads
    back as itself. The French record read with the variant in English says English, and French again once the
    variant is French."""
    played_both(tmp_path, GAME, MOVES, "ann", OPTIONS)
    for language in ("en", "fr", "en"):
        variant_in(tmp_path / "fr", GAME, language)
        replayed = session.load(tmp_path / "fr" / "g.pnp")
        assert [entry["label"] for entry in state_json(replayed, "bob", picture="")["log"]][6:] == WORDS[language][
            "log"
        ]


def test_the_french_kit_prints_pnps_french(tmp_path):
    """Every entry of the game's catalogue prints in French, but those the same in both languages."""
    written = render_kit(REGISTRY[GAME].kit(KitRequest(language="fr")), PrintSettings(), tmp_path)
    printed = " ".join(" ".join(text.split()) for f in written for text in plain_texts(f.path))
    assert "Hauling Astronauts : règles" in printed and "Disponibles à lancer" in printed
    assert english_left(GAME, [printed], "") == []
    assert "J1 Redline Haulage" in printed and "J2" in printed.split()  # the corner key, a transport and a marker
    assert not re.search(r"\bP[12]\b", printed), "player 1 and 2 are J1 and J2 in French"


def test_the_french_board_marks_each_player_as_french_does_and_the_english_as_ever(tmp_path):
    """The corner key, the scoring tracks and every piece mark player 1 and player 2 J1 and J2 in French (beside
    'Quai J1'), P1 and P2 in English, face up and face down."""
    for language, (one, two) in {"en": ("P1", "P2"), "fr": ("J1", "J2")}.items():
        current = played_in(tmp_path / language, GAME, language, MOVES, OPTIONS)
        for viewer in ("ann", None):
            shown = pictured(current, viewer).splitlines()
            assert {f"{one} ann", f"{two} bob", one, two} <= set(shown), (language, viewer)
            assert next(line for line in shown if line.startswith(f"{one} ann (")).endswith(
                " 0 point" + "s" * (language == "en")
            )
            other = {"P1", "P2", "J1", "J2"} - {one, two}
            assert not [line for line in shown if set(re.findall(r"\b[PJ][12]\b", line)) & other], (language, viewer)


def test_a_game_ended_by_passing_says_why_and_the_tie_in_the_sessions_words():
    """Every player still playing passed a whole round: the score's notes say so in French, the tie too."""
    state = full_grid()
    state.words = catalogue(GAME, "fr")
    play(state, "end", "swap a b", "end", "swap 1 2", "end", "pass", "end", "pass", "end")
    idle = (
        "la partie s'est arrêtée après un tour où chaque joueur encore en jeu a passé sans que rien ne change (ni "
        "lancer, ni départ)"
    )
    assert state.is_over() and state.score().notes == (idle, "égalité pour la première place : ann, bob")


# Face down, bob swaps the transports at strips b and c, then departs strip b: the one he sealed for the third strip.
SWAPPED = [*MOVES[:6], *FILL, "end", "swap b c", "depart b d4"]
NAMED_NOW = {
    "en": {
        "private": {
            "transport at strip a": "Lantern, 9 – 12, pays 2",
            "transport at strip c": "Atlas, 13 or more, pays 3",
            "transport that left strip b": "Magpie, 7 – 8, pays 4",
        },
        "reveal": ("reveal your departing transport", "transport that left strip b"),
        "tags": ["1st", "3rd", "2nd"],
    },
    "fr": {
        "private": {
            "transport sur la bande a": "Lantern, 9 – 12, rapporte 2",
            "transport sur la bande c": "Atlas, 13 ou plus, rapporte 3",
            "transport parti de la bande b": "Magpie, 7 – 8, rapporte 4",
        },
        "reveal": ("dévoiler votre transport qui part", "transport parti de la bande b"),
        "tags": ["1re", "3e", "2e"],
    },
}


def test_a_face_down_transport_is_named_by_where_it_is_after_a_swap(tmp_path):
    """The strip a transport lies at, or left, is what its owner sees it by: in the list only they see, on the reveal
    due as it departs, and in the corner of the face-down pieces (bob once read 'reveal your transport for the third
    strip' on departing strip b, and his board tagged the piece at strip a '2nd')."""
    for language, words in NAMED_NOW.items():
        current = played_in(tmp_path / language, GAME, language, SWAPPED, ["hidden_transports=true"])
        assert state_json(current, "bob", picture="")["private"] == words["private"]
        assert current.private_view("bob", current.own_secrets("bob")).keys() == words["private"].keys()
        [reveal] = legal_inputs(current, "bob")
        assert (reveal.text, reveal.label, reveal.secret) == ("reveal t3", *words["reveal"])
        shown = pictured(current, "bob").splitlines()
        tags = [line for line in shown if line in ("1st", "2nd", "3rd", "1re", "2e", "3e")]
        assert tags[3:] == words["tags"]  # ann's three at strips 1 2 3; bob's at a and c, and the one that left b


def test_a_void_reveal_is_noted_naming_the_transport_as_the_table_does():
    """A face-down transport revealed as one its player used already: the score's note names it as the table names
    that secret, in either language, by the strip it left (not the one it was sealed for, before a swap), and no
    longer by the slot it is typed as ('t3')."""
    notes = {
        "en": "ann's transport that left strip 2 was revealed as 'B', which is not an unused transport of theirs: "
        "that departure is void and scores nothing",
        "fr": "le transport parti de la bande 2 d'ann a été dévoilé comme 'B', qui n'est pas un de ses transports "
        "inutilisés : ce départ est nul et ne rapporte rien",
    }
    for language, note in notes.items():
        state = hidden_full_grid()
        state.words = catalogue(GAME, language)
        play(state, "depart 1 d2")
        state.apply(Reveal("t1", "B", "0" * 32))
        play(state, "swap a b", "swap 2 3", "depart 2 d5")  # row 2 now holds slot t3
        state.apply(Reveal("t3", "B", "0" * 32))  # B again
        assert state.score().notes == (note,)
