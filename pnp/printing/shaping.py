"""Letters joined and placed as their script needs (Arabic, Indic scripts, combining marks), for the PDF.

A PDF shows glyphs, not text: joining Arabic letters, building Indic clusters and placing marks is the
writer's work. reportlab does it through HarfBuzz (uharfbuzz): ``shapeStr`` gives the glyphs in drawing order
as a ``ShapedStr`` that carries each glyph's advance and offsets, and reportlab's text object writes it with
that positioning. Only text of such scripts is shaped: Latin, Greek, Cyrillic and CJK print the same without,
and quicker. SVG needs none of this: a browser shapes the text itself.
"""

from __future__ import annotations

import unicodedata
from itertools import groupby

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import ShapedStr, shapeStr

from pnp.printing.fonts import RIGHT_TO_LEFT

_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner


def _needs_shaping(text: str) -> bool:
    """True when ``text`` holds an Arabic-type letter, a combining mark or a joiner control."""
    return any(c in _JOINERS or unicodedata.bidirectional(c) == "AL" or unicodedata.category(c)[0] == "M" for c in text)


def _right_to_left(text: str) -> list[bool]:
    """For each character of visual-order ``text``: whether it is part of a right-to-left word. A mark goes with
    the right-to-left letter to its right (turned text puts a letter's marks before it)."""
    flags = [unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text]
    for i in reversed(range(len(text) - 1)):
        if flags[i + 1] and unicodedata.category(text[i])[0] == "M":
            flags[i] = True
    return flags


def shaped(face: str, text: str) -> list[str]:
    """Visual-order ``text`` in the registered TrueType ``face``, as pieces drawn left to right: each word that
    needs shaping a ``ShapedStr`` (shaped in its logical order), the rest as it is."""
    if not _needs_shaping(text):
        return [text]
    pieces: list[str] = []
    for turned, group in groupby(zip(text, _right_to_left(text)), key=lambda pair: pair[1]):
        chars = "".join(char for char, _ in group)
        if _needs_shaping(chars):  # HarfBuzz returns right-to-left glyphs in drawing order
            pieces.append(shapeStr(chars[::-1] if turned else chars, face, 10))
        else:
            pieces.append(chars)
    return pieces


def is_shaped(piece: str) -> bool:
    """True for a piece that only reportlab's text object writes right (its glyphs are positioned)."""
    return isinstance(piece, ShapedStr)


def width(piece: str, face: str, size: float) -> float:
    """The advance of ``piece`` in ``face`` at ``size``, in the units of ``size``."""
    if isinstance(piece, ShapedStr):
        glyphs = piece.__shapeData__  # type: ignore[attr-defined]  # set by ShapedStr, not in its stubs
        return float(sum(glyph.x_advance for glyph in glyphs)) * size / 1000
    return float(stringWidth(piece, face, size))
