"""A catalogue of printed strings by key, with ``{name}`` placeholders, and the check of a translation."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from pnp.loader import did_you_mean

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Entry:
    """An English entry: its text and a short description of where it is printed."""

    text: str
    about: str


class Catalogue(Mapping[str, str]):
    """Texts by key in one language; calling it fills an entry's placeholders: ``texts("card.goal", number=3)``."""

    def __init__(self, language: str, entries: Mapping[str, str]) -> None:
        self.language = language
        self._entries = dict(entries)

    def __call__(self, key: str, /, **values: object) -> str:
        return PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), self._entries[key])

    def __getitem__(self, key: str) -> str:
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s placeholders."""
    return set(PLACEHOLDER.findall(text))


def changed(data: Mapping[str, Entry], built_in: Mapping[str, Entry]) -> dict[str, str]:
    """The texts a variant's data (``data``) changed from the built-in data's: the designer's own words, which a
    shipped translation of the built-in ones must not replace."""
    return {key: entry.text for key, entry in data.items() if key not in built_in or built_in[key].text != entry.text}


def check(texts: Mapping[str, object], english: Mapping[str, Entry], where: str) -> list[str]:
    """One line per error in ``texts`` (a translation or a variant's overrides read from ``where``): a key the
    catalogue lacks, an entry that is not text, or one that drops or adds a placeholder."""
    return [f"{where}: {key}: {wrong}" for key, text in texts.items() if (wrong := problem(key, text, english))]


def problem(key: str, text: object, english: Mapping[str, Entry]) -> str | None:
    """What is wrong with ``text`` as the entry ``key`` of a catalogue whose English is ``english``, if anything."""
    if key not in english:
        return f"no such text{did_you_mean(key, english)}"
    if not isinstance(text, str):
        return "must be text"
    wanted, found = placeholders(english[key].text), placeholders(text)
    return _placeholder_change(wanted, found) if wanted != found else None


def _placeholder_change(wanted: set[str], found: set[str]) -> str:
    """What a translated entry got wrong about its placeholders, in words."""
    parts = []
    if wanted - found:
        parts.append("keep " + ", ".join(f"{{{name}}}" for name in sorted(wanted - found)))
    if found - wanted:
        parts.append("no " + ", ".join(f"{{{name}}}" for name in sorted(found - wanted)) + " here")
    return "; ".join(parts)
