"""How a session's moves and secrets read to a viewer: in full for their own player, as the game shows
them to the others, and never a commitment's value."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pnp.referee import notation, rounds
from pnp.referee.protocol import Commit, Game, Move, Reveal, Secret

if TYPE_CHECKING:
    from pnp.texts import Catalogue


def log_text(game: Game, words: Catalogue, player: str, move: Move, viewer: str | None) -> str:
    """How ``player``'s ``move`` reads in ``viewer``'s log, in the session's ``words``: in full for its own player,
    else as the game shows it."""
    if isinstance(move, Commit):
        return words("referee.log.sealed", secret=rounds.named(game, words, move.slot))
    if isinstance(move, Reveal):
        label = game.label(Secret(rounds.secret_of(game, move.slot), move.value))
        return words("referee.log.revealed", secret=rounds.named(game, words, move.slot), value=label or move.value)
    if player != viewer:
        public = game.public_text(move)
        if public is not None:
            return public
    return notation.format(game, move)


def labelled_secret(game: Game, slot: str, value: str) -> str:
    """A secret's value as entered, with the game's label of it: "7 (aircraft 1, 4, 6, 9)".

    A label that opens with one word and the value, naming the secret in any language ("goal 7: ...",
    "objectif 7 : ..."), is shown from what follows.
    """
    label = game.label(Secret(rounds.secret_of(game, slot), value)) or ""
    named = re.match(rf"\S+ {re.escape(value)}(?!\w)", label)
    if named:
        label = label[named.end() :].lstrip(":,; ")
    return f"{value} ({label})" if label and label != value else value
