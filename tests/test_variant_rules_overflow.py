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

from pnp.printing import fit, sheets
from pnp.printing.overflows import Blank
from pnp.texts import english

# a paragraph of each shipped game's rules sheet, and one of its player aid, that a variant may make too long: the
# toolkit's locating is checked on the five games' own sheets (a new game's kit is checked by test_variant_texts)
RULES = {
    "aloft": "rules.total",
    "aeronaut-odyssey": "rules.turn.claim",
    "air-king": "rules.end.text",
    "hauling-astronauts": "rules.end.text",
    "take-off": "rules.end.text",
}
AIDS = {
    "aloft": "aid.end",
    "aeronaut-odyssey": "aid.end",
    "air-king": "aid.win.text",
    "hauling-astronauts": "aid.end",
    "take-off": "aid.and.winning",
}
WORD = "Zusammenzaehlen: " + "W" * 60  # a word no column holds, even at 6 pt
PARAGRAPH = " ".join(["Wer eine Strecke beansprucht, legt so viele Karten ihrer Farbe ab, wie sie lang ist."] * 30)
WIDE = " ".join(["WWWWWWWWW"] * 200)  # words a column holds, so wide that 2,000 characters are too many for an aid
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


@pytest.mark.parametrize("game", list(RULES))
def test_a_word_too_wide_for_the_rules_sheets_column_is_reported_at_its_entry(cli, tmp_path, game):
    key = RULES[game]
    write_variant(tmp_path, game, among_others(game, key, WORD))
    code, out, err = cli("variant", "check", "long.yaml")
    line, needs, holds = located(err, key)
    assert (code, out) == (1, "") and needs > holds, err
    assert f": rules (2/2): the word '{'W' * 60}' is wider than its column at 6 pt: it needs " in line, err


@pytest.mark.parametrize("text", [WIDE[:1999], WORD], ids=["paragraph", "word"])
@pytest.mark.parametrize("game", list(RULES))
def test_a_player_aid_entry_too_long_is_reported_at_its_entry(cli, tmp_path, game, text):
    key = AIDS[game]
    write_variant(tmp_path, game, among_others(game, key, text))
    code, out, err = cli("variant", "check", "long.yaml")
    line, needs, holds = located(err, key)
    assert (code, out) == (1, "") and needs > holds, err
    said = "the text needs " if text != WORD else "the word "
    assert f": player aid: {said}" in line, err


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


@pytest.mark.parametrize("game", ["aloft", "aeronaut-odyssey"])
def test_the_build_stops_with_the_checks_line(cli, tmp_path, game):
    """``pnp build --variant`` stops at the first text too long, with the line ``check`` gives it: a word too wide
    for the rules, and an aid's paragraph too long."""
    for key, text in ((RULES[game], WORD), (AIDS[game], WIDE[:1999])):
        write_variant(tmp_path, game, among_others(game, key, text))
        _, _, checked = cli("variant", "check", "long.yaml")
        where, message = checked.split(": error: ", 1)
        assert where == f"long.yaml:5:{len(key) + 5}", checked
        assert cli("build", game, "--variant", "long.yaml", "-o", "out") == (1, "", f"pnp: error: {where}: {message}")


def paragraphs(game: str) -> list[str]:
    """The keys of ``game``'s rules sheet that are paragraphs, items or captions, without placeholders."""
    entries = english(game)
    return [
        key for key in entries if key.startswith("rules.") and "{" not in entries[key].text and "heading" not in key
    ]


def test_a_rules_sheet_too_long_is_reported_at_the_entry_without_which_it_fits(cli, tmp_path):
    """Long paragraphs, one more at a time, until the second side cannot hold them: the error names one of them,
    and the variant checks clean without it."""
    entries: dict[str, str] = {}
    for key in paragraphs("aeronaut-odyssey"):
        entries[key] = PARAGRAPH[:1999]
        write_variant(tmp_path, "aeronaut-odyssey", entries)
        code, _, err = cli("variant", "check", "long.yaml")
        if code:
            break
    named = re.match(r"long\.yaml:(\d+):\d+: error: texts\.([\w.]+): too long for the .*: rules \(2/2\): ", err)
    assert named is not None and err.count("\n") == 1, err
    assert int(named[1]) == 3 + list(entries).index(named[2]), err
    figures = FIGURES.search(err)
    assert figures is not None and float(figures[1]) > float(figures[2]), err
    del entries[named[2]]
    write_variant(tmp_path, "aeronaut-odyssey", entries)
    assert cli("variant", "check", "long.yaml")[0] == 0


def test_a_rules_sheet_too_long_with_no_entry_too_long_alone_is_reported_at_the_texts(cli, tmp_path):
    """Every paragraph of the rules long: none alone is to blame, so the error is at the variant's texts, naming
    the longest."""
    entries = {key: PARAGRAPH[: 1999 - n] for n, key in enumerate(paragraphs("aeronaut-odyssey"))}
    write_variant(tmp_path, "aeronaut-odyssey", entries)
    code, _, err = cli("variant", "check", "long.yaml")
    assert code == 1 and err.startswith("long.yaml:3:3: error: texts: too long for the Aeronaut Odyssey: rules (2/2): ")
    longest = ", ".join(f"texts.{key}" for key in list(entries)[:3])
    assert f"; {len(entries)} of this variant's texts print there, and it is too long without any one of them" in err
    assert f" (the longest: {longest} and " in err and err.count("\n") == 1, err
    figures = FIGURES.search(err)
    assert figures is not None and float(figures[1]) > float(figures[2]), err


@pytest.mark.parametrize("game", list(RULES))
def test_a_long_paragraph_the_rules_sheet_holds_is_no_error(cli, tmp_path, game):
    """A paragraph of the rules made long (the second side set smaller holds it) is no error, nor a warning."""
    write_variant(tmp_path, game, among_others(game, RULES[game], PARAGRAPH[:1999]))
    code, out, err = cli("variant", "check", "long.yaml")
    assert (code, err) == (0, "") and out.endswith(" variant (0 warnings)\n"), err


# a game's name no title line holds even at 6 pt (a rules side's title, and a player aid's, are made of it)
NAME = " ".join(["Ballonfahrerinnenwettbewerbsgemeinschaft"] * 6)


@pytest.mark.parametrize("game", [game for game in RULES if "title" in english(game)])
def test_a_name_too_long_for_the_sheets_title_line_is_reported_at_its_entry(cli, tmp_path, game):
    """A variant's name too long for the title of its rules sheet and aids: check and build name its entry, where
    the build printed the title past the paper's margin without a word."""
    write_variant(tmp_path, game, among_others(game, "title", NAME))
    code, out, err = cli("variant", "check", "long.yaml")
    line, needs, holds = located(err, "title")
    assert (code, out) == (1, "") and needs > holds, err
    assert ": rules and 1 more: the text needs " in line, err  # the rules sheet's title, and the aid's
    where, over = line.split(": error: ", 1)[0], line.split(" and 1 more: ", 1)[1]
    code, out, err = cli("build", game, "--variant", "long.yaml", "-o", "out")
    assert (code, out) == (1, "") and err.startswith(f"pnp: error: {where}: texts.title: too long for the "), err
    assert err.endswith(f": rules: {over}\n"), err


def test_a_sheets_title_too_wide_is_collected_with_the_kits_other_overflows():
    """A sheet's title wider than its line at 6 pt is one of the kit's overflows, named as the sheet's title, and
    a build drawing it stops on it."""
    sheet = sheets.text_drawing(NAME, (sheets.Text("A rule."),), *sheets.RULES_SIDE, sheets.RULES_STYLE)
    with fit.collected() as found:
        sheet.draw(Blank())
    assert [(overflow.field, overflow.text) for overflow in found] == [(sheets.TITLE_FIELD, NAME)]
    assert "the text needs " in str(found[0]) and "mm of width" in str(found[0])
    with pytest.raises(fit.Overflow):
        sheet.draw(Blank())
    short = sheets.text_drawing("Aloft: rules", (sheets.Text("A rule."),), *sheets.RULES_SIDE, sheets.RULES_STYLE)
    with fit.collected() as found:
        short.draw(Blank())
    assert found == []


def test_a_maps_title_too_long_for_the_sheets_is_reported_at_the_maps_title(cli, tmp_path):
    """Take Off!'s name is its map's title: a map whose title no line holds is reported at that title for the board,
    the rules sheet and the aid, and a build stops on the board's, the first part the kit prints."""
    source = (Path(__file__).resolve().parents[1] / "boards/take-off-world.yaml").read_text(encoding="utf-8")
    written = re.sub(r'^title: ".*"$', f"title: {NAME}", source, count=1, flags=re.MULTILINE)
    (tmp_path / "long-map.yaml").write_text(written, encoding="utf-8")
    line = 1 + written[: written.index(f"title: {NAME}")].count("\n")
    code, _, err = cli("map", "check", "long-map.yaml")
    fields = [re.search(r"…, ([\w ]+): the text needs", said) for said in err.splitlines()]
    assert code == 1 and all(said.startswith(f"long-map.yaml:{line}:8: error: ") for said in err.splitlines()), err
    assert [field[1] if field else None for field in fields] == ["title", "sheet title", "sheet title"], err
    code, _, err = cli("build", "take-off", "--map", "long-map.yaml", "-o", "out")
    assert code == 1 and ", title: the text needs " in err, err
