"""Air King through the command line: a refereed session, a program playing to the end, maps and the build."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

from conftest import play_with_moves_and_play


def play(cli, *moves: str) -> None:
    for move in moves:
        code, _, err = cli("ref", "play", "g.pnp", *move.split())
        assert code == 0, (move, err)


def test_a_session_with_secret_goals_drawn_cards_and_a_rejected_move(cli, tmp_path):
    assert cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--seed", "2")[0] == 0
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])
    assert listed["to_move"] == "ann" and "secret goal 7" in listed["moves"]
    play(cli, "secret goal 7", "secret goal 2", "draw storm", "draw hold", "draw extra")
    record = (tmp_path / "g.pnp").read_text()
    # the secret never appears as a whole word; a digest may by chance start with "7"
    assert not re.search(r"\bgoal 7\b", record) and "commit goal" in record
    code, _, err = cli("ref", "play", "g.pnp", "fly", "1", "b2")
    assert code == 1 and err.count("\n") == 1 and "aircraft 1 is still waiting" in err
    code, _, err = cli("ref", "play", "g.pnp", "storm", "f3")
    assert code == 1 and "arrival zone" in err and "(rule: Storm)" in err
    assert (tmp_path / "g.pnp").read_text() == record  # a rejected move changes nothing
    play(cli, "depart 1 a2", "extra fly 1 b2", "storm d3", "depart 2 a4", "end")
    code, out, _ = cli("ref", "show", "g.pnp", "--as", "bob")
    assert "bob: 1 card (1 Holding)" in out and "ann: 0 cards;" in out
    goal = next(line for line in out.splitlines() if line.startswith("your goal"))
    assert "2" in goal and "aircraft 1, 3, 6, 8" in goal  # the goal with its aircraft, worded by the CLI
    assert "your hand: 1 Holding" in out
    assert "goal 7" not in out and "aircraft 2, 5, 8, 9" not in out
    code, out, _ = cli("ref", "show", "g.pnp", "--as", "ann")
    assert "ann: 0 cards (empty)" in out and "bob: 1 card;" in out
    score = json.loads(cli("ref", "score", "g.pnp", "--json")[1])
    assert score["final"] is False and score["winners"] == []
    assert cli("ref", "undo", "g.pnp")[0] == 0
    code, out, _ = cli("ref", "replay", "g.pnp")
    assert code == 0 and "11 events" in out


def test_a_program_plays_a_short_game_to_its_end_with_moves_and_play(cli):
    assert cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob,cy", "--option", "rounds=2")[0] == 0
    score = play_with_moves_and_play(cli, "g.pnp", seed=8, limit=400)
    assert score["final"] and score["winners"]
    assert any("round limit" in note for note in score["notes"])


def test_the_state_picture_from_show(cli, tmp_path):
    cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob")
    play(cli, "secret goal 1", "secret goal 2", "draw pass", "draw pass", "draw storm", "depart 3 a4", "storm c3")
    code, _, err = cli("ref", "show", "g.pnp", "--svg", "state.svg", "--as", "ann")
    assert code == 0, err
    root = ET.parse(tmp_path / "state.svg").getroot()
    names = {g.get("data-name") for g in root.iter() if g.get("data-name")}
    assert "aircraft:3" in names
    assert "STORM" in {"".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")}


def test_map_commands_for_an_air_king_field(cli, tmp_path):
    assert cli("map", "new", "air-king", "-o", "mine.yaml")[0] == 0
    code, out, _ = cli("map", "check", "mine.yaml")
    assert code == 0 and "valid Air King map" in out
    text = (tmp_path / "mine.yaml").read_text().replace("runway: b3", "runway: c3")
    (tmp_path / "bad.yaml").write_text(text)
    code, out, _ = cli("map", "check", "bad.yaml", "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["game"] == "air-king"
    findings = result["findings"]
    assert findings[0]["where"] == "bad.yaml:25:13" and "no arrival zone beside airport A" in findings[0]["message"]
    assert cli("map", "preview", "mine.yaml", "-o", "mine.svg")[0] == 0
    assert ET.parse(tmp_path / "mine.svg").getroot().tag.endswith("svg")
    assert cli("map", "new", "air-king", "--seed", "4", "-o", "gen.yaml")[0] == 0
    assert cli("map", "check", "gen.yaml")[0] == 0
    assert cli("ref", "new", "air-king", "g.pnp", "--players", "a,b", "--map", "gen.yaml")[0] == 0
    schema = json.loads(cli("map", "schema", "air-king")[1])
    root = schema["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    assert root["properties"]["game"]["const"] == "air-king"


def test_build_writes_the_cards_the_field_mat_the_rules_and_the_aids(cli, tmp_path):
    code, _out, err = cli("build", "air-king", "--out", "kits")
    assert code == 0, err
    written = {p.name for p in (tmp_path / "kits" / "air-king").glob("*.pdf")}
    assert {"cards.pdf", "field-mat.pdf", "rules.pdf", "player-aids.pdf"} <= written


def _route(number: int, spaces: str) -> list[str]:
    first, *rest = spaces.split()
    return [f"depart {number} {first}", *(f"fly {number} {s}" for s in rest), f"land {number}"]


def test_a_goal_revealed_on_its_owners_turn_wins_once_all_four_have_landed(cli, tmp_path):
    from pnp.games.air_king.actions import DISCARD, DRAW
    from pnp.referee import session

    path = tmp_path / "g.pnp"
    current = session.new(path, "air-king", ["ann", "bob"], [], 1, None)
    for move in ("secret goal 1", "secret goal 5", "draw pass", "draw pass"):  # goal 1: aircraft 1 2 6 7
        current.play(move)
    flights = (
        _route(1, "a2 b2 c2 d2 e2 f2 f3")
        + _route(2, "a4 b4 c4 d4 e4 f4 f3")
        + _route(6, "g2 f2 e2 d2 c2 b2 b3")
        + _route(7, "g4 f4 e4 d4 c4 b4 b3")
    )
    while flights or current.state.to_move() != "ann" or current.state.phase != DRAW:
        state = current.state
        if state.phase in (DRAW, DISCARD):  # draw or discard whatever comes first
            current.play(current.game.format_move(state.legal_moves()[0]))
        elif state.moves_left and flights:
            current.play(flights.pop(0))
        else:
            current.play("end")
    current.save()
    code, _, err = cli("ref", "reveal", "g.pnp", "--player", "bob", "--slot", "goal")
    assert code == 1 and "ann's turn" in err
    code, _, err = cli("ref", "reveal", "g.pnp", "--player", "ann", "--slot", "goal")
    assert code == 0, err
    score = json.loads(cli("ref", "score", "g.pnp", "--json")[1])
    assert score["final"] and score["winners"] == ["ann"]
    assert score["players"][0]["breakdown"] == {"landed": 4, "claimed": 1}
    assert score["players"][1]["breakdown"] == {}  # bob's goal stays secret
    assert cli("ref", "replay", "g.pnp")[0] == 0
