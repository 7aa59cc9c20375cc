"""Updraft's data, read once from YAML into a typed value (errors come back as file:line:col)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.loader import load_file

DATA = Path(__file__).with_name("updraft.yaml")


@dataclass(frozen=True)
class UpdraftData:
    """The numbers the rules and the kit share."""

    top: int
    die: tuple[int, ...]
    colours: tuple[str, ...]
    lucky_bonus: int


def load_data() -> UpdraftData:
    """The game's data, checked."""
    return load_file(DATA, UpdraftData).value
