"""JSON Schema for the dataclasses the loader reads, so editors can check maps while typing."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints

from pnp.loader import PATTERN_WORDS, RULES

_PLAIN = {bool: {"type": "boolean"}, int: {"type": "integer"}, float: {"type": "number"}, str: {"type": "string"}}


def schema_for(cls: type, title: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a dataclass as the loader reads it."""
    definitions: dict[str, Any] = {}
    root = _schema(cls, definitions)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title, **root, "$defs": definitions}


def _schema(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    origin = get_origin(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if tp.__name__ not in defs:
            defs[tp.__name__] = {}
            defs[tp.__name__] = _object(tp, defs)
        return {"$ref": f"#/$defs/{tp.__name__}"}
    if origin in (typing.Union, types.UnionType):
        inner = [_schema(a, defs) for a in get_args(tp) if a is not type(None)]
        return {"anyOf": [*inner, {"type": "null"}]}
    if origin is Literal:
        return {"enum": list(get_args(tp))}
    if origin in (list, tuple):
        return {"type": "array", "items": _schema(get_args(tp)[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _schema(get_args(tp)[1], defs)}
    return dict(_PLAIN[tp])


def _with_rules(prop: dict[str, Any], metadata: Any) -> dict[str, Any]:
    """A property's schema with the value rules its field declares (see ``pnp.loader.RULES``): on the value
    itself, or on each item of a list, and beside ``null`` for an optional field."""
    rules = {key: metadata[key] for key in RULES if key in metadata}
    if "pattern" in rules:  # what an editor shows instead of the regular expression (VS Code's keyword)
        rules["patternErrorMessage"] = metadata[PATTERN_WORDS]
    if not rules:
        return prop
    if "anyOf" in prop:
        return {
            "anyOf": [
                _with_rules(option, metadata) if option != {"type": "null"} else option for option in prop["anyOf"]
            ]
        }
    if prop.get("type") == "array":
        on_items = {key: value for key, value in rules.items() if key not in ("minItems", "maxItems", "uniqueItems")}
        on_list = {key: value for key, value in rules.items() if key not in on_items}
        return {**prop, **on_list, "items": {**prop["items"], **on_items}}
    return {**prop, **rules}


def _object(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    hints = get_type_hints(cls)
    properties = {}
    required = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        prop = _with_rules(_schema(hints[f.name], defs), f.metadata)
        if "doc" in f.metadata:
            prop = {**prop, "description": f.metadata["doc"]}
        properties[f.name] = prop
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    result: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if cls.__doc__:
        result["description"] = " ".join(cls.__doc__.split())
    if required:
        result["required"] = required
    return result
