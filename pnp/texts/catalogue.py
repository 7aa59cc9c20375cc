"""A catalogue of printed strings by key, with ``{name}`` placeholders, and the check of a translation.

A placeholder may also choose a word by a count: ``{rounds:round|rounds}`` prints the first form where the
language says ``rounds`` is one of a thing (English: 1; French: 0 or 1), else the second, so that
``"{rounds} {rounds:round|rounds}"`` reads "1 round" and "3 rounds".

In French, "de" and "que" before a placeholder run into a word that begins with a vowel: ``"de {city}"``
reads "d'Atlanta" and "de Boston" (and "de a1": a grid reference is read letter by letter).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from pnp.loader import did_you_mean

# A placeholder: its name, and after a colon the two forms a count chooses between (one group: the whole inside).
PLACEHOLDER = re.compile(r"\{(\w+(?::[^{}]*)?)\}")
# A placeholder as it is filled: the same, with the word before it where a language may elide that word.
FILLED = re.compile(r"(?:(?<![\w'])(?P<word>[Dd]e|[Qq]ue) )?\{(?P<inside>\w+(?::[^{}]*)?)\}")
# Whether a count takes the singular form ('one') of a ``{count:one|other}`` in each language that differs from
# English's "exactly one" (after CLDR's plural rules: French says "0 tour" and "1 tour").
SINGULAR: dict[str, Callable[[int], bool]] = {"fr": lambda count: count in (0, 1)}
# The languages that elide "de" and "que" before a word that begins with a vowel, and the vowels (an "h" is left
# alone: "de Hambourg").
ELIDING = {"fr"}
VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")


def _exactly_one(count: int) -> bool:
    """English's rule, and the default: the singular for one thing only."""
    return count == 1


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
        text = self._entries[key]
        if "{" not in text:
            return text
        return "".join(part if isinstance(part, str) else self._filled(*part, values) for part in _template(text))

    def _filled(self, word: str | None, inside: str, values: Mapping[str, object]) -> str:
        """A placeholder's text, with the word before it (if any) elided where the language runs it into a vowel."""
        text = self._form(inside, values) if ":" in inside else str(values[inside])
        if word is None:
            return text
        if self.language in ELIDING and text[:1].lower() in VOWELS and text[1:2].isalpha():
            return f"{word[:-1]}'{text}"
        return f"{word} {text}"

    def _form(self, inside: str, values: Mapping[str, object]) -> str:
        """The form a count chooses in a placeholder ``{count:one|other}`` (``inside``: what is between its braces)."""
        name, _, forms = inside.partition(":")
        count, (one, _, other) = values[name], forms.partition("|")
        if not isinstance(count, int):
            raise TypeError(f"{{{inside}}} chooses a form by a whole number, not {count!r}")
        return one if SINGULAR.get(self.language, _exactly_one)(count) else other

    def __getitem__(self, key: str) -> str:
        return self._entries[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


@lru_cache(maxsize=8192)
def _template(text: str) -> tuple[str | tuple[str | None, str], ...]:
    """``text`` cut at its placeholders, read once: its words, and each placeholder as the word before it that a
    language may elide (or None) and what is inside its braces."""
    parts: list[str | tuple[str | None, str]] = []
    end = 0
    for placeholder in FILLED.finditer(text):
        parts += [text[end : placeholder.start()], (placeholder["word"], placeholder["inside"])]
        end = placeholder.end()
    return (*parts, text[end:])


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s placeholders (a count's forms aside)."""
    return {inside.partition(":")[0] for inside in PLACEHOLDER.findall(text)}


def _forms_problem(text: str) -> str | None:
    """What is wrong with the forms of ``text``'s counts, if anything: each names two, one '|' apart."""
    for inside in PLACEHOLDER.findall(text):
        name, colon, forms = inside.partition(":")
        if colon and forms.count("|") != 1:
            return f"{{{inside}}}: give a count two forms, as {{{name}:round|rounds}}"
    return None


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
    return _placeholder_change(wanted, found) if wanted != found else _forms_problem(text)


def _placeholder_change(wanted: set[str], found: set[str]) -> str:
    """What a translated entry got wrong about its placeholders, in words."""
    parts = []
    if wanted - found:
        parts.append("keep " + ", ".join(f"{{{name}}}" for name in sorted(wanted - found)))
    if found - wanted:
        parts.append("no " + ", ".join(f"{{{name}}}" for name in sorted(found - wanted)) + " here")
    return "; ".join(parts)
