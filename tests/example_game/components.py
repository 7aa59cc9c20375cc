"""What Updraft prints: the column's track, one balloon token per seat, the rules sheet and the player aids; the state
picture and a map preview."""

from __future__ import annotations

from functools import partial

from example_game import rules_sheet
from example_game.model import Column, UpdraftData, load_data, load_map
from example_game.state import UpdraftState
from pnp.games.spec import KitRequest
from pnp.loader import Loaded
from pnp.printing import art, fit
from pnp.printing.art import Art
from pnp.printing.canvas import Area, Canvas, Drawing, pieces_of
from pnp.printing.parts import Board, Face, Kit, KitDocument, Token, TokenSheet
from pnp.texts import Catalogue, catalogue, in_english

STEP = 15.0  # mm between altitudes on the track
WIDTH, TITLE = 70.0, 12.0  # mm: the track's width, and the band over it that names the top
SKY = "#dcebf7"
ART_KEYS: dict[str, str] = {"sky": "a picture behind the column's track, over the whole board"}


def kit(request: KitRequest) -> Kit:
    """The board (with the designer's picture for the art box ``sky`` behind it, if any), the tokens, the rules and
    the aids, in the words of the language and texts asked for; the toolkit places them on pages."""
    sky = art.chosen(request.art, ART_KEYS, "Updraft").get("sky")  # a key Updraft lacks is refused
    t = catalogue("updraft", request.language, request.texts)
    data, column = load_data(), load_map(request.map_path)
    drawn = partial(track, data, column.value, t, sky=sky)
    board = Board(t("board.name"), drawn(), fill=lambda width, height: drawn(size=(width, height)))
    tokens = tuple(Token(t("token.balloon", number=n + 1), _token(colour)) for n, colour in enumerate(data.colours))
    balloons = TokenSheet(t("tokens.balloons"), "round", 20.0, tokens, one=t("tokens.balloons.one"))
    documents = (
        KitDocument("track", (board,)),
        KitDocument("rules", rules_sheet.rules(data, t)),
        KitDocument("pieces", (*rules_sheet.aids(data, t), balloons)),  # small parts in a row share their pages
    )
    return Kit("updraft", t("title"), documents, footer=t("kit.footer", digest=column.source.digest[:8]), texts=t)


def track(
    data: UpdraftData,
    column: Column,
    t: Catalogue,
    state: UpdraftState | None = None,
    sky: Art | None = None,
    size: tuple[float, float] | None = None,
) -> Drawing:
    """The column's track from the ground (0) to the top under a line naming the top, with the balloons where
    ``state`` has them (each seat's in its group ``pieces:NAME``), over the picture ``sky`` if given; ``size``: drawn
    that large (``Board.fill``), the track in the middle of a wider sky."""
    height = TITLE + STEP * (column.top + 1) + 10
    width, tall = size or (WIDTH, height)
    left, top = (width - WIDTH) / 2, (tall - height) / 2

    def draw(c: Canvas) -> None:
        c.rect(0, 0, width, tall, fill=SKY, stroke=None)
        if sky is not None:
            c.image(0, 0, width, tall, sky)
        with c.group(left, top):
            fit.line(c, 5, 8, t("board.top"), WIDTH - 10, size=9, part="track", field="board.top")
            for altitude in range(column.top + 1):
                y = height - 10 - altitude * STEP
                c.rect(5, y - STEP, 60, STEP, stroke="#555555")
                c.text(8, y - 4, str(altitude), size=9)
            if state is not None:
                for seat, name in enumerate(state.players):
                    with c.group(name=pieces_of(name)):  # a seat's phone keeps its balloon in sight
                        _balloon(c, 25 + seat * 12, _height(state, seat, height), data.colours[seat])

    return Drawing(width, tall, draw)


def _height(state: UpdraftState, seat: int, height: float) -> float:
    """Where on a track ``height`` mm tall the middle of ``seat``'s balloon is."""
    return height - 10 - min(state.altitude[seat], state.column.top) * STEP - STEP / 2


def picture(state: UpdraftState, viewer: str | None) -> Drawing:
    """The track with every balloon (nothing on it is secret), a legend of whose balloon is whose, in the session's
    words; each seat's phone opens on its balloon and the steps round it."""
    t = state.words
    board = track(state.data, state.column, t, state)

    def draw(c: Canvas) -> None:
        board.draw(c)
        with c.group(0, board.height, name="legend"):
            for seat, name in enumerate(state.players):
                with c.group(name="legend entry"):
                    with c.group(name="legend symbol"):
                        c.circle(10, 4 + seat * 8, 3, fill=state.data.colours[seat])
                    c.text(16, 7 + seat * 8, t("picture.balloon", player=name), size=9)

    seats = tuple((name, _around(state, seat, board.height)) for seat, name in enumerate(state.players))
    return Drawing(board.width, board.height + 8 * len(state.players), draw, seats=seats)


def _around(state: UpdraftState, seat: int, height: float) -> Area:
    """The track across, three steps above and below ``seat``'s balloon."""
    middle = _height(state, seat, height)
    return 0.0, max(middle - 3.5 * STEP, 0.0), WIDTH, 7 * STEP


def preview(loaded: Loaded[Column]) -> Drawing:
    """A custom column as ``pnp map preview`` draws it: its empty track."""
    return track(load_data(), loaded.value, in_english("updraft"))


def _token(colour: str) -> Face:
    """A balloon token's face in ``colour``."""

    def draw(c: Canvas) -> None:
        _balloon(c, 10, 10, colour)

    return Face(draw)


def _balloon(c: Canvas, x: float, y: float, colour: str) -> None:
    c.circle(x, y, 5, fill=colour)
