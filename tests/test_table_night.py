"""The game night's API (pnp table), driven as the shared screen and the phones drive it, for every game.

A game is started from the lobby, played to its end from each seat's link by seeded random choices
among the buttons, rematched (the phones find their new seats) and counted in the night's results.
"""

from __future__ import annotations

import html
import io
import logging
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import segno
from support.asgi import AppClient
from support.browser import run_apart
from support.games import EXAMPLE, GAMES, SHIPPED, registered
from support.serve import http_client, running

from pnp.games import REGISTRY
from pnp.referee import session
from pnp.table.lobby import HOST_HEADER, Night
from pnp.table.watch import RecordWatch

pytestmark = registered  # the guide's example game is checked as a registered game too
KEY = "k" * 32
BASE = "http://table.test:8765"
# Options that keep the long games short, as the other table tests do
SHORT = {"air-king": {"rounds": 3}, "take-off": {"rounds": 3}}


@contextmanager
def night(folder: Path, language: str | None = None) -> Iterator[AppClient]:
    with AppClient(Night(folder, KEY, BASE, loopback=False, language=language), headers={HOST_HEADER: KEY}) as client:
        yield client


def seats_of(started: dict[str, Any]) -> dict[str, str]:
    """Each seat's page, as a path on this server."""
    return {seat: url.removeprefix(BASE) for seat, url in started["seats"].items()}


def play_to_the_end(client: AppClient, seats: dict[str, str], rng: random.Random, limit: int = 3000) -> dict:
    """Tap random buttons on the phone of the seat to move until the game ends; the final state."""
    state = client.get(next(iter(seats.values())) + "/state").json()
    for _ in range(limit):
        if state["to_move"] is None:
            return state
        seat = seats[state["to_move"]]
        mine = state if state["seat"] == state["to_move"] else client.get(seat + "/state").json()
        buttons = [b for b in mine["buttons"] if b["kind"] != "reveal"] or mine["buttons"]
        button = rng.choice(buttons)
        played = client.post(seat + "/play", json={"move": button["move"], "version": mine["version"]})
        assert played.status_code in (200, 422), played.text  # a reveal may be refused once its value is known
        state = client.get(seat + "/state").json()
    raise AssertionError(f"no end after {limit} inputs")


def players_for(name: str) -> list[str]:
    rules = REGISTRY[name].rules()
    return ["ann", "bob", "cy"][: max(rules.min_players, min(3, rules.max_players))]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_started_in_the_lobby_is_played_from_the_phones_rematched_and_counted(tmp_path, name):
    players = players_for(name)
    with night(tmp_path) as client:
        started = client.post("/lobby/games", json={"game": name, "players": players, "options": SHORT.get(name, {})})
        assert started.status_code == 200, started.text
        first = started.json()
        assert set(first["seats"]) == set(players) and first["joined"] == []
        seats = seats_of(first)
        assert client.get(first["host"]).status_code == 200  # the shared screen's view of the game
        final = play_to_the_end(client, seats, random.Random(7))
        assert final["score"]["final"] and final["score"]["winners"]
        assert sorted(client.get(f"/lobby/games/{first['record']}").json()["joined"]) == sorted(players)

        again = client.post(f"/lobby/games/{first['record']}/rematch").json()
        assert client.post(f"/lobby/games/{first['record']}/rematch").json() == again  # one rematch only
        rematch = session.load(tmp_path / again["record"])
        assert list(rematch.setup.players) == players[1:] + players[:1]
        for seat, page in seats.items():  # each phone of the last game finds its new seat
            assert client.get(page + "/next").json() == {"to": seats_of(again)[seat]}

        results = client.get("/lobby/results").json()
    done, going = results["games"]
    assert done["record"] == first["record"] and done["final"] and done["winners"] == final["score"]["winners"]
    assert going["record"] == again["record"] and not going["final"]
    assert results["wins"] == {
        p: int(p in done["winners"]) for p in sorted(players, key=lambda p: p not in done["winners"])
    }


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess", "players": ["ann", "bob"]}, "unknown game"),
        ({"game": "aloft", "players": ["ann"]}, "takes 2 to 6 players"),
        ({"game": "aloft", "players": ["ann", "ann"]}, "must be different"),
        ({"game": "aloft", "players": ["ann", "b<b>"]}, "player name"),
        ({"game": "aloft", "players": "ann,bob"}, "expected"),
        ({"game": "aloft", "players": ["ann", "bob"], "options": {"fast": True}}, "no option"),
        ({"game": "take-off", "players": ["ann", "bob"], "options": {"rounds": -1}}, "too low"),
        ({"game": "take-off", "players": ["ann", "bob"], "options": []}, "expected"),
        ({"game": "aloft", "players": ["ann", "bob"], "map": "seed:4"}, "does not generate maps"),
        ({"game": "aloft", "players": ["ann", "bob"], "map": "../../etc/passwd"}, "in this night's folder"),
        ({"game": "aloft", "players": ["ann", "bob"], "map": 7}, "the map is null"),
    ],
)
def test_a_wrong_lobby_field_is_a_422_with_one_line_and_nothing_is_written(tmp_path, body, words):
    with night(tmp_path) as client:
        refused = client.post("/lobby/games", json=body)
    assert refused.status_code == 422 and words in refused.json()["error"], refused.text
    assert "\n" not in refused.json()["error"] and str(tmp_path) not in refused.text
    assert list(tmp_path.iterdir()) == []


UNFIT = "card_size: unknown card size 'huge' (known: poker, bridge, mini, square, tarot, or W x H in mm (e.g. 60 x 90), each side 20 to 180 mm)"
DUPLICATE = "player names must be different, capitals aside ('Ann' and 'ann' are one name)"


def _a_folder_with_files(folder: Path, cli) -> None:
    """An Aloft map and an Air King variant its referee cannot read, both offered by the lobby; Aloft variants whose
    cards are too big for a board, whose CSV deck is unfit, or that fits, and an Aloft map with a key no map has."""
    assert cli("map", "new", "aloft", "-o", "tall.yaml")[0] == 0
    (folder / "wild.yaml").write_text("game: air-king\ncard_size: huge\n", encoding="utf-8")
    (folder / "tarot.yaml").write_text("game: aloft\ncard_size: tarot\n", encoding="utf-8")
    (folder / "deck.yaml").write_text("game: aloft\ndeck: balloons.csv\n", encoding="utf-8")
    (folder / "balloons.csv").write_text("name,colours,pattern\nsky,B G,dots\n", encoding="utf-8")
    (folder / "bogus.yaml").write_text("game: aloft\nbogus: 1\n", encoding="utf-8")
    (folder / "six.yaml").write_text("game: aloft\ntrucks: 6\n", encoding="utf-8")


NARROW = "cell_width: 48 mm is too narrow for a 70 mm card"
PATTERN = "no longer a column: a balloon half wears its colour's pattern; set it once per colour, as colours[].pattern"
BOGUS = "bogus: unknown key 'bogus' (known: columns, rows, cell_width, cell_height)"


@pytest.mark.parametrize(
    ("body", "english", "french", "typed"),
    [
        (
            {"game": "aloft", "players": ["ann", "Ann"]},
            DUPLICATE,
            "les joueurs doivent avoir des noms différents, majuscules mises à part (Ann et ann sont un même nom)",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,Ann"),
        ),
        (
            {"game": "air-king", "players": ["ann", "bob"], "map": "tall.yaml"},
            "tall.yaml:1:7: game: this is a map for aloft, not air-king",
            "cette carte ne peut pas servir : tall.yaml:1:7: game: this is a map for aloft, not air-king",
            ("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--map", "tall.yaml"),
        ),
        (
            {"game": "air-king", "players": ["ann", "bob"], "variant": "wild.yaml"},
            f"wild.yaml:2:12: {UNFIT}",
            f"cette variante ne peut pas servir : wild.yaml:2:12: {UNFIT}",
            ("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--variant", "wild.yaml"),
        ),
        (  # an error the variant causes in pnp's own board, in its CSV deck, in the map it is played on
            {"game": "aloft", "players": ["ann", "bob"], "variant": "tarot.yaml"},
            f"boards/aloft.yaml:9:13: {NARROW}",
            f"cette variante ne peut pas servir : boards/aloft.yaml:9:13: {NARROW}",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--variant", "tarot.yaml"),
        ),
        (
            {"game": "aloft", "players": ["ann", "bob"], "variant": "deck.yaml"},
            f"balloons.csv:1:3: {PATTERN}",
            f"cette variante ne peut pas servir : balloons.csv:1:3: {PATTERN}",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--variant", "deck.yaml"),
        ),
        (
            {"game": "aloft", "players": ["ann", "bob"], "variant": "tarot.yaml", "map": "tall.yaml"},
            f"tall.yaml:9:13: {NARROW}",
            f"cette variante ne peut pas servir : tall.yaml:9:13: {NARROW}",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--variant", "tarot.yaml", "--map", "tall.yaml"),
        ),
        (  # an error in the map itself, with a variant that fits it
            {"game": "aloft", "players": ["ann", "bob"], "variant": "six.yaml", "map": "bogus.yaml"},
            f"bogus.yaml:2:1: {BOGUS}",
            f"cette carte ne peut pas servir : bogus.yaml:2:1: {BOGUS}",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--variant", "six.yaml", "--map", "bogus.yaml"),
        ),
        (  # a file gone from the folder since the lobby listed it
            {"game": "aloft", "players": ["ann", "bob"], "map": "gone.yaml"},
            "map 'gone.yaml': no such file in this night's folder",
            "carte 'gone.yaml' : ce fichier n'est plus dans le dossier de la soirée",
            None,
        ),
        (
            {"game": "air-king", "players": ["ann", "bob"], "variant": "gone.yaml"},
            "variant 'gone.yaml': no such file in this night's folder",
            "variante 'gone.yaml' : ce fichier n'est plus dans le dossier de la soirée",
            None,
        ),
        (  # ten digits typed in the box of the number a new map is drawn from
            {"game": "aeronaut-odyssey", "players": ["ann", "bob"], "map": "seed:1234567890"},
            "a new map is drawn from a number from 0 to 999999999, not 1234567890",
            "une nouvelle carte est tirée d'un nombre de 0 à 999999999, pas de 1234567890",
            None,
        ),
        (  # the page offers no more or fewer players than the game takes, nor a name it refuses: a script's
            {"game": "aloft", "players": ["ann"]},
            "Aloft takes 2 to 6 players, not 1",
            "Aloft se joue de 2 à 6 joueurs, pas à 1",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann"),
        ),
        (
            {"game": "hauling-astronauts", "players": ["ann", "bob", "cy"]},
            "Hauling Astronauts takes 2 players, not 3",
            "Hauling Astronauts se joue à 2 joueurs, pas à 3",
            ("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob,cy"),
        ),
        (
            {"game": "aloft", "players": ["ann", "b b"]},
            "player name 'b b': use 1 to 24 letters, digits, '_' or '-'",
            "nom de joueur 'b b' : de 1 à 24 lettres, chiffres, _ ou -",
            ("ref", "new", "aloft", "g.pnp", "--players", "ann,b b"),
        ),
    ],
)
def test_a_start_the_referee_refuses_is_said_in_the_night_s_language_and_in_english_as_the_command_line_says_it(
    tmp_path, cli, body, english, french, typed
):
    """One check decides each refusal, for the command line and the lobby alike; the lobby says it in the night's
    language, and a file's own error (where, what, why) in English after words in it."""
    _a_folder_with_files(tmp_path, cli)
    said = {}
    for language in (None, "fr"):
        with night(tmp_path, language) as client:
            refused = client.post("/lobby/games", json=body)
        assert refused.status_code == 422 and refused.json()["kind"] == "refused", refused.text
        said[language] = refused.json()["error"]
    assert said == {None: english, "fr": french}  # English as it always was
    if typed is not None:
        assert cli(*typed) == (1, "", f"pnp: error: {english}\n")  # the same words as the command line's
    assert not list(tmp_path.glob("*.pnp"))


KNOWN = ", ".join((*SHIPPED, EXAMPLE.name))  # the registry, the guide's example registered last
ASKED = '{"game": "...", "players": ["...", ...], "options": {}, "map": null}'
ANN_BOB = ["ann", "bob"]


def _typed(game: str, *more: str) -> tuple[str, ...]:
    return ("ref", "new", game, "g.pnp", "--players", "ann,bob", *more)


@pytest.mark.parametrize(
    ("body", "english", "french", "typed"),
    [
        (
            {"game": "chess", "players": ANN_BOB},
            f"unknown game 'chess' (known: {KNOWN})",
            f"jeu inconnu : 'chess' (jeux : {KNOWN})",
            None,
        ),
        (
            {"game": "take-off", "players": ANN_BOB, "options": {"laps": 2}},
            "Take Off! World Edition has no option 'laps' (options: fleet, rounds, play_on)",
            "Take Off! World Edition n'a pas d'option 'laps' (ses options : fleet, rounds, play_on)",
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "options": {"fast": True}},
            "Aloft has no option 'fast' (options: none)",
            "Aloft n'a pas d'option 'fast' : il n'en a aucune",
            None,
        ),
        (
            {"game": "hauling-astronauts", "players": ANN_BOB, "options": {"bonus_dice": "maybe"}},
            "option bonus_dice: expected true or false, got 'maybe'",
            "option bonus_dice : true ou false attendu, pas 'maybe'",
            _typed("hauling-astronauts", "--option", "bonus_dice=maybe"),
        ),
        (
            {"game": "take-off", "players": ANN_BOB, "options": {"rounds": "many"}},
            "option rounds: expected a whole number, got 'many'",
            "option rounds : un nombre entier attendu, pas 'many'",
            _typed("take-off", "--option", "rounds=many"),
        ),
        (
            {"game": "take-off", "players": ANN_BOB, "options": {"rounds": 0}},
            "option rounds: 0 is too low (at least 1)",
            "option rounds : 0, c'est trop peu (au moins 1)",
            _typed("take-off", "--option", "rounds=0"),
        ),
        (
            {"game": "take-off", "players": ANN_BOB, "options": {"fleet": 9}},
            "option fleet: 9 is too high (at most 4)",
            "option fleet : 9, c'est trop (au plus 4)",
            _typed("take-off", "--option", "fleet=9"),
        ),
        (
            {"game": "aeronaut-odyssey", "players": ANN_BOB, "options": {"variant": "x"}},
            "option variant: 'x' is not one of none, different, not-travelled, block",
            "option variant : 'x' n'est pas au choix (none, different, not-travelled, block)",
            _typed("aeronaut-odyssey", "--option", "variant=x"),
        ),
        (
            {"game": "aeronaut-odyssey", "players": ANN_BOB, "options": {"variant": 3}},
            "option variant: expected text, got 3",
            "option variant : du texte attendu, pas 3",
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "map": "seed:3"},
            "Aloft does not generate maps from a seed: choose its own map or a map file",
            "Aloft ne tire pas de carte d'un nombre : choisissez sa carte ou un fichier de carte",
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "map": "../tall.yaml"},
            "map '../tall.yaml': name a .yaml map file in this night's folder",
            "carte '../tall.yaml' : nommez un fichier de carte .yaml du dossier de la soirée",
            None,
        ),
        (
            {"game": "air-king", "players": ANN_BOB, "variant": "notes.txt"},
            "variant 'notes.txt': name a .yaml variant file in this night's folder",
            "variante 'notes.txt' : nommez un fichier de variante .yaml du dossier de la soirée",
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "language": "xx"},
            "--lang xx: no such language; shipped: en, fr",
            "langue xx : pnp ne la parle pas ; ses langues : en, fr",
            _typed("aloft", "--lang", "xx"),
        ),
        ({"game": "aloft", "players": "ann,bob"}, f"expected {ASKED}", f"attendu : {ASKED}", None),
        (
            {"game": "aloft", "players": ANN_BOB, "map": 7},
            'the map is null, "seed:N" or the name of a map file in the folder',
            'la carte est null, "seed:N" ou le nom d\'un fichier de carte du dossier',
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "variant": 7},
            "the variant is null or the name of a variant file in the folder",
            "la variante est null ou le nom d'un fichier de variante du dossier",
            None,
        ),
        (
            {"game": "aloft", "players": ANN_BOB, "language": 3},
            'the language is null or the code of one the game ships, e.g. "fr"',
            'la langue est null ou le code d\'une langue du jeu, par exemple "fr"',
            None,
        ),
    ],
)
def test_a_start_only_a_script_sends_is_refused_in_the_night_s_language_and_in_english_as_ever(
    tmp_path, cli, body, english, french, typed
):
    """What the lobby's page never sends (a game, an option or a value it does not offer, a file named otherwise than
    by its name in the folder, a field of another type) was refused in English on a French night."""
    said = {}
    for language in (None, "fr"):
        with night(tmp_path, language) as client:
            refused = client.post("/lobby/games", json=body)
        assert refused.status_code == 422 and refused.json()["kind"] == "refused", refused.text
        said[language] = refused.json()["error"]
    assert said == {None: english, "fr": french}  # English as it always was
    if typed is not None:
        assert cli(*typed) == (1, "", f"pnp: error: {english}\n")  # the same words as the command line's
    assert not list(tmp_path.glob("*.pnp"))


def test_only_the_shared_screen_acts_in_the_lobby(tmp_path):
    with night(tmp_path) as client:
        started = client.post("/lobby/games", json={"game": "hauling-astronauts", "players": ["ann", "bob"]}).json()
        phone = {HOST_HEADER: ""}
        for path in ("/lobby", "/lobby/results", f"/lobby/games/{started['record']}"):
            assert client.get(path, headers=phone).status_code == 403
        for path in ("/lobby/games", *(f"/lobby/games/{started['record']}/{act}" for act in ("rematch", "aside"))):
            assert client.post(path, json={"game": "aloft", "players": ["a", "b"]}, headers=phone).status_code == 403
        assert client.get(f"/lobby/games/{started['record']}/qr/ann.svg", headers=phone).status_code == 403
        assert client.get(f"/lobby/games/{started['record']}/qr/ann.svg?host={KEY}", headers=phone).status_code == 200
    assert len(list(tmp_path.glob("*.pnp"))) == 1


def test_a_seats_code_is_its_link_and_the_lobby_lists_what_can_be_resumed(tmp_path):
    (tmp_path / "tall.yaml").write_text("game: aloft\ncolumns: 12\nrows: 4\n")  # each map file for its game only
    (tmp_path / "odyssey.yaml").write_text("game: aeronaut-odyssey\nseed: 7\n")
    (tmp_path / "notes.yaml").write_text("a note, no map\n")
    for hidden in ("._tall.yaml", "._calm.yaml"):  # what a Mac leaves beside each file on a USB stick: no choice
        (tmp_path / hidden).write_text("game: air-king\ncard_size: bridge\n")
    with night(tmp_path) as client:
        started = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob", "cy"]}).json()
        qr = client.get(f"/lobby/games/{started['record']}/qr/bob.svg")
        assert qr.headers["content-type"].startswith("image/svg+xml")
        assert ET.fromstring(qr.text).tag == "{http://www.w3.org/2000/svg}svg"  # an image a browser draws
        drawn = io.BytesIO()
        segno.make(started["seats"]["bob"], error="m").save(drawn, kind="svg", border=2, xmldecl=False)
        assert qr.content == drawn.getvalue()  # the code of bob's own link
        assert client.get(f"/lobby/games/{started['record']}/qr/dan.svg").status_code == 404
        lobby = client.get("/lobby").json()
    assert [r["record"] for r in lobby["records"]] == [started["record"]]
    assert lobby["maps"] == {"aeronaut-odyssey": ["odyssey.yaml"], "aloft": ["tall.yaml"]}
    assert lobby["variants"] == {} and lobby["variant_languages"] == {} and lobby["players"] == ["ann", "bob", "cy"]
    assert [game["name"] for game in lobby["games"]] == list(REGISTRY)


def test_an_unknown_record_or_a_path_outside_the_folder_is_no_page(tmp_path):
    with night(tmp_path) as client:
        for path in ("/g/nope.pnp/", "/g/..%2Fsecret.pnp/", "/lobby/games/nope.pnp"):
            answer = client.get(path)
            assert answer.status_code == 404 and answer.json()["kind"] == "not_found", path


def test_a_wrong_link_opened_on_a_phone_is_a_page_that_says_so(tmp_path):
    """A phone that opens a seat link of another night, a wrong token or a mistyped address gets a small page
    in words, not a line of JSON; the page's own requests still get their JSON line."""
    opened = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}  # as a browser opening a link asks
    with night(tmp_path) as client:
        record = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"]}).json()["record"]
        for path in (f"/g/{record}/s/NOTATOKEN123", "/g/nope.pnp/s/abc", "/nowhere"):
            page = client.get(path, headers=opened)
            assert page.status_code == 404 and page.headers["content-type"].startswith("text/html"), path
            shown = html.unescape(page.text)  # as the browser reads its entities
            assert "Nothing here</span></h1>" in shown and "scan your seat's code again" in shown, path
            assert 'name="viewport"' in page.text and "no such page" not in page.text
            assert client.get(path).json() == {"error": "no such page: check the link", "kind": "not_found"}, path


def _offered(client: AppClient, game: str) -> dict[str, Any]:
    return next(offer for offer in client.get("/lobby").json()["games"] if offer["name"] == game)


def test_a_french_night_says_what_each_game_is_in_french_and_an_english_one_as_the_rules_say_it(tmp_path):
    """A game's summary, an option's name and help and its choices' names and help come in the night's language; without one, in the
    English the game's registry entry and rules hold (one source: the English catalogue's entries are read from them)."""
    rules = REGISTRY["aeronaut-odyssey"].rules()
    variant = next(option for option in rules.options if option.key == "variant")
    with night(tmp_path) as client:
        english = _offered(client, "aeronaut-odyssey")
    assert english["summary"] == REGISTRY["aeronaut-odyssey"].summary
    assert english["options"][0]["help"] == variant.help
    assert english["options"][0]["name"] == variant.name == "Cut-throat rule"  # the box's label, in a few words
    assert english["options"][0]["choice_help"] == list(variant.choice_help)
    assert english["options"][0]["choice_names"] == list(variant.choice_names)  # each choice by its name
    assert english["options"][0]["choices"] == list(variant.choices) == ["none", "different", "not-travelled", "block"]
    with night(tmp_path, "fr-CA") as client:  # a regional tag speaks its language
        french = _offered(client, "aeronaut-odyssey")
        take_off = _offered(client, "take-off")
    assert french["title"] == "Aeronaut Odyssey"  # a name
    assert french["summary"] == "Prenez des routes aériennes entre les villes d'une carte tirée pour chaque partie"
    assert french["options"][0]["help"] == "une règle sans pitié pour le choix des ballons"
    assert french["options"][0]["name"] == "Règle sans pitié"
    assert french["options"][0]["choices"] == list(variant.choices)  # the values, as typed
    assert french["options"][0]["choice_names"] == [
        "Aucune (le jeu de base)",
        "Types différents",
        "Pas le type suivi",
        "Blocage",
    ]
    assert french["options"][0]["choice_help"][3] == (
        "un joueur qu'un choix récompenserait peut bloquer ce type pour le reste du tour"
    )
    assert take_off["options"][0]["help"] == "avions par joueur, de 1 à 4"
    assert [option["name"] for option in take_off["options"]] == [
        "Avions par joueur",
        "Limite de tours",
        "Jouer jusqu'au bout",
    ]
    assert [language["name"] for language in french["languages"]] == ["English", "Français"]  # each in itself


def test_a_game_not_translated_into_the_night_s_language_is_offered_in_english(tmp_path, take_off_untranslated):
    with night(tmp_path, "fr") as client:
        take_off, aloft = _offered(client, "take-off"), _offered(client, "aloft")
    assert take_off["summary"] == REGISTRY["take-off"].summary and take_off["languages"] == [
        {"code": "en", "name": "English"}
    ]
    assert aloft["summary"].startswith("Lancez des montgolfières")


def test_a_french_night_s_pages_speak_french_and_its_games_their_own_language(tmp_path):
    """The lobby's page, a wrong link's page and the night's panel on an English game's shared screen."""
    opened = {"Accept": "text/html"}
    with night(tmp_path, "fr") as client:
        lobby = client.get("/").text
        record = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"]}).json()["record"]
        host = client.get(f"/g/{record}/").text
        wrong = [html.unescape(client.get(path, headers=opened).text) for path in (f"/g/{record}/s/NOTATOKEN", "/x")]
    assert '<html lang="fr">' in lobby and "<title>Soirée jeux</title>" in lobby and "Choisissez un jeu" in lobby
    assert '"lobby.start": "Lancer la partie"' in lobby  # the scripts' words
    assert '<html lang="en">' in host and '"table.live": "Live"' in host  # the game speaks English
    assert 'class="night" id="night" lang="fr"' in host and '"table.night.rematch": "Revanche"' in host
    for page in wrong:
        assert '<html lang="fr">' in page and "Rien ici</span></h1>" in page and "scannez à nouveau" in page


@pytest.mark.parametrize(
    ("language", "title", "lead"),
    [
        (None, "This page cannot open", "this game cannot be opened: "),
        ("fr", "Cette page ne peut pas s'ouvrir", "cette partie ne peut pas s'ouvrir : "),
    ],
)
def test_a_record_that_cannot_be_read_after_a_restart_is_said_so_in_words_and_listed_in_the_lobby(
    tmp_path, language, title, lead
):
    """After a restart (or an update of pnp that changed a game's rules) a record may no longer replay: its seat
    links answered a bare 'Internal Server Error', and the lobby dropped the game from the night unsaid; then its
    line was English on a French night."""
    opened = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    with night(tmp_path) as client:
        started = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"]}).json()
    record = tmp_path / started["record"]
    record.write_text(record.read_text() + "garbage\n")  # as a record that no longer replays reads
    seat = next(iter(seats_of(started).values()))
    with night(tmp_path, language) as client:  # the server started again
        for path in (seat, started["host"]):  # a phone, the shared screen
            page = client.get(path, headers=opened)
            shown = html.unescape(page.text)
            assert page.status_code == 500 and f"<title>{title}</title>" in shown, path
            assert f'<p class="error" role="alert">{lead}{started["record"]}:' in shown, path
            assert str(tmp_path) not in page.text and "Traceback" not in page.text
        state = client.get(seat + "/state")
        assert state.status_code == 500 and state.json()["kind"] == "record"
        assert state.json()["error"].startswith(f"{lead}{started['record']}:")
        unreadable = client.get("/lobby/results").json()["unreadable"]
        assert len(unreadable) == 1 and unreadable[0].startswith(f"{started['record']}:")


@pytest.mark.parametrize(
    ("language", "title", "line"),
    [
        (None, "This page cannot open", "internal error: the server's terminal says more"),
        ("fr", "Cette page ne peut pas s'ouvrir", "erreur interne : le terminal du serveur en dit plus"),
    ],
)
def test_a_game_that_pnp_fails_to_open_is_one_line_to_the_phones_and_a_traceback_in_the_log(
    tmp_path, monkeypatch, caplog, language, title, line
):
    """A failure of pnp itself in opening a game (a bug in replaying its record) got out of the night's app: the
    phone got a bare 'Internal Server Error'."""
    opened = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    with night(tmp_path) as client:
        started = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"]}).json()
    seat = next(iter(seats_of(started).values()))

    def broken(*_args: object) -> None:
        raise KeyError(str(tmp_path))

    monkeypatch.setattr(session, "load", broken)
    with night(tmp_path, language) as client:  # the server started again
        page = client.get(seat, headers=opened)
        state = client.get(seat + "/state")
    shown = html.unescape(page.text)
    assert page.status_code == 500 and f"<title>{title}</title>" in shown and line in shown
    assert "Internal Server Error" not in page.text and str(tmp_path) not in page.text
    assert state.status_code == 500 and state.json() == {"error": line, "kind": "internal"}
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(logged) == 2 and all(r.exc_info and "/s/" in r.getMessage() for r in logged)


# The night's server's own lines, in English (byte for byte as ever) and in French: status, kind and words.
NOWHERE = {None: "no such page: check the link", "fr": "aucune page à cette adresse : vérifiez le lien"}
NIGHT_SAID = {
    None: {
        "a start not JSON": (400, "bad_request", "the request body is not JSON"),
        "a start not an object": (400, "bad_request", "expected a JSON object"),
        "a start too large": (413, "bad_request", "the request is over 16 KiB"),
        "a GET of a start": (405, "bad_request", "method not allowed"),
        "a phone in the lobby": (
            403,
            "forbidden",
            "only the shared screen can do this: open the address 'pnp table' printed",
        ),
        "a move not JSON": (400, "bad_request", "the request body is not JSON"),
        "a move on a page the game moved past": (409, "stale", "the game moved on: look again"),
        "a hint on a page the game moved past": (409, "stale", "the game moved on: look again"),
    },
    "fr": {
        "a start not JSON": (400, "bad_request", "le corps de la requête n'est pas du JSON"),
        "a start not an object": (400, "bad_request", "un objet JSON est attendu"),
        "a start too large": (413, "bad_request", "la requête dépasse 16 Kio"),
        "a GET of a start": (405, "bad_request", "méthode non permise à cette adresse"),
        "a phone in the lobby": (
            403,
            "forbidden",
            "seul l'écran commun peut faire cela : ouvrez l'adresse que 'pnp table' a affichée",
        ),
        "a move not JSON": (400, "bad_request", "le corps de la requête n'est pas du JSON"),
        "a move on a page the game moved past": (409, "stale", "la partie a avancé : regardez à nouveau"),
        "a hint on a page the game moved past": (409, "stale", "la partie a avancé : regardez à nouveau"),
    },
}
PAST = "0" * 16  # a version the game is not at
UNKNOWN = ["an unknown game", "an unknown game's seats", "an unknown seat's code", "a wrong seat link", "no address"]


@pytest.mark.parametrize("language", [None, "fr"])
def test_the_night_s_server_refuses_in_the_night_s_language_and_in_english_as_ever(tmp_path, language):
    """A French night's server said in English what it refuses: a body not JSON or too large (an English game's
    move on it too), a method, a phone acting in the lobby, a move or a hint asked for on a page the game has
    moved past, a game, a seat or an address it does not have."""
    with night(tmp_path, language) as client:
        started = client.post("/lobby/games", json={"game": "aloft", "players": ANN_BOB}).json()
        record, seat = started["record"], next(iter(seats_of(started).values()))

        def post(path: str, body: bytes) -> Any:
            return client.post(path, content=body, headers={"Content-Type": "application/json"})

        answers = {
            "a start not JSON": post("/lobby/games", b"{not json"),
            "a start not an object": client.post("/lobby/games", json=["aloft"]),
            "a start too large": post("/lobby/games", b" " * (16 * 1024 + 1)),
            "a GET of a start": client.get("/lobby/games"),
            "a phone in the lobby": client.get("/lobby", headers={HOST_HEADER: ""}),
            "a move not JSON": post(seat + "/play", b"{not json"),
            "a move on a page the game moved past": client.post(seat + "/play", json={"move": "x", "version": PAST}),
            "a hint on a page the game moved past": client.post(seat + "/hint", json={"version": PAST}),
            "an unknown game": client.get("/g/nope.pnp/"),
            "an unknown game's seats": client.get("/lobby/games/nope.pnp"),
            "an unknown seat's code": client.get(f"/lobby/games/{record}/qr/dan.svg"),
            "a wrong seat link": client.get(f"/g/{record}/s/NOTATOKEN123/state"),
            "no address": client.get("/nowhere"),
        }
    said = {
        what: (answer.status_code, answer.json()["kind"], answer.json()["error"]) for what, answer in answers.items()
    }
    assert said == NIGHT_SAID[language] | {what: (404, "not_found", NOWHERE[language]) for what in UNKNOWN}


@pytest.mark.parametrize(("language", "lead"), [(None, ""), ("fr", "cette partie ne peut pas commencer : ")])
def test_a_start_the_disk_cannot_take_is_refused_in_the_night_s_language(tmp_path, monkeypatch, language, lead):
    """A start refused for another reason than the lobby words (its record could not be written) was said as pnp
    says it, in English, on a French night; now pnp's own error follows the night's words."""
    from pnp import files

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "_commit", disk_full)
    with night(tmp_path, language) as client:
        refused = client.post("/lobby/games", json={"game": "aloft", "players": ANN_BOB})
    assert refused.status_code == 422 and refused.json()["kind"] == "refused", refused.text
    why = refused.json()["error"]
    assert why.startswith(lead) and re.fullmatch(
        r"\d{4}-\d\d-\d\d-\d{6}-aloft\.pnp: cannot write: No space left on device", why.removeprefix(lead)
    ), why
    assert not list(tmp_path.glob("*.pnp"))


def test_a_rematch_whose_table_cannot_open_leaves_the_phones_where_they_are_until_it_can(tmp_path, monkeypatch):
    """A rematch whose record was written but whose table could not open (its seat links could not be written: the
    disk was full) made each phone of the last game, asking where its seat plays now, get an internal error."""
    from pnp.files import WriteError
    from pnp.table import links

    with night(tmp_path) as client:
        first = client.post("/lobby/games", json={"game": "aloft", "players": ["ann", "bob"]}).json()
        seats = seats_of(first)
        seat_tokens = links.seat_tokens

        def disk_full(record: Path, *_args: Any) -> dict[str, str]:
            raise WriteError(links.links_path(record), OSError(28, "No space left on device"))

        monkeypatch.setattr(links, "seat_tokens", disk_full)
        refused = client.post(f"/lobby/games/{first['record']}/rematch")
        assert refused.status_code == 500 and refused.json()["kind"] == "record", refused.text
        assert refused.json()["error"].endswith(".pnp.links: cannot write: No space left on device")
        for page in seats.values():
            assert client.get(page + "/next").json() == {"to": None}
        monkeypatch.setattr(links, "seat_tokens", seat_tokens)  # the disk has room again
        again = client.post(f"/lobby/games/{first['record']}/rematch")
        assert again.status_code == 200, again.text
        for seat, page in seats.items():
            assert client.get(page + "/next").json() == {"to": seats_of(again.json())[seat]}
    assert len(list(tmp_path.glob("*.pnp"))) == 2  # the one rematch, opened at the second try


def test_a_rematch_is_known_after_a_restart_and_told_to_a_phone_that_was_away(tmp_path):
    """The server kept which game was a rematch of which in memory: restarted, it sent the last game's phones nowhere
    and a second Rematch began a second game; and a phone asleep when the rematch began never heard of it."""
    with night(tmp_path) as client:
        first = client.post("/lobby/games", json={"game": "air-king", "players": ["ann", "bob"]}).json()
        rematch = client.post(f"/lobby/games/{first['record']}/rematch").json()
    assert f'[Follows "{first["record"]}"]' in (tmp_path / rematch["record"]).read_text()
    with night(tmp_path) as client:  # restarted
        for seat, page in seats_of(first).items():
            assert client.get(page + "/next").json() == {"to": seats_of(rematch)[seat]}
        again = client.post(f"/lobby/games/{first['record']}/rematch")
        assert again.json()["record"] == rematch["record"]
    assert len(list(tmp_path.glob("*.pnp"))) == 2

    async def first_events(watch: RecordWatch, count: int) -> list[str]:
        stream = watch.stream()
        return [(await anext(stream)).split("\n")[0] for _ in range(count)]

    watch = RecordWatch(tmp_path / first["record"])
    assert run_apart(first_events(watch, 1)) == ["event: beat"]
    watch.announce("rematch")  # no stream open: the phones were asleep
    assert run_apart(first_events(watch, 2)) == ["event: beat", "event: rematch"]


@pytest.mark.parametrize(
    ("game", "field", "kind", "unfit", "why"),
    [
        ("air-king", "variant", "variante", ("card_size: bridge", "card_size: huge"), f"calm.yaml:2:12: {UNFIT}"),
        (
            "aloft",
            "map",
            "carte",
            ("cell_width: 48", "cell_width: 30"),
            "calm.yaml:9:13: cell_width: 30 mm is too narrow",
        ),
    ],
)
def test_a_rematch_whose_file_no_longer_serves_is_refused_in_the_night_s_language_and_nothing_is_lost(
    tmp_path, cli, game, field, kind, unfit, why
):
    """A rematch whose map or variant file was edited or deleted since the game started answered in English, the
    record's own error ('…: bad header: calm.yaml: …'), on a French night."""
    calm = tmp_path / "calm.yaml"
    if field == "map":
        assert cli("map", "new", "aloft", "-o", "calm.yaml")[0] == 0
    else:
        calm.write_text("game: air-king\ncard_size: bridge\n", encoding="utf-8")
    served = calm.read_text(encoding="utf-8")
    with night(tmp_path, "fr") as client:
        started = client.post("/lobby/games", json={"game": game, "players": ANN_BOB, field: "calm.yaml"}).json()
        record = tmp_path / started["record"]
        kept = record.read_bytes()
        rematch = f"/lobby/games/{started['record']}/rematch"
        calm.write_text(served.replace(*unfit), encoding="utf-8")
        refused = client.post(rematch)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"].startswith(f"cette {kind} ne peut pas servir : {why}")
        calm.unlink()
        refused = client.post(rematch)
        assert refused.json()["error"] == f"{kind} 'calm.yaml' : ce fichier n'est plus dans le dossier de la soirée"
        assert record.read_bytes() == kept and list(tmp_path.glob("*.pnp")) == [record]  # nothing written, nothing lost
        assert client.get("/lobby").status_code == 200
        calm.write_text(served, encoding="utf-8")  # put back: the rematch starts
        assert client.post(rematch).status_code == 200


# -- a game set aside ----------------------------------------------------------------------------------------------


def _carried_on(client: AppClient) -> list[str]:
    """The records the lobby lists under Carry on."""
    return [going["record"] for going in client.get("/lobby").json()["records"]]


def _first_move(client: AppClient, seat: str) -> Any:
    """The seat's first move button tapped, as its phone taps it: the answer."""
    state = client.get(seat + "/state").json()
    move = next(button["move"] for button in state["buttons"] if button["kind"] == "choice")
    return client.post(seat + "/play", json={"move": move, "version": state["version"]})


def test_a_game_set_aside_leaves_carry_on_its_record_untouched_and_its_phones_play_on(tmp_path):
    """An unfinished game that was rematched stayed under Carry on all night. Set aside, it leaves the list (twice
    is once), counts as set aside with no winner, and its record is byte for byte what it was; a phone still on it
    plays on, and that move lists it again. A restarted server knows it was set aside."""
    with night(tmp_path) as client:
        first = client.post("/lobby/games", json={"game": "hauling-astronauts", "players": ANN_BOB}).json()
        rematch = client.post(f"/lobby/games/{first['record']}/rematch").json()["record"]
        assert _carried_on(client) == [first["record"], rematch]
        record = tmp_path / first["record"]
        kept = record.read_bytes()
        aside = f"/lobby/games/{first['record']}/aside"
        answers = [client.post(aside) for _ in range(2)]
        assert [(a.status_code, a.json()) for a in answers] == [
            (200, {"record": first["record"], "set_aside": True})
        ] * 2
        assert _carried_on(client) == [rematch] and record.read_bytes() == kept
        shelved, going = client.get("/lobby/results").json()["games"]
        assert (shelved["set_aside"], shelved["final"], shelved["winners"]) == (True, False, [])
        assert not going["set_aside"]
    with night(tmp_path) as client:  # restarted
        assert _carried_on(client) == [rematch]
        seat = seats_of(first)["ann"]
        assert _first_move(client, seat).status_code == 200  # a phone left on it plays on
        assert _carried_on(client) == [first["record"], rematch]
        assert not client.get("/lobby/results").json()["games"][0]["set_aside"]


@pytest.mark.parametrize(
    ("language", "over", "unwritten"),
    [
        (
            None,
            "this game of Hauling Astronauts is over: it counts in tonight's results, so there is nothing to set aside",
            "cannot set this game aside: ",
        ),
        (
            "fr",
            (
                "cette partie (Hauling Astronauts) est finie : elle compte dans les résultats de la soirée ; "
                "il n'y a rien à mettre de côté"
            ),
            "cette partie ne peut pas être mise de côté : ",
        ),
    ],
    ids=["english", "french"],
)
def test_a_game_that_cannot_be_set_aside_is_refused_in_one_line_in_the_night_s_language(
    tmp_path, monkeypatch, language, over, unwritten
):
    """A game over since the lobby listed it, a mark the disk cannot take, a record the night does not have: each is
    one line, in the night's words, with no folder of the server's in it, and nothing is set aside."""
    from pnp import files

    with night(tmp_path, language) as client:
        done = client.post("/lobby/games", json={"game": "hauling-astronauts", "players": ANN_BOB}).json()
        play_to_the_end(client, seats_of(done), random.Random(3))
        refused = client.post(f"/lobby/games/{done['record']}/aside")
        assert (refused.status_code, refused.json()) == (422, {"error": over, "kind": "refused"})

        going = client.post("/lobby/games", json={"game": "aloft", "players": ANN_BOB}).json()["record"]

        def disk_full(*_args: object) -> None:
            raise OSError(28, "No space left on device")

        with monkeypatch.context() as patch:
            patch.setattr(files, "_commit", disk_full)
            refused = client.post(f"/lobby/games/{going}/aside")
        assert refused.status_code == 422 and str(tmp_path) not in refused.text, refused.text
        why = refused.json()["error"]
        assert why == f"{unwritten}{going}.aside: cannot write: No space left on device"
        assert _carried_on(client) == [going]
        for nowhere in ("/lobby/games/nope.pnp/aside", "/lobby/games/..%2F..%2Fx.pnp/aside"):
            assert client.post(nowhere).status_code == 404
        assert client.get(f"/lobby/games/{going}/aside").status_code == 405
    assert sorted(p.name for p in tmp_path.iterdir() if ".aside" in p.name) == []


def test_a_game_set_aside_from_many_screens_at_once_stays_aside_after_the_server_is_killed(tmp_path):
    """`pnp table` on 127.0.0.1: six taps on Set aside at once, while a phone of the other game plays, are each
    answered; killed (kill -9) and started again, the server lists the game set aside no more, and the other game
    still."""
    with running("table", str(tmp_path)) as served:
        base, _, key = served.url.partition("/?host=")

        def post(path: str, body: dict[str, Any] | None = None) -> Any:
            with http_client() as http:
                return http.post(base + path, json=body or {}, headers={HOST_HEADER: key})

        started = [post("/lobby/games", {"game": game, "players": ANN_BOB}).json() for game in ("aloft", "air-king")]
        shelved, going = (game["record"] for game in started)
        phone = started[1]["seats"]["ann"]
        with http_client() as http:
            state = http.get(phone + "/state").json()
        move = {"move": state["buttons"][0]["move"], "version": state["version"]}
        taps = [(f"/lobby/games/{shelved}/aside", None)] * 6 + [(phone.removeprefix(base) + "/play", move)]
        with ThreadPoolExecutor(len(taps)) as together:
            answers = list(together.map(lambda tap: post(*tap), taps))
        assert [a.status_code for a in answers] == [200] * 7, [a.text for a in answers]
        served.process.kill()
        served.process.communicate(timeout=60)
    with running("table", str(tmp_path)) as served, http_client() as http:
        base, _, key = served.url.partition("/?host=")
        listed = http.get(base + "/lobby", headers={HOST_HEADER: key}).json()["records"]
        results = http.get(base + "/lobby/results", headers={HOST_HEADER: key}).json()["games"]
    assert [game["record"] for game in listed] == [going]
    assert [(game["record"], game["set_aside"]) for game in results] == [(shelved, True), (going, False)]
