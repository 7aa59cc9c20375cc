"""Seat links: one unguessable token per seat, kept beside the record (``RECORD.links``, owner-only); and a game
night's shared-screen key, kept in its folder (``.pnp-host.key``, owner-only).

A restart keeps the links, so the phones at the table stay joined; ``--new-links`` replaces them
and the old ones stop working. It keeps the night's key too, so the shared screen's address still acts.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
from pathlib import Path

from pnp.errors import RecordError, describe
from pnp.files import read_text, write_atomic

TOKEN_BYTES = 24  # 192 bits; token_urlsafe writes them as 32 characters
MAX_BYTES = 2**16
HOST_KEY = ".pnp-host.key"  # in a night's folder: hidden, so never offered as a map or a variant
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{22,64}$")  # at least 128 bits of URL-safe base64


def links_path(record: Path) -> Path:
    """Where the seat links of ``record`` are kept."""
    return record.with_name(f"{record.name}.links")


def seat_tokens(record: Path, players: tuple[str, ...], renew: bool = False) -> dict[str, str]:
    """Each seat's token: the kept one, or a new one (all new with ``renew``); the file is written when it changes.

    Call it holding the record's lock, so two servers starting at once agree.
    """
    kept = {} if renew else _read(record)
    tokens = {player: kept.get(player) or secrets.token_urlsafe(TOKEN_BYTES) for player in players}
    if tokens != kept:
        write_atomic(links_path(record), json.dumps(tokens, indent=1) + "\n", mode=0o600)
    return tokens


def host_key(folder: Path) -> str:
    """The shared screen's key of the night in ``folder``: the kept one, or a new one (where there is none, or what
    is kept is no key), written owner-only. Delete the file for a new key: the old address stops acting."""
    path = folder / HOST_KEY
    try:
        kept = read_text(path, MAX_BYTES).strip()
    except FileNotFoundError:
        kept = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the shared screen's key: {describe(exc)}") from None
    if _TOKEN.match(kept):
        return kept
    key = secrets.token_urlsafe(TOKEN_BYTES)
    write_atomic(path, key + "\n", mode=0o600)
    return key


def seat_for(tokens: dict[str, str], token: str) -> str | None:
    """The seat whose token is ``token``, compared in constant time against every seat; None if none."""
    given = token.encode()
    found = None
    for player, kept in tokens.items():
        if hmac.compare_digest(given, kept.encode()):
            found = player
    return found


def _read(record: Path) -> dict[str, str]:
    path = links_path(record)
    try:
        raw = json.loads(read_text(path, MAX_BYTES))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the seat links: {describe(exc)}") from None
    except ValueError:
        raw = None
    if not isinstance(raw, dict) or not all(isinstance(v, str) and _TOKEN.match(v) for v in raw.values()):
        raise RecordError(f"{path}: the seat links file is damaged; make new links with --new-links")
    return raw
