"""The one explicit registry of games. Adding a game: add its package and one line here."""

from __future__ import annotations

import dataclasses
import difflib
from pathlib import Path

from pnp.errors import DataError, PnpError, describe, quote
from pnp.games import aeronaut_odyssey, air_king, aloft, hauling_astronauts, take_off
from pnp.games.spec import GameSpec

REGISTRY: dict[str, GameSpec] = {
    spec.name: spec
    for spec in (aloft.SPEC, hauling_astronauts.SPEC, aeronaut_odyssey.SPEC, take_off.SPEC, air_king.SPEC)
}


def map_game(path: Path, game: str | None = None) -> GameSpec:
    """The game a map file is for, once the file is known to be a readable map for it.

    ``game`` is the game asked for; None lets the file's top-level ``game:`` key name it. A file read as
    text is judged without parsing it: its ``game:`` key must name the game asked for, and top-level keys
    that are another game's map keys name the file as that game's map, whatever its ``game:`` says.
    """
    from pnp.loader import peek, read_yaml_text

    try:
        text = read_yaml_text(path)  # not UTF-8 or binary: a DataError at line 1, column 1
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the map: {describe(exc)}") from None
    named = peek(text, "game", str(path))
    if game is None:
        if named is None:
            raise DataError(
                f"{path}:1:1", "", "the map does not say its game: add 'game: NAME' at the top, or pass --game"
            )
        game = named[0]
        if game not in REGISTRY:
            raise DataError(named[1], "game", f"unknown game {game!r} (known: {', '.join(REGISTRY)})")
    spec = get(game)
    if spec.maps is None:
        raise PnpError(f"{spec.title} has no map to replace")
    from pnp.variants.variant import misfiled

    if (wrong := misfiled(text, str(path), spec.name, "map")) is not None:
        raise wrong
    owner = _owner(text, spec) or (named[0] if named and named[0] != spec.name else None)
    if owner is not None:
        raise DataError(named[1] if named else f"{path}:1:1", "game", f"this is a map for {owner}, not {spec.name}")
    return spec


def _owner(text: str, spec: GameSpec) -> str | None:
    """The other game whose map keys the text's top-level keys are, when they are not ``spec``'s."""
    from pnp.loader import ENVELOPE, top_keys

    keys = top_keys(text) - set(ENVELOPE)

    def fields(other: GameSpec) -> set[str]:
        return {f.name for f in dataclasses.fields(other.maps.model())} if other.maps else set()

    if not keys or keys <= fields(spec):
        return None
    fitting = [other.name for other in REGISTRY.values() if other is not spec and keys <= fields(other)]
    return fitting[0] if len(fitting) == 1 else None


def get(name: str) -> GameSpec:
    """The game called ``name``, or a PnpError suggesting the closest known name and listing them all."""
    try:
        return REGISTRY[name]
    except KeyError:
        close = difflib.get_close_matches(name.lower(), REGISTRY, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise PnpError(f"unknown game {quote(name)}{hint} (known: {', '.join(REGISTRY)})") from None
