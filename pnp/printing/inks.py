"""The most ink of a PDF's CMYK colours, page by page: the sum of the four inks of each colour a content stream
sets (in the forms it paints too), read as written with pypdf (PDFium, which reads the rest of a file for
``pnp.printing.preflight``, turns colours into RGB first). RGB and grey colours have no inks to add up.

Content streams are scanned for colour operators rather than parsed whole: a map's stream holds hundreds of
thousands of operators, and pypdf's parser takes seconds a page over them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pnp.errors import PnpError

Ink = tuple[float, str] | None  # the most ink (%) of a colour, and its four inks written out


def operators(*names: bytes) -> re.Pattern[bytes]:
    """A pattern finding ``names`` in a content stream as whole operators, not inside a word, a name or a string."""
    return re.compile(rb"(?<![^\s\]>)])(" + b"|".join(names) + rb")(?![^\s/\[<(%])")


# The operators that choose a colour (k, K: CMYK; sc, scn, SC, SCN: in the current colour space; g, rg: grey
# and RGB), a colour space (cs, CS) or paint a form (Do); their operands are read just before them.
_OPERATOR = operators(b"k", b"K", b"scn", b"SCN", b"sc", b"SC", b"g", b"G", b"rg", b"RG", b"cs", b"CS", b"Do")
_OPERANDS = 64  # bytes before an operator that hold its operands
_DEVICE = {"/DeviceGray": 1, "/CalGray": 1, "/DeviceRGB": 3, "/CalRGB": 3, "/DeviceCMYK": 4}  # colours by space


def ink_problems(path: Path, limit: float) -> Iterator[tuple[int, str]]:
    """Each page whose CMYK colours put more than ``limit`` % of ink: (page number, problem)."""
    import pypdf

    try:
        reader = pypdf.PdfReader(path, strict=False)
        seen: dict[int, Ink] = {}
        for number, page in enumerate(reader.pages, 1):
            contents = page.get_contents()
            data = contents.get_data() if contents is not None else b""
            most = _most_ink(data, page.get("/Resources"), seen)
            if most is not None and most[0] > limit + 0.05:
                ink, inks = most
                yield number, f"total ink over {limit:g} %: {ink:.0f} % ({inks})"
    except (pypdf.errors.PyPdfError, ValueError, KeyError, TypeError) as error:
        raise PnpError(f"{path}: a damaged PDF ({error})") from None


def _most_ink(data: bytes, resources: Any, seen: dict[int, Ink]) -> Ink:
    """The most ink of any CMYK colour set in a content stream (forms it paints included), and its inks."""
    resources = resources.get_object() if resources is not None else {}
    spaces = resources.get("/ColorSpace", {})
    forms = resources.get("/XObject", {})
    cmyk = {"fill": False, "stroke": False}
    most: Ink = None
    for match in _OPERATOR.finditer(data):
        operator = match.group(1)
        operands = data[max(0, match.start() - _OPERANDS) : match.start()].split()
        if operator in (b"cs", b"CS"):
            name = operands[-1].decode("latin-1").lstrip("/") if operands else ""
            cmyk["fill" if operator == b"cs" else "stroke"] = _is_cmyk(name, spaces)
        elif operator == b"Do":
            found = _form_ink(operands[-1] if operands else b"", forms, resources, seen)
            most = max(filter(None, (most, found)), default=None)
        elif operator in (b"g", b"G", b"rg", b"RG"):
            cmyk["fill" if operator in (b"g", b"rg") else "stroke"] = False  # grey or RGB from now on
        elif operator in (b"k", b"K") or cmyk["fill" if operator in (b"sc", b"scn") else "stroke"]:
            inks = _numbers(operands[-4:])
            if len(inks) == 4 and (most is None or sum(inks) * 100 > most[0]):
                most = (sum(inks) * 100, "C {:.0f} M {:.0f} Y {:.0f} K {:.0f}".format(*(v * 100 for v in inks)))
    return most


def _numbers(tokens: list[bytes]) -> list[float]:
    try:
        return [float(token) for token in tokens]
    except ValueError:
        return []


def _form_ink(operand: bytes, forms: Any, resources: Any, seen: dict[int, Ink]) -> Ink:
    """The most ink in the form named ``operand`` (``/Name``) in ``forms``; ``seen`` holds the forms already read
    by object number (a board's drawing is painted on each of its tiles)."""
    name = operand.decode("latin-1")
    reference = forms.raw_get(name) if name in forms else None
    number = getattr(reference, "idnum", None)
    if reference is None or number is None:
        return None
    if number not in seen:
        seen[number] = None  # a form that paints itself stops here
        form = reference.get_object()
        if form.get("/Subtype") == "/Form":
            seen[number] = _most_ink(form.get_data(), form.get("/Resources", resources), seen)
    return seen[number]


def _is_cmyk(name: str, spaces: Any) -> bool:
    """Whether the colour space ``name`` (a device space, or one of the page's) has the four process inks."""
    if name == "DeviceCMYK":
        return True
    space = spaces.get_object().get("/" + name) if hasattr(spaces, "get_object") else None
    return space is not None and components(space) == 4


def components(space: Any) -> int | None:
    """How many colours a colour space mixes (grey 1, RGB 3, CMYK 4), a device, calibrated or ICC based one; None
    for another (an index into one, a separation)."""
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list) and space:
        if space[0] == "/ICCBased" and len(space) > 1:
            return int(space[1].get_object().get("/N", 0)) or None
        space = space[0]
    return _DEVICE.get(space) if isinstance(space, str) else None
