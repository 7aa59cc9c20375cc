"""The digests of a session's input files (a map, a generated board), kept in its record's header so
that a record is never replayed against changed inputs."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.errors import PnpError, describe
from pnp.files import read_bytes
from pnp.loader import MAX_YAML_BYTES
from pnp.referee.protocol import Game, Setup
from pnp.resources import builtin_root


def _file_label(path: Path) -> str:
    resolved = path.resolve()
    root = builtin_root()
    return resolved.relative_to(root).as_posix() if resolved.is_relative_to(root) else resolved.name


def _digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()[:16]


def digests(game: Game, setup: Setup) -> str:
    """``label=digest`` for each input of the session; the labels only help a reader."""
    parts = []
    for path in game.input_files(setup):
        try:
            parts.append(f"{_file_label(path)}={_digest(read_bytes(path, MAX_YAML_BYTES))}")
        except OSError as exc:
            raise PnpError(f"{path}: cannot read this input file: {describe(exc)}") from None
    parts += [f"{name}={_digest(text.encode())}" for name, text in game.generated_inputs(setup).items()]
    return ";".join(parts)


def changed_input(recorded: str, current: str) -> str | None:
    """The label of the first input whose contents differ from the record's (labels alone may differ)."""
    old = [part.rpartition("=") for part in recorded.split(";") if part]
    new = [part.rpartition("=") for part in current.split(";") if part]
    for (label, _, was), (_, _, now) in zip(old, new):
        if was != now:
            return label
    return None if len(old) == len(new) else "the list of input files"
