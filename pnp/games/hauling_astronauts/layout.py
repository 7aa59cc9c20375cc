"""Where everything sits on the one-page kit (mm, origin top-left), derived from the data's sizes.

The page, top to bottom: a title line, the band of pieces to cut out (player 1's
transports, player 2's, the two bonus-die markers, a score marker per player and a turn summary), then the
board: Available and Booked, the loading docks around the 3x3 Confirmed grid with
the six destination docks beside it, and the two scoring tracks.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pnp.games.hauling_astronauts.model import HaulingData
from pnp.games.hauling_astronauts.notation import SIZE
from pnp.games.hauling_astronauts.scoring import highest_score
from pnp.printing.paper import Rect

WIDTH = 196.0  # fits the printable width of both A4 (200 mm) and Letter (205.9 mm)
TITLE = 10.0
GAP = 5.0
DICE_AREA = 26.0
MARKER = 16.0
SCORE_MARKER = 8.5  # covers most of a track cell (7.8 x 6 mm), so the score under it is plain
TRACK_CELL = 5.5  # narrowest track cell
TRACK_ROW = 6.0
TRACK_LABEL = 4.5
DOCK_COLUMNS = 3


@dataclass(frozen=True)
class Layout:
    """Positions of the kit's parts: ``space`` is a grid space's side, ``length`` a transport's length."""

    space: float
    length: float
    track_max: int

    @classmethod
    def of(cls, data: HaulingData) -> Layout:
        return cls(data.space_mm, data.transport_length_mm, highest_score(data))

    # -- the band of pieces to cut out --
    @cached_property
    def band(self) -> Rect:
        """The cut-out band under the title."""
        return Rect(0, TITLE, WIDTH, max(SIZE * self.space, 2 * self.length))

    def cut_piece(self, player: int, index: int) -> Rect:
        """Transport ``index`` (0..5) of ``player`` in the cut-out band, laid out as it is played."""
        s, length, band = self.space, self.length, self.band
        if player == 0:  # landscape, 2 columns x 3 rows
            column, row = divmod(index, SIZE)
            return Rect(column * length, band.y + row * s, length, s)
        column, row = index % SIZE, index // SIZE  # portrait, 3 columns x 2 rows
        return Rect(2 * length + GAP + column * s, band.y + row * length, s, length)

    def marker(self, which: int) -> Rect:
        """The gold (0) or red (1) bonus-die marker."""
        x = 2 * self.length + 2 * GAP + SIZE * self.space + which * (MARKER + GAP)
        return Rect(x, self.band.y, MARKER, MARKER)

    def score_marker(self, player: int) -> Rect:
        """Player ``player``'s score marker, right of the bonus-die markers."""
        x = self.marker(1).right + GAP + player * (SCORE_MARKER + 3)
        return Rect(x, self.band.y + (MARKER - SCORE_MARKER) / 2, SCORE_MARKER, SCORE_MARKER)

    @cached_property
    def summary(self) -> Rect:
        """The turn summary beside the markers."""
        x = self.marker(0).x
        y = self.band.y + MARKER + 3
        return Rect(x, y, WIDTH - x, self.band.bottom - y)

    # -- the board --
    @cached_property
    def board_top(self) -> float:
        return self.band.bottom + GAP + 2

    def dice_area(self, which: int) -> Rect:
        """Available (0) or Booked (1)."""
        w = (WIDTH - GAP) / 2
        return Rect(which * (w + GAP), 0, w, DICE_AREA)

    @cached_property
    def corner(self) -> Rect:
        """The square above player 1's docks and left of player 2's: the legend."""
        return Rect(0, DICE_AREA + GAP, self.length, self.length)

    @cached_property
    def grid(self) -> Rect:
        """The 3x3 Confirmed grid."""
        corner = self.corner
        return Rect(corner.right, corner.bottom, SIZE * self.space, SIZE * self.space)

    def grid_space(self, index: int) -> Rect:
        """Space ``index`` (row-major: a1 b1 c1 a2 ...)."""
        row, column = divmod(index, SIZE)
        return Rect(self.grid.x + column * self.space, self.grid.y + row * self.space, self.space, self.space)

    def loading_dock(self, player: int, strip: int) -> Rect:
        """Player 1's docks sit left of the rows; player 2's above the columns."""
        grid, s = self.grid, self.space
        if player == 0:
            return Rect(0, grid.y + strip * s, self.length, s)
        return Rect(grid.x + strip * s, self.corner.y, s, self.length)

    def destination(self, index: int) -> Rect:
        """Destination dock d1..d6, in three columns beside the grid."""
        left = self.grid.right + GAP
        rows = 2
        w = (WIDTH - left - (DOCK_COLUMNS - 1) * 3) / DOCK_COLUMNS
        h = (self.grid.bottom - self.corner.y - (rows - 1) * 3) / rows
        row, column = divmod(index, DOCK_COLUMNS)
        return Rect(left + column * (w + 3), self.corner.y + row * (h + 3), w, h)

    @cached_property
    def track_rows(self) -> int:
        return -(-(self.track_max + 1) // int(WIDTH / TRACK_CELL))

    @cached_property
    def track_columns(self) -> int:
        """Cells per row: the rows share the scores evenly, each row starting at a multiple of 5."""
        even = -(-(self.track_max + 1) // self.track_rows)
        return min(-(-even // 5) * 5, int(WIDTH / TRACK_CELL)) if self.track_rows > 1 else even

    @cached_property
    def track_height(self) -> float:
        return TRACK_LABEL + self.track_rows * TRACK_ROW

    def track(self, player: int) -> Rect:
        """A player's scoring track (label line included)."""
        y = self.grid.bottom + GAP + player * (self.track_height + 2)
        return Rect(0, y, WIDTH, self.track_height)

    def track_cell(self, player: int, score: int) -> Rect:
        """The cell showing ``score`` on a player's track."""
        track = self.track(player)
        row, column = divmod(score, self.track_columns)
        w = WIDTH / self.track_columns
        return Rect(column * w, track.y + TRACK_LABEL + row * TRACK_ROW, w, TRACK_ROW)

    @cached_property
    def board_height(self) -> float:
        return self.track(1).bottom

    @cached_property
    def page_height(self) -> float:
        return self.board_top + self.board_height
