"""Each player's sealed envelope: the secrets they committed to, with their salts.

A key file sits beside the record (``RECORD.PLAYER.key``), readable by its
owner only. The record itself holds nothing but the commitments.
"""

from __future__ import annotations

import json
from pathlib import Path

from pnp.errors import RecordError
from pnp.referee.record import write_atomic


def key_path(record: Path, player: str) -> Path:
    """Where ``player``'s secrets for ``record`` are kept."""
    return record.with_name(f"{record.name}.{player}.key")


def read_keys(record: Path, player: str) -> dict[str, tuple[str, str]]:
    """``player``'s secrets by slot, as (value, salt); empty when there is no key file."""
    path = key_path(record, player)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return {slot: (str(pair[0]), str(pair[1])) for slot, pair in raw.items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, TypeError, AttributeError, IndexError, KeyError):
        raise RecordError(f"{path}: the key file is damaged; reveal with 'reveal SLOT VALUE SALT'") from None


def keep(record: Path, player: str, slot: str, value: str, salt: str) -> None:
    """Store a secret in ``player``'s key file, readable by its owner only."""
    keys = read_keys(record, player)
    keys[slot] = (value, salt)
    write_atomic(key_path(record, player), json.dumps(keys, indent=1) + "\n", mode=0o600)
