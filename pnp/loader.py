"""YAML in, typed objects out: the only place raw YAML is touched.

A file is composed with PyYAML's safe loader into nodes (which keep their line
and column), then converted into frozen dataclasses by following their type
hints. Every problem becomes a :class:`~pnp.errors.DataError` reading
``file:line:col: field.path: message``. Unknown keys and duplicate keys are
errors. The returned :class:`Source` remembers where each field came from, so
checks made after loading can point at the right line too.

Supported field types: ``bool``, ``int``, ``float``, ``str``, ``Literal[...]``,
``list[T]``, ``tuple[T, ...]``, ``dict[str, T]``, ``T | None`` and nested
dataclasses. A field's ``metadata={"doc": ...}`` is used for the JSON Schema.

Limits keep hostile or mistaken input cheap: a file over ``MAX_YAML_BYTES`` is refused
before it is read, and a document whose aliases expand to more than ``MAX_VALUES``
values is refused while it is converted.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
import math
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

import yaml

from pnp.errors import DataError, describe, quote
from pnp.files import read_bytes, size_text

T = TypeVar("T")
N = TypeVar("N", bound=yaml.Node)
ENVELOPE = ("game",)
MAX_YAML_BYTES = 2**20  # 1 MiB: 30 times the largest built-in file (boards/take-off-world.yaml, 33 KB)
MAX_VALUES = 500_000  # about what 1 MiB of YAML holds without aliases
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_ -]+")
# The value rules a field may declare in its metadata, named as in JSON Schema: the JSON Schema states them
# for editors and the loader enforces them (see enforce), so the two never disagree. On a list field,
# minimum, maximum, exclusiveMinimum and pattern apply to each item. A pattern comes with its meaning in
# words (see ``pattern``), which is what a refusal shows.
RULES = ("minimum", "maximum", "exclusiveMinimum", "pattern", "minItems", "maxItems", "uniqueItems")
PATTERN_WORDS = "pattern_words"


def pattern(regex: str, words: str) -> dict[str, str]:
    """Field metadata for text that must match ``regex``; ``words`` says what it must be ("one capital letter")."""
    return {"pattern": regex, PATTERN_WORDS: words}


def bounded(doc: str, minimum: float | None = None, maximum: float | None = None) -> dict[str, object]:
    """Field metadata for a number (on a list, each of its numbers) of at least ``minimum`` and at most ``maximum``
    (None: open on that side), with what it is, ``doc``."""
    bounds = {"minimum": minimum, "maximum": maximum}
    return {"doc": doc, **{key: value for key, value in bounds.items() if value is not None}}


RGB = pattern("^#[0-9a-fA-F]{6}$", "a colour written #rrggbb")  # a printed colour's field, checked where it is written


def retired(cls: type, key: str) -> str | None:
    """Where the meaning of ``key`` went, if ``cls`` once had it: a dataclass names such keys in a class attribute
    ``RETIRED: ClassVar[dict[str, str]]``, so that a file still giving one is told why it is refused, where an
    unknown key is only listed beside the known ones."""
    moved: dict[str, str] = getattr(cls, "RETIRED", {})
    return moved.get(key)


def did_you_mean(word: str, known: typing.Iterable[str]) -> str:
    """ ": did you mean 'X'?" naming the known word closest to a misspelt ``word``, or "" when none is close."""
    choices = list(known)
    close = [k for k in choices if k.lower() == word.lower()] or difflib.get_close_matches(word, choices, n=1)
    return f": did you mean {quote(close[0])}?" if close else ""


@dataclass
class Source:
    """Where a loaded document came from, and where each field sits in it."""

    name: str
    text: str
    marks: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def digest(self) -> str:
        """SHA-256 of the file's text, for records and footers."""
        return hashlib.sha256(self.text.encode()).hexdigest()

    def where(self, path: str) -> str:
        """``file:line:col`` of a field path, or of its nearest known parent."""
        probe = path
        while probe and probe not in self.marks:
            probe = _parent(probe)
        line, col = self.marks.get(probe, (1, 1))
        return f"{self.name}:{line}:{col}"

    def error(self, path: str, message: str) -> DataError:
        """A DataError located at ``path``, for checks made after loading."""
        return DataError(self.where(path), path, message)


@dataclass(frozen=True)
class Loaded(typing.Generic[T]):
    """A typed value and the source it was read from."""

    value: T
    source: Source


def _parent(path: str) -> str:
    cut = max(path.rfind("."), path.rfind("["))
    return path[:cut] if cut > 0 else ""


@functools.lru_cache(maxsize=1024)
def _plain(key: str) -> bool:
    """True when a key is written in a path as .key, not ['key'] (a file repeats the same few keys)."""
    return _PLAIN_KEY.fullmatch(key) is not None


def join_key(path: str, key: str) -> str:
    """The field path of ``key`` in the mapping at ``path``: ``path.key``, or ``path['key']`` for a key that holds
    other characters than letters, digits, ``_``, ``-`` and spaces (a catalogue key's dots: ``texts['back.brand']``)."""
    if not _plain(key):
        return f"{path}[{key!r}]"
    return f"{path}.{key}" if path else key


def load_file(
    path: Path | str, cls: type[T], name: str | None = None, envelope: tuple[str, ...] = ENVELOPE
) -> Loaded[T]:
    """Read a YAML file into ``cls``; ``name`` is how errors refer to it.

    Top-level keys named in ``envelope`` (by default ``game``, which names the
    game a map file is for) belong to the caller: they are skipped here and
    read with :func:`peek`.
    """
    path = Path(path)
    shown = name or str(path)
    try:
        text = read_yaml_text(path, shown)
    except OSError as exc:
        raise DataError(shown, "", f"cannot read: {describe(exc)}") from None
    return load_text(text, cls, shown, envelope)


def read_yaml_text(path: Path, name: str | None = None) -> str:
    """The text of a YAML file, refused before it is parsed when it is too large, binary or not UTF-8.

    A file that cannot be read at all (missing, a folder, too large) is an OSError; one that is read but
    is not UTF-8 text is a DataError at its first byte that is not (binary: at line 1, column 1), the problem named.
    """
    shown = name or str(path)
    data = read_bytes(path, MAX_YAML_BYTES)
    if b"\0" in data:
        raise DataError(f"{shown}:1:1", "", "a binary file, not YAML text (it holds NUL bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(shown, data, exc) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def not_utf8(shown: str, data: bytes, exc: UnicodeDecodeError) -> DataError:
    """The error of bytes that are not UTF-8 text, at the line and column of the first bad byte (counted in bytes
    from the start of its line), in words."""
    line = data.count(b"\n", 0, exc.start) + 1
    col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
    why = f"not UTF-8 text: byte 0x{data[exc.start]:02X} here (Latin-1 or Windows-1252?); save the file as UTF-8"
    return DataError(f"{shown}:{line}:{col}", "", why)


def load_text(text: str, cls: type[T], name: str = "<text>", envelope: tuple[str, ...] = ENVELOPE) -> Loaded[T]:
    """Parse YAML text into ``cls`` (``envelope`` as for :func:`load_file`)."""
    source = Source(name, text)
    node = _compose(text, name)
    if envelope and isinstance(node, yaml.MappingNode):
        node.value = [(k, v) for k, v in node.value if not (isinstance(k, yaml.ScalarNode) and k.value in envelope)]
    return Loaded(_convert(node, cls, "", source), source)


def load_node(node: yaml.Node, cls: type[T], source: Source, path: str = "") -> T:
    """Convert nodes built from another format (a CSV file's rows) into ``cls`` as a YAML file's are.

    Errors are located by the nodes' marks in ``source``, the file they were read from.
    """
    return typing.cast(T, _convert(node, cls, path, source))


def peek(text: str, key: str, name: str = "<text>") -> tuple[str, str] | None:
    """The text of a top-level scalar ``key`` and its ``file:line:col``, if the document has one.

    A plain ``key: value`` line at the left margin is read without parsing the document (a map of a
    megabyte need not be parsed twice); anything else is parsed. A document that is not a mapping is
    a DataError.
    """
    line = re.search(rf"^{re.escape(key)}[ \t]*:[ \t]+([A-Za-z0-9_.-]+)[ \t]*(?:#.*)?$", text, re.MULTILINE)
    if line:
        row = text.count("\n", 0, line.start()) + 1
        return line.group(1), f"{name}:{row}:{line.start(1) - line.start() + 1}"
    node = _compose(text, name)
    if not isinstance(node, yaml.MappingNode):
        raise _fail(node, "", Source(name, text), f"expected a mapping of keys, found {_KIND[type(node)]}")
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == key and isinstance(value_node, yaml.ScalarNode):
            mark = value_node.start_mark
            return value_node.value, f"{name}:{mark.line + 1}:{mark.column + 1}"
    return None


_TOP_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:", re.MULTILINE)


def top_keys(text: str) -> set[str]:
    """The top-level keys written at the left margin in block style, read without parsing the document."""
    return set(_TOP_KEY.findall(text))


def first_key_outside(text: str, known: typing.Collection[str], name: str = "<text>") -> tuple[str, str] | None:
    """The first top-level key written at the left margin that is not ``known``, and its ``file:line:col``."""
    for match in _TOP_KEY.finditer(text):
        if match.group(1) not in known:
            return match.group(1), f"{name}:{text.count(chr(10), 0, match.start()) + 1}:1"
    return None


def _fast_safe_loader() -> type[yaml.SafeLoader]:
    """``yaml.SafeLoader`` reading through libyaml's parser where libyaml is installed (as ``yaml.CSafeLoader``
    does, but a SafeLoader: the same nodes and data, fifteen times faster); else ``yaml.SafeLoader`` itself."""
    if not hasattr(yaml, "CSafeLoader"):
        return yaml.SafeLoader
    from yaml._yaml import CParser
    from yaml.constructor import SafeConstructor
    from yaml.resolver import Resolver

    # A node's tag hangs on its kind and text alone (pnp adds no path resolvers), and a file repeats the same
    # values (numbers, true, names): each tag is worked out once, which makes parsing a third faster.
    tag = functools.lru_cache(maxsize=4096)(functools.partial(Resolver.resolve, Resolver()))

    class FastSafeLoader(CParser, yaml.SafeLoader):  # libyaml's parsing first, then the safe constructor
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)

        resolve = staticmethod(tag)  # asked by libyaml's parser for each node

    return FastSafeLoader


FastSafeLoader = _fast_safe_loader()


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` of trusted built-in text, through libyaml when it is installed (same data, faster)."""
    return yaml.load(text, Loader=FastSafeLoader)


def safe_compose(text: str) -> yaml.Node | None:
    """The node tree of ``text`` (None for an empty document), read by the safe loader, libyaml's when installed."""
    return yaml.compose(text, Loader=FastSafeLoader)


# What PyYAML was reading when the text ran out or went wrong, said where it began: a quote or a bracket left open
# is found where it opens, not at the end of the file or the next key.
UNCLOSED = {
    "while scanning a quoted scalar": "a quoted text opens here and is never closed: add its closing quote",
    "while parsing a flow sequence": "a list opens here with '[' and is not closed by ']' where it should be",
    "while parsing a flow mapping": "a mapping opens here with '{' and is not closed by '}' where it should be",
}


def _compose(text: str, name: str) -> yaml.Node:
    if len(text) > MAX_YAML_BYTES:  # for text not read by read_text
        raise DataError(f"{name}:1:1", "", f"the YAML is larger than {size_text(MAX_YAML_BYTES)}, the most pnp reads")
    try:
        node = safe_compose(text)
    except yaml.MarkedYAMLError as exc:
        unclosed = UNCLOSED.get(exc.context or "") if exc.context_mark else None
        mark = exc.context_mark if unclosed else exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = unclosed or " ".join((exc.problem or exc.context or "invalid YAML").split())
        if _char_at(text, line, col) == "\t" or "'\\t'" in problem:
            problem = "a tab character: YAML indents with spaces, never tabs; replace it with spaces"
        raise DataError(f"{name}:{line}:{col}", "", f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise DataError(f"{name}:1:1", "", f"invalid YAML: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise DataError(f"{name}:1:1", "", "invalid YAML: nested too deeply") from None
    if node is None:
        raise DataError(f"{name}:1:1", "", "the file is empty")
    _refuse_duplicates(node, name)
    return node


def _char_at(text: str, line: int, col: int) -> str:
    lines = text.split("\n", line)
    return lines[line - 1][col - 1 : col] if len(lines) >= line else ""


def _refuse_duplicates(root: yaml.Node, name: str) -> None:
    """A DataError at the second of two equal keys in any mapping of the document, at any depth."""
    if _has_duplicates(root):
        _find_duplicate(root, name)


def _has_duplicates(root: yaml.Node) -> bool:
    """True when some mapping of the document repeats a key: a quick walk that names no path (few files do)."""
    stack = [root]
    seen = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias: already walked
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys = [(k.value, v) for k, v in node.value if isinstance(k, yaml.ScalarNode)]
            if len({key for key, _ in keys}) < len(keys):
                return True
            stack.extend(value for _, value in keys)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return False


def _find_duplicate(root: yaml.Node, name: str) -> None:
    """``_refuse_duplicates``' error, with its place and path, found by walking the document again."""
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    seen = set()
    while stack:
        node, path = stack.pop()
        if id(node) in seen:  # an alias: already walked
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[str, int] = {}
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
                if key is None:
                    continue
                if key in keys:
                    mark = key_node.start_mark
                    where = f"{name}:{mark.line + 1}:{mark.column + 1}"
                    raise DataError(where, join_key(path, key), f"duplicate key {key!r} (first on line {keys[key]})")
                keys[key] = key_node.start_mark.line + 1
                stack.append((value_node, join_key(path, key)))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(node.value))


def _fail(node: yaml.Node, path: str, source: Source, message: str) -> DataError:
    mark = node.start_mark
    return DataError(f"{source.name}:{mark.line + 1}:{mark.column + 1}", path, message)


_KIND = {yaml.ScalarNode: "a single value", yaml.SequenceNode: "a list", yaml.MappingNode: "a mapping"}


def _expect(node: yaml.Node, kind: type[N], path: str, source: Source, want: str) -> N:
    if not isinstance(node, kind):
        raise _fail(node, path, source, f"expected {want}, found {_KIND.get(type(node), 'something else')}")
    return node


def _scalar(node: yaml.Node, path: str, source: Source, want: str) -> Any:
    return _resolve(_expect(node, yaml.ScalarNode, path, source, want), path, source)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


# The constructors of the usual scalars, called straight: ``construct_object``'s bookkeeping around them is
# for collections and aliases, which a scalar never is; any other tag goes through it.
_PLAIN_SCALARS = {
    f"tag:yaml.org,2002:{kind}": yaml.constructor.SafeConstructor.yaml_constructors[f"tag:yaml.org,2002:{kind}"]
    for kind in ("str", "int", "float", "bool", "null")
}


def _resolve(node: yaml.ScalarNode, path: str, source: Source) -> Any:
    try:
        plain = _PLAIN_SCALARS.get(node.tag)
        if plain is not None:
            return plain(_CONSTRUCTOR, node)
        return _CONSTRUCTOR.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, OverflowError) as exc:
        raise _fail(node, path, source, f"bad value: {' '.join(str(exc).split())}") from None
    finally:
        _CONSTRUCTOR.constructed_objects.clear()


_hints = functools.cache(get_type_hints)


@functools.cache
def _form(tp: Any) -> tuple[Any, tuple[Any, ...], bool]:
    """A field type's origin, its arguments, and whether it is a dataclass: asked once per type, not per value."""
    return get_origin(tp), get_args(tp), isinstance(tp, type) and dataclasses.is_dataclass(tp)


@functools.cache
def _init_fields(cls: type) -> dict[str, dataclasses.Field[Any]]:
    """A dataclass's fields set by its constructor, by name."""
    return {f.name: f for f in dataclasses.fields(cls) if f.init}


@functools.cache
def _ruled(cls: type) -> frozenset[str]:
    """The names of a dataclass's fields that declare a value rule (see RULES)."""
    return frozenset(name for name, f in _init_fields(cls).items() if any(key in f.metadata for key in RULES))


def _convert(node: yaml.Node, tp: Any, path: str, source: Source) -> Any:
    mark = node.start_mark
    source.marks.setdefault(path, (mark.line + 1, mark.column + 1))
    if len(source.marks) > MAX_VALUES:  # one mark per value: aliases must not expand without bound
        raise _fail(node, path, source, f"the document expands to more than {MAX_VALUES:,} values (YAML aliases?)")
    origin, args, is_dataclass = _form(tp)
    if is_dataclass:
        return _convert_dataclass(node, tp, path, source)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return None
        return _convert(node, options[0], path, source)
    if origin is Literal:
        return _one_of(node, args, path, source, "value")
    if origin in (list, tuple):
        _expect(node, yaml.SequenceNode, path, source, "a list")
        item = args[0]
        items = [_convert(n, item, f"{path}[{i}]", source) for i, n in enumerate(node.value)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        _expect(node, yaml.MappingNode, path, source, "a mapping")
        key_tp, value_tp = args
        result = {}
        for key_node, value_node in node.value:
            if get_origin(key_tp) is Literal:  # a fixed set of keys: one outside it is an unknown key
                key = _one_of(key_node, get_args(key_tp), path, source, "key")
            else:
                key = _convert(key_node, key_tp, path, source)
            if key in result:
                raise _fail(key_node, join_key(path, str(key)), source, f"duplicate key {key!r}")
            result[key] = _convert(value_node, value_tp, join_key(path, str(key)), source)
        return result
    return _convert_plain(node, tp, path, source)


def _one_of(node: yaml.Node, allowed: tuple[Any, ...], path: str, source: Source, what: str) -> Any:
    """The value of ``node`` when it is one of ``allowed``; else refused as an unknown ``what`` ("value", or "key"
    for a mapping's key, then at the key's own path) naming the nearest allowed one."""
    known = ", ".join(map(str, allowed))
    value = _scalar(node, path, source, f"one of {known}")
    if value not in allowed:
        at = join_key(path, str(value)) if what == "key" else path
        raise _fail(node, at, source, f"unknown {what} {_written(node)}{_nearest(value, allowed)} (known: {known})")
    return value


_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")


def _written(node: yaml.Node) -> str:
    """A value as the file spells it, quoted: what messages repeat (never Python's spelling, True or None)."""
    if not isinstance(node, yaml.ScalarNode):
        return _KIND[type(node)]
    if node.tag == "tag:yaml.org,2002:null" and not node.value:
        return "nothing"
    return node.value if node.tag in _NUMBER_TAGS else quote(node.value)


def _nearest(value: Any, allowed: tuple[Any, ...]) -> str:
    """ ": did you mean X?" for the allowed value nearest to ``value``: by spelling for words, by size for numbers."""
    numbers = [a for a in allowed if isinstance(a, int) and not isinstance(a, bool)]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and numbers:
        return f": did you mean {min(numbers, key=lambda a: (abs(a - value), a))}?"
    words = [a for a in allowed if isinstance(a, str)]
    return did_you_mean(str(value), words) if isinstance(value, str) else ""


_NAMES = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _convert_plain(node: yaml.Node, tp: Any, path: str, source: Source) -> Any:
    if tp not in _NAMES:
        raise TypeError(f"unsupported field type {tp!r} at {path}")
    value = _scalar(node, path, source, _NAMES[tp])
    if tp is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if tp is float and isinstance(value, float) and not math.isfinite(value):
        raise _fail(node, path, source, f"expected a finite number, found {_written(node)}")
    if tp is str and isinstance(value, (int, float)) and not isinstance(value, bool):
        return node.value
    if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
        raise _fail(node, path, source, f"expected {_NAMES[tp]}, found {_written(node)}")
    return value


def _convert_dataclass(node: yaml.Node, cls: type, path: str, source: Source) -> Any:
    _expect(node, yaml.MappingNode, path, source, "a mapping of keys")
    hints = _hints(cls)
    fields = _init_fields(cls)
    values: dict[str, Any] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise _fail(key_node, path, source, f"a key must be a single word, not {_KIND[type(key_node)]}")
        key = key_node.value
        if (moved := retired(cls, key)) is not None:
            raise _fail(key_node, join_key(path, key), source, f"no longer a key: {moved}")
        if key not in fields:
            known = ", ".join(fields)
            hint = did_you_mean(key, fields)
            raise _fail(key_node, join_key(path, key), source, f"unknown key {quote(key)}{hint} (known: {known})")
        where = join_key(path, key)
        values[key] = _convert(value_node, hints[key], where, source)
        if key in _ruled(cls):
            enforce(fields[key].metadata, values[key], value_node, where, source)
    missing = [
        name
        for name, f in fields.items()
        if name not in values and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        raise _fail(node, path, source, f"missing key {missing[0]!r}")
    return cls(**values)


def enforce(rules: Any, value: Any, node: yaml.Node, path: str, source: Source) -> None:
    """Refuse a converted field value that breaks a value rule (RULES) its field declares (``rules``: the field's
    metadata), at the value's line."""
    if value is None or not any(key in rules for key in RULES):
        return
    if "pattern" in rules and PATTERN_WORDS not in rules:  # the game's own mistake: said at once, not on a refusal
        raise TypeError(f"{path}: a field's pattern needs its words: declare it with pnp.loader.pattern(regex, words)")
    if not isinstance(value, (list, tuple)):
        _enforce_one(rules, value, node, path, source)
        return
    items = typing.cast(yaml.SequenceNode, node).value
    count, least, most = len(value), rules.get("minItems", 0), rules.get("maxItems", math.inf)
    if not least <= count <= most:
        wanted = f"exactly {least}" if least == most else f"at least {least}" if count < least else f"at most {most}"
        raise _fail(node, path, source, f"{count} item{'' if count == 1 else 's'}, expected {wanted}")
    seen: set[Any] = set()
    for i, (item, item_node) in enumerate(zip(value, items)):
        _enforce_one(rules, item, item_node, f"{path}[{i}]", source)
        if rules.get("uniqueItems") and item in seen:
            raise _fail(item_node, f"{path}[{i}]", source, f"{_written(item_node)} is listed twice")
        seen.add(item)


def _enforce_one(rules: Any, value: Any, node: yaml.Node, path: str, source: Source) -> None:
    """Refuse a single value (a field's, or one item of a list field's) that breaks a bound or a pattern.

    A bound names the nearest allowed value; a pattern is described in the words its field gives.
    """
    shown = typing.cast(yaml.ScalarNode, node).value
    if "minimum" in rules and value < rules["minimum"]:
        raise _fail(node, path, source, f"{shown} is less than {_number(rules['minimum'])}, the least allowed")
    if "exclusiveMinimum" in rules and value <= rules["exclusiveMinimum"]:
        least = _number(rules["exclusiveMinimum"])
        raise _fail(node, path, source, f"{shown} is too small: it must be more than {least}")
    if "maximum" in rules and value > rules["maximum"]:
        raise _fail(node, path, source, f"{shown} is more than {_number(rules['maximum'])}, the most allowed")
    if "pattern" in rules and not re.search(rules["pattern"], value):
        raise _fail(node, path, source, f"{quote(value)} is not {rules[PATTERN_WORDS]}")


def _number(bound: float) -> str:
    """A bound as a person writes it: 5, 0.5 (never 5.0)."""
    return f"{bound:g}"
