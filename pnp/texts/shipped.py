"""The catalogues shipped with pnp: English for the toolkit and each game, and the translations."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, cast

from pnp.errors import PnpError, Refusal
from pnp.loader import safe_load
from pnp.texts.catalogue import Catalogue, Entry, changed, check

FOLDER = Path(__file__).resolve().parent / "catalogues"
ENGLISH = "en"
TOOLKIT = "toolkit"
TABLE = "table"  # the table page's own words: the same for every game, and in no game's catalogue


def languages(game: str | None = None) -> tuple[str, ...]:
    """The language codes shipped, English first: all of them, or those ``game`` is translated into."""
    codes = sorted(p.name for p in FOLDER.iterdir() if p.is_dir() and p.name != ENGLISH)
    if game is not None:
        codes = [code for code in codes if (FOLDER / code / f"{game}.yaml").is_file()]
    return (ENGLISH, *codes)


def shipped(tag: str, game: str | None = None) -> str | None:
    """The shipped code (of ``languages(game)``) that the language tag ``tag`` names, its case aside, or else
    the one its language falls back to (``fr-CA``: ``fr``); None when pnp ships neither."""
    codes = {code.lower(): code for code in languages(game)}
    return codes.get(tag.lower()) or codes.get(tag.split("-")[0].lower())


def normalised(tag: str) -> str:
    """A language tag in the case its standard (BCP 47) writes it, which ignores case: ``FR`` is ``fr``, ``pt-br``
    ``pt-BR``, ``zh-hant-tw`` ``zh-Hant-TW`` (the language in lower case, a script capitalised, a region in
    capitals)."""
    language, *rest = tag.split("-")
    subtags = [language.lower()]
    for subtag in rest:
        if len(subtag) == 4 and subtag.isalpha():
            subtags.append(subtag.title())
        elif len(subtag) == 2 and subtag.isalpha():
            subtags.append(subtag.upper())
        else:
            subtags.append(subtag.lower())
    return "-".join(subtags)


def check_shipped(language: str) -> None:
    """Refuse a language pnp ships nothing in (as :func:`shipped` finds it: ``FR`` and ``fr-CA`` are ``fr``)."""
    if shipped(language) is None:
        raise Refusal("language.none", language=language, known=", ".join(languages()))


def check_language(game: str, title: str, language: str) -> None:
    """Refuse a language pnp does not ship, or one ``game`` (titled ``title``) is not translated into (each as
    :func:`shipped` finds it: ``FR`` and ``fr-CA`` are ``fr``)."""
    check_shipped(language)
    if shipped(language, game) is None:
        raise Refusal("language.game", language=language, game=title, known=", ".join(languages(game)))


def english(game: str, data: Mapping[str, Entry] | None = None) -> dict[str, Entry]:
    """Every entry of ``game``'s catalogue in English, each with what it is: the toolkit's, the game's own, and
    those of its registry entry and rules (:func:`_offer_texts`) and those read from its data (``data``: the entries
    a kit read; default: the built-in data's)."""
    own = {**_english_file(game), **_offer_texts(game)}
    return {**_english_file(TOOLKIT), **own, **(_data_texts(game) if data is None else data)}


def catalogue(
    game: str,
    language: str | None = None,
    texts: Mapping[str, str] | None = None,
    data: Mapping[str, Entry] | None = None,
) -> Catalogue:
    """``game``'s catalogue in ``language`` (None: English), with ``texts`` (a variant's) over it.

    A language pnp ships for ``game`` is the base the texts go over, except where a variant's data has its own
    words (a card title it renamed); another language is refused unless ``texts`` are given: they are then in
    that language, over the toolkit's entries in it when pnp ships it for the toolkit (Aloft in French prints
    the footers and the calibration sheet in pnp's French), over English for the rest.
    ``data``: the entries the kit read from its data (default: the built-in data's)."""
    code = language or ENGLISH
    if not texts:
        check_language(game, game, code)
    entries = english(game, data)
    chosen = {key: entry.text for key, entry in entries.items()}
    chosen.update(_translated(game, code, data))
    overrides = dict(texts or {})
    errors = check(overrides, entries, "texts")
    if errors:
        raise PnpError(errors[0])
    chosen.update(overrides)
    return Catalogue(code, chosen)


def untranslated(game: str, language: str, texts: Mapping[str, str], data: Any = None) -> dict[str, Entry]:
    """The entries of ``game``'s catalogue that print in English in ``language`` with ``texts`` over it, by key in
    the catalogue's order: pnp ships no text for them in ``language`` (for the toolkit or the game), ``texts`` gives
    none, and they are not words of the game's data as a variant changed it (``data``; None: the built-in data)."""
    if shipped(language, game) == ENGLISH:
        return {}
    entries = _data_texts(game, data)
    done = {*texts, *_translated(game, language, entries), *changed(entries, _data_texts(game))}
    return {key: entry for key, entry in english(game, entries).items() if key not in done}


def _translated(game: str, language: str, data: Mapping[str, Entry] | None) -> dict[str, str]:
    """The entries pnp ships in ``language`` for ``game``'s kit: the toolkit's when it ships them, the game's
    when it ships them, except where a variant's data (``data``) has its own words."""
    toolkit_code, game_code = shipped(language), shipped(language, game)
    translated = {} if toolkit_code in (None, ENGLISH) else _translation(TOOLKIT, toolkit_code)
    if game_code not in (None, ENGLISH):
        translated = {**translated, **_translation(game, game_code)}
    own = changed(data, _data_texts(game)) if data is not None else {}  # a variant's own words stay
    return {key: text for key, text in translated.items() if key not in own}


def translation_errors(name: str, language: str) -> list[str]:
    """Every error of the shipped translation of ``name`` (a game, or the toolkit) into ``language``."""
    english_entries = _english_file(name) if name in (TOOLKIT, TABLE) else english(name)
    return check(_read(FOLDER / language / f"{name}.yaml"), english_entries, f"{language}/{name}.yaml")


@cache
def _english_file(name: str) -> dict[str, Entry]:
    path = FOLDER / ENGLISH / f"{name}.yaml"
    if not path.is_file():
        return {}
    raw = cast(dict[str, dict[str, str]], _read(path))
    return {key: Entry(value["text"], value["about"]) for key, value in raw.items()}


@cache
def _translation(name: str, language: str) -> dict[str, str]:
    errors = translation_errors(name, language)
    if errors:
        raise PnpError(errors[0])
    return cast(dict[str, str], _read(FOLDER / language / f"{name}.yaml"))


def _read(path: Path) -> dict[str, object]:
    if not path.is_file():
        return {}
    return cast(dict[str, object], safe_load(path.read_text(encoding="utf-8")) or {})


def _data_texts(game: str, data: Any = None) -> dict[str, Entry]:
    """The entries ``game``'s kit reads from its data (``data``; None: the built-in data): its registry entry's
    ``texts`` hook (the registry is imported here, when first needed: the printing toolkit, which the games
    import, imports this)."""
    from pnp import games

    hook = games.get(game).texts
    return {} if hook is None else hook(data)


def _offer_texts(game: str) -> dict[str, Entry]:
    """The entries whose English is ``game``'s registry entry and rules, as a game night's lobby offers the game: its
    summary (``game.summary``), each option's name and help (``option.KEY.name``, ``option.KEY``), and each of its choices' name
    (``option.KEY.CHOICE.name``) and help (``option.KEY.CHOICE``)."""
    from pnp import games

    spec = games.get(game)
    entries = {"game.summary": Entry(spec.summary, "what the game is about, in a line, under its title in the lobby")}
    for option in spec.options():
        about = f"what the option {option.key} does, beside its box in the lobby"
        entries[f"option.{option.key}"] = Entry(option.help, about)
        entries[f"option.{option.key}.name"] = Entry(
            option.name, f"the option {option.key} in a few words, the lobby's label"
        )
        for choice, name in zip(option.choices, option.choice_names, strict=True):
            about = f"the choice {option.key}={choice} in words, as the lobby's box offers it"
            entries[f"option.{option.key}.{choice}.name"] = Entry(name, about)
        for choice, words in zip(option.choices, option.choice_help, strict=False):
            about = f"what {option.key}={choice} does, under the option's box in the lobby once chosen"
            entries[f"option.{option.key}.{choice}"] = Entry(words, about)
    return entries


@cache
def toolkit() -> Catalogue:
    """The toolkit's entries alone, in English: what a kit prints when its game gives no catalogue, and the words
    of the referee where no session names a language (a simulated game's)."""
    return Catalogue(ENGLISH, _english_words(TOOLKIT))


@cache
def in_english(game: str) -> Catalogue:
    """``game``'s built-in catalogue in English, read once: what a session says in English whatever its language (a
    terminal's picture) and the board in words of a game that speaks only English."""
    return catalogue(game)


def table_words(language: str | None) -> Catalogue:
    """The table page's own words (keys ``table.*``) and the game night's lobby's (``lobby.*``) in ``language`` as
    :func:`shipped` finds it (``fr-CA``: ``fr``), entry by entry over English; English for None or a language pnp
    does not ship them in. The catalogue's ``language`` is the code the words are in."""
    code = shipped(language, TABLE) if language else None
    words = _english_words(TABLE)
    if code not in (None, ENGLISH):
        words.update(_translation(TABLE, code))
    return Catalogue(code or ENGLISH, words)


def _english_words(name: str) -> dict[str, str]:
    """The English texts of the catalogue file ``name`` (the toolkit's, the table's), by key."""
    return {key: entry.text for key, entry in _english_file(name).items()}
