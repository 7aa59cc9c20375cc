"""The board in words (``State.describe``): what each game's picture shows, said to a listener.

Every registered game is played by seeded random choices; at several positions each viewer's description is read
as the table sends it (``view.state_json``) and checked for words (no notation, no terminal), and for secrets with
the table API's own check of what each seat hides. Each game's own test then names what its board must say.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from support.games import GAMES, registered
from support.moves import playable
from test_table_api import OPTIONS, check_state_body, hidden_in, players_for

from pnp.games import REGISTRY
from pnp.games.take_off.world import HOME
from pnp.referee import notation, session
from pnp.referee.protocol import Commit, Secret, Setup, State
from pnp.table import view

SEED = 7
LOOKS = 6  # positions looked at in each game, spread over it, its end included
PICTURE = '<svg viewBox="0 0 1 1"></svg>'  # the picture is not what is checked here: nothing is drawn
# A notation's code, as opposed to a word: letters and digits together (K1, a1, d3), parts joined by signs
# (C-F, B,G, nay-pyi-taw) or capitals run together (RW).
CODE = re.compile(r"(?=.*\d)(?=.*[^\W\d])|\w[-/:,]\w|^[A-Z]{2,}$")


def codes(game_moves: list[str]) -> set[str]:
    """The words of ``game_moves`` (in notation) that are codes, not words."""
    return {word for move in game_moves for word in move.split() if CODE.search(word)}


def check_words(description: list[str], moves: list[str]) -> None:
    """A description for a listener: sentences, none of the moves' codes, nothing a terminal would need."""
    assert description and all(sentence.strip() for sentence in description)
    said = " ".join(description)
    assert "pnp " not in said and "'" + "pnp" not in said
    for code in codes(moves):
        assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", said), f"{code!r} in {said!r}"


def new_session(folder: Path, name: str) -> session.Session:
    """A session of ``name`` with what it can hide hidden (the API tests' options), saved in ``folder``."""
    current = session.new(folder / "g.pnp", name, players_for(name), OPTIONS.get(name, []), SEED, None)
    current.save()
    return current


def whole_game(folder: Path, name: str) -> list[str]:
    """The moves of a whole game of ``name``, each chosen at random (seeded) among what its seat is offered."""
    folder.mkdir()
    current, rng, played = new_session(folder, name), random.Random(SEED), []
    while current.state.to_move() is not None:
        played.append(notation.format(current.game, rng.choice(playable(current))))
        current.play(played[-1])
    return played


@registered  # the guide's example game too
@pytest.mark.parametrize("name", GAMES)
def test_every_viewer_hears_the_board_in_words_and_nobody_elses_secrets(tmp_path, name):
    played = whole_game(tmp_path / "whole", name)
    looks = {round(n * len(played) / (LOOKS - 1)) for n in range(LOOKS)}
    current = new_session(tmp_path, name)
    for n, move in enumerate(played):
        if n in looks:
            _look(current, played)
        current.play(move)
    _look(current, played)  # the end: every secret revealed


def _look(current: session.Session, played: list[str]) -> None:
    """Each viewer's description now: in words, and holding nothing another seat hides."""
    hidden = hidden_in(current)
    host = view.state_json(current, None, picture=PICTURE)
    moves = played + [notation.format(current.game, move) for move in current.state.legal_moves()]
    for viewer in (None, *current.setup.players):
        body = host if viewer is None else view.state_json(current, viewer, picture=PICTURE)
        check_words(body["description"], moves)
        check_state_body(current, hidden, body, host)


# -- what each game's board says -----------------------------------------------------------------------------


def position(name: str, moves: int, players: tuple[str, ...] = ("ann", "bob", "cy"), **options: object) -> State:
    """A state of ``name`` after ``moves`` seeded random moves (secrets sealed as the referee seals them)."""
    rules = REGISTRY[name].rules()
    setup = Setup(players=players, options={**{o.key: o.default for o in rules.options}, **options}, seed=SEED)
    state = rules.bind(setup).new_state(setup)
    rng = random.Random(SEED)
    for _ in range(moves):
        if state.is_over():
            break
        move = rng.choice(state.legal_moves())
        state.apply(Commit(move.slot, "0" * 64) if isinstance(move, Secret) else move)
    return state


def test_aloft_says_each_balloon_in_the_sky_by_column_and_row_and_each_truck():
    state = position("aloft", 60)
    said = " ".join(state.describe(None))
    columns = state.board.columns
    flying = [(cell, b) for cell, b in enumerate(state.grid) if b >= 0]
    assert flying
    for cell, b in flying:
        colours = [state.sky.words.colour[code] for code in state.data.balloons[b].colours]
        balloon = " and ".join(colours) or f"the {state.names[b].lower()}"
        assert f"{balloon} at column {cell % columns + 1}, row {cell // columns + 1}" in said
    for column in state.trucks:
        assert f"at column {column + 1} " in said
    assert said.count("safety truck") == 1


def test_air_king_says_each_aircraft_in_flight_and_where_and_the_viewers_own_hand_alone():
    state = position("air-king", 120)
    field = state.rules.field
    ann, bob = state.describe("ann"), state.describe("bob")
    said = " ".join(ann)
    in_flight = [(a, cell) for a, cell in enumerate(state.pos) if cell >= 0]
    assert in_flight
    for a, cell in in_flight:
        column, lane = field.names[cell][0], field.names[cell][1:]
        assert f"aircraft {a + 1} at column {column}, lane {lane}, bound for " in said
    assert f"Your hand: {state.hand_text(0)}." in ann
    assert not any(sentence.startswith("Your hand") for sentence in state.describe(None))
    assert f"Your hand: {state.hand_text(0)}." not in bob


def test_a_french_air_king_session_says_its_board_in_french(tmp_path):
    (tmp_path / "v.yaml").write_text("game: air-king\nlanguage: fr\n", encoding="utf-8")
    current = session.new(tmp_path / "g.pnp", "air-king", ["ann", "bob"], [], 0, None, tmp_path / "v.yaml")
    current.save()
    for move in ["secret goal 3", "secret goal 8", "draw storm", "draw hold", "draw extra", "depart 1 a2"]:
        current.play(move)
    said = view.state_json(current, "ann", picture=PICTURE)["description"]
    assert "En vol : avion 1 en colonne a, couloir 2, vers B." in said
    assert "Votre main : 1 Coup en plus, 1 Orage." in said
    assert not any("In flight" in sentence or "Your hand" in sentence for sentence in said)


def test_take_off_says_each_players_jets_by_city():
    state = position("take-off", 40)
    world = state.ctx.world
    for seat, player in enumerate(state.players):
        fleet = next(s for s in state.describe(None) if s.startswith(f"{player} flies"))
        for jet, city in enumerate(state.jets_of(seat)):
            where = "home" if city == HOME else "at Start" if city == world.start else f"in {world.name(city)}"
            assert f"jet {jet + 1} {where}" in fleet


def test_hauling_astronauts_says_the_transports_and_the_astronauts_they_carry():
    state = position("hauling-astronauts", 120, ("ann", "bob"))
    said = " ".join(state.describe(None))
    assert state.departures
    for departure in state.departures:
        transport = state.transport(departure)
        assert transport is not None
        assert f"holds {state.players[departure.player]}'s {transport.name} with a load of {departure.load}" in said
    for player in (0, 1):
        for strip in range(3):
            docked = state.docked_transport(player, strip)
            assert docked is None or f"{docked.name} for {docked.label}" in said


def test_aeronaut_odyssey_says_the_routes_claimed_and_where_each_aeronaut_is():
    state = position("aeronaut-odyssey", 80, hidden_inventories=True)
    board = state.board
    ann = state.describe("ann")
    said = " ".join(ann)
    claimed = [(k, lane) for k, lane in enumerate(board.lanes) if state.owner[k] >= 0 and lane.length]
    assert claimed
    for k, lane in claimed:
        assert f"from {board.cities[lane.a]} to {board.cities[lane.b]}" in said
    for p, player in enumerate(state.players):
        assert f"{player} at {board.cities[state.pos[p]]}" in said
    assert any(s.startswith("bob's balloons: ") and s.endswith(", hidden.") for s in ann)
    assert not any(s.startswith("ann's balloons: ") and s.endswith(", hidden.") for s in ann)
