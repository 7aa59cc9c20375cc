"""What a balance report ran on: the game, its map and variant files with their digests, players, bots, seed,
pnp's version.

Map and variant files given to ``pnp sim`` are checked as ``pnp map check`` and ``pnp variant check`` check them
before any game is played, so a broken file is one line at once rather than an error in the first game.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TypedDict

import pnp
from pnp import games
from pnp.errors import PnpError, describe
from pnp.files import read_bytes
from pnp.games.spec import raise_first_error
from pnp.loader import MAX_YAML_BYTES
from pnp.sim import SimConfig, map_per_game

DIGEST_LENGTH = 12  # hex digits of SHA-256 a report shows: enough to tell files apart at a glance


class MapInput(TypedDict):
    """A map a report ran on: the file as named on the command line (or what else it was), and its digest."""

    file: str
    sha256: str


class Inputs(TypedDict):
    """What every game of a report shares."""

    game: str
    bots: list[str]
    seed: int
    options: dict[str, bool | int | str]  # the game's options set for every game (a sweep's swept ones aside)
    pnp: str


class RunInputs(Inputs):
    """What a run played: the shared inputs, its players, its map and its variant."""

    players: int
    map: MapInput | None  # None: the game has no map
    variant: MapInput | None  # None: the game's own data


def digest(data: bytes) -> str:
    """The short SHA-256 a report names a file by."""
    return hashlib.sha256(data).hexdigest()[:DIGEST_LENGTH]


def check_map_file(game: str, path: Path) -> None:
    """Refuse a map file for ``game`` with its first error, as ``pnp map check`` finds it."""
    spec = games.map_game(path, game)
    if spec.maps is None:
        raise PnpError(f"{spec.title} has no map to replace")
    raise_first_error(spec.maps.check(spec.maps.load(path)))


def check_variant_file(game: str, path: Path) -> None:
    """Refuse a variant file for ``game`` with its first error, or when the referee cannot play it as printed."""
    from pnp.variants.findings import check_refereed

    check_refereed(path, games.get(game).name)


def variant_input(config: SimConfig) -> MapInput | None:
    """The variant of a run, named as on the command line, with a digest of every file it is made of."""
    from pnp.variants.variant import digest_of, load_variant

    if config.variant_path is None:
        return None
    files = load_variant(config.variant_path, config.game).files
    return {"file": str(config.variant_path), "sha256": digest_of(files)[:DIGEST_LENGTH]}


def map_input(config: SimConfig, generated: str = "") -> MapInput | None:
    """The map of a run: its file, a map generated on the fly (``generated`` names it), or the built-in one."""
    if config.map_text is not None:
        return {"file": generated or "generated", "sha256": digest(config.map_text.encode())}
    if config.map_path is not None:
        try:
            data = read_bytes(config.map_path, MAX_YAML_BYTES)
        except OSError as exc:
            raise PnpError(f"{config.map_path}: cannot read the map: {describe(exc)}") from None
        return {"file": str(config.map_path), "sha256": digest(data)}
    if map_per_game(config):
        return {"file": "generated from each game's seed", "sha256": ""}
    maps = games.get(config.game).maps
    if maps is None:
        return None
    source = maps.load(None).source
    return {"file": f"built-in {source.name}", "sha256": digest(source.text.encode())}


def shared_inputs(config: SimConfig) -> Inputs:
    """What every game of a run or a sweep shares."""
    game, bots, seed, options = config.game, list(config.bots), config.seed, dict(config.options)
    return {"game": game, "bots": bots, "seed": seed, "options": options, "pnp": pnp.__version__}


def run_inputs(config: SimConfig) -> RunInputs:
    """Everything a run's figures depend on."""
    return {
        **shared_inputs(config),
        "players": config.players,
        "map": map_input(config),
        "variant": variant_input(config),
    }


def map_text(found: MapInput | None) -> str:
    """A map (or variant) as a report's text names it: 'tall.yaml (sha256 1a2b3c4d5e6f)'."""
    if found is None:
        return "no map"
    return f"{found['file']} (sha256 {found['sha256']})" if found["sha256"] else found["file"]
