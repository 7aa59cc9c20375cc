"""A deck read from a CSV file: one row per card (or kind of card), one column per field, as Squib and nanDECK
users keep their decks in a spreadsheet.

The first row names the columns. Each cell is read as the YAML loader reads a value of the field's type, with
the same bounds, so a bad cell is refused as ``deck.csv:ROW:COLUMN: events[2].count: ...`` (rows and columns
counted from 1, the header being row 1, as a spreadsheet shows them). An empty cell leaves the field's default;
a list field takes its items separated by spaces or semicolons.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

import yaml

from pnp.errors import DataError, describe, quote
from pnp.files import read_bytes
from pnp.loader import Loaded, Source, did_you_mean, enforce, load_node, not_utf8, retired

MAX_CSV_BYTES = 2**20  # 1 MiB: thousands of cards
MAX_ROWS = 5000
SEPARATORS = {";": "';'", "\t": "tabs"}  # between cells in other exports (a spreadsheet in French or German, TSV)
_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()


def read_deck(path: Path, model: type, deck: str, shown: str) -> Loaded[tuple[Any, ...]]:
    """The rows of the CSV file at ``path`` (called ``shown`` in errors) as the cards of the field ``deck`` of the
    game's data ``model``, with where each cell sits (``DECK[ROW].COLUMN``, for the checks made after loading); as
    many as the field allows, else refused at the header."""
    item = get_args(get_type_hints(model)[deck])[0]
    rules = next(f.metadata for f in dataclasses.fields(model) if f.name == deck)
    try:
        data = read_bytes(path, MAX_CSV_BYTES)
    except OSError as exc:
        raise DataError(shown, "", f"cannot read the deck: {describe(exc)}") from None
    try:
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise not_utf8(shown, data, exc) from None
    rows = _rows(text.removeprefix("\ufeff"), shown)
    if not rows:
        raise DataError(f"{shown}:1:1", "", "the CSV file is empty: its first row names the columns")
    if len(rows) > MAX_ROWS + 1:
        raise DataError(f"{shown}:{MAX_ROWS + 2}:1", "", f"more than {MAX_ROWS} rows, the most a deck may have")
    header = [cell.strip() for cell in rows[0]]
    _check_header(header, item, shown)
    hints = get_type_hints(item)
    rows_read = [
        _card(row, number, header, hints, shown)
        for number, row in enumerate(rows[1:], start=2)
        if any(cell.strip() for cell in row)  # a blank line is no card
    ]
    start = _mark(shown, 1, 1)
    node = yaml.SequenceNode("tag:yaml.org,2002:seq", rows_read, start, start)
    deck_type: Any = tuple[item, ...]  # type: ignore[valid-type]
    source = Source(shown, text)
    cards: tuple[Any, ...] = load_node(node, deck_type, source, deck)
    enforce(rules, cards, node, deck, source)
    return Loaded(cards, source)


def _rows(text: str, shown: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text))
    try:
        return list(reader)
    except csv.Error as exc:
        raise DataError(f"{shown}:{reader.line_num}:1", "", f"not a CSV file: {exc}") from None


def _check_header(header: list[str], item: type, shown: str) -> None:
    """Every column names a field of ``item``, once; every field without a default has a column."""
    fields = [f for f in dataclasses.fields(item) if f.init]
    names = [f.name for f in fields]
    for column, name in enumerate(header, start=1):
        if (moved := retired(item, name)) is not None:
            raise DataError(f"{shown}:1:{column}", "", f"no longer a column: {moved}")
        if name not in names:
            other = next((words for separator, words in SEPARATORS.items() if separator in name), None)
            if other is not None:
                why = f"the file seems to use {other} between cells, and pnp reads comma-separated CSV"
                raise DataError(f"{shown}:1:{column}", "", f"{quote(name)} is one column: {why} (save it with commas)")
            hint = did_you_mean(name, names)
            known = ", ".join(names)
            raise DataError(f"{shown}:1:{column}", "", f"unknown column {quote(name)}{hint} (known: {known})")
        if header.index(name) + 1 != column:
            raise DataError(f"{shown}:1:{column}", "", f"the column {quote(name)} is named twice")
    for f in fields:
        if f.name not in header and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DataError(f"{shown}:1:1", "", f"no column {quote(f.name)}: every card needs one")


def _card(row: list[str], number: int, header: list[str], hints: dict[str, Any], shown: str) -> yaml.MappingNode:
    """One row as the mapping node a YAML file would give, each value marked with its row and column."""
    if len(row) > len(header):
        where = f"{shown}:{number}:{len(header) + 1}"
        raise DataError(where, "", f"{len(row)} cells, but the first row names {len(header)} columns")
    pairs = []
    for column, (name, cell) in enumerate(zip(header, row), start=1):
        if cell.strip():
            mark = _mark(shown, number, column)
            pairs.append((yaml.ScalarNode(_STR, name, mark, mark), _cell(cell.strip(), hints[name], mark)))
    mark = _mark(shown, number, 1)
    return yaml.MappingNode("tag:yaml.org,2002:map", pairs, mark, mark)


def _cell(text: str, tp: Any, mark: yaml.Mark) -> yaml.Node:
    """A cell's text as a node of the field's type: a list split at spaces and semicolons, text kept as text."""
    tp = _unwrapped(tp)
    if get_origin(tp) in (list, tuple):
        items = [_cell(part, get_args(tp)[0], mark) for part in re.split(r"[;\s]+", text) if part]
        return yaml.SequenceNode("tag:yaml.org,2002:seq", items, mark, mark)
    if tp is str or (get_origin(tp) is Literal and all(isinstance(a, str) for a in get_args(tp))):
        return yaml.ScalarNode(_STR, text, mark, mark)
    tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    return yaml.ScalarNode(tag, text, mark, mark)


def _mark(shown: str, row: int, column: int) -> yaml.Mark:
    """Where a cell sits, as a YAML mark (counted from 0) that errors show counted from 1."""
    return yaml.Mark(shown, 0, row - 1, column - 1, "", 0)


def _unwrapped(tp: Any) -> Any:
    """``T`` for ``T | None``."""
    if get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in get_args(tp) if a is not type(None))
    return tp
