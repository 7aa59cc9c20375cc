"""Checks that help: each broken file (one planted mistake) gets one line that says what to write instead.

A misspelt key or value names the nearest allowed one, a bound names the allowed limit, a pattern is said in
words; no message shows a regular expression or Python's spelling of a value (True, None, a tuple).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.games.air_king.model import goal_design_problems
from pnp.games.aloft.model import load_data as load_aloft_data
from pnp.resources import board_file, data_file

MAPS = Path(__file__).parent / "fixtures" / "maps"
TAKE_OFF = MAPS / "take-off-regional.yaml"
# What a message must never hold: Python's spellings of values and types, and regular expressions.
PYTHON = re.compile(r"\b(True|False|None|int|str|dict|tuple)\b|<class|\('[^']*', |(^|[\s(:])\[[\d'\"]")
REGEX = re.compile(r"[\^$\\]|\[[A-Za-z0-9]-[A-Za-z0-9]\]|\{\d+(,\d*)?\}")
LOCATED = re.compile(r"^m\.yaml:\d+:\d+: error: ")


def _source(game: str) -> str:
    if game == "take-off":
        return TAKE_OFF.read_text(encoding="utf-8")
    if game == "hauling-astronauts":
        return data_file("hauling-astronauts.yaml").read_text(encoding="utf-8")
    return board_file(f"{game}.yaml").read_text(encoding="utf-8")


def clean(message: str) -> bool:
    """True when a message shows neither Python's spelling nor a regular expression (field paths aside)."""
    words = message.split(": ", 2)[-1]  # after file:line:col: and the level
    words = re.sub(r"^[\w.\[\]']+: ", "", words)  # and the field path (routes[3].length)
    return not PYTHON.search(words) and not REGEX.search(words)


# (game, text to replace, the mistake, what the one error line must say)
MISTAKES = [
    ("aloft", "rows: 4", "rowz: 4", "rowz: unknown key 'rowz': did you mean 'rows'?"),
    ("air-king", "lanes: 5", "lane: 5", "lane: unknown key 'lane': did you mean 'lanes'?"),
    ("take-off", "divide: 15", "devide: 15", "devide: unknown key 'devide': did you mean 'divide'?"),
    (
        "hauling-astronauts",
        "low: 9, high: 12, profit: 2}",
        "low: 9, high: 12, proffit: 2}",
        "fleets[0].transports[0].proffit: unknown key 'proffit': did you mean 'profit'?",
    ),
    ("aeronaut-odyssey", "players: 6", "players: 9", "players: 9 is more than 6, the most allowed"),
    ("aeronaut-odyssey", "inventory_spaces: 16", "inventory_spaces: 1", "1 is less than 3, the least allowed"),
    ("aeronaut-odyssey", "pages: 1", "pages: 3", "pages: unknown value 3: did you mean 4? (known: 1, 4, 9)"),
    ("aeronaut-odyssey", "size: regular", "size: reguler", "size: unknown value 'reguler': did you mean 'regular'?"),
    ("aeronaut-odyssey", "{name: B,", "{name: b2,", "'b2' is not a city name: 1 to 3 capital letters (A, BC)"),
    ("aeronaut-odyssey", "width: 12.0", "width: 0", "width: 0 is too small: it must be more than 0"),
    ("aloft", "columns: 12", "columns: yes", "columns: expected a whole number, found 'yes'"),
    ("aloft", "columns: 12", "columns:", "columns: expected a whole number, found nothing"),
    ("take-off", 'title: "Take Off! Europe Express"', "title: true", "title: expected text, found 'true'"),
    ("take-off", "scale: 5 ", "scale: .inf ", "scale: expected a finite number, found .inf"),
    ("take-off", "yellow: kyiv", "yelow: kyiv", "unknown route colour 'yelow': did you mean 'yellow'?"),
    ("take-off", "finish: lisbon", "finish: lisbn", "finish: no city has the id 'lisbn': did you mean 'lisbon'?"),
    ("air-king", "  B:\n", "  b:\n", "airports.b: unknown airport 'b': did you mean 'B'?"),
    ("air-king", "runway: b3", "runway: a3", "a3 is already airport A, so it cannot be the arrival zone of airport A"),
    (
        "hauling-astronauts",
        "{id: A, name: Tortoise",
        "{id: a, name: Tortoise",
        "fleets[0].transports[0].id: 'a' is not one capital letter, A to Z",
    ),
    ("hauling-astronauts", "name: Tortoise", "name: Old Tortoise", "'Old Tortoise' is not one word, with no spaces"),
]


@pytest.mark.parametrize(("game", "old", "new", "said"), MISTAKES, ids=[m[2].strip() for m in MISTAKES])
def test_a_planted_mistake_gets_one_located_line_that_says_what_to_write(cli, game, old, new, said):
    text = _source(game)
    assert old in text
    Path("m.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _, err = cli("map", "check", "m.yaml", "--game", game)
    errors = err.splitlines()
    assert code == 1 and len(errors) == 1, err
    assert LOCATED.match(errors[0]) and said in errors[0], errors[0]
    assert clean(errors[0]), errors[0]


def test_a_runway_on_its_own_airport_is_one_message_not_two(cli):
    """Before, the runway was refused twice: as the airport's space, and as a space that does not touch it."""
    Path("m.yaml").write_text(_source("air-king").replace("runway: b3", "runway: a3"), encoding="utf-8")
    code, _, err = cli("map", "check", "m.yaml")
    assert code == 1 and [line for line in err.splitlines() if "airports.A.runway" in line] == [
        "m.yaml:25:13: error: airports.A.runway: a3 is already airport A, so it cannot be the arrival zone of airport A"
    ]


def _findings(path: Path) -> list[str]:
    from pnp import games

    try:
        spec = games.map_game(path, None if path.parent.name == "common" else path.parent.name)
        assert spec.maps is not None
        return [str(f) for f in spec.maps.check(spec.maps.load(path))]
    except DataError as exc:
        return [str(exc)]


@pytest.mark.parametrize("path", sorted(MAPS.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_finding_on_any_broken_fixture_shows_python_or_a_regular_expression(path):
    for message in _findings(path):
        assert clean(message), message


def test_the_detector_finds_what_the_old_messages_showed():
    """The words refused above, as the checks used to write them."""
    for old in (
        "m.yaml:3:7: counts.a: expected a whole number, found True",
        "m.yaml:3:7: name: expected text, found None",
        "m.yaml:3:7: name: 'ab' does not match the pattern ^[A-Z]{1,3}$",
        "m.yaml:3:7: colour: 'blue' does not match the pattern ^#[0-9a-fA-F]{6}$",
        r"m.yaml:3:7: name: 'a b' does not match the pattern ^\S+$",
        "data/aloft.yaml:9:3: balloons[0].colours: colour not listed under colours: ('B', 'X')",
        "m.yaml:1:1: goals[0]: unknown aircraft [11]",
    ):
        assert not clean(old), old


def test_data_checks_name_the_wrong_item_in_words(tmp_path):
    problems = goal_design_problems(((1, 2, 3, 11),), tuple(range(1, 11)))
    assert problems == [("goals[0]", "no aircraft is numbered 11 (they are 1 to 10)")]
    text = data_file("aloft.yaml").read_text(encoding="utf-8")
    path = tmp_path / "aloft.yaml"
    path.write_text(text.replace("{name: BP,", "{name: BG,"), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_aloft_data(path)
    assert str(info.value).endswith("balloons[1].name: balloons[0] is already named 'BG'")
    assert clean(str(info.value))
