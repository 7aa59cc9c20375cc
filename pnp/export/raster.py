"""Drawings to pixels: drawn into a PDF by the print toolkit in the kit's typefaces, rasterised by PDFium (pypdfium2).

Each picture is exactly ``round(mm / 25.4 * dpi)`` pixels a side: PDFium is asked for that
bitmap size, not for a scale it would round up.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium
from PIL import Image

from pnp.printing.canvas import Drawing
from pnp.printing.fonts import Faces
from pnp.printing.pdf import PdfWriter

MIN_DPI, MAX_DPI = 30, 1200  # a tarot card at 1200 dpi is 3307 x 5669 px; a board for a table is capped apart
_WHITE = 0xFFFFFFFF


def pixels(mm: float, dpi: float) -> int:
    """A length in millimetres at ``dpi``, in whole pixels."""
    return round(mm / 25.4 * dpi)


def rasterise(
    drawings: Sequence[Drawing], sizes: Sequence[tuple[int, int]], typefaces: Faces
) -> Generator[Image.Image, None, None]:
    """Each drawing, its text in ``typefaces`` (the kit's), as an RGB image of the matching (width, height) in
    pixels, in order."""
    writer = PdfWriter(Path("faces.pdf"), "pnp export", faces=typefaces)  # read from memory, never written
    for drawing in drawings:
        writer.page(drawing.width, drawing.height, drawing.draw)
    document = pypdfium2.PdfDocument(writer.data())
    try:
        for index, (width, height) in enumerate(sizes):
            yield _render(document[index], width, height)
    finally:
        document.close()


def _render(page: pypdfium2.PdfPage, width: int, height: int) -> Image.Image:
    """One page stretched onto a white ``width`` x ``height`` bitmap (the page is that size to within a pixel)."""
    bitmap = pypdfium2.PdfBitmap.new_native(width, height, pdfium.FPDFBitmap_BGR, rev_byteorder=True)
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, _WHITE)
    flags = pdfium.FPDF_ANNOT | pdfium.FPDF_REVERSE_BYTE_ORDER
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, flags)
    image: Image.Image = bitmap.to_pil()
    page.close()
    return image
