"""The command line: exit codes, one-line errors, help with examples."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import play_with_moves_and_play
from support.games import SPECS, registered

from pnp.cli import build
from pnp.games import REGISTRY


def test_games_lists_every_registered_game(cli):
    code, out, _ = cli("games", "--json")
    assert code == 0
    assert [row["name"] for row in json.loads(out)] == list(REGISTRY)


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("build", "--help"),
        ("ref", "--help"),
        ("ref", "play", "--help"),
        ("ref", "new", "--help"),
        ("map", "--help"),
        ("map", "check", "--help"),
    ],
)
def test_help_is_there_with_examples(cli, args):
    code, out, _ = cli(*args, "--help") if args == () else cli(*args)
    assert code == 0 and "Example" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("build", "chess"), "unknown game 'chess'"),
        (("build", "aloft", "--bleed", "-1"), "bleed -1.0 mm"),
        (("build", "aloft", "--back-offset", "x"), "--back-offset"),
        (("build", "all", "--seed", "3"), "apply to one game"),
        (("build", "all", "--players", "3"), "apply to one game"),
        (("build", "hauling-astronauts", "--players", "2"), "the Hauling Astronauts kit is the same for any number"),
        (("ref", "moves", "missing.pnp"), "no such record"),
        (("ref", "new", "aloft", "g.pnp", "--players", "solo"), "2 to 6 players"),
        (("map", "check", "nothing.yaml"), "cannot read"),
        (("map", "schema", "chess"), "unknown game"),
    ],
)
def test_user_errors_are_one_line_and_exit_1(cli, args, message):
    code, _out, err = cli(*args)
    assert code == 1
    assert err.count("\n") == 1 and err.startswith("pnp: error:") and message in err


def test_build_players_reaches_a_game_whose_kit_has_parts_per_player(cli, monkeypatch):
    from dataclasses import replace

    from pnp import games

    asked = []
    spec = games.REGISTRY["aloft"]

    def kit(request):
        asked.append(request.players)
        return spec.kit(request)

    monkeypatch.setitem(games.REGISTRY, "aloft", replace(spec, players_in_kit=True, kit=kit))
    assert cli("build", "aloft", "--players", "5", "-o", "kits")[0] == 0
    code, _, err = cli("build", "aloft", "--players", "7")
    assert asked == [5] and code == 1 and "Aloft is for 2 to 6 players" in err


def test_a_malformed_map_is_reported_with_its_location(cli, tmp_path):
    (tmp_path / "bad.yaml").write_text("game: aloft\ncolumns: 12\nrows: four\n")
    code, _, err = cli("map", "check", "bad.yaml")
    assert code == 1 and err.strip() == "bad.yaml:3:7: error: rows: expected a whole number, found 'four'"
    code, _, err = cli("build", "aloft", "--map", "bad.yaml")
    assert code == 1 and err.strip() == "pnp: error: bad.yaml:3:7: rows: expected a whole number, found 'four'"


def test_a_whole_session_through_the_cli(cli, tmp_path):
    assert cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--seed", "4")[0] == 0
    code, out, _ = cli("ref", "moves", "g.pnp", "--json")
    listed = json.loads(out)
    assert listed["to_move"] == "ann" and "secret colours B,G" in listed["moves"]
    assert cli("ref", "play", "g.pnp", "secret", "colours", "B,G")[0] == 0
    assert cli("ref", "play", "g.pnp", "secret", "colours", "R,W")[0] == 0
    code, out, err = cli("ref", "play", "g.pnp", "truck", "1")
    assert code == 1 and "safety truck" in err
    assert cli("ref", "play", "g.pnp", "truck", "5", "--json")[0] == 0
    code, out, _ = cli("ref", "show", "g.pnp", "--as", "bob", "--json")
    assert json.loads(out)["secrets"] == {"colours": "R,W"} and "B,G" not in out  # bob sees his own cards only
    code, out, _ = cli("ref", "score", "g.pnp", "--json")
    score = json.loads(out)
    assert score["final"] is False and {p["name"] for p in score["players"]} == {"ann", "bob"}
    assert cli("ref", "undo", "g.pnp")[0] == 0
    code, out, _ = cli("ref", "replay", "g.pnp")
    assert code == 0 and "4 events" in out


def test_an_option_play_does_not_have_is_refused_not_read_as_the_move(cli, tmp_path):
    """'--player ann' after a move was read as two more words of it ('cannot read the secret: ... the value
    without spaces'), though the player to move plays and a secret is typed hidden with 'pnp ref secret'."""
    assert cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")[0] == 0
    before = (tmp_path / "g.pnp").read_bytes()
    code, out, err = cli("ref", "play", "g.pnp", "secret", "colours", "B,G", "--player=ann")
    assert (code, out) == (1, "")
    assert err == (
        "pnp: error: 'pnp ref play' has no option '--player' (only --json): the words after the record are the move, "
        "e.g. 'pnp ref play game.pnp inflate RW 3'; nothing recorded\n"
    )
    assert (tmp_path / "g.pnp").read_bytes() == before
    assert cli("ref", "play", "g.pnp", "secret", "colours", "B,G", "--json")[0] == 0  # its one option still is one


def test_a_program_can_play_a_game_to_its_end_with_moves_and_play(cli):
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob,cy")
    score = play_with_moves_and_play(cli, "g.pnp", seed=5, limit=500)
    assert score["final"] and score["winners"]


def test_show_draws_the_state_as_svg_without_secrets(cli, tmp_path):
    import xml.etree.ElementTree as ET

    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    for move in ("secret colours B,G", "secret colours R,W", "inflate RW 5", "launch RW"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0
    code, _, err = cli("ref", "show", "g.pnp", "--svg", "state.svg")
    assert code == 0, err
    svg = (tmp_path / "state.svg").read_text()
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "ALOFT" in texts and "R" in texts and "W" in texts  # the launched balloon's letters
    assert root.get("width") == "100%" and root.get("height") is None  # it scales to the window
    assert len(root.get("viewBox", "").split()) == 4


def test_map_check_exits_1_when_it_finds_errors(cli, tmp_path):
    (tmp_path / "narrow.yaml").write_text("game: aloft\ncolumns: 5\nrows: 4\n")
    code, _, err = cli("map", "check", "narrow.yaml")
    assert code == 1 and err.startswith("narrow.yaml:2:10: error: columns:")


@registered  # the guide's example game too
@pytest.mark.parametrize("name", sorted(n for n, spec in SPECS.items() if spec.maps))
def test_every_built_in_map_passes_its_own_schema_and_check(cli, name):
    import yaml
    from jsonschema import validate

    code, out, _ = cli("map", "schema", name)
    assert code == 0
    schema = json.loads(out)
    spec = REGISTRY[name]
    loaded = spec.maps.load(None)
    validate(yaml.safe_load(loaded.source.text), schema)
    assert [f for f in spec.maps.check(loaded) if f.level == "error"] == []


def test_map_new_passes_generator_settings_and_refuses_unknown_ones(cli, tmp_path):
    code, _, err = cli(
        "map",
        "new",
        "aeronaut-odyssey",
        "--seed",
        "3",
        "--size",
        "small",
        "--expansions",
        "trajectories",
        "-o",
        "small.yaml",
    )
    assert code == 0, err
    assert cli("map", "check", "small.yaml")[0] == 0
    small = (tmp_path / "small.yaml").read_text()
    cli("map", "new", "aeronaut-odyssey", "--seed", "3", "--size", "large", "-o", "large.yaml")
    assert len((tmp_path / "large.yaml").read_text()) > len(small)
    code, _, err = cli("map", "new", "aloft", "--size", "small", "-o", "x.yaml")
    assert code == 1 and "no --size setting" in err and not (tmp_path / "x.yaml").exists()


def test_secret_reads_a_piped_value_and_stores_only_a_commitment(cli, monkeypatch, tmp_path):
    import io
    import sys

    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    monkeypatch.setattr(sys, "stdin", io.StringIO("g,b\n"))
    code, out, err = cli("ref", "secret", "g.pnp", "--player", "ann")
    assert code == 0, err
    assert "commitment" in out and "B,G" not in out and "B,G" not in (tmp_path / "g.pnp").read_text()
    code, _, err = cli("ref", "secret", "g.pnp", "--player", "ann")
    assert code == 1 and "bob's turn" in err
    code, _, err = cli("ref", "secret", "g.pnp", "--player", "zed")
    assert code == 1 and "'zed' is not a player" in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("red white\n"))
    code, _, err = cli("ref", "secret", "g.pnp", "--player", "bob")
    assert code == 1 and "one word without spaces" in err and "red white" not in err
    monkeypatch.setattr(sys, "stdin", io.StringIO("Red , white\n"))  # printed names, spaced as in a list
    assert cli("ref", "secret", "g.pnp", "--player", "bob")[0] == 0
    code, _, err = cli("ref", "reveal", "g.pnp", "--player", "ann", "--slot", "colours")
    assert code == 1 and "scoring" in err  # colour cards are shown only once the game has ended


def _take_back(path: Path) -> None:
    """What 'pnp ref undo' does in another terminal."""
    from pnp.referee import record, session

    with record.locked(path):
        current = session.load(path)
        current.undo()
        current.save()


def _refuse_a_move(path: Path) -> None:
    """What the server does with a tap on a page that is out of date: the lock taken, nothing written."""
    from pnp.referee import record

    with record.locked(path):
        pass


@pytest.mark.parametrize(("other_writer", "recorded"), [(_take_back, False), (_refuse_a_move, True)])
def test_secret_holds_no_lock_while_its_player_types(cli, monkeypatch, tmp_path, other_writer, recorded):
    """While 'pnp ref secret' waited at its prompt it held the record's lock: every other terminal, and the
    server's thread for each tap, hung until the player typed. If the record changed meanwhile, nothing is
    recorded."""
    import io
    import sys
    import threading

    from pnp.referee import keys

    path = tmp_path / "g.pnp"
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    assert cli("ref", "play", "g.pnp", "secret", "colours", "B,G")[0] == 0
    writers, waited, meanwhile = [], [], []

    class Typing(io.StringIO):
        """Piped input that another writer uses while bob is typing."""

        def readline(self, *_args: Any) -> str:
            done = threading.Event()
            writers.append(threading.Thread(target=lambda: (other_writer(path), done.set())))
            writers[-1].start()
            waited.append(not done.wait(timeout=5))
            meanwhile.append(path.read_bytes())
            return "r,w\n"

    monkeypatch.setattr(sys, "stdin", Typing())
    code, _, err = cli("ref", "secret", "g.pnp", "--player", "bob")
    for writer in writers:
        writer.join(timeout=30)
    assert waited == [False], "the other writer waited for the prompt"
    if recorded:
        assert code == 0 and "bob: commit colours" in path.read_text().splitlines()[-1], err
    else:
        assert code == 1 and err == (
            "pnp: error: g.pnp: nothing recorded: the game moved on while bob typed (the record was written "
            "meanwhile); see 'pnp ref moves g.pnp'\n"
        )
        assert path.read_bytes() == meanwhile[0] and "colours" not in keys.read_keys(path, "bob")


def test_show_and_replay_give_json_without_other_players_secrets(cli):
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    for move in ("secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0
    assert cli("ref", "undo", "g.pnp")[0] == 0
    code, out, _ = cli("ref", "show", "g.pnp", "--as", "bob", "--json")
    shown = json.loads(out)
    assert code == 0 and "B,G" not in out
    assert {k: shown[k] for k in ("game", "players", "to_move", "over", "viewer", "secrets", "notes")} == {
        "game": "aloft",
        "players": ["ann", "bob"],
        "to_move": "bob",
        "over": False,
        "viewer": "bob",
        "secrets": {"colours": "R,W"},
        "notes": [],
    }
    assert (
        shown["text"] + f"\nyour colour cards: {shown['private']['colour cards']}\n"
        == cli("ref", "show", "g.pnp", "--as", "bob")[1]
    )
    assert shown["score"] == json.loads(cli("ref", "score", "g.pnp", "--json")[1])
    code, out, _ = cli("ref", "replay", "g.pnp", "--json")
    replayed = json.loads(out)
    assert code == 0 and "B,G" not in out and "R,W" not in out
    assert replayed["events"] == 5 and replayed["to_move"] == "bob" and not replayed["over"]
    assert [m["player"] for m in replayed["moves"]] == ["ann", "bob", "ann"]
    assert replayed["moves"][2]["move"] == "truck 5" and replayed["moves"][0]["move"].startswith("commit colours ")
    assert replayed["score"] == shown["score"]


def test_moves_json_gives_the_chance_of_each_chance_input(cli, monkeypatch):
    from pnp.referee import notation, session

    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    assert json.loads(cli("ref", "moves", "g.pnp", "--json")[1])["chance"] == {}
    state_type = type(session.load(Path("g.pnp")).state)
    monkeypatch.setattr(state_type, "chance", lambda self: {m: 0.5 for m in self.legal_moves()[:2]})
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    game = REGISTRY["aloft"].rules()
    first_two = session.load(Path("g.pnp")).state.legal_moves()[:2]
    assert listed["chance"] == {notation.format(game, m): 0.5 for m in first_two}
    assert set(listed["chance"]) <= set(listed["moves"])


def test_air_king_draws_are_chance_inputs_weighted_by_the_cards_left(cli):
    cli("ref", "new", "air-king", "k.pnp", "--players", "ann,bob")
    for move in ("secret goal 1", "secret goal 2"):
        assert cli("ref", "play", "k.pnp", *move.split())[0] == 0
    listed = json.loads(cli("ref", "moves", "k.pnp", "--json")[1])
    chance = listed["chance"]
    assert set(chance) == set(listed["moves"]) and all(m.startswith("draw ") for m in chance)
    pile = 26  # Air King's event cards (the Technical Returns kept apart)
    left = {move: round(p * pile) for move, p in chance.items()}
    assert sum(left.values()) == pile and chance == pytest.approx({m: n / pile for m, n in left.items()})
    assert cli("ref", "play", "k.pnp", "draw", "storm")[0] == 0
    after = json.loads(cli("ref", "moves", "k.pnp", "--json")[1])["chance"]
    assert after == pytest.approx(chance), "the odds the table sees give ann's dealt card away"


# -- issue 14: labels, the viewer's own view, stages, reveal without --slot -------------------------------


def _aloft(cli, *moves: str) -> None:
    """A two-player Aloft record g.pnp with ``moves`` played through the CLI."""
    assert cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--seed", "4")[0] == 0
    for move in moves:
        code, _, err = cli("ref", "play", "g.pnp", *move.split())
        assert code == 0, err


def _play_until(record: Path, done) -> None:
    """Play the first listed move (through the session, keeping key files) until ``done(session)``."""
    from pnp.referee import notation, session

    current = session.load(record)
    while not done(current):
        current.play(notation.format(current.game, current.offered(current.state.to_move() or "")[0]))
    current.save()


def test_moves_shows_the_games_labels_beside_the_notation(cli, monkeypatch):
    _aloft(cli, "secret colours B,G", "secret colours R,W")
    labels = {"truck 5": "move the lead truck", "inflate BG 1": "inflate BG 1"}  # the second adds nothing
    game = type(REGISTRY["aloft"].rules())
    monkeypatch.setattr(game, "label", lambda self, move: labels.get(self.format_move(move)))
    code, out, _ = cli("ref", "moves", "g.pnp")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "to move: ann" and "  truck 5   move the lead truck" in lines and "  inflate BG 1" in lines
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    assert listed["labels"] == {"truck 5": "move the lead truck"}
    assert "truck 5" in listed["moves"] and listed["chance"] == {}


def test_show_as_a_player_gives_their_secrets_labelled_and_what_only_they_see(cli, monkeypatch):
    from pnp.referee import session
    from pnp.referee.protocol import Secret

    _aloft(cli, "secret colours B,G", "secret colours R,W")
    labels = {Secret("colours", "B,G"): "colours B,G: blue and green", Secret("colours", "R,W"): "red and white"}
    monkeypatch.setattr(type(REGISTRY["aloft"].rules()), "label", lambda self, move: labels.get(move))
    state = type(session.load(Path("g.pnp")).state)
    monkeypatch.setattr(state, "private", lambda self, player: {"hand": f"{player}'s cards"})
    code, out, _ = cli("ref", "show", "g.pnp", "--as", "ann")
    assert code == 0 and out.endswith("your colour cards: B,G (blue and green)\nyour hand: ann's cards\n")  # not twice
    assert cli("ref", "show", "g.pnp", "--as", "bob")[1].endswith(
        "your colour cards: R,W (red and white)\nyour hand: bob's cards\n"
    )
    shown = json.loads(cli("ref", "show", "g.pnp", "--as", "ann", "--json")[1])
    assert shown["secrets"] == {"colours": "B,G"}  # the value as entered, for programs
    assert shown["private"] == {"colour cards": "B,G (blue and green)", "hand": "ann's cards"}
    spectator = json.loads(cli("ref", "show", "g.pnp", "--json")[1])
    assert spectator["secrets"] == {} and spectator["private"] == {} and spectator["stage"] == "play"
    assert "your" not in cli("ref", "show", "g.pnp")[1]


def test_show_names_the_stage_and_the_winner_and_reveal_needs_no_slot(cli, tmp_path):
    from pnp.referee.protocol import Reveal

    _aloft(cli, "secret colours B,G", "secret colours R,W")
    _play_until(tmp_path / "g.pnp", lambda s: any(isinstance(m, Reveal) for m in s.state.legal_moves()))
    shown = json.loads(cli("ref", "show", "g.pnp", "--json")[1])
    assert shown["stage"] == "reveal" and not shown["over"]
    assert "reveal" in cli("ref", "show", "g.pnp")[1]  # in the game's words or the referee's (see below)
    for _ in range(2):
        who = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])["to_move"]
        code, out, err = cli("ref", "reveal", "g.pnp", "--player", who)
        assert code == 0 and out.startswith(f"recorded: {who}: reveal colours "), err
    shown = json.loads(cli("ref", "show", "g.pnp", "--json")[1])
    assert shown["stage"] == "over" and shown["score"]["winners"]
    out = cli("ref", "show", "g.pnp")[1].lower()
    assert len(re.findall(r"game (is )?over", out)) == 1
    assert all(winner in out.split("over")[-1] for winner in shown["score"]["winners"])


def test_show_prints_the_games_picture_and_adds_no_stage_line_of_its_own(cli, monkeypatch):
    from pnp.referee import session

    _aloft(cli)
    state = type(session.load(Path("g.pnp")).state)
    monkeypatch.setattr(state, "render_text", lambda self, viewer: "board\nset-up: ann to move")
    assert cli("ref", "show", "g.pnp")[1] == "board\nset-up: ann to move\n"  # tests/test_stages.py checks the words


def test_reveal_without_slot_names_the_secrets_when_there_is_not_exactly_one(cli, tmp_path):
    from pnp.referee.protocol import Commit

    assert cli("ref", "new", "take-off", "t.pnp", "--players", "ann,bob")[0] == 0
    code, _, err = cli("ref", "reveal", "t.pnp", "--player", "ann")
    assert code == 1 and err == "pnp: error: ann has no committed secret to reveal\n"
    cli("ref", "new", "hauling-astronauts", "h.pnp", "--players", "ann,bob", "--option", "hidden_transports=true")
    _play_until(tmp_path / "h.pnp", lambda s: sum(isinstance(m, Commit) for _, m in s.played) == 6)
    who = json.loads(cli("ref", "moves", "h.pnp", "--json")[1])["to_move"]
    code, _, err = cli("ref", "reveal", "h.pnp", "--player", who)
    assert code == 1 and err == f"pnp: error: {who} has 3 secrets: give --slot, one of t1, t2, t3\n"


def test_a_refused_move_says_what_to_do_next_and_changes_nothing(cli, tmp_path):
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    for move in ("secret colours B,G", "secret colours R,W"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0
    before = (tmp_path / "g.pnp").read_bytes()
    code, _, err = cli("ref", "play", "g.pnp", "truck", "99")
    assert code == 1
    assert err.strip() == (
        "pnp: error: during play: no truck under column 99; 'pnp ref moves g.pnp' lists what is legal now "
        "(rule: move a truck)"
    )
    assert (tmp_path / "g.pnp").read_bytes() == before
    cli("ref", "new", "take-off", "t.pnp", "--players", "ann,bob")
    code, _, err = cli("ref", "play", "t.pnp", "fly", "1", "midway", "tokyo")  # the refusal gives its own example
    assert code == 1 and "e.g. 'roll R Y'" in err and "pnp ref moves" not in err


@pytest.mark.parametrize(
    "command",
    [("build", "air-king"), ("ref", "new", "air-king", "g.pnp", "--players", "a,b"), ("sim", "air-king")],
)
def test_a_map_for_another_game_or_not_utf8_is_refused_at_its_line_by_build_ref_new_and_sim(cli, tmp_path, command):
    (tmp_path / "aloft.yaml").write_text("game: aloft\ncolumns: 12\n", encoding="utf-8")
    (tmp_path / "keys.yaml").write_text("rows: 8\ncell_width: 20\n", encoding="utf-8")  # Aloft's keys, no game
    (tmp_path / "latin.yaml").write_bytes(b"game: air-king\nname: caf\xe9\n")
    code, _, err = cli(*command, "--map", "aloft.yaml")
    assert code == 1 and err == "pnp: error: aloft.yaml:1:7: game: this is a map for aloft, not air-king\n"
    code, _, err = cli(*command, "--map", "keys.yaml")  # judged as `pnp map check` judges it
    assert code == 1 and err == "pnp: error: keys.yaml:1:1: game: this is a map for aloft, not air-king\n"
    code, _, err = cli(*command, "--map", "latin.yaml")
    assert code == 1 and err.startswith("pnp: error: latin.yaml:2:10: not UTF-8 text: byte 0xE9 here")


def test_ref_hint_suggests_a_legal_choice_for_the_player_to_move_and_changes_nothing(cli, tmp_path):
    assert cli("ref", "new", "aeronaut-odyssey", "a.pnp", "--players", "ann,bob")[0] == 0
    assert cli("ref", "play", "a.pnp", "gain", "red")[0] == 0  # bob's compensation: now ann moves
    before = (tmp_path / "a.pnp").read_bytes()
    code, out, err = cli("ref", "hint", "a.pnp", "--json")
    assert code == 0, err
    hint = json.loads(out)
    listed = json.loads(cli("ref", "moves", "a.pnp", "--json")[1])
    assert hint["player"] == listed["to_move"] == "ann" and hint["move"] in listed["moves"]
    assert hint["label"] == listed["labels"].get(hint["move"], hint["move"])
    code, out, _ = cli("ref", "hint", "a.pnp")
    weighed = f"weighed {hint['weighed']} of {hint['choices']} choices"
    assert code == 0 and out == f"ann: try '{hint['move']}' ({hint['label']}); {weighed}\n"
    assert (tmp_path / "a.pnp").read_bytes() == before
    cli("ref", "new", "take-off", "t.pnp", "--players", "ann,bob")
    code, out, err = cli("ref", "hint", "t.pnp")  # the dice decide: nothing to suggest
    assert (
        code == 1
        and out == ""
        and err == ("pnp: error: ann has nothing to decide now: enter what the dice, the cards or the secrets say\n")
    )


def test_build_plans_each_document_once(cli, tmp_path, monkeypatch):
    """`pnp build` plans a kit once: for the progress bar's page total and for drawing alike."""
    from pnp.printing import render

    planned: list[str] = []
    plan = render.plan_document
    monkeypatch.setattr(
        render, "plan_document", lambda kit, doc, settings: planned.append(doc.name) or plan(kit, doc, settings)
    )
    code, _, err = cli("build", "hauling-astronauts", "--out", "kits")
    assert code == 0, err
    pdfs = sorted(p.stem for p in (tmp_path / "kits" / "hauling-astronauts").glob("*.pdf"))
    assert sorted([*planned, "calibration"]) == pdfs and len(planned) == len(set(planned))


def test_the_build_table_names_each_file_whole_in_an_80_column_terminal(cli, monkeypatch):
    """It printed 'output/hauling-astronauts/pl…' and '1 player aid 1, 1 player aid 2'."""
    monkeypatch.setenv("COLUMNS", "80")
    code, out, err = cli("build", "hauling-astronauts")
    assert code == 0, err
    assert "…" not in out and "│ output/hauling-astronauts/ " in out  # the folder once, on a line of its own
    files = (("game.pdf", "board and pieces"), ("player-aids.pdf", "player aid 1–2"), ("rules.pdf", "rules"))
    for name, contents in files:
        assert re.search(rf"│   {re.escape(name)} +│ \d+ +│ \d+ +│ {re.escape(contents)} +│", out), name


def test_the_build_table_counts_a_card_printed_once_on_a_page(cli, monkeypatch):
    """A cut page holding one colour card read '6 balloons, 5 trucks, colours'; a part printed whole keeps its name."""
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = cli("build", "aloft", "--cut-marks", "silhouette")
    assert code == 0, err
    rows = {cells[0].strip(): cells[3].strip() for line in out.splitlines() if len(cells := line.split("│")[1:]) > 4}
    assert rows["cards-cut-03.svg"] == "6 balloons, 5 trucks, 1 colour card"
    assert rows["rules.pdf"] == "rules" and rows["player-aids.pdf"] == "player aid 1–6"


def test_the_build_says_which_files_to_print_on_both_sides(cli, tmp_path):
    """Only the calibration sheet said 'double-sided': 44 Take Off! card pages printed on one side waste 22 sheets.
    The build's last line names the files to print on both sides (each under its kit's folder when there are
    several), and --json marks them."""
    code, out, err = cli("build", "take-off")
    said = "Print cards.pdf and calibration.pdf on both sides of the paper, flipped on the long edge; the rest on one side."
    assert code == 0 and out.splitlines()[-1] == said, err
    assert build._shown(Path("out/aloft/cards.pdf"), folders=1) == "cards.pdf"
    assert build._shown(Path("out/aloft/cards.pdf"), folders=5) == "aloft/cards.pdf"  # pnp build all
    code, out, _ = cli("build", "air-king", "--json")
    sides = {Path(f["path"]).name: f["double_sided"] for f in json.loads(out)["files"]}
    assert code == 0 and sides == {
        "cards.pdf": True, "calibration.pdf": True, "field-mat.pdf": False, "rules.pdf": False, "player-aids.pdf": False
    }  # fmt: skip
