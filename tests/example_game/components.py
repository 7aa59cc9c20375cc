"""What Updraft prints: the column's track and one balloon token per seat; the state picture and a map preview."""

from __future__ import annotations

from example_game.model import Column, UpdraftData, load_data, load_map
from example_game.state import UpdraftState
from pnp.games.spec import KitRequest
from pnp.loader import Loaded
from pnp.printing import art
from pnp.printing.art import Art
from pnp.printing.canvas import Canvas, Drawing
from pnp.printing.parts import Board, Face, Kit, KitDocument, Token, TokenSheet

STEP = 15.0  # mm between altitudes on the track
ART_KEYS: dict[str, str] = {"sky": "a picture behind the column's track, over the whole board"}


def kit(request: KitRequest) -> Kit:
    """The board (with the designer's picture for the art box ``sky`` behind it, if any) and the tokens; the
    toolkit places them on pages."""
    sky = art.chosen(request.art, ART_KEYS, "Updraft").get("sky")  # a key Updraft lacks is refused
    data = load_data()
    tokens = tuple(Token(f"balloon {seat + 1}", _token(colour)) for seat, colour in enumerate(data.colours))
    board = Board("track", track(data, load_map(request.map_path).value, sky=sky))
    parts = (board, TokenSheet("balloons", "round", 20.0, tokens))
    return Kit("updraft", "Updraft", (KitDocument("updraft", parts),))


def track(data: UpdraftData, column: Column, state: UpdraftState | None = None, sky: Art | None = None) -> Drawing:
    """The column's track from the ground (0) to the top, with the balloons where ``state`` has them, over the
    picture ``sky`` if given."""
    height = STEP * (column.top + 1) + 10

    def draw(c: Canvas) -> None:
        if sky is not None:
            c.image(0, 0, 70, height, sky)
        for altitude in range(column.top + 1):
            y = height - 10 - altitude * STEP
            c.rect(5, y - STEP, 60, STEP, stroke="#555555")
            c.text(8, y - 4, str(altitude), size=9)
        if state is not None:
            for seat, altitude in enumerate(state.altitude):
                y = height - 10 - min(altitude, column.top) * STEP - STEP / 2
                _balloon(c, 25 + seat * 12, y, data.colours[seat])

    return Drawing(70, height, draw)


def picture(state: UpdraftState, viewer: str | None) -> Drawing:
    """The track with every balloon (nothing on it is secret), and a legend of whose balloon is whose."""
    board = track(state.data, state.column, state)

    def draw(c: Canvas) -> None:
        board.draw(c)
        with c.group(0, board.height, name="legend"):
            for seat, name in enumerate(state.players):
                c.circle(10, 4 + seat * 8, 3, fill=state.data.colours[seat])
                c.text(16, 7 + seat * 8, f"{name}'s balloon", size=9)

    return Drawing(board.width, board.height + 8 * len(state.players), draw)


def preview(loaded: Loaded[Column]) -> Drawing:
    """A custom column as ``pnp map preview`` draws it: its empty track."""
    return track(load_data(), loaded.value)


def _token(colour: str) -> Face:
    """A balloon token's face in ``colour``."""

    def draw(c: Canvas) -> None:
        _balloon(c, 10, 10, colour)

    return Face(draw)


def _balloon(c: Canvas, x: float, y: float, colour: str) -> None:
    c.circle(x, y, 5, fill=colour)
