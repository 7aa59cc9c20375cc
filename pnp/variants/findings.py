"""``pnp variant check``: everything wrong with a variant file, each finding located in its file."""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml

from pnp import games
from pnp.errors import DataError, PnpError, quote
from pnp.files import read_text
from pnp.games.spec import Finding, KitRequest, raise_first_error
from pnp.printing import fonts
from pnp.printing.fit import Overflow
from pnp.printing.fonts import Faces
from pnp.printing.glyphs import findings as glyph_findings
from pnp.printing.glyphs import unprintable
from pnp.printing.overflows import built_overflows, written_at
from pnp.texts.catalogue import PLACEHOLDER
from pnp.texts.shipped import catalogue, shipped, untranslated
from pnp.variants.csvdeck import MAX_CSV_BYTES
from pnp.variants.game import variant_game, with_variant
from pnp.variants.support import data_file
from pnp.variants.variant import Variant, apply, entry_error, load_variant, referee_problem


def check_variant(path: Path, game: str | None = None) -> tuple[str | None, list[Finding]]:
    """The game a variant is for (None when the file names none) and its findings: errors make it unusable;
    a warning says it prints but cannot be refereed, that texts print in English, or that a text words something
    its data left out; a note how its language is read."""
    name, data = None, None
    try:
        name = variant_game(path, game)
        variant = load_variant(path, name)
        support = data_file(name)
        if support is not None:
            data = apply(support, variant).value
    except DataError as exc:  # the first error stops the reading: it is the one finding
        message = f"{exc.path}: {exc.message}" if exc.path else exc.message
        return name, [Finding("error", exc.where, message, exc.path)]
    faces = _faces(variant)
    found = glyph_findings(variant.source.name, variant.source.text, faces) + _deck_glyphs(variant.deck, faces)
    found += _fonts_unused(variant, faces)
    for key, why in variant.dropped.items():
        unused = entry_error(variant.source, "texts", key, why)
        found.append(Finding("warning", unused.where, f"{unused.path}: {why}", unused.path))
    refused = referee_problem(variant)
    if refused is not None:
        found.append(Finding("warning", refused.where, f"{refused.path}: {refused.message}", refused.path))
    return name, found + _language_findings(variant, data)


NAMED = 3  # texts left in English that a warning names


def _language_findings(variant: Variant, data: Any) -> list[Finding]:
    """A note when pnp ships the variant's language for its game as its language alone (fr for fr-CA); a warning
    counting the texts that print in English, naming the first few, when neither pnp (for the toolkit or the
    game) nor 'texts' gives them in it (``data``: the game's data as the variant changes it; None: built in)."""
    language = variant.language
    if language is None:
        return []
    where, base = variant.source.where("language"), shipped(language, variant.game)
    title = games.get(variant.game).title
    found = []
    if base is not None and base != language:
        note = f"pnp ships no {language!r} for {title}: what 'texts' leaves out prints in pnp's {base!r}"
        found.append(Finding("note", where, f"language: {note}", "language"))
    missing = list(untranslated(variant.game, language, variant.texts, data))
    if missing:
        count = "1 text prints" if len(missing) == 1 else f"{len(missing)} texts print"
        more = f" and {len(missing) - NAMED} more" if len(missing) > NAMED else ""
        left = f"pnp ships no {language!r} for {title} and 'texts' leaves them out: {', '.join(missing[:NAMED])}{more}"
        found.append(Finding("warning", where, f"language: {count} in English: {left}", "language"))
    return found


def untranslated_block(path: Path, game: str | None = None) -> str:
    """The texts a variant in a language of its own still prints in English, as a ``texts:`` block of YAML a
    translator fills in and pastes into the variant, each entry under a comment saying where it prints."""
    name = variant_game(path, game)
    variant = load_variant(path, name)
    if variant.language is None:
        raise PnpError(f"{path}: name the variant's language first ('language: de'): its texts are then those left")
    support = data_file(name)
    data = apply(support, variant).value if support is not None else None
    lines = ["texts:"]
    for key, entry in untranslated(name, variant.language, variant.texts, data).items():
        pair = yaml.safe_dump({key: entry.text}, allow_unicode=True, width=1 << 20).strip()
        lines += [f"  # {entry.about}", f"  {pair}"]
    return "\n".join(lines) + "\n"


def overflow_findings(path: Path, game: str) -> list[Finding]:
    """One error for each part of the variant's kit with a text too long for its box even at 6 pt (the kit is
    drawn, so ``check`` asks for it only of a variant without other errors); or the one error that stops the kit
    being made with it, at the variant (the game's own files, read with its changes, refuse them: a card too
    large for the board's cells, a route colour renamed that the built-in map still uses)."""
    variant = load_variant(path, game)
    try:
        found = built_overflows(lambda: games.get(game).kit(with_variant(KitRequest(), variant)))
    except DataError as exc:  # a file of pnp's own, read with the variant's changes
        return [Finding("error", str(variant.source.name), f"with this variant, pnp's own {exc}")]
    except PnpError as exc:
        return [Finding("error", str(variant.source.name), str(exc))]
    # one error for each place in the variant: a text each truck card prints, too long on all four, is said once
    by_place: dict[str, list[Overflow]] = {}
    blamed: dict[str, str | None] = {}
    for overflow in found:
        key = _blamed(variant, overflow)
        where = _located(variant, overflow, key).where
        by_place.setdefault(where, []).append(overflow)
        blamed[where] = key
    return [_located(variant, first, blamed[where], len(others)) for where, (first, *others) in by_place.items()]


@contextmanager
def overflows_located(path: Path | None, game: str) -> Iterator[None]:
    """Within it, a text too long for its box that stops the kit of the variant at ``path`` (None: no variant)
    is raised again as one line at the variant's text, or CSV cell, that writes it, as ``check`` reports it."""
    try:
        yield
    except Overflow as exc:
        if path is None:
            raise
        variant = load_variant(path, game)
        finding = _located(variant, exc, _blamed(variant, exc))
        raise PnpError(f"{finding.where}: {finding.message}") from None


def _blamed(variant: Variant, overflow: Overflow) -> str | None:
    """The key of the variant's text that ``overflow`` is of: the entry its field names, else the one whose text
    it is, its placeholders filled (a word too wide for a rules sheet's column: its paragraph); for a sheet run
    past its last column, the longest entry it prints without which it fits (the kit made again with pnp's own
    text for each, longest first). None when that is not known: the text is pnp's own, or the variant's data's,
    or no one of its entries is too long alone."""
    texts = variant.texts
    # a field named as an entry is that entry only where its text is the entry's (a card's own "title", from a CSV
    # deck, is no catalogue "title"); an entry that is a placeholder alone ("{card}") fills any text: it names none
    keys = [key for key in texts if key == overflow.field and (not overflow.text or _fills(texts[key], overflow.text))]
    keys = keys or [key for key in texts if overflow.text and _worded(texts[key]) and _fills(texts[key], overflow.text)]
    if keys:
        return keys[0]
    return next((key for key in _printed(variant, overflow) if _fits_without(variant, key, overflow.part)), None)


def _printed(variant: Variant, overflow: Overflow) -> list[str]:
    """The keys of the variant's texts that ``overflow``'s part prints whole (a paragraph, an item, a cell: a line
    of its text), the longest first."""
    printed = [key for key, entry in variant.texts.items() if _prints(overflow.text, entry)]
    return sorted(printed, key=lambda key: len(variant.texts[key]), reverse=True)


def _fits_without(variant: Variant, key: str, part: str) -> bool:
    """Whether ``part`` of the variant's kit (as ``check`` makes it) fits when pnp's own text stands for the
    variant's ``key``."""
    texts = {other: text for other, text in variant.texts.items() if other != key}
    request = with_variant(KitRequest(), dataclasses.replace(variant, texts=texts))
    try:
        found = built_overflows(lambda: games.get(variant.game).kit(request))
    except PnpError:  # the kit cannot be made without it either: nothing is learned
        return False
    return all(overflow.part != part for overflow in found)


def _located(variant: Variant, overflow: Overflow, key: str | None, others: int = 0) -> Finding:
    """An overflow at the entry ``key`` of the variant's texts (:func:`_blamed`), else where the variant's data files
    write its text, else at the variant's texts naming those the part prints (when it prints several), else at the
    file; ``others``: the parts it overflows on besides ("the Aloft truck card 1 and 3 more")."""
    if others:
        overflow = Overflow(f"{overflow.part} and {others} more", overflow.field, overflow.over, overflow.text)
    if key is not None:
        error = entry_error(variant.source, "texts", key, f"too long for the {overflow.part}: {overflow.over}")
        return Finding("error", error.where, f"{error.path}: {error.message}", error.path)
    written = written_at(overflow.text, variant.data_files)
    printed = _printed(variant, overflow)
    if written is None and len(printed) > 1:  # too long together: which to shorten is the designer's choice
        names = ", ".join(f"texts.{key}" for key in printed[:NAMED])
        more = f" and {len(printed) - NAMED} more" if len(printed) > NAMED else ""
        why = f"{len(printed)} of this variant's texts print there, and it is too long without any one of them"
        message = f"texts: too long for the {overflow.part}: {overflow.over}; {why} (the longest: {names}{more})"
        return Finding("error", variant.source.where("texts"), message, "texts")
    return Finding("error", written or str(variant.source.name), str(overflow))


def _fills(entry: str, text: str) -> bool:
    """Whether ``text`` is ``entry`` with its placeholders filled in ("Truck {number}" gives "Truck 3")."""
    pattern = "(?:.*)".join(re.escape(words) for words in PLACEHOLDER.split(entry)[::2])
    return re.fullmatch(pattern, text, re.DOTALL) is not None


def _worded(entry: str) -> bool:
    """Whether ``entry`` has words of its own besides its placeholders."""
    return any(part.strip() for part in PLACEHOLDER.split(entry)[::2])


def _prints(text: str, entry: str) -> bool:
    """Whether a line of ``text`` (a sheet's paragraphs, items, cells and captions, one a line) is ``entry`` with its
    placeholders filled in, each within the line."""
    pattern = r"[^\n]*".join(re.escape(words) for words in PLACEHOLDER.split(entry)[::2])
    return bool(entry.strip()) and re.search(f"^{pattern}$", text, re.MULTILINE) is not None


def _faces(variant: Variant) -> Faces:
    """The faces the variant's fonts draw in, which its text is checked against. A font that cannot be used is
    left out: building the kit says why, and a referee, which prints nothing, does not need it."""
    usable = {}
    for role, path in variant.fonts.items():
        try:
            fonts.chosen({role: path})
        except PnpError:
            continue
        usable[role] = path
    return fonts.chosen(usable)


def _fonts_unused(variant: Variant, faces: Faces) -> list[Finding]:
    """A warning for each font of body or titles that has few of the letters the kit prints (a music or symbols
    font chosen for text): each letter it lacks prints in pnp's own faces, so the kit hardly shows it."""
    words = catalogue(variant.game, variant.language, variant.texts)
    letters = {ord(char) for text in words.values() for char in text if char.isalpha()}
    found = []
    for role, path, _ in faces.files:
        if role == "symbols" or not letters:
            continue
        has = len(letters & fonts.covered(faces.name(role == "titles")))
        if has < len(letters) / 2:
            where = variant.source.where(f"fonts.{role}")
            why = (
                f"{path.name} has {has} of the {len(letters)} letters the kit prints: those it lacks print in "
                "pnp's own faces (choose a font made for text, or give this one the role 'symbols')"
            )
            found.append(Finding("warning", where, f"fonts.{role}: {why}", f"fonts.{role}"))
    return found


def _deck_glyphs(deck: Path | None, faces: Faces) -> list[Finding]:
    """One error per cell of a CSV deck holding characters no font prints, at its row and column."""
    if deck is None:
        return []
    found = []
    rows = csv.reader(io.StringIO(read_text(deck, MAX_CSV_BYTES)))  # read and parsed without error already
    for row, cells in enumerate(rows, start=1):
        for column, cell in enumerate(cells, start=1):
            missing = unprintable(cell, faces)
            if missing:
                chars = ", ".join(f"U+{ord(char):04X}" for char in missing)
                message = f"{quote(cell)} has characters no font prints: {chars}"
                found.append(Finding("error", f"{deck}:{row}:{column}", message))
    return found


def check_refereed(path: Path, game: str) -> None:
    """Refuse, with its first error, a variant that the game's referee cannot play as it would print."""
    _, found = check_variant(path, game)
    raise_first_error(found)
    problem = referee_problem(load_variant(path, game))
    if problem is not None:
        raise problem
