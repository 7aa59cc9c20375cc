"""How the CLI talks: plain lines on stdout, JSON for programs, one-line errors on stderr."""

from __future__ import annotations

import json
import os
import sys
from typing import Any


def say(text: str) -> None:
    """A line for the user."""
    print(text)


def emit_json(data: Any) -> None:
    """JSON for programs, on stdout."""
    print(json.dumps(data, indent=2))


def fail(message: str) -> None:
    """One error line on stderr."""
    print(f"pnp: error: {message}", file=sys.stderr)


def report(line: str) -> None:
    """A line on stderr that already says where and what (e.g. a map check finding)."""
    print(line, file=sys.stderr)


def internal_error(exc: Exception) -> None:
    """Say that pnp itself failed, in one line (re-raised instead with PNP_DEBUG=1, for the traceback)."""
    if os.environ.get("PNP_DEBUG"):
        raise exc
    fail(f"internal error ({exc.__class__.__name__}: {exc}); please report it, or rerun with PNP_DEBUG=1")
