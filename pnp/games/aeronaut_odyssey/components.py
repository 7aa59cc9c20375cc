"""Aeronaut Odyssey's print kit, state picture and map preview."""

from __future__ import annotations

from pnp.games.aeronaut_odyssey import rules_sheet, screen
from pnp.games.aeronaut_odyssey.draw import INK, draw_map
from pnp.games.aeronaut_odyssey.mapgen import Knobs, generate
from pnp.games.aeronaut_odyssey.maps import read
from pnp.games.aeronaut_odyssey.model import AeroMap
from pnp.games.aeronaut_odyssey.spread import board_drawing
from pnp.games.aeronaut_odyssey.state import AeroState
from pnp.games.aeronaut_odyssey.wording import origin_words
from pnp.games.spec import KitRequest
from pnp.loader import Loaded
from pnp.printing import art, fonts
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Board, Kit, KitDocument
from pnp.texts import catalogue

PREVIEW_UNIT = 16.0  # mm per block in a preview
PREVIEW_MARGIN = 10.0


def request_map(request: KitRequest) -> AeroMap:
    """The map a build asks for: a map file, a seed (seed 0 for a size alone), or the built-in map.

    A generated map is the one ``pnp map new`` writes for the same seed, size and players.
    """
    if request.map_path is None and (request.seed is not None or request.knobs):  # as 'pnp ref new --seed' does
        knobs = Knobs(size=request.knobs.get("size", Knobs.size), players=request.players or Knobs.players)
        return generate(request.seed or 0, knobs)
    return read(request.map_path)


def kit(request: KitRequest) -> Kit:
    """One board (the map with writable spaces, the inventories, the rules reminder and the trajectories), the
    rules sheet and a player aid per player.

    ``request.players`` (``pnp build --players N``) prints N players' inventories; without it, the map's own
    ``players`` setting decides.
    """
    art.chosen(request.art, {}, "Aeronaut Odyssey")  # no art boxes: a picture named for one is refused
    board = request_map(request)
    t = catalogue("aeronaut-odyssey", request.language, request.texts)
    return Kit(
        game="aeronaut-odyssey",
        title=t("title"),
        documents=(
            KitDocument("board", (Board(t("board.name"), board_drawing(board, t, request.players)),)),
            KitDocument("rules", rules_sheet.rules(board, t)),
            KitDocument("player-aids", rules_sheet.aids(request.players, t)),
        ),
        footer=t("kit.footer", origin=origin_words(t, board), size=t(f"size.{board.size}")),
        texts=t,
        notes=("Print one board per game: players write in it with pens.",),
        faces=fonts.chosen(request.fonts),
    )


def picture(state: AeroState, viewer: str | None) -> Drawing:
    """The state for a screen: the map with claims and travellers, the players, the trajectories and a legend."""
    return screen.picture(state, viewer)


def preview(loaded: Loaded[AeroMap]) -> Drawing:
    """The map alone with a block grid, coordinates, route names and city positions, for authoring."""
    board = loaded.value
    unit, margin = PREVIEW_UNIT, PREVIEW_MARGIN
    width, height = board.width * unit + 2 * margin, board.height * unit + 2 * margin

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, height, fill="#ffffff", stroke=None)
        with c.group(margin, margin, name="map"):
            draw_map(c, board, unit, labels=True)
            _grid(c, board, unit)

    return Drawing(width, height, draw)


def _grid(c: Canvas, board: AeroMap, unit: float) -> None:
    """The preview's grid of blocks, numbered along two edges (a number of a few digits each)."""
    for x in range(int(board.width) + 1):
        c.line(x * unit, 0, x * unit, board.height * unit, stroke="#9bb7cc", width=0.1, dash=(1, 1))
        c.text(x * unit, -2, str(x), size=6, anchor="middle", fill=INK)
    for y in range(int(board.height) + 1):
        c.line(0, y * unit, board.width * unit, y * unit, stroke="#9bb7cc", width=0.1, dash=(1, 1))
        c.text(-2, y * unit + 1, str(y), size=6, anchor="end", fill=INK)
