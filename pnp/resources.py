"""Where the built-in YAML lives, in a source checkout and in an installed wheel alike."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def builtin_root() -> Path:
    """The folder holding ``boards/`` and ``data/``.

    A wheel carries them as ``pnp/_builtin``; a checkout has them beside ``pnp/``.
    """
    for candidate in (_PACKAGE / "_builtin", _PACKAGE.parent):
        if (candidate / "data").is_dir() and (candidate / "boards").is_dir():
            return candidate
    raise FileNotFoundError("pnp's built-in boards/ and data/ folders are missing from this installation")


def data_file(name: str) -> Path:
    """A file under ``data/``."""
    return builtin_root() / "data" / name


def board_file(name: str) -> Path:
    """A file under ``boards/``."""
    return builtin_root() / "boards" / name
