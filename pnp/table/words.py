"""The table page's own words in its session's language (its own, else its variant's; English without either).

The words are pnp's shipped ``table.*`` catalogue (:func:`pnp.texts.table_words`), English where pnp ships no
translation; the templates write them, and the page's scripts read the same words once from a JSON block.
"""

from __future__ import annotations

from pnp.referee.session import Session
from pnp.texts import Catalogue, table_words

NIGHT_PANEL = "table.night."  # the keys of a night's panel on a game's shared screen


def session_words(current: Session) -> Catalogue:
    """The words of ``current``'s pages: in the language its own words are in (its own, else its variant's), as pnp
    ships it (``fr-CA``: ``fr``); the catalogue's ``language`` is the code they are in, for ``<html lang>``."""
    return table_words(current.words.language)


def in_night(t: Catalogue, night: Catalogue) -> Catalogue:
    """A game's page words ``t`` with the night's panel's (keys ``table.night.*``) in the night's words ``night``."""
    panel = {key: text for key, text in night.items() if key.startswith(NIGHT_PANEL)}
    return Catalogue(t.language, {**t, **panel})


def page_values(t: Catalogue) -> dict[str, object]:
    """What a page's template is given of its words ``t``: ``t`` itself, ``lang`` and ``words`` (the JSON block)."""
    return {"t": t, "lang": t.language, "words": dict(t)}
