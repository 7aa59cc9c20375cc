"""A game night's folder (pnp.referee.night): the games on offer, starting, rematches and the results."""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from support.games import registered
from support.moves import playable

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.referee import night, notation, session
from pnp.referee.protocol import Reveal, Secret

pytestmark = registered  # the night offers the guide's example game too, registered as a new game is
EVENING = datetime(2026, 11, 26, 20, 31, 5)


def play_to_the_end(path: Path, seed: int) -> session.Session:
    """Play the record at ``path`` to its end by random legal inputs, as the table would enter them."""
    rng = random.Random(seed)
    current = session.load(path)
    while current.state.to_move() is not None:
        move = rng.choice(playable(current))
        text = f"reveal {move.slot}" if isinstance(move, Reveal) else notation.format(current.game, move)
        if isinstance(move, Secret):
            text = f"secret {move.slot} {move.value}"
        current.play(text)
    current.save()
    return current


def test_the_catalogue_offers_every_game_with_its_players_options_and_maps():
    offered = {game["name"]: game for game in night.catalogue()}
    assert set(offered) == set(REGISTRY)
    for name, game in offered.items():
        rules = REGISTRY[name].rules()
        assert game["title"] == REGISTRY[name].title and game["summary"]
        assert (game["min_players"], game["max_players"]) == (rules.min_players, rules.max_players)
        assert [option["key"] for option in game["options"]] == [option.key for option in rules.options]
        assert all(option["help"] for option in game["options"])
    assert offered["aeronaut-odyssey"]["maps"] == "seed" and offered["aloft"]["maps"] == "file"
    json.dumps(offered)  # all of it travels as JSON


def test_a_game_starts_as_an_ordinary_record_named_by_its_time_and_game(tmp_path):
    path = night.start(tmp_path, "take-off", ["ann", "bob", "cy"], {"rounds": 4}, None, EVENING)
    assert path.name == "2026-11-26-203105-take-off.pnp"
    current = session.load(path)
    assert current.setup.players == ("ann", "bob", "cy") and current.setup.options["rounds"] == 4
    again = night.start(tmp_path, "take-off", ["ann", "bob"], {}, None, EVENING)
    assert again.name == "2026-11-26-203105-take-off-2.pnp"  # two games started in the same second


def test_a_generated_map_is_chosen_by_its_seed_and_a_map_file_by_its_name_in_the_folder(cli, tmp_path):
    seeded = night.start(tmp_path, "aeronaut-odyssey", ["ann", "bob"], {}, "seed:7", EVENING)
    assert session.load(seeded).setup.seed == 7
    assert cli("map", "new", "aloft", "-o", "tall.yaml")[0] == 0
    mapped = night.start(tmp_path, "aloft", ["ann", "bob"], {}, "tall.yaml", EVENING)
    copy = session.load(mapped).setup.map_path  # played on a copy of the file as it was (pnp.referee.kept)
    assert copy is not None and copy.name == "tall.yaml" and copy.parent.parent == tmp_path / ".pnp-kept"
    assert copy.read_bytes() == (tmp_path / "tall.yaml").read_bytes()
    (tmp_path / "tall.yaml").unlink()  # the night's file gone: the game replays on its own
    assert session.load(mapped).setup.map_path == copy


def test_names_may_be_written_in_any_script(tmp_path):
    """Zoë and José María could not play: a name took ASCII letters only."""
    record = night.start(tmp_path, "aloft", ["Zoë", "José-María", "Анна", "美咲"], {}, None, EVENING)
    assert session.load(record).setup.players == ("Zoë", "José-María", "Анна", "美咲")


@pytest.mark.parametrize(
    ("game", "players", "options", "map_choice", "words"),
    [
        ("chess", ["ann", "bob"], {}, None, "unknown game 'chess'"),
        ("hauling-astronauts", ["ann", "bob", "cy"], {}, None, "takes 2 players, not 3"),
        ("aloft", ["ann", "ann"], {}, None, "must be different"),
        ("aloft", ["Ann", "ann"], {}, None, "capitals aside ('Ann' and 'ann' are one name)"),  # one key file on a Mac
        ("aloft", ["ann", "Zoë\u0308"], {}, None, "player name"),  # a letter and a mark: not a name's letters
        ("aloft", ["ann", "b b"], {}, None, "player name 'b b'"),
        ("take-off", ["ann", "bob"], {"laps": 2}, None, "has no option 'laps'"),
        ("take-off", ["ann", "bob"], {"rounds": "many"}, None, "expected a whole number"),
        ("take-off", ["ann", "bob"], {"rounds": 0}, None, "too low"),
        ("hauling-astronauts", ["ann", "bob"], {"bonus_dice": 1}, None, "expected true or false"),
        ("aloft", ["ann", "bob"], {}, "seed:3", "does not generate maps"),
        ("hauling-astronauts", ["ann", "bob"], {}, "seed:3", "does not generate maps"),
        ("aloft", ["ann", "bob"], {}, "../tall.yaml", "in this night's folder"),
        ("aloft", ["ann", "bob"], {}, "missing.yaml", "no such file"),
        ("aloft", ["ann", "bob"], {}, "notes.txt", "name a .yaml map file"),
    ],
)
def test_a_wrong_start_says_what_is_wrong_in_one_line_and_writes_nothing(
    tmp_path, game, players, options, map_choice, words
):
    (tmp_path / "notes.txt").write_text("not a map")
    with pytest.raises(PnpError) as refused:
        night.start(tmp_path, game, players, options, map_choice, EVENING)
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_map_for_another_game_is_refused(cli, tmp_path):
    assert cli("map", "new", "take-off", "-o", "world.yaml")[0] == 0
    with pytest.raises(PnpError, match="not aloft"):
        night.start(tmp_path, "aloft", ["ann", "bob"], {}, "world.yaml", EVENING)
    assert not list(tmp_path.glob("*.pnp"))


def test_a_rematch_turns_the_seats_by_one_and_keeps_options_seed_and_map(tmp_path):
    first = night.start(
        tmp_path, "aeronaut-odyssey", ["ann", "bob", "cy"], {"hidden_inventories": True}, "seed:5", EVENING
    )
    second = night.rematch(first, EVENING.replace(minute=59))
    last, new = session.load(first), session.load(second)
    assert new.setup.players == ("bob", "cy", "ann")
    assert (new.setup.options, new.setup.seed, new.setup.map_path) == (last.setup.options, 5, None)
    assert second.name == "2026-11-26-205905-aeronaut-odyssey.pnp" and new.played == []


def test_the_results_list_each_game_with_its_winners_and_tally_the_wins(tmp_path):
    first = night.start(tmp_path, "hauling-astronauts", ["ann", "bob"], {}, None, EVENING)
    finished = play_to_the_end(first, seed=1)
    os.utime(first, (EVENING.timestamp() + 1800, EVENING.timestamp() + 1800))  # ended half an hour later
    second = night.rematch(first, EVENING.replace(hour=21))
    (tmp_path / "broken.pnp").write_text("not a record\n")
    results = night.results(tmp_path)
    assert [game.record for game in results.played] == [first.name, second.name]
    done, going = results.played
    assert done.final and done.winners == finished.state.score().winners and done.minutes == 30
    assert done.scores == {p.name: p.score for p in finished.state.score().players}
    assert not going.final and going.players == ("bob", "ann") and going.minutes is None
    assert done.moves == len(finished.played) and going.moves == 0
    assert results.wins == {w: 1 for w in done.winners} | {p: 0 for p in ("ann", "bob") if p not in done.winners}
    assert len(results.unreadable) == 1 and results.unreadable[0].startswith("broken.pnp:1: not a pnp record")
    assert str(tmp_path) not in json.dumps(results.to_json())


def test_a_player_named_with_other_capitals_in_another_game_is_one_player_in_the_wins(tmp_path):
    """'Bob' in one game and 'bob' in the next were listed apart under Wins, each with half his wins."""
    first = night.start(tmp_path, "hauling-astronauts", ["ann", "Bob"], {}, None, EVENING)
    won = play_to_the_end(first, seed=1).state.score().winners
    second = night.start(tmp_path, "hauling-astronauts", ["bob", "ann"], {}, None, EVENING.replace(hour=21))
    play_to_the_end(second, seed=1)
    results = night.results(tmp_path)
    assert list(results.wins) in (["ann", "Bob"], ["Bob", "ann"])  # as first typed, once each
    finals = [game.winners for game in results.played]
    assert sum(results.wins.values()) == sum(len(w) for w in finals) and won


def test_results_of_a_missing_folder_is_one_line(tmp_path):
    with pytest.raises(PnpError, match="no such folder"):
        night.results(tmp_path / "nowhere")


def test_pnp_table_results_reads_the_night_from_the_records(cli, tmp_path):
    first = night.start(tmp_path, "hauling-astronauts", ["ann", "bob"], {}, None, EVENING)
    finished = play_to_the_end(first, seed=3)
    second = night.rematch(first, EVENING.replace(hour=22))
    code, out, err = cli("table", "results", str(tmp_path))
    winners = finished.state.score().winners
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"20:31 Hauling Astronauts: won by {' and '.join(winners)} (ann ")
    assert lines[1].startswith("22:31 Hauling Astronauts: no moves yet (bob 0, ann 0")
    assert cli("ref", "play", str(second), "choose", "A", "B", "C")[0] == 0
    again = cli("table", "results", str(tmp_path))[1].splitlines()
    assert again[1].startswith("22:31 Hauling Astronauts: still playing after 1 move (bob 0, ann 0")
    assert lines[2].startswith("wins: ") and f"{winners[0]} 1" in lines[2]
    code, out, _ = cli("table", "results", str(tmp_path), "--json")
    assert code == 0 and json.loads(out) == night.results(tmp_path).to_json()
    code, _, err = cli("table", "results", str(tmp_path / "nowhere"))
    assert code == 1 and "no such folder" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["table", "open"], ["table"]])
def test_pnp_table_refuses_a_language_pnp_does_not_ship_in_one_line(cli, tmp_path, command):
    """Before anything is served, as ``pnp build --lang`` refuses one."""
    code, out, err = cli(*command, str(tmp_path), "--lang", "xx")
    assert (code, out) == (1, "") and err.splitlines() == ["pnp: error: --lang xx: no such language; shipped: en, fr"]


def test_games_started_in_the_same_second_are_listed_in_the_order_they_started(tmp_path):
    names = [night.start(tmp_path, "hauling-astronauts", ["ann", "bob"], {}, None, EVENING).name for _ in range(11)]
    assert names[1] == "2026-11-26-203105-hauling-astronauts-2.pnp"
    assert [path.name for path in night.records(tmp_path)] == names


def test_different_games_started_in_the_same_second_are_listed_in_the_order_they_started(tmp_path):
    games = ["take-off", "aloft", "air-king", "hauling-astronauts"]  # not in the order of their names
    names = [night.start(tmp_path, game, ["ann", "bob"], {}, None, EVENING).name for game in games]
    assert names[1] == "2026-11-26-203105-aloft-2.pnp"
    assert [path.name for path in night.records(tmp_path)] == names


TABLES = (("ann", "bob"), ("cid", "dan"))


def _starts(tmp_path: Path) -> dict[frozenset[str], Callable[[], Path]]:
    """Two tables started in the same second, by their players."""
    return {frozenset(p): partial(night.start, tmp_path, "air-king", list(p), {}, None, EVENING) for p in TABLES}


def _rematches(tmp_path: Path) -> dict[frozenset[str], Callable[[], Path]]:
    """Two tables' rematches asked for in the same second, by their players."""
    firsts = {frozenset(p): night.start(tmp_path, "air-king", list(p), {}, None, EVENING) for p in TABLES}
    return {players: partial(night.rematch, first, EVENING.replace(minute=59)) for players, first in firsts.items()}


@pytest.mark.parametrize("tables", [_starts, _rematches])
def test_two_tables_begun_in_the_same_second_get_a_record_each(tmp_path, monkeypatch, tables):
    """Two tables begun in one second both took the free name ...-air-king.pnp, and the second record replaced
    the first: one table's players were lost. Here both look for a free name before either writes."""
    begin = tables(tmp_path)
    before = set(tmp_path.glob("*.pnp"))
    free_name, looked, both = night._free_name, set(), threading.Barrier(2, timeout=10)

    def looked_at_once(*args: Any) -> Path:  # each table's first look waits for the other's
        name = free_name(*args)
        if threading.get_ident() not in looked:
            looked.add(threading.get_ident())
            both.wait()
        return name

    monkeypatch.setattr(night, "_free_name", looked_at_once)
    made: dict[frozenset[str], Path | PnpError] = {}

    def begin_table(players: frozenset[str]) -> None:
        try:
            made[players] = begin[players]()
        except PnpError as exc:  # the assertion below says which table was refused, and why
            made[players] = exc

    threads = [threading.Thread(target=begin_table, args=(players,)) for players in begin]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(made) == 2 and all(isinstance(path, Path) for path in made.values()), made
    assert len(set(made.values())) == 2 and set(tmp_path.glob("*.pnp")) - before == set(made.values())
    for players, path in made.items():
        assert isinstance(path, Path) and set(session.load(path).setup.players) == players, path.name


# -- a game set aside ----------------------------------------------------------------------------------------------


def _one_move(path: Path) -> None:
    """The first input offered in the record at ``path``, played as ``pnp ref play`` plays it."""
    current = session.load(path)
    move = playable(current)[0]
    text = f"secret {move.slot} {move.value}" if isinstance(move, Secret) else notation.format(current.game, move)
    current.play(text)
    current.save()


def test_a_game_set_aside_has_no_winner_its_record_untouched_until_a_move_brings_it_back(tmp_path, cli):
    """The lobby listed every unfinished game under Carry on all night; one set aside is counted set aside, with no
    winner, from a mark beside its record, and its record is byte for byte what it was: pnp ref plays on from it."""
    path = night.start(tmp_path, "hauling-astronauts", ["ann", "bob"], {}, None, EVENING)
    _one_move(path)
    kept = path.read_bytes()
    night.set_aside(path)
    night.set_aside(path)  # a second tap: the same
    assert path.read_bytes() == kept and session.load(path).played
    (shelved,) = night.results(tmp_path).played
    assert shelved.set_aside and not shelved.final and shelved.winners == () and shelved.to_json()["set_aside"]
    assert night.results(tmp_path).wins == {"ann": 0, "bob": 0}
    code, out, err = cli("table", "results", str(tmp_path))
    assert code == 0 and out.startswith("20:31 Hauling Astronauts: set aside after 1 move (ann 0, bob 0"), err
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary file left

    _one_move(path)  # played on at the terminal (or on a phone still on it): it is carried on again
    (going,) = night.results(tmp_path).played
    assert not going.set_aside and going.moves == 2
    assert cli("table", "results", str(tmp_path))[1].startswith("20:31 Hauling Astronauts: still playing after 2 moves")


def test_a_finished_game_is_not_set_aside(tmp_path):
    path = night.start(tmp_path, "hauling-astronauts", ["ann", "bob"], {}, None, EVENING)
    won = play_to_the_end(path, seed=1).state.score().winners
    with pytest.raises(PnpError, match=r"^this game of Hauling Astronauts is over: it counts in tonight's results"):
        night.set_aside(path)
    assert not night.aside_mark(path).exists()
    (done,) = night.results(tmp_path).played
    assert done.final and done.winners == won and not done.set_aside


@pytest.mark.parametrize("mark", ["", "# nothing\n", "not a version\n", "\xff\xfe", None])
def test_a_mark_that_names_no_version_of_the_record_sets_nothing_aside(tmp_path, mark):
    """A mark damaged, emptied or replaced by a folder sets nothing aside: the game is listed to carry on."""
    path = night.start(tmp_path, "aloft", ["ann", "bob"], {}, None, EVENING)
    if mark is None:
        night.aside_mark(path).mkdir()
    else:
        night.aside_mark(path).write_bytes(mark.encode("latin-1"))
    (going,) = night.results(tmp_path).played
    assert not going.set_aside


def test_many_taps_at_once_set_a_game_aside_once(tmp_path):
    """Screens tapping Set aside on one game at the same moment each write the whole mark, and no tap fails."""
    path = night.start(tmp_path, "air-king", ["ann", "bob"], {}, None, EVENING)
    together = threading.Barrier(8, timeout=10)
    failed: list[BaseException] = []

    def tap() -> None:
        together.wait()
        try:
            night.set_aside(path)
        except BaseException as exc:  # noqa: BLE001 - the assertion below names it
            failed.append(exc)

    threads = [threading.Thread(target=tap) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failed == [] and night.results(tmp_path).played[0].set_aside
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, f"{path.name}.aside", f"{path.name}.lock"])
