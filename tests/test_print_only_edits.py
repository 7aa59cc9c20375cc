"""A print-only edit of a map file (a size, a colour, a title) changes nothing the rules do, so a running
session's record replays on the edited file; the record refuses only what the rules read."""

from __future__ import annotations

import dataclasses
import random
import typing
from pathlib import Path
from typing import Any, Literal

import pytest
import yaml
from support.games import EXAMPLE, SPECS, registered

from pnp.games import REGISTRY
from pnp.referee import notation, session
from pnp.referee.driver import Table, random_chooser
from pnp.referee.protocol import Setup

pytestmark = registered
WITH_MAPS = sorted(name for name, spec in SPECS.items() if spec.maps is not None)


def _other(value: Any, hint: Any) -> Any:
    """Another value of the type ``hint``: another choice, a colour, a longer text, a larger size, the other flag,
    no items."""
    literals = [kind for kind in (hint, *typing.get_args(hint)) if typing.get_origin(kind) is Literal]
    choices = [choice for kind in literals for choice in typing.get_args(kind)]
    if choices:
        return next((choice for choice in choices if choice != value), value)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return round(value * 1.25, 3)
    if isinstance(value, str):
        return "#123456" if value.startswith("#") else f"{value} II"
    return [] if isinstance(value, (list, tuple)) else value


def _held(hint: Any) -> type | None:
    """The dataclass a field of type ``hint`` holds: itself, or in a tuple, a dict's values or an optional."""
    for kind in (hint, *typing.get_args(hint)):
        if isinstance(kind, type) and dataclasses.is_dataclass(kind):
            return kind
    return None


def _entries(value: Any, hint: Any) -> list[Any]:
    """The written entries of a field of type ``hint`` holding ``value``: the items of a tuple or a dict, or it."""
    origin = typing.get_origin(hint)
    if origin is dict and isinstance(value, dict):
        return list(value.values())
    return list(value) if origin is tuple and isinstance(value, list) else [value]


def _edited(data: dict[str, Any], model: type) -> int:
    """Give every print-only field of ``model`` in ``data`` (filled in from its default) another value, at every
    depth; how many were edited."""
    hints, edited = typing.get_type_hints(model), 0
    for item in dataclasses.fields(model):
        if item.metadata.get("print_only"):
            value = data.get(item.name, None if item.default is dataclasses.MISSING else item.default)
            other = _other(value, hints[item.name])
            if value is not None and other != value:
                data[item.name], edited = other, edited + 1
            continue
        held = _held(hints[item.name])
        if held is not None and item.name in data:
            entries = _entries(data[item.name], hints[item.name])
            edited += sum(_edited(entry, held) for entry in entries if isinstance(entry, dict))
    return edited


def _listed(game_name: str, setup: Setup, seed: int) -> list[list[str]]:
    """The inputs listed at each step of a random game, in notation."""
    rules = REGISTRY[game_name].rules().bind(setup)
    table, rng = Table(rules, rules.new_state(setup)), random.Random(seed)
    choose, seen = random_chooser(rng), []
    while not table.state.is_over() and len(seen) < 300:
        moves = table.state.legal_moves()
        seen.append([notation.format(rules, move) for move in moves])
        move = choose(table.state, moves, table.secrets_of(table.state.to_move() or ""))
        chances = table.state.chance()
        table.play(table.take_chance(chances, rng) if move in chances else move)
    return seen


@pytest.mark.parametrize("name", WITH_MAPS)
def test_a_print_only_edit_of_a_map_changes_no_rule_and_a_record_replays_on_it(tmp_path, name):
    spec = REGISTRY[name]
    assert spec.maps is not None
    original, edited = tmp_path / "map.yaml", tmp_path / "edited.yaml"
    original.write_text(spec.maps.new(1), encoding="utf-8")
    data = yaml.safe_load(original.read_text(encoding="utf-8"))
    count = _edited(data, spec.maps.model())
    edited.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    game = spec.rules()
    players = tuple(f"p{i + 1}" for i in range(game.min_players))
    setups = [Setup(players, {o.key: o.default for o in game.options}, 3, path) for path in (original, edited)]
    assert _listed(name, setups[0], 3) == _listed(name, setups[1], 3)
    record = tmp_path / "game.pnp"
    current = session.new(record, name, list(players), [], 3, original)
    current.play(notation.format(current.game, current.state.legal_moves()[0]))
    current.save()
    original.write_text(edited.read_text(encoding="utf-8"), encoding="utf-8")
    assert session.load(record).events == 1
    assert count or not _marked(spec.maps.model())


def _marked(model: type) -> list[str]:
    """The print-only fields of ``model`` and of the dataclasses it holds."""
    hints, found = typing.get_type_hints(model), []
    for item in dataclasses.fields(model):
        held = _held(hints[item.name])
        if item.metadata.get("print_only"):
            found.append(item.name)
        elif held is not None and held is not model:
            found += _marked(held)
    return found


def test_the_record_refuses_what_the_rules_read(tmp_path: Path):
    column = tmp_path / "column.yaml"
    column.write_text("game: updraft\ntop: 12\ndie: [1, 2, 3, 4, 5, 6]\n")
    record = tmp_path / "game.pnp"
    session.new(record, EXAMPLE.name, ["ann", "bob"], [], 0, column).save()
    column.write_text("game: updraft\ntop: 12\ndie: [1, 2, 3, 4, 5, 6]  # a comment is no rule\n")
    assert session.load(record).events == 0
    column.write_text("game: updraft\ntop: 14\ndie: [1, 2, 3, 4, 5, 6]\n")
    with pytest.raises(session.RecordError, match="what the rules read in column.yaml has changed"):
        session.load(record)
