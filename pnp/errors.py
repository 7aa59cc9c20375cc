"""The project's one error type, and its kinds.

Every problem a user can cause is raised as a :class:`PnpError` whose text is
one line saying where, what and why. The CLI catches it in one place.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

QUOTE_LIMIT = 80  # characters of the user's input a message repeats


def quote(text: str) -> str:
    """``text`` quoted as ``repr`` does, cut to its first ``QUOTE_LIMIT`` characters and an ellipsis if longer."""
    return repr(text) if len(text) <= QUOTE_LIMIT else repr(text[:QUOTE_LIMIT] + "…")


def clip_quotes(exc: PnpError, text: str) -> PnpError:
    """``exc`` with each quotation (``repr``) of ``text``, or of one of its words, clipped by :func:`quote`.

    For messages built elsewhere (a game's rules) that quote the input whole.
    """
    message = str(exc)
    for part in sorted({text, *text.split()}, key=len, reverse=True):
        if len(part) > QUOTE_LIMIT:
            message = message.replace(repr(part), quote(part))
    exc.args = (message,)
    return exc


def describe(exc: BaseException) -> str:
    """A reading or writing failure in plain words, for one-line messages."""
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, UnicodeDecodeError):
        return "not a UTF-8 text file"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[:1].lower() + exc.strerror[1:]
    return exc.__class__.__name__


class PnpError(Exception):
    """A problem caused by input: shown to the user as one line, exit code 1. ``file``: the file the problem is in,
    where the code that read it says so (a session's map or variant: see :func:`about`)."""

    file: Path | None = None


@contextmanager
def about(path: Path | None) -> Iterator[None]:
    """Mark a PnpError out of the block as one about the file at ``path`` (one marked already keeps its file); its
    text is unchanged."""
    try:
        yield
    except PnpError as exc:
        if exc.file is None:
            exc.file = path
        raise


class DataError(PnpError):
    """A YAML file that is malformed or does not describe a valid object."""

    def __init__(self, where: str, path: str, message: str) -> None:
        self.where = where
        self.path = path
        self.message = message
        field = f" {path}:" if path else ""
        super().__init__(f"{where}:{field} {message}")


class NotationError(PnpError):
    """Move text that cannot be parsed in the game's notation."""


class IllegalMove(PnpError):
    """A well-formed move that the rules forbid now.

    ``guided`` says that ``reason`` already tells the player what to do instead (an example move, or
    the command to use), so a front end adds no generic pointer to the legal moves. ``said``: the whole line a
    player reads, rule included, where it is worded in another language (default: the reason, then the rule).
    """

    def __init__(self, reason: str, rule: str = "", guided: bool = False, said: str | None = None) -> None:
        self.reason = reason
        self.rule = rule
        self.guided = guided
        super().__init__(said if said is not None else f"{reason} (rule: {rule})" if rule else reason)

    def prefixed(self, words: str) -> IllegalMove:
        """The same refusal, its reason led by ``words`` ("during play"), its rule and guidance kept."""
        return IllegalMove(f"{words}: {self.reason}", self.rule, self.guided)

    def reworded(self, reason: str, said: str) -> IllegalMove:
        """The same refusal, its rule and guidance kept, with ``reason`` and the whole line ``said`` in other words."""
        return IllegalMove(reason, self.rule, self.guided, said)


class RecordError(PnpError):
    """A record file that is missing, damaged or tampered with."""


class RecordExists(PnpError):
    """A new record's path that is taken: a record (or another file) is there already."""


class Refusal(PnpError):
    """A setup a person chose that pnp refuses, for each front end to word: ``key`` names the words, the table
    catalogue's ``lobby.refused.KEY`` (a game night's lobby says them in the night's language), and ``values`` fill
    them; its text is their English, as the command line prints it."""

    def __init__(self, key: str, **values: object) -> None:
        from pnp.texts import table_words  # the catalogues read their files with this module's errors

        super().__init__(table_words(None)(f"lobby.refused.{key}", **values))
        self.key = key
        self.values = values
