"""Ludii-style measures: each on hand-made games with known values, then a run and a sweep in every report format."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pnp.sim
from pnp.errors import PnpError
from pnp.games.bots import Rater
from pnp.referee.protocol import PlayerScore, Score
from pnp.sim import GameResult, SimConfig
from pnp.sim.checkpoint import Checkpoint
from pnp.sim.engines import Engine
from pnp.sim.measures import LeadRecorder, LeadStory, balance, lead_story, leaders, measure, spread
from pnp.sim.sweep import combinations, parse_over, run_sweep

A, B, BOTH = frozenset({0}), frozenset({1}), frozenset({0, 1})


@pytest.mark.parametrize(
    ("turns", "winners", "story"),
    [
        # the lead passes once (a tie on the way changes nothing); the winner leads from turn 5 of 6
        ([BOTH, A, A, B, BOTH, B], (1,), LeadStory(6, 1, 5)),
        # seat 1 leads or ties all game and wins: no change, but only decided by the last turn
        ([A, BOTH, A, BOTH], (0,), LeadStory(4, 0, 4)),
        # the winner leads from the first turn
        ([B, B, B], (1,), LeadStory(3, 0, 0)),
        # overtaken on the last turn: one change, decided only at the end
        ([A, A, A], (1,), LeadStory(3, 1, 3)),
        # a shared win: the lead passed once, and the shared lead held from turn 2
        ([A, B, BOTH], (0, 1), LeadStory(3, 1, 2)),
        ([A, B, A, B, A], (0,), LeadStory(5, 4, 4)),
        ([], (0,), LeadStory(0, 0, 0)),
    ],
)
def test_a_games_lead_story_counts_the_changes_of_its_sole_leader_and_when_the_winner_led_for_good(
    turns, winners, story
):
    assert lead_story(turns, winners) == story


def test_balance_is_one_minus_the_largest_gap_between_seats_win_rates():
    assert balance([0.5, 0.5]) == 1.0
    assert balance([0.7, 0.3]) == 0.6
    assert balance([0.5, 0.25, 0.25]) == 0.75
    assert balance([1.0, 0.0, 0.0]) == 0.0


def test_a_spread_gives_the_least_the_quartiles_the_most_and_equal_bins():
    assert spread([10, 4, 8]) == {"min": 4, "q1": 6, "median": 8, "q3": 9, "max": 10, "bins": [1, 0, 0, 0, 1, 0, 1]}
    assert spread([7]) == {"min": 7, "q1": 7, "median": 7, "q3": 7, "max": 7, "bins": [1]}
    assert spread([1, 2, 3, 4, 5], bins=5)["bins"] == [1, 1, 1, 1, 1]
    assert spread([1, 2, 3, 4, 5], bins=2)["bins"] == [3, 2]
    assert spread(list(range(100)))["bins"] == [10] * 10


def _game(index: int, turns: int, changes: int, decided_at: int, moves: int = 10) -> GameResult:
    return GameResult(index, ("random", "random"), (1, 1), (0,), moves, {}, {}, {}, turns, changes, decided_at)


def test_a_runs_measures_average_its_games_stories():
    games = [_game(0, 10, 2, 5, moves=30), _game(1, 4, 0, 1, moves=12), _game(2, 8, 1, 8, moves=20)]
    measures = measure(games, [0.7, 0.3])
    assert measures["balance"] == 0.6
    assert measures["decisiveness"] == round((0.5 + 0.75 + 0.0) / 3, 4)
    assert measures["lead_changes"] == 1.0
    assert measures["turns"] == spread([10, 4, 8])
    assert measures["inputs"] == spread([30, 12, 20])


class _Position:
    """A stand-in for a game state: who is to move and the scores."""

    def __init__(self, mover: str | None, scores: dict[str, int]) -> None:
        self.mover, self.scores = mover, scores

    def to_move(self) -> str | None:
        return self.mover

    def score(self) -> Score:
        return Score(False, tuple(PlayerScore(name, score, {}) for name, score in self.scores.items()))


def test_the_leaders_are_by_the_games_rating_seen_without_secrets_or_else_by_the_score():
    position = _Position("ann", {"ann": 3, "bob": 5, "cy": 5})
    assert leaders(position, ("ann", "bob", "cy"), None) == {1, 2}
    seen = []

    def rating(state, name, own):
        seen.append(own)
        return {"ann": 9.5, "bob": 1.0, "cy": 2.0}[name]

    assert leaders(position, ("ann", "bob", "cy"), Rater(rating)) == {0}
    assert seen == [{}, {}, {}]


def test_the_recorder_notes_the_leaders_once_a_turn_whenever_another_player_is_to_move():
    recorder = LeadRecorder(("ann", "bob"), None)
    for mover, ann, bob in [("ann", 0, 0), ("ann", 2, 0), (None, 2, 0), ("bob", 2, 0), ("bob", 2, 3), ("ann", 2, 3)]:
        recorder.note(_Position(mover, {"ann": ann, "bob": bob}))
    assert recorder.turns == [BOTH, A, B]


def test_a_played_game_records_its_turns_and_a_lead_story_that_fits_them():
    config = SimConfig("take-off", games=1, players=2, bots=("greedy",), seed=3)
    result = pnp.sim.play_one(config, 0)
    assert 0 < result.turns <= result.moves
    assert 0 <= result.decided_at <= result.turns
    assert result.lead_changes <= result.turns


def _known_games(monkeypatch):
    """Four games of known story: seat 1 wins three (balance 0.5), decisiveness 0.25, 1.5 lead changes a game."""
    decided = [4, 6, 8, 6]

    def play(config, index):
        winner = (0,) if index < 3 else (1,)
        bots = pnp.sim.seat_bots(config.bots, config.players, index)
        return GameResult(index, bots, (1, 1), winner, 20 + index, {}, {}, {}, 8, index, decided[index])

    monkeypatch.setattr(pnp.sim, "play_one", play)


KNOWN = {
    "balance": 0.5,
    "decisiveness": 0.25,
    "lead_changes": 1.5,
    "turns": {"min": 8, "q1": 8, "median": 8, "q3": 8, "max": 8, "bins": [4]},
    "inputs": {"min": 20, "q1": 20.75, "median": 21.5, "q3": 22.25, "max": 23, "bins": [1, 1, 1, 1]},
}
RUN = ("sim", "aloft", "--games", "4", "--bots", "random")


def test_a_run_prints_its_measures_in_json(cli, monkeypatch):
    _known_games(monkeypatch)
    code, out, err = cli(*RUN, "--json")
    assert code == 0, err
    assert json.loads(out)["measures"] == KNOWN


def test_a_run_prints_its_measures_in_text(cli, monkeypatch):
    _known_games(monkeypatch)
    code, out, err = cli(*RUN)
    assert code == 0, err
    assert (
        "balance 0.50 (1: every seat wins as often), lead changes 1.5 a game\n"
        "decisiveness 0.25: the share of a game played after its winner took the lead for good\n"
        "length in turns: min 8, quartiles 8 / 8 / 8, max 8; "
        "in moves: min 20, quartiles 20.75 / 21.5 / 22.25, max 23\n"
    ) in out


def test_a_run_calls_its_length_moves_on_every_line(cli, monkeypatch):
    """'game length: mean 286.99 moves' and 'in inputs: min 105, ...' named one count two ways."""
    _known_games(monkeypatch)
    out = cli(*RUN)[1]
    assert "game length: mean 21.5 moves (min 20, max 23)" in out and "; in moves: min 20," in out
    assert [line for line in out.splitlines() if "input" in line and not line.startswith("inputs: ")] == []


def test_a_run_shows_its_measures_and_a_histogram_of_turns_in_html(cli, monkeypatch):
    _known_games(monkeypatch)
    code, _, err = cli(*RUN, "--html", "run.html")
    assert code == 0, err
    page = Path("run.html").read_text(encoding="utf-8")
    assert "<h2>Measures</h2>" in page and "balance 0.50" in page and "lead changes 1.5 a game" in page
    assert "<tr><td>moves</td><td>20</td><td>20.75</td><td>21.5</td><td>22.25</td><td>23</td></tr>" in page
    assert "Game length (turns)" in page


def test_a_real_run_measures_what_its_games_show(cli):
    code, out, err = cli("sim", "aloft", "--games", "6", "--bots", "random", "--seed", "5", "--json")
    assert code == 0, err
    data = json.loads(out)
    measures, rates = data["measures"], [seat["win_rate"] for seat in data["win_rate_by_seat"].values()]
    assert measures["balance"] == pytest.approx(1 - (max(rates) - min(rates)), abs=1e-4)
    assert 0 <= measures["decisiveness"] <= 1 and measures["lead_changes"] >= 0
    assert measures["inputs"]["min"] == data["game_length"]["min"] and sum(measures["inputs"]["bins"]) == 6
    turns = measures["turns"]
    assert 0 < turns["min"] <= turns["q1"] <= turns["median"] <= turns["q3"] <= turns["max"]
    assert turns["max"] <= data["game_length"]["max"]


SWEEP = ("sim", "sweep", "aloft", "--over", "players=2", "--games", "4", "--bots", "random")


def test_a_sweep_row_carries_its_measures_in_json_text_and_html(cli, monkeypatch):
    _known_games(monkeypatch)
    code, out, err = cli(*SWEEP, "--json")
    assert code == 0, err
    assert json.loads(out)["rows"][0]["measures"] == KNOWN
    code, out, err = cli(*SWEEP, "--html", "sweep.html")
    assert code == 0, err
    header, row = out.splitlines()[:2]
    assert header.split()[-5:] == ["balance", "decisive", "leads", "turns", "(quartiles)"]
    assert row.split()[-8:] == ["0.50", "0.25", "1.50", "8", "/", "8", "/", "8"]
    page = Path("sweep.html").read_text(encoding="utf-8")
    assert "<td>0.50</td><td>0.25</td><td>1.5</td>" in page
    bars = re.findall(r'<i style="height:(\d+)px">', page)
    assert bars == ["16"]  # every game 8 turns long: one bar


def test_a_checkpoint_keeps_each_games_lead_story_and_refuses_one_without_it(tmp_path):
    plan = combinations(SimConfig("take-off", games=3, players=2, bots=("random",), seed=2), parse_over(["fleet=1"]))
    path = tmp_path / "sweep.json"
    whole = run_sweep(plan, Engine(), Checkpoint(path, plan))
    kept = Checkpoint(path, plan).done
    assert [(g.turns, g.lead_changes, g.decided_at) for g in kept.values()] == [
        (g.turns, g.lead_changes, g.decided_at) for g in (pnp.sim.play_one(plan[0].config, i) for i in range(3))
    ]
    assert all(g.turns > 0 for g in kept.values())
    assert run_sweep(plan, Engine(), Checkpoint(path, plan)) == whole
    data = json.loads(path.read_text())
    whole_games = data["done"]
    data["done"] = [game[:6] for game in whole_games]  # as pnp wrote it before the measures
    path.write_text(json.dumps(data))
    with pytest.raises(PnpError, match="a checkpoint of an older pnp .it keeps less of each game.: name a new file"):
        Checkpoint(path, plan)
    data["done"] = [game[:9] for game in whole_games]  # before games cut short were kept
    path.write_text(json.dumps(data))
    with pytest.raises(PnpError, match="a checkpoint of an older pnp"):
        Checkpoint(path, plan)


def test_the_lead_is_recorded_from_an_onlookers_view_without_changing_a_game(monkeypatch):
    """Recording the leaders rates positions beside the bots: the games played are the same as without it."""
    config = SimConfig("air-king", games=1, players=2, bots=("greedy",), seed=1)
    recorded = pnp.sim.play_one(config, 0)
    monkeypatch.setattr(pnp.sim.LeadRecorder, "note", lambda self, state: None)
    plain = pnp.sim.play_one(config, 0)
    assert (plain.scores, plain.winners, plain.moves) == (recorded.scores, recorded.winners, recorded.moves)
    assert plain.turns == 0 < recorded.turns
