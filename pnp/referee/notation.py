"""The referee's own words in move text (secret, commit, reveal); everything else is the game's."""

from __future__ import annotations

import re

from pnp.errors import NotationError, quote
from pnp.referee.protocol import Commit, Game, Move, Reveal, Secret

MAX_LENGTH = 200  # characters in one move's text; the longest real move is about 80
_WORD = re.compile(r"^[A-Za-z0-9_,.:+-]+$")
_NUMBER = re.compile(r"[0-9]{1,6}")
_DIGEST = re.compile(r"^[0-9a-f]{64}$")
_SALT = re.compile(r"^[0-9a-f]{32}$")


def number(word: str, what: str, text: str, low: int = 1, high: int | None = None) -> int:
    """``word`` read as a whole number from ``low`` to ``high`` (``what`` names it in the error about ``text``)."""
    if not _NUMBER.fullmatch(word) or not low <= int(word) <= (int(word) if high is None else high):
        raise NotationError(f"cannot read {quote(text)}: {quote(word)} is not {what}")
    return int(word)


def parse(game: Game, text: str) -> Move:
    """Read ``text`` as a secret move or as one of ``game``'s moves (the referee's own words in any case)."""
    words = text.split()
    if not words:
        raise NotationError("the move is empty")
    if len(text) > MAX_LENGTH:  # quotes only the first word: the rest may be a secret
        raise NotationError(f"the move starting {quote(words[0])} is {len(text):,} characters (at most {MAX_LENGTH})")
    head = words[0].lower()
    if head == "secret":
        if len(words) != 3 or not _WORD.match(words[2]):  # the message never repeats what was typed
            raise NotationError("cannot read the secret: expected 'secret SLOT VALUE', the value without spaces")
        return Secret(words[1], words[2])
    if head == "commit":
        if len(words) != 3 or not _DIGEST.match(words[2]):
            raise NotationError(f"cannot read {quote(text)}: expected 'commit SLOT DIGEST' (64 hex digits)")
        return Commit(words[1], words[2])
    if head == "reveal":
        if len(words) == 2:
            return Reveal(words[1])
        if len(words) != 4 or not _SALT.match(words[3]):
            raise NotationError("cannot read the reveal: expected 'reveal SLOT' or 'reveal SLOT VALUE SALT'")
        return Reveal(words[1], words[2], words[3])
    return game.parse_move(" ".join(words))


def format(game: Game, move: Move) -> str:
    """Write ``move`` in the notation ``parse`` reads."""
    if isinstance(move, Secret):
        return f"secret {move.slot} {move.value}"
    if isinstance(move, Commit):
        return f"commit {move.slot} {move.digest}"
    if isinstance(move, Reveal):
        return f"reveal {move.slot} {move.value} {move.salt}" if move.value else f"reveal {move.slot}"
    return game.format_move(move)
