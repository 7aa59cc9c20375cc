"""A designer's pictures (PNG, JPEG or SVG) placed in the art boxes a game's cards and boards declare.

A game names its art boxes by key (its registry entry's ``GameSpec.art``, listed in docs/printing.md);
``KitRequest.art`` maps a key to an image file. Each file is read and checked once, before anything is drawn:
a missing, oversized or unreadable image is one line naming the file. A canvas draws it with ``image``:
fitted inside the box, its aspect kept, centred and clipped to the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from xml.etree import ElementTree

from pnp.errors import PnpError
from pnp.printing.paper import Rect

MAX_BYTES = 20_000_000  # a picture file larger than this is refused (a card needs far less)
MAX_PIXELS = 50_000_000  # so is a bitmap of more pixels (a decompression bomb, or a poster scan)
Kind = Literal["png", "jpeg", "svg"]
_SVG_UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


@dataclass(frozen=True)
class Art:
    """A checked picture: its file, kind and intrinsic size (pixels, or an SVG's CSS pixels)."""

    path: Path
    kind: Kind
    width: float
    height: float

    def placed(self, box: Rect) -> Rect:
        """Where the picture lands in ``box``: as large as fits, its aspect kept, centred."""
        scale = min(box.w / self.width, box.h / self.height)
        w, h = self.width * scale, self.height * scale
        return Rect(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)


def load(path: Path) -> Art:
    """Read and check one picture file (PNG, JPEG or SVG, by its content)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise PnpError(f"{path}: a picture of {size / 1e6:.0f} MB; at most {MAX_BYTES / 1e6:.0f} MB")
        with path.open("rb") as handle:
            head = handle.read(512)
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the picture ({exc.strerror or exc})") from None
    if head.startswith((b"\x89PNG", b"\xff\xd8")):
        return _bitmap(path)
    if b"<svg" in head or head.lstrip().startswith(b"<?xml"):
        return _svg(path)
    raise PnpError(f"{path}: not a PNG, JPEG or SVG picture")


def _bitmap(path: Path) -> Art:
    from PIL import Image

    try:
        with Image.open(path) as image:
            kind: Kind = "png" if image.format == "PNG" else "jpeg"
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise PnpError(f"{path}: {width}x{height} pixels; at most {MAX_PIXELS:,} in all")
            image.load()  # a truncated or corrupt file fails here, not half-way through a PDF
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise PnpError(f"{path}: a broken picture ({exc})") from None
    return Art(path, kind, float(width), float(height))


def _svg(path: Path) -> Art:
    try:
        root = ElementTree.parse(path).getroot()
    except (ElementTree.ParseError, OSError) as exc:
        raise PnpError(f"{path}: a broken SVG picture ({exc})") from None
    box = (root.get("viewBox") or "").replace(",", " ").split()
    width, height = _length(root.get("width")), _length(root.get("height"))
    if (width is None or height is None) and len(box) == 4:
        try:
            width, height = float(box[2]), float(box[3])
        except ValueError:
            width = height = None
    if not width or not height or width <= 0 or height <= 0:
        raise PnpError(f"{path}: an SVG picture needs a width and height or a viewBox")
    return Art(path, "svg", width, height)


def _length(value: str | None) -> float | None:
    """A CSS length in CSS pixels; None for none, a percentage or a unit not known."""
    if not value:
        return None
    number = value.strip().rstrip("abcdefghijklmnopqrstuvwxyz%")
    unit = value.strip()[len(number) :]
    try:
        return float(number) * _SVG_UNITS[unit]
    except (ValueError, KeyError):
        return None


def chosen(files: Mapping[str, Path], keys: Mapping[str, str], game: str) -> dict[str, Art]:
    """The pictures ``files`` names for a game's art boxes ``keys`` (key -> what the box is), each checked."""
    unknown = sorted(set(files) - set(keys))
    if unknown:
        known = ", ".join(keys) or "none"
        raise PnpError(f"art key {unknown[0]!r}: {game} has no such art box (known: {known})")
    return {key: load(path) for key, path in files.items()}
