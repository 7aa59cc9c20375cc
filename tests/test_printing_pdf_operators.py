"""The PDF backend writes its operators itself: byte for byte what reportlab, or its generic path, would write."""

from __future__ import annotations

import math
import random

import pytest
from reportlab.pdfgen.canvas import Canvas as RlCanvas

from pnp.printing import fonts
from pnp.printing.canvas import PT
from pnp.printing.color import rgb
from pnp.printing.pdf import KAPPA, PdfCanvas

# every printable character Vera has: more distinct ones than one font subset holds, so the text switches subsets
# mid-string (a character Vera lacks is drawn in a fallback face, see tests/test_printing_scripts.py)
MANY = "".join(chr(c) for c in sorted(fonts.covered(fonts.REGULAR)) if c > 0x20 and c != 0x7F)
CASES = [
    (10.0, 20.0, "Plain", 8.0, "start", False, 0.0),
    (105.5, 33.25, "Middle (and brackets)\\", 6.5, "middle", True, 0.0),
    (200.0, 0.0, "End", 11.0, "end", False, 0.0),
    (50.0, 60.0, "Turned", 7.0, "middle", False, 90.0),
    (1e-9, 297.0, "Slanted Ünïcode", 5.123456, "end", True, -33.0),
    (12.0, 14.0, MANY, 4.0, "start", False, 0.0),
]


def _reportlab(rl: RlCanvas, x, y, s, size, anchor, bold, rotate) -> None:
    """Text drawn as the backend drew it before: through reportlab's text object."""
    shift = 0.0 if anchor == "start" else fonts.text_width(s, size, bold) * (0.5 if anchor == "middle" else 1.0)
    cos, sin = (1.0, 0.0) if not rotate else (math.cos(math.radians(rotate)), math.sin(math.radians(rotate)))
    t = rl.beginText()
    t.setTextTransform(cos, sin, sin, -cos, x - shift * cos, y - shift * sin)
    t.setFont(fonts.DEFAULT.name(bold), size * PT)
    t.textOut(s)
    rl.setFillColorRGB(0, 0, 0)
    rl.drawText(t)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case[2][:8])
def test_text_operators_match_reportlabs_text_object(tmp_path, case):
    x, y, s, size, anchor, bold, rotate = case
    fonts.register()
    ours, theirs = (RlCanvas(str(tmp_path / f"{name}.pdf"), invariant=1) for name in ("ours", "theirs"))
    PdfCanvas(ours, {}).text(x, y, s, size=size, anchor=anchor, bold=bold, rotate=rotate)
    PdfCanvas(ours, {}).text(x, y + 5, s, size=size, anchor=anchor, bold=bold, rotate=rotate)
    _reportlab(theirs, x, y, s, size, anchor, bold, rotate)
    _reportlab(theirs, x, y + 5, s, size, anchor, bold, rotate)
    assert ours._code == theirs._code
    assert "BT" in ours._code[-1] and " Tj" in ours._code[-1]
    assert ours.getpdfdata() == theirs.getpdfdata()  # the same glyphs embedded in the same subsets


@pytest.mark.parametrize("colour", ["#000000", "#ffffff", "#1d2330", "#e3b23c", "#c0392b", "#7f8081", "#abc"])
@pytest.mark.parametrize("width", [0.25, 0.3, 1, 0.123456789, 12.5])
def test_colour_and_width_operators_match_reportlabs_canvas(tmp_path, colour, width):
    ours, theirs = (RlCanvas(str(tmp_path / f"{name}.pdf"), invariant=1) for name in ("ours", "theirs"))
    PdfCanvas(ours, {}).rect(1, 2, 3, 4, fill=colour, stroke=colour, width=width)
    theirs.setFillColorRGB(*rgb(colour))
    theirs.setStrokeColorRGB(*rgb(colour))
    theirs.setLineWidth(width)
    theirs.setDash([], 0)
    theirs.addLiteral("1 2 3 4 re B*")
    assert ours._code == theirs._code


STYLE = {"fill": "#123456", "stroke": "#654321", "width": 0.3}


def _code(tmp_path, shape: str, *args, **kwargs) -> list[str]:
    """The content stream of one shape, drawn by the backend's method ``shape``."""
    rl = RlCanvas(str(tmp_path / "shape.pdf"), invariant=1)
    getattr(PdfCanvas(rl, {}), shape)(*args, **STYLE, **kwargs)
    return rl._code


def test_rounded_boxes_and_circles_are_written_as_their_generic_paths(tmp_path):
    """The shortcuts for rounded rectangles and circles write what ``path`` writes for the same curves."""
    rng = random.Random(5)
    for _ in range(300):
        x, y = rng.choice([0.0, -0.0, 12.5]) + rng.uniform(-300, 300), rng.uniform(-300, 300)
        w, h, r = rng.uniform(-50, 50), rng.uniform(-50, 50), rng.choice([0.6, 1.5, rng.uniform(0.00001, 9)])
        x0, x1, y0, y1, t = min(x, x + w), max(x, x + w), min(y, y + h), max(y, y + h), (1 - KAPPA) * r
        box = [
            ("M", x0 + r, y0),
            ("L", x1 - r, y0),
            ("C", x1 - t, y0, x1, y0 + t, x1, y0 + r),
            ("L", x1, y1 - r),
            ("C", x1, y1 - t, x1 - t, y1, x1 - r, y1),
            ("L", x0 + r, y1),
            ("C", x0 + t, y1, x0, y1 - t, x0, y1 - r),
            ("L", x0, y0 + r),
            ("C", x0, y0 + t, x0 + t, y0, x0 + r, y0),
            ("Z",),
        ]
        assert _code(tmp_path, "rect", x, y, w, h, radius=r) == _code(tmp_path, "path", box)
        k, right, left, top, bottom = KAPPA * r, x + r, x - r, y - r, y + r
        circle = [
            ("M", right, y),
            ("C", right, y + k, x + k, bottom, x, bottom),
            ("C", x - k, bottom, left, y + k, left, y),
            ("C", left, y - k, x - k, top, x, top),
            ("C", x + k, top, right, y - k, right, y),
            ("Z",),
        ]
        assert _code(tmp_path, "circle", x, y, r) == _code(tmp_path, "path", circle)


def test_streams_are_deflated_at_pnps_level_and_reportlab_is_left_as_it_was(tmp_path):
    """Every stream of a written file inflates to what was drawn, deflated at DEFLATE_LEVEL; reportlab's own
    filter is back to its own level for any other user of reportlab in the process."""
    import zlib

    import pypdf
    from reportlab.pdfbase import pdfdoc

    from pnp.printing.pdf import DEFLATE_LEVEL, PdfWriter

    writer = PdfWriter(tmp_path / "lines.pdf", "Lines")
    writer.page(100, 100, lambda c: [c.line(i, 0, i, 100 - i / 3, stroke="#224466") for i in range(90)])
    writer.close()
    content = pypdf.PdfReader(tmp_path / "lines.pdf").pages[0]["/Contents"].get_object()
    raw = content.get_data()
    assert b"89 0 m 89 70.3333 l S" in raw
    assert content._data == zlib.compress(raw, DEFLATE_LEVEL) != zlib.compress(raw)
    assert "encode" not in vars(pdfdoc.PDFZCompress)
    assert pdfdoc.PDFZCompress.encode(raw) == zlib.compress(raw)


def test_pdfs_written_at_once_on_threads_are_those_written_one_after_another(tmp_path):
    """While it writes, a PdfWriter stands in for parts of reportlab's module (its deflating and text encoding); two
    threads writing at once (as a server's may) neither fail nor write each other's way: each file is, byte for
    byte, the one written alone."""
    from concurrent.futures import ThreadPoolExecutor

    from pnp.printing.pdf import PdfWriter

    def written(n: int) -> bytes:
        pdf = PdfWriter(tmp_path / f"{n}.pdf", f"file {n}")
        for page in range(12):
            pdf.page(210, 297, lambda c, page=page: c.text(20, 20 + page, f"{n}: {MANY}", size=7))
        return pdf.data()

    alone = [written(n) for n in range(4)]
    with ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            assert list(pool.map(written, range(4))) == alone
