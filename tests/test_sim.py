"""pnp sim: determinism across workers, bots that play better than random, and the JSON shape."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.games import SPECS, registered

from pnp.errors import PnpError
from pnp.games import REGISTRY
from pnp.sim import LOCAL, SimConfig, run, seat_bots, summarise, wilson
from pnp.sim.engines import Engine


def figures(config: SimConfig, engine: Engine = LOCAL) -> dict:
    results, seconds = run(config, engine)
    summary = summarise(config, results, seconds)
    summary.pop("seconds")
    return summary


def test_the_same_seed_gives_the_same_figures_whatever_the_workers():
    # 6 games: over two workers, four batches of one game and one of two
    config = SimConfig("aloft", games=6, players=3, bots=("greedy", "random"), seed=9)
    one = figures(config)
    two = figures(config, Engine(workers=2))
    assert one == two
    assert figures(SimConfig(**{**config.__dict__, "seed": 10})) != one


def test_bots_rotate_over_the_seats():
    assert [seat_bots(("a", "b"), 3, i) for i in range(2)] == [("a", "b", "a"), ("b", "a", "b")]


@registered  # the guide's example game too
@pytest.mark.parametrize("name", sorted(n for n, spec in SPECS.items() if spec.bots))
def test_the_greedy_bot_beats_the_random_bot(name):
    game = REGISTRY[name].rules()
    players = max(2, game.min_players)
    config = SimConfig(name, games=20, players=players, bots=("greedy", "random"), seed=1)
    summary = figures(config)
    greedy = summary["win_rate_by_bot"]["greedy"]
    random_ = summary["win_rate_by_bot"]["random"]
    # the greedy bot's 95 % interval lies wholly above the random bot's
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_wilson_interval_contains_the_rate_and_narrows_with_more_games():
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    low2, high2 = wilson(300, 1000)
    assert high2 - low2 < high - low


def test_unknown_bots_and_bad_counts_are_refused():
    with pytest.raises(PnpError, match="no bot"):
        run(SimConfig("aloft", games=1, players=2, bots=("genius",)))
    with pytest.raises(PnpError, match="players"):
        run(SimConfig("aloft", games=1, players=9))


def test_the_cli_prints_json_with_every_figure(cli):
    code, out, _ = cli(
        "sim", "aloft", "--games", "6", "--players", "2", "--bots", "greedy,random", "--json", "--html", "report.html"
    )
    assert code == 0
    data = json.loads(out)
    for key in (
        "win_rate_by_seat",
        "win_rate_by_bot",
        "scores_by_seat",
        "scores_by_bot",
        "game_length",
        "moves_applied",
        "seconds",
        "most_used",
        "least_used",
    ):
        assert key in data
    assert set(data["win_rate_by_seat"]) == {"seat 1", "seat 2"}
    assert sum(v["win_rate"] for v in data["win_rate_by_seat"].values()) == pytest.approx(1.0)
    assert data["moves_applied"] > 0
    from pathlib import Path

    assert "<svg" in Path("report.html").read_text()


def _seat_3_never_wins(monkeypatch):
    """Seats 1 and 2 win every other game of three players: seat 3's interval lies below a fair share."""
    import pnp.sim

    real = pnp.sim.play_one

    def play(config, index):
        result = real(config, index)
        return pnp.sim.GameResult(index, result.bots, (2, 2, 0), (index % 2,), result.moves, {})

    monkeypatch.setattr(pnp.sim, "play_one", play)


def test_run_flags_a_seat_whose_interval_excludes_a_fair_share_in_text_json_and_html(cli, monkeypatch):
    _seat_3_never_wins(monkeypatch)
    args = ("sim", "aloft", "--games", "12", "--players", "3", "--bots", "random", "--seed", "2")
    code, out, err = cli(*args, "--html", "report.html")
    assert code == 0, err
    seats = {line.split()[1]: line for line in out.splitlines() if line.startswith("  seat ")}
    assert [seat for seat, line in seats.items() if line.endswith("  !")] == ["3"]
    assert "1 of 3 seats flagged (!): a seat's 95 % interval excludes a fair share" in out
    from pathlib import Path

    page = Path("report.html").read_text(encoding="utf-8")
    assert "seat 3 !" in page and "seat 1 !" not in page and "1 of 3 seats flagged" in page
    code, out, _ = cli(*args, "--json")
    assert json.loads(out)["flagged_seats"] == ["seat 3"]


def test_a_fair_run_flags_no_seat(cli, monkeypatch):
    import pnp.sim

    real = pnp.sim.play_one

    def take_turns(config, index):  # seat 1 wins the even games, seat 2 the odd ones
        result = real(config, index)
        return pnp.sim.GameResult(index, result.bots, (1, 1), (index % 2,), result.moves, {})

    monkeypatch.setattr(pnp.sim, "play_one", take_turns)
    code, out, _ = cli("sim", "aloft", "--games", "12", "--bots", "random", "--json")
    assert code == 0 and json.loads(out)["flagged_seats"] == []


def test_run_and_sweep_play_the_same_bots_by_default(cli):
    code, out, _ = cli("sim", "aloft", "--games", "2", "--json")
    assert code == 0
    run_bots = json.loads(out)["inputs"]["bots"]
    code, out, _ = cli("sim", "sweep", "aloft", "--over", "players=2", "--games", "2", "--json")
    assert code == 0 and run_bots == json.loads(out)["inputs"]["bots"] == ["greedy"]


def test_a_run_records_its_inputs_the_map_by_name_and_by_the_digest_of_its_bytes(cli):
    import hashlib
    from pathlib import Path

    import pnp
    from pnp.resources import board_file

    Path("tall.yaml").write_text(board_file("aloft.yaml").read_text(encoding="utf-8").replace("rows: 4", "rows: 6"))
    args = ("sim", "aloft", "--games", "2", "--players", "3", "--bots", "random,greedy", "--seed", "5")
    code, out, _ = cli(*args, "--map", "tall.yaml", "--json")
    inputs = json.loads(out)["inputs"]
    short = hashlib.sha256(Path("tall.yaml").read_bytes()).hexdigest()[:12]
    assert inputs == {
        "game": "aloft",
        "bots": ["random", "greedy"],
        "seed": 5,
        "options": {},
        "pnp": pnp.__version__,
        "players": 3,
        "map": {"file": "tall.yaml", "sha256": short},
        "variant": None,
    }
    code, out, _ = cli(*args, "--map", "tall.yaml")
    assert f"inputs: aloft, map tall.yaml (sha256 {short}), bots random, greedy, seed 5, pnp {pnp.__version__}" in out
    code, out, _ = cli(*args, "--json")
    assert code == 0 and json.loads(out)["inputs"]["map"]["file"] == "built-in boards/aloft.yaml"


def test_a_run_on_a_map_that_fails_its_check_stops_before_any_game_with_one_line(cli, monkeypatch):
    from pathlib import Path

    import pnp.sim

    monkeypatch.setattr(pnp.sim, "play_one", lambda config, index: pytest.fail("a game was played"))
    Path("bad.yaml").write_text("game: aloft\ncolumns: 12\nrows: 4\ncell_width: 40\n", encoding="utf-8")
    code, out, err = cli("sim", "aloft", "--games", "2", "--map", "bad.yaml")
    assert (code, out) == (
        1,
        "",
    ) and err == "pnp: error: bad.yaml:4:13: cell_width: 40 mm is too narrow for a 44 mm card\n"


def test_a_game_that_does_not_end_is_one_line_naming_the_rules_as_set_not_an_internal_error():
    """A variant whose every die face is TAKE OFF! never ends a game: the sim said 'internal error
    (RuntimeError: take-off: no end after 100000 moves); please report it'."""
    import random

    from pnp.games.take_off.rules import TakeOff
    from pnp.referee.driver import playout, random_chooser
    from pnp.referee.protocol import Setup

    with pytest.raises(PnpError, match=r"^Take Off! World Edition: a game went 40 inputs without ending: the rules"):
        playout(TakeOff(), Setup(("ann", "bob")), random_chooser(random.Random(0)), max_moves=40)


def test_a_report_names_the_options_it_ran_with_and_a_map_generated_for_each_game(cli):
    """Two runs with other options read the same ('inputs: take-off, map …, bots greedy, seed 0'), and Aeronaut
    Odyssey named the built-in map while each game played a map generated from its own seed."""
    code, out, err = cli("sim", "take-off", "--games", "2", "--option", "fleet=3", "--json")
    assert code == 0, err
    assert json.loads(out)["inputs"]["options"]["fleet"] == 3
    assert "options fleet=3, " in cli("sim", "take-off", "--games", "2", "--option", "fleet=3")[1]
    code, out, err = cli("sim", "aeronaut-odyssey", "--games", "2")
    assert code == 0, err
    assert "map generated from each game's seed, " in out and "boards/aeronaut-odyssey.yaml" not in out


def test_the_win_rate_by_bot_is_shown_only_when_bots_of_several_kinds_play(cli):
    """With one kind of bot in every seat it read 'greedy 50.0% (… 600 games)': a fair share by definition."""
    assert "win rate by bot" not in cli("sim", "aloft", "--games", "2")[1]
    assert (
        "win rate by bot, of the seats it played (50.0% is fair):\n  greedy"
        in cli("sim", "aloft", "--games", "2", "--bots", "greedy,random")[1]
    )


def test_a_bots_win_rate_is_over_the_seats_it_played_and_says_what_is_fair(cli):
    """Three seats, two bots: greedy won every game yet read '66.7% … 90 games' out of 60, a fair share unsaid."""
    out = cli("sim", "aloft", "--games", "6", "--players", "3", "--bots", "greedy,random")[1]
    rows = out.split("win rate by bot, of the seats it played (33.3% is fair):\n", 1)[1].splitlines()[:2]
    seats = [int(re.search(r", (\d+) seats\)$", row)[1]) for row in rows]
    assert [row.split()[0] for row in rows] == ["greedy", "random"] and sum(seats) == 6 * 3


def test_games_ended_by_the_round_limit_are_counted_in_a_run_and_a_sweep(cli):
    """Random bots in Air King end every game at its 40-round limit, the winner chosen by the most aircraft
    landed: the report said nothing of it, and such a row read as a balanced design."""
    code, out, err = cli("sim", "air-king", "--games", "3", "--bots", "random", "--json")
    assert code == 0, err
    assert json.loads(out)["cut_short"] == 3
    said = cli("sim", "air-king", "--games", "3", "--bots", "random")[1]
    assert "cut short: 3 of 3 games ended at the round limit" in said
    code, out, err = cli("sim", "sweep", "air-king", "--over", "rounds=2,40", "--games", "2", "--bots", "random")
    assert "their winners ranked by its tiebreak: rounds=2 2 of 2, rounds=40 2 of 2 games" in out
    assert "cut short" not in cli("sim", "aloft", "--games", "2")[1]  # a game with no limit beside its rules


def test_an_empty_bot_name_is_a_slip_said_in_one_line(cli):
    """'--bots ""' and 'greedy,,random' played greedy bots without a word."""
    for listed in ("", "greedy,,random"):
        code, out, err = cli("sim", "aloft", "--games", "1", "--bots", listed)
        assert code == 1 and out == ""
        assert err.strip().endswith("name each bot, comma-separated (random, greedy, ismcts)")
    assert cli("sim", "aloft", "--games", "1")[1].startswith("Aloft: 1 game, 2 players")


def test_a_bound_that_would_read_as_a_fair_share_shows_a_second_decimal():
    """Seat 2 flagged with '(95 % interval 33.3% to 37.5%)' read as if its interval held a fair third."""
    from pnp.sim.fairness import bound_text

    assert [bound_text(b, 1 / 3) for b in (0.3334, 1 / 3, 0.3329, 0.3753)] == ["33.34%", "33.3%", "33.29%", "37.5%"]


# -- Air King's greedy bot keeps games moving: it played the round limit out in 29 of 100 games ---------------


def air_king_turn(goal_landed: tuple[int, ...] = (2, 6, 7)):
    """p1 to act with two aircraft moves, holding goal card 1 (aircraft 1, 2, 6, 7), with ``goal_landed`` landed;
    the aircraft are all waiting to depart, and the hands empty."""
    from pnp.games.air_king.actions import ACT, LANDED
    from pnp.referee.protocol import Commit, Setup

    game = REGISTRY["air-king"].rules()
    state = game.new_state(Setup(("p1", "p2")))
    for _ in range(2):
        state.apply(Commit("goal", "0" * 64))
    for text in ("draw pass", "draw pass", "draw pass"):
        state.apply(game.parse_move(text))
    state.phase, state.hands = ACT, [[0] * 6, [0] * 6]
    for number in goal_landed:
        state.pos[number - 1] = LANDED
        state.landed |= 1 << number - 1
    return game, state


def place(state, things: dict[str, int]) -> None:
    """Put aircraft (by number) or a Storm (-1) on the spaces named."""
    from pnp.games.air_king.actions import STORM

    for name, thing in things.items():
        cell = state.rules.field.index[name]
        state.occ[cell] = thing
        if thing != STORM:
            state.pos[thing - 1] = cell


def greedy_turn(game, state, own: dict[str, str]) -> list[str]:
    """The moves Air King's greedy bot makes until its turn's moves are spent."""
    import random

    bot = REGISTRY["air-king"].bots()["greedy"](random.Random(1))
    played = []
    while state.moves_left:
        move = bot(state, state.legal_moves(), own)
        played.append(game.format_move(move))
        state.apply(move)
    return played


def test_air_kings_greedy_bot_flies_round_a_storm_never_to_and_fro():
    """Aircraft 1 waits behind a Storm: the bot flew it sideways and back, turn after turn (the detour was
    counted longer than the blocked way)."""
    game, state = air_king_turn()
    place(state, {"c3": 1, "d3": -1})
    played = greedy_turn(game, state, {"goal": "1"})
    assert played in (["fly 1 c2", "fly 1 d2"], ["fly 1 c4", "fly 1 d4"])


def test_air_kings_greedy_bot_clears_a_storm_that_lengthens_its_way():
    """A Storm off the straight way ahead still costs flights: Clear sky was kept in hand, the Storm left."""
    import random

    from pnp.games.air_king.model import CLEAR

    game, state = air_king_turn()
    place(state, {"c2": 1, "e2": -1, "d3": -1})
    state.hands[0][CLEAR] = 1
    bot = REGISTRY["air-king"].bots()["greedy"](random.Random(1))
    assert game.format_move(bot(state, state.legal_moves(), {"goal": "1"})) == "clear e2"


def test_air_kings_greedy_bot_overtakes_its_own_held_aircraft_with_another_to_release_it():
    """Its last aircraft held beside airport B, the bot let the one aircraft that could overtake it (not its
    own) stand, and flew others to and fro: neither player ever released it."""
    game, state = air_king_turn()
    place(state, {"g2": 1, "d3": 3})
    state.held[0] = True
    assert greedy_turn(game, state, {"goal": "1"})[0] == "fly 3 e3"


def test_air_king_greedy_games_rarely_reach_the_round_limit():
    """Greedy bots played 9 of these 20 games out to the 40-round limit (66 of 200): their win rates measured
    the limit's tiebreak."""
    summary = figures(SimConfig("air-king", games=20, players=2, bots=("greedy",), seed=0))
    assert summary["cut_short"] <= 1


def _cut_short_in(monkeypatch, share: dict[int, float]) -> None:
    """Games whose first ``share[rounds]`` (by index) ended at the round limit; the seats take turns winning."""
    import pnp.sim

    def play(config, index):
        short = index < share[config.options["rounds"]] * config.games
        return pnp.sim.GameResult(index, ("random",) * 2, (1, 1), (index % 2,), 10, {}, cut_short=short)

    monkeypatch.setattr(pnp.sim, "play_one", play)


def test_a_row_whose_games_were_often_cut_short_is_marked_for_measuring_the_tiebreak(cli, monkeypatch):
    """A sweep with 108 of 200 games cut short read '0 of 2 combinations flagged': as fair as a row that ends."""
    _cut_short_in(monkeypatch, {2: 0.5, 3: 0.1, 40: 0.0})
    args = ("sim", "sweep", "air-king", "--over", "rounds=2,3,40", "--games", "40", "--bots", "random")
    code, out, err = cli(*args, "--html", "sweep.html")
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith("rounds=")}
    assert [name for name, line in rows.items() if line.endswith("  cut")] == ["rounds=2"]  # a tenth is not past it
    assert (
        "cut short at the round limit, their winners ranked by its tiebreak: rounds=2 20 of 40, rounds=3 4 of 40" in out
    )
    assert (
        "1 of 3 combinations marked (cut): more than 10% of their games were cut short, so their win rates measure "
        "the limit's tiebreak as much as the game" in out
    )
    assert "1 of 3 combinations marked (cut)" in Path("sweep.html").read_text(encoding="utf-8")
    code, out, _ = cli(*args, "--json")
    assert [row["cut_short_marked"] for row in json.loads(out)["rows"]] == [True, False, False]
    said = cli("sim", "air-king", "--games", "40", "--bots", "random", "--option", "rounds=2")[1]
    assert (
        "cut short: 20 of 40 games ended at the round limit, their winners ranked by its tiebreak, not by the " in said
    )
    assert "that is more than 10% of them, so the win rates measure the limit's tiebreak as much as the game" in said


def test_a_report_says_when_its_games_are_too_few_to_flag_an_edge_worth_knowing_of(cli, monkeypatch):
    """'0 of 2 flagged' at 60 games (a 95 % interval of some ±12 points) read as 'fair'."""
    _cut_short_in(monkeypatch, {40: 0.0})
    said = cli("sim", "air-king", "--games", "60", "--bots", "random")[1]
    assert (
        "0 of 2 seats flagged (!): a seat's 95 % interval excludes a fair share (a fair seat is flagged by chance "
        "about 1 time in 20)\ntoo few games to flag a small edge: with 60 games, a seat is flagged only when it wins "
        "some 13.3 points more (or less) than a fair share, so no flag is no sign of fairness (about 370 games would "
        "flag an edge of 5 points)\n" in said
    )
    assert json.loads(cli("sim", "air-king", "--games", "60", "--bots", "random", "--json")[1])["smallest_flagged"] == (
        0.1333
    )
    assert "too few games" not in cli("sim", "air-king", "--games", "400", "--bots", "random")[1]
    sweep = cli("sim", "sweep", "air-king", "--over", "rounds=40", "--games", "3", "--bots", "random")[1]
    assert "too few games to flag any seat: 3 games a row cannot put an interval past a fair share (about 370 " in sweep


@pytest.mark.parametrize(("players", "games"), [(2, 60), (2, 200), (3, 90), (4, 1000), (2, 5)])
def test_the_smallest_edge_a_number_of_games_can_flag_is_the_flags_own(players, games):
    """The edge the reports name is where the flag starts: a seat winning that share is flagged, one fewer not."""
    from pnp.sim import _rates
    from pnp.sim.fairness import fair_share, smallest_flagged, unfair

    edge = smallest_flagged(players, games)
    wins = round((fair_share(players) + edge) * games)

    def flagged(won: int) -> bool:
        return unfair(_rates({"seat": [1.0] * won + [0.0] * (games - won)})["seat"], players)

    assert flagged(wins) and not flagged(wins - 1)


def test_too_few_games_flag_no_seat_whatever_it_wins():
    from pnp.sim import _rates
    from pnp.sim.fairness import smallest_flagged, unfair

    assert smallest_flagged(2, 3) is None and not unfair(_rates({"seat": [1.0] * 3})["seat"], 2)
