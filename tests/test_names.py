"""Printed names typed loosely: case, accents, spaces and punctuation do not matter; misses get suggestions."""

from __future__ import annotations

import pytest

from pnp.errors import NotationError
from pnp.games.names import NameClash, Names, fold

CITIES = Names("city", {"port-louis": ["Port Louis"], "st-georges": ["St. George's"], "ndjamena": ["N'Djamena"]})


@pytest.mark.parametrize(
    ("typed", "key"),
    [("Port Louis", "port-louis"), ("port louis", "port-louis"), ("PORT-LOUIS", "port-louis"),
     ("St Georges", "st-georges"), ("st. george's", "st-georges"), ("ndjamena", "ndjamena"),
     ("N’Djaména", "ndjamena")],
)  # fmt: skip
def test_printed_names_and_ids_match_whatever_the_case_accents_and_punctuation(typed, key):
    assert CITIES.key(typed) == key


def test_an_unknown_name_suggests_the_nearest_printed_names():
    with pytest.raises(NotationError, match=r"there is no city 'st georgs'; did you mean \"St. George's\"\?"):
        CITIES.key("st georgs")
    with pytest.raises(NotationError) as info:
        CITIES.key("zzz", "draw zzz")
    assert str(info.value) == "cannot read 'draw zzz': there is no city 'zzz'"


def test_two_things_that_read_alike_are_refused_when_the_table_is_built():
    with pytest.raises(NameClash, match="card 'a-bc' and card 'ab-c' read alike, case, spaces and punct") as info:
        Names("card", {"a-bc": [], "ab-c": []})
    assert (info.value.first, info.value.second, info.value.folded) == ("a-bc", "ab-c", "abc")
    with pytest.raises(NameClash, match="card 'a' as 'wind' and card 'b' as 'Wind' read alike"):
        Names("card", {"a": ["wind"], "b": ["Wind"]})


def test_fold_keeps_letters_and_digits_only():
    assert fold("Aéro 7 – São Tomé!") == "aero7saotome"
