"""Variant files as commands meet them: the game a file is for (its ``game:`` key, or the game a command
names), the kit request it makes, and the variant files in a folder."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from pnp import games
from pnp.errors import DataError, PnpError, describe, quote
from pnp.files import yaml_files
from pnp.games.spec import KitRequest
from pnp.loader import did_you_mean, peek, read_yaml_text
from pnp.variants.variant import Variant, load_variant


def variant_game(path: Path, game: str | None = None) -> str:
    """The registry name of the game the variant at ``path`` is for; ``game``, if given, must be it."""
    if game is not None:
        return games.get(game).name
    try:
        text = read_yaml_text(path)
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the variant: {describe(exc)}") from None
    named = peek(text, "game", str(path))
    if named is None:
        raise DataError(f"{path}:1:1", "", "the variant does not say its game: add 'game: NAME' at the top")
    value, where = named
    if value not in games.REGISTRY:
        hint, known = did_you_mean(value, games.REGISTRY), ", ".join(games.REGISTRY)
        raise DataError(where, "game", f"unknown game {quote(value)}{hint} (known: {known})")
    return value


def read_variant(path: Path, game: str | None = None) -> Variant:
    """The variant at ``path``, read and checked for the game it names (or ``game``)."""
    return load_variant(path, variant_game(path, game))


def with_variant(request: KitRequest, variant: Variant) -> KitRequest:
    """``request`` asking for the variant's data, language (unless ``request`` names one), texts, fonts and art."""
    return dataclasses.replace(
        request,
        variant_path=variant.path,
        language=request.language or variant.language,
        texts=dict(variant.texts),
        fonts=dict(variant.fonts),
        art=dict(variant.art),
    )


def variants_in(folder: Path) -> dict[str, list[str]]:
    """The variant files in ``folder`` by the game they name: YAML files whose top-level keys are all keys of a
    variant of that game (so a map file is never taken for a variant), hidden ones aside
    (:func:`pnp.files.yaml_files`)."""
    from pnp.loader import top_keys
    from pnp.variants.variant import variant_model

    found: dict[str, list[str]] = {}
    for path in yaml_files(folder):
        try:
            text = read_yaml_text(path)
            named = peek(text, "game", path.name)
        except (OSError, DataError):
            continue
        if named is None or named[0] not in games.REGISTRY:
            continue
        keys = {f.name for f in dataclasses.fields(variant_model(named[0]))} | {"game"}
        if top_keys(text) <= keys:
            found.setdefault(named[0], []).append(path.name)
    return found
