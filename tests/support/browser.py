"""Debian's chromium driven by Playwright, for the table page's browser tests (Playwright cannot download its
own browser here): one browser per test module, skipped, saying why, where it cannot start."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched once for the module that asks for it."""
    api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does it)")
    with api.sync_playwright() as p:
        try:
            launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except api.Error as exc:  # installed but unable to start here: say so plainly
            pytest.skip(f"chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield launched
        launched.close()
