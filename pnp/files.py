"""Reading and writing files safely.

Reading: only regular files, and never more than a stated limit, so /dev/zero, a FIFO or a
huge file costs nothing.

Writing: a temporary file in the same folder, renamed into place only once complete.

A reader, a crash, Ctrl-C, SIGTERM or a full disk therefore never leaves a partial file
under its final name: the folder holds the previous good file or the new one, and a
failed or interrupted write removes its temporary file.

While a file is written, SIGINT and SIGTERM raise KeyboardInterrupt (so the cleanup
runs), except in the few steps that create, rename or remove the temporary file: a
signal arriving there is raised as soon as the step is done.
"""

from __future__ import annotations

import errno
import os
import re
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from pnp.errors import PnpError

_UMASK = os.umask(0o022)
os.umask(_UMASK)  # read once: new files get the usual permissions, not mkstemp's private ones

# each signal, and its handler when nothing changed it (a signal that is ignored or handled stays so)
_SIGNALS: dict[signal.Signals, Callable[[int, FrameType | None], object] | signal.Handlers] = {
    signal.SIGTERM: signal.SIG_DFL,
    signal.SIGINT: signal.default_int_handler,
}


class _Interrupts:
    """Whether our handlers are installed, how deep in held steps we are, and what arrived meanwhile."""

    active = False
    held = 0
    pending = False
    raised = False


_state = _Interrupts()


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()  # the only one that runs signal handlers


def _on_signal(_signum: int, _frame: FrameType | None) -> None:
    if _state.held or _state.raised:  # wait for the step to end; one interrupt is enough
        _state.pending = True
        return
    _state.raised = True
    raise KeyboardInterrupt


@contextmanager
def interruptible() -> Iterator[None]:
    """While the block runs, SIGTERM acts as Ctrl-C does (KeyboardInterrupt); the handlers go afterwards.

    Nested blocks, other threads and signals that are ignored or handled elsewhere are left alone.
    """
    if _state.active or not _main_thread():
        yield
        return
    ours = [sig for sig, default in _SIGNALS.items() if signal.getsignal(sig) is default]
    _state.active, _state.pending, _state.raised = True, False, False
    try:
        with _held():
            for sig in ours:
                signal.signal(sig, _on_signal)
        yield
    finally:
        _state.active = False
        with _held():  # SIGINT last: once it is back, nothing of ours is left to restore
            for sig in ours:
                signal.signal(sig, _SIGNALS[sig])


@contextmanager
def _held() -> Iterator[None]:
    """A step a signal must not cut in two: a signal that arrives during it is raised at its end."""
    if not _main_thread():
        yield
        return
    _state.held += 1
    try:
        yield
    finally:
        _state.held -= 1
    if not _state.held and _state.pending and not _state.raised:
        _state.pending, _state.raised = False, True
        raise KeyboardInterrupt


class WriteError(PnpError):
    """A file that could not be written, with the system's ``errno`` (``errno.ENOSPC``: the disk is full)."""

    def __init__(self, path: Path, exc: OSError) -> None:
        self.errno = exc.errno
        self.reason = exc.strerror or str(exc)
        super().__init__(f"{path}: cannot write: {self.reason}")


def yaml_files(folder: Path) -> list[Path]:
    """The YAML files of ``folder`` (``.yaml``, ``.yml``), by name, hidden ones aside: a Mac leaves a ``._tall.yaml``
    beside each file it copies onto a USB stick, which is no map or variant."""
    found = folder.glob("*.y*ml")
    return sorted(p for p in found if p.suffix in (".yaml", ".yml") and not p.name.startswith("."))


def read_only(path: Path) -> bool:
    """Whether the existing file ``path`` is marked read-only (its owner may not write it)."""
    try:
        return not os.stat(path).st_mode & stat.S_IWUSR
    except OSError:
        return False


def temp_prefix(path: Path) -> str:
    """The name prefix of ``path``'s temporary files (``.NAME.``), to find ones a killed writer left."""
    return f".{path.name}."


@contextmanager
def replacing(path: Path, mode: int | None = None, *, sync: bool = True) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; once the block ends cleanly, it replaces ``path``.

    On any exception (KeyboardInterrupt included) the temporary file is removed and ``path``
    is left as it was; an OSError becomes a one-line PnpError. ``mode`` sets the permissions
    (default: 0666 less the umask). ``sync=False`` skips flushing the file to the disk before
    the rename, for files that are quick to make again (a kit's pages): a power cut may then
    lose them, but an interruption or a full disk still leaves no partial file.
    """
    temp: Path | None = None
    with interruptible():
        try:
            with _held():
                fd, name = tempfile.mkstemp(dir=path.parent, prefix=temp_prefix(path), suffix=".tmp")
                temp = Path(name)
                os.close(fd)
            yield temp
            with _held():
                _commit(temp, path, mode, sync)
                temp = None
        except BaseException as exc:
            with _held():
                if temp is not None:
                    temp.unlink(missing_ok=True)
            if isinstance(exc, OSError):
                raise WriteError(path, exc) from None
            raise


def _commit(temp: Path, path: Path, mode: int | None, sync: bool) -> None:
    """Flush ``temp`` to the disk if asked (a full disk may say so only now), then rename it to ``path``."""
    if sync:
        fd = os.open(temp, os.O_RDWR)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.chmod(temp, mode if mode is not None else 0o666 & ~_UMASK)
    os.replace(temp, path)


def write_atomic(path: Path, data: str | bytes, mode: int | None = None, *, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) in one step; see ``replacing``."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    with replacing(path, mode, sync=sync) as temp, open(temp, "wb") as handle:
        handle.write(content)


def read_bytes(path: Path, limit: int) -> bytes:
    """The contents of the regular file ``path``, of at most ``limit`` bytes.

    Folders, devices and FIFOs are refused without being opened, and at most ``limit + 1``
    bytes are read (a size of 0 in ``stat`` proves nothing, e.g. for /dev/zero). Failures
    are OSErrors that :func:`~pnp.errors.describe` puts in plain words.
    """
    info = os.stat(path)
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
    if not stat.S_ISREG(mode):
        kind = "FIFO" if stat.S_ISFIFO(mode) else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "socket"
        raise OSError(errno.EINVAL, f"not a regular file (a {kind})", str(path))
    if info.st_size > limit:
        raise _too_large(path, limit)
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:  # it grew, or its size in stat is not the truth (as for files in /proc)
        raise _too_large(path, limit)
    return data


def read_text(path: Path, limit: int) -> str:
    """:func:`read_bytes` decoded as UTF-8, line ends as Python's text mode reads them (UnicodeDecodeError if not)."""
    return read_bytes(path, limit).decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def size_text(limit: int) -> str:
    """A byte count in words: "1 MiB", "64 KiB"."""
    return f"{limit / 2**20:g} MiB" if limit >= 2**20 else f"{limit / 2**10:g} KiB"


def _too_large(path: Path, limit: int) -> OSError:
    return OSError(errno.EFBIG, f"larger than {size_text(limit)}, the most pnp reads from this kind of file", str(path))


def file_name(name: str) -> str:
    """``name`` as a file name safe on every system: ``Air King: goals`` -> ``Air-King-goals``."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-.") or "unnamed"


def make_dir(path: Path) -> Path:
    """``path`` created with its parents if need be; a one-line error when it cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PnpError(f"{path}: cannot write: {error.strerror or error}") from None
    return path
