"""A variant's text that makes a rules sheet or a player aid overflow, as a translator meets it: ``pnp variant
check`` and ``pnp build --variant`` name the entry responsible at its line and column, and say what does not
fit (a word wider than its column, or how much text is past the last column) in figures that show it.

It said 'long.yaml: error: Aloft: rules (2/2), text: the text needs 26.2 mm of column, the page holds 489.9 mm
at 6 pt' for a word too wide: no line, no key, and figures that read as if the text fitted.

Each test writes its variant into the test's folder and reads back the exit code and the one-line errors.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pnp.games import REGISTRY
from pnp.texts import english

# a paragraph of each game's rules sheet that a variant may make too long
RULES = {
    "aloft": "rules.total",
    "aeronaut-odyssey": "rules.turn.claim",
    "air-king": "rules.end.text",
    "hauling-astronauts": "rules.end.text",
    "take-off": "rules.end.text",
}
WORD = "Zusammenzaehlen: " + "W" * 60  # a word no column holds, even at 6 pt
FIGURES = re.compile(r"needs (\d+\.\d+) mm.*holds (\d+\.\d+) mm")


def write_variant(folder: Path, game: str, entries: dict[str, str]) -> Path:
    """``long.yaml``: a variant of ``game`` whose texts are ``entries``, one a line from the third, each quoted."""
    lines = "".join(f"  {key}: {json.dumps(text, ensure_ascii=False)}\n" for key, text in entries.items())
    path = folder / "long.yaml"
    path.write_text(f"game: {game}\ntexts:\n{lines}", encoding="utf-8")
    return path


def among_others(game: str, key: str, text: str) -> dict[str, str]:
    """``key`` set to ``text`` after two other entries (of the aid for an aid's key, else of the rules) in pnp's
    own words, so that the error must tell them apart: ``key`` is on line 5."""
    kind = "aid." if key.startswith("aid.") else "rules."
    others = [other for other, entry in english(game).items() if other.startswith(kind) and other != key]
    return {**{other: english(game)[other].text for other in others[:2]}, key: text}


def located(err: str, key: str) -> tuple[str, float, float]:
    """The one error of ``err``, at ``key``'s line 5 and its value's column: its message after the part, and the
    mm it says the text needs and its place holds."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    where = f"long.yaml:5:{len(key) + 5}: error: texts.{key}: too long for the "
    assert lines[0].startswith(where), err
    figures = FIGURES.search(lines[0])
    assert figures is not None, err
    return lines[0], float(figures[1]), float(figures[2])


@pytest.mark.parametrize("game", list(REGISTRY))
def test_a_word_too_wide_for_the_rules_sheets_column_is_reported_at_its_entry(cli, tmp_path, game):
    key = RULES[game]
    write_variant(tmp_path, game, among_others(game, key, WORD))
    code, out, err = cli("variant", "check", "long.yaml")
    line, needs, holds = located(err, key)
    assert (code, out) == (1, "") and needs > holds, err
    assert f": rules (2/2): the word '{'W' * 60}' is wider than its column at 6 pt: it needs " in line, err


@pytest.mark.parametrize(
    ("key", "text", "said"),
    [
        ("rules.goal.heading", "W" * 60, "the heading"),
        ("rules.figure", WORD, "the word"),  # a caption's word ran off the figure's tint, and check said nothing
        ("table.points", "W" * 30, f"the table cell '{'W' * 30}'"),  # it named the cell '5+' its column squeezed
    ],
)
def test_a_heading_caption_or_table_cell_too_wide_is_reported_at_its_entry(cli, tmp_path, key, text, said):
    write_variant(tmp_path, "aloft", among_others("aloft", key, text))
    code, _, err = cli("variant", "check", "long.yaml")
    line, needs, holds = located(err, key)
    assert code == 1 and needs > holds and f": rules (2/2): {said}" in line, err
