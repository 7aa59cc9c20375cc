"""The words of a session as its kit prints them, for what a game builds from a ``Setup`` alone (the player aid of
the table page's Rules panel): one way for every game, so that none reads English where its session speaks
another language."""

from __future__ import annotations

from typing import Any

from pnp.referee.protocol import Setup
from pnp.texts import Catalogue
from pnp.variants.variant import session_catalogue


def setup_words(game: str, setup: Setup, data: Any = None) -> Catalogue:
    """``game``'s catalogue for a session set up so: in the session's language (else its variant's, else English),
    with the variant's texts over it and the words of ``data``, the game's data as the variant changed it, read by
    its registry entry's ``texts`` hook (None, or a game without the hook: the built-in data's words)."""
    from pnp import games  # the registry imports every game, whose aids import this

    hook = games.get(game).texts
    entries = None if data is None or hook is None else hook(data)
    return session_catalogue(game, setup.variant_path, entries, setup.language)
