"""Air King's card data: the goal-card design computed from the file, the deck, and located loader errors."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pnp.errors import DataError
from pnp.games.air_king.model import CARD_TYPES, goal_design_problems, load_data
from pnp.resources import data_file

DATA = load_data().value
TEXT = data_file("air-king.yaml").read_text(encoding="utf-8")


def test_ten_goal_cards_of_four_different_aircraft():
    assert len(DATA.goals) == 10
    assert all(len(set(card)) == 4 and set(card) <= set(range(1, 11)) for card in DATA.goals)


def test_every_aircraft_is_on_exactly_four_goal_cards():
    uses = Counter(n for card in DATA.goals for n in card)
    assert uses == {n: 4 for n in range(1, 11)}


def test_every_pair_of_aircraft_shares_at_least_one_goal_card():
    for a, b in combinations(range(1, 11), 2):
        assert any(a in card and b in card for card in DATA.goals), (a, b)


def test_no_two_goal_cards_share_more_than_two_aircraft():
    for one, other in combinations(DATA.goals, 2):
        assert len(set(one) & set(other)) <= 2, (one, other)


def test_each_goal_card_needs_two_aircraft_from_each_airport():
    homes = {p.number: p.home for p in DATA.aircraft}
    for card in DATA.goals:
        assert Counter(homes[n] for n in card) == {"A": 2, "B": 2}


@pytest.mark.parametrize(
    ("goals", "problem"),
    [
        (((1, 2, 3, 4), (1, 2, 3, 5)), "share more than two"),
        (((1, 2, 3, 4), (1, 5, 6, 7)), "same number of cards"),
        (((1, 2, 3, 3),), "4 different aircraft"),
        (((1, 2, 3, 11),), "no aircraft is numbered 11 (they are 1 to 10)"),
    ],
)
def test_the_design_check_finds_broken_goal_sets(goals, problem):
    assert any(problem in message for _, message in goal_design_problems(goals, tuple(range(1, 11))))


def test_the_design_check_finds_a_pair_that_never_meets():
    # a cyclic design: four neighbours on a ring of ten, so 1 and 5 never meet
    goals = tuple(tuple(sorted(((i + k) % 10) + 1 for k in (0, 1, 2, 3))) for i in range(10))
    assert ("goals", "aircraft 1 and 5 share no goal card") in goal_design_problems(goals, tuple(range(1, 11)))


def test_thirty_events_of_which_four_are_technical_returns_and_54_cards_in_all():
    """The rulebook lists Technical Return among its 30 event cards, and the game has 54 cards."""
    assert [e.type for e in DATA.events] == list(CARD_TYPES)
    assert sum(e.count for e in DATA.events) + DATA.technical_return.count == 30
    assert all(e.count > 0 for e in DATA.events)
    assert DATA.technical_return.count == 4


def test_aircraft_one_to_five_start_at_a_and_each_has_its_own_colour_and_symbol():
    assert [p.number for p in DATA.aircraft] == list(range(1, 11))
    assert [p.home for p in DATA.aircraft] == ["A"] * 5 + ["B"] * 5
    assert len({p.rgb for p in DATA.aircraft}) == 10 and len({p.symbol for p in DATA.aircraft}) == 10


def _broken(tmp_path: Path, old: str, new: str) -> tuple[Path, int, int]:
    """A copy of the data file with one change, and the 1-based line and column of the change."""
    assert TEXT.count(old) == 1
    at = TEXT.index(old)
    line = TEXT.count("\n", 0, at) + 1
    col = at - TEXT.rfind("\n", 0, at)
    path = tmp_path / "air-king.yaml"
    path.write_text(TEXT.replace(old, new), encoding="utf-8")
    return path, line, col


def test_a_goal_card_breaking_the_design_is_reported_at_its_line(tmp_path):
    path, line, col = _broken(tmp_path, "[4, 5, 6, 9]", "[4, 5, 6, 6]")
    with pytest.raises(DataError) as caught:
        load_data(path)
    assert str(caught.value).startswith(f"{path}:{line}:{col}: goals[9]: a goal card shows 4 different aircraft")


def test_an_unknown_symbol_is_reported_at_its_line(tmp_path):
    path, line, col = _broken(tmp_path, "symbol: heart", "symbol: spade")
    with pytest.raises(DataError, match=rf"{line}:{col + 8}: aircraft\[8\].symbol: unknown value 'spade'"):
        load_data(path)


def test_a_negative_count_is_reported_at_its_line(tmp_path):
    path, line, col = _broken(tmp_path, "count: 4\n    text: Take one Storm", "count: -1\n    text: Take one Storm")
    with pytest.raises(DataError, match=rf"{line}:{col + 7}: events\[3\].count: -1 is less than 0, the least allowed"):
        load_data(path)


def test_aircraft_sharing_a_colour_are_refused(tmp_path):
    path, _line, _ = _broken(tmp_path, 'rgb: "#2e6bd1"', 'rgb: "#d62f2f"')
    with pytest.raises(DataError, match=r"aircraft\[0\].rgb: each aircraft needs its own rgb"):
        load_data(path)
