"""Safe output: an interrupted or failed write leaves the previous good file or none, never a partial one.

Faults are injected deterministically: the k-th file a build opens for writing takes half its data and
then fails (Ctrl-C, or a full disk), or the k-th page fails while it is drawn; a signal is raised inside
each step of ``pnp.files.replacing``. One test interrupts a real ``pnp build`` process with SIGINT.
"""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from support.cli import takes_ctrl_c

from pnp import files
from pnp.cli.main import main
from pnp.printing import pdf

BUILD = ("build", "air-king", "--format", "both")  # on A4: 30 files, each PDF after its SVG pages
OLD = ("--paper", "letter")  # the earlier good build
NEW = ("--paper", "a4")  # the build that fails


def run_pnp(*args: str) -> tuple[int, str]:
    """``pnp ARGS`` in-process: (exit code, stderr)."""
    import contextlib

    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()):
        patch.setattr(sys, "argv", ["pnp", *args])
        patch.setattr(sys, "stderr", err)
        try:
            main()
        except SystemExit as exc:
            return (exc.code if isinstance(exc.code, int) else 1), err.getvalue()
    return 0, err.getvalue()


def contents(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (by its path inside it) and its bytes."""
    return {str(f.relative_to(folder)): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}


def final_name(path: Path) -> str:
    """The name a file opened for writing ends up with: ``.NAME.XXXX.tmp`` becomes ``NAME``."""
    name = path.name
    return name[1:].rsplit(".", 2)[0] if name.startswith(".") and name.endswith(".tmp") else name


def assert_whole(folder: Path, qpdf: bool = False) -> None:
    """No temporary file is left, every PDF opens with pages (and passes qpdf's check), every SVG parses."""
    left = [f.name for f in folder.rglob("*") if f.name.endswith(".tmp") or f.name.startswith(".")]
    assert left == []
    for path in folder.rglob("*.pdf"):
        if qpdf and shutil.which("qpdf"):
            check = subprocess.run(["qpdf", "--check", str(path)], check=False, capture_output=True, text=True)
            assert check.returncode == 0, f"{path}: {check.stdout}{check.stderr}"
        assert len(PdfReader(path).pages) > 0, path
    for path in folder.rglob("*.svg"):
        ET.parse(path)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The folders of a clean earlier build and of a clean new build."""
    folders = tmp_path_factory.mktemp("old"), tmp_path_factory.mktemp("new")
    for folder, settings in zip(folders, (OLD, NEW)):
        code, err = run_pnp(*BUILD, *settings, "-o", str(folder))
        assert code == 0, err
    return folders


@pytest.fixture
def builds(clean: tuple[Path, Path], tmp_path: Path) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The files of both clean builds; ``tmp_path/kits`` starts as a copy of the earlier one."""
    shutil.copytree(clean[0], tmp_path / "kits")
    return contents(clean[0]), contents(clean[1])


@pytest.fixture
def default_signals() -> Iterator[None]:
    """SIGINT and SIGTERM as a fresh process has them (a test runner may have changed them)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler), signal.signal(signal.SIGTERM, signal.SIG_DFL)
    yield
    signal.signal(signal.SIGINT, previous[0])
    signal.signal(signal.SIGTERM, previous[1])


def failing_writes(
    monkeypatch: pytest.MonkeyPatch, folder: Path, k: int, fault: Callable[[], BaseException]
) -> list[str]:
    """Make the ``k``-th file opened for writing under ``folder`` take half of its first write, then fail.

    Every writer is caught (``open`` and ``io.open``, which pathlib uses); returns the files' final names.
    """
    real_open = io.open
    opened: list[str] = []

    class Failing(io.BufferedWriter):
        def write(self, data) -> int:  # type: ignore[override]
            super().write(bytes(data)[: len(data) // 2])
            self.flush()
            raise fault()

    def fake_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+") and isinstance(file, (str, Path)) and folder in Path(file).parents:
            opened.append(final_name(Path(file)))
            if len(opened) == k:
                failing = Failing(real_open(file, "wb", buffering=0))
                return failing if "b" in mode else io.TextIOWrapper(failing, encoding=kwargs.get("encoding"))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(io, "open", fake_open)
    return opened


def disk_full() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    ("fault", "k"),
    [
        ("interrupt", 1),  # the first SVG page
        ("interrupt", 17),  # cards.pdf
        ("interrupt", 30),  # the last file, calibration.pdf
        ("disk full", 2),
        ("disk full", 25),  # field-mat.pdf
        ("interrupt while drawing", 1),
        ("interrupt while drawing", 20),  # a field-mat page
    ],
)
def test_a_failed_build_leaves_each_file_old_or_new_and_whole(builds, tmp_path, monkeypatch, default_signals, fault, k):
    """The k-th file written (or page drawn) fails: the kit is the earlier build's, whole (the files drawn before
    the failure were once the new build's, beside the old ones: a kit of two builds)."""
    old, new = builds
    out = tmp_path / "kits"
    if fault == "interrupt while drawing":
        pages = iter(range(1, 1000))
        draw_page = pdf.PdfWriter.page

        def page(self, *args) -> None:
            if next(pages) == k:
                raise KeyboardInterrupt
            draw_page(self, *args)

        monkeypatch.setattr(pdf.PdfWriter, "page", page)
    else:
        opened = failing_writes(monkeypatch, out, k, KeyboardInterrupt if fault == "interrupt" else disk_full)
    code, err = run_pnp(*BUILD, *NEW, "-o", str(out))
    monkeypatch.undo()
    if fault == "disk full":
        assert code == 1 and err.count("\n") == 1 and err.endswith(": cannot write: No space left on device\n")
    else:
        assert code == 130 and err == "pnp: error: interrupted\n"
    assert_whole(out)
    assert contents(out) == old  # nothing of the stopped build, nothing of the earlier one lost
    if fault != "interrupt while drawing":
        failed = next(name for name in old if Path(name).name == opened[k - 1])
        assert old[failed] != new[failed]  # the file that failed would have changed


@pytest.mark.parametrize("step", ["mkstemp", "fsync", "chmod", "replace"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_in_a_step_that_must_not_be_cut_waits_for_its_end(
    tmp_path, monkeypatch, default_signals, step, signum
):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    module = files.tempfile if step == "mkstemp" else files.os
    real = getattr(module, step)

    def signalled(*args, **kwargs):
        result = real(*args, **kwargs)
        signal.raise_signal(signum)  # lands just after the step did its work, before anything records it
        return result

    monkeypatch.setattr(module, step, signalled)
    with pytest.raises(KeyboardInterrupt):
        files.write_atomic(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == (b"old" if step == "mkstemp" else b"new")  # once written, a file is committed
    assert [f.name for f in tmp_path.iterdir()] == ["kit.pdf"]


def test_sigterm_during_a_write_is_ctrl_c_and_a_second_signal_does_not_stop_the_cleanup(
    tmp_path, monkeypatch, default_signals
):
    target = tmp_path / "kit.svg"
    target.write_text("<svg/>")
    unlink = Path.unlink

    def signalled_unlink(self: Path, missing_ok: bool = False) -> None:
        signal.raise_signal(signal.SIGINT)
        unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", signalled_unlink)
    with pytest.raises(KeyboardInterrupt), files.replacing(target) as temp:
        temp.write_text("<svg><g>")
        signal.raise_signal(signal.SIGTERM)
        temp.write_text("never")
    monkeypatch.undo()
    assert target.read_text() == "<svg/>" and [f.name for f in tmp_path.iterdir()] == ["kit.svg"]


def test_the_handlers_go_once_the_writing_is_done_and_an_ignored_signal_stays_ignored(tmp_path, default_signals):
    assert run_pnp(*BUILD, "-o", str(tmp_path / "kits"))[0] == 0
    files.write_atomic(tmp_path / "note.txt", "done")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with files.replacing(tmp_path / "note.txt") as temp:
        signal.raise_signal(signal.SIGINT)
        temp.write_text("still written")
    assert (tmp_path / "note.txt").read_text() == "still written"
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_sigint_to_a_running_build_leaves_whole_files(builds, tmp_path):
    """Wherever the signal lands (even after the build is done), each file is the old one or the new one."""
    old, new = builds
    out = tmp_path / "kits"
    before = {f: f.stat().st_ino for f in out.rglob("*") if f.is_file()}
    build = subprocess.Popen(
        [sys.executable, "-m", "pnp", *BUILD, *NEW, "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=takes_ctrl_c,  # noqa: PLW1509 (a test's child only)
    )
    deadline = time.monotonic() + 120
    while build.poll() is None and time.monotonic() < deadline:  # until a new file replaced an old one
        if any(f.stat().st_ino != inode for f, inode in before.items() if f.exists()):
            break
        time.sleep(0.005)
    build.send_signal(signal.SIGINT)
    _, err = build.communicate(timeout=120)
    assert build.returncode in (0, 130, -signal.SIGINT), err
    assert build.returncode != 130 or err == "pnp: error: interrupted\n"
    assert_whole(out, qpdf=True)
    left = contents(out)
    assert all(data in (old.get(name), new.get(name)) for name, data in left.items())
    assert old.keys() <= left.keys()
