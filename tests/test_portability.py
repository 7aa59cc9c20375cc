"""Platforms without fcntl (Windows): every command starts, and records are locked with msvcrt there."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from pnp.errors import RecordError
from pnp.referee import record, session

# Runs pnp commands, one after the other in one process, as on a system without fcntl: importing it fails, as
# it does on Windows. Each command's (exit code, stdout, stderr) comes back as a JSON list.
WITHOUT_FCNTL = (
    "import json, sys; sys.modules['fcntl'] = None\n"
    "import pytest\n"
    "from support.cli import run_pnp\n"
    "print(json.dumps([run_pnp(args, pytest.MonkeyPatch()) for args in json.loads(sys.argv[1])]))\n"
)
TESTS = Path(__file__).parent
ROOT = TESTS.parent


def pnp_without_fcntl(cwd: Path, *commands: list[str]) -> list[tuple[int, str, str]]:
    """Each of ``commands`` run by one child without fcntl: (exit code, stdout, stderr) of each."""
    command = [sys.executable, "-c", WITHOUT_FCNTL, json.dumps(commands)]
    # this checkout's pnp, not a copy installed elsewhere (the child runs in ``cwd``)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(command, check=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    return [tuple(run) for run in json.loads(done.stdout)]


def test_games_and_build_need_no_fcntl(tmp_path):
    (games, out, err), (built, _, built_err) = pnp_without_fcntl(
        tmp_path, ["games"], ["build", "aloft", "--out", "kit"]
    )
    assert games == 0, err
    assert "aloft" in out
    assert built == 0, built_err
    assert list((tmp_path / "kit" / "aloft").glob("*.pdf"))


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has msvcrt")
def test_without_any_lock_a_session_is_read_but_never_written(tmp_path):
    path = tmp_path / "g.pnp"
    current = session.new(path, "aloft", ["ann", "bob"], [], 0, None)
    for move in ("secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3"):
        current.play(move)
    current.save()
    before = path.read_bytes()
    reads = [["ref", command, "g.pnp"] for command in ("moves", "show", "score", "replay")]
    refused, *read, played = pnp_without_fcntl(
        tmp_path,
        ["ref", "new", "aloft", "new.pnp", "--players", "ann,bob"],
        *reads,
        ["ref", "play", "g.pnp", "launch", "RW"],
    )
    assert refused[0] == 1 and not (tmp_path / "new.pnp").exists()
    assert refused[2] == "pnp: error: new.pnp: cannot lock the record: this Python has no fcntl module (nor msvcrt)\n"
    for args, (code, _, err) in zip(reads, read):
        assert code == 0 and not err, (args, err)
    assert "ann" in read[1][1]  # ref show
    assert played[0] == 1 and played[2].count("\n") == 1 and "cannot lock" in played[2]
    assert path.read_bytes() == before


def test_on_windows_the_record_is_locked_with_msvcrt(tmp_path, monkeypatch):
    calls: list[tuple[int, int]] = []

    def locking(fd: int, mode: int, nbytes: int) -> None:
        calls.append((mode, nbytes))
        if len(calls) == 1:  # LK_LOCK gives up after ten seconds: the lock is asked for again
            raise OSError(errno.EDEADLK, "Resource deadlock avoided")

    fake = types.SimpleNamespace(LK_LOCK=1, LK_UNLCK=0, locking=locking)
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setitem(sys.modules, "fcntl", None)
    monkeypatch.setattr(sys, "platform", "win32")
    with record.locked(tmp_path / "g.pnp"):
        assert calls == [(1, 1), (1, 1)]
    assert calls == [(1, 1), (1, 1), (0, 1)]


def test_a_failing_windows_lock_is_one_line(tmp_path, monkeypatch):
    def locking(fd: int, mode: int, nbytes: int) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setitem(sys.modules, "msvcrt", types.SimpleNamespace(LK_LOCK=1, LK_UNLCK=0, locking=locking))
    monkeypatch.setattr(sys, "platform", "win32")
    with (
        pytest.raises(RecordError, match=r"g\.pnp: cannot lock the record \(permission denied\)"),
        record.locked(tmp_path / "g.pnp"),
    ):
        pass
