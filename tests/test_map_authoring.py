"""Custom map authoring through ``pnp map``: one failing fixture per check, the guide's maps, generated maps.

Each fixture in ``tests/fixtures/maps/<game>/`` breaks one check and says on its second line what
``pnp map check`` must print: ``# expect: LEVEL LINE:COL FRAGMENT``. The maps the authoring guide
builds (``docs/authoring.md``) sit in ``tests/fixtures/maps/`` itself.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from jsonschema import Draft7Validator, ValidationError, validate
from support.pdfium import plain_texts

from pnp.games import REGISTRY
from pnp.referee.driver import playout, random_chooser
from pnp.referee.protocol import Setup

MAPS = Path(__file__).parent / "fixtures" / "maps"
GUIDE = Path(__file__).parent.parent / "docs" / "authoring.md"
GUIDE_MAPS = {
    "take-off": MAPS / "take-off-regional.yaml",
    "aeronaut-odyssey": MAPS / "aeronaut-odyssey-custom.yaml",
    "aloft": MAPS / "aloft-tall-sky.yaml",
    "air-king": MAPS / "air-king-wide.yaml",
}
FIXTURES = sorted(MAPS.glob("*/*.yaml"))
GAME_FIXTURES = [p for p in FIXTURES if p.parent.name != "common"]
EXPECT = re.compile(r"^# expect: (error|warning) (\d+):(\d+) (.+)$", re.MULTILINE)
LOCATED = re.compile(r":\d+:\d+: ")


class Expectation(NamedTuple):
    level: str
    line: int
    col: int
    fragment: str


def expectation(path: Path) -> Expectation:
    match = EXPECT.search(path.read_bytes().decode("latin-1"))  # some fixtures are not UTF-8, on purpose
    assert match, f"{path}: no '# expect:' line"
    level, line, col, fragment = match.groups()
    return Expectation(level, int(line), int(col), fragment)


def fixture_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def game_of(path: Path) -> str:
    return path.parent.name if path.parent != MAPS else next(g for g, p in GUIDE_MAPS.items() if p == path)


def is_error_fixture(path: Path) -> bool:
    return expectation(path).level == "error"


# --- (a) one failing fixture per check -------------------------------------------------------------------


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_check_prints_the_fixture_finding_at_its_line_and_column(cli, path):
    want = expectation(path)
    code, out, err = cli("map", "check", str(path))
    where = f"{path}:{want.line}:{want.col}: "
    if want.level == "warning":
        assert code == 0, err
        lines = [line for line in out.splitlines() if line.startswith(f"{where}warning: ")]
    else:
        assert code == 1
        lines = [line for line in err.splitlines() if line.startswith((f"{where}error: ", f"pnp: error: {where}"))]
    assert any(want.fragment in line for line in lines), f"want {where}{want.fragment!r}, got:\n{out}{err}"


def test_every_games_map_fixtures_hold_an_error_and_a_warning():
    """The fixtures of each game with maps (a folder named for it: pnp's five have one each; a new game's author
    adds one, see docs/adding-a-game.md) hold a map it refuses and one it warns of, which the tests above try."""
    folders = sorted({p.parent.name for p in GAME_FIXTURES})
    assert len(folders) >= 5
    for name in folders:
        assert REGISTRY[name].maps is not None, name
        assert {expectation(p).level for p in GAME_FIXTURES if p.parent.name == name} == {"error", "warning"}, name


@pytest.fixture(scope="module")
def printed() -> dict[tuple[str, ...], tuple[int, str]]:
    """What ``pnp`` printed for each command run by ``ran``: (exit code, stdout)."""
    return {}


@pytest.fixture
def ran(cli, printed):
    """``cli`` for commands that only read (``map check --json``, ``map schema``): each is run once for the
    module, and the tests that ask it again get its exit code and stdout."""

    def run(*args: str) -> tuple[int, str]:
        if args not in printed:
            code, out, _ = cli(*args)
            printed[args] = code, out
        return printed[args]

    return run


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_check_json_lists_the_same_finding(ran, path):
    want = expectation(path)
    code, out = ran("map", "check", str(path), "--json")
    report = json.loads(out)
    assert code == (1 if want.level == "error" else 0)
    assert report["file"] == str(path) and report["ok"] is (want.level == "warning")
    assert any(
        f["level"] == want.level and f["where"] == f"{path}:{want.line}:{want.col}" and want.fragment in f["message"]
        for f in report["findings"]
    ), report


@pytest.mark.parametrize("path", [p for p in GAME_FIXTURES if is_error_fixture(p)], ids=fixture_id)
def test_a_map_that_fails_check_is_refused_by_build_and_ref_with_its_location(cli, path):
    game = path.parent.name
    for args in (
        ("build", game, "--map", str(path), "--out", "kit"),
        ("ref", "new", game, "r.pnp", "--map", str(path), "--players", "ann,bob"),
    ):
        code, _, err = cli(*args)
        assert code == 1 and err.startswith(f"pnp: error: {path}:") and LOCATED.search(err), (args, err)
    assert not Path("r.pnp").exists() and not Path("kit").exists()


@pytest.mark.parametrize("path", [p for p in GAME_FIXTURES if is_error_fixture(p)], ids=fixture_id)
def test_preview_refuses_a_map_that_fails_check_with_its_location(cli, path):
    code, _, err = cli("map", "preview", str(path), "-o", "p.svg")
    assert code == 1 and err.startswith(f"pnp: error: {path}:") and LOCATED.search(err), err
    assert not Path("p.svg").exists()


def svg_size(path: Path) -> tuple[float, float]:
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    return float(root.get("width", "0").removesuffix("mm")), float(root.get("height", "0").removesuffix("mm"))


def test_an_aloft_cell_wider_than_a_table_is_refused(cli, tmp_path):
    """5 m cells (a slip for 50) made a one-page preview 70 m wide: a cell holds one card, with room."""
    sky = (MAPS / "aloft-tall-sky.yaml").read_text(encoding="utf-8")
    path = tmp_path / "wide.yaml"
    path.write_text(sky.replace("cell_width: 48 ", "cell_width: 5000 "), encoding="utf-8")
    code, _, err = cli("map", "check", str(path))
    assert code == 1 and f"{path}:7:13: error: cell_width: 5000 is more than 200, the most allowed" in err


def test_check_prints_at_most_50_findings_and_counts_the_rest(cli, tmp_path):
    text = (MAPS / "aeronaut-odyssey-custom.yaml").read_text(encoding="utf-8")
    bad = "".join(f"  - {{x: 0.{10 + k}, y: 0.3, points: 1}}\n" for k in range(70))  # outside every area
    (tmp_path / "many.yaml").write_text(text.replace("areas:\n", "areas:\n" + bad), encoding="utf-8")
    code, _, err = cli("map", "check", "many.yaml")
    lines = err.splitlines()
    assert code == 1 and len(lines) == 51 and all(LOCATED.search(line) for line in lines[:50])
    assert lines[-1] == "... and 20 more"
    code, out, _ = cli("map", "check", "many.yaml", "--json")
    report = json.loads(out)
    assert code == 1 and len(report["findings"]) == 50 and report["more"] == 20


def test_a_map_over_the_size_limit_is_refused_before_it_is_parsed(cli, tmp_path, monkeypatch):
    import yaml as pyyaml

    def never(*args, **kwargs):
        raise AssertionError("parsed")

    monkeypatch.setattr(pyyaml, "compose", never)
    (tmp_path / "big.yaml").write_text("game: aeronaut-odyssey\n" + "# padding\n" * 500_000)  # 5 MB
    code, _, err = cli("map", "check", "big.yaml")
    assert (
        code == 1
        and err
        == "pnp: error: big.yaml: cannot read the map: larger than 1 MiB, the most pnp reads from this kind of file\n"
    )


# --- (b) the guide's maps ---------------------------------------------------------------------------------


def test_the_guides_check_transcripts_are_what_check_prints(cli, tmp_path):
    """The errors the guide quotes for its slips, made again: the misspelt key of the Take Off! map, the route
    left to L after the rename in Aeronaut Odyssey, and Storms made 25 in a new Air King variant."""
    guide = GUIDE.read_text(encoding="utf-8")
    regional = (MAPS / "take-off-regional.yaml").read_text(encoding="utf-8")
    (tmp_path / "take-off-regional.yaml").write_text(regional.replace("\nscale:", "\nscael:"), encoding="utf-8")
    renamed = (MAPS / "aeronaut-odyssey-start.yaml").read_text(encoding="utf-8")
    renames = {"{name: L,": "{name: LUX,", "[H, L]": "[H, LUX]", "[K, L], type: blue": "[K, LUX], type: blue"}
    for before, after in renames.items():  # the city and two of its three routes
        renamed = renamed.replace(before, after)
    (tmp_path / "aeronaut-odyssey-custom.yaml").write_text(renamed, encoding="utf-8")
    assert cli("variant", "new", "air-king", "-o", "wild.yaml")[0] == 0
    wild = (tmp_path / "wild.yaml").read_text(encoding="utf-8")
    storms = "- type: storm\n  title: Storm\n  count: 5\n"
    assert storms in wild
    (tmp_path / "wild.yaml").write_text(wild.replace(storms, storms.replace("5", "25")), encoding="utf-8")
    checks = ("map check take-off-regional.yaml", "map check aeronaut-odyssey-custom.yaml", "variant check wild.yaml")
    for command in checks:
        code, _, err = cli(*command.split())
        assert code == 1 and f"$ pnp {command}\n{err}" in guide, err


@pytest.mark.parametrize("game", sorted(GUIDE_MAPS))
def test_the_guides_map_passes_check_without_findings_and_its_schema(cli, game):
    path = GUIDE_MAPS[game]
    code, out, err = cli("map", "check", str(path))
    assert code == 0 and out.strip().endswith("(0 warnings)") and not err
    code, schema_text, _ = cli("map", "schema", game)
    schema = json.loads(schema_text)
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    validate(document, schema)
    # Editors' YAML language servers apply draft-07 rules: the schema must work there too.
    Draft7Validator(schema).validate(document)
    with pytest.raises(ValidationError):
        Draft7Validator(schema).validate({**document, "colums": 3})


def test_the_guides_aeronaut_starting_map_passes_check_and_no_longer_claims_its_seed(cli):
    from pnp.games.aeronaut_odyssey.model import load_map
    from pnp.games.aeronaut_odyssey.wording import origin_words
    from pnp.texts import in_english

    start = MAPS / "aeronaut-odyssey-start.yaml"
    code, out, err = cli("map", "check", str(start))
    assert code == 0 and out.strip().endswith("(0 warnings)") and not err
    assert f"cp tests/fixtures/maps/{start.name} " in GUIDE.read_text(encoding="utf-8")
    origin = origin_words(in_english("aeronaut-odyssey"), load_map(start).value)
    assert origin == "custom (from seed 42)"  # today's generator makes another map


@pytest.mark.parametrize("game", sorted(GUIDE_MAPS))
def test_the_guides_map_is_shown_whole_in_the_guide(game):
    blocks = re.findall(r"```yaml\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    assert GUIDE_MAPS[game].read_text(encoding="utf-8") in blocks


# What each guide map's kit must show, read back from its PDF: (file, words on the page).
KIT_TEXT = {
    "take-off": ("map.pdf", ("Take Off! Europe Express", "Moscow", "Lisbon", "Budapest")),
    "aeronaut-odyssey": ("board.pdf", ("custom map", "LUX")),
    "aloft": ("board.pdf", ("ALOFT",)),
    "air-king": ("field-mat.pdf", ("i7", "Airport B")),
}


@pytest.mark.parametrize("game", sorted(GUIDE_MAPS))
def test_build_prints_the_guides_map(cli, tmp_path, game):
    code, out, err = cli("build", game, "--map", str(GUIDE_MAPS[game]), "--out", "kits", "--json")
    assert code == 0, err
    files = json.loads(out)["files"]
    assert files and all((tmp_path / f["path"]).stat().st_size > 0 for f in files)
    name, words = KIT_TEXT[game]
    text = " ".join(plain_texts(tmp_path / "kits" / game / name))
    assert all(word in text for word in words), text[:400]


def test_the_regional_take_off_map_prints_one_card_per_capital(cli, tmp_path):
    capitals = [c["name"] for c in yaml.safe_load(GUIDE_MAPS["take-off"].read_text())["cities"] if c.get("country")]
    assert cli("build", "take-off", "--map", str(GUIDE_MAPS["take-off"]), "--out", "kits")[0] == 0
    text = " ".join(plain_texts(tmp_path / "kits" / "take-off" / "cards.pdf"))
    assert all(name in text for name in capitals) and "Moscow" not in text


# --- (c) a map that passes check prints and plays to its end ------------------------------------------------

PASSING = [*GUIDE_MAPS.values(), *(p for p in GAME_FIXTURES if not is_error_fixture(p))]


def play_to_the_end(game_name: str, path: Path, players: int, seed: int) -> None:
    """Random legal moves from the start until the game says it is over, on the map at ``path``, by ``players``
    or as many as the map is made for, if it says so and that is fewer."""
    game = REGISTRY[game_name].rules()
    players = min(players, getattr(REGISTRY[game_name].maps.load(path).value, "players", players))
    setup = Setup(
        players=tuple(f"p{i + 1}" for i in range(players)),
        options={o.key: o.default for o in game.options},
        seed=seed,
        map_path=path,
    )
    table = playout(game, setup, random_chooser(random.Random(seed)))
    assert table.state.is_over() and table.state.to_move() is None
    score = table.state.score()
    assert score.final and score.winners and {p.name for p in score.players} == set(setup.players)


def preview_is_drawn(game_name: str, path: Path, out: Path) -> None:
    """The map's authoring preview renders to an SVG of positive size."""
    from pnp.printing.render import write_drawing

    spec = REGISTRY[game_name]
    write_drawing(spec.maps.preview(spec.maps.load(path)), out)
    width, height = svg_size(out)
    assert width > 0 and height > 0


@pytest.mark.parametrize("path", PASSING, ids=lambda p: p.stem if p.parent == MAPS else fixture_id(p))
def test_every_map_that_passes_check_previews_and_plays_to_its_end(tmp_path, path):
    game = game_of(path)
    rules = REGISTRY[game].rules()
    preview_is_drawn(game, path, tmp_path / "preview.svg")
    for seed in range(2):
        for players in (rules.min_players, rules.max_players):
            play_to_the_end(game, path, players, seed)


FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from(("tiny", "small", "regular", "large", "huge")),
    expansions=st.sets(st.sampled_from(("trajectories", "wild_winds", "multiroutes", "bonus"))),
    players=st.integers(2, 6),
)
def test_every_generated_aeronaut_odyssey_map_passes_check(cli, seed, size, expansions, players):
    args = ["map", "new", "aeronaut-odyssey", "--seed", str(seed), "--size", size, "--players", str(players)]
    if expansions:
        args += ["--expansions", ",".join(sorted(expansions))]
    Path("m.yaml").unlink(missing_ok=True)
    assert cli(*args, "-o", "m.yaml")[0] == 0
    code, _, err = cli("map", "check", "m.yaml")
    assert code == 0 and not err, err


@FAST
@given(seed=st.integers(0, 10**6))
def test_every_generated_air_king_field_passes_check(cli, seed):
    Path("f.yaml").unlink(missing_ok=True)
    assert cli("map", "new", "air-king", "--seed", str(seed), "-o", "f.yaml")[0] == 0
    code, _, err = cli("map", "check", "f.yaml")
    assert code == 0 and not err, err


def test_generated_air_king_fields_leave_every_departure_zone_a_way_out():
    spec = REGISTRY["air-king"].maps
    from pnp.games.air_king.model import AirKingField
    from pnp.loader import load_text

    warned = [seed for seed in range(200) if spec.check(load_text(spec.new(seed), AirKingField, f"seed {seed}"))]
    assert warned == []


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6))
def test_every_re_routed_take_off_world_map_passes_check(cli, seed):
    Path("w.yaml").unlink(missing_ok=True)
    assert cli("map", "new", "take-off", "--seed", str(seed), "-o", "w.yaml")[0] == 0
    code, _, err = cli("map", "check", "w.yaml")
    assert code == 0 and not err, err


def passes_check(game: str, text: str, path: Path) -> bool:
    """Write ``text`` to ``path``; True when ``check`` finds no error in it."""
    path.write_text(text, encoding="utf-8")
    spec = REGISTRY[game].maps
    return not any(f.level == "error" for f in spec.check(spec.load(path)))


def as_yaml(game: str, value: object) -> str:
    """A map dataclass as a YAML map file."""
    plain = json.loads(json.dumps(dataclasses.asdict(value)))
    return yaml.safe_dump({"game": game, **plain}, sort_keys=False)


@st.composite
def edited_aeronaut_maps(draw) -> str:
    """A generated map after a few hand edits: routes removed, added or changed, cities moved, areas dropped."""
    from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
    from pnp.games.aeronaut_odyssey.model import TYPES, Route

    expansions = tuple(sorted(draw(st.sets(st.sampled_from(("trajectories", "wild_winds", "multiroutes", "bonus"))))))
    board = generate(
        draw(st.integers(0, 10**6)), Knobs(draw(st.sampled_from(("tiny", "small"))), 4, 1, False, expansions)
    )
    cities, routes, areas = list(board.cities), list(board.routes), list(board.areas)
    names = [c.name for c in cities]
    for edit in draw(st.lists(st.sampled_from(("drop", "change", "add", "move", "unlabel")), min_size=1, max_size=3)):
        if edit == "drop" and routes:
            routes.pop(draw(st.integers(0, len(routes) - 1)))
        elif edit == "change" and routes:
            k = draw(st.integers(0, len(routes) - 1))
            if routes[k].type != "multi":
                routes[k] = dataclasses.replace(
                    routes[k], type=draw(st.sampled_from((*TYPES, "gray"))), length=draw(st.integers(1, 6))
                )
        elif edit == "add":
            a, b = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
            routes.append(Route(between=(a, b), type=draw(st.sampled_from(TYPES)), length=draw(st.integers(1, 3))))
        elif edit == "move":
            k = draw(st.integers(0, len(cities) - 1))
            dx, dy = (draw(st.floats(-0.5, 0.5)) for _ in range(2))
            cities[k] = dataclasses.replace(cities[k], x=round(cities[k].x + dx, 2), y=round(cities[k].y + dy, 2))
        elif edit == "unlabel" and areas:
            areas.pop(draw(st.integers(0, len(areas) - 1)))
    edited = dataclasses.replace(board, cities=tuple(cities), routes=tuple(routes), areas=tuple(areas), seed=None)
    return as_yaml("aeronaut-odyssey", edited)


@st.composite
def air_king_fields(draw) -> str:
    """A field with the airports near opposite ends, runways facing each other, and a few closed spaces."""
    from pnp.games.air_king.field import cell_name

    columns, lanes = draw(st.integers(3, 9)), draw(st.integers(1, 7))
    left, right = (
        (draw(st.integers(0, 1)), draw(st.integers(0, lanes - 1))),
        (columns - 1 - draw(st.integers(0, 1)), draw(st.integers(0, lanes - 1))),
    )
    if left[0] == right[0]:
        right = (columns - 1, right[1])
    places = {}
    for name, (col, lane), step in (("A", left, 1), ("B", right, -1)):
        beside = [
            (c, r)
            for c, r in ((col, lane - 1), (col, lane + 1), (col - step, lane))
            if 0 <= c < columns and 0 <= r < lanes
        ]
        departures = draw(st.lists(st.sampled_from(beside), min_size=1, max_size=3, unique=True)) if beside else []
        places[name] = {
            "at": cell_name(col, lane),
            "runway": cell_name(col + step, lane),
            "departures": [cell_name(*d) for d in departures],
        }
    if draw(st.booleans()):  # A on the right, flying left
        places = {"A": places["B"], "B": places["A"]}
    cells = [cell_name(c, r) for c in range(columns) for r in range(lanes)]
    closed = draw(st.lists(st.sampled_from(cells), max_size=3, unique=True))
    return yaml.safe_dump(
        {"game": "air-king", "columns": columns, "lanes": lanes, "closed": closed, "airports": places}, sort_keys=False
    )


@st.composite
def take_off_strips(draw) -> str:
    """A strip of 4-9 capitals between Start (east edge) and Finish (west edge), every route leading west."""
    west = round(draw(st.floats(-180, 170)), 2)
    span = draw(st.sampled_from((20.0, 60.0, 200.0, 360.0)))
    inner = sorted(draw(st.lists(st.floats(0.5, span - 0.5), min_size=4, max_size=9, unique=True)))
    places = [0.0, *inner, span]  # west to east, degrees from the west edge
    colours = ("red", "yellow", "green", "blue")
    ids = ["finish", *(f"c{i}" for i in range(len(inner))), "start"]
    cities = []
    for k, (city_id, offset) in enumerate(zip(ids, places)):
        routes = (
            {}
            if k == 0
            else {
                colour: ids[draw(st.integers(0, k - 1))]
                for colour in draw(st.lists(st.sampled_from(colours), min_size=1, max_size=4, unique=True))
            }
        )
        lon = round((west + offset + 180) % 360 - 180, 4)
        city = {"id": city_id, "name": city_id.upper(), "lat": draw(st.integers(-10, 10)), "lon": lon, "routes": routes}
        if 0 < k < len(ids) - 1:
            city["country"] = f"Land {k}"
        cities.append(city)
    middle = len(inner) // 2  # the dividing line leaves two or more capitals on each side
    return yaml.safe_dump(
        {
            "game": "take-off",
            "title": "Strip",
            "start": "start",
            "finish": "finish",
            "west_edge": west,
            "east_edge": round(west + span, 2),
            "north": 20,
            "south": -20,
            "divide": round(west + (inner[middle - 1] + inner[middle]) / 2, 4),
            "scale": 2.0,
            "grid": 10.0,
            "cities": cities,
        },
        sort_keys=False,
    )


@st.composite
def aloft_skies(draw) -> str:
    return yaml.safe_dump(
        {
            "game": "aloft",
            "columns": draw(st.integers(6, 20)),
            "rows": draw(st.integers(1, 8)),
            "cell_width": draw(st.floats(46, 60)),
            "cell_height": draw(st.floats(65.5, 80)),
        }
    )


PLAYABLE = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
MAP_STRATEGIES = {
    "aeronaut-odyssey": edited_aeronaut_maps(),
    "air-king": air_king_fields(),
    "take-off": take_off_strips(),
    "aloft": aloft_skies(),
}


@pytest.mark.parametrize("game", sorted(MAP_STRATEGIES))
def test_a_hand_made_map_that_passes_check_previews_and_plays_to_its_end(tmp_path_factory, game):
    folder = tmp_path_factory.mktemp(game)

    @PLAYABLE
    @given(
        text=MAP_STRATEGIES[game], players=st.integers(2, REGISTRY[game].rules().max_players), seed=st.integers(0, 1000)
    )
    def check_print_and_play(text: str, players: int, seed: int) -> None:
        path = folder / f"{game}.yaml"
        assume(passes_check(game, text, path))
        preview_is_drawn(game, path, folder / "preview.svg")
        play_to_the_end(game, path, players, seed)

    check_print_and_play()


# --- (d) the schema and the checker state the same rules -----------------------------------------------------


def _schema_path(error: ValidationError) -> str:
    """A JSON Schema error's place as the loader names fields: routes[3].length."""
    path = ""
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else f"{'.' if path else ''}{part}"
    return path


# Fixtures that break a rule the schema states (a bound, a pattern, an enum, a required or unknown key): the
# schema must refuse them as check does. The others break rules only check can see (geometry, references).
SCHEMA_RULES = (
    {
        "aeronaut-odyssey/" + name
        for name in [
            "area-negative-points",
            "city-name-not-capitals",
            "city-slots-out-of-range",
            "inventory-too-small",
            "players-out-of-range",
            "route-length-out-of-range",
            "size-not-positive",
            "trajectory-slots",
            "trajectory-value",
        ]
    }
    | {"hauling-astronauts/profit-beyond-the-rulebook"}
    | {"air-king/" + name for name in ["closed-twice", "columns-out-of-range", "lanes-out-of-range"]}
    | {"aloft/rows-below-one"}
    | {"take-off/" + name for name in ["grid-not-positive", "north-not-above-south", "scale-not-positive"]}
    | {
        "common/" + name
        for name in [
            "duplicate-game",
            "duplicate-nested",
            "missing-key",
            "no-game",
            "unknown-game",
            "unknown-key",
            "wrong-game",
            "wrong-type",
        ]
    }
)


@pytest.mark.parametrize("path", FIXTURES, ids=fixture_id)
def test_the_schema_and_check_agree_on_every_broken_fixture(ran, path):
    try:
        document = yaml.safe_load(path.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError):
        return  # not YAML text: no editor schema applies
    if not isinstance(document, dict):
        return  # a list or a single value: check refuses it before any schema would apply
    game = path.parent.name if path.parent.name != "common" else document.get("game", "aloft")
    if game not in REGISTRY or REGISTRY[game].maps is None:
        game = "aloft"  # an unknown game: any game's schema refuses it by its game key
    schema = json.loads(ran("map", "schema", game)[1])
    schema_errors = list(Draft7Validator(schema).iter_errors(document))
    report = json.loads(ran("map", "check", str(path), "--json")[1])
    check_errors = [f for f in report["findings"] if f["level"] == "error"]
    if schema_errors:  # what the schema refuses, check refuses, at the same field or around it
        assert check_errors, [e.message for e in schema_errors]
        wanted = {_schema_path(e) for e in schema_errors}
        said = {f["message"].split(": ", 1)[0] for f in check_errors}
        assert any(w.startswith(s) or s.startswith(w) for w in wanted for s in said), (wanted, said)
    assert bool(schema_errors) == (fixture_id(path) in SCHEMA_RULES), [e.message for e in schema_errors]
