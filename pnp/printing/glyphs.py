"""Refuse, before anything is printed, text that no available font can draw (it would print as empty boxes).

Every string in a YAML file (keys and values alike) is looked at, so a map or any other file a designer
writes is checked the same way, wherever it puts its text.
"""

from __future__ import annotations

import unicodedata

import yaml

from pnp.games.spec import Finding
from pnp.loader import safe_compose
from pnp.printing import fonts


def unprintable(text: str, faces: fonts.Faces = fonts.DEFAULT) -> str:
    """The characters of ``text`` that no face has (a kit's own ``faces``, then the fallbacks), each once, in order
    (line ends and tabs aside)."""
    if text.isascii():
        return ""
    seen = dict.fromkeys(c for c in text if c not in "\t\n\r" and not fonts.covers(c, faces))
    return "".join(seen)


def _describe(char: str) -> str:
    """``U+E000`` with the character's Unicode name when it has one."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def findings(name: str, text: str, faces: fonts.Faces = fonts.DEFAULT) -> list[Finding]:
    """One error per string of the YAML document ``text`` (called ``name``) holding characters that neither
    ``faces`` (a kit's own) nor the fallbacks draw."""
    try:
        root = safe_compose(text)
    except yaml.YAMLError:
        return []  # the loader says what is wrong with the file itself
    found: list[Finding] = []
    stack: list[tuple[yaml.Node, str]] = [(root, "")] if root is not None else []
    while stack:
        node, path = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                inner = f"{path}.{key.value}" if path else str(key.value)
                stack += [(value, inner), (key, inner)]
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(node.value))))
        elif isinstance(node, yaml.ScalarNode) and (missing := unprintable(node.value, faces)):
            found.append(_finding(name, node, path, missing))
    return found


def _finding(name: str, node: yaml.Node, path: str, missing: str) -> Finding:
    """The error for the string ``node`` at ``path``, whose characters ``missing`` no font draws."""
    mark = node.start_mark
    hint = f" (install {fonts.FALLBACK_PACKAGES} for more scripts)" if fonts.missing_fallbacks() else ""
    chars = ", ".join(map(_describe, missing))
    message = f"{node.value!r} has characters no font prints: {chars}{hint}"
    where = f"{name}:{mark.line + 1}:{mark.column + 1}"
    return Finding("error", where, f"{path}: {message}" if path else message, path)
