"""Live preview: a good, a broken and a fixed save give a map, the error line, and the map again; Ctrl-C ends it."""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import pnp.cli.watching
from pnp.cli.watching import following, saves, watch
from pnp.errors import PnpError
from pnp.resources import board_file
from pnp.variants.preview import named_files

GOOD = board_file("aloft.yaml").read_text(encoding="utf-8")
TALL = GOOD.replace("rows: 4", "rows: 6")
BROKEN = GOOD.replace("cell_width: 48", "cell_width: 40")
ERROR = "cell_width: 40 mm is too narrow for a 44 mm card"


def _edits(source: Path, out: Path, seen: list[str], *texts: str) -> Iterator[object]:
    """Saves ``texts`` one by one, as the watcher would report them, noting ``out`` after each rebuild."""
    for text in texts:
        seen.append(out.read_text(encoding="utf-8"))
        source.write_text(text, encoding="utf-8")
        yield {("modified", str(source))}
    seen.append(out.read_text(encoding="utf-8"))


def test_a_broken_save_shows_its_error_line_in_place_of_the_picture_until_a_fixed_save(tmp_path, capsys):
    source, out = tmp_path / "board.yaml", tmp_path / "board.svg"
    source.write_text(GOOD, encoding="utf-8")
    seen: list[str] = []
    rebuilds = []

    def rebuild() -> None:
        rebuilds.append(source.read_text(encoding="utf-8"))
        if "cell_width: 40" in rebuilds[-1]:
            raise PnpError(f"board.yaml:9:13: {ERROR}")
        out.write_text("<svg>tall</svg>" if "rows: 6" in rebuilds[-1] else "<svg>low</svg>", encoding="utf-8")

    watch(source, out, rebuild, _edits(source, out, seen, BROKEN, TALL))
    good, broken, fixed = seen
    assert (good, fixed) == ("<svg>low</svg>", "<svg>tall</svg>")
    assert broken.startswith("<svg") and f">board.yaml:9:13: {ERROR}</text>" in broken
    assert len(rebuilds) == 3
    out_text, err = capsys.readouterr()
    assert err == f"pnp: error: board.yaml:9:13: {ERROR}\n"
    assert out_text.splitlines()[1:] == [f"wrote {out}", f"wrote {out}", f"stopped watching {source}"]


def test_map_preview_watch_draws_the_map_then_the_error_then_the_fixed_map(cli, monkeypatch):
    source, out = Path("board.yaml"), Path("board.svg")
    source.write_text(GOOD, encoding="utf-8")
    seen: list[str] = []
    monkeypatch.setattr(pnp.cli.watching, "saves", lambda path, **_: _edits(path, out, seen, BROKEN, TALL))
    code, stdout, err = cli("map", "preview", "--watch", "board.yaml", "-o", "board.svg")
    assert code == 0, err
    good, broken, fixed = seen
    assert "<svg" in good and ERROR not in good and good != fixed and "<svg" in fixed
    line = err.removeprefix("pnp: error: ").strip()
    assert line.startswith("board.yaml:") and ERROR in line and err.count("\n") == 1
    assert f">{html.escape(line)}</text>" in broken and "<image" not in broken
    assert stdout.splitlines()[-1] == "stopped watching board.yaml"


def test_map_preview_watch_writes_a_pdf_of_the_error_line_too(cli, monkeypatch):
    import pypdf

    Path("board.yaml").write_text(BROKEN, encoding="utf-8")
    monkeypatch.setattr(pnp.cli.watching, "saves", lambda path, **_: iter(()))
    code, _, err = cli("map", "preview", "--watch", "board.yaml", "-o", "board.pdf")
    assert code == 0 and ERROR in err
    text = pypdf.PdfReader("board.pdf").pages[0].extract_text()
    assert ERROR in " ".join(text.split())


def test_ctrl_c_ends_the_watch_cleanly(cli, monkeypatch):
    Path("board.yaml").write_text(GOOD, encoding="utf-8")

    def interrupted(path: Path, **_: object) -> Iterator[object]:
        raise KeyboardInterrupt
        yield

    monkeypatch.setattr(pnp.cli.watching, "saves", interrupted)
    code, out, err = cli("map", "preview", "--watch", "board.yaml", "-o", "board.svg")
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == ["wrote board.svg", "stopped watching board.yaml"]


def test_a_bad_output_name_is_refused_before_watching(cli):
    Path("board.yaml").write_text(GOOD, encoding="utf-8")
    code, out, err = cli("map", "preview", "--watch", "board.yaml", "-o", "board.png")
    assert code == 1 and out == "" and err == "pnp: error: board.png: the preview is written as .svg or .pdf\n"


def test_the_watcher_reports_saves_of_the_file_and_not_of_its_neighbours(tmp_path):
    """watchfiles really watching a folder: the verdict is what was reported, the waits only bound the test."""
    source, neighbour = tmp_path / "board.yaml", tmp_path / "other.yaml"
    source.write_text(GOOD, encoding="utf-8")
    stop, batches = threading.Event(), []
    watcher = threading.Thread(target=lambda: batches.extend(saves(source, stop)), daemon=True)
    watcher.start()
    deadline = time.monotonic() + 60
    while not batches and time.monotonic() < deadline:  # until the watcher, started meanwhile, sees a save
        neighbour.write_text(str(time.monotonic()), encoding="utf-8")
        source.write_text(TALL, encoding="utf-8")
        time.sleep(0.5)
    stop.set()
    watcher.join(timeout=30)
    assert not watcher.is_alive()
    assert batches, "no save reported within a minute"
    assert {Path(path) for batch in batches for _change, path in batch} == {source.resolve()}


def test_a_variants_watch_also_follows_the_files_it_names_beside_it(tmp_path):
    """A save of the variant's CSV deck is reported; a save of any other neighbour is not."""
    source, deck, neighbour = tmp_path / "v.yaml", tmp_path / "deck.csv", tmp_path / "notes.txt"
    source.write_text("game: air-king\n", encoding="utf-8")
    stop, batches = threading.Event(), []
    watcher = threading.Thread(target=lambda: batches.extend(saves(source, stop, beside=lambda: [deck])), daemon=True)
    watcher.start()
    deadline = time.monotonic() + 60
    while not batches and time.monotonic() < deadline:  # until the watcher, started meanwhile, sees a save
        neighbour.write_text(str(time.monotonic()), encoding="utf-8")
        deck.write_text(str(time.monotonic()), encoding="utf-8")
        time.sleep(0.5)
    stop.set()
    watcher.join(timeout=30)
    assert not watcher.is_alive()
    assert batches, "no save reported within a minute"
    assert {Path(path) for batch in batches for _change, path in batch} == {deck.resolve()}


def test_a_deck_saved_broken_is_still_followed_and_its_next_save_rebuilds(tmp_path):
    """The deck a variant names stays watched while a save has broken it (the variant then cannot be read, and
    names nothing): the broken save shows its error, and the save that mends it draws the cards again."""
    fixtures = Path(__file__).parent / "fixtures" / "variants"
    source, deck, neighbour = tmp_path / "calm.yaml", tmp_path / "air-king-calm.csv", tmp_path / "notes.txt"
    source.write_text((fixtures / "air-king-calm.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    good = (fixtures / "air-king-calm.csv").read_text(encoding="utf-8")
    deck.write_text(good, encoding="utf-8")
    follows = following(source, beside=lambda: named_files(source))
    deck.write_text(good.replace("Thunderhead,3,", "Thunderhead,25,"), encoding="utf-8")
    assert named_files(source) == []  # broken: the variant cannot be read
    assert follows("modified", str(deck))
    deck.write_text(good, encoding="utf-8")
    assert follows("modified", str(deck)) and follows("modified", str(source))
    assert not follows("modified", str(neighbour))


def test_variant_preview_watch_draws_the_cards_then_the_error_then_the_cards(cli, monkeypatch):
    source, out = Path("v.yaml"), Path("v.svg")
    good, renamed = "game: air-king\ncard_size: poker\n", "game: air-king\ncard_size: bridge\n"
    source.write_text(good, encoding="utf-8")
    seen: list[str] = []
    misspelt = "game: air-king\ncard_sise: poker\n"
    monkeypatch.setattr(pnp.cli.watching, "saves", lambda path, **_: _edits(path, out, seen, misspelt, renamed))
    code, stdout, err = cli("variant", "preview", "--watch", "v.yaml", "-o", "v.svg")
    assert code == 0, err
    first, broken, fixed = seen
    assert "<svg" in first and "<svg" in fixed and first != fixed
    line = err.removeprefix("pnp: error: ").strip()
    assert line.startswith("v.yaml:2:1:") and "did you mean 'card_size'" in line and err.count("\n") == 1
    assert f">{html.escape(line, quote=False)}</text>" in broken
    assert stdout.splitlines()[-1] == "stopped watching v.yaml"


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_the_error_picture_holds_the_whole_line(tmp_path, suffix):
    out = tmp_path / f"error{suffix}"
    pnp.cli.watching.write_error(out, "m.yaml:3:1: a <tab> & more")
    assert out.stat().st_size > 0
    if suffix == ".svg":
        assert ">m.yaml:3:1: a &lt;tab&gt; &amp; more</text>" in out.read_text(encoding="utf-8")


def test_the_guides_watch_transcript_is_what_a_misspelt_route_prints(cli, monkeypatch):
    guide = (Path(__file__).parent.parent / "docs" / "authoring.md").read_text(encoding="utf-8")
    transcript = guide.split("$ pnp map preview --watch take-off-regional.yaml -o take-off-regional.svg\n")[1]
    shown = transcript.split("```")[0].splitlines()
    good = (Path(__file__).parent / "fixtures" / "maps" / "take-off-regional.yaml").read_text(encoding="utf-8")
    source, out = Path("take-off-regional.yaml"), Path("take-off-regional.svg")
    source.write_text(good, encoding="utf-8")
    broken = good.replace("yellow: berlin}", "yellow: berlinn}", 1)
    monkeypatch.setattr(pnp.cli.watching, "saves", lambda path, **_: _edits(path, out, [], broken, good))
    code, stdout, err = cli("map", "preview", "--watch", str(source), "-o", str(out))
    assert code == 0
    printed = stdout.splitlines()
    assert [*printed[:2], err.strip(), printed[2]] == shown[:4]
    assert shown[4] == "^C" + printed[3]  # Ctrl-C echoed by the terminal before the last line
