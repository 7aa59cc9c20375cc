"""What a game package hands the registry: its traits, and lazy hooks into its rules, kit, pictures and maps.

Each hook imports its module only when called, so the referee path never loads
the print backends and ``pnp games`` stays fast.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pnp.errors import DataError

if TYPE_CHECKING:  # kept out of the referee's start-up time
    from pnp.games.bots import Rater
    from pnp.loader import Loaded, Source
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.printing.sheets import Aid
    from pnp.referee.driver import Chooser
    from pnp.referee.protocol import Game, Move, Setup, State

# A bot factory makes a chooser from a seeded random source.
BotFactory = Callable[[random.Random], "Chooser"]


class ChanceKind(Enum):
    """What decides a chance input: the table's dice, or a shuffled deck (whose odds change as it is drawn)."""

    DICE = "dice"
    DECK = "deck"


class Hidden(Enum):
    """What a player knows that others do not: sealed secrets (``Secret``), or private hands (``State.private``)."""

    SECRETS = "secrets"
    PRIVATE_HANDS = "private hands"


class MapKind(Enum):
    """Where a session's map comes from: built in, a file a player writes, or generated from the seed."""

    FIXED = "fixed"
    CUSTOM = "custom"
    GENERATED = "generated"


@dataclass(frozen=True)
class Traits:
    """What kind of game it is, declared once in its registry entry (as OpenSpiel's ``GameType``).

    An empty ``chance``, ``hidden`` or ``maps`` means none. A kind of hidden information or of chance may hold
    only with an option (Hauling's face-down transports): declared, it shows under some options. A game has
    ``simultaneous`` rounds when during play every seat seals a secret before any is revealed (one slot per
    round: ``wind1``, ``wind2``). The generic tests check every trait against the game's behaviour and pick
    what to check by them, never by a game's name.
    """

    min_players: int
    max_players: int
    chance: frozenset[ChanceKind] = frozenset()
    hidden: frozenset[Hidden] = frozenset()
    simultaneous: bool = False
    maps: frozenset[MapKind] = frozenset()


@dataclass(frozen=True)
class KitRequest:
    """What ``pnp build`` asks of a game: a custom map, a seed, generator settings and the number of players,
    when the game uses them.

    ``players`` is None unless the game's kit depends on it (``GameSpec.players_in_kit``): then the kit prints
    what that many players need, and for None what the game's most players need. ``knobs`` holds only
    settings the game's ``MapSupport.build_knobs`` names (e.g. ``{"size": "large"}``).
    """

    map_path: Path | None = None
    seed: int | None = None
    players: int | None = None
    knobs: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Finding:
    """One result of ``pnp map check``: an error makes the map unusable, a warning is advice.

    ``message`` starts with the field ``path`` it is about, as printed.
    """

    level: Literal["error", "warning"]
    where: str
    message: str
    path: str = ""

    def __str__(self) -> str:
        return f"{self.where}: {self.level}: {self.message}"


class Findings(list[Finding]):
    """The findings of one check, each located in the source being checked."""

    def __init__(self, source: Source) -> None:
        super().__init__()
        self.source = source

    def add(self, level: Literal["error", "warning"], path: str, message: str) -> None:
        """Record a finding about the field at ``path``."""
        self.append(Finding(level, self.source.where(path), f"{path}: {message}", path))

    def has_errors(self) -> bool:
        """True when any finding is an error."""
        return any(f.level == "error" for f in self)


def raise_first_error(findings: list[Finding]) -> None:
    """Raise the first error among ``findings`` as a located DataError (warnings pass)."""
    for finding in findings:
        if finding.level == "error":
            raise DataError(finding.where, finding.path, finding.message.removeprefix(f"{finding.path}: "))


@dataclass(frozen=True)
class MapSupport:
    """The hooks ``pnp map`` uses for a game that has a map.

    ``new(seed, **knobs)`` writes a starting map; ``knobs`` names the generator
    settings it honours, from the shared vocabulary of ``pnp map new``: seed (the
    only one passed positionally), size, players, pages, ink_friendly, expansions.
    ``build_knobs`` names those ``pnp build`` also takes, to print a generated map
    straight away (``--seed`` and ``--players`` aside).
    """

    model: Callable[[], type]
    load: Callable[[Path | None], Loaded[Any]]  # None: the built-in map
    check: Callable[[Loaded[Any]], list[Finding]]
    new: Callable[..., str]
    preview: Callable[[Loaded[Any]], Drawing]
    knobs: tuple[str, ...] = ()
    build_knobs: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """One registry entry."""

    name: str
    title: str
    summary: str  # what the game is, in one line (the lobby of `pnp table` shows it)
    traits: Traits
    rules: Callable[[], Game]
    kit: Callable[[KitRequest], Kit]
    picture: Callable[[State, str | None], Drawing]
    maps: MapSupport | None = None
    # The player aid as text, with each stage's rule, for a session set up so (the table page's Rules panel).
    aid: Callable[[Setup], Aid] | None = None
    bots: Callable[[], Mapping[str, BotFactory]] | None = None
    # How the game's bots rate a position and a secret (the greedy bot and the search bot both use it). None:
    # the search bot plays each try to the end of the game, and secrets are sealed at random.
    rater: Callable[[], Rater] | None = None
    # True when the kit depends on the seed (a board generated from it), so `pnp build --seed` applies.
    seeded: bool = False
    # True when the kit prints parts per player (inventories, screens), so `pnp build --players` applies.
    players_in_kit: bool = False
    # Whether picture() draws the same whoever the viewer is (nothing private, no "you") in a session set up so:
    # the table then draws it once per version for every page.
    picture_for_all: Callable[[Setup], bool] = lambda setup: False
    # For map games: how often each route or city was used in a finished game (zeros included).
    usage: Callable[[State, list[Move]], Mapping[str, int]] | None = None


def _resolve(target: str) -> Any:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def lazy_call(target: str) -> Callable[..., Any]:
    """A hook for ``"package.module:name"``: imports the module when first called, then calls ``name``."""

    def hook(*args: Any, **kwargs: Any) -> Any:
        return _resolve(target)(*args, **kwargs)

    return hook


def lazy_value(target: str) -> Callable[[], Any]:
    """A hook that returns ``"package.module:name"`` itself (a class, a table), imported when first asked for."""
    return lambda: _resolve(target)
