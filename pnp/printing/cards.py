"""Card and token sheets: items imposed n-up with bleed, crop marks and backs.

Consecutive decks (or token sheets) of one size share their sheets: the items of
all of them are imposed as one run, and each page counts the parts it holds. When
the run mixes backgrounds, stretches of one background each get a tight grid of
their own instead, if that takes fewer pages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import astuple, dataclass, replace
from typing import Literal

from pnp.errors import PnpError
from pnp.printing import cutting, imposition
from pnp.printing.canvas import Canvas, Draw
from pnp.printing.cutting import Cut
from pnp.printing.footer import aside
from pnp.printing.imposition import Slot
from pnp.printing.marks import crop_marks, cut_guide, fold_line, tick_marks
from pnp.printing.pages import Page, bounds, overlap, size, together
from pnp.printing.paper import PageFrame, Rect, paper_name
from pnp.printing.parts import Deck, Face, TokenSheet
from pnp.printing.settings import PrintSettings
from pnp.texts import Catalogue

Shape = Literal["card", "round", "square"]


@dataclass(frozen=True)
class Item:
    """A card or token: the part it belongs to, its name and its faces."""

    part: str
    name: str
    front: Face
    back: Face | None


@dataclass(frozen=True)
class ItemSet:
    """Decks or token sheets of one size, seen as one run of equal-sized items."""

    name: str
    kind: Literal["card", "token"]
    shape: Shape
    width: float
    height: float
    items: tuple[Item, ...]

    @classmethod
    def of(cls, parts: Sequence[Deck | TokenSheet]) -> ItemSet:
        first = parts[0]
        name = ", ".join(part.name for part in parts)
        if isinstance(first, Deck):
            items = tuple(Item(p.name, c.name, c.front, c.back) for p in parts if isinstance(p, Deck) for c in p.cards)
            return cls(name, "card", "card", first.size.width, first.size.height, items)
        tokens = tuple(
            Item(p.name, t.name, t.front, t.back) for p in parts if isinstance(p, TokenSheet) for t in p.tokens
        )
        return cls(name, "token", first.shape, first.diameter, first.diameter, tokens)

    @property
    def has_backs(self) -> bool:
        return any(item.back is not None for item in self.items)

    @property
    def key(self) -> tuple[str, str, float, float, bool]:
        """What items must share to be imposed together: kind, shape, size and whether they have backs."""
        return self.kind, self.shape, self.width, self.height, self.has_backs

    @property
    def tight(self) -> imposition.Tight:
        """Which ways butted neighbours may share a cut line (one that wanders shows the same colour): side by
        side when all fronts share one background and band, and all backs another; one above another too when
        no face has a band along its top."""
        faces = [face for item in self.items for face in (item.front, item.back) if face is not None]
        fronts = {(item.front.background, item.front.band) for item in self.items}
        backs = {(item.back.background, item.back.band) for item in self.items if item.back is not None}
        across = len(fronts) == 1 and len(backs) <= 1
        return imposition.Tight(across, across and not any(face.band for face in faces))

    @property
    def apart(self) -> float:
        """The least gap between neighbours: none for rectangles (butted, one cut serves two), room to cut round
        a round item without touching the next (``imposition.ROUND_GAP``)."""
        return imposition.ROUND_GAP if self.shape == "round" else 0.0


def same_run(part: Deck | TokenSheet, other: Deck | TokenSheet) -> bool:
    """Whether two parts can share card sheets: the same kind, shape and size, both with backs or both without."""
    return ItemSet.of([part]).key == ItemSet.of([other]).key


def run_pages(parts: Sequence[Deck | TokenSheet], settings: PrintSettings, texts: Catalogue) -> list[Page]:
    """The pages of a run of same-sized decks or token sheets: imposed together, or in stretches of one
    background each (tight grids), whichever takes fewer pages."""
    together = item_pages(parts, settings, texts)
    stretches: list[list[Deck | TokenSheet]] = []
    for part in parts:
        if stretches and ItemSet.of([*stretches[-1], part]).tight.across:
            stretches[-1].append(part)
        else:
            stretches.append([part])
    if len(stretches) == 1:
        return together
    apart = [page for stretch in stretches for page in item_pages(stretch, settings, texts)]
    return apart if len(apart) < len(together) else together


def item_pages(parts: Sequence[Deck | TokenSheet], settings: PrintSettings, texts: Catalogue) -> list[Page]:
    """The pages of decks or token sheets of one size imposed as one run: fronts, and backs when any item has one."""
    items = ItemSet.of(parts)
    if not items.has_backs:
        layout = imposition.single
    else:
        layout = imposition.duplex if settings.layout == "duplex" else imposition.gutterfold
    frames = cutting.frames(settings.paper, settings.cut_marks)
    plans = [layout(items.width, items.height, settings.bleed, frame, items.tight, items.apart) for frame in frames]
    frame, plan = max(zip(frames, plans), key=lambda pair: len(pair[1].fronts))
    if not plan.fronts:
        part_kind = "deck" if items.kind == "card" else "token sheet"
        area = frame.content
        where = f"{settings.cut_marks}'s cutting area" if settings.cut_marks else "printable"
        raise PnpError(
            f"{part_kind} '{items.name}': a {size(items.width, items.height)} {items.kind} with {settings.bleed:g} mm "
            f"bleed and crop marks does not fit on {paper_name(settings.paper)} ({where} {size(area.w, area.h)}, "
            f"{settings.layout}); use smaller {items.kind}s or less bleed"
        )
    per_page = len(plan.fronts)
    chunks = [items.items[i : i + per_page] for i in range(0, len(items.items), per_page)]
    pages: list[Page] = []
    for number, chunk in enumerate(chunks, 1):
        fronts, backs = plan.sheet(len(chunk))
        counted = dict(Counter(item.part for item in chunk))
        words = {"parts": together(list(counted)), "number": number, "total": len(chunks)}
        lines = cut_lines(items, chunk, fronts) if settings.cut_marks else ()
        strip = _footer_strip(frame, plan.ticks, fronts, marked=True)
        if plan.mirror is None:
            draw = sheet_drawer(items, chunk, fronts, ticks=plan.ticks)
            trim, bleed = page_boxes(fronts)
            label = texts("print.page.sheet", **words)
            pages.append(Page(frame, draw, label, counted, cuts=lines, footer_strips=strip, trim=trim, bleed=bleed))
        elif plan.fold is not None:
            draw = sheet_drawer(items, chunk, fronts, backs, plan.fold)
            label = texts("print.page.folded", **words)
            trim, bleed = page_boxes(fronts + backs)
            pages.append(Page(frame, draw, label, counted, trim=trim, bleed=bleed))
        else:
            draw = sheet_drawer(items, chunk, fronts, ticks=plan.ticks)
            label = texts("print.page.fronts", **words)
            trim, bleed = page_boxes(fronts)
            front = Page(frame, draw, label, counted, duplex_front=True, cuts=lines, trim=trim, bleed=bleed)
            pages.append(replace(front, footer_strips=strip))
            offset = settings.back_offset
            draw = _backs_drawer(items, chunk, backs, offset, frame, plan.ticks)
            strip = _footer_strip(frame, plan.ticks, backs, marked=False, dx=offset[0])
            trim, bleed = page_boxes(backs, offset, frame.printable)
            label = texts("print.page.backs", **words)
            pages.append(Page(frame, draw, label, footer_strips=strip, trim=trim, bleed=bleed))
    return pages


def page_boxes(
    slots: Sequence[Slot], offset: tuple[float, float] = (0.0, 0.0), clip: Rect | None = None
) -> tuple[Rect, Rect]:
    """A sheet's trim (the grid's outer cut lines) and bleed (its outer bleed), moved by ``offset`` and cut
    to ``clip`` (what a back page prints of them)."""
    boxes = (bounds(s.trim for s in slots), bounds(s.bleed_box for s in slots))
    moved = [replace(box, x=box.x + offset[0], y=box.y + offset[1]) for box in boxes]
    trim, bleed = moved if clip is None else [overlap(box, clip) for box in moved]
    return trim, bleed


def _footer_strip(
    frame: PageFrame, ticks: tuple[bool, bool], slots: Sequence[Slot], marked: bool, dx: float = 0.0
) -> tuple[Rect, ...]:
    """Where the footer goes when the items take its band (their bleed reaches the top and bottom of the
    printable area): beside them, between the side crop marks if ``marked``; none for the usual place.

    Items shifted ``dx`` (a back offset) have it on the side they moved away from.
    """
    if not ticks[1]:
        return ()
    outer = bounds(s.bleed_box for s in slots)
    marks = {v for s in slots for v in (s.trim.y, s.trim.bottom)} if marked else set()
    return aside(frame, replace(outer, x=outer.x + dx), marks, right=dx < 0)


def cut_lines(items: ItemSet, chunk: Sequence[Item], fronts: Sequence[Slot]) -> tuple[Cut, ...]:
    """Where a cutting machine cuts the fronts of ``chunk``: their trim boxes on the page."""
    return cutting.cuts(items.kind, items.shape, (item.name for item in chunk), (slot.trim for slot in fronts))


def sheet_drawer(
    items: ItemSet,
    chunk: Sequence[Item],
    fronts: Sequence[Slot],
    backs: Sequence[Slot] = (),
    fold: tuple[float, float, float, float] | None = None,
    ticks: tuple[bool, bool] = (False, False),
) -> Draw:
    """Fronts with crop marks (ticks at the ends ``ticks`` names); with ``fold``, also the backs across the fold line."""

    def draw(canvas: Canvas) -> None:
        for slot, item in zip(fronts, chunk):
            _draw_item(canvas, items, slot, item.front, item.name, "front")
        crop_marks(canvas, (s.trim for s in fronts), bounds(s.bleed_box for s in fronts), ticks)
        if fold is not None:
            _draw_backs(canvas, items, chunk, backs)
            fold_line(canvas, *fold)

    return draw


def _backs_drawer(
    items: ItemSet,
    chunk: Sequence[Item],
    backs: Sequence[Slot],
    offset: tuple[float, float],
    frame: PageFrame,
    ticks: tuple[bool, bool],
) -> Draw:
    """A duplex back page, shifted by the printer's back offset (but never into the margins), with the
    fronts' ticks mirrored."""

    def draw(canvas: Canvas) -> None:
        with canvas.clip(*astuple(frame.printable)), canvas.group(*offset):
            _draw_backs(canvas, items, chunk, backs)
            tick_marks(canvas, (s.trim for s in backs), bounds(s.bleed_box for s in backs), ticks)

    return draw


def _draw_backs(canvas: Canvas, items: ItemSet, chunk: Sequence[Item], backs: Sequence[Slot]) -> None:
    for slot, item in zip(backs, chunk):
        if item.back is not None:
            _draw_item(canvas, items, slot, item.back, item.name, "back")


def _draw_item(canvas: Canvas, items: ItemSet, slot: Slot, face: Face, name: str, side: str) -> None:
    """One face, turned into its slot, its background run into the bleed, everything clipped to the bleed box.

    The group is named ``<kind>-<side>:<item name>``, e.g. ``card-front:Lion``.
    """
    with canvas.clip(*astuple(slot.bleed_box)):
        dx, dy = slot.origin()
        with canvas.group(dx, dy, rotate=slot.rotate, name=f"{items.kind}-{side}:{name}"):
            turns = round(slot.rotate / 90)  # the item's top faces the page side `turns` on
            draw_face(canvas, items, face, tuple(slot.bleed[(edge + turns) % 4] for edge in range(4)))
            if side == "front" and items.shape != "card":
                cut_guide(canvas, items.shape, items.width)


def draw_face(canvas: Canvas, items: ItemSet, face: Face, bleed: tuple[float, ...]) -> None:
    """One face of ``items`` at the origin, its background run ``bleed`` mm past the trim (top, right, bottom,
    left, in the item's own frame): a round item's as a ring as wide as its widest side's, which the sheet clips
    to the item's own bleed box (where tokens sit close, a neighbour's ring fills the rest).

    The card sheets and the exported images (``pnp.export``) both draw faces with it.
    """
    w, h = items.width, items.height
    if items.shape == "round":
        canvas.circle(w / 2, h / 2, w / 2 + max(bleed), fill=face.background, stroke=None)
    else:
        top, right, bottom, left = bleed
        canvas.rect(-left, -top, w + left + right, h + top + bottom, fill=face.background)
    face.draw(canvas)
