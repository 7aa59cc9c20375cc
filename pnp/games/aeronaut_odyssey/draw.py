"""Drawing an Aeronaut Odyssey board against the Canvas: the map, the inventories and the side panel.

One page is laid out to fit the printable area of both A4 and Letter in
landscape (:func:`one_page`); ``spread.py`` places the same pieces over 4 or 9
pages. The map preview draws through :func:`draw_map`; the state picture, made
for screens, is ``screen.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.games.aeronaut_odyssey import shapes
from pnp.games.aeronaut_odyssey.model import (
    ABILITIES,
    CAPITAL,
    LETTERS,
    ROUTE_POINTS,
    TYPES,
    AeroMap,
    Route,
    route_key,
)
from pnp.games.aeronaut_odyssey.wording import origin_words
from pnp.printing import fit, fonts
from pnp.printing.canvas import PT, Canvas
from pnp.printing.color import darkened, tint
from pnp.printing.overflows import Blank
from pnp.printing.paper import HOME_PAPERS, Rect, page_frame
from pnp.printing.sheets import SHRINK_STEP
from pnp.texts import Catalogue

# One page: the landscape content area that both A4 and Letter offer.
PAGE_W = min(page_frame(paper, landscape=True).content.w for paper in HOME_PAPERS) - 0.5
PAGE_H = min(page_frame(paper, landscape=True).content.h for paper in HOME_PAPERS) - 0.5
HEADER = 9.0
PANEL_W = 62.0
GAP = 3.0
INVENTORY_H = 21.0
INVENTORY_W = (PAGE_W - PANEL_W - 2 * GAP) / 2  # the widest inventory: as two share a one-page board's edge
TEXT_PT = 6.0  # the smallest text on the board, footer aside
PANEL_PT = 9.0  # the rules panel's body at most: it is set as large as fits, down to TEXT_PT
BODY_W = PAGE_W - PANEL_W - GAP  # the map and the inventories, beside the panel
BODY_H = PAGE_H - HEADER
INK = "#1d2330"
SKY = "#eaf3fa"
PANEL = "rules panel"  # how an Overflow names the panel beside the map
CAPITAL_FILL = "#b8860b"
TYPE_COLOURS = {
    "red": "#d62728",
    "orange": "#f28e2b",
    "yellow": "#e8c200",
    "green": "#2ca02c",
    "blue": "#1f77b4",
    "purple": "#8e5bb5",
    "gray": "#8a8a8a",
}
TYPE_LETTER = {**dict(zip(TYPES, (x.upper() for x in LETTERS))), "gray": "*"}
PLAYER_COLOURS = ("#e15759", "#4e79a7", "#59a14f", "#b07aa1", "#f28e2b", "#76b7b2")
BONUSES = {  # the code printed on a route's middle space, and what it means
    "point": ("+1", "1 point"),
    "penalty": ("-1", "lose 1 point"),
    "balloon": ("B", "1 balloon of choice"),
    "space": ("S", "1 inventory space"),
    "swap": ("X", "swap 1 balloon"),
    "jump": ("J", "move to any city with a free slot"),
    "discount": ("D", "claim a route for 1 balloon less"),
    "extra": ("E", "pick 3 balloons on a move"),
}


def inventory_count(players: int) -> int:
    """Inventories printed: one per player, two each with two players."""
    return 4 if players == 2 else players


def one_page_unit(board: AeroMap) -> float:
    """Millimetres per block on the one-page layout."""
    return min(BODY_W / board.width, (BODY_H - 2 * (INVENTORY_H + GAP)) / board.height)


def one_page(c: Canvas, board: AeroMap, inventories: int, t: Catalogue) -> None:
    """The board on one page: the header, the map between the inventories, the panel beside them."""
    unit = one_page_unit(board)
    map_w, map_h = board.width * unit, board.height * unit
    mx, my = (BODY_W - map_w) / 2, HEADER + INVENTORY_H + GAP + (BODY_H - 2 * (INVENTORY_H + GAP) - map_h) / 2
    header(c, board, PAGE_W, t)
    with c.group(mx, my, name="map"):
        draw_map(c, board, unit)
    _inventories(c, board, inventories, my, map_h, t)
    with c.group(PAGE_W - PANEL_W, HEADER, name="panel"):
        panel(c, board, BODY_H, t)


def header(c: Canvas, board: AeroMap, width: float, t: Catalogue) -> None:
    """The title at the left, and at ``width`` where the map comes from and what it holds."""
    about = t(
        "header.about",
        origin=origin_words(t, board),
        size=t(f"size.{board.size}"),
        cities=len(board.cities),
        routes=len(board.routes),
    )
    title, rest = width * 0.4 - 2, width * 0.6 - 2  # the title's room at the left, the rest's at the right
    fit.line(c, 0, 6, t("header.title"), title, size=13, part="board", field="header.title", bold=True, fill=INK)
    fit.line(c, width, 6, about, rest, size=8, part="board", field="header.about", anchor="end", fill=INK)


# -- the map ---------------------------------------------------------------------------------------------------


def draw_map(c: Canvas, board: AeroMap, unit: float, labels: bool = False, name_scale: float = 1.0) -> None:
    """The map at ``unit`` mm per block, origin at its top-left: sky, routes, areas and cities.

    ``labels`` adds the authoring aids of a preview: route names and city positions. ``name_scale`` scales the
    cities' names within their discs (a figure drawn small sets them larger, to keep them legible).
    """
    ink = board.ink_friendly
    w, h = board.width * unit, board.height * unit
    c.rect(0, 0, w, h, fill=None if ink else SKY, stroke=INK, width=0.5)
    points = {city.name: (city.x * unit, city.y * unit) for city in board.cities}
    for k, area in enumerate(board.areas):
        x, y, r = area.x * unit, area.y * unit, shapes.LABEL_RADIUS * unit
        with c.group(name=f"area:{k + 1}"):
            c.circle(x, y, r, fill="#ffffff", stroke=INK, width=0.3, dash=(0.8, 0.6))
            score = str(area.points)  # a number of one or two digits
            c.text(x, y + r * 0.42, score, size=r * 1.25 / PT, anchor="middle", bold=True, fill=INK)
    names = route_names(board)
    for k, (route, spaces, ties) in enumerate(route_spaces(board)):
        with c.group(name=f"route:{names[k]}"):
            _route(c, route, spaces, ties, unit, ink)
            if labels:  # a preview's aids: the route's name (such as A-B) and the cities' positions
                mid = spaces[len(spaces) // 2]
                c.text(mid.x * unit, (mid.y - 0.22) * unit, names[k], size=5, anchor="middle", fill="#444444")
    for city in board.cities:
        x, y = points[city.name]
        with c.group(name=f"city:{city.name}"):
            _city(c, city.name, x, y, city.slots, unit, ink, name_scale)
            if labels:
                c.text(
                    x,
                    y + (shapes.CITY_RADIUS + 0.2) * unit,
                    f"({city.x:g}, {city.y:g})",
                    size=5,
                    anchor="middle",
                    fill="#444444",
                )


Lane = tuple[Route, list[shapes.Space], tuple[shapes.Tether, shapes.Tether]]


def route_spaces(board: AeroMap) -> list[Lane]:
    """Every route with the spaces of its lane and the tethers to its cities, in map order (a double's lanes
    side by side)."""
    index = {c.name: i for i, c in enumerate(board.cities)}
    points = [(c.x, c.y) for c in board.cities]
    lanes: dict[tuple[int, int], list[int]] = {}
    for k, route in enumerate(board.routes):
        a, b = (index[n] for n in route_key(*route.between))
        lanes.setdefault((a, b), []).append(k)
    trims = shapes.end_trims(points, {pair: len(ks) for pair, ks in lanes.items()})
    result: list[Lane] = [None] * len(board.routes)  # type: ignore[list-item]
    for (a, b), ks in lanes.items():
        for offset, k in zip(shapes.lane_offsets(len(ks)), ks):
            spaces = shapes.lane_spaces(
                points[a], points[b], trims[(a, b)], trims[(b, a)], offset, board.routes[k].length
            )
            result[k] = (board.routes[k], spaces, shapes.tethers(points[a], points[b], spaces))
    return result


def route_names(board: AeroMap) -> list[str]:
    """The notation name of each route: C-F, or C-F/2 for the second lane of a double route."""
    names, seen = [], set()
    for route in board.routes:
        key = route_key(*route.between)
        names.append("-".join(key) + ("/2" if key in seen else ""))
        seen.add(key)
    return names


def _corners(space: shapes.Space, unit: float) -> list[tuple[float, float]]:
    a = math.radians(space.angle)
    ux, uy = math.cos(a), math.sin(a)
    hl, hw = space.length * unit / 2, space.width * unit / 2
    cx, cy = space.x * unit, space.y * unit
    return [
        (cx + sx * ux * hl - sy * uy * hw, cy + sx * uy * hl + sy * ux * hw)
        for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
    ]


def _upright(angle: float) -> float:
    """A text angle along a route that never reads upside down."""
    angle = (angle + 180) % 360 - 180
    return angle - 180 if angle > 90 else angle + 180 if angle <= -90 else angle


def _route(
    c: Canvas,
    route: Route,
    spaces: list[shapes.Space],
    ties: tuple[shapes.Tether, shapes.Tether],
    unit: float,
    ink: bool,
) -> None:
    kinds = list(route.spaces) if route.type == "multi" else [route.type] * route.length
    for ((x1, y1), (x2, y2)), kind in zip(ties, (kinds[0], kinds[-1])):
        c.line(x1 * unit, y1 * unit, x2 * unit, y2 * unit, stroke=INK if ink else TYPE_COLOURS[kind], width=0.45)
    for n, (space, kind) in enumerate(zip(spaces, kinds)):
        colour = TYPE_COLOURS[kind]
        corners, ground = _corners(space, unit), tint(colour, 0.55)
        c.polygon(corners, fill=None if ink else ground, stroke=colour if not ink else INK, width=0.45)
        if route.type == "multi":
            c.polygon(corners, fill=None, stroke=INK, width=0.15, dash=(0.6, 0.5))
        a = math.radians(space.angle)
        ux, uy = math.cos(a), math.sin(a)
        along = space.length * unit / 2 - space.width * unit * 0.28
        size = max(TEXT_PT, space.width * unit * 0.42 / PT)  # scaled with the map, never under the board's smallest
        tx, ty = space.x * unit - ux * along, space.y * unit - uy * along
        c.text(  # the type's letter, for those who cannot tell the colours apart: in its colour, darkened to read
            tx,
            ty + size * PT * 0.35,
            TYPE_LETTER[kind],
            size=size,
            anchor="middle",
            bold=True,
            fill=INK if ink else darkened(colour, ground, 0.35),
            rotate=_upright(space.angle),
        )
        if route.bonus and n == len(spaces) // 2:
            _bonus_badge(
                c, route.bonus, space.x * unit + ux * along, space.y * unit + uy * along, space.width * unit * 0.3
            )


def _bonus_badge(c: Canvas, bonus: str, x: float, y: float, r: float) -> None:
    """A bonus code in its circle (at once) or square (an ability), at least TEXT_PT and grown to hold it."""
    code = BONUSES[bonus][0]
    r = max(r, TEXT_PT * PT / (1.15 if len(code) == 1 else 0.95))
    if bonus in ABILITIES:
        c.rect(x - r, y - r, 2 * r, 2 * r, fill="#ffffff", stroke=INK, width=0.3, radius=r * 0.25)
    else:
        c.circle(x, y, r, fill="#ffffff", stroke=INK, width=0.3)
    size = r * (1.15 if len(code) == 1 else 0.95) / PT
    c.text(x, y + r * 0.38, code, size=size, anchor="middle", bold=True, fill=INK)  # the badge grows to hold it


def _city(c: Canvas, name: str, x: float, y: float, slots: int, unit: float, ink: bool, name_scale: float) -> None:
    capital = name == CAPITAL
    c.circle(x, y, shapes.CITY_RADIUS * unit, fill="#ffffff", stroke=INK, width=0.5 if capital else 0.35)
    r = shapes.NAME_RADIUS * unit
    fill = "#ffffff" if ink else CAPITAL_FILL if capital else INK
    c.circle(x, y, r, fill=fill, stroke=INK, width=0.35)
    if capital:
        c.circle(x, y, r * 0.82, fill=None, stroke="#ffffff" if not ink else INK, width=0.25)
    size = r * name_scale * (1.05 if len(name) == 1 else 0.7) / PT  # a name of 1 to 3 capital letters (the map check's)
    c.text(x, y + size * PT * 0.36, name, size=size, anchor="middle", bold=True, fill=INK if ink else "#ffffff")
    side = shapes.SLOT_SIZE * unit
    for n in range(slots):
        angle = -math.pi / 2 + (n + 0.5) * 2 * math.pi / slots
        sx, sy = x + math.cos(angle) * shapes.SLOT_RING * unit, y + math.sin(angle) * shapes.SLOT_RING * unit
        c.rect(sx - side / 2, sy - side / 2, side, side, fill="#ffffff", stroke=INK, width=0.25, radius=side * 0.15)


# -- inventories -----------------------------------------------------------------------------------------------


def _inventories(c: Canvas, board: AeroMap, count: int, map_y: float, map_h: float, t: Catalogue) -> None:
    """The inventories along the top (turned to face the far side of the table) and bottom edges."""
    top = (count + 1) // 2
    number = 0
    for y, n, flipped in ((HEADER, top, True), (map_y + map_h + GAP, count - top, False)):
        width = (BODY_W - (n - 1) * GAP) / max(n, 1)
        for i in range(n):
            number += 1
            inventory(c, board, number, i * (width + GAP), y, width, flipped, t)


def inventory(
    c: Canvas, board: AeroMap, number: int, x: float, y: float, w: float, flipped: bool, t: Catalogue
) -> None:
    """Inventory ``number`` with its top-left at (x, y), ``w`` wide; ``flipped`` turns it to face the far side."""
    name = f"inventory-{number}"
    with c.group(x + w, y + INVENTORY_H, rotate=180, name=name) if flipped else c.group(x, y, name=name):
        _inventory(c, board, w, INVENTORY_H, number, t)


def _inventory(c: Canvas, board: AeroMap, w: float, h: float, number: int, t: Catalogue) -> None:
    c.rect(0, 0, w, h, fill="#ffffff", stroke=INK, width=0.4, radius=1.5)
    label_w, icon = 19.0, 9.0  # the label column holds "INVENTORY 6" at 6 pt
    part, middle, room = f"inventory {number}", label_w / 2, label_w - 1
    title, key = t("inventory.title", number=number), "inventory.title"
    fit.line(c, middle, 4.8, title, room, size=TEXT_PT, part=part, field=key, bold=True, anchor="middle", fill=INK)
    c.rect((label_w - icon) / 2, 6.5, icon, icon, fill=None, stroke=INK, width=0.25, dash=(0.8, 0.6))
    words, key = t("inventory.icon"), "inventory.icon"
    fit.line(c, middle, h - 1.6, words, room, size=TEXT_PT, part=part, field=key, anchor="middle", fill="#555555")
    spaces = board.inventory_spaces
    area_w, area_h = w - label_w - 2, h - 3
    for box in (6.0, 5.5, 5.0, 4.5, 4.0, 3.5, 3.0):
        step = box + 0.8
        cols, rows = int(area_w // step), int(area_h // step)
        if cols * rows >= spaces + 2:
            break
    for n in range(cols * rows):
        row, col = divmod(n, cols)
        x, y = label_w + col * step, 1.5 + row * step
        extra = n >= spaces
        c.rect(
            x,
            y,
            box,
            box,
            fill=None,
            stroke="#9a9a9a" if extra else INK,
            width=0.2 if extra else 0.3,
            radius=0.6,
            dash=(0.6, 0.6) if extra else None,
        )


# -- the side panel --------------------------------------------------------------------------------------------


def panel_width(columns: int) -> float:
    """The rules panel's width in one column, or in two side by side."""
    return columns * PANEL_W + (columns - 1) * GAP


def panel(c: Canvas, board: AeroMap, h: float, t: Catalogue, columns: int = 1) -> None:
    """The rules reminder, ``h`` tall: in one column, or in two (turn and types; bonuses and trajectories), set
    at the largest body (``PANEL_PT`` down to ``TEXT_PT``, in ``SHRINK_STEP``s) at which it fits."""
    c.rect(0, 0, panel_width(columns), h, fill="#ffffff", stroke=INK, width=0.4, radius=1.5)
    body = next((pt for pt in _bodies() if _fits(c, board, h, t, columns, pt / TEXT_PT)), TEXT_PT)
    _sections(c, board, h, t, columns, body / TEXT_PT)  # at TEXT_PT, what is over stops the build, naming it


def _bodies() -> list[float]:
    """The panel's body sizes to try, largest first, down to TEXT_PT (not included: it is what is left)."""
    sizes, body = [], PANEL_PT
    while body > TEXT_PT:
        sizes.append(body)
        body -= SHRINK_STEP
    return sizes


def _fits(c: Canvas, board: AeroMap, h: float, t: Catalogue, columns: int, scale: float) -> bool:
    """Whether the panel's sections fit it drawn ``scale`` times their size: every text in its room at its own
    size, and the sections within the panel's height (measured on a canvas that draws nothing)."""
    with fit.collected() as over:
        _sections(Blank(c.faces), board, h, t, columns, scale)
    return not over


def _sections(c: Canvas, board: AeroMap, h: float, t: Catalogue, columns: int, scale: float) -> None:
    """The panel's sections drawn ``scale`` times their size (their text at ``scale`` times ``TEXT_PT``), each
    column the panel's width."""
    sections = [(_scoring, "panel.turn"), (_legend, "panel.types")]
    if any(r.bonus for r in board.routes):
        sections.append((_bonuses, "panel.bonuses"))
    if board.trajectories:
        sections.append((_trajectory_panel, "panel.trajectories"))
    split = 2 if columns == 2 else len(sections)
    w = PANEL_W / scale  # a column's width, as its sections measure it
    with c.group(scale=scale):
        for column, group in enumerate((sections[:split], sections[split:])):
            y = -0.5
            with c.group(column * (PANEL_W + GAP) / scale, 0):
                for section, heading in group:
                    y = section(c, board, w, y + 2.5, t)
                    fit.check_height(y, h / scale, part=PANEL, field=f"the section under {heading}")


def _title(c: Canvas, x: float, y: float, w: float, key: str, t: Catalogue) -> float:
    fit.line(c, x, y + 3.2, t(key), w - 2 * x, size=7.5, part=PANEL, field=key, bold=True, fill=INK)
    return y + 4.8


def _lines(c: Canvas, x: float, y: float, w: float, keys: Sequence[str], t: Catalogue) -> float:
    """Paragraphs wrapped to ``w`` (the panel's width), from ``y`` down; returns the y below them (``panel``
    checks that they end inside it)."""
    for key in keys:
        room = Rect(x, y, w - 2 * x, math.inf)
        for line in fit.wrapped(t(key), room, TEXT_PT, part=PANEL, field=key, faces=c.faces).lines:
            c.text(x, y + TEXT_PT * PT, line, size=TEXT_PT, fill=INK)
            y += TEXT_PT * PT * 1.3
    return y


def _scoring(c: Canvas, board: AeroMap, w: float, y: float, t: Catalogue) -> float:
    y = _title(c, 3, y, w, "panel.turn", t)
    y = _lines(c, 3, y, w, ("panel.move", "panel.claim"), t)
    y = _title(c, 3, y + 1.5, w, "panel.scoring", t)
    cell = (w - 6 - 12) / 6
    for row, (key, values) in enumerate((("panel.length", range(1, 7)), ("panel.points", ROUTE_POINTS[1:]))):
        fit.line(c, 3, y + 3.3 + row * 4.2, t(key), 11.5, size=TEXT_PT, part=PANEL, field=key, bold=True, fill=INK)
        for n, value in enumerate(values):
            x = 15 + n * cell
            c.rect(x, y + row * 4.2, cell, 4.2, fill=None, stroke=INK, width=0.2)
            c.text(x + cell / 2, y + 3.1 + row * 4.2, str(value), size=TEXT_PT, anchor="middle", fill=INK)  # digits
    y += 9.6
    return _lines(c, 3, y, w, ("panel.area",), t)


def _legend(c: Canvas, board: AeroMap, w: float, y: float, t: Catalogue) -> float:
    y = _title(c, 3, y, w, "panel.types", t)
    kinds = [*TYPES, *(["gray"] if any(r.type == "gray" for r in board.routes) else [])]
    keys = ["panel.any" if kind == "gray" else f"type.{kind}" for kind in kinds]
    widest = max(fonts.text_width(t(key), TEXT_PT, faces=c.faces) for key in keys)
    per_row = next((n for n in (4, 3) if (w - 6) / n - 5.2 >= widest), 2)  # as many to a row as their names let
    cell = (w - 6) / per_row
    for n, kind in enumerate(kinds):
        x, row_y = 3 + (n % per_row) * cell, y + (n // per_row) * 5.5
        c.rect(
            x,
            row_y,
            4.5,
            4.2,
            fill=None if board.ink_friendly else tint(TYPE_COLOURS[kind], 0.55),
            stroke=TYPE_COLOURS[kind],
            width=0.4,
        )
        c.text(x + 2.25, row_y + 3.2, TYPE_LETTER[kind], size=6, anchor="middle", bold=True, fill=INK)  # one letter
        key = keys[n]
        fit.line(c, x + 5.2, row_y + 3.1, t(key), cell - 5.2, size=TEXT_PT, part=PANEL, field=key, fill=INK)
    y += ((len(kinds) - 1) // per_row + 1) * 5.5
    notes = []
    if len({route_key(*r.between) for r in board.routes}) < len(board.routes):
        notes.append("panel.double")
    if any(r.type == "gray" for r in board.routes):
        notes.append("panel.gray")
    if any(r.type == "multi" for r in board.routes):
        notes.append("panel.multi")
    return _lines(c, 3, y, w, notes, t)


def _bonuses(c: Canvas, board: AeroMap, w: float, y: float, t: Catalogue) -> float:
    y = _title(c, 3, y, w, "panel.bonuses", t)
    y = _lines(c, 3, y, w, ("panel.bonuses.text",), t)
    for bonus in (b for b in BONUSES if any(r.bonus == b for r in board.routes)):
        _bonus_badge(c, bonus, 4.8, y + 2.0, 1.8)
        key = f"bonus.{bonus}"
        room = Rect(8.5, y, w - 11.5, math.inf)
        lines = fit.wrapped(t(key), room, TEXT_PT, part=PANEL, field=key, faces=c.faces).lines
        for n, line in enumerate(lines):  # beside its badge, on as many lines as the panel's width asks
            c.text(8.5, y + 2.9 + n * TEXT_PT * PT * 1.3, line, size=TEXT_PT, fill=INK)
        y += 4.5 + (len(lines) - 1) * TEXT_PT * PT * 1.3
    return y


def _trajectory_panel(c: Canvas, board: AeroMap, w: float, y: float, t: Catalogue) -> float:
    y = _title(c, 3, y, w, "panel.trajectories", t)
    for number, goal in enumerate(board.trajectories, 1):
        if goal.kind == "cities":
            what = t("panel.link", first=goal.cities[0], second=goal.cities[1])
        else:
            what = t("panel.own", types=" ".join(TYPE_LETTER[kind] for kind in goal.types))
        room, part = w - 6 - goal.slots * 5.2, f"board's trajectory {number}"
        fit.line(c, 3, y + 2.8, what, room, size=TEXT_PT, part=part, field="goal", fill=INK)
        reward = t(f"reward.{goal.reward}", value=goal.value)
        fit.line(c, 3, y + 6.2, reward, room, size=TEXT_PT, part=part, field="reward", bold=True, fill=INK)
        for s in range(goal.slots):
            x = w - 3 - (s + 1) * 5.2
            c.rect(x, y + 1.6, 4.6, 4.6, fill=None, stroke=INK, width=0.25, radius=0.5)
        y += 7.8
    return y
