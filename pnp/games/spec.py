"""What a game package hands the registry: its traits, and typed lazy hooks into its rules, kit, pictures and maps.

A registry entry names its hooks as attributes of its own modules (``components.kit``), which mypy checks
against the hook types below, while at run time ``submodules`` stands in for those modules: each hook imports
its module only when first used, so the referee path never loads the print backends and ``pnp games`` stays fast.
The stand-ins serve the entry's ``GameSpec`` alone: once it is made they leave the package, so that importing a
module from it (``from pnp.games.aloft import rules``) gives the module itself.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, cast

from pnp.errors import DataError

if TYPE_CHECKING:  # kept out of the referee's start-up time
    from pnp.games.bots import Rater
    from pnp.loader import Loaded, Source
    from pnp.printing.canvas import Drawing
    from pnp.printing.parts import Kit
    from pnp.printing.sheets import Aid
    from pnp.referee.driver import Chooser
    from pnp.referee.protocol import Game, Move, Option, Setup
    from pnp.texts.catalogue import Entry
    from pnp.variants.support import DataFile

# A bot factory makes a chooser from a seeded random source.
BotFactory = Callable[[random.Random], "Chooser"]
T = TypeVar("T")


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
    ``simultaneous`` rounds when during play every seat seals a secret before any is revealed: its rules name
    those secrets in ``Game.round_secrets`` and the referee keeps each round apart. The generic tests check every trait against the game's behaviour and pick
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
    settings the game's ``MapSupport.build_knobs`` names (e.g. ``{"size": "large"}``). A variant file
    (``variant_path``) changes the game's data. ``language`` picks a translation shipped with pnp (None:
    English); ``texts`` overrides catalogue entries by key. ``fonts`` maps a font role (titles, body, symbols:
    ``pnp.printing.fonts.ROLES``) to a TTF/OTF file; ``art`` maps one of the game's art-box keys (its
    ``GameSpec.art``) to a PNG, JPEG or SVG picture. A variant's own language, texts, fonts and art arrive, checked,
    in these last four fields.
    """

    map_path: Path | None = None
    seed: int | None = None
    players: int | None = None
    knobs: Mapping[str, Any] = field(default_factory=dict)
    variant_path: Path | None = None
    language: str | None = None
    texts: Mapping[str, str] = field(default_factory=dict)
    fonts: Mapping[str, Path] = field(default_factory=dict)
    art: Mapping[str, Path] = field(default_factory=dict)


@dataclass(frozen=True)
class Finding:
    """One result of ``pnp map check``: an error makes the map unusable, a warning is advice, a note says how
    the file is read (a language tag taken as the language pnp ships).

    ``message`` starts with the field ``path`` it is about, as printed.
    """

    level: Literal["error", "warning", "note"]
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


class RulesHook(Protocol):
    """Makes the game's rules (its ``Game`` class)."""

    def __call__(self) -> Game: ...


class KitHook(Protocol):
    """Builds the print-and-play kit ``pnp build`` asked for."""

    def __call__(self, request: KitRequest, /) -> Kit: ...


class PictureHook(Protocol):
    """Draws a position as ``viewer`` (None: a spectator) may see it; the state is of the game's own class."""

    def __call__(self, state: Any, viewer: str | None, /) -> Drawing: ...


class AidHook(Protocol):
    """The player aid as text, with each stage's rule, for a session set up so (the table page's Rules panel)."""

    def __call__(self, setup: Setup, /) -> Aid: ...


class UsageHook(Protocol):
    """How often each route or city was used in a finished game (zeros included); the state is the game's own."""

    def __call__(self, state: Any, moves: list[Move], /) -> Mapping[str, int]: ...


class TextsHook(Protocol):
    """The catalogue entries whose English lives in the game's data or code (card titles, colour names), by key,
    each with what it is: read from ``data``, the game's data as a variant changed it (None: the built-in data)."""

    def __call__(self, data: Any = None, /) -> dict[str, Entry]: ...


class LoadHook(Protocol):
    """Reads a map file (None: the built-in map)."""

    def __call__(self, path: Path | None, /) -> Loaded[Any]: ...


class CheckHook(Protocol):
    """Checks a loaded map: every error and warning, located."""

    def __call__(self, loaded: Loaded[Any], /) -> list[Finding]: ...


class PreviewHook(Protocol):
    """Draws a loaded map for ``pnp map preview``."""

    def __call__(self, loaded: Loaded[Any], /) -> Drawing: ...


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
    load: LoadHook
    check: CheckHook
    new: Callable[..., str]
    preview: PreviewHook
    knobs: tuple[str, ...] = ()
    build_knobs: tuple[str, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    """One registry entry."""

    name: str
    title: str
    summary: str  # what the game is, in one line (the lobby of `pnp table` shows it)
    traits: Traits
    rules: RulesHook
    kit: KitHook
    picture: PictureHook
    maps: MapSupport | None = None
    aid: AidHook | None = None
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
    usage: UsageHook | None = None  # for map games
    # The catalogue entries the kit reads from the game's data rather than from its catalogue file.
    texts: TextsHook | None = None
    # The kit's art boxes, key -> what the box is: a designer may name a picture for each (none: no art boxes).
    art: Callable[[], Mapping[str, str]] | None = None
    # The component data a variant file may change (none: a variant takes only language, texts, fonts and art).
    variant_data: Callable[[], DataFile] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.rules, Lazy):
            _drop_stand_ins(self.rules.module.rpartition(".")[0])

    def options(self) -> tuple[Option, ...]:
        """The options the game's rules take, read from their class where the hook names one (a registry entry's
        does): making the rules may read the game's catalogue, which holds the options' words."""
        hook = self.rules.target() if isinstance(self.rules, Lazy) else self.rules
        rules: type[Game] | Game = hook if isinstance(hook, type) else hook()
        return rules.options


class Lazy:
    """A name in a module not imported yet: calling it imports the module, then calls the name (or, for a
    value, returns it)."""

    def __init__(self, module: str, name: str, *, call: bool = True) -> None:
        self.module, self.name, self.call = module, name, call

    def target(self) -> Any:
        """The name itself, its module imported."""
        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.target()(*args, **kwargs) if self.call else self.target()

    def __repr__(self) -> str:
        return f"{self.module}:{self.name}"


class _Submodule:
    """Stands for a game's module at run time: its attributes are hooks into it, imported when used."""

    def __init__(self, module: str) -> None:
        self._module = module

    def __getattr__(self, name: str) -> Lazy:
        return Lazy(self._module, name)


def submodules(package: str, *names: str) -> tuple[Any, ...]:
    """Stand-ins for the modules ``names`` of ``package``, for a registry entry to name its hooks in; mypy
    sees the real modules, imported under ``TYPE_CHECKING``."""
    return tuple(_Submodule(f"{package}.{name}") for name in names)


def _drop_stand_ins(package: str) -> None:
    """Take the stand-ins out of ``package`` (when it is being imported, or was), their work done."""
    module = sys.modules.get(package)
    for name, thing in list(vars(module).items() if module else ()):
        if isinstance(thing, _Submodule):
            delattr(module, name)


def value(hook: T) -> Callable[[], T]:
    """A hook returning a module's value (a table of bots, a class) rather than calling it."""
    lazy = cast(Lazy, hook)
    return Lazy(lazy.module, lazy.name, call=False)
