"""The toolkit's one typeface: Bitstream Vera, bundled with reportlab.

PDFs use only these TrueType fonts, so every font in every file is embedded
(no base-14 Helvetica). SVG names the same family with fallbacks. Vera covers
Latin-1 and common punctuation; draw icons as paths, not as exotic glyphs.
"""

from __future__ import annotations

from functools import cache, lru_cache

from pnp.printing.canvas import PT

REGULAR = "Vera"
BOLD = "VeraBd"
SVG_FAMILY = "Bitstream Vera Sans, DejaVu Sans, sans-serif"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}


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


@lru_cache(maxsize=8192)  # boards measure the same labels again and again (anchoring, fitting)
def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """The advance width of ``text`` in millimetres at ``size_pt`` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register()
    return stringWidth(text, font_name(bold), size_pt) * PT


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
