"""Take Off! as players meet it: cities typed as printed, moves labelled for buttons, nothing kept hidden."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pnp.errors import IllegalMove, NotationError
from pnp.games.take_off.maps import check_map
from pnp.games.take_off.model import load_map
from pnp.games.take_off.notation import Draw, Fly, Pass, Roll, Send
from pnp.games.take_off.rules import TakeOff
from pnp.referee.protocol import Setup


@pytest.fixture
def game():
    """The rules bound to a session on the world map (its moves name the world's cities)."""
    return TakeOff().bind(Setup(("ann", "bob")))


# -- names as printed ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "city"),
    [("Port Louis", "port-louis"), ("port louis", "port-louis"), ("St. George's", "st-george-s"),
     ("St Georges", "st-george-s"), ("st-georges", "st-george-s"), ("N'Djamena", "n-djamena"),
     ("ndjamena", "n-djamena"), ("NDJAMENA", "n-djamena"), ("Bandar Seri Begawan", "bandar-seri-begawan"),
     ("Ürümqi", "urumqi"), ("Nuku'alofa", "nuku-alofa"), ("port-au-prince", "port-au-prince"),
     ("Port au Prince", "port-au-prince"), ("TOKYO", "tokyo")],
)  # fmt: skip
def test_a_card_is_drawn_by_its_printed_name_or_its_id(game, typed, city):
    move = game.parse_move(f"draw {typed}")
    assert move == Draw(city) and game.format_move(move) == f"draw {city}"  # the record keeps the id


def test_every_city_id_still_reads_as_itself(game):
    for city in game.world.ids:
        assert game.parse_move(f"draw {city}") == Draw(city)
        assert game.parse_move(f"fly 1 {city} 2 {city}") == Fly(((1, (city,)), (2, (city,))))


@pytest.mark.parametrize(
    ("typed", "legs"),
    [("fly 1 kuala lumpur port louis", ((1, ("kuala-lumpur", "port-louis")),)),
     ("fly 2 Port Moresby 1 Port Vila", ((1, ("port-vila",)), (2, ("port-moresby",)))),
     ("fly 1 mexico city san francisco", ((1, ("mexico-city", "san-francisco")),)),
     ("fly 1 midway tokyo", ((1, ("midway", "tokyo")),)),
     ("fly 1 san francisco finish", ((1, ("san-francisco", "honolulu-west")),)),
     ("fly 1 Honolulu", ((1, ("honolulu-west",)),))],
)  # fmt: skip
def test_flights_name_cities_of_several_words_and_finish_as_printed(game, typed, legs):
    assert game.parse_move(typed) == Fly(legs)


def test_printed_names_play_through_the_referee_and_the_record_keeps_ids(cli):
    assert cli("ref", "new", "take-off", "t.pnp", "--players", "ann,bob", "--seed", "1")[0] == 0
    assert cli("ref", "play", "t.pnp", "roll", "T", "R")[0] == 0  # jets at Start: the brown deck
    code, _, err = cli("ref", "play", "t.pnp", "draw", "Port", "Louis")
    assert code == 0, err
    assert "ann: draw port-louis" in Path("t.pnp").read_text()
    listed = json.loads(cli("ref", "moves", "t.pnp", "--json")[1])["moves"]
    assert listed == ["send 1", "send 2"]
    assert cli("ref", "play", "t.pnp", "send", "2")[0] == 0
    code, _, err = cli("ref", "play", "t.pnp", "fly", "2", "Antananarivo")
    assert code == 0, err
    assert "ann: fly 2 antananarivo" in Path("t.pnp").read_text()


@pytest.mark.parametrize(
    ("typed", "city", "printed"),
    [("Yaoundé", "yaounde", "Yaoundé"), ("Yaounde", "yaounde", "Yaoundé"), ("bogota", "bogota", "Bogotá"),
     ("São Tomé", "sao-tome", "São Tomé"), ("Sao Tome", "sao-tome", "São Tomé"), ("Astana", "astana", "Astana"),
     ("Nur-Sultan", "astana", "Astana"), ("Malabo", "malabo", "Malabo")],
)  # fmt: skip
def test_names_print_with_their_accents_and_read_without_them_or_by_a_former_name(game, typed, city, printed):
    move = game.parse_move(f"draw {typed}")
    assert move == Draw(city) and game.format_move(move) == f"draw {city}"
    assert game.world.name(game.world.index[city]) == printed
    assert printed in game.label(move)


def test_an_alias_that_reads_like_another_city_is_a_warning(tmp_path):
    path = tmp_path / "alias.yaml"
    path.write_text(ODD_NAMES.replace("name: York,", "name: York, aliases: [New],"))
    warnings = [f.message for f in check_map(load_map(path)) if f.level == "warning"]
    assert any("cities[3].aliases[0]" in w and "'New' reads like" in w for w in warnings)


@pytest.mark.parametrize(
    ("typed", "message"),
    [("draw st georgs", "there is no city 'st georgs'; did you mean \"St. George's\"?"),
     ("draw port luis", "there is no city 'port luis'; did you mean 'Port Louis'"),
     ("fly 1 midway tokio", "there is no city 'tokio'; did you mean 'Tokyo'?"),
     ("fly 1 mdway tokyo", "there is no city 'mdway'; did you mean 'Midway'?"),
     ("fly 1 midway 2 taipai", "there is no city 'taipai'; did you mean 'Taipei'"),
     ("draw xqzv", "there is no city 'xqzv'")],
)  # fmt: skip
def test_an_unknown_name_is_refused_with_the_nearest_printed_names(game, typed, message):
    with pytest.raises(NotationError) as caught:
        game.parse_move(typed)
    assert str(caught.value).startswith(f"cannot read '{typed}': {message}")


ODD_NAMES = """\
game: take-off
title: Odd names
start: east
finish: west
west_edge: 0
east_edge: 40
north: 60
south: 0
divide: 22
scale: 3
grid: 10
cities:
  - {id: east, name: West, lat: 30, lon: 40, routes: {red: nw, yellow: ny}}
  - {id: nw, name: New, country: Aland, lat: 40, lon: 30, routes: {red: yk, yellow: ny}}
  - {id: ny, name: New York, country: Bland, lat: 20, lon: 25, routes: {red: yk, yellow: springfield}}
  - {id: yk, name: York, country: Cland, lat: 45, lon: 20, routes: {red: springfield, yellow: other}}
  - {id: springfield, name: Springfield, country: Dland, lat: 15, lon: 12, routes: {red: west, yellow: other}}
  - {id: other, name: Springfield, country: Eland, lat: 35, lon: 8, routes: {red: west, yellow: west}}
  - {id: west, name: West, lat: 30, lon: 0}
"""


@pytest.fixture
def odd(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text(ODD_NAMES)
    return TakeOff().bind(Setup(("ann", "bob"), map_path=path)), path


def test_words_that_split_two_ways_are_refused_and_ids_settle_it(odd):
    rules, _ = odd
    with pytest.raises(
        NotationError, match=r"the cities may be New York \(ny\) or New then York \(nw yk\); write them by their ids"
    ):
        rules.parse_move("fly 1 new york")
    assert rules.parse_move("fly 1 ny") == Fly(((1, ("ny",)),))
    assert rules.parse_move("fly 1 nw yk") == Fly(((1, ("nw", "yk")),))
    assert rules.parse_move("fly 1 York Springfield") == Fly(((1, ("yk", "springfield")),))
    assert rules.parse_move("fly 1 springfield springfield") == Fly(((1, ("springfield", "springfield")),))


def test_ids_come_first_so_that_records_replay_as_written(odd):
    rules, path = odd
    rules.new_state(Setup(("ann", "bob"), map_path=path))
    assert rules.parse_move("fly 1 west") == Fly(((1, ("west",)),))


def test_a_name_two_cities_share_reads_as_the_first_and_the_map_check_warns(odd):
    rules, path = odd
    assert rules.parse_move("draw Springfield") == Draw("springfield")
    assert rules.parse_move("draw other") == Draw("other")
    warnings = [f.message for f in check_map(load_map(path)) if f.level == "warning"]
    assert any("cities[5].name" in w and "type this city's id, 'other'" in w for w in warnings)
    assert not any("cities[0].name" in w for w in warnings)  # Start's name may be Finish's: it is typed by id


def test_finish_answers_to_its_printed_name_and_start_only_to_its_id(odd):
    rules, _ = odd
    assert rules.parse_move("fly 1 west") == Fly(((1, ("west",)),))  # the id and the name are alike here
    assert rules.parse_move("fly 1 finish") == Fly(((1, ("west",)),))
    assert rules.parse_move("draw start") == Draw("east")  # a card never names Start: the state refuses it


def test_a_game_reads_the_ids_of_another_map_it_ran_and_its_state_refuses_them(odd):
    rules, _ = odd
    assert rules.parse_move("draw ny") == Draw("ny")
    world_state = rules.new_state(Setup(("ann", "bob")))
    assert rules.parse_move("draw nw") == Draw("nw")  # only the odd map has it
    world_state.apply(rules.parse_move("roll T R"))
    with pytest.raises(IllegalMove, match="there is no city 'nw' on the map"):
        world_state.apply(rules.parse_move("draw nw"))


# -- labels for the table page ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "label"),
    [(Roll("R", "Y"), "roll red and yellow"),
     (Roll("T", "T"), "roll TAKE OFF! and TAKE OFF! (a double)"),
     (Roll("J", "T"), "roll jet and TAKE OFF!"),
     (Draw("port-louis"), "draw Port Louis (Mauritius)"),
     (Draw("st-george-s"), "draw St. George's (Grenada)"),
     (Send(2), "send jet 2 to the card's capital"),
     (Fly(((1, ("midway", "tokyo")),)), "fly jet 1 to Midway, then by the yellow route to Tokyo"),
     (Fly(((1, ("midway",)), (2, ("taipei",)))), "fly jet 1 to Midway and jet 2 to Taipei"),
     (Fly(((1, ("anchorage", "honolulu-west")),)),
      "fly jet 1 to Anchorage, then by the red or blue route to Finish (Honolulu)"),
     (Pass(), "pass: no rolled colour can be used")],
)  # fmt: skip
def test_a_button_reads_printed_names_and_die_faces_by_name(game, move, label):
    assert game.label(move) == label


def test_every_move_of_a_game_has_a_label_and_nothing_is_hidden():
    rules = TakeOff()
    state = rules.new_state(Setup(("ann", "bob", "cy"), {"fleet": 2}))
    world = state.ctx.world
    rng = random.Random(4)
    while not state.is_over():
        moves = state.legal_moves()
        for move in moves:
            label = rules.label(move)
            assert label and label != rules.format_move(move)
            if isinstance(move, (Draw, Fly)):
                cities = [move.city] if isinstance(move, Draw) else [c for _, cs in move.legs for c in cs]
                assert all(world.name(world.index[c]) in label for c in cities)
            assert rules.public_text(move) is None  # cards are drawn face up: every seat sees every move
        assert all(state.private(player) == {} for player in state.players)
        state.apply(rng.choice(moves))
