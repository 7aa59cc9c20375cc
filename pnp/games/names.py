"""Names as players type them: printed names and ids matched loosely, with suggestions when nothing matches.

A player types what the card or the board shows: ``Port Louis``, ``St. George's``,
``N'Djamena``, ``clear sky``. :func:`fold` reduces a name to its letters and digits, without
case or accents, so ``port louis``, ``st georges`` and ``ndjamena`` all match; ids still work.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping

from pnp.errors import NotationError, PnpError, quote


def fold(text: str) -> str:
    """``text`` without case, accents, spaces or punctuation: ``St. George's`` -> ``stgeorges``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


class NameClash(PnpError):
    """Two things of one kind that a player would type alike: ``second`` (a key) goes by ``typed``, which reads as
    ``first``'s name ``theirs``. ``path``: where the data gives ``second``, once the game that built the names says
    (see :meth:`at`); a clash nothing locates is still one line, never a crash."""

    def __init__(self, kind: str, first: str, theirs: str, second: str, typed: str) -> None:
        self.kind, self.first, self.second, self.folded = kind, first, second, fold(typed)
        self.path = ""
        super().__init__(
            f"{kind} {_as(first, theirs)} and {kind} {_as(second, typed)} read alike, case, spaces and punctuation "
            f"aside: a move could not tell them apart; give each {kind} a name of its own"
        )

    def at(self, path: str) -> NameClash:
        """This clash, located at the field ``path`` of the data."""
        self.path = path
        return self


def _as(key: str, spelling: str) -> str:
    """A thing by its key, and by the name it goes by when that is another: ``'BR' as 'rot/blau'``."""
    return quote(key) if spelling == key else f"{quote(key)} as {quote(spelling)}"


class Names:
    """The things of one kind (cities, card types, goals) by every name a player may type for them.

    ``names`` maps each thing's canonical key (the id the notation writes) to the names it may
    also go by: the printed name and any aliases. A fold that two things share is an error in
    the data: a :class:`NameClash` when the table is built.
    """

    def __init__(self, kind: str, names: Mapping[str, Iterable[str]]) -> None:
        self.kind = kind
        self.shown: dict[str, str] = {}  # canonical key -> the first printed name, for suggestions
        self._by_fold: dict[str, str] = {}
        spelt: dict[str, str] = {}  # each fold as its thing first spelt it, for a clash's message
        for key, aliases in names.items():
            spellings = [key, *aliases]
            self.shown[key] = spellings[1] if len(spellings) > 1 else key
            for spelling in spellings:
                folded = fold(spelling)
                other = self._by_fold.setdefault(folded, key)
                if other != key:
                    raise NameClash(kind, other, spelt[folded], key, spelling)
                spelt.setdefault(folded, spelling)

    def find(self, typed: str) -> str | None:
        """The canonical key that ``typed`` names, or None."""
        return self._by_fold.get(fold(typed))

    def key(self, typed: str, text: str = "") -> str:
        """The canonical key that ``typed`` names; otherwise a NotationError suggesting the nearest names.

        ``text`` is the whole move, quoted in the message.
        """
        found = self.find(typed)
        if found is not None:
            return found
        close = difflib.get_close_matches(fold(typed), list(self._by_fold), n=3, cutoff=0.6)
        suggestions = list(dict.fromkeys(self.shown[self._by_fold[c]] for c in close))
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        where = f"cannot read {quote(text)}: " if text else ""
        raise NotationError(f"{where}there is no {self.kind} {quote(typed)}{hint}")
