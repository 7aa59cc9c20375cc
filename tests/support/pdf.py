"""Printed PDFs read back: each opened once for the session."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pypdf


@cache
def read(path: Path) -> pypdf.PdfReader:
    """A printed PDF opened with pypdf once for the session."""
    return pypdf.PdfReader(path)


def close_all() -> None:
    """Forget every PDF opened here (at the end of the session)."""
    read.cache_clear()
