"""Aeronaut Odyssey's state picture as a browser shows it, about 1000 px wide: readable, complete, private."""

from __future__ import annotations

import dataclasses
import math
import random
import xml.etree.ElementTree as ET

import pytest
from support import boxes
from support.svg import placed

from pnp.games.aeronaut_odyssey.board import compile_board
from pnp.games.aeronaut_odyssey.components import picture
from pnp.games.aeronaut_odyssey.draw import BONUSES, PLAYER_COLOURS
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.model import EXPANSIONS, AeroMap
from pnp.games.aeronaut_odyssey.notation import plural
from pnp.games.aeronaut_odyssey.screen import start_spots
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.printing.fonts import text_width
from pnp.printing.render import drawing_to_svg
from pnp.texts import catalogue

SVG = "{http://www.w3.org/2000/svg}"
MM_PER_PT = 25.4 / 72
SHOWN = 1000.0  # px: the browser window the picture is made for


def texts_on_screen(svg: str) -> list[tuple[str, float, tuple[float, float, float, float]]]:
    """Every text with its size and its box (ascent to descent, the font's own advance widths) in px on screen."""
    root = ET.fromstring(svg)
    px = SHOWN / float(root.get("viewBox").split()[2])
    found = []
    for element, m in placed(root, "text"):
        s, size = "".join(element.itertext()), float(element.get("font-size"))
        x, y = float(element.get("x")), float(element.get("y"))
        w = text_width(s, size, element.get("font-weight") == "bold") / MM_PER_PT
        x0 = {"start": x, "middle": x - w / 2, "end": x - w}[element.get("text-anchor", "start")]
        corners = [(cx, cy) for cx in (x0, x0 + w) for cy in (y - 0.76 * size, y + 0.24 * size)]
        xs = [(m[0] * cx + m[2] * cy + m[4]) * px for cx, cy in corners]
        ys = [(m[1] * cx + m[3] * cy + m[5]) * px for cx, cy in corners]
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        found.append((s, size * scale * px, (min(xs), min(ys), max(xs), max(ys))))
    return found


def overlapping(texts) -> list[tuple[str, str]]:
    return boxes.overlapping([(text, box) for text, _, box in texts], slack=0.5)


def game_states(board, players: int, seed: int, hidden: bool = False) -> list[AeroState]:
    """The start, the middle and the end of a random game that claims often."""
    rng = random.Random(seed)
    state = AeroState(board, tuple(f"player{i + 1}" for i in range(players)), hidden=hidden)
    states = [state.clone()]
    while not state.is_over():
        moves = state.legal_moves()
        claims = [m for m in moves if m.verb == "claim"]
        state.apply(rng.choice(claims) if claims and rng.random() < 0.7 else rng.choice(moves))
        states.append(state.clone())
    return [states[0], states[len(states) // 2], states[-1]]


MAPS = {
    "regular": compile_board(generate(7, Knobs())),
    "regular, every expansion": compile_board(generate(5, Knobs(players=6, expansions=EXPANSIONS))),
    "small, every expansion": compile_board(generate(3, Knobs(size="small", expansions=EXPANSIONS))),
    "large, every expansion": compile_board(generate(9, Knobs(size="large", expansions=EXPANSIONS))),
    "huge, every expansion": compile_board(generate(4, Knobs(size="huge", expansions=EXPANSIONS))),
}


@pytest.mark.parametrize("name, players", [(n, p) for n, p in zip(MAPS, (3, 6, 2, 4, 5))])
def test_every_text_is_readable_and_none_overlaps_another_at_1000_px(name, players):
    for state in game_states(MAPS[name], players, seed=len(name)):
        texts = texts_on_screen(drawing_to_svg(picture(state, "player2")))
        small = [(s, round(size, 1)) for s, size, _ in texts if size < 9.5]
        assert not small, f"{name}: text under 9.5 px at {SHOWN:.0f} px wide: {small[:5]}"
        assert not overlapping(texts), f"{name}: texts overlap: {overlapping(texts)[:5]}"


def _named(root: ET.Element, prefix: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("data-name", "").startswith(prefix)]


def _pieces(groups, tag: str, seat: int) -> int:
    return sum(1 for g in groups for e in g.iter(f"{SVG}{tag}") if e.get("fill") == PLAYER_COLOURS[seat])


def test_claims_are_numbered_discs_and_travellers_numbered_squares_in_their_slots():
    board = MAPS["regular, every expansion"]
    for state in game_states(board, 4, seed=2)[1:]:
        root = ET.fromstring(drawing_to_svg(picture(state, None)))
        (map_group,) = _named(root, "map")
        routes, cities = _named(map_group, "route:"), _named(map_group, "city:")
        for seat in range(4):
            claimed = sum(board.lanes[k].length for k, o in enumerate(state.owner) if o == seat)
            claimed += state.space_owner.count(seat)
            assert _pieces(routes, "circle", seat) == claimed
            assert _pieces(cities, "rect", seat) == (state.slot_of[seat] >= 0), "a traveller who moved is in a slot"
        crossed = sum(len(g.findall(f"{SVG}line")) for g in cities) // 2
        moved = sum(1 for s in state.slot_of if s >= 0)
        assert crossed == sum(state.visits) - moved, "every slot left behind is crossed out"


def test_travellers_that_have_not_moved_wait_beside_the_capital():
    board = MAPS["regular"]
    state = AeroState(board, ("a", "b", "c", "d", "e", "f"))
    spots = start_spots(state)
    assert sorted(spots) == list(range(6))
    capital = next(c for c in board.source.cities if c.name == "A")
    assert all(0.7 < math.dist(spot, (capital.x, capital.y)) < 1.2 for spot in spots.values())
    root = ET.fromstring(drawing_to_svg(picture(state, None)))
    (start,) = _named(root, "start")
    assert [_pieces([start], "rect", seat) for seat in range(6)] == [1] * 6


def test_hidden_inventories_show_only_the_viewers_balloons():
    board = MAPS["regular"]
    state = game_states(board, 3, seed=3, hidden=True)[1]
    chips = {f"{letter.upper()} {n}" for letter, n in zip("roygbpw", state.inventory(1)) if n}
    others = {f"{letter.upper()} {n}" for p in (0, 2) for letter, n in zip("roygbpw", state.inventory(p)) if n}
    assert chips, "player2 holds balloons mid-game"
    seen = {s for s, _, _ in texts_on_screen(drawing_to_svg(picture(state, "player2")))}
    assert chips <= seen and "inventories hidden" in " ".join(seen)
    assert not (others - chips) & seen, "another player's balloons are shown"
    spectator = {s for s, _, _ in texts_on_screen(drawing_to_svg(picture(state, None)))}
    assert not (chips | others) & spectator
    assert f"{plural(sum(state.inventory(0)), 'balloon')} (hidden)" in spectator


def test_the_legend_explains_the_symbols_of_this_map():
    plain = {s for s, _, _ in texts_on_screen(drawing_to_svg(picture(AeroState(MAPS["regular"], ("a", "b")), None)))}
    full_state = AeroState(MAPS["regular, every expansion"], ("a", "b"))
    full = " ".join(s for s, _, _ in texts_on_screen(drawing_to_svg(picture(full_state, None))))
    assert "LEGEND" in plain and "a route space claimed by player 1" in plain and "R red" in plain
    assert "TRAJECTORIES" not in plain and not any(s.startswith("+1:") for s in plain)
    bonuses = {route.bonus for route in MAPS["regular, every expansion"].source.routes if route.bonus}
    for bonus in bonuses:
        assert f"{BONUSES[bonus][0]}: {BONUSES[bonus][1]}" in full
    assert "TRAJECTORIES" in full and "multiroute" in full and "gray route" in full


def purple_made_red(source: AeroMap) -> AeroMap:
    """``source`` with its purple routes (and multiroutes' spaces) red: a map without purple."""
    return dataclasses.replace(
        source,
        routes=tuple(
            dataclasses.replace(
                route,
                type="red" if route.type == "purple" else route.type,
                spaces=tuple("red" if kind == "purple" else kind for kind in route.spaces),
            )
            for route in source.routes
        ),
    )


def legend_words(source: AeroMap, language: str) -> list[str]:
    """The texts of the legend of a picture of ``source`` in ``language``, in order."""
    state = AeroState(compile_board(source), ("a", "b"), words=catalogue("aeronaut-odyssey", language))
    root = ET.fromstring(drawing_to_svg(picture(state, None)))
    (legend,) = [g for g in _named(root, "legend") if g.get("data-name") == "legend"]  # not its entries
    return ["".join(text.itertext()) for text in legend.iter(f"{SVG}text")]


@pytest.mark.parametrize(
    ("language", "caption", "chips", "wildcard"),
    [
        (
            "en",
            "letters on route spaces and balloons:",
            ["R red", "O orange", "Y yellow", "G green", "B blue"],
            "W wildcard",
        ),
        (
            "fr",
            "lettres des cases de route et des ballons :",
            ["R rouge", "O orange", "Y jaune", "G vert", "B bleu"],
            "W joker",
        ),
    ],
)
def test_the_legend_keys_the_letters_of_the_colours_on_the_map_in_the_sessions_language(
    language, caption, chips, wildcard
):
    """The letters on the routes' spaces are the notation's (English initials): the legend keys each colour on the map
    to its letter and its name in the session's language ("P violet"), leaving out a colour no route asks for (a
    map whose purple routes were made red has no "P") and the wildcard where no gray route offers one."""
    plain = purple_made_red(MAPS["regular"].source)
    words = legend_words(plain, language)
    assert caption in words
    assert words[words.index(caption) + 1 :][: len(chips)] == chips  # a chip a colour, each under the caption
    assert not {w for w in words if w[:2] in ("P ", "W ")}, f"a colour not on the map, or the wildcard: {words}"
    gray = MAPS["regular, every expansion"].source
    assert any(route.type == "gray" for route in gray.routes)  # Wild Winds: a wildcard may be picked
    assert wildcard in legend_words(gray, language)


def test_the_end_names_the_winner_and_each_score_breakdown():
    end = game_states(MAPS["regular"], 3, seed=4)[-1]
    seen = " ".join(s for s, _, _ in texts_on_screen(drawing_to_svg(picture(end, None))))
    score = end.score()
    assert f"game over: {' and '.join(score.winners)}" in seen
    for row in score.players:
        parts = " + ".join(f"{n} {part}" for part, n in row.breakdown.items() if n)
        assert parts in seen
