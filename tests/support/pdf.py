"""Printed PDFs read back: each opened once for the session, and the size of a character as printed."""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pypdf


@cache
def read(path: Path) -> pypdf.PdfReader:
    """A printed PDF opened with pypdf once for the session."""
    return pypdf.PdfReader(path)


def close_all() -> None:
    """Forget every PDF opened here (at the end of the session)."""
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
