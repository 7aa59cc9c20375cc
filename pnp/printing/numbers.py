"""Numbers as a kit's language writes them."""

from __future__ import annotations

from pnp.texts import Catalogue


def decimal(value: float, texts: Catalogue) -> str:
    """``value`` in its shortest form with the language's decimal mark (``print.decimal``): "1.8", in French "1,8"."""
    return f"{value:g}".replace(".", texts("print.decimal"))
