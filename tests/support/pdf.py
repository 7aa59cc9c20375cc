"""Printed PDFs read back: each opened once for the session, and the size of a character as printed."""

from __future__ import annotations

import io
import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf

_PLUMBED: dict[Path, pdfplumber.PDF] = {}


def plumbed(path: Path) -> pdfplumber.PDF:
    """A printed PDF opened with pdfplumber once for the session (its pages keep what they have parsed).

    Read from its bytes: a file kept open for the session would hold a descriptor (the tests that limit
    their descriptors start servers meanwhile)."""
    if path not in _PLUMBED:
        _PLUMBED[path] = pdfplumber.open(io.BytesIO(path.read_bytes()))
    return _PLUMBED[path]


@cache
def read(path: Path) -> pypdf.PdfReader:
    """A printed PDF opened with pypdf once for the session."""
    return pypdf.PdfReader(path)


def close_all() -> None:
    """Close every PDF opened here (at the end of the session)."""
    for pdf in _PLUMBED.values():
        pdf.close()
    _PLUMBED.clear()
    read.cache_clear()


def point_size(char: Mapping[str, Any]) -> float:
    """A pdfplumber character's size in points, turned or not: its box measured across the line of text."""
    a, b = char["matrix"][:2]
    scale = math.hypot(a, b)
    cos, sin = abs(a) / scale, abs(b) / scale
    advance = char["adv"] * scale
    if cos >= sin:
        return float((char["height"] - advance * sin) / cos)
    return float((char["width"] - advance * cos) / sin)
