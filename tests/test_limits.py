"""Limits on what pnp reads and repeats: sizes, odd files, long moves, secrets, move words starting with '-'."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from pnp import loader
from pnp.errors import DataError, quote
from pnp.loader import MAX_YAML_BYTES, load_file, load_text
from pnp.referee import record

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")


@pytest.fixture
def game(cli, tmp_path) -> Path:
    """An Aloft record with both colour cards entered, in the cli fixture's folder."""
    assert cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")[0] == 0
    for move in ("secret colours B,G", "secret colours R,W"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0
    return tmp_path / "g.pnp"


def refused(result: tuple[int, str, str]) -> str:
    """The one error line of a refused command."""
    code, _out, err = result
    assert code == 1 and err.count("\n") == 1 and err.startswith("pnp: error: "), err
    return err


def test_quote_clips_long_input_with_an_ellipsis():
    assert quote("truck 5") == "'truck 5'"
    assert quote("x" * 81) == repr("x" * 80 + "…")


def test_a_record_over_the_limit_is_refused_unread(cli, tmp_path):
    with open(tmp_path / "big.pnp", "wb") as handle:
        handle.truncate(record.MAX_BYTES + 1)  # sparse: nothing needs writing
    err = refused(cli("ref", "moves", "big.pnp"))
    assert "larger than 16 MiB" in err


@posix_only
@pytest.mark.parametrize("name", ["/dev/zero", "fifo", "folder"])
def test_devices_fifos_and_folders_are_not_records(cli, tmp_path, name):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    for command in (("moves", name), ("play", name, "truck", "5"), ("show", name), ("replay", name)):
        err = refused(cli("ref", *command))
        assert "not a record file" in err or "not a regular file" in err


def test_an_unreadable_record_exits_1_not_2(cli, game, monkeypatch):
    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "access", lambda *args, **kwargs: False)  # what click's readable check asks
    monkeypatch.setattr("pnp.files.open", denied, raising=False)
    for command in (("moves",), ("play", "truck", "5"), ("show", "--as", "ann"), ("score",), ("replay",)):
        err = refused(cli("ref", command[0], "g.pnp", *command[1:]))
        assert "g.pnp: cannot read the record: permission denied" in err


def test_a_binary_record_exits_1(cli, tmp_path):
    (tmp_path / "bin.pnp").write_bytes(bytes(range(256)))
    assert "not a UTF-8 text file" in refused(cli("ref", "moves", "bin.pnp"))


def test_a_huge_move_is_refused_quoting_only_its_start(cli, game):
    before = game.read_bytes()
    err = refused(cli("ref", "play", "g.pnp", "x" * 7_000_209))
    assert len(err) < 200 and "is 7,000,209 characters" in err
    err = refused(cli("ref", "play", "g.pnp", "truck", "5" * 7_000_000))
    assert len(err) < 200 and "'truck'" in err
    assert game.read_bytes() == before


@pytest.mark.parametrize("move", ["x" * 150, "truck " + "9" * 150, "inflate " + "Q" * 120 + " 3"])
def test_refusals_quote_at_most_80_characters_of_the_move(cli, game, move):
    err = refused(cli("ref", "play", "g.pnp", *move.split()))
    assert not re.search(r"[xQ9]{81}", err), err


def test_long_options_and_player_names_are_quoted_short(cli):
    for args in (
        ("ref", "new", "aloft", "a.pnp", "--players", "ann,bob", "--option", "z" * 500 + "=1"),
        ("ref", "new", "aloft", "a.pnp", "--players", "ann," + "z" * 500),
        ("ref", "new", "z" * 500, "a.pnp", "--players", "ann,bob"),
    ):
        assert "z" * 81 not in refused(cli(*args))


def test_secret_verbs_are_read_in_any_case_and_values_never_echoed(cli, tmp_path):
    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    code, out, err = cli("ref", "play", "g.pnp", "SECRET", "colours", "B,G")
    assert code == 0, err
    assert "B,G" not in out and "B,G" not in (tmp_path / "g.pnp").read_text()
    for typed in (["Secret", "colours", "Q,Z"], ["SECRET", "colours", "Q", "Z"], ["sEcReT", "colours", "Q,Z" * 100]):
        code, out, err = cli("ref", "play", "g.pnp", *typed)
        assert code == 1 and "Q" not in out + err, err
    code, _out, err = cli("ref", "play", "g.pnp", "Reveal", "colours")
    assert code == 1 and "cannot read" not in err  # read as a reveal, refused by the rules
    code, _out, err = cli("ref", "play", "g.pnp", "COMMIT", "colours", "ab" * 32)
    assert code == 1 and "enter a secret as 'secret SLOT VALUE'" in err


@pytest.mark.parametrize("move", [["-3"], ["--", "fly", "-1", "x"], ["fly", "-1", "x"]])
def test_move_words_starting_with_a_dash_are_read_as_a_move(cli, game, move):
    err = refused(cli("ref", "play", "g.pnp", *move))
    assert "cannot read" in err and "Usage" not in err


def test_a_word_starting_with_two_dashes_is_an_option_play_does_not_have(cli, game):
    """No notation has such a word: it is an option mistyped, said in one line, not a usage screen."""
    err = refused(cli("ref", "play", "g.pnp", "--json-ish"))
    assert err.startswith("pnp: error: 'pnp ref play' has no option '--json-ish' (only --json)") and "Usage" not in err


@dataclass(frozen=True)
class Doc:
    a: list[int]
    b: list[list[int]]
    c: list[list[list[int]]]
    d: list[list[list[list[int]]]]
    e: list[list[list[list[list[int]]]]]


def test_a_yaml_file_over_the_limit_is_refused_unread(tmp_path):
    with open(tmp_path / "big.yaml", "wb") as handle:
        handle.truncate(MAX_YAML_BYTES + 1)
    with pytest.raises(DataError, match=r"big\.yaml: cannot read: larger than 1 MiB"):
        load_file(tmp_path / "big.yaml", Doc)
    with pytest.raises(DataError, match="larger than 1 MiB"):
        load_text("x: 1\n" * MAX_YAML_BYTES, Doc)


@posix_only
@pytest.mark.parametrize("name", ["/dev/zero", "fifo", "folder"])
def test_yaml_from_devices_fifos_and_folders_is_refused(tmp_path, name):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    with pytest.raises(DataError, match="cannot read: (not a regular file|it is a folder)") as info:
        load_file(tmp_path / name, Doc)
    assert "\n" not in str(info.value)


def test_yaml_aliases_cannot_expand_without_bound(monkeypatch):
    text = "a: &a [" + ",".join("1" * 20) + "]\n"
    for previous, name in zip("abcd", "bcde"):
        text += f"{name}: &{name} [" + ",".join([f"*{previous}"] * 20) + "]\n"
    assert 20**5 > loader.MAX_VALUES  # e's values alone, past the limit
    # refused at a lower limit, after 20,000 values read rather than half a million (the same count, cheaper)
    monkeypatch.setattr(loader, "MAX_VALUES", 20_000)
    with pytest.raises(DataError, match="expands to more than 20,000 values"):
        load_text(text, Doc)


def test_an_unknown_secret_slot_is_refused_before_the_prompt(cli, monkeypatch):
    import io
    import sys

    cli("ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    monkeypatch.setattr(sys, "stdin", io.StringIO("B,G\n"))
    err = refused(cli("ref", "secret", "g.pnp", "--player", "ann", "--slot", "z" * 500))
    assert "(due: colours)" in err and "z" * 81 not in err
    assert sys.stdin.read() == "B,G\n"  # nothing was asked


@posix_only
@pytest.mark.parametrize("name", ["/dev/zero", "fifo"])
def test_maps_from_devices_and_fifos_are_refused_unread(cli, tmp_path, name):
    os.mkfifo(tmp_path / "fifo")
    for command in (
        ("map", "check", name),
        ("build", "aloft", "--map", name, "-o", "out"),
        ("ref", "new", "aloft", "g.pnp", "--players", "ann,bob", "--map", name),
    ):
        err = refused(cli(*command))
        assert "cannot read the map: not a regular file" in err
