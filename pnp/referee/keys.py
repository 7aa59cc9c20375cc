"""Each player's sealed envelope: the secrets they committed to, with their salts.

A key file sits beside the record (``RECORD.PLAYER.key``), readable by its
owner only. The record itself holds nothing but the commitments.
"""

from __future__ import annotations

import json
from pathlib import Path

from pnp.errors import RecordError, describe
from pnp.files import read_text, write_atomic

MAX_BYTES = 2**16  # 64 KiB: a key file holds a few short secrets


def key_path(record: Path, player: str) -> Path:
    """Where ``player``'s secrets for ``record`` are kept."""
    return record.with_name(f"{record.name}.{player}.key")


def read_keys(record: Path, player: str) -> dict[str, tuple[str, str]]:
    """``player``'s secrets by slot, as (value, salt); empty when there is no key file."""
    path = key_path(record, player)
    try:
        raw = json.loads(read_text(path, MAX_BYTES))
        return {slot: (str(pair[0]), str(pair[1])) for slot, pair in raw.items()}
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the key file: {describe(exc)}") from None
    except (ValueError, TypeError, AttributeError, IndexError, KeyError):
        raise RecordError(f"{path}: the key file is damaged; reveal with 'reveal SLOT VALUE SALT'") from None


def keep(record: Path, player: str, slot: str, value: str, salt: str) -> None:
    """Store a secret in ``player``'s key file, readable by its owner only."""
    keys = read_keys(record, player)
    keys[slot] = (value, salt)
    write_atomic(key_path(record, player), json.dumps(keys, indent=1) + "\n", mode=0o600)
