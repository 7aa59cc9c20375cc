"""Variant files: a designer's changes to a game's component data (deck mix, colours, card size and any other
value of its ``data/`` file, or a deck from a CSV file), with the language, texts, fonts and art the kit uses.

``variant`` reads and checks a file, ``csvdeck`` a CSV deck, ``sizes`` card sizes, ``support`` what a game
declares, ``game`` what commands need (the game a file names, the kit request); ``template``, ``findings``
and ``preview`` serve ``pnp variant new``, ``check`` and ``preview``.
"""
