"""Salted SHA-256 commitments: a secret is recorded as a digest and checked when revealed."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def digest(player: str, slot: str, value: str, salt: str) -> str:
    """The commitment to ``value`` for ``player``'s ``slot`` under ``salt``."""
    return hashlib.sha256(f"{salt}\n{player}\n{slot}\n{value}".encode()).hexdigest()


def commit(player: str, slot: str, value: str) -> tuple[str, str]:
    """A fresh salt and the digest that commits to ``value``."""
    salt = secrets.token_hex(16)
    return digest(player, slot, value, salt), salt


def matches(expected: str, player: str, slot: str, value: str, salt: str) -> bool:
    """True when ``value`` and ``salt`` open the commitment ``expected``."""
    return hmac.compare_digest(expected, digest(player, slot, value, salt))
