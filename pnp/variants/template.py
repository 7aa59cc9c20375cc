"""``pnp variant new``: a game's whole data as an editable variant, every key with its meaning and bounds."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin, get_type_hints

import yaml

from pnp.variants.support import data_file
from pnp.variants.variant import DECK_DOC, Sections

_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
MAX_LINE = 118


def schema_name(game: str) -> str:
    """The file name ``pnp variant new`` points editors at, for the schema ``pnp variant schema`` prints."""
    return f"{game}-variant.schema.json"


def new_variant(game: str, title: str) -> str:
    """The text of a variant of ``game`` repeating its built-in data, ready to edit (it passes the check)."""
    support = data_file(game)
    lines = [
        f"# yaml-language-server: $schema={schema_name(game)}",
        f"# A variant of {title}, started by 'pnp variant new {game}'. Every key is optional: delete one to keep",
        "# the built-in value, change one to replace it whole. Files are named relative to this file.",
        f"# The schema for editors: pnp variant schema {game} > {schema_name(game)}",
        f"# Check: pnp variant check FILE    Print: pnp build {game} --variant FILE",
        f"game: {game}",
        "",
    ]
    # the game's data first, where a designer changes decks and counts; then the words, fonts and art it prints in
    if support is None:
        lines.append(f"# {title} has no component data file: a variant changes only the sections below.")
    else:
        if support.deck:
            columns = ",".join(f.name for f in dataclasses.fields(_item(support.model, support.deck)))
            lines += [f"# deck: {DECK_DOC}", f"#   Instead of '{support.deck}' below; columns: {columns}"]
            lines.append("# deck: deck.csv")
        builtin = support.builtin().value
        hints = get_type_hints(support.model)
        for f in dataclasses.fields(support.model):
            fixed = " The referee reads the built-in value: change it to print only."
            fixed *= f.name in support.fixed_for_referee
            lines += [
                *_comment(f.name, hints[f.name], f.metadata, fixed),
                _yaml(f.name, _plain(getattr(builtin, f.name))),
            ]
            lines.append("")
    for f in dataclasses.fields(Sections):
        lines += [*_comment(f.name, get_type_hints(Sections)[f.name], f.metadata), *_shared_example(f.name, game)]
    return "\n".join(lines) + "\n"


def _shared_example(name: str, game: str) -> list[str]:
    """Commented lines showing what a shared section takes for ``game``: its languages, every text it prints
    with its English and where it is printed, its font roles, its art boxes."""
    from pnp.printing.fonts import ROLES
    from pnp.texts import english, languages
    from pnp.variants.variant import art_keys

    if name == "language":
        shipped = ", ".join(languages(game))
        return [f"#   shipped for this game: {shipped}; another language needs its texts below", "# language: fr"]
    if name == "texts":
        entries = english(game)
        return ["# texts:", *(f"#   {key}: {_quoted(e.text)}  # {e.about}" for key, e in entries.items())]
    if name == "fonts":
        return [f"#   roles: {', '.join(ROLES)}", "# fonts: {titles: my-titles.ttf}"]
    boxes = art_keys(game)
    if not boxes:
        return ["#   this game has no art boxes"]
    return ["# art:", *(f"#   {key!r}: my-picture.png  # {about}" for key, about in boxes.items())]


def _quoted(text: str) -> str:
    """``text`` as a one-line YAML scalar."""
    return yaml.safe_dump(text, allow_unicode=True, width=10**6).removesuffix("\n...\n").strip()


def _yaml(key: str, value: Any) -> str:
    """``key: value`` as YAML: items one to a line when each fits on a line, else spelt out key by key."""
    compact = yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, default_flow_style=None, width=10**6)
    fits = isinstance(value, list) and all(len(line) <= MAX_LINE for line in compact.splitlines())
    if fits:
        return compact.rstrip()
    return yaml.safe_dump({key: value}, sort_keys=False, allow_unicode=True, width=MAX_LINE).rstrip()


def _comment(name: str, tp: Any, metadata: typing.Mapping[str, Any], extra: str = "") -> list[str]:
    """``# name: meaning (what it takes, bounds)``, then the same for each key of its items."""
    head = f"# {name}: {_described(metadata.get('doc', ''), tp, metadata)}.{extra}"
    return [head, *(f"#   {line}" for line in _inner(tp))]


def _inner(tp: Any) -> Iterator[str]:
    """A line per key of the dataclass ``tp`` holds (itself, or as items), with its meaning and bounds."""
    cls = _dataclass_in(tp)
    if cls is None:
        return
    hints = get_type_hints(cls)
    for f in dataclasses.fields(cls):
        optional = "" if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING else ", optional"
        yield f"{f.name}: {_described(f.metadata.get('doc', ''), hints[f.name], f.metadata, optional)}"


def _described(doc: str, tp: Any, metadata: typing.Mapping[str, Any], more: str = "") -> str:
    """A key's meaning, then what it takes in brackets: 'How many cards (a whole number, at least 0)'."""
    kind = f"({_kind(tp)}{_bounds(metadata)}{more})"
    return f"{doc.rstrip('.')} {kind}" if doc else kind


def _kind(tp: Any) -> str:
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return _kind(next(a for a in get_args(tp) if a is not type(None)))
    if origin is Literal:
        return "one of " + ", ".join(map(str, get_args(tp)))
    if origin in (list, tuple):
        return f"a list, each item {_kind(get_args(tp)[0])}"
    if origin is dict:
        return f"a mapping to {_kind(get_args(tp)[1])}"
    if dataclasses.is_dataclass(tp):
        return "a mapping"
    return _NAMES.get(tp, str(tp))


def _bounds(metadata: typing.Mapping[str, Any]) -> str:
    """A field's value rules in words: ', at least 0, at most 20', ', exactly 6 items', ', at least 1 item'."""
    words = {"minimum": "at least {}", "maximum": "at most {}", "exclusiveMinimum": "more than {}"}
    found = [template.format(f"{metadata[key]:g}") for key, template in words.items() if key in metadata]
    least, most = metadata.get("minItems"), metadata.get("maxItems")
    if least is not None and least == most:
        found.append(_items("exactly", least))
    else:
        found += [
            _items(bound, count) for bound, count in (("at least", least), ("at most", most)) if count is not None
        ]
    if "pattern_words" in metadata:
        found.append(metadata["pattern_words"])
    return "".join(f", {item}" for item in found)


def _items(bound: str, count: int) -> str:
    """'at least 1 item', 'exactly 6 items'."""
    return f"{bound} {count} item{'' if count == 1 else 's'}"


def _dataclass_in(tp: Any) -> type | None:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return tp
    for arg in get_args(tp):
        found = _dataclass_in(arg)
        if found is not None:
            return found
    return None


def _item(model: type, key: str) -> type:
    found = _dataclass_in(get_type_hints(model)[key])
    assert found is not None, f"{model.__name__}.{key} holds no cards"
    return found


def _plain(value: Any) -> Any:
    """A loaded value as plain YAML data: mappings for dataclasses, lists for tuples; defaults left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.default is dataclasses.MISSING or getattr(value, f.name) != f.default
        }
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value
