"""pnp sim sweep: every combination or generated map, flags for unfair seats, checkpoints that resume."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

import pnp.sim
from pnp.errors import PnpError
from pnp.sim import SimConfig
from pnp.sim.checkpoint import Checkpoint
from pnp.sim.engines import Engine
from pnp.sim.sweep import combinations, parse_over, run_sweep

BASE = SimConfig("take-off", games=30, players=2, bots=("greedy",), seed=4)


def test_every_combination_of_the_values_is_one_row_with_its_settings():
    plan = combinations(BASE, parse_over(["fleet=1,2", "players=2,3,4"]))
    assert [c.label for c in plan][:3] == ["fleet=1 players=2", "fleet=1 players=3", "fleet=1 players=4"]
    assert len(plan) == 6
    assert {(c.config.options["fleet"], c.config.players) for c in plan} == {(f, p) for f in (1, 2) for p in (2, 3, 4)}


def test_generated_maps_are_swept_with_their_seed_and_size():
    base = SimConfig("aeronaut-odyssey", games=10, players=2, bots=("greedy",), seed=7)
    plan = combinations(base, [], maps=3, size="tiny")
    assert [c.label for c in plan] == ["map seed 7", "map seed 8", "map seed 9"]
    texts = [c.config.map_text or "" for c in plan]
    assert len(set(texts)) == 3 and all("cities" in text for text in texts)


@pytest.mark.parametrize(
    ("overs", "maps", "size", "message"),
    [
        (["fleet"], None, None, "expected KEY=V1,V2"),
        (["fleet=1", "fleet=2"], None, None, "given twice"),
        (["colour=red"], None, None, "cannot be swept over 'colour' (known: fleet, rounds, play_on, players, map"),
        (["flet=1"], None, None, "cannot be swept over 'flet': did you mean 'fleet'? (known: fleet, rounds,"),
        (["fleet=many"], None, None, "fleet"),
        (["players=9"], None, None, "not 9"),
        ([], 2, "small", "maps have no --size"),
        ([], None, "small", "--size needs --maps"),
        ([], -1, None, "--maps must be 1 or more"),
        ([], 0, None, "--maps must be 1 or more (leave it out to play the maps as set)"),
        (
            ["fleet=" + ",".join(map(str, range(400))), "players=" + ",".join(map(str, range(400)))],
            None,
            None,
            "160,000",
        ),
        (["players=2,2"], None, None, "--over 'players=2,2': '2' is given twice"),
    ],
)
def test_impossible_sweeps_are_refused_before_any_game(overs, maps, size, message):
    with pytest.raises(PnpError, match=re.escape(message)):
        combinations(BASE, parse_over(overs), maps, size)


def test_a_game_without_generated_maps_has_no_map_sweep():
    with pytest.raises(PnpError, match="generates no maps"):
        combinations(SimConfig("hauling-astronauts", games=2, players=2), [], maps=2)


def test_a_seat_that_always_wins_is_flagged_and_a_fair_one_is_not(monkeypatch):
    plan = combinations(BASE, parse_over(["fleet=1"]))
    real = pnp.sim.play_one

    def first_seat_wins(config, index):
        result = real(config, index)
        return pnp.sim.GameResult(index, result.bots, (5, 1), (0,), result.moves, {})

    monkeypatch.setattr(pnp.sim, "play_one", first_seat_wins)
    (row,) = run_sweep(plan, Engine(), Checkpoint(None, plan))
    assert row["seat"] == "seat 1" and row["advantage"] == 0.5 and row["significant"]
    assert row["ci95"][0] > 0 and row["score_spread"] == 4
    monkeypatch.setattr(pnp.sim, "play_one", real)
    (fair,) = run_sweep(plan, Engine(), Checkpoint(None, plan))
    assert fair["ci95"][0] <= 0 <= fair["ci95"][1] and not fair["significant"]


def test_an_interrupted_sweep_resumes_without_replaying_finished_games(tmp_path, monkeypatch):
    plan = combinations(replace(BASE, games=10), parse_over(["fleet=1,2"]))  # stopped in the second combination
    path = tmp_path / "sweep.json"
    whole = run_sweep(plan, Engine(), Checkpoint(None, plan))

    def stop_after_13(done: int) -> None:
        if done == 13:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(plan, Engine(), Checkpoint(path, plan), stop_after_13)
    assert len(json.loads(path.read_text())["done"]) == 13
    played = []
    real = pnp.sim.play_one
    monkeypatch.setattr(pnp.sim, "play_one", lambda config, index: played.append(index) or real(config, index))
    assert run_sweep(plan, Engine(), Checkpoint(path, plan)) == whole
    assert len(played) == 20 - 13
    assert not [p for p in tmp_path.iterdir() if p.name != "sweep.json"]  # no temporary file left behind
    played.clear()
    assert run_sweep(plan, Engine(), Checkpoint(path, plan)) == whole and not played


def test_a_checkpoint_of_other_settings_or_not_a_checkpoint_is_refused(tmp_path):
    plan = combinations(BASE, parse_over(["fleet=1"]))
    path = tmp_path / "sweep.json"
    run_sweep(plan, Engine(), Checkpoint(path, plan))
    other = combinations(BASE, parse_over(["fleet=2"]))
    with pytest.raises(PnpError, match="another sweep"):
        Checkpoint(path, other)
    path.write_text("{not json")
    with pytest.raises(PnpError, match="not a pnp sweep checkpoint"):
        Checkpoint(path, plan)


def test_the_cli_prints_the_table_json_and_html_with_the_plot(cli):
    args = ("sim", "sweep", "aeronaut-odyssey", "--maps", "3", "--size", "tiny", "--games", "20")
    code, out, err = cli(*args, "--html", "sweep.html")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["combination", "seat"]
    assert [line.split()[:3] for line in lines[1:4]] == [["map", "seed", str(s)] for s in range(3)]
    assert re.match(r"\d of 3 combinations flagged", lines[4])
    page = Path("sweep.html").read_text()
    assert page.count("<circle") == 3 and page.count("<svg") == 3
    code, out, _ = cli(*args, "--json")
    rows = json.loads(out)["rows"]
    assert [r["combination"] for r in rows] == ["map seed 0", "map seed 1", "map seed 2"]
    assert all(r["ci95"][0] <= r["advantage"] <= r["ci95"][1] and r["games"] == 20 for r in rows)
    assert [r["map"]["file"] for r in rows] == [f"generated: map seed {s}" for s in range(3)]
    assert len({r["map"]["sha256"] for r in rows}) == 3


def _aloft_maps() -> None:
    """Two Aloft boards in the current folder: the built-in one, and one two rows taller."""
    from pnp.resources import board_file

    text = board_file("aloft.yaml").read_text(encoding="utf-8")
    Path("low.yaml").write_text(text, encoding="utf-8")
    Path("tall.yaml").write_text(text.replace("rows: 4", "rows: 6"), encoding="utf-8")


def test_a_sweep_compares_map_files_side_by_side_each_row_naming_its_file_and_digest(cli):
    import hashlib

    import pnp

    _aloft_maps()
    args = ("sim", "sweep", "aloft", "--over", "map=low.yaml,tall.yaml", "--over", "players=2,3", "--games", "4")
    code, out, err = cli(*args, "--bots", "random", "--seed", "3", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["inputs"] == {"game": "aloft", "bots": ["random"], "seed": 3, "options": {}, "pnp": pnp.__version__}
    digests = {name: hashlib.sha256(Path(name).read_bytes()).hexdigest()[:12] for name in ("low.yaml", "tall.yaml")}
    assert [(r["combination"], r["players"], r["map"]) for r in report["rows"]] == [
        (f"map={name} players={players}", players, {"file": name, "sha256": digests[name]})
        for name in ("low.yaml", "tall.yaml")
        for players in (2, 3)
    ]
    code, out, _ = cli(*args, "--bots", "random", "--seed", "3")
    last = out.splitlines()[-1]
    assert last == (
        f"inputs: aloft, maps low.yaml (sha256 {digests['low.yaml']}), tall.yaml (sha256 {digests['tall.yaml']}), "
        f"bots random, seed 3, pnp {pnp.__version__}"
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--over", "map=low.yaml,gone.yaml"), "gone.yaml: cannot read the map: no such file"),
        (("--over", "map=low.yaml,bad.yaml"), "bad.yaml:4:13: cell_width: 40 mm is too narrow for a 44 mm card"),
        (("--over", "map=low.yaml,bad.yaml", "--map", "low.yaml"), "--over map=... excludes --map and --maps"),
        (("--over", "map=low.yaml", "--maps", "2"), "--over map=... excludes --map and --maps"),
    ],
)
def test_map_files_are_checked_before_any_game_and_refused_in_one_line(cli, monkeypatch, extra, message):
    _aloft_maps()
    Path("bad.yaml").write_text("game: aloft\ncolumns: 12\nrows: 4\ncell_width: 40\n", encoding="utf-8")
    monkeypatch.setattr(pnp.sim, "play_one", lambda config, index: pytest.fail("a game was played"))
    code, out, err = cli("sim", "sweep", "aloft", "--games", "2", *extra)
    assert code == 1 and out == "" and err.count("\n") == 1 and message in err, err


def test_a_checkpoint_is_of_another_sweep_once_a_map_file_changes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _aloft_maps()
    base = SimConfig("aloft", games=2, players=2, bots=("random",))
    plan = combinations(base, parse_over(["map=low.yaml,tall.yaml"]))
    run_sweep(plan, Engine(), Checkpoint(tmp_path / "sweep.json", plan))
    Path("tall.yaml").write_text(Path("tall.yaml").read_text().replace("rows: 6", "rows: 5"), encoding="utf-8")
    with pytest.raises(PnpError, match="another sweep: tall.yaml has changed since its games were played; put it back"):
        Checkpoint(tmp_path / "sweep.json", combinations(base, parse_over(["map=low.yaml,tall.yaml"])))


def test_of_two_seats_as_far_from_fair_the_row_names_the_one_ahead(monkeypatch):
    """Win rates 66.67 % and 33.33 % are as far from 50 %, though floating point once put seat 2 further."""
    plan = combinations(replace(BASE, games=3), parse_over(["fleet=1"]))
    real = pnp.sim.play_one

    def seat_1_wins_two_in_three(config, index):
        result = real(config, index)
        return pnp.sim.GameResult(index, result.bots, (1, 1), (0 if index < 2 else 1,), result.moves, {})

    monkeypatch.setattr(pnp.sim, "play_one", seat_1_wins_two_in_three)
    (row,) = run_sweep(plan, Engine(), Checkpoint(None, plan))
    assert row["seat"] == "seat 1" and row["advantage"] > 0


def test_maps_0_is_refused_as_games_0_is_where_it_played_the_maps_as_set(cli, monkeypatch):
    monkeypatch.setattr(pnp.sim, "play_one", lambda config, index: pytest.fail("a game was played"))
    code, out, err = cli("sim", "sweep", "air-king", "--maps", "0", "--games", "2")
    assert (code, out, err) == (1, "", "pnp: error: --maps must be 1 or more (leave it out to play the maps as set)\n")


def test_a_broken_checkpoint_is_one_line_saying_where(cli):
    """It read 'not a pnp sweep checkpoint (JSONDecodeError: Expecting ',' delimiter: line 1 column 30 (char 29))'."""
    Path("sweep.json").write_text('{"sweep": [],\n "done": [[1, 2]', encoding="utf-8")
    code, out, err = cli("sim", "sweep", "aloft", "--games", "2", "--checkpoint", "sweep.json")
    assert (code, out) == (1, "") and err == (
        "pnp: error: sweep.json:2:17: not a pnp sweep checkpoint: broken JSON (expecting ',' delimiter); pnp writes "
        "its checkpoints whole, so this one was edited or is another file: name a new file to start another\n"
    )
    for text, why in (("[1, 2]", "it holds no 'sweep' and 'done' lists"), (None, "its game 1 is not as pnp writes")):
        if text is None:  # a game whose scores are words: the report would have failed on them
            cli("sim", "sweep", "aloft", "--games", "2", "--bots", "random", "--checkpoint", "fine.json")
            data = json.loads(Path("fine.json").read_text(encoding="utf-8"))
            data["done"][0][3] = "x"
            text = json.dumps(data)
        Path("sweep.json").write_text(text, encoding="utf-8")
        code, out, err = cli("sim", "sweep", "aloft", "--games", "2", "--bots", "random", "--checkpoint", "sweep.json")
        assert code == 1 and err.count("\n") == 1 and why in err, err


def test_a_checkpointed_sweep_grows_or_shrinks_with_games_reusing_those_played(tmp_path, monkeypatch):
    """A game's seed is the sweep's seed and its number alone, yet another --games was 'another sweep'."""
    path = tmp_path / "sweep.json"
    four, six, three = (combinations(replace(BASE, games=n), parse_over(["fleet=1,2"])) for n in (4, 6, 3))
    run_sweep(four, Engine(), Checkpoint(path, four))
    whole = {plan[0].config.games: run_sweep(plan, Engine(), Checkpoint(None, plan)) for plan in (six, three)}
    played = []
    real = pnp.sim.play_one
    monkeypatch.setattr(pnp.sim, "play_one", lambda config, index: played.append(index) or real(config, index))
    assert run_sweep(six, Engine(), Checkpoint(path, six)) == whole[6]
    assert sorted(played) == [4, 4, 5, 5]  # two more games a combination
    played.clear()
    assert run_sweep(three, Engine(), Checkpoint(path, three)) == whole[3] and not played


def test_a_checkpoint_of_another_sweep_names_the_setting_that_differs_and_what_to_do(cli):
    """Every refusal read 'this checkpoint is of another sweep (other settings); name a new file'."""
    args = ("sim", "sweep", "aloft", "--games", "2", "--bots", "random", "--checkpoint", "sweep.json")
    assert cli(*args)[0] == 0
    start = "pnp: error: sweep.json: a checkpoint of another sweep: "
    for more, said in (
        (("--seed", "3"), "it was played with --seed 0, this sweep with --seed 3; give --seed 0 to resume"),
        (("--players", "3"), "it was played with --players 2, this sweep with --players 3; give --players 2"),
        (("--over", "players=2,3"), "it holds 1 combination ('as set'), this sweep 2 combinations ('players=2', "),
    ):
        code, out, err = cli(*args, *more)
        assert code == 1 and out == "" and err.startswith(start + said) and err.count("\n") == 1, err
    code, _, err = cli(*args[:-3], "greedy", *args[-2:])  # --bots greedy
    assert err.startswith(start + "it was played with --bots random, this sweep with --bots greedy; give --bots ")


def test_a_checkpoint_names_the_file_of_a_variant_that_changed_since(cli):
    """An edited variant was refused as 'another sweep (other settings)', its file unnamed."""
    import shutil

    fixtures = Path(__file__).parent / "fixtures" / "variants"
    for name in ("air-king-calm.yaml", "air-king-calm.csv"):
        shutil.copy(fixtures / name, name)
    args = ("sim", "sweep", "air-king", "--variant", "air-king-calm.yaml", "--games", "2", "--bots", "random")
    assert cli(*args, "--checkpoint", "sweep.json")[0] == 0
    deck = Path("air-king-calm.csv")
    deck.write_text(deck.read_text(encoding="utf-8").replace("Tailwind", "Tail wind"), encoding="utf-8")
    code, out, err = cli(*args, "--checkpoint", "sweep.json")
    assert (code, out) == (1, "") and err == (
        "pnp: error: sweep.json: a checkpoint of another sweep: air-king-calm.csv (of variant air-king-calm.yaml) "
        "changed since its games were played; put it back as it was to resume, or name a new file to start another\n"
    )
