"""The table size and the printed board agree: a seeded session's map is made for its table, and a custom
map made for fewer players refuses a bigger table, naming the fix."""

from __future__ import annotations

import pytest

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey.components import request_map
from pnp.games.aeronaut_odyssey.maps import to_yaml
from pnp.games.spec import KitRequest
from pnp.referee.protocol import Setup

GAME = REGISTRY["aeronaut-odyssey"].rules()


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_the_seeded_map_of_a_session_is_the_one_build_prints_for_that_table(players):
    setup = Setup(tuple(f"p{i}" for i in range(players)), {}, 7)
    printed = request_map(KitRequest(seed=7, players=players))
    assert printed.players == players
    assert GAME.rules_inputs(setup) == {"generated-map": to_yaml(printed)}


def test_ref_new_names_the_build_that_prints_the_sessions_board(cli):
    code, out, _ = cli("ref", "new", "aeronaut-odyssey", "g.pnp", "--players", "a,b,c,d,e", "--seed", "3")
    assert code == 0 and "'pnp build aeronaut-odyssey --seed 3 --players 5' prints" in out


def test_a_map_made_for_fewer_players_refuses_a_bigger_table_and_changes_nothing(cli, tmp_path):
    assert cli("map", "new", "aeronaut-odyssey", "--seed", "3", "--players", "4", "-o", "m.yaml")[0] == 0
    assert "players: 4" in (tmp_path / "m.yaml").read_text(encoding="utf-8")
    code, _, err = cli("ref", "new", "aeronaut-odyssey", "g.pnp", "--players", "a,b,c,d,e", "--map", "m.yaml")
    assert code == 1 and not (tmp_path / "g.pnp").exists()
    assert err.strip() == (
        "pnp: error: m.yaml: this map is made for 4 players, not 5: remake it with 'pnp map new aeronaut-odyssey "
        "--players 5' (or set 'players: 5'), then check and print it"
    )
    assert cli("ref", "new", "aeronaut-odyssey", "g.pnp", "--players", "a,b,c,d", "--map", "m.yaml")[0] == 0


def test_the_refusal_comes_from_the_rules_themselves(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(to_yaml(request_map(KitRequest(seed=3, players=4))), encoding="utf-8")
    with pytest.raises(PnpError, match="made for 4 players, not 6"):
        GAME.new_state(Setup(tuple("abcdef"), {}, 0, path))
