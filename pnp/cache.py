"""Slow results kept on disk between runs, in the user's cache folder.

A result is stored as JSON under the SHA-256 of what it was made from together with pnp's own source
code, so a change to either asks afresh and a stored result is never read by other code. A file that
cannot be read or parsed is made again; one that cannot be written is simply not kept. Only the
newest KEPT files stay. ``PNP_CACHE_DIR`` names another folder, and set empty turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from reportlab import Version as REPORTLAB_VERSION

from pnp import __version__
from pnp.files import WriteError, read_text, write_atomic

KEPT = 32
T = TypeVar("T")
LIMIT = 16 * 2**20  # bytes read from one file at most


def folder() -> Path | None:
    """Where results are kept: ``PNP_CACHE_DIR``, else the system's cache folder for pnp (None: keep nothing)."""
    chosen = os.environ.get("PNP_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base, "pnp", "Cache") if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pnp"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


@cache
def _code() -> bytes:
    """A digest of pnp's Python source (and the versions of pnp and reportlab, whose fonts measure text)."""
    digest = hashlib.sha256(f"{__version__} {REPORTLAB_VERSION}".encode())
    root = Path(__file__).parent
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def remembered(
    kind: str, made_from: str, make: Callable[[], T], encode: Callable[[T], Any], decode: Callable[[Any], T]
) -> T:
    """``make()``, or the value kept for ``made_from`` (a full description of its inputs) if there is one.

    ``encode`` turns the value into JSON data and ``decode`` back; data that ``decode`` rejects (with a
    ValueError, LookupError or TypeError) is made again.
    """
    place = folder()
    if place is None:
        return make()
    name = hashlib.sha256(_code() + kind.encode() + b"\0" + made_from.encode()).hexdigest()
    path = place / f"{kind}-{name}.json"
    try:
        return decode(json.loads(read_text(path, LIMIT)))
    except (OSError, ValueError, LookupError, TypeError):
        pass  # not kept yet, or unreadable: made again
    value = make()
    try:
        place.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(encode(value), separators=(",", ":")), sync=False)
        _prune(place, kind)
    except (OSError, WriteError):
        pass  # a read-only or full disk: the value is only not kept
    return value


def _prune(place: Path, kind: str) -> None:
    """Remove all but the newest KEPT files of this kind."""

    def age(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    for old in sorted(place.glob(f"{kind}-*.json"), key=age, reverse=True)[KEPT:]:
        old.unlink(missing_ok=True)
