"""Whether a PDF is CMYK PDF/X-1a, for a print shop that takes nothing else (DriveThruCards): one line for a file.

A file is PDF/X-1a when its Info says so (``GTS_PDFXVersion`` "PDF/X-1a:2003", or "PDF/X-1:2001") and its
catalogue holds a PDF/X output intent (``/OutputIntents``, ``/S /GTS_PDFX``). PDF/X-1a allows CMYK, grey and
spot colours only: an RGB colour (``rg``, ``RG``), an RGB colour space or an RGB image, on a page or in a form it
paints, is named first, as the fault to mend. Read with pypdf, as ``pnp.printing.inks`` reads the inks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.printing.inks import components, operators
from pnp.texts import toolkit

_RGB_OPERATOR = operators(b"rg", b"RG")


def pdfx_problem(path: Path, shop: str) -> str:
    """What keeps the PDF at ``path`` from being CMYK PDF/X-1a, as ``shop`` asks, in one line; "" if nothing."""
    import pypdf

    try:
        reader = pypdf.PdfReader(path, strict=False)
        seen: set[int] = set()
        if any(_sets_rgb(_content(page), page.get("/Resources"), seen) for page in reader.pages):
            return toolkit()("preflight.rgb", shop=shop)
        if not _is_pdfx(reader):
            return toolkit()("preflight.not_pdfx", shop=shop)
    except (pypdf.errors.PyPdfError, ValueError, KeyError, TypeError) as error:
        raise PnpError(f"{path}: a damaged PDF ({error})") from None
    return ""


def _content(page: Any) -> bytes:
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def _sets_rgb(data: bytes, resources: Any, seen: set[int]) -> bool:
    """Whether a content stream, its colour spaces or the images and forms it may paint are RGB; ``seen`` holds the
    forms and images already read, by object number."""
    if _RGB_OPERATOR.search(data):
        return True
    resources = resources.get_object() if resources is not None else {}
    if any(_is_rgb(space) for space in resources.get("/ColorSpace", {}).values()):
        return True
    for reference in resources.get("/XObject", {}).values():
        number = getattr(reference, "idnum", None)
        if number in seen:
            continue
        if number is not None:
            seen.add(number)
        painted = reference.get_object()
        if painted.get("/Subtype") == "/Image" and _is_rgb(painted.get("/ColorSpace")):
            return True
        if painted.get("/Subtype") == "/Form" and _sets_rgb(painted.get_data(), painted.get("/Resources"), seen):
            return True
    return False


def _is_rgb(space: Any) -> bool:
    """Whether a colour space is RGB: a device or calibrated one, an ICC profile of three colours, or an index
    into one."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) and len(space) > 1 and space[0] == "/Indexed":
        return _is_rgb(space[1])
    return components(space) == 3


def _is_pdfx(reader: Any) -> bool:
    info = reader.trailer.get("/Info")
    version = str(info.get_object().get("/GTS_PDFXVersion", "")) if info is not None else ""
    intents = reader.trailer["/Root"].get_object().get("/OutputIntents")
    intents = intents.get_object() if intents is not None else []
    pdfx = any(intent.get_object().get("/S") == "/GTS_PDFX" for intent in intents)
    return version.startswith("PDF/X-1") and pdfx
