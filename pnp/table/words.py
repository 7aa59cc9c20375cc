"""The table page's own words in its session's language (its own, else its variant's; English without either).

The words are pnp's shipped ``table.*`` catalogue (:func:`pnp.texts.table_words`), English where pnp ships no
translation; the templates write them, and the page's scripts read the same words once from a JSON block. The
server's refusals speak the night's language, else the record's (:func:`said`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import Scope

from pnp.referee.session import Session
from pnp.table.answers import WORDS
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


def speaking(scope: Scope, words: Catalogue) -> Scope:
    """``scope`` whose refusals are said in ``words`` (see :func:`said`)."""
    return {**scope, "state": {**scope.get("state", {}), WORDS: words}}


def said(request: Request) -> Catalogue:
    """The words ``request``'s refusals are said in: its night's, else its record's (put in its scope by
    :func:`speaking`); English without either."""
    words: Catalogue | None = getattr(request.state, WORDS, None)
    return words or table_words(None)
