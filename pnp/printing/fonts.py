"""The toolkit's typefaces: Bitstream Vera (bundled with reportlab) or a kit's own, then fallbacks for other scripts.

PDFs use only TrueType fonts, so every font in every file is embedded (no base-14 Helvetica). Vera covers
Latin-1 and common punctuation. Text in another script is drawn, run by run, in the first fallback that has
its glyphs: Noto Sans (Greek, Cyrillic, more Latin), Noto Sans Arabic and Hebrew, and Droid Sans Fallback
(Chinese, Japanese, Korean). Those come from the system (Debian's ``fonts-noto-core`` and
``fonts-droid-fallback``) and are read only when a text needs them. SVG names the same families, so a
browser draws the same. Draw icons as paths, not as exotic glyphs.

The PDF draws a line as ``drawn`` gives it: in visual order, run by run, each run shaped where its script needs
it (``pnp.printing.shaping``), and text is measured the same way. Bold text in a fallback that has no bold face
is made heavier by the PDF itself (``synthetic_bold``).

A kit may bring its own faces (:class:`Faces`, from ``KitRequest.fonts``): "titles" draws bold text, "body"
regular text, and "symbols" is tried for a character before the fallbacks (in bold text, after those that have a
bold weight). The faces travel with the drawing (each canvas has its own), so nothing here switches fonts for the
whole process.
"""

from __future__ import annotations

import struct
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path

from pnp.errors import PnpError
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
_REGULAR_ONLY = frozenset(name for name, _ in _FALLBACKS[True]) & frozenset(name for name, _ in _FALLBACKS[False])
FALLBACK_PACKAGES = "fonts-noto-core and fonts-droid-fallback"  # the Debian packages that hold them
_FOLDERS = (
    Path("/usr/share/fonts/truetype"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local/share/fonts",
)
RIGHT_TO_LEFT = frozenset(("R", "AL"))  # bidirectional classes of right-to-left letters


ROLES = ("titles", "body", "symbols")
_CFF = "an OpenType font with PostScript (CFF) outlines cannot be embedded; use a TrueType (.ttf) version of it"
_CUT = "not a readable font: it is cut short (its tables run past its end)"
_TRUETYPE = (b"\x00\x01\x00\x00", b"true")  # the sfnt versions of TrueType outlines


@dataclass(frozen=True)
class Faces:
    """The registered reportlab names of a kit's faces by role, and the files chosen for them."""

    body: str = REGULAR
    titles: str = BOLD
    symbols: str | None = None
    files: tuple[tuple[str, Path, str], ...] = ()  # (role, file, its family name) for each role chosen

    def name(self, bold: bool) -> str:
        """The face of bold (titles) or regular (body) text."""
        return self.titles if bold else self.body

    def svg_family(self, bold: bool) -> str:
        """The CSS font-family list of bold or regular text in an SVG: the page's embedded faces by role
        (``pnp-titles``, ``pnp-symbols``...), the chosen families by name, then the toolkit's own."""
        roles = {role: family for role, _, family in self.files}
        wanted = [role for role in ("titles" if bold else "body", "symbols") if role in roles]
        return ", ".join((*(f"pnp-{role}" for role in wanted), *(f"'{roles[role]}'" for role in wanted), SVG_FAMILY))


DEFAULT = Faces()


def chosen(files: Mapping[str, Path]) -> Faces:
    """The faces of a kit drawn with the font ``files`` by role (see ``ROLES``); a role not named keeps Vera."""
    unknown = sorted(set(files) - set(ROLES))
    if unknown:
        raise PnpError(f"font role {unknown[0]!r}: unknown (known: {', '.join(ROLES)})")
    if not files:
        return DEFAULT
    names = {role: _own(Path(path)) for role, path in files.items()}
    return Faces(
        body=names.get("body", REGULAR),
        titles=names.get("titles", BOLD),
        symbols=names.get("symbols"),
        files=tuple((role, Path(files[role]), _family(names[role])) for role in ROLES if role in files),
    )


def unusable(path: Path) -> str | None:
    """Why the font file at ``path`` cannot be embedded, as its header and table directory tell (read quickly,
    without reportlab: a variant's fonts are looked at whenever it is read); None when they tell nothing against it.
    """
    size = path.stat().st_size
    with path.open("rb") as file:
        head = file.read(12)
        if head[:4] == b"OTTO":
            return _CFF
        if head[:4] not in _TRUETYPE:
            return None  # not a font at all: reportlab says what it is
        if len(head) < 12:
            return _CUT
        (tables,) = struct.unpack_from(">H", head, 4)
        directory = file.read(16 * tables)  # a tag, a checksum, an offset and a length per table
    if len(directory) < 16 * tables:
        return _CUT
    ends = (offset + length for _, _, offset, length in struct.iter_unpack(">4sIII", directory))
    return _CUT if max(ends, default=0) > size else None


@cache
def _own(path: Path) -> str:
    """Register a kit's font file with reportlab; its registered name. A file it cannot embed is one line."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    if not path.is_file():
        raise PnpError(f"{path}: no such font file")
    name = f"own:{path}"
    try:
        why = unusable(path)
        if why is not None:
            raise PnpError(f"{path}: {why}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    except TTFError as exc:
        raise PnpError(f"{path}: not a TrueType or OpenType font ({exc})") from None
    except (struct.error, KeyError, ValueError):  # reportlab reading a table that is missing or damaged
        raise PnpError(f"{path}: not a readable font: its tables are damaged") from None
    except OSError as exc:
        raise PnpError(f"{path}: cannot read the font ({exc.strerror or exc})") from None
    return name


def _family(name: str) -> str:
    """The family name a registered TrueType face declares (for an SVG's font-family)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = pdfmetrics.getFont(name)
    family = getattr(font.face, "familyName", b"") if isinstance(font, TTFont) else b""
    return family.decode("latin-1") if isinstance(family, bytes) else str(family)


@cache
def register() -> None:
    """Register the Vera TTFs with reportlab (once per process), from reportlab's own font folder: a bare file
    name would first be tried as a URL (importing urllib, a fiftieth of a second) before reportlab's search path."""
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))


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


def _faces(bold: bool, faces: Faces = DEFAULT) -> list[tuple[str, frozenset[int]]]:
    """The faces tried for a character, in order: the kit's own, its symbols face, Vera, then each installed
    fallback (so a kit's own faces never print less than Vera would). For bold text, the faces that have a bold
    weight come first: a Greek title prints in Noto Sans Bold before a symbols face (one weight) that has Greek."""
    own = faces.name(bold)
    tried = [(own, covered(own))]
    if faces.symbols is not None:
        tried.append((faces.symbols, covered(faces.symbols)))
    if faces is not DEFAULT:  # the toolkit's own face still covers what the chosen ones lack
        tried.append((DEFAULT.name(bold), covered(DEFAULT.name(bold))))
    tried += [(name, chars) for name, relative in _FALLBACKS[bold] if (chars := _fallback(name, relative)) is not None]
    if bold:  # after the titles face, the symbols face and the regular-only CJK fallback move behind the others
        tried[1:] = sorted(tried[1:], key=lambda face: face[0] == faces.symbols or face[0] in _REGULAR_ONLY)
    return tried


def missing_fallbacks() -> bool:
    """True when some fallback font is not installed."""
    return any(_find(relative) is None for relative in dict(_FALLBACKS[False] + _FALLBACKS[True]).values())


def covers(char: str, faces: Faces = DEFAULT) -> bool:
    """True when some face (the kit's own or a fallback, regular and bold alike) has a glyph for ``char``."""
    code = ord(char)
    return all(any(code in chars for _, chars in _faces(bold, faces)) for bold in (False, True))


def runs(text: str, bold: bool = False, faces: Faces = DEFAULT) -> list[tuple[str, str]]:
    """``text`` cut into runs, each with the name of the first face that has its glyphs.

    A character no face covers stays with the kit's own face (``pnp.printing.glyphs`` refuses it first).
    A space or mark stays in the run it is in when that face has it, so a line of one script is one run.
    """
    own = faces.name(bold)
    if (text.isascii() and faces is DEFAULT) or not set(map(ord, text)) - covered(own):
        return [(own, text)]
    tried = dict(_faces(bold, faces))
    found: list[tuple[str, str]] = []
    for char in text:
        code = ord(char)
        if found and code in tried[found[-1][0]]:
            found[-1] = (found[-1][0], found[-1][1] + char)
            continue
        name = next((name for name, chars in tried.items() if code in chars), own)
        found.append((name, char))
    return found


def visual(text: str, rtl: bool | None = None) -> str:
    """``text`` in the order its characters are drawn left to right: right-to-left runs (Arabic, Hebrew) turned,
    and the brackets in them mirrored (an opening one drawn as ")", facing the way the text reads).

    One line, by the Unicode bidirectional algorithm, its base direction right-to-left when ``rtl`` says so (by
    default, when its first letter is). Letters are joined later, run by run (``drawn``).
    """
    rtl = right_to_left(text) if rtl is None else rtl
    if not rtl and (text.isascii() or not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text)):
        return text
    from bidi.mirror import MIRRORED

    return "".join(MIRRORED.get(text[i], text[i]) if level % 2 else text[i] for i, level in _in_order(text, rtl))


def stretches(text: str, rtl: bool, cuts: Collection[int]) -> list[tuple[int, int, bool]]:
    """The line ``text`` (its base direction right-to-left when ``rtl``) as drawn, in stretches left to right: each
    (start, end, right_to_left) holds the characters ``text[start:end]``, all at one embedding level (right-to-left
    when it is odd) and with no index of ``cuts`` among them but the first (where a style changes), so that each
    draws alone as it does in the line (``visual(text[start:end], right_to_left)``): a line set in bold and regular
    runs is ordered as a whole."""
    found: list[tuple[int, int, int]] = []  # start, end, level
    for index, level in _in_order(text, rtl):
        if found and found[-1][2] == level:
            start, end, _ = found[-1]
            if level % 2 == 0 and index == end and index not in cuts:
                found[-1] = (start, end + 1, level)
                continue
            if level % 2 == 1 and index == start - 1 and start not in cuts:
                found[-1] = (index, end, level)
                continue
        found.append((index, index + 1, level))
    return [(start, end, level % 2 == 1) for start, end, level in found]


@lru_cache(maxsize=1024)
def _in_order(text: str, rtl: bool) -> tuple[tuple[int, int], ...]:
    """Each character of the line ``text`` as drawn left to right: its index in ``text`` and its embedding level,
    by the Unicode bidirectional algorithm with a right-to-left base when ``rtl``.

    python-bidi's Python implementation, step by step, so that each character keeps its index (its Rust one, behind
    ``bidi.get_display``, gives only the reordered text, brackets unmirrored).
    """
    if not rtl and not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text):
        return tuple((index, 0) for index in range(len(text)))  # left to right as written
    from bidi import algorithm

    storage = algorithm.get_empty_storage()
    storage["base_level"], storage["base_dir"] = (1, "R") if rtl else (0, "L")
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
        if char["type"] == "BN":  # a joiner: kept beside the letter before it, where the algorithm would drop it
            char["type"] = "NSM"
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    algorithm.reorder_resolved_levels(storage, False)
    return tuple((char["index"], char["level"]) for char in storage["chars"])


def right_to_left(text: str) -> bool:
    """True when ``text`` reads from the right: its first letter with a direction is right-to-left (as
    ``visual`` decides it)."""
    if text.isascii():
        return False
    first = next((kind for kind in map(unicodedata.bidirectional, text) if kind in ("L", "R", "AL")), "L")
    return first in RIGHT_TO_LEFT


@lru_cache(maxsize=8192)  # boards draw and measure the same labels again and again
def drawn(
    text: str, bold: bool = False, faces: Faces = DEFAULT, rtl: bool | None = None
) -> tuple[tuple[str, str], ...]:
    """``text`` as the PDF draws it: (face, piece) left to right, in visual order (its base direction as ``visual``
    takes it), each piece in one face and shaped where its script needs it (see ``pnp.printing.shaping``)."""
    if text.isascii() and faces is DEFAULT and not rtl:
        return ((faces.name(bold), text),)
    from pnp.printing.shaping import shaped

    pieces = runs(visual(text, rtl), bold, faces)
    return tuple((name, piece) for name, chars in pieces for piece in shaped(name, chars))


def synthetic_bold(name: str, bold: bool) -> bool:
    """True when bold text falls back to the regular face ``name`` (CJK: Debian has no bold TrueType CJK face),
    so the PDF draws its letters outlined as well as filled to make them heavier."""
    return bold and name in _REGULAR_ONLY


@lru_cache(maxsize=8192)  # boards measure the same labels again and again (anchoring, fitting)
def text_width(text: str, size_pt: float, bold: bool = False, faces: Faces = DEFAULT) -> float:
    """The advance width of ``text`` in millimetres at ``size_pt`` points, as shaped for drawing."""
    from pnp.printing.shaping import width

    register()
    return sum(width(piece, name, size_pt) for name, piece in drawn(text, bold, faces)) * PT


def extent(size_pt: float, bold: bool = False, faces: Faces = DEFAULT) -> tuple[float, float]:
    """How far the face reaches above and below its baseline at ``size_pt`` points, in millimetres."""
    from reportlab.pdfbase.pdfmetrics import getAscentDescent

    register()
    ascent, descent = getAscentDescent(faces.name(bold), size_pt)
    return ascent * PT, -descent * PT


def fit_size(
    text: str, width_mm: float, size_pt: float, bold: bool = False, minimum: float = 4.0, faces: Faces = DEFAULT
) -> float:
    """The largest size up to ``size_pt`` at which ``text`` fits ``width_mm``, but never below ``minimum``.

    Text width grows in proportion to the size, so one measurement gives the exact size;
    below ``minimum`` legibility wins and the text may overrun.
    """
    need = text_width(text, size_pt, bold, faces)
    if need <= width_mm:
        return size_pt
    return max(minimum, size_pt * width_mm / need)


def may_break(before: str, after: str) -> bool:
    """True when a line may end between the characters ``before`` and ``after``, written with no space between
    them: beside a character of a script written without spaces (CJK ideographs, kana, fullwidth forms), but never
    before closing punctuation (a closing bracket or quote, 。、！？・, ー, 々) nor after an opening bracket or quote."""
    return (
        (_unspaced(before) or _unspaced(after))
        and unicodedata.category(after) not in ("Pe", "Pf", "Po", "Lm")
        and unicodedata.category(before) not in ("Ps", "Pi")
    )


def _unspaced(char: str) -> bool:
    """True for a character of a script written without spaces between words: East Asian wide or fullwidth, but
    for Hangul (Korean puts spaces between its words)."""
    return unicodedata.east_asian_width(char) in ("W", "F") and not unicodedata.name(char, "").startswith("HANGUL")


@lru_cache(maxsize=8192)  # a text is wrapped again at each size tried
def breaks(text: str) -> tuple[tuple[str, bool], ...]:
    """``text`` cut where a line may end: at spaces, and inside a word where ``may_break`` allows; each piece, and
    whether a space stood before it."""
    pieces: list[tuple[str, bool]] = []
    for word in text.split():
        pieces.append((word[0], True))
        for before, after in pairwise(word):
            if may_break(before, after):
                pieces.append((after, False))
            else:
                pieces[-1] = (pieces[-1][0] + after, pieces[-1][1])
    return tuple(pieces)


def wrap(text: str, size_pt: float, width_mm: float, bold: bool = False, faces: Faces = DEFAULT) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm`` at ``size_pt``: at spaces, and between the characters
    of CJK text (see ``breaks``)."""
    lines: list[str] = []
    for piece, spaced in breaks(text):
        if lines:
            joined = f"{lines[-1]}{' ' if spaced else ''}{piece}"
            if text_width(joined, size_pt, bold, faces) <= width_mm:
                lines[-1] = joined
                continue
        lines.append(piece)
    return lines
