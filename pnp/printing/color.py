"""Parsing and mixing ``#rrggbb`` colours."""

from __future__ import annotations

from functools import lru_cache

from pnp.errors import PnpError

RGB = tuple[float, float, float]


@lru_cache(maxsize=1024)
def rgb(color: str) -> RGB:
    """``#rrggbb`` (or ``#rgb``) as three floats in 0..1."""
    digits = color[1:] if color.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    try:
        if len(digits) != 6:
            raise ValueError
        return (int(digits[0:2], 16) / 255, int(digits[2:4], 16) / 255, int(digits[4:6], 16) / 255)
    except ValueError:
        raise PnpError(f"colour {color!r} is not of the form #rrggbb") from None


def to_hex(color: RGB) -> str:
    """Three floats in 0..1 as ``#rrggbb``."""
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in color)


def luminance(color: RGB) -> float:
    """Perceived brightness in 0..1 (Rec. 601 weights, as a greyscale printer sees it)."""
    r, g, b = color
    return 0.299 * r + 0.587 * g + 0.114 * b


def _linear(channel: float) -> float:
    """An sRGB channel (0..1) as light, as WCAG 2 measures it."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours: 1 (the same) to 21 (black on white); text wants 4.5."""
    light, dark = sorted(
        (0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b) for r, g, b in (rgb(one), rgb(other))),
        reverse=True,
    )
    return (light + 0.05) / (dark + 0.05)


READABLE = 4.5  # the contrast WCAG asks of text against what it stands on


def darkened(color: str, against: str, amount: float = 0.0, ratio: float = READABLE) -> str:
    """``color`` shaded ``amount`` toward black, and further in steps of 0.05 until it has ``ratio`` of contrast
    with ``against`` (a light background): its own hue, as dark as it must be to read."""
    while contrast(shade(color, amount), against) < ratio and amount < 1:
        amount = min(1.0, amount + 0.05)
    return shade(color, amount)


def tint(color: str, amount: float) -> str:
    """``color`` mixed toward white: 0 keeps it, 1 is white (``#rrggbb`` in and out)."""
    return blend(color, "#ffffff", amount)


def shade(color: str, amount: float) -> str:
    """``color`` mixed toward black: 0 keeps it, 1 is black (``#rrggbb`` in and out)."""
    return blend(color, "#000000", amount)


@lru_cache(maxsize=4096)  # boards tint the same few colours for every space and piece
def blend(color: str, other: str, amount: float) -> str:
    """``color`` mixed toward ``other``: 0 keeps it, 1 is ``other`` (``#rrggbb`` in and out)."""
    (r, g, b), (r2, g2, b2) = rgb(color), rgb(other)
    return to_hex((r + (r2 - r) * amount, g + (g2 - g) * amount, b + (b2 - b) * amount))
