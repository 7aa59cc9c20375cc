"""The map and variant files a night's games are played on, kept as they were when each game started.

A night's folder is where its maps and variants are edited between games. So that an edit or a deletion there never
changes the rules of a game in play, nor keeps its record from replaying after a restart, each game the night starts
is recorded on a copy of its file and of every file that file names (a variant's CSV deck, fonts and pictures): in the
folder's hidden ``.pnp-kept`` folder, under a digest of their contents (``.pnp-kept/3f2a…/calm.yaml``), one copy for
every game on the same contents. pnp never removes a copy: the records that name it need it.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from pnp.errors import PnpError, about, describe
from pnp.files import make_dir, read_bytes, write_atomic
from pnp.variants.variant import MAX_FONT_BYTES

KEPT = ".pnp-kept"
UP = "_"  # a folder a copy lies in, once for each level up it names a file at (``../fonts/Serif.ttf``)


def keep(folder: Path, path: Path, named: Iterable[Path] = ()) -> Path:
    """The copy, in ``folder``'s kept files, of the file at ``path`` and of the files ``named`` that it names (relative
    to its own folder; one named by an absolute path is left where it is), made unless it is there; its path. A file
    that cannot be read is an error about ``path`` (``PnpError.file``)."""
    home = path.parent
    relative = [(file, Path(os.path.normpath(file.relative_to(home)))) for file in named if file.is_relative_to(home)]
    own = Path(*[UP] * max((name.parts.count("..") for _, name in relative), default=0), path.name)
    with about(path):
        contents = {
            own: _read(path),
            **{Path(os.path.normpath(own.parent / name)): _read(file) for file, name in relative},
        }
    digest = hashlib.sha256()
    for name, data in sorted(contents.items()):
        digest.update(f"{name.as_posix()}\0{len(data)}\0".encode() + data)
    root = folder / KEPT / digest.hexdigest()[:16]
    for name, data in contents.items():
        _write(root / name, data)
    return root / own


def is_kept(folder: Path, path: Path) -> bool:
    """Whether ``path`` is one of ``folder``'s kept copies."""
    return path.is_relative_to(folder / KEPT)


def _read(path: Path) -> bytes:
    try:
        return read_bytes(path, MAX_FONT_BYTES)  # the largest file a variant may name
    except OSError as exc:
        raise PnpError(f"{path}: cannot keep a copy of it: {describe(exc)}") from None


def _write(path: Path, data: bytes) -> None:
    """``path`` holding ``data``: written unless it does already."""
    try:
        if read_bytes(path, len(data)) == data:
            return
    except OSError:
        pass
    make_dir(path.parent)
    write_atomic(path, data)
