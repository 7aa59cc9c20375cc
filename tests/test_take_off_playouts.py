"""Random Take Off! games on the world map, played to the end with their invariants checked; the bots."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from support.moves import unseen

from pnp.games.take_off.bots import BOTS, standing
from pnp.games.take_off.notation import Fly, Send
from pnp.games.take_off.rules import TakeOff
from pnp.games.take_off.state import DRAW, EAST, SEND, TakeOffState
from pnp.games.take_off.world import HOME
from pnp.referee.driver import Table, playout, random_chooser
from pnp.referee.protocol import Move, Setup

GAME = TakeOff()


def check_invariants(state: TakeOffState) -> None:
    world, fleet = state.ctx.world, state.ctx.fleet
    occupied: dict[int, set[int]] = {}
    for jet, city in enumerate(state.pos):
        assert city == HOME or 0 <= city < len(world.ids)
        if city not in (HOME, world.start):
            occupied.setdefault(city, set()).add(jet // fleet)
    assert all(len(seats) == 1 for seats in occupied.values()), "two fleets on one city: someone was not bumped"
    for deck in (0, 1):
        held = state.hand if state.phase in (DRAW, SEND) and state.deck == deck else []
        cards = state.piles[deck] + state.discards[deck] + held
        assert sorted(cards) == sorted(world.decks[deck]), "a card was lost or doubled"  # the same cards, as many
    for seat in state.done[:-1]:
        assert all(c == HOME for c in state.jets_of(seat))
    assert state.round <= state.ctx.round_limit
    whole = world.hops[world.start]
    assert all(0 <= p <= whole for seat in range(len(state.players)) for p in state.progress(seat))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 6), fleet=st.integers(1, 4), play_on=st.booleans())
def test_random_games_end_with_a_winner_and_keep_every_invariant(seed, players, fleet, play_on):
    rng = random.Random(seed)
    names = tuple(f"p{i}" for i in range(players))
    setup = Setup(names, {"fleet": fleet, "play_on": play_on})
    rules = GAME.bind(setup)  # as a session reads moves: on its map, looked up once
    table = Table(rules, rules.new_state(setup))
    seen: set[Move] = set()
    while not table.state.is_over():
        moves = table.state.legal_moves()
        for move in unseen(moves, seen):
            text = rules.format_move(move)
            read = rules.parse_move(text)
            assert read == move and rules.format_move(read) == text
        table.play(rng.choice(moves))
        check_invariants(table.state)
    score = table.state.score()
    assert score.final and score.winners
    finished = [s for s in range(players) if all(c == HOME for c in table.state.jets_of(s))]
    if table.state.round < table.state.ctx.round_limit:
        assert finished and score.winners == (names[table.state.done[0]],)
    if play_on and table.state.round < table.state.ctx.round_limit:
        assert sorted(table.state.done) == list(range(players))  # a full order of finish
    places = [int(note.split(". ")[0]) for note in score.notes[0].split(": ")[1].split(", ")]
    assert places == sorted(places) and places[0] == 1


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_replaying_a_game_reproduces_it(seed):
    setup = Setup(("a", "b", "c"), {"fleet": 2})
    table = playout(GAME, setup, random_chooser(random.Random(seed)))
    again = GAME.new_state(setup)
    for move in table.history:
        again.apply(GAME.parse_move(GAME.format_move(move)))
    assert again.pos == table.state.pos and again.score() == table.state.score()
    assert again.render_text(None) == table.state.render_text(None)


def test_a_clone_is_independent():
    state = GAME.new_state(Setup(("a", "b"), {"fleet": 2}))
    copy = state.clone()
    copy.apply(GAME.parse_move("roll T R"))
    copy.apply(copy.legal_moves()[0])
    assert state.phase != copy.phase and state.piles[EAST] != copy.piles[EAST]
    assert state.legal_moves() == GAME.new_state(Setup(("a", "b"), {"fleet": 2})).legal_moves()


def test_the_greedy_bot_beats_the_random_bot():
    wins = Counter()
    games = 120
    for i in range(games):
        seats = ("greedy", "random") if i % 2 == 0 else ("random", "greedy")
        bots = {name: BOTS[name](random.Random(1000 * i + k)) for k, name in enumerate(seats)}
        choose = lambda s, m, o, bots=bots: bots[s.to_move()](s, m, o)
        table = playout(GAME, Setup(seats, {"fleet": 2}), choose, random.Random(i))  # each game its own dice
        wins.update(table.state.score().winners)
    # with even odds, 120 games give more than 80 wins less than once in 10,000 times
    assert wins["greedy"] > 80, wins


def test_the_greedy_bot_leaves_chance_to_the_table_and_rates_progress():
    state = GAME.new_state(Setup(("a", "b"), {"fleet": 1}))
    bot = BOTS["greedy"](random.Random(3))
    assert bot(state, state.legal_moves(), {}) in state.chance()  # a roll: the driver draws its outcome
    before = standing(state, "a", {})
    state.apply(GAME.parse_move("roll R Y"))
    assert GAME.format_move(bot(state, state.legal_moves(), {})) == "fly 1 taipei wuhan"  # the farthest west
    state.apply(GAME.parse_move("fly 1 taipei wuhan"))
    assert standing(state, "a", {}) > before > standing(state, "b", {})


def test_usage_counts_every_stop_the_middle_city_and_each_cards_capital_included():
    from pnp.games import REGISTRY

    table = Table(GAME, GAME.new_state(Setup(("ann", "bob"), {"fleet": 2})))
    for text in (
        "roll R Y",
        "fly 1 midway tokyo",
        "roll G T",
        "draw nairobi",
        "send 1",
        "fly 2 majuro",
        "roll T T",
        "draw cairo",
        "draw moscow",
        "send 1",
        "send 2",
        "roll R Y",
        "fly 2 tallinn berlin",
    ):
        table.play(GAME.parse_move(text))
    used = REGISTRY["take-off"].usage(table.state, table.history)
    world = table.state.ctx.world
    assert set(used) == {f"city:{c}" for i, c in enumerate(world.ids) if i != world.start}
    stops = ("midway", "tokyo", "nairobi", "majuro", "cairo", "moscow", "tallinn", "berlin")
    assert {k: n for k, n in used.items() if n} == {f"city:{c}": 1 for c in stops}


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_usage_of_a_random_game_matches_the_stops_seen_move_by_move(seed):
    from pnp.games import REGISTRY

    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("a", "b", "c"), {"fleet": 2})))
    seen: Counter[str] = Counter()
    while not table.state.is_over():
        move = rng.choice(table.state.legal_moves())
        if isinstance(move, Send):
            seen[table.state.ctx.world.ids[table.state.hand[0]]] += 1
        elif isinstance(move, Fly):
            seen.update(city for _, cities in move.legs for city in cities)
        table.play(move)
    used = REGISTRY["take-off"].usage(table.state, table.history)
    assert {k: n for k, n in used.items() if n} == {f"city:{c}": n for c, n in seen.items()}
    if table.state.round < table.state.ctx.round_limit:  # a whole fleet got home
        assert used[f"city:{table.state.ctx.world.ids[table.state.ctx.world.finish]}"] >= 2


def test_sim_reports_the_most_and_least_used_cities(cli):
    import json

    code, out, _ = cli("sim", "take-off", "--games", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["most_used"] and data["least_used"]
    assert all(key.startswith("city:") for key, _ in data["most_used"] + data["least_used"])
    assert data["most_used"][0][1] > data["least_used"][0][1]


def test_a_game_ended_by_its_round_limit_says_its_last_round_not_one_past_it():
    """The screen and the text read 'round 5 (limit 4)' beside the note that the limit of 4 was reached."""
    from pnp.games import REGISTRY
    from pnp.printing.render import drawing_to_svg

    state = playout(GAME, Setup(("ann", "bob"), {"rounds": 2}, 3), random_chooser(random.Random(3))).state
    assert isinstance(state, TakeOffState) and state.is_over() and state.round == 2
    assert "round 2 (limit 2)" in state.render_text(None) and state.score().cut_short  # its places: the limit's
    assert "round 2 (limit 2)" in drawing_to_svg(REGISTRY["take-off"].picture(state, None))
