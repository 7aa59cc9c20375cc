"""A tiled board is written once per PDF and placed on its overview and on every tile, read back from the file."""

from __future__ import annotations

import random

import pytest
from pypdf import PdfReader
from support.pdfium import printed_pages
from support.printing import BOARD_EDGE, MM, curves, kit, raster, stroked, word_boxes

from pnp.printing import boards
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.fonts import text_width
from pnp.printing.inksaver import light_fill
from pnp.printing.paper import Rect
from pnp.printing.parts import Board
from pnp.printing.render import PrintSettings, render_kit, write_drawing
from pnp.printing.tiling import plan_tiles

WIDTH, HEIGHT = 500.0, 380.0  # four A4 tiles
STEP = 40  # mm between the board's labels
SEA, ISLAND = "#d0e8f8", "#3366cc"
PAGE_BYTES = 3000  # ample for a tile page's own drawing (its frame, crosshairs, cut marks, footer)
OVERVIEW_BYTES = 9000  # and for the overview's: its grid, tile names, the steps of putting it together, their sketch


def busy_board(width: float = WIDTH, height: float = HEIGHT) -> Drawing:
    """A board heavy enough to matter (many random islands) with a label every 40 mm naming its own position."""
    rng = random.Random(5)
    islands = [[(rng.uniform(0, width), rng.uniform(0, height)) for _ in range(8)] for _ in range(150)]

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill=SEA)
        for points in islands:
            c.polygon(points, fill=ISLAND, stroke="#202020", width=0.2)
        for x in range(20, int(width), STEP):
            for y in range(20, int(height), STEP):
                c.text(x, y, f"L{x}.{y}", size=6)
        c.rect(0, 0, width, height, stroke=BOARD_EDGE, width=0.1)

    return Drawing(width, height, draw)


def render(tmp_path, drawing: Drawing, ink_saver: bool = False):
    files = render_kit(kit(("boards", (Board("board", drawing),))), PrintSettings(ink_saver=ink_saver), tmp_path)
    return next(f for f in files if f.path.name == "boards.pdf")


def words_on_board(page) -> dict[str, tuple[float, float]]:
    """Each word on a page and where it starts, in board mm (measured from the board's edge on that page)."""
    edge = stroked(page, BOARD_EDGE)[BOARD_EDGE]
    return {text: (box.x0 * MM - edge.x, box.bottom * MM - edge.y) for text, box in word_boxes(page)}


def labels_inside(window: Rect) -> dict[str, tuple[float, float]]:
    """The board's labels lying wholly inside ``window``, with their anchor points."""
    labels = {}
    for x in range(20, int(WIDTH), STEP):
        for y in range(20, int(HEIGHT), STEP):
            text = f"L{x}.{y}"
            if window.x < x and x + text_width(text, 6) < window.right and window.y + 3 < y < window.bottom:
                labels[text] = (x, y)
    return labels


def assert_tiles_show_their_labels(path) -> None:
    tiling = plan_tiles(WIDTH, HEIGHT, "a4")
    pages = printed_pages(path)
    assert len(pages) == 1 + len(tiling.tiles) == 5
    for page, tile in zip(pages[1:], tiling.tiles):
        wanted, found = labels_inside(tile.window), words_on_board(page)
        assert wanted, tile.label
        for text, (x, y) in wanted.items():
            assert text in found, (tile.label, text)
            assert found[text][0] == pytest.approx(x, abs=0.05) and y <= found[text][1] < y + 1.5


def drawn_bytes(path) -> int:
    """The size of every drawing instruction in the file: page contents and each form once, uncompressed."""
    reader = PdfReader(path)
    forms = {}
    for page in reader.pages:
        for ref in page["/Resources"].get_object().get("/XObject", {}).values():
            forms[ref.idnum] = len(ref.get_object().get_data())
    return sum(len(page.get_contents().get_data()) for page in reader.pages) + sum(forms.values())


@pytest.fixture(scope="module")
def tiled(tmp_path_factory):
    return render(tmp_path_factory.mktemp("tiled"), busy_board())


def test_every_tile_shows_its_part_of_the_board_from_one_shared_copy(tiled, tmp_path):
    written = tiled
    assert_tiles_show_their_labels(written.path)  # the board's text, read back from each tile at its place

    # one form holds the board; the overview and every tile place that same object
    reader = PdfReader(written.path)
    placed = []
    for number, page in enumerate(reader.pages):
        forms = page["/Resources"].get_object().get("/XObject", {})
        placed.append({ref.idnum for ref in forms.values()})
        own = len(page.get_contents().get_data())  # the page itself: marks, frame, footer
        assert own < (PAGE_BYTES if number else OVERVIEW_BYTES)
    assert len(placed[0]) == 1 and all(refs == placed[0] for refs in placed)

    # so the file holds one board's worth of drawing and five small pages, not five boards
    single = tmp_path / "single.pdf"
    write_drawing(busy_board(), single)
    assert drawn_bytes(written.path) < drawn_bytes(single) + OVERVIEW_BYTES + (written.pages - 1) * PAGE_BYTES


def test_tiles_are_painted_only_within_their_window(tiled):
    written = tiled
    tiling = plan_tiles(WIDTH, HEIGHT, "a4")
    dpi = 40
    px = dpi / 25.4
    pages = printed_pages(written.path)
    edges = [stroked(page, BOARD_EDGE)[BOARD_EDGE] for page in pages[1:]]
    for number, (tile, edge) in enumerate(zip(tiling.tiles, edges), start=2):
        rows = raster(written.path, number, dpi)
        left, top = edge.x + tile.window.x, edge.y + tile.window.y  # the window's corner on the page
        w, h = tile.window.w, tile.window.h
        inside = [
            rows[int((top + h * j / 10) * px)][int((left + w * i / 10) * px)]
            for i in range(1, 10)
            for j in range(1, 10)
        ]
        outside = [
            rows[int((top + h / 2) * px)][int((left - 3) * px)],
            rows[int((top - 3) * px)][int((left + w / 2) * px)],
        ]
        assert sum(v < 245 for v in inside) >= 0.9 * len(inside), tile.label  # sea or islands, not paper
        assert min(outside) > 250, tile.label  # the margin beside the window stays blank


def test_the_ink_saver_tints_the_shared_board_on_every_page(tmp_path):
    written = render(tmp_path, busy_board(), ink_saver=True)
    light = tuple(round(c / 255, 2) for c in bytes.fromhex(light_fill(ISLAND)[1:]))
    for page in printed_pages(written.path):
        fills = {tuple(round(v / 255, 2) for v in c.fill) for c in curves(page) if c.fill is not None}
        assert light in fills and (0.2, 0.4, 0.8) not in fills


def test_a_drawing_that_cannot_be_kept_is_drawn_on_each_tile(tmp_path):
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __init__(self, drawing: Drawing) -> None:
            self.drawing = drawing

        def __call__(self, c: Canvas) -> None:
            self.drawing.draw(c)

    written = render(tmp_path, Drawing(WIDTH, HEIGHT, Unhashable(busy_board())))
    assert_tiles_show_their_labels(written.path)
    assert not any("/XObject" in page["/Resources"].get_object() for page in PdfReader(written.path).pages)


@pytest.mark.parametrize("ink_saver", [False, True])
def test_tiles_look_the_same_as_the_board_drawn_directly(tmp_path, monkeypatch, ink_saver):
    """The shared copy paints exactly what drawing the board straight onto each page would."""
    shared = render(tmp_path / "shared", busy_board(), ink_saver)
    monkeypatch.setattr(boards, "place", lambda canvas, drawing: drawing.draw(canvas))
    direct = render(tmp_path / "direct", busy_board(), ink_saver)
    assert drawn_bytes(shared.path) * 3 < drawn_bytes(direct.path)  # one copy against five
    for number in (1, 2, 5):
        assert raster(shared.path, number, 50) == raster(direct.path, number, 50)
