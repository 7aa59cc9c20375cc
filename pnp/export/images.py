"""Writing images: PNG with its resolution recorded (pHYs), each file written whole or not at all."""

from __future__ import annotations

import hashlib
import io
from itertools import count
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from pnp.files import file_name, write_atomic

if TYPE_CHECKING:
    from pnp.printing.render import Progress

_KEPT = 8  # encoded images kept for reuse


class PngWriter:
    """Encodes images as PNG at a stated dpi; an image already encoded (a deck's shared back) is not encoded again."""

    def __init__(self, dpi: float) -> None:
        self.dpi = dpi
        self._encoded: dict[bytes, bytes] = {}

    def encode(self, image: Image.Image, key: bytes | None = None) -> bytes:
        """``image`` as PNG; ``key`` is its :func:`_key` when the caller has it already (reckoning it takes a
        pass over every pixel)."""
        key = key or _key(image)
        if key not in self._encoded:
            buffer = io.BytesIO()
            image.save(buffer, "PNG", dpi=(self.dpi, self.dpi))  # zlib level 6, as libpng and pdftoppm use
            self._encoded[key] = buffer.getvalue()
            if len(self._encoded) > _KEPT:  # the oldest goes: a deck's backs come every other image
                del self._encoded[next(iter(self._encoded))]
        return self._encoded[key]

    def write(self, path: Path, image: Image.Image, key: bytes | None = None) -> Path:
        write_atomic(path, self.encode(image, key), sync=False)  # quick to make again
        return path


class ImageFiles:
    """Images saved into one folder under names of their own, and an export's progress counted.

    An image met again (the same pixels) is not saved twice: its first file serves both.
    """

    def __init__(self, folder: Path, writer: PngWriter, url: str, total: int, progress: Progress | None) -> None:
        self.folder, self.writer, self.url, self.total, self.progress = folder, writer, url, total, progress
        self.written: list[Path] = []
        self.done = 0
        self._names: dict[bytes, str] = {}

    def save(self, name: str, image: Image.Image, steps: int = 0) -> str:
        """``image`` as ``<name>.png`` (``<name>-2.png``... when that is taken); returns its address.

        ``steps`` is how far the export has come with it.
        """
        key = _key(image)
        if key not in self._names:
            taken = set(self._names.values())
            stem = file_name(name)
            file = next(f for f in (f"{stem}-{n}.png" if n > 1 else f"{stem}.png" for n in count(1)) if f not in taken)
            self.written.append(self.writer.write(self.folder / file, image, key))
            self._names[key] = file
        self.done += steps
        if self.progress is not None and steps:
            self.progress(self.done, self.total)
        return self.url + self._names[key]


def _key(image: Image.Image) -> bytes:
    """Stands for the image's pixels: equal for equal images."""
    return hashlib.blake2b(image.tobytes(), digest_size=16).digest() + repr(image.size).encode()
