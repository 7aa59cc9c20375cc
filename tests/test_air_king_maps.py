"""Air King fields: every check with its located finding, generated fields, the preview and the schema."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import DataError, PnpError
from pnp.games import REGISTRY
from pnp.games.air_king.maps import check_field, new_field
from pnp.games.air_king.model import AirKingField
from pnp.games.spec import Finding
from pnp.jsonschema import schema_for
from pnp.loader import load_text
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Setup

SPEC = REGISTRY["air-king"]
GOOD = """game: air-king
columns: 7
lanes: 5
closed: []
airports:
  A:
    at: a3
    runway: b3
    departures: [a2, a4]
  B:
    at: g3
    runway: f3
    departures: [g2, g4]
"""


def findings(text: str) -> list:
    return check_field(load_text(text, AirKingField, "field.yaml"))


def position(text: str, needle: str, nth: int = 0) -> str:
    """``line:col`` where the ``nth`` occurrence of ``needle`` starts in ``text``."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    return f"{text.count(chr(10), 0, at) + 1}:{at - text.rfind(chr(10), 0, at)}"


def test_the_built_in_field_passes_without_findings():
    loaded = SPEC.maps.load(None)
    assert SPEC.maps.check(loaded) == []
    assert findings(GOOD) == []


def test_the_default_field_puts_the_airports_five_card_lengths_apart_with_three_spaces_between_the_runways():
    from pnp.games.air_king.maps import checked_field

    field = checked_field(None)
    (a_col, a_lane), (b_col, b_lane) = field.airport_spaces
    assert a_lane == b_lane and b_col - a_col - 1 == 5
    runways = sorted(field.coords(r)[0] for r in field.runway)
    assert runways == [a_col + 1, b_col - 1] and runways[1] - runways[0] - 1 == 3
    assert all(len(zones) == 2 for zones in field.departures)


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("lanes: 5", "lanes: 5\nspace_width: 80", "80", "space_width: 80 mm is too short for a poker card"),
        ("lanes: 5", "lanes: 5\nspace_height: 60", "60", "space_height: 60 mm is too narrow"),
        ("closed: []", "closed: [z9]", "z9", "closed[0]: z9 lies outside the 7 x 5 grid"),
        ("closed: []", "closed: [c-3]", "c-3", "closed[0]: 'c-3' is not a space name"),
        ("closed: []", "closed: [g3]", "g3\n    runway: f3", "airports.B.at: g3 is listed under closed"),
        (
            "runway: b3",
            "runway: b4",
            "b4",
            ("airports.A.runway: no arrival zone beside airport A: the runway b4 does not touch a3"),
        ),
        ("runway: f3", "runway: g2", "g2, g4", "airports.B.departures[0]: g2 is already the arrival zone of airport B"),
        ("[a2, a4]", "[a2, a1]", "a1", "airports.A.departures[1]: departure zone a1 does not touch airport A"),
        ("[g2, g4]", "[ ]", "[ ]", "airports.B.departures: airport B needs at least one departure zone"),
        ("at: g3", "at: a2", "a2, a4", "airports.A.departures[0]: a2 is already airport B"),
        (
            "closed: []",
            "closed: [d1, d2, d3, d4, d5]",
            "[a2, a4]",
            ("airports.A.departures: no path between the airports"),
        ),
    ],
)
def test_each_error_is_located_at_its_line_and_column(old, new, needle, message):
    text = GOOD.replace(old, new)
    errors = [f for f in findings(text) if f.level == "error"]
    assert errors, text
    assert errors[0].where == f"field.yaml:{position(text, needle)}"
    assert errors[0].message.startswith(message), errors[0].message


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("columns: 7", "columns: 30", "30", "columns: 30 is more than 26, the most allowed"),
        ("lanes: 5", "lanes: 0", "0", "lanes: 0 is less than 1, the least allowed"),
    ],
)
def test_a_grid_out_of_bounds_is_refused_at_its_value(old, new, needle, message):
    text = GOOD.replace(old, new)
    with pytest.raises(DataError) as caught:
        load_text(text, AirKingField, "field.yaml")
    assert str(caught.value) == f"field.yaml:{position(text, needle)}: {message}"


def test_a_missing_airport_is_an_error_at_the_airports_mapping():
    text = GOOD.replace("  B:\n    at: g3\n    runway: f3\n    departures: [g2, g4]\n", "")
    (error,) = findings(text)
    assert error.where == f"field.yaml:{position(text, 'A:')}" and "airport B is missing" in error.message


def test_an_unknown_airport_is_an_error_at_its_name():
    text = GOOD.replace("  B:", "  C:")
    messages = [f.message for f in findings(text)]
    assert any(m.startswith("airports.C: unknown airport 'C'") for m in messages)


def test_airports_in_one_column_are_an_error():
    text = GOOD.replace("lanes: 5", "lanes: 7").replace(
        "at: g3\n    runway: f3\n    departures: [g2, g4]", "at: a7\n    runway: b7\n    departures: [a6]"
    )
    (error,) = [f for f in findings(text) if f.level == "error"]
    assert "the airports lie in the same column" in error.message
    assert error.where == f"field.yaml:{position(text, 'a7')}"


def test_balance_concerns_are_warnings():
    (warning,) = findings(GOOD.replace("[g2, g4]", "[g2]"))
    assert warning.level == "warning" and "airport B has one departure zone" in warning.message
    narrow = """columns: 7
lanes: 2
airports:
  A: {at: a1, runway: b1, departures: [a2]}
  B: {at: g1, runway: f1, departures: [g2]}
"""
    result = findings(narrow)
    assert result and all(f.level == "warning" for f in result)
    assert any("fewer than 3 lanes" in f.message for f in result)


def test_an_unreachable_departure_zone_is_a_warning():
    text = GOOD.replace("closed: []", "closed: [a1, b1, b2]")  # a2 is walled in
    (warning,) = findings(text)
    assert warning.level == "warning" and "a2 can never reach airport B" in warning.message
    assert warning.where == f"field.yaml:{position(text, 'a2')}"


def test_structural_errors_come_from_the_loader_with_their_position():
    text = GOOD.replace("lanes: 5", "lanes: five")
    with pytest.raises(DataError, match=r"field.yaml:3:8: lanes: expected a whole number"):
        load_text(text, AirKingField, "field.yaml")


def test_the_referee_refuses_a_field_with_errors(tmp_path):
    path = tmp_path / "bad.yaml"
    text = GOOD.replace("runway: b3", "runway: b4")
    path.write_text(text)
    with pytest.raises(DataError, match=rf"bad.yaml:{position(text, 'b4')}: airports.A.runway: no arrival zone beside"):
        SPEC.rules().new_state(Setup(("a", "b"), map_path=path))


def test_new_without_a_seed_is_the_built_in_field():
    assert new_field(None) == SPEC.maps.load(None).source.text


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_generated_fields_pass_the_check_and_play_to_the_end(tmp_path_factory, seed):
    text = new_field(seed)
    assert text == new_field(seed)
    assert not [f for f in findings(text) if f.level == "error"]
    path = Path(tmp_path_factory.mktemp("fields")) / "field.yaml"
    path.write_text(text)
    game = SPEC.rules()
    table = playout(game, Setup(("p1", "p2"), {"rounds": 15}, seed, path), random_chooser(random.Random(seed)))
    assert table.state.score().winners


def test_the_generator_gives_up_after_a_bounded_number_of_tries(monkeypatch):
    from pnp.games.air_king import maps

    tries = []

    def always_broken(loaded):
        tries.append(loaded)
        assert len(tries) < 10_000, "the generator never gives up"
        return [Finding("error", "generated:1:1", "columns: broken", "columns")]

    monkeypatch.setattr(maps, "check_field", always_broken)
    with pytest.raises(PnpError, match="no playable Air King field .* seed 5"):
        new_field(5)
    assert len(tries) == maps.ATTEMPTS


def test_the_preview_names_every_space_and_marks_closed_ones(tmp_path):
    from pnp.printing.render import drawing_to_svg

    loaded = load_text(GOOD.replace("closed: []", "closed: [d1]"), AirKingField, "field.yaml")
    drawing = SPEC.maps.preview(loaded)
    from pnp.games.air_king.mat import LEGEND

    assert drawing.width == pytest.approx(7 * 94 + 28) and drawing.height == pytest.approx(5 * 68 + 28 + LEGEND)
    svg = drawing_to_svg(drawing)
    root = ET.fromstring(svg)
    texts = {"".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")}
    assert {"c3", "b5", "d1: closed", "Arrival zone A", "Departure B", "Airport A"} <= texts


def test_the_schema_documents_the_field_format():
    schema = schema_for(SPEC.maps.model(), "Air King map")
    props = schema["$defs"]["AirKingField"]["properties"]
    assert {"columns", "lanes", "airports", "closed", "space_width", "space_height"} <= set(props)
    assert "runway" in schema["$defs"]["AirportPlace"]["properties"]
    assert "arrival zone" in schema["$defs"]["AirportPlace"]["properties"]["runway"]["description"]
