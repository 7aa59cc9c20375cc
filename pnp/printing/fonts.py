"""The toolkit's typefaces: Bitstream Vera (bundled with reportlab), then fallbacks for other scripts.

PDFs use only TrueType fonts, so every font in every file is embedded (no base-14 Helvetica). Vera covers
Latin-1 and common punctuation. Text in another script is drawn, run by run, in the first fallback that has
its glyphs: Noto Sans (Greek, Cyrillic, more Latin), Noto Sans Arabic and Hebrew, and Droid Sans Fallback
(Chinese, Japanese, Korean). Those come from the system (Debian's ``fonts-noto-core`` and
``fonts-droid-fallback``) and are read only when a text needs them. SVG names the same families, so a
browser draws the same. Draw icons as paths, not as exotic glyphs.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache, lru_cache
from pathlib import Path

from pnp.printing.canvas import PT

REGULAR = "Vera"
BOLD = "VeraBd"
SVG_FAMILY = (
    "Bitstream Vera Sans, DejaVu Sans, Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Droid Sans Fallback, sans-serif"
)
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}
# The fallbacks in the order tried, regular and bold: reportlab name, file under a font folder. The CJK face
# is TrueType (reportlab embeds TrueType only; Noto's own CJK fonts are CFF-flavoured OpenType).
_FALLBACKS = {
    False: (
        ("NotoSans", "noto/NotoSans-Regular.ttf"),
        ("NotoSansArabic", "noto/NotoSansArabic-Regular.ttf"),
        ("NotoSansHebrew", "noto/NotoSansHebrew-Regular.ttf"),
        ("DroidSansFallback", "droid/DroidSansFallbackFull.ttf"),
    ),
    True: (
        ("NotoSansBd", "noto/NotoSans-Bold.ttf"),
        ("NotoSansArabicBd", "noto/NotoSansArabic-Bold.ttf"),
        ("NotoSansHebrewBd", "noto/NotoSansHebrew-Bold.ttf"),
        ("DroidSansFallback", "droid/DroidSansFallbackFull.ttf"),  # no bold face: the regular one
    ),
}
FALLBACK_PACKAGES = "fonts-noto-core and fonts-droid-fallback"  # the Debian packages that hold them
_FOLDERS = (
    Path("/usr/share/fonts/truetype"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local/share/fonts",
)
_RTL = frozenset(("R", "AL"))  # bidirectional classes of right-to-left letters


@cache
def register() -> None:
    """Register the Vera TTFs with reportlab (once per process)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, filename))


def font_name(bold: bool) -> str:
    """The registered reportlab name of the regular or bold face."""
    return BOLD if bold else REGULAR


def _find(relative: str) -> Path | None:
    """A fallback's file in the first font folder that has it (in its Debian subfolder or at the top)."""
    for folder in _FOLDERS:
        for candidate in (folder / relative, folder / Path(relative).name):
            if candidate.is_file():
                return candidate
    return None


@cache
def _fallback(name: str, relative: str) -> frozenset[int] | None:
    """Register one fallback with reportlab; the characters it covers, or None when it is not installed."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    path = _find(relative)
    if path is None:
        return None
    font = TTFont(name, str(path))
    pdfmetrics.registerFont(font)
    return frozenset(font.face.charToGlyph)


@cache
def covered(name: str) -> frozenset[int]:
    """The code points the kit's own face ``name`` has glyphs for (none for a standard PDF font)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    register()
    font = pdfmetrics.getFont(name)
    return frozenset(font.face.charToGlyph) if isinstance(font, TTFont) else frozenset()


def _faces(bold: bool) -> Iterator[tuple[str, frozenset[int]]]:
    """The faces tried for a character, in order: the kit's own, then each installed fallback."""
    own = font_name(bold)
    yield own, covered(own)
    for name, relative in _FALLBACKS[bold]:
        chars = _fallback(name, relative)
        if chars is not None:
            yield name, chars


def missing_fallbacks() -> bool:
    """True when some fallback font is not installed."""
    return any(_find(relative) is None for relative in dict(_FALLBACKS[False] + _FALLBACKS[True]).values())


def covers(char: str) -> bool:
    """True when some face (the kit's own or a fallback, regular and bold alike) has a glyph for ``char``."""
    code = ord(char)
    return all(any(code in chars for _, chars in _faces(bold)) for bold in (False, True))


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """``text`` cut into runs, each with the name of the first face that has its glyphs.

    A character no face covers stays with the kit's own face (``pnp.printing.glyphs`` refuses it first).
    A space or mark stays in the run it is in when that face has it, so a line of one script is one run.
    """
    own = font_name(bold)
    if text.isascii() or not set(map(ord, text)) - covered(own):
        return [(own, text)]
    faces = dict(_faces(bold))
    found: list[tuple[str, str]] = []
    for char in text:
        code = ord(char)
        if found and code in faces[found[-1][0]]:
            found[-1] = (found[-1][0], found[-1][1] + char)
            continue
        name = next((name for name, chars in faces.items() if code in chars), own)
        found.append((name, char))
    return found


def visual(text: str) -> str:
    """``text`` in the order its characters are drawn left to right: right-to-left runs (Arabic, Hebrew) turned.

    One line, by the Unicode bidirectional algorithm (python-bidi). Letters are not joined (shaped).
    """
    if text.isascii() or not any(unicodedata.bidirectional(c) in _RTL for c in text):
        return text
    from bidi import get_display

    return str(get_display(text))


@lru_cache(maxsize=8192)  # boards measure the same labels again and again (anchoring, fitting)
def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """The advance width of ``text`` in millimetres at ``size_pt`` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register()
    return sum(stringWidth(chunk, name, size_pt) for name, chunk in runs(text, bold)) * PT


def extent(size_pt: float, bold: bool = False) -> tuple[float, float]:
    """How far the face reaches above and below its baseline at ``size_pt`` points, in millimetres."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    register()
    ascent, descent = getAscentDescent(font_name(bold), size_pt)
    return ascent * PT, -descent * PT


def fit_size(text: str, width_mm: float, size_pt: float, bold: bool = False, minimum: float = 4.0) -> float:
    """The largest size up to ``size_pt`` at which ``text`` fits ``width_mm``, but never below ``minimum``.

    Text width grows in proportion to the size, so one measurement gives the exact size;
    below ``minimum`` legibility wins and the text may overrun.
    """
    need = text_width(text, size_pt, bold)
    if need <= width_mm:
        return size_pt
    return max(minimum, size_pt * width_mm / need)


def wrap(text: str, size_pt: float, width_mm: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width_mm`` at ``size_pt``."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size_pt, bold) <= width_mm:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
