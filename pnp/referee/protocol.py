"""The protocol every game's rules implement, in pure Python.

A :class:`Game` knows the rules and the notation; a :class:`State` is one
position of one session. The referee core only ever talks to these.

Secrets: a state never holds an unrevealed secret. When a player must commit
one (a colour card, a goal) ``legal_moves`` lists :class:`Secret` entries, one
per possible value; the core records only a salted :class:`Commit` and hands
that to ``apply``. Later ``legal_moves`` lists a :class:`Reveal` with an empty
value, and the core fills in the value after checking it against the
commitment.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import ClassVar, Literal, TypeAlias

from pnp.errors import Refusal, quote
from pnp.referee.picking import PickerPath

# A move is an immutable, hashable value: one of a game's own move objects, or a Secret, Commit or Reveal.
# The core never looks inside a game's moves; it compares them, keys them and hands them back to the game.
Move: TypeAlias = Hashable

# Where a session stands, in words every game shares: secrets being entered before play, play,
# the end's reveals, and over.
Stage = Literal["set-up", "play", "reveal", "over"]
STAGE_WORDS: dict[str, str] = {
    "set-up": "during set-up",
    "play": "during play",
    "reveal": "the game has ended and secrets are being revealed",
    "over": "the game is over",
}


@dataclass(frozen=True)
class Secret:
    """A secret as a player enters it (``secret SLOT VALUE``); recorded only as a Commit."""

    slot: str
    value: str


@dataclass(frozen=True)
class Commit:
    """A commitment to a secret (``commit SLOT DIGEST``)."""

    slot: str
    digest: str


@dataclass(frozen=True)
class Reveal:
    """A secret made public (``reveal SLOT VALUE SALT``); empty value when only offered."""

    slot: str
    value: str = ""
    salt: str = ""


@dataclass(frozen=True)
class Option:
    """A ``--option KEY=VALUE`` a game accepts; the value's type follows ``default``."""

    key: str
    default: bool | int | str
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None  # bounds for a whole-number option
    maximum: int | None = None
    choice_help: tuple[str, ...] = ()  # what each of ``choices`` does, in order (the lobby shows the chosen one's)
    choice_names: tuple[str, ...] = ()  # each of ``choices`` named in words, in order (the lobby offers them so)
    name: str = ""  # the option in a few words, required: the lobby's label over its box ("Round limit")

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError(f"option {self.key}: give it a name in a few words (name=...), the lobby's label")
        if len(self.choice_names) != len(self.choices):
            raise ValueError(f"option {self.key}: give each of its choices a name in words (choice_names)")

    def check(self, value: object) -> bool | int | str:
        """``value`` if it suits this option (type, bounds, choices), else a Refusal naming the option."""
        default, key, shown = self.default, self.key, _shown(value)
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise Refusal("option.flag", name=key, value=shown)
            return value
        if isinstance(default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise Refusal("option.number", name=key, value=shown)
            if self.minimum is not None and value < self.minimum:
                raise Refusal("option.low", name=key, value=value, least=self.minimum)
            if self.maximum is not None and value > self.maximum:
                raise Refusal("option.high", name=key, value=value, most=self.maximum)
            return value
        if not isinstance(value, str):
            raise Refusal("option.text", name=key, value=shown)
        if self.choices and value not in self.choices:
            raise Refusal("option.choice", name=key, value=shown, choices=", ".join(self.choices))
        return value


def _shown(value: object) -> str:
    """A value as an error quotes it: text clipped, anything else as Python writes it."""
    return quote(value) if isinstance(value, str) else repr(value)


@dataclass(frozen=True)
class Setup:
    """How a session starts: seats in turn order, options, seed, an optional custom map and variant file, and the
    language it speaks (a translation pnp ships, over the variant's own; None: the variant's, else English)."""

    players: tuple[str, ...]
    options: Mapping[str, bool | int | str] = field(default_factory=dict)
    seed: int = 0
    map_path: Path | None = None
    variant_path: Path | None = None
    language: str | None = None


@dataclass(frozen=True)
class PlayerScore:
    """One player's total and how it was made up."""

    name: str
    score: int
    breakdown: Mapping[str, int]


@dataclass(frozen=True)
class Score:
    """Scores now; ``winners`` lists every player tied for the win once ``final``.

    ``notes`` says anything the table should know about the result, e.g. a tie
    or secrets that contradict each other. ``cut_short``: the game ended at a limit set beside its
    rules (a round limit, an option), not by the rules' own end, and its winners by that limit's ranking.
    """

    final: bool
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    cut_short: bool = False

    def to_json(self) -> dict[str, object]:
        """The score as plain data, as ``pnp ref score --json`` prints it."""
        return {
            "final": self.final,
            "players": [{"name": p.name, "score": p.score, "breakdown": dict(p.breakdown)} for p in self.players],
            "winners": list(self.winners),
            "notes": list(self.notes),
            "cut_short": self.cut_short,
        }


class State(ABC):
    """One position of a session."""

    players: tuple[str, ...]

    @abstractmethod
    def to_move(self) -> str | None:
        """The player whose input is expected, or None once the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every input legal now, chance inputs and secret entries included."""

    def chance(self) -> Mapping[Move, float]:
        """The probability of each chance input among ``legal_moves`` (a die face, a card draw).

        Chance inputs are what the table's dice or deck decide, not a player. The probabilities
        are those of the outcomes once chance is taken (they sum to 1); moves left out are a
        player's choices. Empty when no chance input is listed.
        """
        return {}

    def odds(self, viewer: str | None) -> Mapping[Move, float]:
        """:meth:`chance` as ``viewer`` can work it out from what they see (None: the whole table): every
        outcome they cannot rule out, with its odds.

        What a page or a terminal shows and offers: the true odds of a draw, or which cards the deck still
        holds, can give away a hand dealt from the same deck. The same as ``chance()`` unless a game keeps
        cards in private hands.
        """
        return self.chance()

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Play ``move`` for ``to_move()``; raise IllegalMove naming the rule if it is not legal."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    def stage(self) -> Stage:
        """Where the session stands; games with a set-up or a closing reveal say so."""
        return "over" if self.is_over() else "play"

    @abstractmethod
    def score(self) -> Score:
        """The scores with a per-player breakdown."""

    def private(self, player: str) -> Mapping[str, str]:
        """What only ``player`` may see that the state holds (a hand of cards), by name; empty by default.

        Secrets are not here: the state never holds an unrevealed one (the referee shows a player
        their own from the key file).
        """
        return {}

    def secret_named(self, player: str, slot: str) -> str | None:
        """``player``'s secret ``slot`` as players read it now, where the position names it better than the game's
        ``Game.secret_name``, which names it as it was sealed: Hauling Astronauts' face-down transport by the strip it
        lies at after a swap, or left. None (the default): as the game names it. The log, written once a move, keeps
        the game's name."""
        return None

    def determinise(self, observer: str, rng: Random) -> State:
        """A copy in which what only others see (their ``private`` hands) is dealt afresh by ``rng``.

        For a search bot playing ``observer``: the copy keeps everything ``observer`` may see (its own
        hand, public cards, how many cards each hand and pile holds) and re-deals the rest from what
        ``observer`` cannot tell apart. The default, for a state that hides nothing, is a plain clone.
        """
        return self.clone()

    def describe(self, viewer: str | None) -> tuple[str, ...]:
        """The board in words, as ``viewer`` (None: the shared screen) may see it: a few short sentences for a
        listener (a screen reader) saying what the picture shows, in the session's words.

        Public things for everyone, ``viewer``'s own private ones (a hand) for them alone; no notation, no
        commands. Empty (the default): the game says nothing in words, and the page shows the picture alone.
        """
        return ()

    @abstractmethod
    def render_text(self, viewer: str | None) -> str:
        """A terminal picture of the state as ``viewer`` may see it (None: a spectator)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""


class Game(ABC):
    """A game's rules and notation."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    # True where one player's secrets must all differ (Hauling's three face-down transports): the referee
    # refuses a value its player has already sealed in another slot, and a seat is never offered one.
    distinct_secrets: ClassVar[bool] = False
    # The secrets dealt from one set of cards, each card once (Air King's goal card, Aloft's colour cards): no two
    # players hold a card alike. The referee cannot see it (each is sealed) and takes what the players enter; a
    # playout (a simulation) deals them so. A value names its cards between commas ("B,G").
    dealt_secrets: ClassVar[tuple[str, ...]] = ()
    # The secrets every seat seals anew each round of play, all before any is revealed (a simultaneous round,
    # e.g. a burn or a wind card): the rules list and receive them under this one name, and the core gives each
    # round its own slot (burn1, burn2, ...) and refuses a round's reveal until every seat has sealed it.
    round_secrets: ClassVar[tuple[str, ...]] = ()

    @abstractmethod
    def new_state(self, setup: Setup) -> State:
        """The state at the start of a session."""

    def bind(self, setup: Setup) -> Game:
        """These rules bound to ``setup``: the same methods, with notation and labels that may use its map and options.

        A session holds its bound rules, so that two sessions on two maps in one process each read and
        label moves with their own map's names; nothing of one session is kept on the unbound rules. The
        default, for rules whose notation and labels do not depend on the setup, is the rules themselves.
        """
        return self

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a game move in the documented notation; raise NotationError otherwise."""

    @abstractmethod
    def format_move(self, move: Move) -> str:
        """Write a game move in the documented notation; ``parse_move`` reads it back."""

    def label(self, move: Move) -> str | None:
        """How ``move`` reads on a button: printed names, not ids (e.g. "fly jet 1 Midway to Tokyo").

        None (the default) shows the move's notation. Secret entries may be labelled too
        (a goal card with its aircraft).
        """
        return None

    def secret_name(self, slot: str) -> str:
        """A secret's slot in the words players read after "your" or "their" ("goal card", "transport for the
        first strip"), never its notation. A round secret is asked by its own name ("burn"): the core adds the
        round ("burn for round 2"). The default is the slot as written."""
        return slot

    def picker_path(self, state: State, move: Move) -> PickerPath | None:
        """How ``move``, one of many legal in ``state``, is reached in a picker made for a long choice:
        its steps in words, with a heading or a grid square for the last. None (the default): the
        page lists it as it is."""
        return None

    def read_secret(self, secret: Secret) -> Secret:
        """``secret`` as typed with printed names, in the spelling ``legal_moves`` lists (``blue,green`` -> ``B,G``).

        The default reads nothing: the value is matched as typed.
        """
        return secret

    def public_text(self, move: Move) -> str | None:
        """What the other players may see of ``move`` when it shows something its player keeps hidden.

        For a card drawn into a hidden hand: e.g. "draw a card". None (the default): the move is
        public as written.
        """
        return None

    def rules_inputs(self, setup: Setup) -> dict[Path | str, object]:
        """What the rules of a session read, as loaded values: by file (a data file, the map), or by name for
        content no file holds (a map generated from the seed, as text).

        The record keeps a digest of each (:mod:`pnp.referee.digests`), so that it never replays on other rules.
        A dataclass field marked ``PRINT_ONLY`` (a size, a colour, a label's place) is left out of it: editing
        one leaves a running session replayable.
        """
        return {}

    def former_inputs(self, setup: Setup) -> tuple[dict[Path | str, object], ...]:
        """What the rules of a session read as an earlier pnp handed it to the record's digest, where that differs
        from ``rules_inputs`` today: a record made then still replays. None by default."""
        return ()


def unsealed(moves: list[Move], sealed: Mapping[str, str]) -> list[Move]:
    """``moves`` without the secret entries whose value is among ``sealed`` (the player's own secrets)."""
    values = set(sealed.values())
    return [move for move in moves if not (isinstance(move, Secret) and move.value in values)]
