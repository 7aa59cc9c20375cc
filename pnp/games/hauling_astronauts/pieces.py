"""Drawing the game's pieces: transports (face up or down), dice, bonus-die markers."""

from __future__ import annotations

import math
from contextlib import AbstractContextManager
from typing import Any

from pnp.games.hauling_astronauts.model import Transport, odds, range_kind
from pnp.games.hauling_astronauts.notation import GOLD, RED, face, kind
from pnp.printing import fit
from pnp.printing.canvas import Canvas
from pnp.printing.color import tint
from pnp.printing.fonts import fit_size
from pnp.printing.paper import Rect
from pnp.texts import Catalogue

INK = "#1d2330"
WHITE = "#ffffff"
GOLD_RGB = "#e3b23c"
RED_RGB = "#c0392b"
_LETTER = {GOLD: "G", RED: "R"}
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


SCREEN_PT = 5.5  # the smallest text of the state picture: 9.9 px when its 196 mm are drawn 1000 px wide
PRINT_PT = 6.0  # the smallest text of the printed kit
CLEAR = 2.0  # mm a printed piece's text keeps from its cut edge: clear of its 0.6 mm border and of a cut a little off


def fitted(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    width: float,
    size: float,
    *,
    part: str = "",
    field: str = "",
    screen: bool = False,
    written: str = "",
    **style: Any,
) -> None:
    """Text shrunk as needed to stay within ``width`` mm. In print through ``pnp.printing.fit`` (a text that
    does not fit at 6 pt stops the build, naming ``part`` and ``field``, and ``written``, the part of the text
    a file writes); on a ``screen`` down to ``SCREEN_PT``, where a longer text runs on rather than stop the
    picture."""
    if screen:
        least = fit_size(text, width, size, bool(style.get("bold", False)), SCREEN_PT, c.faces)
        c.text(x, y, text, size=least, **style)
    else:
        fit.line(c, x, y, text, width, size=size, part=part, field=field, written=written, **style)


def _landscape(c: Canvas, box: Rect) -> AbstractContextManager[None]:
    """A frame in which the piece is drawn landscape; a portrait box is turned a quarter anticlockwise."""
    if box.w >= box.h:
        return c.group(box.x, box.y)
    return c.group(box.x, box.bottom, rotate=-90)


def transport(
    c: Canvas, box: Rect, piece: Transport, colour: str, player: int, t: Catalogue, screen: bool = False
) -> None:
    """A face-up transport: letter badge, name, capacity, profit and (in print) odds.

    In print a portrait box holds the piece turned a quarter. On a ``screen`` every text stands upright (in a
    portrait box the lines go under the badge), the odds line is left out and no text shrinks below
    ``SCREEN_PT``.
    """
    standing = screen and box.h > box.w
    length, width = (box.w, box.h) if standing else (max(box.w, box.h), min(box.w, box.h))
    with c.group(name=f"transport:{piece.id}"), c.group(box.x, box.y) if standing else _landscape(c, box):
        c.rect(0, 0, length, width, fill=tint(colour, 0.82), stroke=colour, width=0.6, radius=1.2)
        badge = min(length, width) * 0.24
        c.circle(badge + 1.2, badge + 1.2, badge, fill=colour, stroke=None)
        # its letter (A, B, C) in the badge and its owner (P1, P2): a character or two each
        c.text(badge + 1.2, badge * 1.45 + 1.2, piece.id, size=badge * 3.4, bold=True, anchor="middle", fill="#ffffff")
        owner = (length - 3.5, badge + 2.4) if standing else (badge + 1.2, width - 2.2)  # beside or under the badge
        c.text(*owner, t("board.player", number=player + 1), size=PRINT_PT, bold=True, anchor="middle", fill=INK)
        if standing:  # the lines across the piece, under the badge
            middle, room, top = length / 2, length - 3, 2 * badge + 2.4
        else:  # the lines beside the badge, down the whole piece, kept CLEAR of the cut edge
            left, right = 2 * badge + 2.4, length - CLEAR
            middle, room, top = (left + right) / 2, right - left, 0
        part = f"P{player + 1} transport {piece.id}"

        def line(at: float, text: str, size: float, field: str, bold: bool = False, fill: str = INK) -> None:
            """A line of text centred across the piece, ``at`` a share of the way down what is under ``top``."""
            style: dict[str, Any] = {"anchor": "middle", "bold": bold, "fill": fill}
            y = top + (width - top) * at
            fitted(c, middle, y, text, room, size, part=part, field=field, screen=screen, **style)

        line(0.24, piece.name, 6.5, "name")
        line(0.52, printed_range(piece.low, piece.high, t), 8.5, "label", bold=True)
        pays = t("piece.pays", profit=piece.profit)
        line(0.82 if screen else 0.74, pays, 7, "profit", bold=True, fill=colour)
        if not screen:  # its baseline CLEAR of the cut, and the 0.3 mm a round figure (3, 8) dips under it
            percent = float(odds(piece.low, piece.high)) * 100
            line(1 - (CLEAR + 0.3) / width, t("piece.odds", percent=f"{percent:.0f}"), PRINT_PT, "odds")


def printed_range(low: int, high: int, t: Catalogue) -> str:
    """A sum range in words from the catalogue: "8 or less", "13 – 14", "16 or more", "10"."""
    return t(f"range.{range_kind(low, high)}", low=low, high=high)


def face_down(c: Canvas, box: Rect, colour: str, player: int, t: Catalogue, tag: str = "") -> None:
    """A hidden transport, as the table's screen shows it: its text upright whichever way its box lies, ``tag``
    (which of its player's secrets it is, or "void") in a corner."""
    short = min(box.w, box.h)
    with c.group(box.x, box.y, name="transport:hidden"):
        c.rect(0, 0, box.w, box.h, fill="#d9d9d9", stroke=colour, width=0.8, radius=1.2)
        # "?", "P1" (board.player) and a tag of a few characters ("1st", "void"): fixed words, on a screen only
        c.text(box.w / 2, box.h / 2 + short * 0.12, "?", size=short * 1.1, bold=True, anchor="middle", fill=INK)
        mark = t("board.player", number=player + 1)
        c.text(3.5, box.h - 2.2, mark, size=PRINT_PT, bold=True, anchor="middle", fill=INK)
        if tag:
            c.text(box.w - 1.5, box.h - 2.2, tag, size=6.5, bold=True, anchor="end", fill=INK)


def die(c: Canvas, cx: float, cy: float, code: int, side: float, moved: bool = False, name: str = "die") -> None:
    """A die showing ``face(code)``; gold and red ones are lettered G and R; a moved die is turned 45 degrees."""
    bonus = kind(code)
    pip = "#ffffff" if bonus == RED else INK
    with c.group(cx, cy, rotate=45 if moved else 0, name=name):
        _cube(c, side, {GOLD: GOLD_RGB, RED: RED_RGB}.get(bonus, "#ffffff"))
        step, r = side * 0.27, side * 0.085
        for dx, dy in PIPS.get(face(code), ()):
            c.circle(dx * step, dy * step, r, fill=pip, stroke=None)
        if bonus:  # top middle: the one spot no face puts a pip on; its letter, G or R
            c.text(0, side * 0.09 - step, _LETTER[bonus], size=side * 0.55, bold=True, anchor="middle", fill=pip)


def blank_die(c: Canvas, cx: float, cy: float, code: int, side: float, name: str = "die") -> None:
    """A die lying in Available (its face does not matter), lettered if it is a bonus die."""
    bonus = kind(code)
    with c.group(cx, cy, name=name):
        _cube(c, side, {GOLD: GOLD_RGB, RED: RED_RGB}.get(bonus, "#f2f2f2"))
        if bonus:
            ink = "#ffffff" if bonus == RED else INK
            c.text(0, side * 0.3, _LETTER[bonus], size=side * 2, bold=True, anchor="middle", fill=ink)


def _cube(c: Canvas, side: float, fill: str) -> None:
    c.rect(-side / 2, -side / 2, side, side, fill=fill, stroke=INK, width=0.4, radius=side * 0.15)


def score_marker(c: Canvas, box: Rect, colour: str, player: int, t: Catalogue) -> None:
    """A player's score marker: moved along their scoring track."""
    with c.group(box.x, box.y, name=f"score-marker:P{player + 1}"):
        c.rect(0, 0, box.w, box.h, fill=colour, stroke=INK, width=0.5, radius=1.5)
        mark = t("board.player", number=player + 1)  # P1, P2
        c.text(box.w / 2, box.h * 0.5, mark, size=8, bold=True, anchor="middle", fill="#ffffff")
        part, word, y = f"P{player + 1} score marker", t("piece.score"), box.h - 1.3
        fit.line(c, box.w / 2, y, word, box.w - 1, size=6, part=part, field="piece.score", anchor="middle", fill=WHITE)


def marker(c: Canvas, box: Rect, gold: bool, t: Catalogue) -> None:
    """A bonus-die marker: set a die on it to make that die the gold (x2) or the red (/2) one."""
    fill, key, effect = (GOLD_RGB, "piece.gold", "×2") if gold else (RED_RGB, "piece.red", "÷2")
    ink = INK if gold else "#ffffff"
    with c.group(box.x, box.y, name="marker:gold" if gold else "marker:red"):
        c.rect(0, 0, box.w, box.h, fill=fill, stroke=INK, width=0.5, radius=1.5)
        cx, r = box.w / 2, box.w * 0.2
        if gold:
            radii = [r if i % 2 == 0 else r * 0.45 for i in range(10)]
            star = [
                (cx + q * math.sin(i * math.pi / 5), 6 - q * math.cos(i * math.pi / 5)) for i, q in enumerate(radii)
            ]
            c.polygon(star, fill="#ffffff", stroke=INK, width=0.3)
        else:
            c.polygon(
                [(cx - r, 6 - r * 0.7), (cx + r, 6 - r * 0.7), (cx, 6 + r)], fill="#ffffff", stroke=INK, width=0.3
            )
        part, y = f"{key[6:]} marker", box.h - 5.2  # "gold marker"
        fit.line(c, cx, y, t(key), box.w - 1, size=6, part=part, field=key, bold=True, anchor="middle", fill=ink)
        c.text(cx, box.h - 1.4, effect, size=7, bold=True, anchor="middle", fill=ink)  # ×2 or ÷2
