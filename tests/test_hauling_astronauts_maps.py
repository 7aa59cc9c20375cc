"""Custom Hauling Astronauts maps: authored fleets and docks, built, refereed and checked for balance."""

from __future__ import annotations

import json

from support.pdfium import plain_texts

from pnp.games.hauling_astronauts.maps import design_bonus, design_profit
from pnp.games.hauling_astronauts.model import builtin

HERON = "{id: C, name: Heron, low: 13, high: 14, profit: 4}"
KESTREL = "{id: C, name: Kestrel, low: 12, high: 14, profit: 3}"  # wider than Heron, so it pays less


def custom_map(cli, tmp_path):
    assert cli("map", "new", "hauling-astronauts", "-o", "fleet.yaml")[0] == 0
    path = tmp_path / "fleet.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(HERON, KESTREL), encoding="utf-8")
    return path


def test_the_built_in_map_follows_its_own_design_rules_so_check_finds_nothing(cli):
    data = builtin()
    assert all(t.profit == design_profit(t.low, t.high) for fleet in data.fleets for t in fleet.transports)
    assert all(dock.bonus == design_bonus(dock.low, dock.high) for dock in data.docks)
    assert cli("map", "new", "hauling-astronauts", "-o", "m.yaml")[0] == 0
    code, out, _ = cli("map", "check", "m.yaml", "--json")
    assert code == 0 and json.loads(out)["findings"] == []


def test_a_custom_map_is_checked_built_and_refereed_with_its_own_names(cli, tmp_path):
    path = custom_map(cli, tmp_path)
    code, out, _ = cli("map", "check", str(path))
    assert code == 0 and "the fleets are not equally good" in out  # player 2 still has the mirror of Heron
    assert cli("build", "hauling-astronauts", "--map", str(path), "-o", "kit")[0] == 0
    words = plain_texts(tmp_path / "kit" / "hauling-astronauts" / "game.pdf")[0]
    assert "Kestrel" in words and "Heron" not in words and "12 – 14" in words
    assert cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--map", str(path))[0] == 0
    code, _, err = cli("ref", "play", "g.pnp", "choose", "heron", "a", "b")
    assert code == 1 and "there is no transport 'heron'" in err
    assert cli("ref", "play", "g.pnp", "choose", "kestrel", "a", "b")[0] == 0
    assert "C Kestrel: 12 – 14 pays 3" in cli("ref", "show", "g.pnp")[1]


def test_a_session_refuses_to_replay_once_its_map_is_edited(cli, tmp_path):
    path = custom_map(cli, tmp_path)
    cli("ref", "new", "hauling-astronauts", "g.pnp", "--players", "ann,bob", "--map", str(path))
    path.write_text(path.read_text(encoding="utf-8").replace("Kestrel", "Osprey"), encoding="utf-8")
    code, _, err = cli("ref", "replay", "g.pnp")
    assert code == 1 and "fleet.yaml" in err and "changed" in err
