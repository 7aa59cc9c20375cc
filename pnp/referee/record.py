"""The record file: a PGN-like text file of headers and hash-chained event lines.

    # pnp record ...
    [Game "aloft"]
    [Players "ann,bob"]
    ...
    [Check "9c0e55a1d2b3f4a5"]

    1. ann: commit colours 6f1e... #0b1c2d3e4f5a6b7c
    2. bob: truck 5 #1a2b3c4d5e6f7a8b
    3. undo #...

Every event line ends with a hash of the previous hash and the line's text,
starting from the headers' ``Check``; so a hand edit anywhere is found and
named. Writes are atomic (write a temporary file, then rename) and locked, so
two terminals on one record cannot interleave or lose a line.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import RecordError, describe

MAGIC = "# pnp record: one session, refereed by pnp. Each line is hash-chained: do not edit by hand."
HEADER_KEYS = ("Game", "Players", "Options", "Seed", "Map", "Files")
_UMASK = os.umask(0o022)
os.umask(_UMASK)  # read once: new records get the usual permissions, not mkstemp's private ones
_HEADER = re.compile(r'^\[(\w+) "(.*)"\]$')
_EVENT = re.compile(r"^(\d+)\. (.+) #([0-9a-f]{16})$")


@dataclass(frozen=True)
class Event:
    """One body line: ``number. text`` where text is ``player: move`` or ``undo``."""

    line: int  # line number in the file, for messages
    number: int
    text: str


@dataclass(frozen=True)
class Record:
    """A parsed record file: its headers in order and its events."""

    path: Path
    headers: dict[str, str]
    events: tuple[Event, ...]


def chain(previous: str, text: str) -> str:
    """The hash of an event line, chained to the one before."""
    return hashlib.sha256(f"{previous}\n{text}".encode()).hexdigest()[:16]


def header_check(headers: dict[str, str]) -> str:
    """The hash that seeds the chain: it covers every header."""
    return chain("", "\n".join(f"{k}={headers[k]}" for k in HEADER_KEYS))


def render_headers(headers: dict[str, str]) -> str:
    """The start of a new record: banner, headers and their check hash."""
    out = [MAGIC, *(f'[{key} "{headers[key]}"]' for key in HEADER_KEYS), f'[Check "{header_check(headers)}"]', ""]
    return "\n".join(out) + "\n"


def event_line(previous_hash: str, number: int, text: str) -> str:
    """The line that appends event ``number`` to a chain ending in ``previous_hash``."""
    return f"{number}. {text} #{chain(previous_hash, f'{number}. {text}')}\n"


def parse(path: Path) -> tuple[Record, str, str]:
    """Read and verify a record file; return it, the last hash of its chain and the file's text."""
    try:
        raw = path.read_text(encoding="utf-8")
        lines = raw.splitlines()
    except FileNotFoundError:
        raise RecordError(f"{path}: no such record (start one with 'pnp ref new')") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: not a record file (it is a folder)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record: {describe(exc)}") from None
    if not lines or lines[0] != MAGIC:
        raise RecordError(f"{path}:1: not a pnp record (the first line must be the pnp record banner)")
    headers: dict[str, str] = {}
    index = 1
    while index < len(lines) and lines[index].startswith("["):
        match = _HEADER.match(lines[index])
        if not match:
            raise RecordError(f'{path}:{index + 1}: bad header line (expected [Key "value"])')
        headers[match.group(1)] = match.group(2)
        index += 1
    missing = [k for k in (*HEADER_KEYS, "Check") if k not in headers]
    if missing:
        raise RecordError(f"{path}: header {missing[0]} is missing")
    previous = header_check(headers)
    if headers["Check"] != previous:
        raise RecordError(f"{path}: the headers were edited by hand (their check hash does not match)")
    events = []
    for offset, text in enumerate(lines[index:], start=index + 1):
        if not text.strip():
            continue
        match = _EVENT.match(text)
        if not match:
            raise RecordError(f"{path}:{offset}: bad event line (expected 'N. text #hash')")
        number, body, digest = int(match.group(1)), match.group(2), match.group(3)
        if number != len(events) + 1:
            raise RecordError(f"{path}:{offset}: event {number} is out of order (expected {len(events) + 1})")
        previous = chain(previous, f"{number}. {body}")
        if digest != previous:
            raise RecordError(f"{path}:{offset}: the hash does not match: this line or one before it was edited")
        events.append(Event(offset, number, body))
    return Record(path, headers, tuple(events)), previous, raw


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock for ``path`` (on ``path.lock``) while the block runs."""
    if path.exists() and not path.is_file():
        raise RecordError(f"{path}: not a record file")
    lock_path = path.with_name(path.name + ".lock")
    try:
        handle = lock_path.open("a")
    except OSError as exc:
        raise RecordError(f"{path}: cannot lock the record ({exc.strerror})") from None
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def write_atomic(path: Path, text: str, mode: int | None = None) -> None:
    """Replace ``path`` with ``text`` in one step: readers see the old or the new file, never half."""
    try:
        fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode if mode is not None else 0o666 & ~_UMASK)
        os.replace(temp, path)
    except OSError as exc:
        raise RecordError(f"{path}: cannot write: {exc.strerror}") from None
