"""Names a player types that a variant makes read alike: refused by every command that reads the variant, in one line
at the second name's place (its line in the variant, its text, or its cell of the CSV deck), never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

GUIDE = Path(__file__).parent.parent / "docs" / "authoring.md"
# balloons after a deck's own, so that it holds the six an Aloft deck needs at least (refused at its header else)
SIX = "PY,P Y,\nWY,W Y,\nPR,P R,\n"
ALOFT_DECK = "name,colours,shape\nBG,B G,\nGB,G B,\nRW,R W,\nlion,,lion\n" + SIX
AIR_KING_DECK = """type,title,count,text
extra,Wind,5,Make one more move.
diagonal,wind,4,Move diagonally.
storm,Storm,5,A storm.
clear,Clear sky,4,Clear a storm.
hold,Holding,4,Hold an aircraft.
pass,Pass,4,Swap two aircraft.
"""


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def refused_everywhere(cli, game: str, variant: str) -> str:
    """The one line that ``variant check``, ``build``, ``ref new`` and ``sim`` all refuse the variant with."""
    code, _, err = cli("variant", "check", variant)
    assert code == 1, err
    line = err.strip()
    assert len(line.splitlines()) == 1
    for command in (
        ("build", game, "--variant", variant, "-o", "out"),
        ("ref", "new", game, "g.pnp", "--variant", variant, "--players", "ann,bob"),
        ("sim", game, "--variant", variant, "--games", "1"),
    ):
        code, _, err = cli(*command)
        assert code == 1, command
        assert "internal error" not in err and "Traceback" not in err
        assert line.replace(": error: ", ": ") in err, (command, err)
    return line


def test_two_balloons_of_a_csv_deck_that_read_alike_are_refused_at_the_second_ones_cell(cli, tmp_path):
    write(tmp_path, "deck.csv", ALOFT_DECK)
    write(tmp_path, "rb.yaml", "game: aloft\ndeck: deck.csv\n")
    line = refused_everywhere(cli, "aloft", "rb.yaml")
    assert line == (
        "deck.csv:3:1: error: balloons[1].name: balloon 'BG' as 'GB' and balloon 'GB' read alike, case, spaces and "
        "punctuation aside: a move could not tell them apart; give each balloon a name of its own"
    )


def test_two_colours_a_variants_texts_name_alike_are_refused_at_the_second_text(cli, tmp_path):
    write(tmp_path, "bb.yaml", "game: aloft\ntexts:\n  data.colour.B.name: Blau\n  data.colour.G.name: blau\n")
    line = refused_everywhere(cli, "aloft", "bb.yaml")
    assert line.startswith("bb.yaml:4:23: error: texts.data.colour.G.name: colour 'B' as 'Blau' and colour 'G' as ")


def test_a_balloon_named_as_another_reads_in_the_variants_language_is_refused_at_its_name(cli, tmp_path):
    write(tmp_path, "de.csv", "name,colours,shape\nBR,B R,\nRotblau,G W,\nlion,,lion\n" + SIX)
    texts = "texts:\n  data.colour.B.name: Blau\n  data.colour.R.name: Rot\n"
    write(tmp_path, "de.yaml", "game: aloft\nlanguage: de\ndeck: de.csv\n" + texts)
    line = refused_everywhere(cli, "aloft", "de.yaml")
    assert line.startswith("de.csv:3:1: error: balloons[1].name: balloon 'BR' as 'rot/blau' and balloon 'Rotblau' ")
    assert f"$ pnp variant check de.yaml\n{line}\n" in GUIDE.read_text(encoding="utf-8")


def test_two_event_cards_titled_alike_are_refused_at_the_second_title(cli, tmp_path):
    write(tmp_path, "ak.csv", AIR_KING_DECK)
    write(tmp_path, "ak.yaml", "game: air-king\ndeck: ak.csv\n")
    line = refused_everywhere(cli, "air-king", "ak.yaml")
    assert line.startswith("ak.csv:3:2: error: events[1].title: event card 'extra' as 'Wind' and event card ")


def test_a_french_title_that_reads_as_another_is_refused_at_its_text(cli, tmp_path):
    texts = "texts:\n  data.event.storm.title: Vent\n  data.event.hold.title: vent\n"
    write(tmp_path, "fr.yaml", "game: air-king\nlanguage: fr\n" + texts)
    _, _, err = cli("variant", "check", "fr.yaml")
    assert err.startswith("fr.yaml:5:26: error: texts.data.event.hold.title: event card 'storm' as 'Vent' and ")


@pytest.mark.parametrize(
    ("csv", "where"),
    [
        (
            "name,colours,shape\nBG,B G,\nBG,R G,\nlion,,lion\n" + SIX,
            "deck.csv:3:1: error: balloons[1].name: balloons[0] is",
        ),
        (
            "name,colours,shape\nBG,B G,\nRG,G G,\nlion,,lion\n" + SIX,
            "deck.csv:3:2: error: balloons[1].colours: a regular",
        ),
    ],
)
def test_a_check_of_a_csv_decks_card_is_located_at_its_cell(cli, tmp_path, csv, where):
    write(tmp_path, "deck.csv", csv)
    write(tmp_path, "v.yaml", "game: aloft\ndeck: deck.csv\n")
    _, _, err = cli("variant", "check", "v.yaml")
    assert err.startswith(where)


def test_a_text_for_a_balloon_the_deck_dropped_is_a_warning_at_the_text_and_prints_nothing(cli, tmp_path):
    write(tmp_path, "nm.csv", "name,colours,shape\nBG,B G,\nRW,R W,\nlion,,lion\n" + SIX)
    texts = "texts:\n  data.shape.lion.name: Löwe\n  data.shape.monkey.name: Affe\n"
    write(tmp_path, "luft.yaml", "game: aloft\ndeck: nm.csv\n" + texts)
    code, out, err = cli("variant", "check", "luft.yaml")
    assert code == 0 and err == ""
    assert out.splitlines() == [
        (
            "luft.yaml:5:27: warning: texts.data.shape.monkey.name: not used: this variant has no 'Monkey' (a special "
            "shape's name): its deck (nm.csv) leaves it out, so nothing prints this text"
        ),
        "luft.yaml: a valid Aloft variant (1 warning)",
    ]
    code, _, err = cli("ref", "new", "aloft", "g.pnp", "--variant", "luft.yaml", "--players", "ann,bob")
    assert code == 0, err


def test_the_help_of_check_says_what_a_warning_means():
    from pnp.cli.variant import check

    assert "the referee refuses it" not in (check.__doc__ or "")
    assert "a change the referee does not play, texts left in English, or a text nothing prints" in " ".join(
        (check.__doc__ or "").split()
    )
