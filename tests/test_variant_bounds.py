"""The bounds of every count, size and list a variant may change: a value the rules or the printed kit cannot take is
refused at load, in one line at the value's place, by ``pnp variant check`` and every command reading the variant."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.pdfium import plain_texts

from pnp.variants.template import new_variant


def check(cli, folder: Path, text: str) -> tuple[int, str]:
    """``pnp variant check`` of a variant file holding ``text``: its exit code and its one line on standard error."""
    (folder / "v.yaml").write_text(text, encoding="utf-8")
    code, _, err = cli("variant", "check", "v.yaml")
    return code, err.strip()


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("die_faces: [R, Y, G, B, J]", "v.yaml:2:12: error: die_faces: 5 items, expected exactly 6"),
        ("die_faces: []", "v.yaml:2:12: error: die_faces: 0 items, expected exactly 6"),
        ("die_faces: [R, Y, G, B, J, T, T]", "v.yaml:2:12: error: die_faces: 7 items, expected exactly 6"),
        ("die_faces: [R, Y, G, B, J, t]", "v.yaml:2:28: error: die_faces[5]: 't' is not one capital letter, A to Z"),
        ("die_size: -5", "v.yaml:2:11: error: die_size: -5 is less than 20, the least allowed"),
        ("die_size: 60", "v.yaml:2:11: error: die_size: 60 is more than 45, the most allowed"),
        ("jet_token: 0", "v.yaml:2:12: error: jet_token: 0 is less than 6, the least allowed"),
        ("fleet_max: 9", "v.yaml:2:12: error: fleet_max: 9 is more than 6, the most allowed"),
        ("round_limit: 0", "v.yaml:2:14: error: round_limit: 0 is less than 1, the least allowed"),
        ("route_colours: []", "v.yaml:2:16: error: route_colours: 0 items, expected at least 1"),
    ],
)
def test_a_take_off_die_size_or_count_out_of_bounds_is_one_line_at_its_value(cli, tmp_path, value, error):
    assert check(cli, tmp_path, f"game: take-off\n{value}\n") == (1, error)


def test_a_die_with_a_face_repeated_in_place_of_another_is_refereed_with_its_odds(cli, tmp_path):
    code, line = check(cli, tmp_path, "game: take-off\ndie_faces: [R, R, G, B, J, T]\n")
    assert code == 0 and line == ""


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (
            "tokens: {launch_per_colour: -3, multicoloured: -1, safety: -2, scoring: 18}",
            "v.yaml:2:29: error: tokens.launch_per_colour: -3 is less than 1, the least allowed",
        ),
        (
            "tokens: {launch_per_colour: 5, multicoloured: -1, safety: 8, scoring: 18}",
            "v.yaml:2:47: error: tokens.multicoloured: -1 is less than 0, the least allowed",
        ),
        ("balloons: []", "v.yaml:2:11: error: balloons: 0 items, expected at least 6"),
        ("set_points: [0, -5, 3]", "v.yaml:2:17: error: set_points[1]: -5 is less than 0, the least allowed"),
        (
            "set_points: [0, 3, 1]",
            "v.yaml:2:20: error: set_points[2]: 1 is fewer than 3, the points of a set one smaller",
        ),
        ("set_points: [2, 3]", "v.yaml:2:14: error: set_points[0]: 2 for a set of no tokens: it scores 0"),
        ("colours: [{code: B, name: Blue, rgb: '#2e6bd1', pattern: diagonal}]", "v.yaml:2:10: error: colours: 1 item,"),
    ],
)
def test_an_aloft_count_out_of_bounds_is_one_line_at_its_value(cli, tmp_path, value, error):
    code, line = check(cli, tmp_path, f"game: aloft\n{value}\n")
    assert code == 1 and line.startswith(error), line


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("hand_limit: 11", "v.yaml:2:13: error: hand_limit: 11 is more than 10, the most allowed"),
        ("moves_per_turn: 7", "v.yaml:2:17: error: moves_per_turn: 7 is more than 6, the most allowed"),
    ],
)
def test_an_air_king_count_out_of_bounds_is_one_line_at_its_value(cli, tmp_path, value, error):
    assert check(cli, tmp_path, f"game: air-king\n{value}\n") == (1, error)


def test_an_air_king_variant_without_storms_leaves_them_off_its_rules_sheet(cli, tmp_path):
    """A calm variant (no Storms: a designer's baseline in a sweep) is valid; its rules sheet listed 'Storm (0)'."""
    text = (Path(__file__).parent.parent / "data" / "air-king.yaml").read_text(encoding="utf-8")
    storm = "    title: Storm\n    count: 5\n"
    assert storm in text
    assert check(cli, tmp_path, "game: air-king\n" + text.replace(storm, "    title: Storm\n    count: 0\n"))[0] == 0
    code, _, err = cli("build", "air-king", "--variant", str(tmp_path / "v.yaml"), "-o", str(tmp_path / "kit"))
    assert code == 0, err
    sheet = " ".join(plain_texts(tmp_path / "kit" / "air-king" / "rules.pdf"))
    assert "Clear sky (" in sheet and "Storm (" not in sheet


def test_a_hauling_astronauts_dock_bonus_is_at_most_a_transports_profit(cli, tmp_path):
    docks = "docks:\n" + "".join(f"  - {{low: 3, high: 18, bonus: {b}}}\n" for b in (1, 1, 1, 1, 1, 7))
    code, line = check(cli, tmp_path, "game: hauling-astronauts\n" + docks)
    assert (code, line) == (1, "v.yaml:8:31: error: docks[5].bonus: 7 is more than 6, the most allowed")


@pytest.mark.parametrize("game", ["take-off", "aloft"])
def test_every_field_of_the_template_says_what_it_means(game):
    """Each key and each key of its items has a meaning, not only its kind ('# jet_face: (text).')."""
    written = new_variant(game, "t")
    described = [line for line in written.splitlines() if line.startswith(("# ", "#   ")) and ": (" in line]
    assert [line for line in described if line.split(": ", 1)[1].startswith("(")] == []


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "game: aloft\nsafety_colour: #f07c1a\n",
            (
                "v.yaml:2:1: error: safety_colour: no value: YAML reads everything from '#' on as a comment: quote the "
                "colour, safety_colour: '#f07c1a'"
            ),
        ),
        (
            "game: air-king\nhand_limit:\n",
            "v.yaml:2:1: error: hand_limit: no value: give one, or delete the key to keep the built-in value",
        ),
        (
            "game: take-off\ndie_size:   # to measure\n",
            "v.yaml:2:1: error: die_size: no value: give one, or delete the key to keep the built-in value",
        ),
    ],
)
def test_a_key_written_without_a_value_is_refused_at_the_key(cli, tmp_path, text, error):
    assert check(cli, tmp_path, text) == (1, error)
