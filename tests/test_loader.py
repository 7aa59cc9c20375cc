"""The YAML boundary: typed objects out, located one-line errors for anything else."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.errors import DataError
from pnp.games.aloft.model import AloftData, load_data
from pnp.jsonschema import schema_for
from pnp.loader import first_key_outside, load_file, load_text, pattern, peek, top_keys


@dataclass(frozen=True)
class Item:
    colours: tuple[Literal["B", "G", "R"], ...]
    size: float = 1.0


@dataclass(frozen=True)
class Doc:
    name: str
    items: list[Item]
    counts: dict[str, int] = field(default_factory=dict)
    note: str | None = None


def error_of(text: str) -> str:
    with pytest.raises(DataError) as info:
        load_text(text, Doc, "data/x.yaml")
    return str(info.value)


def test_a_valid_document_becomes_typed_objects():
    doc = load_text("name: x\nitems:\n  - colours: [B, G]\n    size: 2\ncounts: {a: 1}\n", Doc).value
    assert doc == Doc("x", [Item(("B", "G"), 2.0)], {"a": 1})


def test_unknown_value_names_file_line_column_and_field_path():
    text = "name: x\nitems:\n  - colours: [B]\n  - colours: [G, X]\n"
    assert error_of(text) == "data/x.yaml:4:18: items[1].colours[1]: unknown value 'X' (known: B, G, R)"


def test_unknown_keys_are_errors():
    assert error_of("name: x\nitems: []\ncolour: 3\n") == (
        "data/x.yaml:3:1: colour: unknown key 'colour' (known: name, items, counts, note)"
    )


@dataclass(frozen=True)
class Moved:
    RETIRED: ClassVar[dict[str, str]] = {"shade": "the colour's own pattern says it now"}

    name: str


def test_a_retired_key_is_refused_saying_where_its_meaning_went():
    with pytest.raises(DataError) as info:
        load_text("name: x\nshade: dots\n", Moved, "data/x.yaml")
    assert str(info.value) == "data/x.yaml:2:1: shade: no longer a key: the colour's own pattern says it now"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("items: []\n", "missing key 'name'"),
        ("name: x\nitems: 3\n", "items: expected a list, found a single value"),
        ("name: x\nitems: []\ncounts: {a: b}\n", "counts.a: expected a whole number, found 'b'"),
        ("name: x\nitems: [{colours: [B], size: big}]\n", "items[0].size: expected a number"),
        ("name: x\nname: y\nitems: []\n", "name: duplicate key 'name'"),
        ("name: [x\n", "1:7: invalid YAML: a list opens here with '[' and is not closed by ']'"),
        ("name: x\nnote: 'cafe\nitems: []\n", "2:7: invalid YAML: a quoted text opens here and is never closed"),
        ("name: x\ncounts: {a: 1\nitems: []\n", "2:9: invalid YAML: a mapping opens here with '{' and is not closed"),
        ("", "the file is empty"),
        ("name: x\nitems: []\ncounts: {a: true}\n", "expected a whole number, found 'true'"),
        ("name: x\nitems:\n\t- colours: [B]\n", "3:1: invalid YAML: a tab character: YAML indents with spaces"),
        ("- name: x\n- items: []\n", "1:1: expected a mapping of keys, found a list"),
    ],
)
def test_each_kind_of_mistake_has_its_message(text, expected):
    assert expected in error_of(text)


@pytest.mark.parametrize("text", ["[" * 5000, "[" * 5000 + "]" * 5000, "- " * 3000 + "x"])
def test_deep_nesting_is_a_data_error(text):
    assert error_of(text).startswith("data/x.yaml:")


def test_numbers_are_accepted_as_text_and_null_for_optional():
    doc = load_text("name: 12\nitems: []\nnote: null\n", Doc).value
    assert doc.name == "12" and doc.note is None


def test_semantic_errors_point_at_the_field(tmp_path):
    path = tmp_path / "aloft.yaml"
    text = (load_data().source.text).replace("{name: BG, colours: [B, G]", "{name: BG, colours: [B, B]")
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load_data(path)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "[B, B]" in row)
    assert f":{line}:" in str(info.value) and "balloons[0].colours" in str(info.value)


def test_the_game_key_of_a_map_is_an_envelope():
    assert peek("game: aloft\ncolumns: 3\n", "game", "m.yaml") == ("aloft", "m.yaml:1:7")
    assert load_text("game: aloft\nname: x\nitems: []\n", Doc).value.name == "x"


def test_json_schema_follows_the_dataclasses():
    schema = schema_for(Doc, "doc")
    item = schema["$defs"]["Item"]
    assert item["properties"]["colours"]["items"] == {"enum": ["B", "G", "R"]}
    assert schema["$defs"]["Doc"]["required"] == ["name", "items"]
    assert schema["$defs"]["Doc"]["additionalProperties"] is False


yaml_scalars = st.one_of(st.integers(), st.floats(allow_nan=False), st.text(max_size=8), st.booleans(), st.none())
yaml_values = st.recursive(
    yaml_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)  # 100 catch every loader fault planted to try them (as 300 did)
@given(text=st.text(max_size=120))
def test_random_text_raises_only_data_errors(text):
    for target in (Doc, AloftData):
        try:
            load_text(text, target, "f.yaml")
        except DataError as exc:
            assert "\n" not in str(exc) and str(exc).startswith("f.yaml")


@settings(max_examples=100, deadline=None)  # 100 catch every loader fault planted to try them (as 300 did)
@given(value=yaml_values)
def test_random_yaml_structures_raise_only_data_errors(value):
    import yaml

    text = yaml.safe_dump(value)
    for target in (Doc, AloftData):
        try:
            load_text(text, target, "f.yaml")
        except DataError as exc:
            assert "\n" not in str(exc)


@pytest.mark.parametrize(
    "text, where",
    [
        ("game: a\ngame: b\nname: x\nitems: []\n", "data/x.yaml:2:1: game: duplicate key 'game' (first on line 1)"),
        ("name: x\nitems:\n  - {colours: [B], size: 1, size: 2}\n", "3:29: items[0].size: duplicate key 'size'"),
        ("name: x\nitems: []\ncounts: {a: 1, b: 2, a: 3}\n", "3:22: counts.a: duplicate key 'a'"),
    ],
)
def test_duplicate_keys_are_refused_at_any_depth_even_in_the_envelope(text, where):
    assert where in error_of(text)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"name: x\n# caf\xe9\nitems: []\n", "data/x.yaml:2:6: not UTF-8 text: byte 0xE9 here"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "data/x.yaml:1:1: a binary file, not YAML text"),
        (b"name: x\x00\nitems: []\n", "data/x.yaml:1:1: a binary file, not YAML text"),
        (b"# caf\xe9\n" + b"#" * 9000 + b"\x00", "data/x.yaml:1:1: a binary file, not YAML text"),
    ],
)
def test_a_file_that_is_not_utf8_text_is_located_at_its_first_line_with_the_encoding_named(tmp_path, data, message):
    (tmp_path / "x.yaml").write_bytes(data)
    with pytest.raises(DataError) as info:
        load_file(tmp_path / "x.yaml", Doc, "data/x.yaml")
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(
    "text, found",
    [
        ("# c\ngame: aloft  # note\ncolumns: 3\n", ("aloft", "m.yaml:2:7")),  # read without parsing
        ("{columns: 3, game: 'aloft'}\n", ("aloft", "m.yaml:1:20")),  # flow style: parsed
        ("columns: 3\n", None),
    ],
)
def test_peek_finds_the_game_key_with_or_without_parsing(text, found):
    assert peek(text, "game", "m.yaml") == found


def test_peek_refuses_a_document_that_is_not_a_mapping():
    with pytest.raises(DataError, match="m.yaml:1:1: expected a mapping of keys, found a list"):
        peek("- game: aloft\n", "game", "m.yaml")


def test_top_keys_are_the_keys_at_the_left_margin():
    assert top_keys("game: x\ncities:\n  - {name: A}\nroutes: []\n# note: no\n") == {"game", "cities", "routes"}


def test_the_first_key_outside_a_set_is_found_at_its_line():
    text = "game: x\n# hand_limit: 1\ncities:\n  - {hand_limit: A}\nhand_limit: 5\ntexts: {}\n"
    assert first_key_outside(text, {"game", "cities"}, "v.yaml") == ("hand_limit", "v.yaml:5:1")
    assert first_key_outside(text, {"game", "cities", "hand_limit", "texts"}) is None


@dataclass(frozen=True)
class Ruled:
    name: str = field(metadata=pattern("^[A-Z]+$", "capital letters"))
    count: int = field(default=1, metadata={"minimum": 1, "maximum": 6})
    pair: tuple[str, ...] = field(
        default=(), metadata={"minItems": 2, "maxItems": 2, **pattern("^[a-z]$", "a small letter")}
    )
    size: float | None = field(default=None, metadata={"exclusiveMinimum": 0})
    tags: tuple[str, ...] = field(default=(), metadata={"minItems": 1, "maxItems": 3, "uniqueItems": True})


def test_the_schema_states_each_fields_value_rules():
    props = schema_for(Ruled, "r")["$defs"]["Ruled"]["properties"]
    assert props["name"] == {"type": "string", "pattern": "^[A-Z]+$", "patternErrorMessage": "capital letters"}
    assert props["count"] == {"type": "integer", "minimum": 1, "maximum": 6}
    assert props["pair"] == {
        "type": "array",
        "minItems": 2,
        "maxItems": 2,
        "items": {"type": "string", "pattern": "^[a-z]$", "patternErrorMessage": "a small letter"},
    }
    assert props["size"] == {"anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"type": "null"}]}
    assert props["tags"] == {
        "type": "array",
        "minItems": 1,
        "maxItems": 3,
        "uniqueItems": True,
        "items": {"type": "string"},
    }


@pytest.mark.parametrize(
    ("line", "where", "message"),
    [
        ("count: 0", "2:8: count", "0 is less than 1, the least allowed"),
        ("count: 7", "2:8: count", "7 is more than 6, the most allowed"),
        ("size: 0", "2:7: size", "0 is too small: it must be more than 0"),
        ("name: Ab", "1:7: name", "'Ab' is not capital letters"),
        ("pair: [a, B]", "2:11: pair[1]", "'B' is not a small letter"),
        ("pair: [a]", "2:7: pair", "1 item, expected exactly 2"),
        ("pair: [a, b, c]", "2:7: pair", "3 items, expected exactly 2"),
        ("tags: []", "2:7: tags", "0 items, expected at least 1"),
        ("tags: [w, x, y, z]", "2:7: tags", "4 items, expected at most 3"),
        ("tags: [x, y, x]", "2:14: tags[2]", "'x' is listed twice"),
    ],
)
def test_the_loader_refuses_a_value_that_breaks_its_fields_rule(line, where, message):
    text = ("" if line.startswith("name:") else "name: AB\n") + line + "\n"
    with pytest.raises(DataError) as info:
        load_text(text, Ruled, "r.yaml")
    assert str(info.value) == f"r.yaml:{where}: {message}"


def test_a_value_within_its_fields_rules_loads_and_a_left_out_optional_one_is_not_checked():
    text = "name: AB\ncount: 6\npair: [a, b]\nsize: 0.5\ntags: [x, y]\n"
    assert load_text(text, Ruled).value == Ruled("AB", 6, ("a", "b"), 0.5, ("x", "y"))
    assert load_text("name: A\nsize: null\n", Ruled).value == Ruled("A")


def test_a_pattern_without_its_words_is_the_games_mistake_said_on_the_first_load() -> None:
    @dataclass(frozen=True)
    class Bare:
        name: str = field(metadata={"pattern": "^[A-Z]+$"})

    with pytest.raises(TypeError, match="pnp.loader.pattern"):
        load_text("name: ABC\n", Bare)


def test_pnp_reads_yaml_only_through_safe_loaders():
    """Every yaml.load or yaml.compose in pnp names a SafeLoader or a subclass of it, found in its own module (the
    default loaders can build Python objects; libyaml's CSafeLoader is safe but no SafeLoader)."""
    import importlib

    import yaml

    reads = ("load", "load_all", "compose", "compose_all", "full_load", "unsafe_load")
    root = Path(__file__).parent.parent
    unsafe = []
    for path in sorted((root / "pnp").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if "yaml" not in source:  # no call on the name yaml: nothing to parse
            continue
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if ast.unparse(node.func.value) != "yaml" or node.func.attr not in reads:
                continue
            loader = next((ast.unparse(k.value) for k in node.keywords if k.arg == "Loader"), "")
            own = importlib.import_module(module)
            named = yaml.SafeLoader if loader == "yaml.SafeLoader" else getattr(own, loader, None)
            if not (isinstance(named, type) and issubclass(named, yaml.SafeLoader)):
                unsafe.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert unsafe == []
