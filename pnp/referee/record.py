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
named. Writes are atomic (:mod:`pnp.files`) and locked (``flock`` on POSIX,
``msvcrt.locking`` on Windows), so two terminals on one record cannot
interleave or lose a line. A record over ``MAX_BYTES`` is refused unread.
"""

from __future__ import annotations

import errno
import glob
import hashlib
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import RecordError, describe
from pnp.files import read_text, temp_prefix

MAX_BYTES = 16 * 2**20  # 16 MiB, some 300,000 events: far beyond any session
MAGIC = "# pnp record: one session, refereed by pnp. Each line is hash-chained: do not edit by hand."
HEADER_KEYS = ("Game", "Players", "Options", "Seed", "Map", "Files")
OPTIONAL_KEYS = ("Variant", "Language", "Follows")  # written only when set: records made before keep their check hash
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


def _written(headers: dict[str, str]) -> list[str]:
    """The keys a record holds: every required one, and each optional one that is set."""
    return [*HEADER_KEYS, *(key for key in OPTIONAL_KEYS if headers.get(key))]


def header_check(headers: dict[str, str]) -> str:
    """The hash that seeds the chain: it covers every header."""
    return chain("", "\n".join(f"{k}={headers[k]}" for k in _written(headers)))


def render_headers(headers: dict[str, str]) -> str:
    """The start of a new record: banner, headers and their check hash."""
    out = [MAGIC, *(f'[{key} "{headers[key]}"]' for key in _written(headers)), f'[Check "{header_check(headers)}"]', ""]
    return "\n".join(out) + "\n"


def event_line(previous_hash: str, number: int, text: str) -> str:
    """The line that appends event ``number`` to a chain ending in ``previous_hash``."""
    return f"{number}. {text} #{chain(previous_hash, f'{number}. {text}')}\n"


def parse(path: Path) -> tuple[Record, str, str]:
    """Read and verify a record file; return it, the last hash of its chain and the file's text."""
    try:
        raw = read_text(path, MAX_BYTES)
    except FileNotFoundError:
        raise RecordError(f"{path}: no such record (start one with 'pnp ref new')") from None
    except IsADirectoryError:
        raise RecordError(f"{path}: not a record file (it is a folder)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record: {describe(exc)}") from None
    lines = raw.splitlines()
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
    events: list[Event] = []
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


def following(path: Path, version: str) -> tuple[str, str] | None:
    """The event that came after the record stood at ``version`` (a hash of its chain), with the version it made;
    None where the record never stood there or nothing came after."""
    parsed, _, _ = parse(path)
    previous = parsed.headers["Check"]
    for event in parsed.events:
        made = chain(previous, f"{event.number}. {event.text}")
        if previous == version:
            return event.text, made
        previous = made
    return None


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock for ``path`` (on ``path.lock``) while the block runs.

    Once the lock is held, temporary files that a killed writer left for the record are removed.
    """
    if path.exists() and not path.is_file():
        raise RecordError(f"{path}: not a record file")
    try:
        fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise RecordError(f"{path}: cannot lock the record ({describe(exc)})") from None
    try:
        with _exclusive(fd, path):
            _remove_stale_temps(path)
            yield
    finally:
        os.close(fd)


@contextmanager
def _exclusive(fd: int, path: Path) -> Iterator[None]:
    """Hold the lock on the open lock file ``fd``: ``flock`` on POSIX, ``msvcrt.locking`` on Windows."""
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            while True:  # LK_LOCK gives up after ten tries a second apart: wait on, as flock does
                try:
                    msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                    break
                except OSError as exc:
                    if exc.errno != errno.EDEADLK:
                        raise
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
    except ImportError:
        raise RecordError(f"{path}: cannot lock the record: this Python has no fcntl module (nor msvcrt)") from None
    except OSError as exc:
        raise RecordError(f"{path}: cannot lock the record ({describe(exc)})") from None
    try:
        yield
    finally:
        if sys.platform == "win32":
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_UN)


def _remove_stale_temps(path: Path) -> None:
    """Remove what killed writers left: ``pnp.files`` temporary files of the record and of its key files."""
    prefix = temp_prefix(path)
    own = re.compile(re.escape(prefix) + r"(?:[^.]+\.key\.)?[^.]+\.tmp")  # RECORD.tmp or RECORD.PLAYER.key.tmp
    for temp in path.parent.glob(glob.escape(prefix) + "*.tmp"):
        if own.fullmatch(temp.name):
            with suppress(OSError):
                temp.unlink()
