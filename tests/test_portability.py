"""Platforms without fcntl (Windows): every command starts, and records are locked with msvcrt there."""

from __future__ import annotations

import errno
import subprocess
import sys
import types
from pathlib import Path

import pytest

from pnp.errors import RecordError
from pnp.referee import record, session

# Runs pnp as on a system without fcntl: importing it fails, as it does on Windows.
WITHOUT_FCNTL = (
    "import sys; sys.modules['fcntl'] = None\n"
    "from pnp.cli.main import main\n"
    "sys.argv = ['pnp', *sys.argv[1:]]\n"
    "main()\n"
)


def pnp_without_fcntl(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", WITHOUT_FCNTL, *args]
    return subprocess.run(command, check=False, cwd=cwd, capture_output=True, text=True, timeout=300)


def test_games_and_build_need_no_fcntl(tmp_path):
    games = pnp_without_fcntl(tmp_path, "games")
    assert games.returncode == 0, games.stderr
    assert "aloft" in games.stdout
    built = pnp_without_fcntl(tmp_path, "build", "aloft", "--out", "kit")
    assert built.returncode == 0, built.stderr
    assert list((tmp_path / "kit" / "aloft").glob("*.pdf"))


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has msvcrt")
def test_without_any_lock_a_session_is_read_but_never_written(tmp_path):
    refused = pnp_without_fcntl(tmp_path, "ref", "new", "aloft", "g.pnp", "--players", "ann,bob")
    assert refused.returncode == 1 and not (tmp_path / "g.pnp").exists()
    assert refused.stderr == "pnp: error: g.pnp: cannot lock the record: this Python has no fcntl module (nor msvcrt)\n"
    path = tmp_path / "g.pnp"
    current = session.new(path, "aloft", ["ann", "bob"], [], 0, None)
    for move in ("secret colours B,G", "secret colours R,W", "truck 5", "inflate RW 3"):
        current.play(move)
    current.save()
    before = path.read_bytes()
    for command in ("moves", "show", "score", "replay"):
        run = pnp_without_fcntl(tmp_path, "ref", command, "g.pnp")
        assert run.returncode == 0 and not run.stderr, (command, run.stderr)
    assert "ann" in pnp_without_fcntl(tmp_path, "ref", "show", "g.pnp").stdout
    played = pnp_without_fcntl(tmp_path, "ref", "play", "g.pnp", "launch", "RW")
    assert played.returncode == 1 and played.stderr.count("\n") == 1 and "cannot lock" in played.stderr
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
