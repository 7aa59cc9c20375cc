"""A variant file: a game's component data overridden key by key, and the sections every game shares.

A variant names its game on top (``game: air-king``). Each key of the game's ``data/`` file it gives replaces
the built-in value whole; a key left out keeps it. ``deck:`` names a CSV file holding the deck instead.
``language``, ``texts``, ``fonts`` and ``art`` are read for every game; their files are named relative to the
variant file and are checked here (they exist, are of a known kind and not too large). Everything is checked
once, at this boundary, into typed values; errors read ``file:line:col: key: why``.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_type_hints

from pnp.errors import DataError, PnpError, describe, quote
from pnp.files import read_bytes
from pnp.loader import (
    ENVELOPE,
    Loaded,
    Source,
    did_you_mean,
    first_key_outside,
    join_key,
    load_text,
    pattern,
    peek,
    read_yaml_text,
    top_keys,
)
from pnp.texts import Catalogue, Entry
from pnp.texts.shipped import catalogue, normalised, table_words
from pnp.variants.csvdeck import MAX_CSV_BYTES, read_deck
from pnp.variants.dropped import dropped_texts
from pnp.variants.support import DataFile, data_file

FontRole = Literal["titles", "body", "symbols"]
MAX_TEXTS = 5000  # catalogue entries one variant may override
MAX_TEXT_CHARS = 2000
MAX_FONT_BYTES = 32 * 2**20  # a CJK font with every weight is about 20 MiB
MAX_ART_BYTES = 16 * 2**20
# The kinds of file each section takes: suffixes, and the bytes such a file starts with (SVG: text naming <svg).
# A font's first bytes are its outlines' sfnt version, whatever its suffix: .otf with TrueType outlines is common,
# and a font pnp cannot embed (PostScript outlines, "OTTO") is refused for what it is (``fonts.unusable``).
SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"true", b"OTTO")
FONT_KINDS = {".ttf": SFNT_VERSIONS, ".otf": SFNT_VERSIONS}
ART_KINDS = {".png": (b"\x89PNG",), ".jpg": (b"\xff\xd8",), ".jpeg": (b"\xff\xd8",), ".svg": ()}


@dataclass(frozen=True)
class Sections:
    """What a variant of any game may hold, beside its game's data."""

    language: str | None = field(
        default=None,
        metadata={
            "doc": "The language the variant's texts are in.",
            **pattern(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$", "a language tag such as fr, de or pt-BR"),
        },
    )
    texts: dict[str, str] = field(
        default_factory=dict,
        metadata={"doc": "Printed strings by catalogue key, replacing the game's own (or its --lang translation)."},
    )
    fonts: dict[FontRole, str] = field(
        default_factory=dict,
        metadata={"doc": "A TTF or OTF file per role (titles, body, symbols), relative to this file."},
    )
    art: dict[str, str] = field(
        default_factory=dict,
        metadata={"doc": "A PNG, JPEG or SVG picture per art box of a card or board, relative to this file."},
    )


DECK_DOC = "A CSV file holding the deck instead (one row per card kind, one column per key), relative to this file."


@dataclass(frozen=True)
class Variant:
    """A variant file read and checked: its data overrides by key, and its shared sections with files resolved."""

    game: str
    path: Path
    source: Source
    data: Mapping[str, Any]
    language: str | None = None
    texts: Mapping[str, str] = field(default_factory=dict)
    fonts: Mapping[str, Path] = field(default_factory=dict)
    art: Mapping[str, Path] = field(default_factory=dict)
    deck: Path | None = None
    deck_source: Source | None = None  # where each card of the CSV deck sits in it
    dropped: Mapping[str, str] = field(default_factory=dict)  # texts for things the data left out: why not used

    def in_deck(self, path: str) -> bool:
        """Whether the field ``path`` of the game's data is the variant's CSV deck or lies in it."""
        return self.deck_source is not None and re.split(r"[.\[]", path, maxsplit=1)[0] in self.deck_source.marks

    def error(self, path: str, message: str) -> DataError:
        """An error about the field ``path`` of the game's data as the variant gives it: at its line in the variant,
        or at its cell of the CSV deck (``deck.csv:ROW:COLUMN``); about the whole deck, at the line naming its file."""
        if self.deck is None or self.deck_source is None or not self.in_deck(path):
            return self.source.error(path, message)
        if "[" not in path:
            return self.source.error("deck", f"{message} (in {self.deck.name})")
        return self.deck_source.error(path, message)

    @property
    def data_files(self) -> tuple[Path, ...]:
        """The files the game's data is read from: the variant and its CSV deck (what the rules may read)."""
        return (self.path, *([self.deck] if self.deck else []))

    @property
    def files(self) -> tuple[Path, ...]:
        """Every file the variant is made of: its data files, its fonts and its art."""
        return (*self.data_files, *self.fonts.values(), *self.art.values())


@functools.cache
def variant_model(game: str) -> type:
    """The dataclass a variant of ``game`` is read into: the shared sections, ``deck`` when the game has a deck,
    and every key of the game's data, each optional."""
    support = data_file(game)
    shared = get_type_hints(Sections)
    fields: list[tuple[str, Any, Any]] = [
        (f.name, shared[f.name], field(default=f.default, default_factory=f.default_factory, metadata=f.metadata))
        for f in dataclasses.fields(Sections)
    ]
    if support and support.deck:
        fields.append(("deck", str | None, field(default=None, metadata={"doc": DECK_DOC})))
    if support:
        hints = get_type_hints(support.model)
        fields += [
            (f.name, hints[f.name] | None, field(default=None, metadata=f.metadata))
            for f in dataclasses.fields(support.model)
            if f.init
        ]
    cls = dataclasses.make_dataclass(f"{game.title().replace('-', '')}Variant", fields, frozen=True)
    cls.__doc__ = f"A variant of {game}: every key is optional; one left out keeps the built-in value."
    return cls


def load_variant(path: Path, game: str) -> Variant:
    """Read and check the variant file at ``path`` for ``game`` (``pnp.variants.game`` finds the game a file names)."""
    shown = str(path)
    try:
        text = read_yaml_text(path, shown)
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the variant: {describe(exc)}") from None
    if (wrong := misfiled(text, shown, game, "variant")) is not None:
        raise wrong
    _refuse_other_game(text, shown, game)
    support = data_file(game)
    loaded: Loaded[Any] = load_text(text, variant_model(game), shown)
    value, source = loaded.value, loaded.source
    _refuse_empty(value, source)
    language = None if value.language is None else normalised(value.language)
    _check_language(language, bool(value.texts), source, game)
    folder = path.parent
    fonts = {role: _font(source, folder, role, f) for role, f in value.fonts.items()}
    _check_art_keys(value.art, source, game)
    art = {
        key: _file(folder, f, ART_KINDS, MAX_ART_BYTES, functools.partial(entry_error, source, "art", key))
        for key, f in value.art.items()
    }
    keys = [f.name for f in dataclasses.fields(support.model)] if support else []
    data = {key: getattr(value, key) for key in keys if getattr(value, key) is not None}
    deck, deck_source = None, None
    if support and support.deck and getattr(value, "deck", None):
        deck = _file(folder, value.deck, {".csv": ()}, MAX_CSV_BYTES, functools.partial(source.error, "deck"))
        if support.deck in data:
            twice = f"the deck is given twice: as {support.deck!r} here and as the CSV file under 'deck'"
            raise source.error(support.deck, twice)
        cards = read_deck(deck, support.model, support.deck, str(deck))
        data[support.deck], deck_source = cards.value, cards.source
    dropped, entries = dropped_texts(game, support, data, value.texts, deck) if support else ({}, None)
    texts = {key: text for key, text in value.texts.items() if key not in dropped}
    _check_texts(value.texts, source, game, entries)
    return Variant(game, path, source, data, language, texts, fonts, art, deck, deck_source, dropped)


def apply(support: DataFile, variant: Variant, base: Loaded[Any] | None = None) -> Loaded[Any]:
    """The game's data (``base``, by default the built-in data) with the keys the variant changes in place,
    checked by the game's own checks; errors point into the variant file. A key the variant gives as the game
    has it built in changes nothing (``pnp variant new`` writes every key so), so a ``base`` map keeps its own."""
    builtin = support.builtin().value
    changed = {key: value for key, value in variant.data.items() if value != getattr(builtin, key)}
    merged = dataclasses.replace((base.value if base else builtin), **changed)
    loaded: Loaded[Any] = Loaded(merged, variant.source)
    try:
        support.check(loaded)
    except DataError as exc:  # one about the CSV deck is moved there: the check saw only the variant's lines
        if not variant.in_deck(exc.path):
            raise
        raise variant.error(exc.path, exc.message) from None
    if support.names is not None and (variant.language or variant.texts):
        _check_names(support.names, variant, merged)
    return loaded


def _check_names(names: Callable[[Any, Catalogue], object], variant: Variant, data: Any) -> None:
    """Refuse two things that a session in the variant's words (its language, its texts) would read alike: at the
    text naming the second when the variant gives it, else at the field of its data giving the second."""
    from pnp import games
    from pnp.games.names import NameClash, fold

    hook = games.get(variant.game).texts
    entries = {} if hook is None else hook(data)
    try:
        names(data, catalogue(variant.game, variant.language, variant.texts, entries))
    except NameClash as clash:
        worded = [key for key, text in variant.texts.items() if key in entries and fold(text) == clash.folded]
        if worded:
            raise entry_error(variant.source, "texts", worded[-1], str(clash)) from None
        raise variant.error(clash.path, str(clash)) from None


def game_data(game: str, path: Path, base: Loaded[Any] | None = None) -> Loaded[Any]:
    """The data of ``game`` as the variant at ``path`` changes it (a game's ``load_data`` calls this)."""
    support = data_file(game)
    if support is None:
        raise PnpError(f"{game} has no component data for a variant to change")
    return apply(support, load_variant(path, game), base)


def referee_problem(variant: Variant) -> DataError | None:
    """Why the game's referee cannot play this variant: a changed key it reads from its built-in data."""
    support = data_file(variant.game)
    if support is None:
        return None
    builtin = support.builtin().value
    for key in sorted(support.fixed_for_referee & set(variant.data)):
        if variant.data[key] != getattr(builtin, key):
            return variant.source.error(
                "deck" if key == support.deck and variant.deck else key,
                f"the referee of {variant.game} plays the built-in {key}: this variant prints, but "
                "'pnp ref' and 'pnp sim' refuse it (keep the built-in value to referee it)",
            )
    return None


_COLOUR_COMMENT = re.compile(r"#[0-9a-fA-F]{3,8}\b")  # a colour that YAML, unquoted, reads as a comment


def _refuse_empty(value: Any, source: Source) -> None:
    """Refuse a key written with no value (``hand_limit:``), which would otherwise keep the built-in value unseen;
    a colour written unquoted (``safety_colour: #f07c1a``) is one, as YAML reads ``#`` on as a comment."""
    for f in dataclasses.fields(value):
        if getattr(value, f.name) is not None or f.name not in source.marks:
            continue
        line = source.text.split("\n")[source.marks[f.name][0] - 1]
        column = max(line.find(f.name), 0) + 1
        colour = _COLOUR_COMMENT.match(line.partition(":")[2].strip())
        why = (
            f"YAML reads everything from '#' on as a comment: quote the colour, {f.name}: '{colour.group()}'"
            if colour
            else "give one, or delete the key to keep the built-in value"
        )
        raise DataError(f"{source.name}:{source.marks[f.name][0]}:{column}", f.name, f"no value: {why}")


def misfiled(text: str, shown: str, game: str, given_as: Literal["map", "variant"]) -> DataError | None:
    """Why a file given as a map (or a variant) of ``game`` is the other kind, if it is: its top-level keys are all
    keys of the other kind, and not all of the kind given. Both gates ask this (``pnp.games.map_game`` for a map,
    ``load_variant`` for a variant), so every command says it alike. The file is judged for the game it names."""
    from pnp import games

    named = peek(text, "game", shown)
    judged = named[0] if named and named[0] in games.REGISTRY else game
    spec, kind = games.REGISTRY[judged], "variant" if given_as == "map" else "map"
    keys = {
        "map": {f.name for f in dataclasses.fields(spec.maps.model())} if spec.maps else set(),
        "variant": {f.name for f in dataclasses.fields(variant_model(judged))},
    }
    stray = first_key_outside(text, keys[given_as] | set(ENVELOPE), shown)
    if stray is None or not top_keys(text) - set(ENVELOPE) <= keys[kind]:
        return None
    key, where = stray
    owner = "" if judged == game else f" for {judged}"
    advice = f"pass it with --{kind}, or check it with 'pnp {kind} check'"
    return DataError(where, key, f"this is a {kind}{owner}, not a {given_as}: {advice}")


def _refuse_other_game(text: str, shown: str, game: str) -> None:
    """Refuse a file whose ``game:`` key names another game than ``game`` (a file without one is ``game``'s)."""
    named = peek(text, "game", shown)
    if named is not None and named[0] != game:
        raise DataError(named[1], "game", f"this is a variant for {quote(named[0])}, not {game}")


def _check_texts(texts: Mapping[str, str], source: Source, game: str, data: Mapping[str, Entry] | None) -> None:
    """Refuse more texts than allowed, a text too long, and one the game's catalogue would refuse, ``data`` being the
    entries the variant's data words (None: the built-in data's), beside those the built-in data words."""
    from pnp.texts import english
    from pnp.texts.catalogue import problem

    if len(texts) > MAX_TEXTS:
        raise source.error("texts", f"{len(texts)} texts, more than {MAX_TEXTS}, the most a variant may hold")
    entries = {**english(game), **english(game, data)}  # a thing the variant dropped is known, and not used
    for key, text in texts.items():
        if len(text) > MAX_TEXT_CHARS:
            too_long = f"{len(text)} characters, more than {MAX_TEXT_CHARS}, the most a text may have"
            raise entry_error(source, "texts", key, too_long)
        if key not in entries and key in _map_keys(game):
            raise entry_error(source, "texts", key, _in_the_map(game, key))
        if key not in entries and key in table_words(None):  # "did you mean" would name a game's text, wrongly
            pages = "a word of the table's pages, pnp's own for every game: a variant cannot change it"
            raise entry_error(
                source,
                "texts",
                key,
                f"no such text: {key} is {pages} (they speak the session's language where pnp ships it for them)",
            )
        wrong = problem(key, text, entries)
        if wrong:
            raise entry_error(source, "texts", key, wrong)


def _map_keys(game: str) -> set[str]:
    """The keys of ``game``'s map files."""
    from pnp import games

    maps = games.get(game).maps
    return set() if maps is None else {f.name for f in dataclasses.fields(maps.model())}


def _in_the_map(game: str, key: str) -> str:
    """Why a text a variant gives is not one: it is written in the game's map (Take Off!'s title)."""
    from pnp import games

    title = games.get(game).title
    custom = f"set {key!r} in a custom map ('pnp map new {game} -o FILE', then '--map FILE')"
    return f"no such text: {title}'s {key} is its map's: {custom}"


def _check_language(language: str | None, has_texts: bool, source: Source, game: str) -> None:
    """Refuse a language pnp does not ship for ``game`` (nor its language, for a tag such as fr-CA) when the
    variant gives no texts in it."""
    from pnp import games
    from pnp.texts import languages, shipped

    if language is not None and shipped(language, game) is None and not has_texts:
        title, known = games.get(game).title, ", ".join(languages(game))
        why = f"pnp ships no {language!r} for {title} (its languages: {known}): give the texts in it under 'texts'"
        raise source.error("language", why)


def _check_art_keys(art: Mapping[str, str], source: Source, game: str) -> None:
    """Refuse a picture for an art box the game's kit does not have."""
    keys = art_keys(game)
    for key in art:
        if key not in keys:
            known = ", ".join(keys) or "none"
            raise entry_error(source, "art", key, f"no such art box{did_you_mean(key, keys)} (known: {known})")


def art_keys(game: str) -> dict[str, str]:
    """The art boxes of ``game``'s kit (key -> what the box is): its registry entry's ``art`` hook."""
    from pnp import games

    hook = games.get(game).art
    return {} if hook is None else dict(hook())


def entry_error(source: Source, section: str, key: str, message: str) -> DataError:
    """An error about the entry ``key`` of the mapping ``section``, at the entry's line (a catalogue key holds
    dots, ``back.brand``, and an art box a colon, ``event:storm``: neither is a path of nested keys), named as
    the designer writes it: ``texts.back.brand``."""
    return DataError(source.where(join_key(section, key)), f"{section}.{key}", message)


def _file(
    folder: Path, name: str, kinds: Mapping[str, tuple[bytes, ...]], limit: int, error: Callable[[str], DataError]
) -> Path:
    """The file ``name`` (relative to the variant's folder), once it exists and is of a known kind; ``error``
    makes a refusal, at the key naming the file."""
    path = folder / name
    suffix = path.suffix.lower()
    if suffix not in kinds:
        known = ", ".join(kinds)
        raise error(f"{quote(name)} is not a file of a known kind (known: {known})")
    try:
        head = read_bytes(path, limit)[:1024]
    except OSError as exc:
        raise error(f"{quote(name)}: {describe(exc)} (files are named relative to the variant)") from None
    if not _is_kind(suffix, head, kinds[suffix]):
        kind = suffix[1:].upper()
        article = "an" if kind[0] in "AEFHILMNORSX" else "a"  # as its letters are said: an OTF, an SVG, a TTF
        raise error(f"{quote(name)} is not {article} {kind} file (its first bytes say otherwise)")
    return path


def _font(source: Source, folder: Path, role: str, name: str) -> Path:
    """The font file ``name`` for ``role``, once it is a font file that pnp can embed (as far as its header and
    table directory tell: ``pnp.printing.fonts`` reads the rest when the kit is drawn)."""
    from pnp.printing.fonts import unusable

    error = functools.partial(entry_error, source, "fonts", role)
    path = _file(folder, name, FONT_KINDS, MAX_FONT_BYTES, error)
    why = unusable(path)
    if why is not None:
        raise error(f"{quote(name)}: {why}")
    return path


def _is_kind(suffix: str, head: bytes, magic: tuple[bytes, ...]) -> bool:
    """Whether a file's first bytes fit its suffix: the format's signature, or for SVG text naming ``<svg``."""
    if suffix == ".svg":
        return b"<svg" in head or head.lstrip().startswith(b"<?xml")
    return not magic or head.startswith(magic)


def session_catalogue(
    game: str, path: Path | None, data: Mapping[str, Entry] | None = None, language: str | None = None
) -> Catalogue:
    """The words a session of ``game`` names its components by, as its kit prints them: the catalogue in
    ``language`` (else the language of the variant at ``path``, else English) with the variant's texts over it,
    ``data`` being the entries its data holds (see :func:`pnp.texts.catalogue`)."""
    if path is None:
        return catalogue(game, language, {}, data)
    variant = load_variant(path, game)
    return catalogue(game, language or variant.language, variant.texts, data)


def content_key(path: Path | None, game: str) -> str | None:
    """A digest of the data files of the variant at ``path`` (None without one): a cache key for what the
    rules read, which changes whenever one of those files does."""
    return None if path is None else digest_of(load_variant(path, game).data_files)


def digest_of(files: Iterable[Path]) -> str:
    """SHA-256 over the contents of ``files``, in order."""
    digest = hashlib.sha256()
    for file in files:
        digest.update(hashlib.sha256(read_bytes(file, MAX_FONT_BYTES)).digest())
    return digest.hexdigest()
