"""What every game repeats, written once: cloning, seat turns, ranking with ties, typed options, map caching.

A game's state derives from :class:`BaseState` and its rules from :class:`BaseGame`;
both stay pure Python (no printing, no CLI).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from pnp.errors import IllegalMove
from pnp.files import read_bytes
from pnp.loader import MAX_YAML_BYTES
from pnp.memo import Memo
from pnp.referee.protocol import STAGE_WORDS, Game, PlayerScore, Score, Setup, Stage, State
from pnp.referee.wording import in_stage
from pnp.texts import toolkit

if TYPE_CHECKING:
    from pnp.texts import Catalogue

T = TypeVar("T")


def _copied_two_deep(value: list[Any] | dict[Any, Any]) -> list[Any] | dict[Any, Any]:
    """A copy of the list or dict ``value`` with each of its items (lists, dicts or sets) copied too."""
    if isinstance(value, dict):
        return {key: item.copy() for key, item in value.items()}
    return [item.copy() for item in value]


@cache
def _copy_plan(mutable: tuple[str, ...], nested: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The attributes of ``mutable`` copied one level deep, and those of ``nested``, copied two levels deep."""
    return tuple(name for name in mutable if name not in nested), tuple(name for name in mutable if name in nested)


class BaseState(State):
    """A state whose players take seats in turn order; ``seat`` is the index of the one to move.

    ``MUTABLE`` names the attributes that moves change in place (lists, dicts, sets), and ``NESTED`` those of
    them whose items are containers too (a list of lists, a dict of dicts; no deeper): :meth:`clone` copies
    those and shares everything else (tables, rules, the players).
    """

    MUTABLE: ClassVar[tuple[str, ...]] = ()
    NESTED: ClassVar[tuple[str, ...]] = ()
    players: tuple[str, ...]
    seat: int = 0

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        stray = [name for name in cls.NESTED if name not in cls.MUTABLE]
        if stray:
            raise TypeError(f"{cls.__name__}.NESTED names attributes not in MUTABLE: {stray}")

    def clone(self) -> Self:
        """A copy whose ``MUTABLE`` attributes are copied and the rest shared: one level deep, and two for those
        ``NESTED``.

        Bots clone a state for every option they weigh, so this is kept to the fewest steps: the copy's
        attributes are built in one dict, then handed to it, and which attribute takes which copy is worked
        out once per declaration (:func:`_copy_plan`).
        """
        other = object.__new__(type(self))
        fields = self.__dict__.copy()
        flat, nested = _copy_plan(self.MUTABLE, self.NESTED)
        for name in flat:
            fields[name] = fields[name].copy()
        for name in nested:
            fields[name] = _copied_two_deep(fields[name])
        other.__dict__ = fields
        return other

    def to_move(self) -> str | None:
        return None if self.is_over() else self.players[self.seat]

    def next_seat(self, waiting: Callable[[int], bool] = lambda seat: True) -> bool:
        """Pass to the next later seat that ``waiting`` accepts, in this round of the table.

        Returns False, with ``seat`` back at 0, once no later seat is waiting: the round is over.
        Used for rounds such as every player committing a secret, or revealing one, in seat order.
        """
        later = [seat for seat in range(self.seat + 1, len(self.players)) if waiting(seat)]
        self.seat = later[0] if later else 0
        return bool(later)

    def pass_turn(self) -> None:
        """Give the turn to the next seat round the table."""
        self.seat = (self.seat + 1) % len(self.players)


@dataclass(frozen=True)
class NextStep:
    """What the table waits for, in words addressed to the player to move, as a game's ``next_step`` says it.

    ``guided``: ``text`` gives the command or an example move, so a refusal quoting it needs no
    pointer to 'pnp ref moves' (see :class:`IllegalMove`).
    """

    text: str
    guided: bool = True


def wrong_stage(stage: Stage, next_step: NextStep | str, words: Catalogue | None = None) -> IllegalMove:
    """The refusal of a move that belongs to another stage: it names the stage and what to do next.

    A plain string is a guided step (it gives the command or an example move).
    E.g. ``wrong_stage("reveal", "ann, reveal your colour cards with 'pnp ref reveal'")`` reads
    "the game has ended and secrets are being revealed: ann, reveal ... (rule: reveal)". ``words``: the session's
    catalogue, for rules bound to its language (default: English).
    """
    step = NextStep(next_step) if isinstance(next_step, str) else next_step
    reason = f"{STAGE_WORDS[stage]}: {step.text}" if words is None else in_stage(words, stage, step.text)
    return IllegalMove(reason, stage, step.guided)


def ranked(
    rows: Sequence[PlayerScore],
    final: bool,
    notes: Iterable[str] = (),
    key: Callable[[PlayerScore], float] = lambda row: row.score,
    cut_short: bool = False,
    words: Catalogue | None = None,
) -> Score:
    """The score of ``rows``: once ``final``, every player with the best ``key`` wins, and a tie is noted in
    ``words`` (default: the toolkit's English) (``cut_short``: as :class:`Score` has it)."""
    winners: tuple[str, ...] = ()
    if final and rows:
        best = max(key(row) for row in rows)
        winners = tuple(row.name for row in rows if key(row) == best)
    tie = [(words or toolkit())("referee.tie", players=", ".join(winners))] if len(winners) > 1 else []
    return Score(final, tuple(rows), winners, (*notes, *tie), cut_short)


class BaseGame(Game):
    """Rules with their options read typed: the core has checked them against ``options`` already."""

    def option(self, setup: Setup, key: str) -> bool | int | str:
        """The value of option ``key`` for ``setup``, its default when not given."""
        declared = next((option for option in self.options if option.key == key), None)
        if declared is None:
            raise KeyError(key)  # a programming error in the game: it reads an option it does not declare
        return declared.check(setup.options.get(key, declared.default))

    def flag(self, setup: Setup, key: str) -> bool:
        """A true-or-false option."""
        return bool(self.option(setup, key))

    def number(self, setup: Setup, key: str) -> int:
        """A whole-number option."""
        return int(self.option(setup, key))

    def choice(self, setup: Setup, key: str) -> str:
        """An option chosen from named values."""
        return str(self.option(setup, key))


class MapCache(Generic[T]):
    """Maps built once per distinct content, so a session or a simulation parses each map once.

    Entries are keyed by the file's bytes (not its path or time), so an edited map is read
    afresh and two copies of one map share an entry. A file that cannot be read is built
    directly, so ``build`` reports the problem.
    """

    def __init__(self, build: Callable[..., T], default: Path | None = None, kept: int = 8) -> None:
        self._build = build
        self._default = default
        self._entries: Memo[Hashable, T] = Memo(kept)  # the table server's threads ask at once

    def get(self, path: Path | None, *extra: Hashable) -> T:
        """``build(path, *extra)``, keyed by the content of ``path`` (None: the default map) and ``extra``.

        With no file at all (no ``path``, no default), ``extra`` alone is the key: e.g. the seed
        of a map generated from it.
        """
        source = path or self._default
        try:
            content = hashlib.sha256(read_bytes(source, MAX_YAML_BYTES)).hexdigest() if source else None
        except OSError:
            return self._build(path, *extra)
        return self._entries.get((content, *extra), lambda: self._build(path, *extra))
