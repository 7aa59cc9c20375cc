"""The variant walk-through of docs/authoring.md, run as written: its files, its commands and their outputs.

The walk-through is the section "A walk-through: Air King en Provence". A fenced block with a title
(```` ```csv title="provence.csv" ````) is a file the designer writes; a ```` ```console ```` block holds
commands (``$ ...``) each followed by what it printed. They run in order in a temporary folder, ``pnp``
in-process, anything else (``cp``, the right side of a pipe) in bash; then the built kit is read back.
Outputs are compared with the folder's path removed and digests masked (a sealed secret is salted).
"""

from __future__ import annotations

import csv
import io
import json
import re
import shlex
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.cli import run_pnp
from support.pdfium import Glyph, font_names, glyph_styles, shapes, text_pages, words

import pnp.cli.watching

GUIDE = Path(__file__).parent.parent / "docs" / "authoring.md"
HEADING = "### A walk-through: Air King en Provence"
NOTO = Path("/usr/share/fonts/truetype/noto")
FONTS = (NOTO / "NotoSerif-Regular.ttf", NOTO / "NotoSerif-Bold.ttf")
BLOCK = re.compile(r'^```(\w+)(?: title="([^"]+)")?\n(.*?)^```$', re.MULTILINE | re.DOTALL)
DIGEST = re.compile(r"\b[0-9a-f]{64}\b|(?<=sha256 )[0-9a-f]{12}\b")
BOLT = (0xFF, 0xC6, 0x1A)  # the lightning's colour in orage.svg: nothing else on the cards has it
TOO_MANY_STORMS = 25  # the broken save of the watch transcript: "a save typed 25 storms into the CSV"

pytestmark = pytest.mark.skipif(
    not all(f.is_file() for f in FONTS), reason="Noto Serif missing: apt-get install fonts-noto-core"
)


@dataclass(frozen=True)
class Command:
    line: str
    shown: tuple[str, ...]  # what the guide shows it printing


@dataclass(frozen=True)
class Ran:
    code: int
    out: str  # the whole command's standard output (after its pipe)
    err: str
    pnp_out: str  # what pnp itself printed, before any pipe


def walkthrough() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    assert HEADING in text, f"{GUIDE.name} has no '{HEADING}'"
    section = text.split(HEADING, 1)[1]
    return re.split(r"^#{2,3} ", section, maxsplit=1, flags=re.MULTILINE)[0]  # a "# " in a file is a comment


def steps() -> list[tuple[str, str] | Command]:
    """The walk-through in order: files as (name, text), commands with what they print."""
    found: list[tuple[str, str] | Command] = []
    for kind, title, body in BLOCK.findall(walkthrough()):
        if title:
            found.append((title, body))
        elif kind == "console":
            for chunk in re.split(r"^\$ ", body, flags=re.MULTILINE)[1:]:
                line, *shown = chunk.rstrip("\n").split("\n")
                found.append(Command(line, tuple(shown)))
    return found


COMMANDS = [s for s in steps() if isinstance(s, Command)]
FILES = dict(s for s in steps() if isinstance(s, tuple))


def _storm_edits(folder: Path) -> Iterator[object]:
    """The two saves of the watch transcript: the CSV with too many storms, then as it was."""
    deck = folder / "provence.csv"
    good = deck.read_text(encoding="utf-8")
    storm_count = re.compile(r"^(storm,[^,]*,)\d+,", re.MULTILINE)
    for text in (storm_count.sub(rf"\g<1>{TOO_MANY_STORMS},", good), good):
        deck.write_text(text, encoding="utf-8")
        yield {("modified", str(deck))}


def _run(command: Command, folder: Path, patch: pytest.MonkeyPatch) -> Ran:
    line, _, piped = command.line.partition(" | ")
    if not line.startswith("pnp "):
        done = subprocess.run(
            ["bash", "-c", command.line], cwd=folder, capture_output=True, text=True, timeout=60, check=False
        )
        return Ran(done.returncode, done.stdout, done.stderr, "")
    if "--watch" in line:
        patch.setattr(pnp.cli.watching, "saves", lambda path, **_: _storm_edits(folder))
    code, out, err = run_pnp(shlex.split(line)[1:], patch)
    if not piped:
        return Ran(code, out, err, out)
    done = subprocess.run(
        ["bash", "-c", piped], cwd=folder, input=out, capture_output=True, text=True, timeout=60, check=False
    )
    return Ran(code or done.returncode, done.stdout, err + done.stderr, out)


@pytest.fixture(scope="module")
def walked(tmp_path_factory) -> Iterator[tuple[Path, dict[str, Ran]]]:
    """The walk-through done once: its folder and what each command printed."""
    folder = tmp_path_factory.mktemp("provence")
    ran: dict[str, Ran] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        patch.setenv("COLUMNS", "80")  # a terminal's usual width, as the guide's tables were printed
        for step in steps():
            if isinstance(step, Command):
                ran[step.line] = _run(step, folder, patch)
            else:
                (folder / step[0]).write_text(step[1], encoding="utf-8")
    yield folder, ran


def _plain(text: str, folder: Path) -> list[str]:
    return DIGEST.sub("<digest>", text.replace(f"{folder}/", "")).splitlines()


def test_the_walkthrough_writes_its_files_and_runs_pnp_at_every_step():
    assert set(FILES) == {"provence.csv", "orage.svg", "provence.yaml"}
    verbs = [c.line.split()[1:3] for c in COMMANDS if c.line.startswith("pnp ")]
    for wanted in (["variant", "new"], ["variant", "check"], ["variant", "preview"], ["build", "air-king"]):
        assert wanted in verbs
    assert ["ref", "new"] in verbs and ["sim", "sweep"] in verbs


@pytest.mark.parametrize("command", COMMANDS, ids=[c.line for c in COMMANDS])
def test_each_command_prints_what_the_guide_shows(walked, command):
    folder, ran = walked
    result = ran[command.line]
    assert result.code == 0, result.err
    shown = [line.removeprefix("^C") for line in command.shown]  # Ctrl-C, echoed by the terminal
    errors = [line for line in shown if line.startswith("pnp: error: ")]
    assert _plain(result.err, folder) == _plain("\n".join(errors), folder)
    assert _plain(result.out, folder) == _plain("\n".join(line for line in shown if line not in errors), folder)


def _deck() -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(FILES["provence.csv"])))


def _pdf(folder: Path, name: str) -> Path:
    return folder / "output" / "air-king" / f"{name}.pdf"


def _pages(path: Path) -> list[list[tuple[Glyph, str]]]:
    """Each page's glyphs of a printed PDF, each with its font."""
    return [
        list(zip(page.glyphs, (font for font, _ in styles), strict=True))
        for page, styles in zip(text_pages(path), glyph_styles(path), strict=True)
    ]


def _words(glyphs: list[tuple[Glyph, str]]) -> str:
    """The words the glyphs print, line by line, each as written (upside down too), parted by a space."""
    return " ".join("".join(glyph.text for glyph in word) for word in words(tuple(glyph for glyph, _ in glyphs)))


def _titles_font_words(page: list[tuple[Glyph, str]]) -> str:
    return _words([(glyph, font) for glyph, font in page if font.endswith("NotoSerif-Bold")])


def test_the_cards_carry_the_csvs_titles_as_many_times_as_its_counts(walked):
    folder, _ = walked
    titles = " ".join(_titles_font_words(page) for page in _pages(_pdf(folder, "cards")))
    for row in _deck():
        assert titles.count(row["title"]) == int(row["count"]), row["title"]
    for built_in in ("Storm", "Extra move", "Orage", "Diagonale en plus", "Ciel dégagé"):  # English, pnp's French
        assert not re.search(rf"\b{built_in}\b(?! cévenol)", titles), built_in


def test_the_kit_is_set_in_the_variants_fonts_alone(walked):
    folder, _ = walked
    for name in ("cards", "rules", "player-aids"):
        assert font_names(_pdf(folder, name)) == {"NotoSerif-Regular", "NotoSerif-Bold"}, name


def test_the_storm_cards_and_only_they_show_the_hand_drawn_lightning(walked):
    folder, _ = walked
    storms = next(row for row in _deck() if row["type"] == "storm")
    bolts = 0
    cards = _pdf(folder, "cards")
    for page, drawn in zip(_pages(cards), shapes(cards), strict=True):
        lit = [shape for shape in drawn if shape.fill == BOLT]
        if lit:
            assert storms["title"] in _titles_font_words(page)
        bolts += len(lit)
    assert bolts == int(storms["count"])


def test_the_rules_sheet_is_in_french_and_lists_the_csvs_cards_with_their_counts(walked):
    folder, _ = walked
    text = " ".join(_words(page) for page in _pages(_pdf(folder, "rules")))
    assert "Le but du jeu" in text and "The goal" not in text
    for row in _deck():
        assert f"{row['title']} ({row['count']}" in text, row["title"]


def test_the_texts_overrides_print(walked):
    folder, _ = walked
    printed = " ".join(_words(page) for page in _pages(_pdf(folder, "cards")))
    assert "coup de vent" in printed
    assert "PROVENCE" in printed  # on the backs, printed upside down for duplex


def test_the_referees_odds_follow_the_csvs_counts(walked):
    _, ran = walked
    listed = next(r for line, r in ran.items() if line.startswith("pnp ref moves provence.pnp --json"))
    chance = json.loads(listed.pnp_out)["chance"]
    deck = _deck()
    total = sum(int(row["count"]) for row in deck)
    assert chance == {f"draw {row['type']}": pytest.approx(int(row["count"]) / total) for row in deck}
