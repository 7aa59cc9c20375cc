"""Air King as players meet it at the table: stages and their refusals, printed card names, labels,
hidden hands, one of each goal card, and a state picture that reads on a screen."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterator

import pytest
from test_air_king_rules import GAME, acting, give, land_all, play, put, started

from pnp.errors import IllegalMove, NotationError
from pnp.games import REGISTRY
from pnp.games.air_king.actions import DEAL, FINAL, GOALS
from pnp.games.air_king.model import CARD_TYPES, load_data
from pnp.games.air_king.notation import AirMove
from pnp.games.air_king.screen import SH, SW
from pnp.games.air_king.state import AirKingState
from pnp.printing.canvas import PT
from pnp.printing.fonts import text_width
from pnp.referee import session
from pnp.referee.driver import Table
from pnp.referee.inputs import legal_inputs
from pnp.referee.protocol import STAGE_WORDS, Commit, Reveal, Secret, Setup

SPEC = REGISTRY["air-king"]
DIGEST = "0" * 64
SALT = "0" * 32


def at_round_limit() -> AirKingState:
    """Two players after the last round (rounds=1): each must reveal their goal, p1 first."""
    state = acting(rounds=1)
    play(state, "depart 1 a2", "depart 2 a4", "end", "draw pass", "depart 6 g2", "depart 7 g4", "end")
    assert state.phase == FINAL
    return state


# -- stages --------------------------------------------------------------------
def test_the_stage_follows_set_up_play_the_closing_reveals_and_the_end():
    state = GAME.new_state(Setup(("p1", "p2"), {"rounds": 1}))
    assert state.stage() == "set-up" and state.phase == GOALS
    state.apply(Commit("goal", DIGEST))
    state.apply(Commit("goal", DIGEST))
    assert state.stage() == "set-up" and state.phase == DEAL  # the deal is part of the set-up
    play(state, "draw pass", "draw pass")
    assert state.stage() == "play"
    play(state, "draw pass", "depart 1 a2", "depart 2 a4", "end", "draw pass", "depart 6 g2", "depart 7 g4", "end")
    assert state.stage() == "reveal"
    state.apply(Reveal("goal", "1", SALT))
    state.apply(Reveal("goal", "2", SALT))
    assert state.stage() == "over" and state.is_over()


def refused(state: AirKingState, move: object) -> IllegalMove:
    before = state.clone().__dict__
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert {k: v for k, v in state.__dict__.items() if k != "rules"} == {
        k: v for k, v in before.items() if k != "rules"
    }
    return caught.value


def test_at_set_up_aircraft_moves_cards_and_reveals_are_refused_naming_the_set_up_and_the_secret_to_enter():
    state = GAME.new_state(Setup(("ann", "bob")))
    for move in (GAME.parse_move("depart 1 a2"), GAME.parse_move("draw storm"), Reveal("goal", "3", SALT)):
        error = refused(state, move)
        assert str(error) == "during set-up: ann, enter your goal card with 'pnp ref secret' (rule: set-up)"
    state.apply(Commit("goal", DIGEST))
    state.apply(Commit("goal", DIGEST))
    error = refused(state, Commit("goal", DIGEST))
    assert str(error).startswith("during set-up: ann, enter the event card dealt to you ('draw CARD'")
    assert refused(state, GAME.parse_move("end")).rule == "set-up"


def test_in_play_a_goal_entry_is_refused_naming_play_and_the_next_step():
    state = acting()
    error = refused(state, Commit("goal", DIGEST))
    assert str(error) == "during play: p1, move aircraft and play cards, then 'end' (rule: play)"
    error = refused(state, GAME.parse_move("draw storm"))  # drawing is of play too, but not now
    assert str(error).startswith("during play: drawing is not possible now; p1, move aircraft") and error.rule == (
        "turn phases"
    )
    assert str(refused(state, Reveal("goal", "1", SALT))).startswith("during play: no goal card has all its")


def test_at_the_round_limit_only_the_reveal_is_accepted_and_refusals_say_so():
    state = at_round_limit()
    words = "the game has ended and secrets are being revealed: p1, reveal your goal card with 'pnp ref reveal'"
    for text in ("depart 3 a2", "draw storm", "end", "discard pass", "return 1"):
        assert str(refused(state, GAME.parse_move(text))) == f"{words} (rule: reveal)"
    assert str(refused(state, Commit("goal", DIGEST))) == f"{words} (rule: reveal)"


def test_once_over_every_move_is_refused_pointing_to_the_score():
    state = at_round_limit()
    state.apply(Reveal("goal", "1", SALT))
    state.apply(Reveal("goal", "2", SALT))
    for move in (GAME.parse_move("draw storm"), GAME.parse_move("fly 1 b2"), Reveal("goal", "1", SALT)):
        assert str(refused(state, move)) == "the game is over: see the result with 'pnp ref score' (rule: over)"


def test_in_random_games_a_move_of_another_stage_is_refused_in_the_words_of_the_stage_in_force():
    """Sampled over random games: a goal entry belongs to set-up, a draw to set-up and play, aircraft moves
    and cards to play, a reveal to play and the closing reveals; nothing belongs to the end."""
    rng = random.Random(14)
    stages_of = {Commit("goal", DIGEST): {"set-up"}, Reveal("goal", "4", SALT): {"play", "reveal"}}
    stages_of[GAME.parse_move("draw storm")] = {"set-up", "play"}
    for text in ("depart 1 a2", "fly 6 f3", "land 2", "end", "discard pass", "storm c3", "return 1", "extra fly 1 b2"):
        stages_of[GAME.parse_move(text)] = {"play"}
    seen = set()
    for seed in range(6):
        table = Table(GAME, GAME.new_state(Setup(("p1", "p2", "p3"), {"rounds": 3}, seed)))
        while True:
            state = table.state
            stage = state.stage()
            seen.add(stage)
            for move, stages in stages_of.items():
                if stage not in stages:
                    with pytest.raises(IllegalMove) as caught:
                        state.clone().apply(move)
                    assert str(caught.value).startswith(f"{STAGE_WORDS[stage]}: "), (stage, move, str(caught.value))
                    assert caught.value.rule == stage
            if state.is_over():
                break
            table.play(rng.choice(state.legal_moves()))
    assert seen == set(STAGE_WORDS)


# -- names as printed ----------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "card"),
    [("draw Holding", "hold"), ("draw clear sky", "clear"), ("DRAW Clear-Sky", "clear"), ("draw hold", "hold"),
     ("draw Extra move", "extra"), ("draw extra diagonal move", "diagonal"), ("discard STORM", "storm"),
     ("discard Pass", "pass"), ("draw  clear   sky ", "clear")],
)  # fmt: skip
def test_an_event_card_is_named_by_its_printed_title_or_its_id_and_written_by_its_id(typed, card):
    move = GAME.parse_move(typed)
    assert move.card == card
    assert GAME.format_move(move) == f"{typed.split()[0].lower()} {card}"


def test_an_unknown_card_name_suggests_the_nearest_printed_title():
    with pytest.raises(NotationError, match=r"there is no event card 'holdng'; did you mean 'Holding'\?"):
        GAME.parse_move("draw holdng")
    with pytest.raises(NotationError, match=r"did you mean 'Extra diagonal move'\?"):
        GAME.parse_move("draw extra diagonal")
    with pytest.raises(NotationError, match=r"expected 'draw CARD'"):
        GAME.parse_move("draw")


def test_every_printed_title_reads_as_its_card():
    for event in load_data().value.events:
        assert GAME.parse_move(f"draw {event.title}") == AirMove("draw", card=event.type)


def test_the_referee_takes_printed_names_and_records_ids(cli, tmp_path):
    assert cli("ref", "new", "air-king", "g.pnp", "--players", "ann,bob")[0] == 0
    for move in ("secret goal 7", "secret goal 2", "draw Holding", "draw clear sky", "draw Extra move"):
        code, _, err = cli("ref", "play", "g.pnp", *move.split())
        assert code == 0, err
    record = (tmp_path / "g.pnp").read_text()
    assert "ann: draw hold" in record and "bob: draw clear" in record and "ann: draw extra" in record
    assert "Holding" not in record
    listed = json.loads(cli("ref", "moves", "g.pnp", "--json")[1])["moves"]
    assert "extra depart 1 a2" in listed and not any("Extra" in move for move in listed)


# -- labels, public text and the private hand -------------------------------------
def test_labels_read_as_the_printed_components():
    labels = {
        "draw hold": "draw Holding",
        "discard clear": "discard Clear sky",
        "depart 3 a2": "depart aircraft 3 to a2",
        "fly 3 b2": "fly aircraft 3 to b2",
        "land 7": "land aircraft 7 at A",
        "extra land 2": "Extra move: land aircraft 2 at B",
        "diagonal 3 c2": "Extra diagonal move: aircraft 3 to c2",
        "storm c3": "Storm on c3",
        "clear c3": "Clear sky: take the Storm off c3",
        "hold 8": "Holding on aircraft 8",
        "pass 3 8": "Pass: swap aircraft 3 and 8",
        "return 8": "Technical Return: aircraft 8 back to B",
        "end": "end the turn",
    }
    for text, label in labels.items():
        assert GAME.label(GAME.parse_move(text)) == label


def test_a_goal_card_reads_with_its_aircraft():
    goals = load_data().value.goals
    assert GAME.label(Secret("goal", "7")) == f"goal 7: aircraft {', '.join(map(str, goals[6]))}"
    assert GAME.label(Secret("goal", "1")) == "goal 1: aircraft 1, 2, 6, 7"
    assert GAME.label(Reveal("goal")) == "reveal your goal card"
    assert GAME.label(Reveal("goal", "1", SALT)) == "reveal goal 1: aircraft 1, 2, 6, 7"
    assert GAME.label(Secret("goal", "11")) is None and GAME.label(Secret("colours", "1")) is None


def test_every_move_a_random_game_lists_has_a_label_with_the_printed_card_titles():
    rng = random.Random(3)
    data = load_data().value
    table = Table(GAME, GAME.new_state(Setup(("p1", "p2"), {"rounds": 4}, 3)))
    while not table.state.is_over():
        for move in table.state.legal_moves():
            label = GAME.label(move)
            assert label and not re.search(r"\b(hold|clear)\b", label), (move, label)  # ids unlike their titles
            if isinstance(move, AirMove) and move.card:
                assert data.event(move.card).title in label
        table.play(rng.choice(table.state.legal_moves()))


def test_a_draw_shows_the_others_only_that_a_card_was_drawn():
    """The rulebook deals and draws event cards into a hand; played cards and discards are face up."""
    for card in CARD_TYPES:
        assert GAME.public_text(AirMove("draw", card=card)) == "draw an event card"
    for text in ("discard storm", "storm c3", "hold 8", "fly 3 b2", "end"):
        assert GAME.public_text(GAME.parse_move(text)) is None
    assert GAME.public_text(Reveal("goal", "1", SALT)) is None


def test_a_hand_is_private_to_its_player():
    state = acting()
    give(state, "storm", seat=1)
    assert state.private("p1") == {"hand": "2 Pass"}
    assert state.private("p2") == {"hand": "1 Storm, 1 Pass"}
    assert state.private("nobody") == {}
    state.hands[0] = [0] * len(CARD_TYPES)
    assert state.private("p1") == {"hand": "empty"}


def test_a_card_all_in_other_hands_is_offered_as_if_in_the_pile_and_refused_naming_it_alone(tmp_path):
    """ann cannot tell the draw pile from bob's hand: her screen offers every card she cannot see, at her odds, and
    a draw of the card only bob holds is refused naming that card alone. (Only the pile's cards were offered, and the
    refusal listed them: with the face-up discards and her own hand, that told her bob's.)"""
    current = session.new(tmp_path / "g.pnp", "air-king", ["ann", "bob"], [], 1, None)
    for text in ("secret goal 3", "secret goal 8", "draw storm", "draw pass"):
        current.play(text)
    state = current.state
    last = CARD_TYPES.index("pass")
    state.discard[last], state.draw[last] = state.draw[last], 0  # bob holds the last Pass, the others played
    assert state.to_move() == "ann" and AirMove("draw", card="pass") not in state.chance()
    offered = {i.text: i for i in legal_inputs(current, "ann")}
    assert set(offered) == {f"draw {card}" for card in CARD_TYPES}
    unseen = sum(state.draw) + 1  # the pile and bob's one card
    assert offered["draw pass"].probability == pytest.approx(1 / unseen) and offered["draw pass"].kind == "chance"
    with pytest.raises(IllegalMove) as refused:
        current.play("draw pass")
    assert str(refused.value) == "during play: no Pass card is left in the draw pile (rule: deck tracking)"
    assert legal_inputs(current, None) and not legal_inputs(current, "bob")  # nothing offered to a waiting seat


# -- one of each goal card -------------------------------------------------------
def test_a_goal_card_revealed_again_at_the_round_limit_does_not_count_and_names_the_rule():
    state = at_round_limit()
    land_all(state, (1, 2, 6))
    state.apply(Reveal("goal", "1", SALT))  # p1: aircraft 1 2 6 7
    state.apply(Reveal("goal", "1", SALT))  # p2 entered the same card
    assert state.is_over() and state.void == [1]
    score = state.score()
    assert score.winners == ("p1",)
    assert [row.score for row in score.players] == [3, 0] and dict(score.players[1].breakdown) == {}
    assert any(
        note.startswith("p2's goal does not count: p1 revealed goal card 1 first")
        and "(rule: one of each goal card)" in note
        for note in score.notes
    )
    assert "does not count" in state.render_text(None)


def test_a_void_goal_never_shares_the_win():
    state = at_round_limit()
    state.apply(Reveal("goal", "5", SALT))
    state.apply(Reveal("goal", "5", SALT))
    assert state.score().winners == ("p1",)  # both have 0 landed, but p2's card is p1's


def test_a_claim_with_a_goal_card_already_public_is_refused_and_the_game_plays_on():
    state = acting()
    land_all(state, (1, 2, 6, 7))  # goal card 1 complete
    state.apply(Reveal("goal", "2", SALT))  # p1 reveals goal 2 too early: public now
    play(state, "depart 3 a2", "depart 4 a4", "end", "draw pass")
    assert state.to_move() == "p2" and Reveal("goal") in state.legal_moves()
    before = state.clone()
    with pytest.raises(IllegalMove) as refused:  # p2 entered goal card 2 as well
        state.apply(Reveal("goal", "2", SALT))
    assert str(refused.value) == (
        "during play: goal card 2 is public already (p1 revealed it) and each goal card exists once, so yours "
        "cannot win: play on, it is checked after the round limit (rule: one of each goal card)"
    )
    assert state.goals == before.goals and state.void == [] and state.failed == [0]
    land_all(state, (3, 8))  # goal card 2 (1 3 6 8) is complete during p2's own turn
    play(state, "depart 9 g2", "depart 10 g4")
    assert not state.is_over()
    play(state, "end")  # p1's turn: p1 wins with the card
    assert state.is_over() and state.score().winners == ("p1",)


def test_a_random_game_with_a_goal_entered_twice_still_ends():
    from pnp.referee.driver import playout, random_chooser

    def same_goal(state, moves, own):
        secrets = [m for m in moves if isinstance(m, Secret)]
        return Secret("goal", "4") if secrets else choose(state, moves, own)

    choose = random_chooser(random.Random(1))
    table = playout(GAME, Setup(("p1", "p2", "p3"), {"rounds": 3}, 1), same_goal)
    state = table.state
    assert state.is_over() and len(state.void) == 2 and state.goals == [3, 3, 3]
    counted = next(seat for seat in range(3) if seat not in state.void)
    assert state.score().winners == (state.players[counted],)


def test_a_bot_whose_claim_is_refused_chooses_again_and_the_game_ends():
    from pnp.referee.driver import playout, random_chooser

    chose_again = []

    def eager(state, moves, own):  # both hold goal card 1 and claim as soon as any goal card is complete
        if any(isinstance(m, Secret) for m in moves):
            return Secret("goal", "1")
        if Reveal("goal") in moves:
            return Reveal("goal")
        if Reveal("goal") in state.legal_moves():  # listed, but refused a moment ago
            chose_again.append(state.players[state.seat])
        return choose(state, moves, own)

    choose = random_chooser(random.Random(15))
    state = playout(GAME, Setup(("p1", "p2"), {"rounds": 40}, 15), eager).state
    assert set(chose_again) == {"p2"} and state.failed == [0]  # p1's early claim made card 1 public
    assert state.is_over() and state.void == [1]  # p2's card was checked after the round limit


# -- the state picture on a screen ----------------------------------------------
class Boxes:
    """A Canvas that keeps each text's box (mm, as placed by its groups) and the legend's texts."""

    def __init__(self) -> None:
        self.frames: list[tuple[float, float, float, str | None]] = [(0.0, 0.0, 1.0, None)]
        self.texts: list[tuple[str, float, tuple[float, float, float, float]]] = []
        self.legend: list[str] = []
        self.names: list[str] = []
        self.at: dict[str, tuple[float, float]] = {}  # where each named group's origin lies

    def text(self, x, y, s, *, size=8.0, anchor="start", bold=False, fill="#000000", rotate=0.0) -> None:
        dx, dy, _scale, _ = self.frames[-1]
        assert rotate == 0 and all(f[2] == 1.0 for f in self.frames), "no turned or scaled text"
        width = text_width(s, size, bold)
        left = x - width * {"start": 0.0, "middle": 0.5, "end": 1.0}[anchor]
        box = (dx + left, dy + y - 0.72 * size * PT, dx + left + width, dy + y + 0.2 * size * PT)
        self.texts.append((s, size, box))
        if any(f[3] == "legend" for f in self.frames):
            self.legend.append(s)

    @contextlib.contextmanager
    def group(self, dx=0.0, dy=0.0, *, rotate=0.0, scale=1.0, name=None) -> Iterator[None]:
        x, y, _s, _ = self.frames[-1]
        self.frames.append((x + dx, y + dy, scale if not rotate else 0.5, name))
        if name:
            self.names.append(name)
            self.at[name] = (x + dx, y + dy)
        yield
        self.frames.pop()

    def clip(self, *args):
        return contextlib.nullcontext()

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def screen_problems(state: AirKingState) -> list[str]:
    """What keeps the picture from reading at 1000 px wide: small, clipped or overlapping text; no legend."""
    drawing = SPEC.picture(state, state.players[0])
    boxes = Boxes()
    drawing.draw(boxes)
    px = 1000 / drawing.width
    problems = [f"{s!r} is {size * PT * px:.1f} px" for s, size, _ in boxes.texts if size * PT * px < 9.5]
    problems += [
        f"{s!r} leaves the picture"
        for s, _, (x0, y0, x1, y1) in boxes.texts
        if x0 < 0 or y0 < 0 or x1 > drawing.width or y1 > drawing.height
    ]
    for i, (one, _, a) in enumerate(boxes.texts):
        for other, _, b in boxes.texts[i + 1 :]:
            if min(a[2], b[2]) - max(a[0], b[0]) > 0.5 / px and min(a[3], b[3]) - max(a[1], b[1]) > 0.5 / px:
                problems.append(f"{one!r} overlaps {other!r}")
    if not boxes.legend:
        problems.append("no legend")
    return problems


def crowded() -> AirKingState:
    """Every aircraft on the field, most of them held, Storms between, long names, a void goal, full piles."""
    names = ("a" * 24, "b" * 24, "c" * 24, "d" * 24)
    state = GAME.new_state(Setup(names, {"rounds": 1000}))
    for _ in names:
        state.apply(Commit("goal", DIGEST))
    for _ in names:
        play(state, "draw pass")
    spots = ("a2", "b3", "f3", "g4", "c1", "d5", "e2", "e1", "a4", "c3")
    for number, space in enumerate(spots, 1):
        put(state, number, space)
        state.held[number - 1] = number != 3
    for space in ("b1", "d1", "e4", "g2"):  # g2: a Storm on a departure zone
        state.occ[state.rules.field.index[space]] = -1
    state.discard = [1, 1, 1, 1, 1, 1]
    state.goals = [6, 6, 2, -1]
    state.void = [1]
    return state


def test_the_picture_reads_at_a_screen_width_at_the_start_a_crowded_middle_and_the_end():
    start = started(4)
    end = at_round_limit()
    end.apply(Reveal("goal", "3", SALT))
    end.apply(Reveal("goal", "3", SALT))
    for state in (GAME.new_state(Setup(("ann", "bob"))), start, crowded(), end):
        assert screen_problems(state) == []


def test_the_picture_draws_every_aircraft_on_the_field_held_ones_tagged_and_a_legend():
    state = crowded()
    boxes = Boxes()
    SPEC.picture(state, None).draw(boxes)
    assert {n for n in boxes.names if n.startswith("aircraft:")} == {f"aircraft:{n}" for n in range(1, 11)}
    words = [s for s, _, _ in boxes.texts]
    assert words.count("HOLDING") == 9 and words.count("STORM") == 4
    assert words.count("DEPARTURE B") == 1  # g4; the Storm on g2 covers that zone's name
    assert "aircraft 1-5 fly to B" in boxes.legend and "aircraft 6-10 fly to A" in boxes.legend
    assert any("Holding" in s for s in boxes.legend) and any("Storm" in s for s in boxes.legend)
    assert not any("Pass)" in s or "hand" in s for s in words)  # hands stay hidden


@pytest.mark.parametrize("seed", [2, 5])  # generated fields of 5 and 9 columns
def test_the_picture_of_a_generated_field_keeps_its_texts_apart(tmp_path, seed):
    path = tmp_path / "field.yaml"
    path.write_text(SPEC.maps.new(seed))
    rng = random.Random(seed)
    table = Table(GAME, GAME.new_state(Setup(("ann", "bob", "cy"), {"rounds": 8}, seed, path)))
    columns = table.state.rules.field.columns
    assert columns in (5, 9)
    while True:
        problems = screen_problems(table.state)
        if columns > 7:  # a wider field draws smaller on the same screen
            problems = [p for p in problems if not p.endswith(" px")]
        assert problems == [], (table.state.round, problems)
        if table.state.is_over():
            break
        for _ in range(25):
            if not table.state.is_over():
                table.play(rng.choice(table.state.legal_moves()))


def places(state: AirKingState) -> tuple[list[tuple[float, float, float, float]], Boxes]:
    """The picture's places as (left, top, right, bottom), each checked to lie on its focus, and its drawing."""
    drawing = SPEC.picture(state, None)
    boxes = Boxes()
    drawing.draw(boxes)
    assert drawing.focus is not None
    x, y, w, h = drawing.focus
    assert all(x <= px and y <= py and px + pw <= x + w and py + ph <= y + h for px, py, pw, ph in drawing.places)
    return [(px, py, px + pw, py + ph) for px, py, pw, ph in drawing.places], boxes


def round_spaces(boxes: Boxes, *spaces: str) -> object:
    """The box round the spaces named, as drawn."""
    corners = [boxes.at[f"space:{name}"] for name in spaces]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return pytest.approx((min(xs), min(ys), max(xs) + SW, max(ys) + SH))


def test_the_picture_names_where_the_play_is_each_aircraft_that_may_move_with_where_it_may_go_nearest_first():
    """The phone's places: per aircraft that may move now (a waiting one from its airport), the box round its space
    and every space it may go to (a landing: the destination airport), the aircraft nearest to landing first; one
    place for the aircraft waiting at an airport, none for a held one; all on the field, the focus."""
    found, boxes = places(GAME.new_state(Setup(("ann", "bob"))))
    assert found == [round_spaces(boxes, "a2", "a3", "a4"), round_spaces(boxes, "g2", "g3", "g4")]  # the departures
    state = acting()
    put(state, 2, "f3")  # on B's runway: it may land, or turn aside to f2 or f4
    put(state, 1, "c2")
    put(state, 7, "d3")
    state.held[6] = True
    found, boxes = places(state)
    assert found == [
        round_spaces(boxes, "f2", "f4", "g3"),
        round_spaces(boxes, "c1", "c3", "d2"),
        round_spaces(boxes, "a2", "a3", "a4"),
        round_spaces(boxes, "g2", "g3", "g4"),
    ]
