"""Paper sizes: every named paper and a custom WxH give pages of that size, and a bigger paper tiles less."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from pnp.errors import PnpError
from pnp.printing.paper import PAPERS, paper_size

PT = 72 / 25.4


def page_sizes(folder) -> set[tuple[float, float]]:
    """Every page's size in mm, portrait (shorter side first), over every PDF in ``folder``."""
    sizes = set()
    for pdf in folder.glob("*.pdf"):
        for page in PdfReader(pdf).pages:
            w, h = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
            sizes.add((round(min(w, h), 1), round(max(w, h), 1)))
    return sizes


@pytest.mark.parametrize("paper", [*PAPERS, "300x400"])
def test_every_page_of_a_kit_is_the_paper_asked_for(cli, tmp_path, paper):
    code, _, err = cli("build", "aloft", "--paper", paper, "-o", "kit")
    assert code == 0, err
    width, height = paper_size(paper)
    assert page_sizes(tmp_path / "kit" / "aloft") == {(round(width, 1), round(height, 1))}  # calibration included


def test_a_bigger_paper_tiles_the_board_on_fewer_sheets_and_one_that_holds_it_does_not_tile(cli, tmp_path):
    pages = {}
    for paper in ("a4", "a3", "1000x700"):
        cli("build", "aloft", "--paper", paper, "-o", paper)
        pages[paper] = len(PdfReader(tmp_path / paper / "aloft" / "board.pdf").pages)
    assert pages["a3"] < pages["a4"] and pages["1000x700"] == 1, pages


@pytest.mark.parametrize(
    ("paper", "message"),
    [
        ("a5", "paper 'a5': unknown (known: a4, letter, a3, tabloid, or WxH in mm such as 300x400)"),
        ("50x400", "paper '50x400': each side must be 100 to 1500 mm"),
        ("300x", "paper '300x': unknown"),
        ("100x100", "200x265 mm is larger than the printable area of 100 x 100 mm (90x86 mm)"),  # not '100X100'
    ],
)
def test_an_unknown_or_impossible_paper_is_one_line(cli, paper, message):
    code, _, err = cli("build", "aloft", "--paper", paper)
    assert code == 1 and err.count("\n") == 1 and message in err


def test_custom_sizes_read_either_way_round_and_names_in_any_case():
    assert paper_size("400x300") == paper_size("300 X 400") == (300.0, 400.0)
    assert paper_size("A3") == (297.0, 420.0) and paper_size("Tabloid") == (279.4, 431.8)
    with pytest.raises(PnpError):
        paper_size("1600x300")
