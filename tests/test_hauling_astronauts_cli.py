"""Hauling Astronauts refereed through the `pnp` command line."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from conftest import play_with_moves_and_play
from test_hauling_astronauts_rules import FILL


def test_a_session_with_open_transports(cli, tmp_path):
    assert cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--seed", "3")[0] == 0
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    assert listed["to_move"] == "ann" and "choose A B C" in listed["moves"] and len(listed["moves"]) == 120
    for move in ("choose A B C", "choose U V W", *FILL):
        code, _, err = cli("ref", "play", "g.pnp", *move.split())
        assert code == 0, (move, err)
    before = (tmp_path / "g.pnp").read_bytes()
    code, _, err = cli("ref", "play", "g.pnp", "depart", "2", "d1")
    assert code == 1 and "dock if possible" in err and "d5" in err and len(err.strip().splitlines()) == 1
    assert (tmp_path / "g.pnp").read_bytes() == before  # a rejected move leaves the record as it was
    code, _, err = cli("ref", "play", "g.pnp", "depart", "2", "to", "d5")
    assert code == 1 and "depart" in err and (tmp_path / "g.pnp").read_bytes() == before
    assert cli("ref", "play", "g.pnp", "depart", "2", "d5")[0] == 0
    score = json.loads(cli("ref", "score", "g.pnp", "--json")[1])
    ann = score["players"][0]
    assert score["final"] is False and ann["score"] == 2 and ann["breakdown"]["bonus"] == 2  # B misses 15
    code, out, _ = cli("ref", "show", "g.pnp", "--svg", "state.svg")
    assert code == 0 and "ann's B, load 15" in out and "To move: bob" in out
    names = [e.get("data-name") for e in ET.parse(tmp_path / "state.svg").iter() if e.get("data-name")]
    assert names.count("die") == 9
    assert cli("ref", "undo", "g.pnp")[0] == 0
    code, out, _ = cli("ref", "replay", "g.pnp")
    assert code == 0


def test_hidden_transports_are_committed_and_revealed_on_departure(cli, tmp_path):
    cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--option", "hidden_transports=true")
    for move in ("secret t1 B", "secret t2 A", "secret t3 C", "secret t1 U", "secret t2 V", "secret t3 W", *FILL):
        code, _, err = cli("ref", "play", "g.pnp", *move.split())
        assert code == 0, (move, err)
    record = (tmp_path / "g.pnp").read_text()
    assert "secret" not in record and "commit t1" in record
    _, out, _ = cli("ref", "show", "g.pnp", "--as", "bob")
    assert "your transport at strip a: U" in out and "B Drifter" not in out and "(face down)" in out
    assert cli("ref", "play", "g.pnp", "depart", "1", "d2")[0] == 0
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    assert (listed["to_move"], listed["moves"]) == ("ann", ["reveal t1"])
    assert cli("ref", "reveal", "g.pnp", "--player", "ann", "--slot", "t1")[0] == 0
    score = json.loads(cli("ref", "score", "g.pnp", "--json")[1])
    assert score["players"][0]["score"] == 5  # B takes the 6 (3) at d2 (2)
    _, out, _ = cli("ref", "show", "g.pnp")
    assert "ann's B, load 6" in out
    code, _, err = cli("ref", "undo", "g.pnp")
    assert code == 1 and "revealed" in err


def test_a_program_can_play_to_the_end_with_moves_and_play(cli):
    cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--option", "bonus_dice=true")
    score = play_with_moves_and_play(cli, "g.pnp", seed=8, limit=400)
    assert score["final"] and score["winners"]


def test_build_writes_the_one_page_kit(cli, tmp_path):
    code, out, err = cli("build", "hauling-astronauts", "--paper", "letter", "--out", "kits", "--json")
    assert code == 0, err
    manifest = json.loads(out)
    assert any(str(f["path"]).endswith("game.pdf") and f["pages"] == f["sheets"] == 1 for f in manifest["files"])
    code, out, err = cli("build", "hauling-astronauts", "--out", "kits")
    assert (
        code == 0 and "5 pages on 4 sheets of paper" in out
    )  # the page, the calibration (two sides), the rules, the aids


def test_a_bad_option_is_one_clear_line(cli):
    code, _, err = cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob,cy")
    assert code == 1 and "2 players" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli(
        "ref", "new", "hauling-astronauts", "g.pnp", "--players", "a,b", "--option", "bonus_dice=perhaps"
    )
    assert code == 1 and "true or false" in err


def test_the_opening_roll_comes_first_and_the_owner_sees_their_slots_after_a_swap(cli, tmp_path):
    cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--option", "hidden_transports=true")
    for move in ("secret t1 B", "secret t2 A", "secret t3 C", "secret t1 U", "secret t2 V", "secret t3 W"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0, move
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    assert all(move.startswith("roll ") for move in listed["moves"]) and len(listed["moves"]) == 56
    before = (tmp_path / "g.pnp").read_bytes()
    code, _, err = cli("ref", "play", "g.pnp", "swap", "1", "2")
    assert code == 1 and "ann, roll before you swap" in err and "(rule: opening roll)" in err
    assert (tmp_path / "g.pnp").read_bytes() == before
    for move in ("roll 1 2 3", "swap 1 3"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0, move
    _, out, _ = cli("ref", "show", "g.pnp", "--as", "ann")
    assert "1: your t3 (face down)" in out and "3: your t1 (face down)" in out
    assert "your transport at strip 1: C" in out  # sealed for the third strip, at the first since the swap
    _, out, _ = cli("ref", "show", "g.pnp", "--as", "bob")
    assert "1: ann's t3 (face down)" in out and "C Heron" not in out
    code, _, err = cli("ref", "play", "g.pnp", "choose", "Lantern", "Atlas", "Magpie")
    assert code == 1 and err.startswith("pnp: error: during play: bob, roll or take an action")


def test_a_transport_sealed_once_is_refused_and_no_longer_offered_to_its_owner(cli, tmp_path):
    from pnp.referee import session
    from pnp.referee.protocol import Secret

    cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--option", "hidden_transports=true")
    assert cli("ref", "play", "g.pnp", "secret", "t1", "B")[0] == 0
    current = session.load(tmp_path / "g.pnp")
    assert Secret("t2", "B") not in current.offered("ann") and Secret("t2", "A") in current.offered("ann")
    assert Secret("t2", "B") in current.state.legal_moves()  # the public list gives nothing away
    before = (tmp_path / "g.pnp").read_bytes()
    code, _, err = cli("ref", "play", "g.pnp", "secret", "t2", "B")
    assert code == 1 and "already sealed that value" in err and " B" not in err.partition(":")[2]
    assert (tmp_path / "g.pnp").read_bytes() == before
    assert cli("ref", "play", "g.pnp", "secret", "t2", "A")[0] == 0
