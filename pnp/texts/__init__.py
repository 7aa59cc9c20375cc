"""Every string a kit prints, looked up by key in its game's catalogue.

A game's catalogue joins three sources of English: the toolkit's entries (keys ``print.*``: the calibration
sheet, footers, page labels), the game's own entries, both in ``catalogues/en/``, and the card titles and texts
whose English stays in the game's ``data/GAME.yaml`` (its registry entry declares them: ``GameSpec.texts``).
A translation shipped with pnp is ``catalogues/CODE/toolkit.yaml`` plus ``catalogues/CODE/GAME.yaml``, each a
flat ``key: text`` mapping; a variant's ``texts:`` overrides entries last. The table page's own words are
``catalogues/CODE/table.yaml``, in no game's catalogue (:func:`table_words`). See docs/printing.md, "Languages".
"""

from pnp.texts.catalogue import Catalogue, Entry, check
from pnp.texts.shipped import (
    catalogue,
    check_language,
    check_shipped,
    english,
    in_english,
    languages,
    normalised,
    shipped,
    table_words,
    toolkit,
)

__all__ = [
    "Catalogue",
    "Entry",
    "catalogue",
    "check",
    "check_language",
    "check_shipped",
    "english",
    "in_english",
    "languages",
    "normalised",
    "shipped",
    "table_words",
    "toolkit",
]
