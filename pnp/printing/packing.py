"""Small one-sided parts sharing a page: sheets (die nets, aids) and token or card runs without backs.

Blocks go down a portrait page in order. Sheets sit side by side in shelves;
a run of items takes a grid across the whole width below the shelves, as many
rows as its items need, and what does not fit continues on the next page. The
planner uses the packed pages only when they are fewer than one page per part.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from pnp.printing import imposition
from pnp.printing.boards import placed_drawing
from pnp.printing.canvas import Canvas
from pnp.printing.cards import ItemSet, page_boxes, sheet_drawer
from pnp.printing.marks import MARK_ZONE
from pnp.printing.pages import Page, bounds, together
from pnp.printing.paper import PageFrame, Rect, page_frame
from pnp.printing.parts import Deck, Sheet, TokenSheet
from pnp.printing.settings import PrintSettings

GAP = 5.0  # between blocks on a shared page

Loose = Sheet | list[Deck | TokenSheet]  # a sheet, or a run of same-sized parts without backs
Block = Callable[[Canvas], None]


class _Page:
    """A shared page being filled: its blocks, what they count, and the height used so far."""

    def __init__(self, frame: PageFrame) -> None:
        self.frame = frame
        self.blocks: list[Block] = []
        self.components: dict[str, int] = {}
        self.trims: list[Rect] = []  # each block's trim and bleed: the page's are their bounds
        self.bleeds: list[Rect] = []
        self.top = frame.content.y  # the first free height below the finished shelves
        self.shelf: tuple[float, float] | None = None  # (next x, bottom) of the shelf being filled

    @property
    def free_top(self) -> float:
        return self.top if self.shelf is None else self.shelf[1] + GAP

    def count(self, name: str, n: int) -> None:
        self.components[name] = self.components.get(name, 0) + n


def packed_pages(parts: Sequence[Loose], settings: PrintSettings) -> list[Page] | None:
    """The parts packed onto shared portrait pages, or None when one of them cannot share a page."""
    frame = page_frame(settings.paper)
    area = frame.content
    pages = [_Page(frame)]
    for part in parts:
        if isinstance(part, Sheet):
            if not _place_sheet(pages, part):
                return None
            continue
        items = ItemSet.of(part)
        remaining = list(items.items)
        while remaining:
            page = pages[-1]
            region = Rect(area.x, page.free_top, area.w, area.bottom - page.free_top)
            plan = imposition.grid(items.width, items.height, settings.bleed, region, items.tight, apart=items.apart)
            if not plan.fronts:
                if page.blocks:
                    pages.append(_Page(frame))
                    continue
                return None
            chunk, remaining = remaining[: len(plan.fronts)], remaining[len(plan.fronts) :]
            fronts, _ = plan.sheet(len(chunk))
            first = fronts[0]
            dy = region.y + MARK_ZONE + first.bleed[0] - first.trim.y  # up against the blocks above
            fronts = tuple(replace(s, trim=replace(s.trim, y=s.trim.y + dy)) for s in fronts)
            page.blocks.append(sheet_drawer(items, chunk, fronts))
            trim, bleed = page_boxes(fronts)
            page.trims.append(trim)
            page.bleeds.append(bleed)
            for item in chunk:
                page.count(item.part, 1)
            page.top = max(s.bleed_box.bottom for s in fronts) + MARK_ZONE + GAP
            page.shelf = None
            if remaining:
                pages.append(_Page(frame))
    return [_finish(page, number, len(pages)) for number, page in enumerate(pages, 1)]


def _place_sheet(pages: list[_Page], sheet: Sheet) -> bool:
    """Put ``sheet`` on the current shelf, a new shelf or a new page; False if it fits no page."""
    w, h = sheet.drawing.width, sheet.drawing.height
    page = pages[-1]
    area = page.frame.content
    if w > area.w or h > area.h:
        return False
    if page.shelf is not None and page.shelf[0] + w <= area.right and page.top + h <= area.bottom:
        x, bottom = page.shelf[0], max(page.shelf[1], page.top + h)
    else:
        top = page.free_top
        if top + h > area.bottom:
            pages.append(page := _Page(page.frame))
            top = page.top
        page.top, x, bottom = top, area.x, top + h
    page.blocks.append(placed_drawing(sheet.drawing, x, page.top, f"sheet:{sheet.name}"))
    area = Rect(x, page.top, w, h)  # a sheet prints no bleed
    page.trims.append(area)
    page.bleeds.append(area)
    page.shelf = (x + w + GAP, bottom)
    page.count(sheet.name, 1)
    return True


def _finish(page: _Page, number: int, total: int) -> Page:
    blocks = tuple(page.blocks)

    def draw(canvas: Canvas) -> None:
        for block in blocks:
            block(canvas)

    label = f"{together(list(page.components))} {number}/{total}"
    return Page(page.frame, draw, label, dict(page.components), trim=bounds(page.trims), bleed=bounds(page.bleeds))
