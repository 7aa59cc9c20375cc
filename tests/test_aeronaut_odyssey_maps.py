"""``pnp map`` for Aeronaut Odyssey: one failing fixture per check, each located at its line and column."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.games import REGISTRY
from pnp.games.aeronaut_odyssey import rules
from pnp.games.aeronaut_odyssey.mapgen import generate
from pnp.games.aeronaut_odyssey.maps import check, new
from pnp.games.aeronaut_odyssey.model import load_map
from pnp.jsonschema import schema_for
from pnp.referee.protocol import Setup

VALID = """\
game: aeronaut-odyssey
width: 11
height: 8
inventory_spaces: 6
cities:
  - {name: A, x: 3, y: 3, slots: 2}
  - {name: B, x: 6, y: 3, slots: 1}
  - {name: C, x: 6, y: 6, slots: 3}
  - {name: D, x: 3, y: 6, slots: 3}
  - {name: E, x: 9, y: 3, slots: 3}
routes:
  - {between: [A, B], type: red, length: 2}
  - {between: [A, B], type: blue, length: 2}
  - {between: [B, C], type: green, length: 3}
  - {between: [C, D], type: yellow, length: 2}
  - {between: [A, D], type: orange, length: 1}
  - {between: [A, C], type: purple, length: 3}
  - {between: [B, E], type: purple, length: 2}
  - {between: [C, E], type: red, length: 2}
areas:
  - {x: 5.0, y: 4.0, points: 3}
  - {x: 4.0, y: 5.0, points: 4}
  - {x: 7.0, y: 3.8, points: 2}
"""


def findings(tmp_path, text: str):
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    return check(load_map(path))


def refused(tmp_path, text: str) -> str:
    """``line:col: path: message`` of the error loading refuses the map with (a field's declared rule)."""
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_map(path)
    return str(caught.value).removeprefix(f"{path}:")


def edited(old: str, new_text: str, row: str) -> tuple[str, int]:
    """VALID with ``old`` replaced by ``new_text``, and the number of the line ``row``."""
    assert old in VALID
    text = VALID.replace(old, new_text, 1)
    return text, text.splitlines().index(row) + 1


def located(found, level: str, words: str) -> str:
    """The ``where`` of the one finding of ``level`` whose message has ``words``."""
    hits = [f for f in found if f.level == level and words in f.message]
    assert len(hits) == 1, [str(f) for f in found]
    return hits[0].where.split(":", 1)[1]


def col(line_text: str, fragment: str) -> int:
    return line_text.index(fragment) + 1


def test_the_valid_map_has_no_findings(tmp_path):
    assert findings(tmp_path, VALID) == []


def test_crossing_routes(tmp_path):
    row = "  - {between: [B, D], type: blue, length: 3}"
    text, line = edited("areas:\n", row + "\nareas:\n", row)
    assert located(findings(tmp_path, text), "error", "B-D crosses route A-C") == f"{line}:5"


def test_a_route_over_a_city(tmp_path):
    row = "  - {between: [A, E], type: blue, length: 3}"
    text, line = edited("areas:\n", row + "\nareas:\n", row)
    assert located(findings(tmp_path, text), "error", "A-E runs over city B") == f"{line}:5"


def test_a_missing_capital(tmp_path):
    text = VALID.replace("{name: A,", "{name: Q,").replace("[A, ", "[Q, ")
    assert located(findings(tmp_path, text), "error", "there is no capital") == "6:3"


def test_a_disconnected_map(tmp_path):
    text = (
        VALID.replace("  - {between: [B, E], type: purple, length: 2}\n", "")
        .replace("  - {between: [C, E], type: red, length: 2}\n", "")
        .replace("  - {x: 7.0, y: 3.8, points: 2}\n", "")
    )
    assert located(findings(tmp_path, text), "error", "city E cannot be reached") == "10:5"


@pytest.mark.parametrize("length", [0, 7])
def test_a_length_outside_1_to_6(tmp_path, length):
    row = f"  - {{between: [A, D], type: orange, length: {length}}}"
    text, line = edited("  - {between: [A, D], type: orange, length: 1}", row, row)
    bound = "0 is less than 1, the least allowed" if length == 0 else "7 is more than 6, the most allowed"
    assert refused(tmp_path, text) == f"{line}:{col(row, str(length) + '}')}: routes[4].length: {bound}"


def test_a_route_too_short_for_its_spaces(tmp_path):
    row = "  - {between: [A, D], type: orange, length: 5}"
    text, line = edited("  - {between: [A, D], type: orange, length: 1}", row, row)
    assert located(findings(tmp_path, text), "error", "too short for 5 spaces") == f"{line}:{col(row, '5}')}"


def test_a_route_to_an_unknown_city(tmp_path):
    row = "  - {between: [A, Q], type: orange, length: 1}"
    text, line = edited("  - {between: [A, D], type: orange, length: 1}", row, row)
    assert located(findings(tmp_path, text), "error", "there is no city Q") == f"{line}:{col(row, '[')}"


def test_a_third_lane(tmp_path):
    row = "  - {between: [A, B], type: green, length: 2}"
    text, line = edited("  - {between: [B, C]", row + "\n  - {between: [B, C]", row)
    assert located(findings(tmp_path, text), "error", "a third route between A and B") == f"{line}:5"


def test_a_multiroute_needs_one_different_type_per_space(tmp_path):
    row = "  - {between: [B, C], type: multi, length: 3, spaces: [red, blue]}"
    text, line = edited("  - {between: [B, C], type: green, length: 3}", row, row)
    assert located(findings(tmp_path, text), "error", "lists 3 different types") == f"{line}:{col(row, '[red')}"
    row = "  - {between: [B, C], type: multi, length: 3, spaces: [red, blue, red]}"
    text, line = edited("  - {between: [B, C], type: green, length: 3}", row, row)
    assert refused(tmp_path, text) == f"{line}:{col(row, 'red]')}: routes[2].spaces[2]: 'red' is listed twice"


def test_an_area_that_is_not_enclosed(tmp_path):
    row = "  - {x: 1.0, y: 1.0, points: 2}"
    text, line = edited("  - {x: 7.0, y: 3.8, points: 2}", row, row)
    found = findings(tmp_path, text)
    assert located(found, "error", "not inside an area enclosed by routes") == f"{line}:5"
    assert located(found, "warning", "enclosed by B-C B-E C-E has no points") == "21:3"


def test_two_points_in_one_area(tmp_path):
    row = "  - {x: 5.5, y: 3.6, points: 1}"
    text, line = edited("  - {x: 7.0, y: 3.8, points: 2}", "  - {x: 7.0, y: 3.8, points: 2}\n" + row, row)
    assert located(findings(tmp_path, text), "error", "a second set of points") == f"{line}:5"


def test_points_overlapping_a_route(tmp_path):
    row = "  - {x: 5.0, y: 3.2, points: 3}"
    text, line = edited("  - {x: 5.0, y: 4.0, points: 3}", row, row)
    assert located(findings(tmp_path, text), "error", "overlap a route or a city") == f"{line}:5"


def test_overlapping_cities(tmp_path):
    row = "  - {name: E, x: 6.8, y: 3.4, slots: 3}"
    text, line = edited("  - {name: E, x: 9, y: 3, slots: 3}", row, row)
    assert located(findings(tmp_path, text), "error", "city E overlaps city B") == f"{line}:5"


def test_a_city_off_the_map(tmp_path):
    row = "  - {name: E, x: 10.8, y: 3, slots: 3}"
    text, line = edited("  - {name: E, x: 9, y: 3, slots: 3}", row, row)
    assert located(findings(tmp_path, text), "error", "does not fit inside") == f"{line}:5"


def test_bad_slots_and_inventory(tmp_path):
    row = "  - {name: E, x: 9, y: 3, slots: 0}"
    text, line = edited("  - {name: E, x: 9, y: 3, slots: 3}", row, row)
    text = text.replace("inventory_spaces: 6", "inventory_spaces: 2")
    assert refused(tmp_path, text) == "4:19: inventory_spaces: 2 is less than 3, the least allowed"
    text = text.replace("inventory_spaces: 2", "inventory_spaces: 6")
    assert refused(tmp_path, text) == f"{line}:{col(row, '0}')}: cities[4].slots: 0 is less than 1, the least allowed"


def test_a_trajectory_to_an_unknown_city(tmp_path):
    row = "  - {kind: cities, cities: [A, Q], reward: points, value: 3}"
    text = VALID + "trajectories:\n" + row + "\n"
    assert (
        located(findings(tmp_path, text), "error", "there is no city Q") == f"{len(text.splitlines())}:{col(row, '[A')}"
    )


def test_balance_warnings(tmp_path):
    text = VALID.replace("type: blue", "type: red").replace("type: green", "type: red")
    found = findings(tmp_path, text)
    assert not [f for f in found if f.level == "error"]
    assert located(found, "warning", "route types are unbalanced") == "12:3"
    assert located(found, "warning", "city B has 3 red routes") == "7:5"
    assert located(found, "warning", "both lanes of A-B are red") == "13:5"


def test_a_bad_value_is_reported_by_the_loader_at_its_line_and_column(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(VALID.replace("type: yellow", "type: pink"), encoding="utf-8")
    with pytest.raises(DataError, match=r"m.yaml:15:29: routes\[3\].type: unknown value 'pink'"):
        load_map(path)


def test_new_writes_a_map_that_passes_the_check(tmp_path):
    for text in (new(None), new(4, size="small", players=5, expansions=("bonus", "multiroutes"))):
        assert not [f for f in findings(tmp_path, text) if f.level == "error"]
    assert "seed: 4" in new(4) and new(4) == new(4)


def test_the_built_in_map_is_the_one_seed_0_generates():
    spec = REGISTRY["aeronaut-odyssey"]
    assert spec.maps.load(None).source.text == new(0)


def test_the_schema_describes_the_map_format():
    schema = schema_for(REGISTRY["aeronaut-odyssey"].maps.model(), "Aeronaut Odyssey map")
    json.dumps(schema)
    assert {"cities", "routes", "areas", "trajectories", "inventory_spaces"} <= set(
        schema["$defs"]["AeroMap"]["properties"]
    )
    assert schema["$defs"]["Route"]["properties"]["type"]["enum"][-2:] == ["gray", "multi"]


def test_a_record_on_a_map_from_the_seed_holds_the_map_hash_and_refuses_a_changed_generator(cli, monkeypatch):
    code, _, _ = cli(
        "ref", "new", "aeronaut-odyssey", "game.pnp", "--players", "ann,bob", "--seed", "12"
    )  # a map for 2
    assert code == 0
    digest = hashlib.sha256(new(12, players=2).encode()).hexdigest()[:16]
    assert f'[Files "rules;generated-map={digest}"]' in Path("game.pnp").read_text(encoding="utf-8")
    assert cli("ref", "play", "game.pnp", "gain", "o")[0] == 0
    monkeypatch.setattr(rules, "generate", lambda seed, knobs: generate(seed + 1, knobs))  # a changed generator
    code, out, err = cli("ref", "moves", "game.pnp")
    assert code != 0 and "changed" in out + err


def test_a_record_on_a_map_file_hashes_the_file_and_nothing_generated(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text(VALID, encoding="utf-8")
    assert list(rules.AeronautOdyssey().rules_inputs(Setup(("ann", "bob"), map_path=path))) == [path]


@pytest.mark.parametrize(
    "size, pages, warned", [("large", 1, True), ("large", 4, False), ("huge", 1, True), ("regular", 1, False)]
)
def test_check_warns_when_spaces_or_slots_print_too_small_for_a_pen(tmp_path, size, pages, warned):
    path = tmp_path / "m.yaml"
    path.write_text(new(21, size=size, pages=pages), encoding="utf-8")
    findings = [f for f in check(load_map(path)) if "pen can fill" in f.message]
    assert bool(findings) == warned
    if warned:
        (finding,) = findings
        assert finding.level == "warning" and finding.where.startswith(f"{path}:")
        assert "(3 mm)" in finding.message and "pages: 4" in finding.message


def test_an_edited_map_no_longer_claims_its_seed(cli, tmp_path):
    from pnp.games.aeronaut_odyssey.wording import origin_words
    from pnp.texts import in_english

    words = in_english("aeronaut-odyssey")
    text = new(42, size="large", expansions=("bonus",))
    assert "`pnp map new aeronaut-odyssey --seed 42 --size large --expansions bonus` remakes it" in text
    (tmp_path / "same.yaml").write_text(text.replace("pages: 4  #", "#"), encoding="utf-8")  # pages by size
    assert origin_words(words, load_map(tmp_path / "same.yaml").value) == "seed 42"
    city = next(line for line in text.splitlines() if line.startswith("  - {name: B,"))
    edited = re.sub(r"slots: \d", "slots: 7", city)  # the generator gives 3 to 6
    (tmp_path / "edited.yaml").write_text(text.replace(city, edited), encoding="utf-8")
    assert origin_words(words, load_map(tmp_path / "edited.yaml").value) == "custom (from seed 42)"
    assert cli("build", "aeronaut-odyssey", "--map", "edited.yaml", "-o", "kit", "--format", "svg")[0] == 0
    header = (tmp_path / "kit/aeronaut-odyssey/svg/board-02.svg").read_text(encoding="utf-8")  # page 1: overview
    assert "custom (from seed 42) · large" in header and "seed 42 ·" not in header.replace("from seed 42", "")
    assert cli("ref", "new", "aeronaut-odyssey", "g.pnp", "--map", "edited.yaml", "--players", "ann,bob")[0] == 0
    assert "Aeronaut Odyssey, map custom (from seed 42), variant none" in cli("ref", "show", "g.pnp")[1]


def test_map_new_with_knobs_and_no_seed_says_which_seed_it_chose(cli, tmp_path):
    code, out, _ = cli("map", "new", "aeronaut-odyssey", "--size", "small", "-o", "m.yaml")
    seed = re.search(r"\(seed (\d+), chosen at random: add --seed \1 to the same command", out)
    assert code == 0 and seed, out
    assert f"seed: {seed[1]}  # printed on the page" in (tmp_path / "m.yaml").read_text(encoding="utf-8")
    assert (tmp_path / "m.yaml").read_text(encoding="utf-8") == new(int(seed[1]), size="small")
