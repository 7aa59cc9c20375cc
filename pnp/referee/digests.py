"""The digests of what a session's rules read (a data file, a map, a generated board), kept in its record's
``Files`` header so that a record is never replayed against other rules.

A digest covers only what the rules read: each input is a loaded value (``Game.rules_inputs``), dumped in a
canonical form in which a dataclass field marked print-only (``PRINT_ONLY`` in its metadata: a size, a colour,
a label's place) is left out. Editing such a field leaves a running session replayable; editing anything else
is refused, with how to go on. Records made before this header began with ``rules;`` hold digests of whole
files: they replay while the files are byte for byte the same.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from enum import Enum
from pathlib import Path

from pnp.errors import PnpError, describe
from pnp.files import read_bytes
from pnp.loader import MAX_YAML_BYTES
from pnp.memo import Memo
from pnp.referee.protocol import Game, Setup
from pnp.resources import builtin_root

PRINT_ONLY = {"print_only": True}  # field metadata: the rules never read this field (merge it into the metadata)
SCHEME = "rules;"  # how the Files header of a record with rules-only digests starts
HOW_TO_GO_ON = "replay it with the file as it was, or start a new record with 'pnp ref new'"
DIGESTS_KEPT = 16  # loaded values whose digest is kept: a few games' data files and maps, a few options each


def rules_dump(value: object) -> str:
    """``value`` in a canonical text that only what the rules read changes: print-only fields left out."""
    return value if isinstance(value, str) else json.dumps(_plain(value), sort_keys=True, separators=(",", ":"))


def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if not f.metadata.get("print_only")
        }
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(item) for item in value), key=repr)
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Path):
        return value.as_posix()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"a rules input holds a {type(value).__name__}: give loaded data (dataclasses, tuples, numbers)")


def _label(source: Path | str) -> str:
    if isinstance(source, str):
        return source
    resolved = source.resolve()
    root = builtin_root()
    return resolved.relative_to(root).as_posix() if resolved.is_relative_to(root) else resolved.name


def _digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()[:16]


# The digest of each loaded value's rules dump, by the value itself (not an equal one). Every record loaded checks
# its Files header, and a large input (Take Off!'s world map) takes tens of milliseconds to dump. The loaders hand
# out one object per content of a file (MapCache, keyed by its bytes) and loaded data is never changed in place,
# so the same object has the same dump. Each kept value is held beside its digest, so its id names no other
# object while it is kept.
_KEPT: Memo[int, tuple[object, str]] = Memo(DIGESTS_KEPT)


def _digest_of(value: object) -> str:
    """The digest of ``rules_dump(value)``; text (a generated map) is hashed as it is, kept by no one."""
    if isinstance(value, str):
        return _digest(value.encode())
    return _KEPT.get(id(value), lambda: (value, _digest(rules_dump(value).encode())))[1]


def digests(game: Game, setup: Setup) -> str:
    """The ``Files`` header of a new record: ``rules;`` then ``label=digest`` for each input the rules read."""
    return _header(game.rules_inputs(setup))


def _header(inputs: Mapping[Path | str, object]) -> str:
    parts = [f"{_label(source)}={_digest_of(value)}" for source, value in inputs.items()]
    return SCHEME + ";".join(parts)


def _whole_files(game: Game, setup: Setup) -> str:
    """The ``Files`` header as records made before rules-only digests wrote it: whole files' bytes."""
    parts = []
    for source, value in game.rules_inputs(setup).items():
        if isinstance(source, str):  # content no file holds was hashed as the text it was given as
            parts.append(f"{source}={_digest(rules_dump(value).encode())}")
            continue
        try:
            parts.append(f"{_label(source)}={_digest(read_bytes(source, MAX_YAML_BYTES))}")
        except OSError as exc:
            raise PnpError(f"{source}: cannot read this input file: {describe(exc)}") from None
    return ";".join(parts)


def changed(game: Game, setup: Setup, recorded: str) -> str | None:
    """Why a record whose ``Files`` header is ``recorded`` cannot replay on today's inputs, in one line; None
    when it can."""
    if recorded.startswith(SCHEME):
        if any(recorded == _header(inputs) for inputs in game.former_inputs(setup)):
            return None  # an earlier pnp handed the same rules to the digest otherwise
        label = _first_difference(recorded.removeprefix(SCHEME), digests(game, setup).removeprefix(SCHEME))
        if label in _builtin_labels(game, setup):  # nobody edited it: pnp itself was updated
            return (
                f"pnp's own rules in {label} have changed since this record was made (pnp has been updated): "
                "finish the game with the pnp that began it, or start a new record with 'pnp ref new'"
            )
        return label and f"what the rules read in {label} has changed since this record was made: {HOW_TO_GO_ON}"
    label = _first_difference(recorded, _whole_files(game, setup))
    return label and (
        f"{label} has changed since this record was made (an older record: any edit of the file counts): {HOW_TO_GO_ON}"
    )


def _builtin_labels(game: Game, setup: Setup) -> set[str]:
    """The labels of the inputs that are pnp's own files (its data and boards), not the players'."""
    root = builtin_root()
    sources = game.rules_inputs(setup)
    return {_label(s) for s in sources if isinstance(s, Path) and s.resolve().is_relative_to(root)}


def _first_difference(recorded: str, current: str) -> str | None:
    """The label of the first input whose digest differs from the record's (labels alone may differ)."""
    old = [part.rpartition("=") for part in recorded.split(";") if part]
    new = [part.rpartition("=") for part in current.split(";") if part]
    for (label, _, was), (_, _, now) in zip(old, new):
        if was != now:
            return label
    return None if len(old) == len(new) else "the list of input files"
