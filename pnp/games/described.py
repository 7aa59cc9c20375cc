"""What every game's board in words shares (``State.describe``): a list read aloud, in the session's words."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce

from pnp.texts import Catalogue


def series(t: Catalogue, items: Sequence[str]) -> str:
    """``items`` as a listener hears a list: 'red, blue and green' (the last two joined in the words of ``t``)."""
    if len(items) < 2:
        return "".join(items)
    return t("described.and", first=", ".join(items[:-1]), last=items[-1])


def clauses(t: Catalogue, items: Sequence[str]) -> str:
    """``items`` that hold commas of their own, one after another: 'red at column 1, row 2; the lion at column 3,
    row 1' (joined as the words of ``t`` join them)."""
    return reduce(lambda first, item: t("described.next", first=first, next=item), items[1:], items[0] if items else "")
