"""Hauling Astronauts' data: the shipped set follows its documented balancing, and bad files fail with a location."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import floor, log2

import pytest

from pnp.errors import DataError
from pnp.games.hauling_astronauts.model import (
    HIGHEST,
    LOWEST,
    builtin,
    load_data,
    odds,
    range_label,
)
from pnp.resources import data_file

DATA = builtin()


def difficulty(low: int, high: int) -> int:
    """round(log2(1/p)) for the range: the balancing rule behind profits and bonuses."""
    return floor(log2(1 / odds(low, high)) + 0.5)


def derived_profit(low: int, high: int) -> int:
    """The profit the balancing rule gives a capacity: 1 + difficulty, kept within 2..6."""
    return min(max(1 + difficulty(low, high), 2), 6)


def test_odds_count_three_dice():
    rolls = [sum(d) for d in product(range(1, 7), repeat=3)]
    for low in range(LOWEST, HIGHEST + 1):
        for high in range(low, HIGHEST + 1):
            assert odds(low, high) == Fraction(sum(low <= r <= high for r in rolls), 216)


def test_every_profit_is_derived_from_its_capacitys_odds():
    for fleet in DATA.fleets:
        for transport in fleet.transports:
            assert transport.profit == derived_profit(transport.low, transport.high), transport
            assert 2 <= transport.profit <= 6


def test_every_dock_bonus_is_one_step_below_a_transport_of_the_same_range():
    for dock in DATA.docks:
        assert dock.bonus == difficulty(dock.low, dock.high)


def test_each_fleet_spans_the_whole_profit_scale():
    for fleet in DATA.fleets:
        assert {t.profit for t in fleet.transports} == {2, 3, 4, 5, 6}


def test_player_twos_fleet_mirrors_player_ones_through_21_minus_the_sum():
    first, second = DATA.fleets
    for a, b in zip(first.transports, second.transports):
        assert (b.low, b.high) == (21 - a.high, 21 - a.low) and b.profit == a.profit
    assert sorted(odds(t.low, t.high) for t in first.transports) == sorted(
        odds(t.low, t.high) for t in second.transports
    )


def test_the_docks_are_their_own_mirror_and_every_load_fits_one():
    ranges = {(d.low, d.high, d.bonus) for d in DATA.docks}
    assert ranges == {(21 - high, 21 - low, bonus) for low, high, bonus in ranges}
    for load in range(LOWEST, HIGHEST + 1):
        assert any(d.fits(load) for d in DATA.docks), load


def test_range_labels():
    assert range_label(3, 8) == "8 or less"
    assert range_label(13, 18) == "13 or more"
    assert range_label(10, 10) == "10"
    assert range_label(9, 12) == "9 – 12"


def _broken(tmp_path, old: str, new: str):
    text = data_file("hauling-astronauts.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "ha.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    return path, line


@pytest.mark.parametrize(
    ("old", "new", "field", "message"),
    [
        (
            "name: Needle, low: 4, high: 5, profit: 6",
            "name: Needle, low: 4, high: 5, profit: 7",
            "profit",
            "7 is more than 6, the most allowed",
        ),
        ("{id: C, name: Heron, low: 13", "{id: A, name: Heron, low: 13", ".id", "used twice"),
        (
            "{id: Z, name: Titan, low: 16, high: 17",
            "{id: Z, name: Titan, low: 17, high: 16",
            ".low",
            "low must be at most high",
        ),
        (
            "{low: 16, high: 18, bonus: 4}",
            "{low: 16, high: 19, bonus: 4}",
            "docks[5].high",
            "19 is more than 18, the most allowed",
        ),
        (
            "{low: 13, high: 15, bonus: 2}",
            "{low: 13, high: 15, bonus: -2}",
            "docks[4].bonus",
            "-2 is less than 0, the least allowed",
        ),
        (
            'colour: "#2f6690"',
            'colour: "blue"',
            "fleets[1].colour",
            "'blue' is not a colour written #rrggbb",
        ),
        ("{id: B, name: Drifter,", "{id: b1, name: Drifter,", ".id", "'b1' is not one capital letter, A to Z"),
        (
            "{id: U, name: Lantern, low: 9, high: 12, profit: 2}",
            "{id: U, name: Lantern, lo: 9, high: 12, profit: 2}",
            "lo",
            "unknown key",
        ),
        ("profit: 2}    # mirrors A", "profit: two}    # mirrors A", "profit", "whole number"),
    ],
)
def test_a_bad_value_is_reported_at_its_line(tmp_path, old, new, field, message):
    path, line = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as caught:
        load_data(path)
    text = str(caught.value)
    assert text.startswith(f"{path}:{line}:"), text
    assert field in text and message in text


def test_a_fleet_must_have_six_transports(tmp_path):
    path, _ = _broken(tmp_path, "      - {id: F, name: Needle, low: 4, high: 5, profit: 6}      #   9/216", "      #")
    with pytest.raises(DataError, match=r"fleets\[0\]\.transports: 5 items, expected exactly 6"):
        load_data(path)
