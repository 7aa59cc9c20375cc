"""Variant files: a designer's changes to a game's data, checked at the boundary, printed, refereed and simulated.

Each test writes its variant into the test's folder and reads the result back the way a person would meet it:
the referee's odds, the printed PDF (text and card sizes), the record's headers and the one-line errors.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from jsonschema import validate
from support.games import GAMES, registered
from support.pdfium import drawn_pages, plain_texts

from pnp.games import REGISTRY
from pnp.games.air_king.model import CARD_TYPES, STORM_CARD
from pnp.games.air_king.rules import AirKing
from pnp.referee.protocol import Commit, Setup
from pnp.variants.game import variants_in
from pnp.variants.support import data_file

LOCATED = re.compile(r"^[^:\n]+:\d+:\d+: ")
KEPT_CALM = re.compile(r'\[Variant "\.pnp-kept/[0-9a-f]{16}/calm\.yaml"\]')  # a night's record of calm.yaml
NOTO_SANS = Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")  # Debian's fonts-noto-core, as .ci/run has it
MM = 25.4 / 72  # millimetres per PDF point


def events(counts: dict[str, int]) -> str:
    """Air King's ``events`` key with the built-in titles and texts and these counts."""
    titles = {"extra": "Extra move", "diagonal": "Extra diagonal move", "storm": "Storm", "clear": "Clear sky"}
    titles |= {"hold": "Holding", "pass": "Pass"}
    rows = [f"  - {{type: {k}, title: {titles[k]}, count: {counts[k]}, text: Play it.}}" for k in CARD_TYPES]
    return "events:\n" + "\n".join(rows) + "\n"


BUILT_IN = {"extra": 5, "diagonal": 4, "storm": 5, "clear": 4, "hold": 4, "pass": 4}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def storm_odds(variant: Path | None) -> float:
    """The referee's probability that the first card dealt, once both goals are sealed, is a Storm."""
    setup = Setup(("ann", "bob"), {}, 0, None, variant)
    state = AirKing().bind(setup).new_state(setup)
    for _ in setup.players:
        state.apply(Commit("goal", "sealed"))
    return state.chance()[state.rules.table.draw[STORM_CARD]]


def test_fewer_storms_in_a_variant_change_the_referees_odds(tmp_path):
    calm = write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 1}))
    assert storm_odds(None) == pytest.approx(5 / 26)
    assert storm_odds(calm) == pytest.approx(float(Fraction(1, 22)))


def test_a_count_beyond_the_rules_bounds_is_refused_naming_the_nearest_allowed_value(cli, tmp_path):
    write(tmp_path, "many.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 25}))
    code, out, err = cli("variant", "check", "many.yaml")
    assert code == 1 and out == ""
    assert err.startswith("many.yaml:5:") and err.count("\n") == 1
    assert "events[2].count: 25 is more than 20, the most allowed" in err
    write(tmp_path, "none.yaml", "game: air-king\n" + events(BUILT_IN | {"hold": -2}))
    code, _, err = cli("variant", "check", "none.yaml")
    assert code == 1 and "events[4].count: -2 is less than 0, the least allowed" in err
    # a slip of the keyboard that would print 2,251 pages
    write(tmp_path, "returns.yaml", "game: air-king\ntechnical_return: {count: 10000, text: Back home.}\n")
    code, _, err = cli("variant", "check", "returns.yaml")
    line = "returns.yaml:2:27: error: technical_return.count: 10000 is more than 20, the most allowed"
    assert code == 1 and err.strip() == line


def test_a_misspelt_key_gets_did_you_mean(cli, tmp_path):
    write(tmp_path, "typo.yaml", "game: air-king\nhand_limt: 5\n")
    code, _, err = cli("variant", "check", "typo.yaml")
    assert code == 1 and "typo.yaml:2:1: error: hand_limt: unknown key 'hand_limt': did you mean 'hand_limit'?" in err
    write(tmp_path, "size.yaml", "game: air-king\ncard_size: pokr\n")
    code, _, err = cli("variant", "check", "size.yaml")
    assert code == 1 and "size.yaml:2:12: error: card_size: unknown card size 'pokr': did you mean 'poker'?" in err
    write(tmp_path, "font.yaml", "game: air-king\nfonts: {titel: a.ttf}\n")
    code, _, err = cli("variant", "check", "font.yaml")
    assert code == 1 and "did you mean 'titles'?" in err


CSV_DECK = """type,title,count,text
extra,Tailwind,3,Make one more aircraft move.
diagonal,Crosswind,2,Move one aircraft diagonally.
storm,Thunderhead,7,Put this card on an empty space.
clear,Sunbreak,1,Take one Thunderhead away.
hold,Ground stop,4,Put this card on an aircraft.
pass,Swap slots,2,Swap two aircraft.
"""


@pytest.mark.parametrize(
    "texts",
    [
        "",
        # a translator's: the game's own "title" (not the card's field of that name), an entry that is a placeholder
        "texts:\n  title: Luftkönig\n  play.doing.return: '{card}'\n",
    ],
)
def test_a_card_title_too_long_is_found_at_its_cell_of_the_csv_deck(cli, tmp_path, texts):
    long = " ".join(["Thunderhead over the Great Plains"] * 4)  # more than the two lines of its band hold
    write(tmp_path, "deck.csv", CSV_DECK.replace("Thunderhead,7", f"{long},7"))
    write(tmp_path, "sheet.yaml", f"game: air-king\ndeck: deck.csv\n{texts}")
    code, out, err = cli("variant", "check", "sheet.yaml")
    found = [line for line in (out + err).splitlines() if "title: the text needs" in line]
    assert code == 1 and found and found[0].startswith("deck.csv:4:2: error: "), out + err


def test_a_csv_deck_short_of_a_kind_or_of_cards_is_refused_at_the_line_naming_it(cli, tmp_path):
    write(tmp_path, "sheet.yaml", "game: air-king\ndeck: deck.csv\n")
    write(tmp_path, "deck.csv", "type,title,count,text\n")
    code, _, err = cli("variant", "check", "sheet.yaml")
    line = "sheet.yaml:2:7: error: deck: list the event type 'extra' exactly once (in deck.csv)"
    assert code == 1 and err.strip() == line
    kinds = ("extra", "diagonal", "storm", "clear", "hold", "pass")
    write(tmp_path, "deck.csv", "type,title,count,text\n" + "".join(f"{kind},{kind},0,x\n" for kind in kinds))
    code, _, err = cli("variant", "check", "sheet.yaml")
    assert code == 1 and err.startswith("sheet.yaml:2:7: error: deck: the deck needs at least 4 cards"), err


@pytest.mark.parametrize(
    ("balloons", "said"), [(0, "0 items, expected at least 6"), (37, "37 items, expected at most 36")]
)
def test_a_csv_deck_of_more_or_fewer_cards_than_the_game_allows_is_refused_at_its_header(cli, tmp_path, balloons, said):
    """Aloft takes 6 to 36 balloons, in YAML as in a CSV deck: a CSV deck of none (its header alone) was a valid
    variant, which printed no balloon and simulated games of five moves."""
    pairs = [f"{a} {b}" for a in "BGPRWY" for b in "BGPRWY" if a != b]
    rows = "".join(f"b{n},{pairs[n % len(pairs)]},\n" for n in range(balloons))
    write(tmp_path, "deck.csv", "name,colours,shape\n" + rows)
    write(tmp_path, "few.yaml", "game: aloft\ndeck: deck.csv\n")
    line = f"deck.csv:1:1: error: balloons: {said}"
    assert cli("variant", "check", "few.yaml") == (1, "", line + "\n")
    for args in (("build", "aloft", "-o", "out"), ("sim", "run", "aloft", "--games", "2")):
        assert cli(*args, "--variant", "few.yaml") == (1, "", f"pnp: error: {line.replace(' error:', '')}\n")


def test_a_csv_deck_prints_its_titles_and_counts(cli, tmp_path):
    write(tmp_path, "deck.csv", CSV_DECK)
    write(tmp_path, "sheet.yaml", "game: air-king\ndeck: deck.csv\n")
    assert cli("variant", "check", "sheet.yaml")[0] == 0
    code, _, err = cli("build", "air-king", "--variant", "sheet.yaml", "-o", "out")
    assert code == 0, err
    text = "\n".join(plain_texts(tmp_path / "out" / "air-king" / "cards.pdf"))
    printed = {title: len(re.findall(rf"\b{title}\b", text)) for title in ("Tailwind", "Crosswind", "Sunbreak")}
    assert printed == {"Tailwind": 3, "Crosswind": 2, "Sunbreak": 1}
    assert len(re.findall(r"\bGround\s+stop\b", text)) == 4
    assert not re.search(r"Extra\s+move|Holding", text)


def test_a_csv_deck_error_names_its_file_row_and_column(cli, tmp_path):
    write(tmp_path, "deck.csv", CSV_DECK.replace("Thunderhead,7", "Thunderhead,many"))
    write(tmp_path, "sheet.yaml", "game: air-king\ndeck: deck.csv\n")
    code, _, err = cli("variant", "check", "sheet.yaml")
    assert code == 1 and "deck.csv:4:3: error: events[2].count: expected a whole number, found 'many'" in err
    write(tmp_path, "deck.csv", CSV_DECK.replace("type,title,count,text", "type,titel,count,text"))
    code, _, err = cli("variant", "check", "sheet.yaml")
    assert code == 1 and "deck.csv:1:2: error: unknown column 'titel': did you mean 'title'?" in err


def card_sizes(pdf_path: Path) -> Counter[tuple[float, float]]:
    """The filled rectangles of the first card sheet, by size in mm (with no bleed, a card's background)."""
    rectangles = drawn_pages(pdf_path)[0].rectangles
    return Counter((round(width * MM, 1), round(height * MM, 1)) for width, height in (r.size for r in rectangles))


@pytest.mark.parametrize(("size", "expected"), [("bridge", (56.0, 88.9)), ("60 x 85", (60.0, 85.0))])
def test_a_card_size_changes_the_printed_cards(cli, tmp_path, size, expected):
    write(tmp_path, "big.yaml", f"game: air-king\ncard_size: {size}\n")
    assert cli("build", "air-king", "--variant", "big.yaml", "-o", "out", "--bleed", "0")[0] == 0
    assert cli("build", "air-king", "-o", "plain", "--bleed", "0")[0] == 0
    assert card_sizes(tmp_path / "out" / "air-king" / "cards.pdf")[expected] >= 4
    assert card_sizes(tmp_path / "plain" / "air-king" / "cards.pdf")[expected] == 0
    assert card_sizes(tmp_path / "plain" / "air-king" / "cards.pdf")[(63.5, 88.9)] >= 4


def test_a_card_too_large_for_the_fields_spaces_is_refused_at_the_space_size(cli, tmp_path):
    write(tmp_path, "big.yaml", "game: air-king\ncard_size: tarot\n")
    code, _, err = cli("build", "air-king", "--variant", "big.yaml", "-o", "out")
    assert code == 1 and "space_width: 94 mm is too short for a tarot card lying sideways" in err


BROKEN = {
    "not YAML": "game: air-king\nevents: [\n",
    "a list for a number": "game: air-king\nhand_limit: [1]\n",
    "another game's variant": "game: aloft\ntrucks: 5\n",
    "an unknown game": "game: air-kin\n",
    "a card too large": "game: air-king\ncard_size: 300 x 90\n",
    "a missing font": "game: air-king\nfonts: {titles: nowhere.ttf}\n",
    "a font that is not one": "game: air-king\nfonts: {body: fake.ttf}\n",
    "art of an unknown kind": "game: air-king\nart: {storm: picture.gif}\n",
    "a deck too small": "game: air-king\n" + events(dict.fromkeys(BUILT_IN, 0)),
    "a missing CSV file": "game: air-king\ndeck: cards.csv\n",
    "a text too long": "game: air-king\ntexts: {storm.title: " + "x" * 2001 + "}\n",
    "a bad language tag": "game: air-king\nlanguage: French\n",
}


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN)
@pytest.mark.parametrize("command", ["check", "build", "ref"])
def test_every_error_is_one_located_line_with_exit_1_and_no_traceback(cli, tmp_path, text, command):
    write(tmp_path, "fake.ttf", "not a font")
    write(tmp_path, "v.yaml", text)
    args = {
        "check": ("variant", "check", "v.yaml", "--game", "air-king"),
        "build": ("build", "air-king", "--variant", "v.yaml", "-o", "out"),
        "ref": ("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--variant", "v.yaml"),
    }[command]
    code, out, err = cli(*args)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and "Traceback" not in err and "True" not in err
    assert LOCATED.match(err.removeprefix("pnp: error: ")), err
    assert not (tmp_path / "g.pnp").exists() and not (tmp_path / "out").exists()


VARIANT_AS_MAP = (
    "v.yaml:2:1: hand_limit: this is a variant{}, not a map: pass it with --variant, or check it with "
    "'pnp variant check'"
)
MAP_AS_VARIANT = (
    "m.yaml:2:1: columns: this is a map{}, not a variant: pass it with --map, or check it with 'pnp map check'"
)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("build", "air-king", "--map", "v.yaml", "-o", "out"), VARIANT_AS_MAP.format("")),
        (("sim", "air-king", "--games", "1", "--map", "v.yaml"), VARIANT_AS_MAP.format("")),
        (("ref", "new", "air-king", "g.pnp", "--players", "a,b", "--map", "v.yaml"), VARIANT_AS_MAP.format("")),
        (("map", "check", "v.yaml"), VARIANT_AS_MAP.format("")),
        (("build", "aloft", "--map", "v.yaml", "-o", "out"), VARIANT_AS_MAP.format(" for air-king")),
        (("build", "air-king", "--variant", "m.yaml", "-o", "out"), MAP_AS_VARIANT.format("")),
        (("sim", "air-king", "--games", "1", "--variant", "m.yaml"), MAP_AS_VARIANT.format("")),
        (("ref", "new", "air-king", "g.pnp", "--players", "a,b", "--variant", "m.yaml"), MAP_AS_VARIANT.format("")),
        (("variant", "check", "m.yaml"), MAP_AS_VARIANT.format("")),
        (("build", "aloft", "--variant", "m.yaml", "-o", "out"), MAP_AS_VARIANT.format(" for air-king")),
    ],
    ids=lambda value: " ".join(value[:4]) if isinstance(value, tuple) else "",
)
def test_a_variant_given_as_a_map_or_a_map_as_a_variant_is_told_which_it_is(cli, tmp_path, args, said):
    """Told by its keys, at the first key the kind given has not, in every command: that key used to be refused as
    unknown, as if the file were to be mended into the kind it was given as."""
    write(tmp_path, "v.yaml", "game: air-king\nhand_limit: 5\n")
    write(tmp_path, "m.yaml", "game: air-king\ncolumns: 8\nlanes: 5\n")
    code, _, err = cli(*args)
    assert code == 1 and said in err.replace(": error: ", ": ") and err.count("\n") == 1, err
    assert not (tmp_path / "out").exists() and not (tmp_path / "g.pnp").exists()


SUPPORTED = [name for name in REGISTRY if data_file(name) is not None]


@registered  # the guide's example game too
@pytest.mark.parametrize("game", GAMES)
def test_a_new_variant_passes_its_check_and_its_json_schema(cli, game):
    assert cli("variant", "new", game, "-o", "v.yaml")[0] == 0
    code, out, err = cli("variant", "check", "v.yaml")
    assert code == 0 and err == "" and "a valid" in out
    code, schema, _ = cli("variant", "schema", game)
    text = Path("v.yaml").read_text(encoding="utf-8")
    assert text.startswith(f"# yaml-language-server: $schema={game}-variant.schema.json\n")
    validate(yaml.safe_load(text), json.loads(schema))
    if game in SUPPORTED:  # every key of the game's data, each with what it takes
        fields = {f.name for f in __import__("dataclasses").fields(data_file(game).model)}
        assert all(re.search(rf"^# {key}: .*\(", text, re.MULTILINE) for key in fields)
        assert all(re.search(rf"^{key}:", text, re.MULTILINE) for key in fields)
        # the decks and counts a designer changes come first, before the hundreds of commented texts
        last = max(re.search(rf"^{key}:", text, re.MULTILINE).start() for key in fields)
        assert last < text.index("\n# language:") < text.index("\n# texts:")


@registered  # the guide's example game too
@pytest.mark.parametrize("game", GAMES)
def test_a_new_variant_lists_every_printed_text_ready_to_uncomment(cli, game):
    """The commented 'texts:' block holds every catalogue entry in English; uncommented, it passes the check."""
    from pnp.texts import english

    assert cli("variant", "new", game, "-o", "v.yaml")[0] == 0
    text = Path("v.yaml").read_text(encoding="utf-8")
    block = text.split("\n# texts:\n", 1)[1].split("\n# fonts:", 1)[0]
    listed = [line.removeprefix("#") for line in block.splitlines() if line.startswith("#   ")]
    assert {yaml.safe_load(line).popitem()[0] for line in listed} == set(english(game))
    Path("texts.yaml").write_text(f"game: {game}\ntexts:\n" + "\n".join(listed) + "\n", encoding="utf-8")
    code, out, err = cli("variant", "check", "texts.yaml")
    assert code == 0 and "a valid" in out, err


def test_a_schema_refuses_what_the_check_refuses(cli):
    schema = json.loads(cli("variant", "schema", "air-king")[1])
    with pytest.raises(Exception, match="20"):
        validate(yaml.safe_load("game: air-king\n" + events(BUILT_IN | {"storm": 25})), schema)
    with pytest.raises(Exception, match="hand_limt"):
        validate({"game": "air-king", "hand_limt": 3}, schema)


def test_a_game_without_data_takes_only_the_shared_sections(cli, tmp_path):
    write(tmp_path, "v.yaml", "game: aeronaut-odyssey\nlanguage: fr\ncard_size: tarot\n")
    code, _, err = cli("variant", "check", "v.yaml")
    assert code == 1 and "unknown key 'card_size'" in err and "(known: language, texts, fonts, art)" in err


def test_the_record_names_the_variant_and_replays_from_it(cli, tmp_path):
    calm = write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 1}))
    assert cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--variant", "calm.yaml")[0] == 0
    record = (tmp_path / "g.pnp").read_text()
    assert '[Variant "calm.yaml"]' in record and "calm.yaml=" in record
    for move in ("secret goal 1", "secret goal 2", "draw storm"):
        assert cli("ref", "play", "g.pnp", *move.split())[0] == 0
    code, _, err = cli("ref", "play", "g.pnp", "draw", "storm")  # the variant's one Storm is dealt already
    assert code == 1 and "Storm" in err
    calm.write_text(calm.read_text().replace("count: 1,", "count: 2,"))
    code, _, err = cli("ref", "show", "g.pnp")
    assert code == 1 and "calm.yaml has changed" in err


def test_a_variant_the_referee_cannot_play_prints_but_is_refused_by_ref_and_sim(cli, tmp_path):
    write(tmp_path, "three.yaml", "game: take-off\nfleet_max: 3\n")
    code, out, _ = cli("variant", "check", "three.yaml")
    assert code == 0 and "three.yaml:2:12: warning: fleet_max: the referee of take-off plays the built-in" in out
    assert cli("build", "take-off", "--variant", "three.yaml", "-o", "out")[0] == 0
    for args in (("ref", "new", "take-off", "g.pnp", "--players", "a,b"), ("sim", "run", "take-off", "--games", "2")):
        code, _, err = cli(*args, "--variant", "three.yaml")
        assert code == 1 and err.count("\n") == 1 and "three.yaml:2:12: fleet_max:" in err
    write(tmp_path, "dice.yaml", "game: take-off\ndie_size: 20\n")  # print only: refereed as it is
    assert cli("ref", "new", "take-off", "g.pnp", "--players", "a,b", "--variant", "dice.yaml")[0] == 0


def test_aloft_is_refereed_with_the_variants_trucks_and_balloon_names(tmp_path):
    from pnp.games.aloft.rules import Aloft

    write(
        tmp_path, "balloons.csv", "name,colours,shape\nsky,B G,\nsea,B P,\nlion,,lion\nsun,R Y,\nsnow,W G,\nfog,P W,\n"
    )
    six = write(tmp_path, "six.yaml", "game: aloft\ntrucks: 6\ndeck: balloons.csv\n")
    setup = Setup(("ann", "bob"), {}, 0, None, six)
    game = Aloft().bind(setup)
    state = game.new_state(setup)
    assert state.sky.data.trucks == 6 and state.sky.names == ("sky", "sea", "lion", "sun", "snow", "fog")
    assert game.parse_move("launch sky").balloon == "sky"
    assert Aloft().new_state(Setup(("ann", "bob"))).sky.data.trucks == 5


def test_an_aloft_balloon_given_a_pattern_of_its_own_is_refused_saying_patterns_are_per_colour(cli, tmp_path):
    """Balloons once had a pattern each; now each half wears its colour's, and a variant or CSV deck giving one
    is told so, where it was only listed as an unknown key."""
    why = "a balloon half wears its colour's pattern; set it once per colour, as colours[].pattern"
    write(tmp_path, "own.yaml", "game: aloft\nballoons:\n  - name: sky\n    colours: [B, G]\n    pattern: dots\n")
    code, _, err = cli("variant", "check", "own.yaml")
    assert code == 1 and err.strip().endswith(f"own.yaml:5:5: error: balloons[0].pattern: no longer a key: {why}")
    write(tmp_path, "balloons.csv", "name,colours,pattern\nsky,B G,dots\n")
    write(tmp_path, "deck.yaml", "game: aloft\ndeck: balloons.csv\n")
    code, _, err = cli("variant", "check", "deck.yaml")
    assert code == 1 and err.strip().endswith(f"balloons.csv:1:3: error: no longer a column: {why}")


def test_a_sweep_compares_variant_files_side_by_side_with_their_digests(cli, tmp_path):
    write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 0}))
    write(tmp_path, "wild.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 12}))
    args = ("sim", "sweep", "air-king", "--games", "2", "--over", "variant=calm.yaml,wild.yaml", "--json")
    code, out, err = cli(*args)
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert [row["variant"]["file"] for row in rows] == ["calm.yaml", "wild.yaml"]
    assert rows[0]["variant"]["sha256"] != rows[1]["variant"]["sha256"]
    code, out, _ = cli("sim", "run", "air-king", "--games", "2", "--variant", "calm.yaml", "--json")
    assert code == 0 and json.loads(out)["inputs"]["variant"]["file"] == "calm.yaml"


def test_a_map_and_a_variant_combine(cli, tmp_path):
    write(tmp_path, "tall.yaml", "game: aloft\ncolumns: 14\nrows: 6\n")
    write(tmp_path, "big.yaml", "game: aloft\ncard_size: tarot\n")  # a tarot card does not fit a 48 mm cell
    code, _, err = cli("build", "aloft", "--map", "tall.yaml", "--variant", "big.yaml", "-o", "out")
    assert code == 1 and "cell_width" in err and "70 mm card" in err
    write(tmp_path, "wide.yaml", "game: aloft\ncolumns: 14\nrows: 6\ncell_width: 74\ncell_height: 124\n")
    assert cli("build", "aloft", "--map", "wide.yaml", "--variant", "big.yaml", "-o", "out")[0] == 0


def test_the_table_offers_the_variant_files_of_its_folder_and_starts_a_game_on_one(tmp_path):
    import warnings

    from pnp.table.lobby import HOST_HEADER, Night

    with warnings.catch_warnings():  # Starlette's TestClient suggests another package; httpx works
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 1}))
    write(tmp_path, "field.yaml", "game: air-king\ncolumns: 8\nlanes: 5\n")  # a map, not a variant
    write(tmp_path, "mini.yaml", "game: aloft\ncard_size: mini\n")
    assert variants_in(tmp_path) == {"air-king": ["calm.yaml"], "aloft": ["mini.yaml"]}
    key = "k" * 32
    table = Night(tmp_path, key, "http://table.test:8765", loopback=False)
    with TestClient(table, headers={HOST_HEADER: key}) as client:
        lobby = client.get("/lobby").json()
        assert lobby["variants"] == {"air-king": ["calm.yaml"], "aloft": ["mini.yaml"]}
        assert lobby["maps"] == {"air-king": ["field.yaml"]}
        body = {"game": "air-king", "players": ["ann", "bob"], "variant": "calm.yaml"}
        started = client.post("/lobby/games", json=body)
        assert started.status_code == 200
        assert KEPT_CALM.search((tmp_path / started.json()["record"]).read_text())  # a copy of it (pnp.referee.kept)
        refused = client.post("/lobby/games", json=body | {"variant": "field.yaml"})
        said = refused.json()["error"]
        assert refused.status_code == 422 and "field.yaml:2:1: columns: this is a map, not a variant" in said


GUIDE = Path(__file__).parent.parent / "docs" / "authoring.md"
GUIDE_VARIANT = Path(__file__).parent / "fixtures" / "variants" / "air-king-calm.yaml"


def test_the_guides_variant_is_shown_whole_and_passes_its_check(cli):
    blocks = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    assert GUIDE_VARIANT.read_text(encoding="utf-8") in blocks
    code, out, err = cli("variant", "check", str(GUIDE_VARIANT))
    assert code == 0 and err == "" and "a valid Air King variant (0 warnings)" in out


def test_the_shared_sections_reach_the_kit_request_with_their_files_resolved(tmp_path):
    from pnp.games.spec import KitRequest
    from pnp.variants.game import read_variant, with_variant

    (tmp_path / "art").mkdir()
    (tmp_path / "Titles.ttf").write_bytes(NOTO_SANS.read_bytes())
    (tmp_path / "art" / "storm.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    text = "game: air-king\nlanguage: fr\ntexts: {data.event.storm.title: Orage}\nfonts: {titles: Titles.ttf}\n"
    write(tmp_path, "fr.yaml", text + "art: {'event:storm': art/storm.png}\n")
    request = with_variant(KitRequest(seed=3), read_variant(tmp_path / "fr.yaml"))
    assert request.seed == 3 and request.variant_path == tmp_path / "fr.yaml"
    assert request.language == "fr" and request.texts == {"data.event.storm.title": "Orage"}
    assert request.fonts == {"titles": tmp_path / "Titles.ttf"}
    assert request.art == {"event:storm": tmp_path / "art" / "storm.png"}
    assert KitRequest().fonts == {} and KitRequest().language is None


@pytest.mark.parametrize(
    "sections, line",
    [
        (
            "texts: {card.goal.titel: 'Ziel {number}'}",
            "v.yaml:2:26: error: texts.card.goal.titel: no such text: did you mean 'card.goal.title'?",
        ),
        ("texts: {card.goal.title: 'Ziel'}", "v.yaml:2:26: error: texts.card.goal.title: keep {number}"),
        (
            "art: {'event:strom': x.png}",
            (
                "v.yaml:2:22: error: art.event:strom: no such art box: did you mean "
                "'event:storm'? (known: event:extra, event:diagonal, event:storm, event:clear, event:hold, event:pass, "
                "event:return, field-mat)"
            ),
        ),
        (
            "language: de",
            (
                "v.yaml:2:11: error: language: pnp ships no 'de' for Air King (its languages: en, fr): "
                "give the texts in it under 'texts'"
            ),
        ),
    ],
)
def test_a_variants_texts_art_and_language_are_checked_against_the_game(cli, tmp_path, sections, line):
    write(tmp_path, "v.yaml", f"game: air-king\n{sections}\n")
    code, out, err = cli("variant", "check", "v.yaml")
    assert code == 1 and err.strip() == line, (out, err)


@pytest.mark.parametrize(
    "text, line",
    [
        # a colour not written #rrggbb: at its place in the variant, as a map's is
        (
            "game: air-king\nairports:\n- {name: A, title: Airport A, rgb: red}\n",
            "v.yaml:3:36: error: airports[0].rgb: 'red' is not a colour written #rrggbb",
        ),
        # pnp's own board cannot take the variant's card: said at the variant, naming what refuses it (was a bare
        # error at boards/aloft.yaml, which the designer does not have, and no JSON)
        (
            "game: aloft\ncard_size: tarot\n",
            (
                "v.yaml: error: with this variant, pnp's own boards/aloft.yaml:9:13: cell_width: 48 mm is too narrow "
                "for a 70 mm card"
            ),
        ),
    ],
)
def test_a_variant_the_kit_cannot_take_is_refused_at_the_variant(cli, tmp_path, text, line):
    write(tmp_path, "v.yaml", text)
    code, out, err = cli("variant", "check", "v.yaml")
    assert code == 1 and err.strip() == line, (out, err)
    code, out, _ = cli("variant", "check", "v.yaml", "--json")
    assert code == 1 and json.loads(out)["findings"][0]["message"] in line


def test_a_variant_in_a_language_pnp_does_not_ship_prints_its_texts_over_english(cli, tmp_path):
    write(tmp_path, "v.yaml", "game: air-king\nlanguage: de\ntexts: {card.goal.title: 'Ziel {number}'}\n")
    code, out, _ = cli("variant", "check", "v.yaml")
    assert code == 0 and "texts print in English: pnp ships no 'de' for Air King and 'texts' leaves them out" in out
    code, _, err = cli("build", "air-king", "--variant", "v.yaml", "-o", "out")
    assert code == 0, err
    text = "".join("".join(page.split()) for page in plain_texts(Path("out/air-king/cards.pdf")))  # as written
    assert {"Ziel1", "1leiZ"} & {text[i : i + 5] for i in range(len(text))}
    assert "Goal1" not in text and "1laoG" not in text and ("Extramove" in text or "evomartxE" in text)


def test_a_night_starts_a_game_on_a_variant_of_its_folder_and_its_rematch_keeps_it(tmp_path):
    from datetime import datetime

    from pnp.errors import PnpError
    from pnp.referee import night

    write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 1}))
    now = datetime(2026, 11, 26, 21, 0, 0)
    first = night.start(tmp_path, "air-king", ["ann", "bob"], {}, None, now, "calm.yaml")
    assert KEPT_CALM.search(first.read_text())  # a copy of it (pnp.referee.kept)
    again = night.rematch(first, now)
    assert KEPT_CALM.search(again.read_text())
    with pytest.raises(PnpError, match="variant '../calm.yaml': name a .yaml variant file in this night's folder"):
        night.start(tmp_path, "air-king", ["ann", "bob"], {}, None, now, "../calm.yaml")


def test_hauling_is_refereed_with_the_variants_fleets_over_its_map(tmp_path):
    from pnp.games.hauling_astronauts.rules import HaulingAstronauts
    from pnp.referee.protocol import Secret
    from pnp.resources import data_file as builtin_data

    built_in = builtin_data("hauling-astronauts.yaml").read_text(encoding="utf-8")
    fleets = built_in[built_in.index("fleets:") : built_in.index("# The six shared")]
    renamed = write(tmp_path, "turtle.yaml", "game: hauling-astronauts\n" + fleets.replace("Tortoise", "Turtle"))
    setup = Setup(("ann", "bob"), {"hidden_transports": True}, 0, None, renamed)
    game = HaulingAstronauts().bind(setup)
    assert game.read_secret(Secret("t1", "Turtle")).value == "A"
    assert HaulingAstronauts().read_secret(Secret("t1", "Turtle")).value == "Turtle"  # the built-in names
    assert game.new_state(setup).data.fleets[0].transports[0].name == "Turtle"


def test_a_hauling_variant_changes_only_what_it_edits_and_a_map_keeps_the_rest(cli, tmp_path):
    """``pnp variant new`` repeats the built-in fleets and docks: left as written they change nothing, so a
    custom map's own fleets stay (they were replaced by the built-in ones without a word); an edited fleet
    replaces the map's."""
    from pnp.games.hauling_astronauts.model import load_data

    code, _, err = cli("map", "new", "hauling-astronauts", "-o", "snail.yaml")
    assert code == 0, err
    snail = write(tmp_path, "snail.yaml", (tmp_path / "snail.yaml").read_text().replace("Tortoise", "Snail"))
    code, _, err = cli("variant", "new", "hauling-astronauts", "-o", "v.yaml")
    assert code == 0, err
    variant = tmp_path / "v.yaml"
    assert load_data(snail, variant).value.fleets[0].transports[0].name == "Snail"
    code, _, err = cli("build", "hauling-astronauts", "--map", "snail.yaml", "--variant", "v.yaml", "-o", "out")
    assert code == 0, err
    printed = " ".join(plain_texts(tmp_path / "out" / "hauling-astronauts" / "game.pdf"))
    assert "Snail" in printed and "Tortoise" not in printed
    write(tmp_path, "v.yaml", variant.read_text().replace("Tortoise", "Mole"))  # now the variant edits the fleet
    assert load_data(snail, variant).value.fleets[0].transports[0].name == "Mole"


def test_a_record_counts_the_variant_and_its_deck_but_not_its_fonts(cli, tmp_path):
    write(tmp_path, "deck.csv", CSV_DECK)
    font = NOTO_SANS.read_bytes()
    (tmp_path / "Big.ttf").write_bytes(font + bytes(2 * 2**20))  # larger than any YAML or CSV file
    write(tmp_path, "v.yaml", "game: air-king\ndeck: deck.csv\nfonts: {body: Big.ttf}\n")
    code, _, err = cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob", "--variant", "v.yaml")
    assert code == 0, err
    files = re.search(r'\[Files "(.*)"\]', (tmp_path / "g.pnp").read_text())[1]
    assert [part.split("=")[0] for part in files.split(";")][1:] == ["v.yaml", "boards/air-king.yaml"]
    (tmp_path / "Big.ttf").write_bytes(font + bytes(2**20))  # a font is print-only: the record replays
    code, _, err = cli("ref", "show", "g.pnp")
    assert code == 0, err
    write(tmp_path, "deck.csv", CSV_DECK.replace("Thunderhead,7", "Thunderhead,6"))  # the deck is in the variant
    code, _, err = cli("ref", "show", "g.pnp")
    assert code == 1 and "what the rules read in v.yaml has changed" in err


def test_take_off_is_refereed_with_the_variants_dice(tmp_path):
    from pnp.games.take_off.rules import TakeOff

    jets = write(tmp_path, "jets.yaml", "game: take-off\ndie_faces: [R, Y, G, B, J, J]\n")
    setup = Setup(("ann", "bob"), {}, 0, None, jets)
    state = TakeOff().bind(setup).new_state(setup)
    odds = {move.first + move.second: p for move, p in state.chance().items()}
    assert odds["JJ"] == pytest.approx(4 / 36) and "TT" not in odds
    plain = TakeOff().new_state(Setup(("ann", "bob"))).chance()
    assert {m.first + m.second: p for m, p in plain.items()}["JJ"] == pytest.approx(1 / 36)


def test_a_preview_draws_every_card_of_the_variant_and_a_game_without_cards_its_page(cli, tmp_path):
    write(tmp_path, "calm.yaml", "game: air-king\n" + events(BUILT_IN | {"storm": 1, "pass": 2}))
    code, out, err = cli("variant", "preview", "calm.yaml", "-o", "calm.svg")
    assert code == 0 and out == "wrote calm.svg\n", err
    names = re.findall(r'data-name="([a-z]+) \d+"', (tmp_path / "calm.svg").read_text(encoding="utf-8"))
    assert Counter(names)["storm"] == 1 and Counter(names)["pass"] == 2 and Counter(names)["extra"] == 5
    write(tmp_path, "hauling.yaml", "game: hauling-astronauts\nspace_mm: 22\n")
    assert cli("variant", "preview", "hauling.yaml", "-o", "hauling.pdf")[0] == 0
    texts = plain_texts(tmp_path / "hauling.pdf")
    assert len(texts) == 1 and "Redline Haulage" in texts[0]


@pytest.mark.parametrize(
    ("variant", "storm", "drawn"),
    [
        ("language: fr\n", "Orage", "piocher Orage"),
        ("texts:\n  data.event.storm.title: Gewitter\n", "Gewitter", "draw Gewitter"),
    ],
)
def test_a_session_names_and_reads_the_cards_as_its_variant_prints_them(tmp_path, variant, storm, drawn):
    """A French Air King printed 'Orage' on its cards while the referee, the phones and the rules panel said
    'Storm', and 'draw Orage', typed as printed, was refused."""
    from pnp.games.air_king.rules_sheet import aid

    path = write(tmp_path, "v.yaml", "game: air-king\n" + variant)
    setup = Setup(("ann", "bob"), {}, 0, None, path)
    game = AirKing().bind(setup)
    move = game.parse_move(f"draw {storm}")
    assert game.format_move(move) == "draw storm" and game.label(move) == drawn  # the record: its id
    state = game.new_state(setup)
    for _ in setup.players:
        state.apply(Commit("goal", "sealed"))
    assert f"'draw {storm}'" in state.next_step().text
    panel = " ".join(str(block) for block in aid(setup).blocks)
    assert f"*{storm}*" in panel and "*Storm*" not in panel  # the aid names each card in bold


def test_an_aloft_session_names_its_colours_as_its_variant_prints_them(tmp_path):
    """Renamed by texts: ('Bleu'), a colour printed so on the cards while every screen said 'blue'."""
    from pnp.games.aloft.rules import Aloft
    from pnp.referee.protocol import Secret

    path = write(tmp_path, "v.yaml", "game: aloft\ntexts:\n  data.colour.B.name: Bleu\n")
    setup = Setup(("ann", "bob"), {}, 0, None, path)
    game = Aloft().bind(setup)
    assert "bleu" in (game.label(Secret("colours", "B,G")) or "")
    assert game.read_secret(Secret("colours", "Bleu,G")) == Secret("colours", "B,G")  # typed as printed


def test_an_aloft_variant_giving_two_colours_one_pattern_is_refused(cli, tmp_path):
    """A colour's pattern stands in for it on the cards: two colours sharing one would mislead a colour-blind player."""
    colours = "".join(
        f"  - {{code: {code}, name: {name}, rgb: '{rgb}', pattern: {pattern}}}\n"
        for code, name, rgb, pattern in (
            ("B", "Blue", "#2e6bd1", "diagonal"),
            ("G", "Green", "#2e9b48", "horizontal"),
            ("P", "Purple", "#8a4fc1", "vertical"),
            ("R", "Red", "#d63a32", "grid"),
            ("W", "White", "#f4f1e8", "dots"),
            ("Y", "Yellow", "#f2c72b", "diagonal"),
        )
    )
    write(tmp_path, "same.yaml", "game: aloft\ncolours:\n" + colours)
    code, _, err = cli("variant", "check", "same.yaml")
    assert code == 1 and err.strip() == (
        "same.yaml:8:54: error: colours[5].pattern: Yellow needs a pattern of its own: Blue has diagonal"
    )


def test_an_aloft_variant_without_a_scoring_token_per_balloon_is_refused(cli, tmp_path):
    """A variant with 0 scoring tokens passed check, printed none, and the sim scored formations all the same."""
    write(
        tmp_path,
        "z.yaml",
        "game: aloft\ntokens:\n  launch_per_colour: 1\n  multicoloured: 0\n  safety: 0\n  scoring: 5\n",
    )
    code, out, err = cli("variant", "check", "z.yaml")
    assert (code, out) == (1, "") and err.strip() == (
        "z.yaml:6:12: error: tokens.scoring: 5 scoring tokens cannot number 18 balloons: one each"
    )
