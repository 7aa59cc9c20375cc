"""Writing files safely: a temporary file in the same folder, renamed into place only once complete.

A reader, a crash, Ctrl-C or a full disk therefore never leaves a partial file under
its final name: the folder holds the previous good file or the new one, and a failed
write removes its temporary file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError

_UMASK = os.umask(0o022)
os.umask(_UMASK)  # read once: new files get the usual permissions, not mkstemp's private ones


def temp_prefix(path: Path) -> str:
    """The name prefix of ``path``'s temporary files (``.NAME.``), to find ones a killed writer left."""
    return f".{path.name}."


@contextmanager
def replacing(path: Path, mode: int | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; once the block ends cleanly, it replaces ``path``.

    On any exception (KeyboardInterrupt included) the temporary file is removed and ``path``
    is left as it was. ``mode`` sets the permissions (default: 0666 less the umask).
    """
    try:
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=temp_prefix(path), suffix=".tmp")
    except OSError as exc:
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        with open(temp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.chmod(temp, mode if mode is not None else 0o666 & ~_UMASK)
        os.replace(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise PnpError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_atomic(path: Path, data: str | bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) in one step."""
    content = data.encode("utf-8") if isinstance(data, str) else data
    with replacing(path, mode) as temp:
        temp.write_bytes(content)
