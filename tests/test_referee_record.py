"""The referee core: records, replay, undo, secrets, tamper evidence and safe writes."""

from __future__ import annotations

import hashlib
import re
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.errors import IllegalMove, NotationError, PnpError, RecordError, RecordExists
from pnp.referee import keys, record, session
from pnp.resources import data_file


def new_record(tmp_path: Path, players: str = "ann,bob") -> Path:
    path = tmp_path / "game.pnp"
    session.new(path, "aloft", players.split(","), [], 1, None).save()
    return path


def play(path: Path, *moves: str) -> None:
    for move in moves:
        current = session.load(path)
        current.play(move)
        current.save()


def test_a_record_replays_to_the_same_state(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3")
    current = session.load(path)
    assert current.state.trucks == [0, 1, 2, 3, 5]
    assert current.state.to_move() == "ann"
    assert current.events == 4


def test_secrets_are_stored_as_commitments_and_kept_in_the_owners_key_file(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G")
    text = path.read_text()
    assert "B,G" not in text and "commit colours" in text
    assert keys.read_keys(path, "ann")["colours"][0] == "B,G"
    assert keys.key_path(path, "ann").stat().st_mode & 0o077 == 0


def test_a_secret_entered_when_none_is_due_is_refused_in_the_stage_words(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W")
    before = path.read_bytes()
    with pytest.raises(IllegalMove, match=r"^during play: no secret is due from ann now \(rule: play\)$"):
        session.load(path).play("secret colours B,Y")
    assert path.read_bytes() == before


def test_a_reveal_is_checked_against_its_commitment(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W")
    current = session.load(path)
    while current.state.phase != 2:
        trucks = [m for m in current.state.legal_moves() if m.action == "truck"]
        current.play(current.game.format_move(trucks[0]))
    current.save()
    forged = session.load(path)
    with pytest.raises(IllegalMove, match="does not match the commitment"):
        forged.play("reveal colours P,Y " + "ab" * 16)
    before = path.read_bytes()
    honest = session.load(path)
    honest.play("reveal colours")
    honest.save()
    assert "reveal colours B,G" in path.read_text()
    assert path.read_bytes().startswith(before)


def test_undo_appends_a_takeback_and_keeps_history(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W", "truck 5")
    current = session.load(path)
    current.undo()
    current.save()
    text = path.read_text()
    assert "ann: truck 5" in text and text.rstrip().splitlines()[-1].startswith("4. undo")
    again = session.load(path)
    assert again.state.trucks == [0, 1, 2, 3, 4] and again.state.to_move() == "ann"


def test_undo_with_nothing_to_take_back_is_refused(tmp_path):
    path = new_record(tmp_path)
    with pytest.raises(IllegalMove, match="nothing to take back"):
        session.load(path).undo()


def test_a_rejected_move_leaves_the_file_byte_identical(tmp_path, cli):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W")
    before = path.read_bytes()
    for bad in (["truck", "9"], ["fly", "away"], ["inflate", "XX", "1"], ["secret", "colours", "B"]):
        code, _out, err = cli("ref", "play", str(path), *bad)
        assert code == 1 and err.count("\n") == 1 and err.startswith("pnp: error:")
        assert path.read_bytes() == before


def test_a_hand_edited_line_is_named_by_replay(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3")
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if "truck 5" in line)
    lines[index] = lines[index].replace("truck 5", "truck 4")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RecordError, match=rf":{index + 1}: the hash does not match"):
        session.load(path)


def test_edited_headers_are_detected(tmp_path):
    path = new_record(tmp_path)
    path.write_text(path.read_text().replace('[Players "ann,bob"]', '[Players "ann,eve"]'))
    with pytest.raises(RecordError, match="headers were edited"):
        session.load(path)


def test_changed_data_files_are_detected(tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("columns: 12\nrows: 4\n")
    path = tmp_path / "game.pnp"
    session.new(path, "aloft", ["ann", "bob"], [], 1, board).save()
    assert session.load(path).state.board.columns == 12
    board.write_text("columns: 13\nrows: 4\n")
    with pytest.raises(RecordError) as refused:
        session.load(path)
    assert str(refused.value) == (
        f"{path}: what the rules read in board.yaml has changed since this record was made: "
        "replay it with the file as it was, or start a new record with 'pnp ref new'"
    )


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda board: board.unlink(), "board.yaml: cannot read: no such file"),
        (lambda board: board.write_text("columns: 12\nrows: many\n"), "board.yaml:2:7: rows: expected a whole number"),
    ],
)
def test_a_record_whose_map_is_gone_or_unfit_says_it_cannot_be_replayed_and_how_to_go_on(tmp_path, edit, why):
    """It said 'bad header', as if the record were damaged, where the map it began on was deleted or broken."""
    board = tmp_path / "board.yaml"
    board.write_text("columns: 12\nrows: 4\n")
    path = tmp_path / "game.pnp"
    session.new(path, "aloft", ["ann", "bob"], [], 1, board).save()
    edit(board)
    with pytest.raises(RecordError) as refused:
        session.load(path)
    assert str(refused.value).startswith(f"{path}: cannot be replayed: {tmp_path / why}")
    assert str(refused.value).endswith("; replay it with the file as it was, or start a new record with 'pnp ref new'")


def test_a_record_begun_before_pnps_own_rules_changed_says_pnp_was_updated(tmp_path):
    """Nobody can 'replay it with the file as it was' when the file is pnp's own: the way on is the old pnp."""
    path = tmp_path / "game.pnp"
    session.new(path, "aloft", ["ann", "bob"], [], 1, None).save()
    headers = record.parse(path)[0].headers
    files = re.sub(r"data/aloft\.yaml=\w+", "data/aloft.yaml=" + "0" * 16, headers["Files"])
    path.write_text(record.render_headers({**headers, "Files": files}))
    with pytest.raises(RecordError) as refused:
        session.load(path)
    assert str(refused.value) == (
        f"{path}: pnp's own rules in data/aloft.yaml have changed since this record was made (pnp has been "
        "updated): finish the game with the pnp that began it, or start a new record with 'pnp ref new'"
    )


def test_a_print_only_edit_of_the_map_leaves_a_record_replaying(tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("columns: 12\nrows: 4\n")
    path = tmp_path / "game.pnp"
    current = session.new(path, "aloft", ["ann", "bob"], [], 1, board)
    current.play("secret colours B,G", "ann")
    current.save()
    before = path.read_bytes()
    board.write_text("columns: 12\nrows: 4\ncell_width: 60\ncell_height: 80  # larger cells, same sky\n")
    replayed = session.load(path)
    assert replayed.state.board.cell_width == 60 and replayed.events == 1
    assert path.read_bytes() == before


def _old_record(tmp_path, board):
    """A record as pnp wrote it before rules-only digests: its Files header holds digests of whole files."""
    path = tmp_path / "old.pnp"
    session.new(path, "aloft", ["ann", "bob"], [], 1, board)
    whole = ";".join(
        f"{label}={hashlib.sha256(file.read_bytes()).hexdigest()[:16]}"
        for label, file in (("data/aloft.yaml", data_file("aloft.yaml")), ("board.yaml", board))
    )
    headers = {"Game": "aloft", "Players": "ann,bob", "Options": "", "Seed": "1", "Map": "board.yaml", "Files": whole}
    path.write_text(record.render_headers(headers))
    return path


def test_a_record_made_before_rules_only_digests_replays_until_its_files_change_at_all(tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("columns: 12\nrows: 4\n")
    path = _old_record(tmp_path, board)
    assert session.load(path).state.board.columns == 12
    board.write_text("columns: 12\nrows: 4\ncell_width: 60\n")
    with pytest.raises(RecordError) as refused:
        session.load(path)
    assert str(refused.value) == (
        f"{path}: board.yaml has changed since this record was made (an older record: any edit of the file "
        "counts): replay it with the file as it was, or start a new record with 'pnp ref new'"
    )


def test_concurrent_writers_never_lose_a_move(tmp_path):
    from pnp.referee import record

    path = new_record(tmp_path, "ann,bob,cy,dee")
    results = []

    def enter() -> None:
        with record.locked(path):
            current = session.load(path)
            entry = next(m for m in current.state.legal_moves())
            current.play(f"secret {entry.slot} {entry.value}")
            current.save()
            results.append(current.events)

    threads = [threading.Thread(target=enter) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [1, 2, 3, 4]
    assert session.load(path).events == 4


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e", "f", "g"], ["ann", "ann"], ["a b", "c"]])
def test_bad_player_lists_are_refused(tmp_path, players):
    with pytest.raises(PnpError):
        session.new(tmp_path / "x.pnp", "aloft", players, [], 1, None)


def test_unknown_options_and_games_are_refused(tmp_path):
    with pytest.raises(PnpError, match="no option"):
        session.new(tmp_path / "x.pnp", "aloft", ["a", "b"], ["speed=fast"], 1, None)
    with pytest.raises(PnpError, match="unknown game"):
        session.new(tmp_path / "x.pnp", "chess", ["a", "b"], [], 1, None)


def test_an_existing_record_is_never_overwritten(tmp_path):
    path = new_record(tmp_path)
    with pytest.raises(PnpError, match="already exists"):
        session.new(path, "aloft", ["a", "b"], [], 1, None)


def test_a_record_written_after_another_was_made_for_its_path_is_not_overwritten_by_that_one(tmp_path):
    path = tmp_path / "game.pnp"
    first, second = [session.new(path, "aloft", players, [], 1, None) for players in (["ann", "bob"], ["cy", "dee"])]
    first.create()
    written = path.read_bytes()
    with pytest.raises(RecordExists, match=rf"^{re.escape(str(path))}: a record already exists there \(choose"):
        second.create()
    assert path.read_bytes() == written and not list(tmp_path.glob(".*.tmp"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_records_give_a_record_error_and_nothing_else(tmp_path, data):
    path = tmp_path / "game.pnp"
    if not path.exists():
        session.new(path, "aloft", ["ann", "bob"], [], 1, None).save()
        play(path, "secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3", "launch RW")
    original = path.read_bytes()
    damaged = tmp_path / "damaged.pnp"
    kind = data.draw(st.sampled_from(["truncate", "flip", "insert", "delete-line"]))
    if kind == "truncate":
        blob = original[: data.draw(st.integers(0, len(original)))]
    elif kind == "flip":
        at = data.draw(st.integers(0, len(original) - 1))
        blob = original[:at] + bytes([original[at] ^ data.draw(st.integers(1, 255))]) + original[at + 1 :]
    elif kind == "insert":
        at = data.draw(st.integers(0, len(original)))
        blob = original[:at] + data.draw(st.binary(min_size=1, max_size=20)) + original[at:]
    else:
        lines = original.splitlines(keepends=True)
        drop = data.draw(st.integers(0, len(lines) - 1))
        blob = b"".join(lines[:drop] + lines[drop + 1 :])
    damaged.write_bytes(blob)
    try:
        session.load(damaged)
    except PnpError as exc:  # a damaged record may also still be a valid shorter one
        assert "\n" not in str(exc)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_the_move_parser_only_raises_notation_errors(text):
    from pnp.games.aloft.rules import Aloft
    from pnp.referee import notation

    try:
        notation.parse(Aloft(), text)
    except NotationError as exc:
        assert "\n" not in str(exc)


def test_refusals_never_repeat_the_secret_that_was_typed(tmp_path, cli):
    path = new_record(tmp_path)
    for typed in (["secret", "colours", "Q,Z"], ["secret", "colours", "B", "G"]):
        code, out, err = cli("ref", "play", str(path), *typed)
        assert code == 1 and "Q,Z" not in err + out and "B G" not in err + out


def test_secrets_are_matched_whatever_the_case_and_order(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours r,b")
    assert keys.read_keys(path, "ann")["colours"][0] == "B,R"


def test_secrets_are_matched_by_their_printed_names(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours Blue,GREEN", "secret colours w,Red")
    assert keys.read_keys(path, "ann")["colours"][0] == "B,G"
    assert keys.read_keys(path, "bob")["colours"][0] == "R,W"


def test_a_secret_that_names_nothing_listed_is_refused_without_echo_or_suggestion(tmp_path):
    path = new_record(tmp_path)
    before = path.read_bytes()
    with pytest.raises(IllegalMove) as refused:
        session.load(path).play("secret colours bleu,red")
    assert str(refused.value) == (
        "during set-up: that is not a value ann can enter now for their colour cards: type one that 'pnp ref moves' "
        "lists, by its letters or printed names (rule: secrets)"
    )
    assert path.read_bytes() == before


def test_show_as_a_player_gives_only_secrets_still_committed(tmp_path, cli):
    path = new_record(tmp_path)
    play(path, "secret colours B,G")
    assert "your colour cards: B,G" in cli("ref", "show", str(path), "--as", "ann")[1]
    assert "B,G" not in cli("ref", "show", str(path), "--as", "bob")[1]
    current = session.load(path)
    current.undo()
    current.save()
    assert "your colour cards:" not in cli("ref", "show", str(path), "--as", "ann")[1]


def test_a_record_whose_players_break_the_rules_does_not_replay(tmp_path):
    from pnp.referee import record

    path = new_record(tmp_path)
    headers = dict(record.parse(path)[0].headers)
    headers["Players"] = "solo"
    path.write_text(record.render_headers(headers))
    with pytest.raises(RecordError, match="2 to 6 players"):
        session.load(path)


def test_a_moved_session_folder_still_replays(tmp_path, cli):
    (tmp_path / "a" / "maps").mkdir(parents=True)
    (tmp_path / "a" / "rec").mkdir()
    (tmp_path / "a" / "maps" / "x.yaml").write_text("game: aloft\ncolumns: 12\nrows: 4\n")
    session.new(tmp_path / "a" / "rec" / "g.pnp", "aloft", ["a", "b"], [], 1, tmp_path / "a" / "maps" / "x.yaml").save()
    (tmp_path / "a").rename(tmp_path / "b")
    assert session.load(tmp_path / "b" / "rec" / "g.pnp").state.board.columns == 12


def test_records_are_readable_by_others_and_key_files_are_not(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G")
    assert path.stat().st_mode & 0o044 == 0o044
    assert keys.key_path(path, "ann").stat().st_mode & 0o077 == 0


def test_a_folder_is_not_taken_for_a_record(tmp_path, cli):
    (tmp_path / "folder").mkdir()
    code, _, err = cli("ref", "play", str(tmp_path / "folder"), "truck", "5")
    assert code == 1 and "not a record file" in err and not (tmp_path / "folder.lock").exists()


def test_whole_number_options_respect_their_bounds():
    from pnp.referee.options import parse_option
    from pnp.referee.protocol import Option

    rounds = Option("rounds", 10, "limit", minimum=1, maximum=99, name="Rounds")
    assert parse_option(rounds, "5") == 5
    for raw, message in (("0", "too low"), ("100", "too high"), ("9" * 5000, "whole number"), ("³", "whole number")):
        with pytest.raises(PnpError, match=message):
            parse_option(rounds, raw)


def test_an_option_and_its_choices_are_named_in_words():
    """The lobby labels an option by its name and offers a choice by its; a game that leaves one unnamed is refused
    as it is written (the lobby labelled Air King's round limit with its 150-character help)."""
    from pnp.referee.protocol import Option

    assert Option("pace", "slow", "how fast", ("slow", "fast"), choice_names=("Slow", "Fast"), name="Pace").name
    with pytest.raises(ValueError, match="option pace: give each of its choices a name"):
        Option("pace", "slow", "how fast", ("slow", "fast"), choice_names=("Slow",), name="Pace")
    with pytest.raises(ValueError, match=r"option pace: give it a name in a few words \(name=...\)"):
        Option("pace", "slow", "how fast", ("slow", "fast"), choice_names=("Slow", "Fast"))


def test_the_lock_holder_removes_temporary_files_a_killed_writer_left(tmp_path, cli):
    from pnp.files import temp_prefix
    from pnp.referee import record

    path = new_record(tmp_path)
    prefix = temp_prefix(path)
    stale = [tmp_path / f"{prefix}k1ll3d_0.tmp", tmp_path / f"{prefix}ann.key.k1ll3d_0.tmp"]
    others = [tmp_path / f"{prefix}2.abcdefgh.tmp", tmp_path / f"{prefix}svg.abcdefgh.tmp", tmp_path / "x.tmp"]
    for leftover in stale + others:
        leftover.write_text("half a record")
    with record.locked(path):
        assert not any(p.exists() for p in stale) and all(p.exists() for p in others)
    stale[0].write_text("half a record")
    assert cli("ref", "play", str(path), "secret", "colours", "B,G")[0] == 0
    assert set(tmp_path.glob("*.tmp")) | set(tmp_path.glob(".*.tmp")) == set(others)


def test_a_failed_write_is_one_line_and_leaves_the_record_and_no_temporary_file(tmp_path, cli, monkeypatch):
    import os

    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W")
    before = path.read_bytes()

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    code, _out, err = cli("ref", "play", str(path), "truck", "5")
    assert code == 1 and err == f"pnp: error: {path}: cannot write: No space left on device\n"
    assert path.read_bytes() == before
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_record_in_a_missing_folder_is_refused_in_plain_words(tmp_path):
    with pytest.raises(PnpError, match=r"nowhere: no such folder"):
        session.new(tmp_path / "nowhere" / "g.pnp", "aloft", ["a", "b"], [], 1, None)


@pytest.mark.parametrize("name", ["aeronaut-odyssey", "air-king", "aloft", "hauling-astronauts", "take-off"])
def test_a_move_after_the_end_is_refused_in_the_games_words_naming_the_end(tmp_path, name):
    import random

    from pnp.referee import notation

    path = tmp_path / "g.pnp"
    current = session.new(path, name, ["ann", "bob"], [], 3, None)
    rng, last = random.Random(3), ""
    while not current.state.is_over():
        text = notation.format(current.game, rng.choice(current.state.legal_moves()))
        current.play(text)
        last = text if not text.startswith(("secret", "reveal")) else last
    for move in (last, "secret goal 1"):
        with pytest.raises(IllegalMove) as refused:
            current.play(move)
        assert str(refused.value).startswith("the game is over: ") and str(refused.value).endswith("(rule: over)")
        assert "pnp ref score" in str(refused.value)


def test_every_refusal_of_the_rules_names_the_stage_in_force(tmp_path):
    path = new_record(tmp_path)
    play(path, "secret colours B,G", "secret colours R,W")
    with pytest.raises(IllegalMove) as refused:
        session.load(path).play("truck 9")
    assert str(refused.value).startswith("during play: no truck under column 9 (rule:")
