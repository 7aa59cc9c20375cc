"""``pnp preflight``: clean on everything pnp builds (every kit on A4 and Letter, and the ``--press`` files), and
one line naming the fault on a PDF made with reportlab with one planted defect."""

from __future__ import annotations

import pypdf
import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from support.games import GAMES, example_in, registered

from pnp.errors import PnpError
from pnp.export.press import SHOPS, export_press, press_face
from pnp.printing import fonts
from pnp.printing.cards import ItemSet
from pnp.printing.parts import POKER, Card, Deck, Face
from pnp.printing.preflight import HOME, PRESSES, preflight

pytestmark = registered  # the guide's example game is checked as a registered game too
MM = 72 / 25.4
RGB_FOR_DRIVETHRU = "RGB colours, where DriveThruCards asks for CMYK (PDF/X-1a)"
WIDTH, HEIGHT, BLEED = 80.0, 110.0, 5.0  # the fixture's page and its bleed round the trim, mm


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit_files(request, printed_kits, example_catalogues):
    """Every PDF of every kit, the guide's example game's too, on one paper (printed once for the session)."""
    with example_in(example_catalogues):
        return printed_kits.pdfs(request.param)


@pytest.fixture(scope="module")
def kits(printed_kits, example_catalogues):
    with example_in(example_catalogues):
        return [printed_kits.kit(game) for game in GAMES]


def test_every_kit_passes_on_a4_and_letter(kit_files):
    found = {f"{path.parent.name}/{path.name}": preflight(path) for path in kit_files}
    assert len(found) >= 17 and not any(found.values()), {name: lines[:5] for name, lines in found.items() if lines}


@pytest.fixture(scope="module")
def press(kits, tmp_path_factory):
    """Every kit's ``--press`` files for a shop, by game: written once for the two tests that read them."""
    made: dict[str, dict[str, list]] = {}

    def files(shop: str) -> dict[str, list]:
        if shop not in made:
            out = tmp_path_factory.mktemp(f"press-{shop}")
            made[shop] = {kit.game: export_press(kit, out, shop) for kit in kits}
        return made[shop]

    return files


@pytest.mark.parametrize("shop", ["drivethru", "generic"])
def test_every_press_pdf_passes_for_its_shop_with_the_shops_bleed_but_its_colours(press, shop):
    """pnp's files are RGB: DriveThruCards, which takes CMYK PDF/X-1a only, is told so for each file, in one line."""
    files = [f.path for written in press(shop).values() for f in written]
    assert {path.parent.parent.name if shop == "generic" else path.parent.name for path in files} == {f"press-{shop}"}
    problems = {path.name: preflight(path, PRESSES[shop]) for path in files}
    expected = [RGB_FOR_DRIVETHRU] if shop == "drivethru" else []
    assert all(lines == expected for lines in problems.values()), {n: v for n, v in problems.items() if v != expected}
    bleed = SHOPS[shop].bleed * MM
    for path in files[:: max(1, len(files) // 20)]:  # a sample of the files, every deck's among them
        for page in pypdf.PdfReader(path).pages:
            trim, bled, media = (_box(page, name) for name in ("/TrimBox", "/BleedBox", "/MediaBox"))
            assert bled == pytest.approx(media)
            assert trim == pytest.approx((bled[0] + bleed, bled[1] + bleed, bled[2] - bleed, bled[3] - bleed))


def test_drivethru_takes_a_pdf_per_deck_and_generic_a_pdf_per_card(press):
    decks, cards = press("drivethru")["air-king"], press("generic")["air-king"]
    assert len(decks) == 5 and sum(f.components[next(iter(f.components))] for f in decks) == 54
    assert len(cards) == 54 and all(f.pages == 2 for f in cards)  # a front and a back each
    poker = pypdf.PdfReader(decks[0].path).pages[0]
    assert _box(poker, "/MediaBox")[2:] == pytest.approx((2.75 * 72, 3.75 * 72))


def test_a_tgc_poker_face_is_825_by_1125_px_and_a_mini_card_goes_on_its_mini_card(cli, tmp_path):
    deck = Deck("d", POKER, (Card("c", Face(lambda c: None)),))
    picture = press_face(ItemSet.of([deck]), deck.cards[0].front, SHOPS["tgc"]).drawing
    assert (round(picture.width / 25.4 * 300), round(picture.height / 25.4 * 300)) == (825, 1125)
    code, out, err = cli("build", "aloft", "--press", "tgc")
    assert code == 0, err
    faces = sorted((tmp_path / "output" / "aloft" / "press-tgc" / "balloons").glob("*.png"))
    assert len(faces) == 36  # 18 balloon cards, front and back; the trucks and the colours are decks of their own
    with Image.open(faces[0]) as image:
        assert image.size == (600, 825) and round(image.info["dpi"][0]) == 300  # 1.75 x 2.5 in and 1/8 in bleed
    assert "58 files." in out and "preflight" not in out  # PNG files: nothing for preflight to read


@pytest.mark.parametrize(
    ("shop", "said"),
    [
        ("generic", "Check them with 'pnp preflight FILE.pdf --press generic'."),
        (
            "drivethru",
            (
                "DriveThruCards takes CMYK PDF/X-1a only and these are RGB: convert them with the shop's tool or a "
                "prepress program first, then check them with 'pnp preflight FILE.pdf --press drivethru'."
            ),
        ),
    ],
)
def test_a_press_build_says_how_its_pdfs_are_checked_and_what_comes_first_for_a_cmyk_shop(cli, shop, said):
    """A DriveThruCards build said 'Check them with pnp preflight …', which then refused every RGB file it wrote."""
    code, out, err = cli("build", "air-king", "--press", shop)
    assert code == 0, err
    assert out.splitlines()[-1].endswith(said)


def _box(page, name):
    return tuple(float(v) for v in page[name])


# One page of WIDTH x HEIGHT mm, its trim BLEED mm inside: clean, or with one planted defect.
def _fixture(path, defect: str = "") -> None:
    fonts.register()
    c = Canvas(str(path), pagesize=(WIDTH * MM, HEIGHT * MM))
    c.setTrimBox((BLEED * MM, BLEED * MM, (WIDTH - BLEED) * MM, (HEIGHT - BLEED) * MM))
    if defect != "no bleed box":
        c.setBleedBox((0, 0, WIDTH * MM, HEIGHT * MM))
    if defect == "cmyk":
        c.setFillColorCMYK(1, 1, 1, 0.2)  # 320 % of ink
    else:
        c.setFillColorRGB(0.2, 0.3, 0.8)
    c.rect(0, 0, WIDTH * MM, HEIGHT * MM, fill=1, stroke=0)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica" if defect == "helvetica" else fonts.REGULAR, 5 if defect == "5 pt" else 8)
    c.drawString(20 * MM, 60 * MM, "Launch two balloons")
    c.setFont(fonts.REGULAR, 5.5)
    c.drawString(20 * MM, 1 * MM, "a footer in the bleed")  # cut away: fine print may be 5 pt
    if defect == "safe zone":
        c.setFont(fonts.REGULAR, 8)
        c.drawString((BLEED + 1) * MM, 30 * MM, "Too near the edge")
    pixels = 150 if defect == "150 dpi" else 300
    picture = Image.new("CMYK", (pixels, pixels), (255, 255, 255, 60)) if defect == "cmyk image" else None
    picture = picture or Image.new("RGB", (pixels, pixels), "#c04020")
    c.drawImage(ImageReader(picture), 20 * MM, 70 * MM, 72, 72)  # an inch square
    c.showPage()
    c.save()


FAULTS = [
    ("5 pt", 'text under 6 pt: "Launch two balloons" at 5.0 pt'),
    ("150 dpi", "image under 300 dpi: 150x150 px at 150 dpi"),
    ("helvetica", "font not embedded: Helvetica"),
    ("no bleed box", "missing bleed: no BleedBox"),
    ("cmyk", "total ink over 300 %: 320 % (C 100 M 100 Y 100 K 20)"),
    ("cmyk image", "total ink over 300 %: an image at 324 %"),
]


def test_the_clean_fixture_passes_for_every_shop_but_drivethru_which_takes_no_rgb(tmp_path):
    _fixture(tmp_path / "clean.pdf")
    found = {name: preflight(tmp_path / "clean.pdf", press) for name, press in {"home": HOME, **PRESSES}.items()}
    assert found == {"home": [], "tgc": [], "generic": [], "drivethru": [RGB_FOR_DRIVETHRU]}


def _cmyk_fixture(path, pdfx: bool = True, form_rgb: bool = False) -> None:
    """A page of CMYK colours only (and an RGB one in a form when ``form_rgb``), declared PDF/X-1a when ``pdfx``."""
    fonts.register()
    c = Canvas(str(path), pagesize=(WIDTH * MM, HEIGHT * MM))
    c.setTrimBox((BLEED * MM, BLEED * MM, (WIDTH - BLEED) * MM, (HEIGHT - BLEED) * MM))
    c.setBleedBox((0, 0, WIDTH * MM, HEIGHT * MM))
    c.setFillColorCMYK(0.6, 0.4, 0.4, 1)  # DriveThruCards' rich black: 240 %
    c.rect(0, 0, WIDTH * MM, HEIGHT * MM, fill=1, stroke=0)
    c.setFillColorCMYK(0, 0, 0, 0)
    c.setFont(fonts.REGULAR, 8)
    c.drawString(20 * MM, 60 * MM, "Launch two balloons")
    c.drawImage(ImageReader(Image.new("CMYK", (300, 300), (0, 0, 0, 40))), 20 * MM, 70 * MM, 72, 72)
    if form_rgb:
        c.beginForm("logo")
        c.setFillColorRGB(0.8, 0.1, 0.1)
        c.rect(0, 0, 10, 10, fill=1, stroke=0)
        c.endForm()
        c.doForm("logo")
    c.showPage()
    c.save()
    if pdfx:
        writer = pypdf.PdfWriter(clone_from=path)
        intent = pypdf.generic.DictionaryObject(
            {
                pypdf.generic.NameObject("/Type"): pypdf.generic.NameObject("/OutputIntent"),
                pypdf.generic.NameObject("/S"): pypdf.generic.NameObject("/GTS_PDFX"),
                pypdf.generic.NameObject("/OutputConditionIdentifier"): pypdf.generic.TextStringObject("FOGRA39"),
            }
        )
        writer._root_object[pypdf.generic.NameObject("/OutputIntents")] = pypdf.generic.ArrayObject([intent])
        writer.add_metadata({"/GTS_PDFXVersion": "PDF/X-1a:2003"})
        writer.write(path)


def test_a_cmyk_pdfx_file_passes_for_drivethru_and_one_without_its_intent_is_named(tmp_path):
    _cmyk_fixture(tmp_path / "x1a.pdf")
    assert preflight(tmp_path / "x1a.pdf", PRESSES["drivethru"]) == []
    _cmyk_fixture(tmp_path / "plain.pdf", pdfx=False)
    assert preflight(tmp_path / "plain.pdf", PRESSES["drivethru"]) == [
        "not PDF/X-1a (no PDF/X output intent), where DriveThruCards asks for it"
    ]
    assert preflight(tmp_path / "plain.pdf", PRESSES["tgc"]) == []  # The Game Crafter asks no PDF/X
    _cmyk_fixture(tmp_path / "form.pdf", form_rgb=True)
    assert preflight(tmp_path / "form.pdf", PRESSES["drivethru"]) == [RGB_FOR_DRIVETHRU]  # in a form it paints


@pytest.mark.parametrize(("defect", "fault"), FAULTS)
def test_one_planted_defect_is_one_line_naming_it(tmp_path, defect, fault):
    _fixture(tmp_path / "bad.pdf", defect)
    assert preflight(tmp_path / "bad.pdf") == [f"page 1: {fault}"]


def test_text_in_the_safe_zone_is_found_for_a_shop(tmp_path):
    _fixture(tmp_path / "bad.pdf", "safe zone")
    assert preflight(tmp_path / "bad.pdf") == []  # a home printer asks no safe margin
    assert preflight(tmp_path / "bad.pdf", PRESSES["drivethru"]) == [
        'page 1: content in the safe zone: text "Too near the edge" within 3.175 mm of the trim',
        RGB_FOR_DRIVETHRU,
    ]


def test_a_shop_finds_less_bleed_than_it_asks_and_its_own_ink_limit(tmp_path):
    _fixture(tmp_path / "bad.pdf", "cmyk")
    lines = preflight(tmp_path / "bad.pdf", PRESSES["drivethru"])
    assert lines == ["page 1: total ink over 240 %: 320 % (C 100 M 100 Y 100 K 20)", RGB_FOR_DRIVETHRU]
    c = Canvas(str(tmp_path / "thin.pdf"), pagesize=(WIDTH * MM, HEIGHT * MM))
    c.setTrimBox((2 * MM, 2 * MM, (WIDTH - 3.5) * MM, (HEIGHT - 3.5) * MM))
    c.setBleedBox((0, 0, WIDTH * MM, HEIGHT * MM))
    c.showPage()
    c.save()
    assert preflight(tmp_path / "thin.pdf") == []
    assert preflight(tmp_path / "thin.pdf", PRESSES["generic"]) == [
        "page 1: missing bleed: 2.00 mm at the left and bottom, under a print shop's 3 mm"
    ]  # it named the left alone
    c = Canvas(str(tmp_path / "even.pdf"), pagesize=(WIDTH * MM, HEIGHT * MM))
    c.setTrimBox((2 * MM, 2 * MM, (WIDTH - 2) * MM, (HEIGHT - 2) * MM))
    c.setBleedBox((0, 0, WIDTH * MM, HEIGHT * MM))
    c.showPage()
    c.save()
    assert preflight(tmp_path / "even.pdf", PRESSES["generic"]) == [
        "page 1: missing bleed: 2.00 mm on every side, under a print shop's 3 mm"
    ]


def test_the_command_lists_problems_then_one_error_line(cli, tmp_path):
    _fixture(tmp_path / "clean.pdf")
    _fixture(tmp_path / "bad.pdf", "5 pt")
    code, out, err = cli("preflight", "clean.pdf", "--press", "generic")
    assert (code, err) == (0, "") and out == "1 file checked for a print shop: no problems.\n"
    code, out, err = cli("preflight", "clean.pdf", "--press", "drivethru")  # RGB, not what the shop takes
    assert code == 1 and out == f"clean.pdf: {RGB_FOR_DRIVETHRU}\n"
    assert err == "pnp: error: 1 problem in 1 of 1 file for DriveThruCards\n"
    code, out, err = cli("preflight", "clean.pdf", "bad.pdf")
    assert code == 1 and out == 'bad.pdf: page 1: text under 6 pt: "Launch two balloons" at 5.0 pt\n'
    assert err == "pnp: error: 1 problem in 1 of 2 files for a home printer\n"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a pdf at all", "not a readable PDF"),
        (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n", "readable"),
    ],
)
def test_a_damaged_pdf_is_one_line(cli, tmp_path, content, message):
    (tmp_path / "bad.pdf").write_bytes(content)
    code, out, err = cli("preflight", "bad.pdf")
    assert code == 1 and out == "" and err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_file_over_the_limit_is_refused_in_one_line(tmp_path, monkeypatch):
    from pnp.printing import preflight as module

    _fixture(tmp_path / "clean.pdf")
    monkeypatch.setattr(module, "MAX_BYTES", 1000)
    with pytest.raises(PnpError, match=r"clean.pdf: 0 MB, larger than the 0 MB pnp checks"):
        preflight(tmp_path / "clean.pdf")


def test_layout_options_beside_press_are_refused_naming_them(cli, tmp_path):
    """The shop sets its faces' size, bleed and format: '--press tgc --gutterfold' built the shop's faces and said
    nothing of the options it left unused (a cutter's marks beside it are refused likewise)."""
    said = (
        "pnp: error: --press tgc lays out each card face as the shop takes it (its size, bleed and format): leave out"
    )
    assert cli("build", "aloft", "--press", "tgc", "--gutterfold") == (1, "", f"{said} --gutterfold\n")
    args = ("--paper", "letter", "--bleed", "0", "--ink-saver", "--format", "svg")
    assert cli("build", "aloft", "--press", "tgc", *args) == (
        1,
        "",
        f"{said} --paper, --format, --bleed, --ink-saver\n",
    )
    assert not (tmp_path / "output").exists()
