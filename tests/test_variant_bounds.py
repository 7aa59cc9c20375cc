"""The bounds of every count, size and list a variant may change: a value the rules or the printed kit cannot take is
refused at load, in one line at the value's place, by ``pnp variant check`` and every command reading the variant."""

from __future__ import annotations

from pathlib import Path

import pytest

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


@pytest.mark.parametrize("game", ["take-off"])
def test_every_field_of_the_template_says_what_it_means(game):
    """Each key and each key of its items has a meaning, not only its kind ('# jet_face: (text).')."""
    written = new_variant(game, "t")
    described = [line for line in written.splitlines() if line.startswith(("# ", "#   ")) and ": (" in line]
    assert [line for line in described if line.split(": ", 1)[1].startswith("(")] == []
