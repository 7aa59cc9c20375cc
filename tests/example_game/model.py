"""Updraft's data and its map (the column), read once from YAML into typed values (errors come back as
file:line:col)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from pnp.loader import Loaded, load_file
from pnp.referee.digests import PRINT_ONLY

DATA = Path(__file__).with_name("updraft.yaml")
COLUMN = Path(__file__).with_name("column.yaml")


@dataclass(frozen=True)
class UpdraftData:
    """The numbers the rules and the kit share."""

    colours: tuple[str, ...] = field(metadata=PRINT_ONLY)  # the rules never read it: a record outlives its edit
    fuel: int = field(metadata={"doc": "Fuel each balloon starts with.", "minimum": 0})
    max_burn: int = field(metadata={"doc": "The most fuel one round may burn.", "minimum": 1})
    lucky_bonus: int = field(metadata={"doc": "Points for each roll of one's lucky face.", "minimum": 0})


@dataclass(frozen=True)
class Column:
    """The map: how high the column is and the die the table rolls."""

    top: int = field(metadata={"doc": "The altitude that ends the game.", "minimum": 2, "maximum": 40})
    die: tuple[int, ...] = field(metadata={"doc": "One entry per face.", "minItems": 2, "minimum": 1, "maximum": 20})


@cache
def load_data() -> UpdraftData:
    """The game's data, checked."""
    return load_file(DATA, UpdraftData).value


def default_map_path() -> Path:
    """The built-in column."""
    return COLUMN


def load_map(path: Path | None = None) -> Loaded[Column]:
    """A column from ``path`` (None: the built-in one), checked field by field."""
    return load_file(path or COLUMN, Column)
