"""Writing images: PNG with its resolution recorded (pHYs), each file written whole or not at all."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from PIL import Image

from pnp.files import write_atomic

_KEPT = 8  # encoded images kept for reuse


class PngWriter:
    """Encodes images as PNG at a stated dpi; an image already encoded (a deck's shared back) is not encoded again."""

    def __init__(self, dpi: float) -> None:
        self.dpi = dpi
        self._encoded: dict[bytes, bytes] = {}

    def encode(self, image: Image.Image) -> bytes:
        pixels = image.tobytes()
        key = hashlib.blake2b(pixels, digest_size=16).digest() + repr(image.size).encode()
        if key not in self._encoded:
            buffer = io.BytesIO()
            image.save(buffer, "PNG", dpi=(self.dpi, self.dpi))  # zlib level 6, as libpng and pdftoppm use
            self._encoded[key] = buffer.getvalue()
            if len(self._encoded) > _KEPT:  # the oldest goes: a deck's backs come every other image
                del self._encoded[next(iter(self._encoded))]
        return self._encoded[key]

    def write(self, path: Path, image: Image.Image) -> Path:
        write_atomic(path, self.encode(image), sync=False)  # quick to make again
        return path
