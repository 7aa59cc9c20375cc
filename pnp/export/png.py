"""``pnp export --png``: one PNG per card and token face, for print shops.

Files are ``<out>/<game>/png/<component>/<nnn>-<name>-front.png`` (and ``-back.png``), each the
trim size plus the bleed at the asked dpi, its resolution recorded in the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.export.faces import components, face_drawing
from pnp.export.images import PngWriter
from pnp.export.raster import pixels, rasterise
from pnp.files import file_name, make_dir
from pnp.printing.canvas import Drawing
from pnp.printing.cards import ItemSet
from pnp.printing.parts import Kit

if TYPE_CHECKING:
    from pnp.printing.render import Progress


def face_count(kit: Kit) -> int:
    """How many images ``export_png`` writes for ``kit``."""
    return sum(1 + (item.back is not None) for c in components(kit) for item in c.items)


def export_png(kit: Kit, out: Path, dpi: float, bleed: float, progress: Progress | None = None) -> list[Path]:
    """Write every face of ``kit``'s decks and token sheets; returns the files written, in order.

    ``progress(done, total)`` is called after each image.
    """
    folder = Path(out) / file_name(kit.game) / "png"
    faces = [(c, *_faces(c, make_dir(folder / file_name(c.name)), bleed)) for c in components(kit)]
    total = sum(len(paths) for _, paths, _ in faces)
    writer = PngWriter(dpi)
    written: list[Path] = []
    for component, paths, drawings in faces:
        size = (pixels(component.width + 2 * bleed, dpi), pixels(component.height + 2 * bleed, dpi))
        for path, image in zip(paths, rasterise(drawings, [size] * len(drawings), kit.faces)):
            written.append(writer.write(path, image))
            if progress is not None:
                progress(len(written), total)
    return written


def _faces(component: ItemSet, folder: Path, bleed: float) -> tuple[list[Path], list[Drawing]]:
    """The file and the drawing of each face: ``<nnn>-<name>-front.png``, then its back if it has one."""
    digits = max(3, len(str(len(component.items))))
    paths, drawings = [], []
    for number, item in enumerate(component.items, 1):
        stem = f"{number:0{digits}d}-{file_name(item.name)}"
        for side, face in (("front", item.front), ("back", item.back)):
            if face is not None:
                paths.append(folder / f"{stem}-{side}.png")
                drawings.append(face_drawing(component, face, bleed))
    return paths, drawings
