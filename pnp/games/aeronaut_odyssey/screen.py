"""Aeronaut Odyssey's state picture, made for a screen about 1000 px wide: the map, the players and a legend.

The printed board (``draw.py``) is sized for paper: its small letters and thin pen marks vanish on a
screen. This picture keeps the map's geometry but draws for a browser window:

- the picture is :data:`WIDTH` px wide and everything is measured in px, so no text is smaller than
  :data:`SMALLEST` px when it is shown 1000 px wide (the drawing is 1000 pt wide: one point per px);
- letters are upright and as large as a space allows; a claimed space shows its owner's numbered disc
  instead of its letter; a traveller is a numbered square in the movement slot it took (the game
  says to draw it in a slot), and older slots are crossed out as on paper;
- the players (score, where they are, their balloons unless hidden from this viewer), the
  trajectories and a legend of every symbol sit beside the map, or below a large map.

Nothing here is shown that ``viewer`` may not see: with hidden inventories, other players' balloons
are a count. Its words are the session's (``state.words``, keys ``picture.*``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from pnp.games.aeronaut_odyssey import shapes
from pnp.games.aeronaut_odyssey.draw import (
    BONUSES,
    CAPITAL_FILL,
    INK,
    PLAYER_COLOURS,
    SKY,
    TYPE_COLOURS,
    TYPE_LETTER,
    Lane,
    route_spaces,
)
from pnp.games.aeronaut_odyssey.geometry import Point, clearance, distance
from pnp.games.aeronaut_odyssey.model import ABILITIES, CAPITAL, ORDER, TYPES, AeroMap
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.aeronaut_odyssey.wording import abilities, held, origin_words, status, type_word, where
from pnp.memo import Memo
from pnp.printing.canvas import PT, Area, Canvas, Drawing, pieces_of
from pnp.printing.color import shade, tint
from pnp.printing.fonts import text_width
from pnp.printing.reuse import Repeating

WIDTH = 1000.0  # px
SMALLEST = 10.0  # px: the smallest text drawn (a screen reads 9 px and more)
MARGIN = 12.0
GAP = 14.0
PANEL_W = 270.0  # the column beside a map of regular size or smaller
WIDE_MAP = 13.0  # blocks: a map wider than this takes the whole width, with the panels below it
HEADER_H = 62.0
BODY = 12.5  # px: the panels' text
LINE = 17.0  # px between two lines of panel text
HEADING = 14.0
SLOT_SIDE = 0.24  # blocks: a movement slot on screen (the printed slot is 0.2), still inside the footprint
TRAVELLER = 0.3  # blocks: a traveller's square, a little larger than the slot it stands in
CHIP_W, CHIP_H = 36.0, 20.0
MOVER_FILL = "#fff3bf"
AROUND = 2.5  # blocks: a seat's phone opens on its traveller's city and this much of the map round it
WILD_COLOUR = "#555555"
_LEGEND_HEIGHTS: Memo[Hashable, float] = Memo(16)  # by map, place and words: a few sessions' legends


def picture(state: AeroState, viewer: str | None) -> Drawing:
    """The state as ``viewer`` may see it, laid out for a screen."""
    layout = Layout(state, viewer)

    def draw(c: Canvas) -> None:
        c.rect(0, 0, WIDTH * PT, layout.height * PT, fill="#ffffff", stroke=None)
        with c.group(scale=PT, name="picture"):
            layout.draw(Pen(c))

    return Drawing(WIDTH * PT, layout.height * PT, draw, seats=layout.seats())


class Pen:
    """A canvas in px (inside the picture's scaled group), text sized in px; or, with no canvas, a ruler.

    Every section is drawn twice: once to measure it (no canvas), once for real.
    """

    def __init__(self, c: Canvas | None = None) -> None:
        self.c = c
        self._repeat = c.repeat if c is not None and isinstance(c, Repeating) else None

    def text(self, x: float, y: float, s: str, px: float = BODY, **style: Any) -> float:
        """Text with its baseline at ``y``; returns its width."""
        if self.c is not None:
            self.c.text(x, y, s, size=px / PT, **style)
        return text_width(s, px, bool(style.get("bold"))) / PT

    def width(self, s: str, px: float = BODY, bold: bool = False) -> float:
        """The width ``s`` takes, in px."""
        return text_width(s, px, bold) / PT

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if self.c is None:
            return _nothing
        shape: Callable[..., Any] = getattr(self.c, name)  # rect, line, polygon, circle: already in px in the group
        return shape

    def repeat(self, key: Hashable, draw: Callable[[], object]) -> None:
        """Run ``draw``, which draws with this pen: once per ``key`` where the canvas keeps what it drew."""
        if self._repeat is None:
            draw()
        else:
            self._repeat(key, draw)

    def group(self, dx: float = 0.0, dy: float = 0.0, name: str | None = None) -> AbstractContextManager[None]:
        if self.c is None:
            return nullcontext()
        return self.c.group(dx, dy, name=name)


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


# -- the layout ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A panel: its name and how to draw it at (x, y) in a width; the drawing returns the height used."""

    name: str
    draw: Callable[[Pen, float, float, float], float]


class Layout:
    """Where the header, the map and the panels go; the panels are measured before the picture's height is known."""

    def __init__(self, state: AeroState, viewer: str | None) -> None:
        self.state, self.viewer = state, viewer
        source = state.board.source
        self.wide = source.width > WIDE_MAP
        map_w = WIDTH - 2 * MARGIN - (0 if self.wide else PANEL_W + GAP)
        self.unit = map_w / source.width
        self.map_h = source.height * self.unit
        sections = [
            Section("players", lambda pen, x, y, w: players_panel(pen, x, y, w, state, viewer)),
            Section("legend", lambda pen, x, y, w: legend_panel(pen, x, y, w, state)),
        ]
        if source.trajectories:
            sections.insert(1, Section("trajectories", lambda pen, x, y, w: trajectories_panel(pen, x, y, w, state)))
        below_y = HEADER_H + self.map_h + GAP
        bottoms = []  # where each panel ends, measured once (drawn with no canvas)
        if self.wide:  # every panel in a column of its own below the map
            w = (WIDTH - 2 * MARGIN - (len(sections) - 1) * GAP) / len(sections)
            self.places = [(s, MARGIN + i * (w + GAP), below_y, w) for i, s in enumerate(sections)]
        else:  # the players and the trajectories beside the map, the legend below it
            x = WIDTH - MARGIN - PANEL_W
            self.places, y = [], HEADER_H
            for section in sections[:-1]:
                self.places.append((section, x, y, PANEL_W))
                height = section.draw(Pen(), x, y, PANEL_W)
                bottoms.append(y + height)
                y += height + GAP
            self.places.append((sections[-1], MARGIN, below_y, map_w))
        bottoms += [y + s.draw(Pen(), x, y, w) for s, x, y, w in self.places[len(bottoms) :]]
        self.height = max(*bottoms, HEADER_H + self.map_h) + MARGIN

    def seats(self) -> tuple[tuple[str, Area], ...]:
        """Where each seat's phone opens (mm): its traveller's city and the map :data:`AROUND` blocks round it."""
        cities, side = self.state.board.source.cities, 2 * AROUND * self.unit

        def around(at: int) -> Area:
            x, y = MARGIN + (cities[at].x - AROUND) * self.unit, HEADER_H + (cities[at].y - AROUND) * self.unit
            return x * PT, y * PT, side * PT, side * PT

        return tuple((player, around(at)) for player, at in zip(self.state.players, self.state.pos))

    def draw(self, pen: Pen) -> None:
        header(pen, self.state)
        with pen.group(MARGIN, HEADER_H, name="map"):
            draw_map(pen, self.state, self.unit)
        for section, x, y, w in self.places:
            with pen.group(name=section.name):
                section.draw(pen, x, y, w)


def header(pen: Pen, state: AeroState) -> None:
    t, source = state.words, state.board.source
    pen.text(MARGIN, 26, t("header.title"), 20, bold=True, fill=INK)
    about = {"origin": origin_words(t, source), "size": t(f"size.{source.size}"), "cities": len(source.cities)}
    if state.variant == "none":  # the base game names no variant
        facts = t("picture.facts", **about)
    else:
        facts = t("picture.facts.variant", variant=t(f"picture.variant.{state.variant}"), **about)
    pen.text(WIDTH - MARGIN, 26, facts, BODY, anchor="end", fill=INK)
    line = status(t, state)
    size = max(SMALLEST, min(16.0, 16.0 * (WIDTH - 2 * MARGIN) / pen.width(line, 16.0, bold=True)))
    pen.text(MARGIN, 50, line, size, bold=True, fill=shade("#1f77b4", 0.3) if state.to_move() else INK)


# -- the map ---------------------------------------------------------------------------------------------------


def draw_map(pen: Pen, state: AeroState, unit: float) -> None:
    """The map at ``unit`` px per block: sky, areas, routes with their claims, cities with their slots
    (each traveller in a group naming its player's pieces).

    Each route and city is drawn once per state of its own (its claims; its travellers and used slots) and
    written again from then on (:meth:`Pen.repeat`): most stay the same from one move to the next.
    """
    source = state.board.source
    drawn = (_map_key(source), unit)  # with what else a piece's look depends on, the key it is kept by
    pen.rect(0, 0, source.width * unit, source.height * unit, fill=SKY, stroke=INK, width=1.0)
    pen.repeat((*drawn, "areas"), partial(_areas, pen, source, unit))
    for k, lane in enumerate(_lanes(source)):
        marks = state.marks(k)
        pen.repeat((*drawn, "route", k, *marks), partial(_route, pen, state, k, lane, marks, unit))
    players = state.players
    for i, city in enumerate(source.cities):
        here = {state.slot_of[p]: p for p in range(len(players)) if state.pos[p] == i and state.slot_of[p] >= 0}
        seen = (*drawn, "city", i, state.visits[i], *((n, p, players[p]) for n, p in sorted(here.items())))
        pen.repeat(seen, partial(_city, pen, state, i, here, city.x * unit, city.y * unit, unit))
    with pen.group(name="start"):
        for p, (x, y) in start_spots(state).items():
            with pen.group(name=pieces_of(state.players[p])):
                mark(pen, p, x * unit, y * unit, TRAVELLER * unit / 2, "square")


def _areas(pen: Pen, source: AeroMap, unit: float) -> None:
    for k, area in enumerate(source.areas):
        x, y, r = area.x * unit, area.y * unit, shapes.LABEL_RADIUS * unit
        size = max(SMALLEST + 1, r * 1.2)
        with pen.group(name=f"area:{k + 1}"):
            pen.circle(x, y, max(r, size * 0.75), fill="#ffffff", stroke=INK, width=0.8, dash=(3, 2))
            pen.text(x, y + size * 0.36, str(area.points), size, anchor="middle", bold=True, fill=INK)


def _route(pen: Pen, state: AeroState, k: int, lane: Lane, marks: Sequence[int], unit: float) -> None:
    """Lane ``k``: its ties to its cities and its spaces, each claimed space with its owner's disc."""
    route, spaces, ties = lane
    with pen.group(name=f"route:{state.board.lanes[k].name}"):
        kinds = list(route.spaces) if route.type == "multi" else [route.type] * route.length
        for ((x1, y1), (x2, y2)), kind in zip(ties, (kinds[0], kinds[-1])):
            pen.line(x1 * unit, y1 * unit, x2 * unit, y2 * unit, stroke=shade(TYPE_COLOURS[kind], 0.1), width=1.2)
        for n, (space, kind) in enumerate(zip(spaces, kinds)):
            bonus = route.bonus if n == len(spaces) // 2 else None
            _space(pen, space, kind, unit, route.type == "multi", marks[n], bonus, state.board.lanes[k].second)


def start_spots(state: AeroState) -> dict[int, Point]:
    """Where the travellers that have not moved yet stand, in blocks: beside the capital, clear of everything.

    A traveller left without a spot (a crowded capital) is still named in the players panel as at the start.
    """
    waiting = [p for p in range(len(state.players)) if state.slot_of[p] < 0]
    return dict(zip(waiting, _start_ring(state.board.source))) if waiting else {}


@lru_cache(maxsize=8)
def _map_key(source: AeroMap) -> object:
    """What stands for ``source`` in the keys of the pieces kept drawn: hashed at once (a map hashes deep)."""
    return object()


@lru_cache(maxsize=8)
def _lanes(source: AeroMap) -> list[Lane]:
    """The map's lanes (see ``route_spaces``), worked out once per map: every picture of a game draws them."""
    return route_spaces(source)


@lru_cache(maxsize=8)
def _start_ring(source: AeroMap) -> list[Point]:
    """The spots beside the capital where waiting travellers stand, in order, worked out once per map.

    Spots are tried on two rings round the capital, from below it clockwise.
    """
    segments = []
    for _, spaces, ties in _lanes(source):
        segments += [(p, q, 0.02) for p, q in ties]
        for space in spaces:
            a = math.radians(space.angle)
            dx, dy = math.cos(a) * space.length / 2, math.sin(a) * space.length / 2
            segments.append(((space.x - dx, space.y - dy), (space.x + dx, space.y + dy), space.width / 2))
    discs = [((c.x, c.y), shapes.CITY_RADIUS) for c in source.cities if c.name != CAPITAL]
    discs += [((area.x, area.y), shapes.LABEL_RADIUS) for area in source.areas]
    capital = next(c for c in source.cities if c.name == CAPITAL)
    room = TRAVELLER / 2 * math.sqrt(2) + 0.03  # a square's half diagonal, and a little air
    chosen: list[Point] = []
    for ring in (shapes.CITY_RADIUS + 0.24, shapes.CITY_RADIUS + 0.6):
        for step in range(48):
            angle = math.pi / 2 + step * math.pi / 24
            spot = (capital.x + ring * math.cos(angle), capital.y + ring * math.sin(angle))
            inside = room <= spot[0] <= source.width - room and room <= spot[1] <= source.height - room
            apart = all(distance(spot, other) >= TRAVELLER + 0.06 for other in chosen)
            if inside and apart and clearance(spot, segments, discs) >= room:
                chosen.append(spot)
    return chosen


def _space(
    pen: Pen, space: shapes.Space, kind: str, unit: float, multi: bool, owner: int, bonus: str | None, second: bool
) -> None:
    colour = TYPE_COLOURS[kind]
    a = math.radians(space.angle)
    ux, uy = math.cos(a), math.sin(a)
    cx, cy = space.x * unit, space.y * unit
    hl, hw = space.length * unit / 2, space.width * unit / 2
    corners = [
        (cx + sx * ux * hl - sy * uy * hw, cy + sx * uy * hl + sy * ux * hw)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]
    pen.polygon(corners, fill=tint(colour, 0.5), stroke=shade(colour, 0.1), width=1.2)
    if multi:
        pen.polygon(corners, fill=None, stroke=INK, width=0.8, dash=(3, 2))
    if owner >= 0:  # the owner's disc covers the space's letter and its bonus (taken with the claim)
        mark(pen, owner, cx, cy, max(hw * 1.05, 7.5), "disc")
        return
    letter = max(SMALLEST, min(15.0, hw * 1.25))
    # With a bonus, the letter at one end and the badge at the other: the other way round on lane 2 of a
    # double route, so that the badges of two lanes side by side are not side by side too.
    shift = (-1 if second else 1) * hl * 2 / 3 if bonus else 0.0
    pen.text(cx - ux * shift, cy - uy * shift + letter * 0.36, TYPE_LETTER[kind], letter, anchor="middle", bold=True,
             fill=shade(colour, 0.45))  # fmt: skip
    if bonus:
        badge(pen, bonus, cx + ux * shift, cy + uy * shift, max(8.0, min(10.0, hw)))


def badge(pen: Pen, bonus: str, x: float, y: float, r: float) -> None:
    """A bonus as printed: a circle for an immediate bonus, a square for an ability, with its code."""
    code = BONUSES[bonus][0]
    if bonus in ABILITIES:
        pen.rect(x - r, y - r, 2 * r, 2 * r, fill="#ffffff", stroke=INK, width=1.0, radius=r * 0.3)
    else:
        pen.circle(x, y, r, fill="#ffffff", stroke=INK, width=1.0)
    pen.text(x, y + SMALLEST * 0.36, code, SMALLEST, anchor="middle", bold=True, fill=INK)


def mark(pen: Pen, seat: int, x: float, y: float, r: float, shape: str) -> None:
    """A player's piece, numbered by seat: a disc for a claim, a rounded square for a traveller."""
    fill = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    if shape == "disc":
        pen.circle(x, y, r, fill=fill, stroke=INK, width=1.0)
    else:
        pen.rect(x - r, y - r, 2 * r, 2 * r, fill=fill, stroke=INK, width=1.4, radius=r * 0.3)
    size = max(SMALLEST, min(14.0, r * 1.3))
    pen.text(x, y + size * 0.36, str(seat + 1), size, anchor="middle", bold=True, fill="#ffffff")


def _city(pen: Pen, state: AeroState, i: int, here: dict[int, int], x: float, y: float, unit: float) -> None:
    """City ``i`` with its slots: the traveller in each slot of ``here`` (slot: seat), the used ones crossed out."""
    board = state.board
    name = board.cities[i]
    capital = name == CAPITAL
    with pen.group(name=f"city:{name}"):
        pen.circle(x, y, shapes.CITY_RADIUS * unit, fill="#ffffff", stroke=INK, width=1.4 if capital else 1.0)
        r = shapes.NAME_RADIUS * unit
        pen.circle(x, y, r, fill=CAPITAL_FILL if capital else INK, stroke=INK, width=1.0)
        size = max(SMALLEST + 1, r * (1.05 if len(name) == 1 else 0.7))
        pen.text(x, y + size * 0.36, name, size, anchor="middle", bold=True, fill="#ffffff")
        slots, side = board.slots[i], SLOT_SIDE * unit
        for n in range(slots):
            angle = -math.pi / 2 + (n + 0.5) * 2 * math.pi / slots
            sx, sy = x + math.cos(angle) * shapes.SLOT_RING * unit, y + math.sin(angle) * shapes.SLOT_RING * unit
            if n in here:
                with pen.group(name=pieces_of(state.players[here[n]])):
                    mark(pen, here[n], sx, sy, TRAVELLER * unit / 2, "square")
                continue
            pen.rect(
                sx - side / 2, sy - side / 2, side, side, fill="#ffffff", stroke=INK, width=0.9, radius=side * 0.15
            )
            if n < state.visits[i]:
                cross(pen, sx, sy, side / 2)


def cross(pen: Pen, x: float, y: float, h: float) -> None:
    pen.line(x - h, y - h, x + h, y + h, stroke=INK, width=1.2)
    pen.line(x - h, y + h, x + h, y - h, stroke=INK, width=1.2)


# -- the panels ------------------------------------------------------------------------------------------------


def _heading(pen: Pen, x: float, y: float, text: str) -> float:
    pen.text(x, y + HEADING, text, HEADING, bold=True, fill=INK)
    return y + HEADING + 8


def _wrapped(pen: Pen, x: float, y: float, w: float, text: str, **style: Any) -> float:
    """``text`` over as many lines as ``w`` needs, broken at its spaces (a no-break space holds two words together);
    returns the y below it."""
    line = ""
    for word in filter(None, text.split(" ")):
        trial = f"{line} {word}".strip()
        if line and pen.width(trial) > w:
            pen.text(x, y + BODY, line, BODY, **style)
            y, line = y + LINE, word
        else:
            line = trial
    if line:
        pen.text(x, y + BODY, line, BODY, **style)
        y += LINE
    return y


def players_panel(pen: Pen, x: float, y: float, w: float, state: AeroState, viewer: str | None) -> float:
    """A block per player: seat disc, name, score, where the traveller is, balloons (or their count) and abilities."""
    top = y
    y = _heading(pen, x, y, state.words("picture.players.hidden" if state.hidden else "picture.players"))
    scores = state.score().players
    to_move = state.to_move()
    for p, name in enumerate(state.players):
        if name == to_move and pen.c is not None:  # measured first, to be drawn on the mover's colour
            block = _player(Pen(), x, y, w, state, p, viewer, scores[p].score)
            pen.rect(x - 4, y - 3, w + 4, block - y + 3, fill=MOVER_FILL, stroke=None, radius=4)
        y = _player(pen, x, y, w, state, p, viewer, scores[p].score) + 6
    return y - top


def _player(pen: Pen, x: float, y: float, w: float, state: AeroState, p: int, viewer: str | None, score: int) -> float:
    t, name = state.words, state.players[p]
    mark(pen, p, x + 11, y + 12, 10, "disc")
    points = t("picture.points", points=score)
    room = w - 27 - pen.width(points, 13, bold=True) - 10
    size = max(SMALLEST, min(14.0, 14.0 * room / pen.width(name, 14, bold=True)))
    while len(name) > 1 and pen.width(name, size, bold=True) > room:
        name = name[:-2] + "…"
    pen.text(x + 27, y + 17, name, size, bold=True, fill=INK)
    pen.text(x + w - 4, y + 17, points, 13, anchor="end", bold=True, fill=INK)
    y += 26
    y = _wrapped(pen, x + 4, y, w - 8, t("picture.place", where=where(t, state, p), free=state.blank[p]), fill=INK)
    balloons = state.inventory(p)
    if state.hidden and state.players[p] != viewer:
        y = _wrapped(pen, x + 4, y, w - 8, t("picture.hidden", count=sum(balloons)), fill=INK)
    elif not any(balloons):
        y = _wrapped(pen, x + 4, y, w - 8, held(t, state, p), fill=INK)
    else:
        y = _chips(pen, x + 4, y + 1, w - 8, [(kind, n) for kind, n in enumerate(balloons) if n]) + 2
    owned = abilities(t, state, p)
    if owned:
        y = _wrapped(pen, x + 4, y, w - 8, t("picture.abilities", abilities=", ".join(owned)), fill=INK)
    if state.is_over():
        parts = state.score().players[p].breakdown
        made = " + ".join(t("picture.part", points=n, part=part) for part, n in parts.items() if n)
        y = _wrapped(pen, x + 4, y, w - 8, made or t("picture.no_points"))
    return y


def _chips(pen: Pen, x: float, y: float, w: float, counts: Sequence[tuple[int, int]]) -> float:
    """Balloons as chips: the type's letter and colour, and how many."""
    per_row = max(1, int((w + 4) // (CHIP_W + 4)))
    for i, (t, n) in enumerate(counts):
        cx, cy = x + (i % per_row) * (CHIP_W + 4), y + (i // per_row) * (CHIP_H + 4)
        chip(pen, cx, cy, t, f"{ORDER[t].upper()} {n}")
    return y + ((len(counts) - 1) // per_row + 1) * (CHIP_H + 4)


def chip(pen: Pen, x: float, y: float, t: int, text: str, w: float = CHIP_W) -> None:
    """A type's chip: its colour (gray for the wildcard) and ``text``."""
    colour = TYPE_COLOURS[TYPES[t]] if t < len(TYPES) else WILD_COLOUR
    pen.rect(x, y, w, CHIP_H, fill=tint(colour, 0.6), stroke=shade(colour, 0.1), width=1.0, radius=3)
    pen.text(x + w / 2, y + CHIP_H / 2 + 4.5, text, BODY, anchor="middle", bold=True, fill=shade(colour, 0.55))


def trajectories_panel(pen: Pen, x: float, y: float, w: float, state: AeroState) -> float:
    """Each trajectory: what it asks, its reward, and its slots with the players who took it."""
    t, top = state.words, y
    y = _heading(pen, x, y, t("picture.trajectories"))
    for g, goal in enumerate(state.board.source.trajectories):
        if goal.kind == "cities":
            what = t("picture.link", first=goal.cities[0], second=goal.cities[1])
        else:
            what = t("picture.own", types=" ".join(TYPE_LETTER[kind] for kind in goal.types))
        reward = t(f"picture.reward.{goal.reward}", count=goal.value)
        takers = state.goal_takers[g]
        side = 20.0
        for n in range(goal.slots):
            sx = x + w - (n + 1) * (side + 4)
            if n < len(takers):
                mark(pen, takers[n], sx + side / 2, y + side / 2, side / 2, "disc")
            else:
                pen.rect(sx, y, side, side, fill="#ffffff", stroke=INK, width=0.9, radius=3)
        room = w - 8 - goal.slots * (side + 4)
        y = max(_wrapped(pen, x + 4, y + 2, room, t("picture.goal", goal=what, reward=reward), fill=INK), y + side) + 6
    return y - top


def legend_panel(pen: Pen, x: float, y: float, w: float, state: AeroState) -> float:
    """What every symbol means, in as many columns as the width allows: the same all game, so it is measured
    and drawn once per map, place and words (:meth:`Pen.repeat`; a session in another language has its own)."""
    heading, rows = state.words("picture.legend"), list(_legend_rows(state))
    key = (_map_key(state.board.source), "legend", x, y, w, heading, *(row.words for row in rows))
    if pen.c is not None:
        pen.repeat(key, partial(_legend, pen, x, y, w, heading, rows))
    return _LEGEND_HEIGHTS.get(key, partial(_legend, Pen(), x, y, w, heading, rows))


def _legend(pen: Pen, x: float, y: float, w: float, heading: str, rows: Sequence[LegendRow]) -> float:
    columns = max(1, min(3, int((w + GAP) // (260 + GAP))))
    col_w = (w - (columns - 1) * GAP) / columns
    top = y
    y = _heading(pen, x, y, heading)
    per_column = -(-len(rows) // columns)
    bottom = y
    for column in range(columns):
        cy = y
        for row in rows[column * per_column : (column + 1) * per_column]:
            with pen.group(name="legend entry"):  # a phone lists the entries under its board (pnp/table/static)
                cy = row.draw(pen, x + column * (col_w + GAP), cy, col_w) + 4
        bottom = max(bottom, cy)
    return bottom - top


@dataclass(frozen=True)
class LegendRow:
    """A row of the legend: how to draw it at (x, y) in a width, returning the y below it, and the words it says."""

    draw: Callable[[Pen, float, float, float], float]
    words: str


def _item(icon: Callable[[Pen, float, float], None], text: str) -> LegendRow:
    """A legend row: the symbol, then what it means (wrapped)."""

    def row(pen: Pen, x: float, y: float, w: float) -> float:
        with pen.group(name="legend symbol"):
            icon(pen, x + 12, y + 10)
        return max(_wrapped(pen, x + 30, y + 2, w - 30, text, fill=INK), y + 22)

    return LegendRow(row, text)


def _letters_row(caption: str, chips: Sequence[tuple[int, str]]) -> LegendRow:
    """The key to the letters on the routes' spaces and the balloons: ``caption``, then under it a chip per type (by
    its index, the wildcard last) in its colour with its words, its letter and name ("P violet")."""

    def row(pen: Pen, x: float, y: float, w: float) -> float:
        y = _wrapped(pen, x, y, w, caption, fill=INK)
        cx = x
        for kind, text in chips:
            width = pen.width(text, BODY, bold=True) + 12
            if cx > x and cx + width > x + w:
                cx, y = x, y + CHIP_H + 4
            with pen.group(name="legend symbol"):
                chip(pen, cx, y, kind, text, width)
            cx += width + 4
        return y + CHIP_H

    return LegendRow(row, " ".join([caption, *(text for _, text in chips)]))


def _legend_rows(state: AeroState) -> Iterator[LegendRow]:
    t, source = state.words, state.board.source
    yield _item(lambda pen, x, y: mark(pen, 0, x, y, 9, "disc"), t("picture.legend.claimed"))
    yield _item(lambda pen, x, y: mark(pen, 0, x, y, 9, "square"), t("picture.legend.traveller", capital=CAPITAL))
    yield _item(lambda pen, x, y: _slot(pen, x, y, True), t("picture.legend.used"))
    yield _item(lambda pen, x, y: _slot(pen, x, y, False), t("picture.legend.free"))
    yield _item(_area_icon, t("picture.legend.area"))
    gray = any(r.type == "gray" for r in source.routes)  # where a wildcard may be picked (Wild Winds)
    kinds = [k for k, name in enumerate(TYPES) if name in _colours(source)] + ([len(TYPES)] if gray else [])
    chips = [(k, f"{ORDER[k].upper()} {type_word(t, ORDER[k])}") for k in kinds]
    yield _letters_row(t("picture.legend.letters"), chips)
    if gray:
        yield _item(lambda pen, x, y: chip(pen, x - 11, y - 10, len(TYPES), "W", 22), t("picture.legend.wildcard"))
        yield _item(lambda pen, x, y: _space_icon(pen, x, y, "gray", False), t("picture.legend.gray"))
    if any(r.type == "multi" for r in source.routes):
        yield _item(lambda pen, x, y: _space_icon(pen, x, y, "green", True), t("picture.legend.multi"))
    if len(state.board.pairs) < len(state.board.lanes):
        yield _item(_double_icon, t("picture.legend.double"))
    for bonus, (code, _) in BONUSES.items():
        if any(r.bonus == bonus for r in source.routes):
            yield _item(partial(_badge_icon, bonus), t("picture.legend.bonus", code=code, meaning=t(f"bonus.{bonus}")))


def _colours(source: AeroMap) -> set[str]:
    """The balloon types the routes of ``source`` ask for, a multiroute's each space's."""
    return {kind for r in source.routes for kind in (r.spaces if r.type == "multi" else (r.type,))}


def _badge_icon(bonus: str, pen: Pen, x: float, y: float) -> None:
    badge(pen, bonus, x, y, 9)


def _slot(pen: Pen, x: float, y: float, used: bool) -> None:
    pen.rect(x - 8, y - 8, 16, 16, fill="#ffffff", stroke=INK, width=0.9, radius=2.5)
    if used:
        cross(pen, x, y, 8)


def _area_icon(pen: Pen, x: float, y: float) -> None:
    pen.circle(x, y, 10, fill="#ffffff", stroke=INK, width=0.8, dash=(3, 2))
    pen.text(x, y + 4, "6", SMALLEST + 1, anchor="middle", bold=True, fill=INK)


def _double_icon(pen: Pen, x: float, y: float) -> None:
    for dy, kind in ((-8, "blue"), (1, "orange")):
        colour = TYPE_COLOURS[kind]
        pen.rect(x - 11, y + dy, 22, 7, fill=tint(colour, 0.5), stroke=shade(colour, 0.1))


def _space_icon(pen: Pen, x: float, y: float, kind: str, multi: bool) -> None:
    pen.rect(x - 11, y - 7, 22, 14, fill=tint(TYPE_COLOURS[kind], 0.5), stroke=shade(TYPE_COLOURS[kind], 0.1))
    if multi:
        pen.rect(x - 11, y - 7, 22, 14, fill=None, stroke=INK, width=0.8, dash=(3, 2))
