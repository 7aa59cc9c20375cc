"""What every game's words share (the board in words of ``State.describe``, labels): a list read aloud, in the
session's words."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce

from pnp.texts import Catalogue


def series(t: Catalogue, items: Sequence[str]) -> str:
    """``items`` as a listener hears a list: 'red, blue and green' (joined in the words of ``t``: '赤、青と緑')."""
    if len(items) < 2:
        return "".join(items)
    return t("described.and", first=listed(t, items[:-1]), last=items[-1])


def listed(t: Catalogue, items: Sequence[str]) -> str:
    """``items`` one after another, joined as the words of ``t`` join the items of a list: 'red, blue'."""
    return chained(t, "described.comma", items)


def clauses(t: Catalogue, items: Sequence[str]) -> str:
    """``items`` that hold commas of their own, one after another: 'red at column 1, row 2; the lion at column 3,
    row 1' (joined as the words of ``t`` join them)."""
    return chained(t, "described.next", items)


def chained(t: Catalogue, key: str, items: Sequence[str]) -> str:
    """``items`` one after another as the entry ``key`` of ``t`` joins two ('{first} and {second}'): 'a and b and c'."""
    return reduce(lambda first, second: t(key, first=first, second=second), items[1:], items[0] if items else "")
