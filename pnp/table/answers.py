"""How the table's answers are sent: JSON made once per version and viewer, gzipped, revalidated by ETag.

Also the one-line error answers, ``{"error": ..., "kind": ...}``, with no path of the server's in them (a
small page instead for a browser that opened a wrong address itself).
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from pnp.texts import Catalogue, table_words

# the table's page templates, for every app of the package (autoescaped: values are text)
PAGES = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"), autoescape=True)
GZIP_FROM = 1024  # bytes: smaller bodies are sent as they are
GZIP_LEVEL = 1  # the fastest: a state with Take Off's world map shrinks 4.6x in a few ms
# The security headers are the guard's (pnp.table.guard), on every answer; the app says only how long to keep one.
NOT_KEPT = {"Cache-Control": "no-store"}
# A state may be kept by the one browser that asked, which must ask again each time (and gets a 304 if unchanged).
REVALIDATED = {"Cache-Control": "private, no-cache", "Vary": "Accept-Encoding"}
# Where a request's scope state holds the table words its refusal page is written in (a night's); without, English.
WORDS = "table_words"
# A path as a program prints it: /a/b/c or C:\a\b (at least one folder), not preceded by a word character.
_ABSOLUTE_PATH = re.compile(r"(?<![\w.])(?:/|[A-Za-z]:\\)(?:[^\s/\\:'\"]+[/\\])+")


@dataclass(frozen=True)
class Encoded:
    """A JSON answer encoded once: its bytes, gzipped when worth it, and its strong validator."""

    body: bytes
    gzipped: bytes | None
    etag: str


def encode(data: Any, tag: str) -> Encoded:
    """``data`` as JSON bytes (and gzipped past ``GZIP_FROM``), validated by the ETag ``"tag"``."""
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    gzipped = gzip.compress(body, GZIP_LEVEL, mtime=0) if len(body) >= GZIP_FROM else None
    return Encoded(body, gzipped, f'"{tag}"')


def send(request: Request, encoded: Encoded) -> Response:
    """``encoded`` for ``request``: 304 when the browser holds it already, gzipped when the browser takes that."""
    headers = {**REVALIDATED, "ETag": encoded.etag}
    if encoded.etag in _tags(request.headers.get("if-none-match", "")):
        return Response(status_code=304, headers=headers)
    if encoded.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
        return Response(encoded.gzipped, media_type="application/json", headers={**headers, "Content-Encoding": "gzip"})
    return Response(encoded.body, media_type="application/json", headers=headers)


def _tags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}


def answer(data: Any, status: int = 200) -> JSONResponse:
    """A small JSON answer, never kept by the browser."""
    return JSONResponse(data, status, headers=NOT_KEPT)


def error(status: int, kind: str, message: str, **more: str) -> JSONResponse:
    """A refusal or failure as one line of JSON, with no absolute path of the server's in it."""
    return answer({"error": for_pages(message), "kind": kind, **more}, status)


def refused(request: Request, status: int, kind: str, message: str, **more: str) -> Response:
    """``error``; or, to a browser opening the address itself (a link scanned or typed, not a page's own
    request), the same as a small page a phone can read."""
    if "text/html" not in request.headers.get("accept", ""):
        return error(status, kind, message, **more)
    t: Catalogue = getattr(request.state, WORDS, None) or table_words(None)
    if status == 404:
        title, line = t("table.refused.nowhere"), t("table.refused.nowhere.line")
    else:
        title, line = t("table.refused.closed"), for_pages(message)
    page = PAGES.get_template("refused.html").render(title=title, line=line, lang=t.language)
    return HTMLResponse(page, status, headers=NOT_KEPT)


def for_pages(message: str) -> str:
    """``message`` on one line, each absolute path in it cut to the file's name (``/home/ann/g.pnp`` -> ``g.pnp``)."""
    return _ABSOLUTE_PATH.sub("", " ".join(message.split()))
