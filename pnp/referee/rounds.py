"""Simultaneous rounds: a secret every seat seals anew each round of play, all seals before any reveal.

A game names such secrets in ``Game.round_secrets`` and its rules only ever use that name: the state lists
``Secret("burn", "2")`` and ``Reveal("burn")`` and is handed ``Commit("burn", ...)`` and ``Reveal("burn", ...)``
back. The core gives each round its own slot in the record and the key files (``burn1``, ``burn2``, ...), so
that every round's commitment is kept and checked on its own, and refuses the reveal of a round until every
seat has sealed it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from pnp.errors import IllegalMove
from pnp.referee.protocol import Commit, Game, Move, Reveal, State

if TYPE_CHECKING:
    from pnp.texts import Catalogue

Sealed = Collection[tuple[str, str]]  # (player, slot) of every commitment in force, or of every reveal


def round_slot(secret: str, number: int) -> str:
    """The slot of round ``number``'s ``secret`` as the record and the key files name it."""
    return f"{secret}{number}"


def split(game: Game, slot: str) -> tuple[str, int | None]:
    """The secret a slot holds and its round (``burn2`` -> ``("burn", 2)``); a slot of no round: ``(slot, None)``."""
    for secret in game.round_secrets:
        number = slot.removeprefix(secret)
        if slot.startswith(secret) and number.isdecimal() and number.isascii() and not number.startswith("0"):
            return secret, int(number)
    return slot, None


def secret_of(game: Game, slot: str) -> str:
    """The name the rules know ``slot`` by: its round secret's, or the slot itself."""
    return split(game, slot)[0]


def named(game: Game, words: Catalogue, slot: str, state: State | None = None, player: str | None = None) -> str:
    """``slot`` as players read it, in the game's words and the session's ``words``: "burn for round 2", "goal card";
    ``player``'s in ``state`` as the position names it, where it does (``State.secret_named``: "transport at strip
    b")."""
    secret, number = split(game, slot)
    now = None if state is None or player is None or number is not None else state.secret_named(player, secret)
    name = now or game.secret_name(secret)
    return name if number is None else words("referee.round", secret=name, number=number)


def rounds_of(game: Game, player: str, secret: str, among: Sealed) -> int:
    """How many rounds of ``secret`` ``player`` has among ``among`` (their seals, or their reveals)."""
    held = [split(game, slot) for owner, slot in among if owner == player]
    return sum(1 for name, number in held if name == secret and number is not None)


def next_slot(game: Game, player: str, slot: str, done: Sealed) -> str:
    """The slot ``player`` seals or reveals for ``slot`` now: for a round secret, the round after those in ``done``
    (their seals, to seal the next; their reveals, to reveal the earliest still sealed); any other slot as it is."""
    if slot not in game.round_secrets:
        return slot
    return round_slot(slot, rounds_of(game, player, slot, done) + 1)


def for_rules(game: Game, move: Move) -> Move:
    """``move`` as the rules know it: a round's slot back to its secret's name."""
    if isinstance(move, Commit) and split(game, move.slot)[1] is not None:
        return Commit(secret_of(game, move.slot), move.digest)
    if isinstance(move, Reveal) and split(game, move.slot)[1] is not None:
        return Reveal(secret_of(game, move.slot), move.value, move.salt)
    return move


def check(game: Game, words: Catalogue, players: Sequence[str], player: str, move: Move, sealed: Sealed) -> None:
    """Refuse a round's seal out of its turn (not the player's next round), or its reveal before every seat has
    sealed that round, in the session's ``words``; ``move`` names its slot as the record does."""
    if not isinstance(move, (Commit, Reveal)):
        return
    secret, number = split(game, move.slot)
    if number is None:
        return
    if isinstance(move, Commit):
        due = rounds_of(game, player, secret, sealed) + 1
        if number != due:
            early = named(game, words, round_slot(secret, due))
            raise IllegalMove(words("referee.round.early", player=player, secret=early, number=number), "secrets")
        return
    waiting = [seat for seat in players if (seat, move.slot) not in sealed]
    if waiting:
        everyone, secret_named = words("referee.everyone"), named(game, words, move.slot)
        reason = words("referee.round.waiting", everyone=everyone, players=", ".join(waiting), secret=secret_named)
        raise IllegalMove(reason, "secrets")
